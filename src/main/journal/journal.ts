import Database from 'better-sqlite3';
import type { Writable } from 'node:stream';
import { chainHead, verifyChain, verifyChainInSlices, type ChainHead } from './chain';
import { reserveTimestamp } from './company-clock';
import { exportDay, exportDayToFolder } from './export';
import { allocateOrderNo } from './order-numbers';
import { openJournalDatabase, openJournalReader } from './open-db';
import * as printJobs from './print-jobs';
import * as queries from './queries';
import * as supervisor from './supervisor-actions';
import { daySummary } from './summary';
import * as txs from './transactions';
import type {
  ChainVerification,
  DaySummary,
  ExchangeInput,
  ExchangeRecord,
  ExportOptions,
  ExportResult,
  IssueInput,
  JournalCounts,
  ListFilter,
  NewPrintJob,
  NewTransaction,
  PrintAttempt,
  PrintJobRecord,
  QrDisplayInput,
  ReasonInput,
  RejectionInput,
  ResolutionInput,
  ResubmitChanges,
  SupervisorActionInput,
  SupervisorActionRecord,
  TransactionDetail,
  TransactionListItem,
  TransactionRecord,
} from './types';

export * from './types';
export { JournalError, STATE_LABELS } from './errors';
export { formatOrderNo, parseOrderNo } from './order-numbers';

export interface JournalOptions {
  /** The journal's clock for record times when an input gives none (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * The offline transaction journal: the one place a sale's invoice state lives (SQLite, WAL,
 * synchronous=FULL; no SQL outside this folder). Every state change appends a hash-chained entry
 * and updates the derived state row in one write transaction, committed to disk before the call
 * returns. Methods throw `JournalError` (bilingual) on bad input or a refused move; nothing is
 * changed then.
 *
 * The checkout engine's order: `nextOrderNo` → build Data → `begin` → `reserveTimestamp` → send
 * → `recordExchange` → `markIssued` | `markRejected` | `markNotDelivered` | `markNeedsVerification`.
 */
export class Journal {
  private readonly now: () => Date;

  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
    options: JournalOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Opens (creating and migrating when needed) the journal file. Does not recover: call `recoverInFlight`. */
  static open(path: string, options: JournalOptions = {}): Journal {
    return new Journal(openJournalDatabase(path), path, options);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ------------------------------------------------------------------ numbers and clock

  /** The next order number for this till on the Taipei business day of `instant`, durably reserved. */
  nextOrderNo(tillId: string, instant: Date = this.now()): string {
    return this.write(() => allocateOrderNo(this.db, tillId, instant));
  }

  /** max(now, last + 1) for this company as a decimal string, stored before it is returned. */
  reserveTimestamp(
    companyId: string,
    nowEpochSeconds: number = Math.floor(this.now().getTime() / 1000),
  ): string {
    return this.write(() => reserveTimestamp(this.db, companyId, nowEpochSeconds));
  }

  // ------------------------------------------------------------------ transactions

  /** Writes the sale BEFORE its request is sent: state `in-flight`, attempt 1. */
  begin(tx: NewTransaction): TransactionRecord {
    return this.write(() => txs.begin(this.db, tx, this.now()));
  }

  /** Every HTTP exchange (or transport failure) as its own record; does not change the state. */
  recordExchange(orderNo: string, exchange: ExchangeInput): ExchangeRecord {
    return this.write(() => txs.recordExchange(this.db, orderNo, exchange, this.now()));
  }

  /** in-flight → issued, with the issue result (PrintDataString raw, even when it does not parse). */
  markIssued(orderNo: string, issue: IssueInput): TransactionRecord {
    return this.write(() => txs.markIssued(this.db, orderNo, issue, this.now()));
  }

  /** in-flight → rejected (StatusCode 0: nothing issued). */
  markRejected(orderNo: string, rejection: RejectionInput): TransactionRecord {
    return this.write(() => txs.markRejected(this.db, orderNo, rejection, this.now()));
  }

  /** in-flight → not-delivered (the request surely never reached the service). */
  markNotDelivered(orderNo: string, reason: ReasonInput): TransactionRecord {
    return this.write(() => txs.markOpen(this.db, orderNo, 'not-delivered', reason, this.now()));
  }

  /** in-flight → needs-verification (may have issued: a person checks the provider's channel). */
  markNeedsVerification(orderNo: string, reason: ReasonInput): TransactionRecord {
    return this.write(() => txs.markOpen(this.db, orderNo, 'needs-verification', reason, this.now()));
  }

  /** Donate/bind: whether the QrCodeUrl was shown (issued transactions only). */
  recordQrDisplay(orderNo: string, display: QrDisplayInput): TransactionDetail['qrDisplays'][number] {
    return this.write(() => txs.recordQrDisplay(this.db, orderNo, display, this.now()));
  }

  /** needs-verification → issued (with the invoice number found) or not-issued, with who and when. */
  resolve(orderNo: string, resolution: ResolutionInput): TransactionRecord {
    return this.write(() => txs.resolve(this.db, orderNo, resolution, this.now()));
  }

  /** rejected | not-delivered | not-issued → in-flight, SAME order number, attempt + 1. Else refused. */
  resubmit(
    orderNo: string,
    options: { by?: string; at?: Date; changes?: ResubmitChanges } = {},
  ): TransactionRecord {
    return this.write(() => txs.resubmit(this.db, orderNo, options, this.now()));
  }

  /** At startup: every in-flight transaction left by a crash becomes needs-verification; returns them. */
  recoverInFlight(at: Date = this.now()): TransactionRecord[] {
    return this.write(() => txs.recoverInFlight(this.db, at));
  }

  get(orderNo: string): TransactionRecord | null {
    return queries.get(this.db, orderNo);
  }

  /** One transaction with its exchanges, issue result, QR displays, print jobs and entries. */
  detail(orderNo: string): TransactionDetail | null {
    return queries.detail(this.db, orderNo);
  }

  list(filter: ListFilter): TransactionListItem[] {
    return queries.list(this.db, filter);
  }

  /** The needs-verification list, oldest first. */
  pending(): TransactionRecord[] {
    return queries.pending(this.db);
  }

  counts(): JournalCounts {
    return queries.counts(this.db);
  }

  // ------------------------------------------------------------------ supervisor actions

  /** Who did what with the supervisor PIN: one chained entry, written before the call returns. */
  recordSupervisorAction(action: SupervisorActionInput, at: Date = this.now()): SupervisorActionRecord {
    return this.write(() => supervisor.recordSupervisorAction(this.db, action, at));
  }

  /** Supervisor actions, newest first (at most `limit`, default 200). */
  supervisorActions(options: { limit?: number } = {}): SupervisorActionRecord[] {
    return supervisor.listSupervisorActions(this.db, options.limit ?? 200);
  }

  // ------------------------------------------------------------------ print jobs

  createPrintJob(job: NewPrintJob): PrintJobRecord {
    return this.write(() => printJobs.createPrintJob(this.db, job, this.now()));
  }

  /** Success → `printed`; failure → stays `pending` with the reason. A printed job is not printed again. */
  recordPrintAttempt(jobId: number, attempt: PrintAttempt, at: Date = this.now()): PrintJobRecord {
    return this.write(() => printJobs.recordPrintAttempt(this.db, jobId, attempt, at));
  }

  getPrintJob(jobId: number): PrintJobRecord | null {
    return printJobs.getPrintJob(this.db, jobId);
  }

  pendingPrintJobs(): PrintJobRecord[] {
    return printJobs.pendingPrintJobs(this.db);
  }

  /** An order's print jobs, oldest first (the preview by order number reads the latest). */
  printJobsFor(orderNo: string): PrintJobRecord[] {
    return printJobs.printJobsFor(this.db, orderNo);
  }

  /** True once a proof of this order has printed: the next one is 電子發票證明聯補印. */
  hasPrintedProof(orderNo: string): boolean {
    return printJobs.hasPrintedProof(this.db, orderNo);
  }

  // ------------------------------------------------------------------ end of day, integrity

  summary(options: { businessDay: string; tillId?: string }): DaySummary {
    return daySummary(this.db, options, this.now());
  }

  /** Streams one business day (one row per transaction) to `out`; memory stays flat. */
  exportDay(options: ExportOptions, out: Writable): Promise<ExportResult> {
    return exportDay(this.path, options, out, this.now());
  }

  /** Writes `journal-<day>[-<till>].<csv|json>` (CSV: plus `…-summary.csv`) into `folder`. */
  exportDayToFolder(
    options: ExportOptions,
    folder: string,
  ): Promise<ExportResult & { file: string; summaryFile: string | null }> {
    return exportDayToFolder(this.path, options, folder, this.now());
  }

  verifyChain(): ChainVerification {
    return verifyChain(this.db);
  }

  /**
   * The chain check for the till's own screens: on a read-only snapshot of the file, in slices,
   * so sales go on while it runs. (An in-memory journal has no file to share: checked at once.)
   */
  async verifyChainInBackground(): Promise<ChainVerification> {
    if (this.path === ':memory:') return verifyChain(this.db);
    const reader = openJournalReader(this.path);
    try {
      reader.exec('BEGIN'); // one snapshot: entries and rows as they were when the check began
      return await verifyChainInSlices(reader);
    } finally {
      reader.close();
    }
  }

  chainHead(): ChainHead {
    return chainHead(this.db);
  }

  /**
   * Several journal calls as ONE write transaction: one commit (one fsync), all or nothing. The
   * calls inside nest as savepoints. (Added for the checkout engine: order number + transaction
   * + timestamp before the request, exchange + outcome after it.)
   */
  batch<T>(fn: () => T): T {
    return this.write(fn);
  }

  /** One write transaction holding SQLite's write lock from the start (BEGIN IMMEDIATE). */
  private write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }
}

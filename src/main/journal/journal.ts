import Database from 'better-sqlite3';
import type { InvoiceStatus, InvoiceStatusFilter } from '../../shared/domain';
import {
  attachChainKey,
  chainHead,
  findHeadOnChain,
  TAIL_ENTRIES,
  verifyChain,
  verifyChainInSlices,
  verifyChainTail,
  type ChainHead,
  type ChainKeying,
  type ExpectedHead,
} from './chain';
import { reserveTimestamp } from './company-clock';
import { daySnapshot, type DaySnapshot } from './day-snapshot';
import { allocateOrderNo } from './order-numbers';
import { openJournalDatabase, readSnapshot } from './open-db';
import { statement } from './statements';
import * as cloudPrint from './cloud-print';
import * as invoiceMode from './invoice-mode';
import * as printJobs from './print-jobs';
import * as queries from './queries';
import * as returnQueries from './return-queries';
import * as reconciliationRuns from './reconciliation-runs';
import * as returns from './returns';
import * as shifts from './shift-entries';
import * as supervisor from './supervisor-actions';
import { daySummary } from './summary';
import * as txs from './transactions';
import type {
  ChainVerification,
  DaySummary,
  ExchangeInput,
  ExchangeRecord,
  IssueInput,
  JournalCounts,
  ListFilter,
  NewPrintJob,
  NewReturn,
  NewTransaction,
  PrintAttempt,
  PrintJobRecord,
  QrDisplayInput,
  ReasonInput,
  ReconciliationRunInput,
  ReconciliationRunRecord,
  RejectionInput,
  ResolutionInput,
  ResubmitChanges,
  ReturnDetail,
  ReturnDoneInput,
  ReturnedLine,
  ReturnExchangeInput,
  ReturnExchangeRecord,
  ReturnRecord,
  ReturnResolutionInput,
  SaleVoidState,
  ShiftEntryKind,
  SupervisorActionInput,
  SupervisorActionRecord,
  TransactionDetail,
  TransactionListItem,
  TransactionRecord,
  TillKeyPin,
} from './types';

export * from './types';
export { JournalError, RETURN_KIND_LABELS, RETURN_STATE_LABELS, STATE_LABELS } from './errors';
export { formatOrderNo, parseOrderNo } from './order-numbers';
export type {
  BlankOp,
  BlankProgress,
  BlankRangeRecord,
  BlankState,
  InvoiceModeCall,
  InvoiceModeSegmentRecord,
  NewInvoiceModeSegment,
  OfflineInvoiceRecord,
  OfflineIssueInput,
  OfflineIssueResult,
  SplitRequest,
  UploadAnswer,
  UploadState,
} from './invoice-mode';
export type { CloudPrintJobRecord, CloudPrintState, CloudReprintCall, NewCloudPrintJob } from './cloud-print';
export type { EntryRange, RangeReturn, RangeSale, ShiftEntry, ShiftEntryPayload } from './shift-entries';

export interface JournalOptions {
  /** The journal's clock for record times when an input gives none (tests pass a fixed one). */
  now?: () => Date;
  /**
   * The till's chain key (32 random bytes from its secret store): entries are HMAC-chained with
   * it from the first open that has one on (chain.ts). Without it a journal never keyed stays
   * plain SHA-256, and a keyed one can be read and its links checked but not written.
   */
  chainKey?: Buffer;
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
  private readonly chainKey: Buffer | null;
  private readonly keying: ChainKeying;

  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
    options: JournalOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.chainKey = options.chainKey ?? null;
    this.transaction = db.transaction((fn: () => unknown) => fn()).immediate;
    try {
      this.keying = attachChainKey(db, this.chainKey, this.now());
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Opens (creating and migrating when needed) the journal file. Does not recover: call `recoverInFlight`. */
  static open(path: string, options: JournalOptions = {}): Journal {
    return new Journal(openJournalDatabase(path), path, options);
  }

  /**
   * The till keys pinned by store reconciliations (`reconciliation.till-key` records, oldest
   * first): the first pin of a till id is the one that counts.
   */
  tillKeyPins(): TillKeyPin[] {
    return supervisor.listTillKeyPins(this.db);
  }

  /** Where the keyed chain starts, whether this journal holds its key, and whether this open recorded the start. */
  chainKeying(): ChainKeying {
    return { ...this.keying };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ------------------------------------------------------------------ numbers and clock

  /** The next order number for this till on the Taipei business day of `instant`, durably reserved. */
  nextOrderNo(tillId: string, instant: Date = this.now()): string {
    return this.write(() => allocateOrderNo(this.db, tillId, instant));
  }

  /**
   * max(now, last + 1) for this company as a decimal string, stored before it is returned; a
   * stored one beyond the window (the clock was ahead) restarts from now (company-clock.ts).
   * `windowSeconds` is the provider's acceptance window (the adapter passes it; 300 s by profile §1).
   */
  reserveTimestamp(
    companyId: string,
    nowEpochSeconds: number = Math.floor(this.now().getTime() / 1000),
    windowSeconds = 300,
  ): string {
    return this.write(() => reserveTimestamp(this.db, companyId, nowEpochSeconds, windowSeconds));
  }

  // ------------------------------------------------------------------ transactions

  /** Writes the sale BEFORE its request is sent: state `in-flight`, attempt 1. */
  begin(tx: NewTransaction): TransactionRecord {
    return this.write(() => txs.begin(this.db, tx, this.now()));
  }

  /**
   * `begin` on the sale's path, for the checkout engine alone: a sale it built from an order
   * `prepareOrder` accepted, so its shape is not checked a second time (the boundary checked the
   * order: the IPC contract, then the shared validators); what ties the record together (order
   * number, till, total) still is, and everything else `begin` refuses it refuses.
   */
  beginPrepared(tx: NewTransaction): TransactionRecord {
    return this.write(() => txs.begin(this.db, tx, this.now(), { shapeChecked: true }));
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

  /**
   * At startup: every in-flight transaction left by a crash becomes needs-verification; returns
   * them. In-flight returns (voids, allowances) are recovered in the same write (listed by
   * `pendingReturns`; `recoverInFlightReturns` recovers them alone and returns them).
   */
  recoverInFlight(at: Date = this.now()): TransactionRecord[] {
    return this.write(() => {
      returns.recoverInFlightReturns(this.db, at);
      return txs.recoverInFlight(this.db, at);
    });
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

  /** The day's list with each invoice as it stands now (voided, allowed, reissued), filtered by it. */
  listWithStatus(filter: ListFilter & { status?: InvoiceStatusFilter }): queries.StatusListItem[] {
    return queries.listWithStatus(this.db, filter);
  }

  /** One sale's invoice as it stands now (the shared rule over its returns); null if unknown. */
  invoiceStatus(orderNo: string): InvoiceStatus | null {
    return queries.invoiceStatusOf(this.db, orderNo);
  }

  /** The needs-verification list, oldest first. */
  pending(): TransactionRecord[] {
    return queries.pending(this.db);
  }

  counts(): JournalCounts {
    return queries.counts(this.db);
  }

  /** Invoice numbers the journal holds from `first` to `last` (inclusive, one track word). */
  invoiceNumbersBetween(first: string, last: string): Set<string> {
    return queries.invoiceNumbersBetween(this.db, first, last);
  }

  // ------------------------------------------------------------------ returns (void, allowance, allowance void)
  //
  // The engine's order, as for a sale: `beginReturn` (in-flight, before the request) → send →
  // `recordReturnExchange` → `markReturnDone` | `markReturnRejected` | `markReturnNotDelivered` |
  // `markReturnNeedsVerification`. An unknown outcome is settled by the status query or a person
  // (`resolveReturn`); nothing is resent by itself (`resendReturn`, same prefix).

  /**
   * The next allowance number prefix of this till (`T01` → `T010000001`): a journal sequence,
   * durably reserved before it is returned and never handed out again. Till ids of at most 3
   * characters (prefix ≤ 10 characters).
   */
  nextAllowancePrefix(tillId: string): string {
    return this.write(() => returns.allocateAllowancePrefix(this.db, tillId));
  }

  /**
   * Writes a void, an allowance or an allowance void BEFORE its request is sent: state
   * `in-flight`, attempt 1, linked to the sale (issued) by its order and invoice numbers. Refused
   * (bilingual `JournalError`, nothing written): a sale not issued; a second void, or a void with
   * an allowance standing; an allowance on a voided sale (or one with a void in flight), on a line
   * not sold, or beyond what was sold minus what standing allowances returned; refunds not by the
   * sale's methods or not adding up; a reused prefix; an allowance void of an allowance not done
   * or already voided. An allowance without `allowancePrefix` gets the next one of its till.
   */
  beginReturn(input: NewReturn): ReturnRecord {
    return this.write(() => returns.beginReturn(this.db, input, this.now()));
  }

  /** Every standard-API exchange of a return (the status query's too); does not change its state. */
  recordReturnExchange(returnId: number, exchange: ReturnExchangeInput): ReturnExchangeRecord {
    return this.write(() => returns.recordReturnExchange(this.db, returnId, exchange, this.now()));
  }

  /**
   * in-flight → done. An allowance needs its `allowanceNumber` (starting with its prefix; on a
   * `Duplicate AllowanceNumberPrefix` answer, the existing number it carries).
   */
  markReturnDone(returnId: number, done: ReturnDoneInput = {}): ReturnRecord {
    return this.write(() => returns.markReturnDone(this.db, returnId, done, this.now()));
  }

  /** in-flight → rejected (StatusCode 0: nothing made). Final: a new attempt is a new return. */
  markReturnRejected(returnId: number, rejection: RejectionInput): ReturnRecord {
    return this.write(() => returns.markReturnRejected(this.db, returnId, rejection, this.now()));
  }

  /** in-flight → not-delivered (the request surely never reached the service). */
  markReturnNotDelivered(returnId: number, reason: ReasonInput): ReturnRecord {
    return this.write(() => returns.markReturnOpen(this.db, returnId, 'not-delivered', reason, this.now()));
  }

  /** in-flight → needs-verification (it may stand: ask `GetInvoicesStatus` before anything else). */
  markReturnNeedsVerification(returnId: number, reason: ReasonInput): ReturnRecord {
    return this.write(() =>
      returns.markReturnOpen(this.db, returnId, 'needs-verification', reason, this.now()),
    );
  }

  /**
   * needs-verification → done (an allowance: with the number found) or not-done, with who
   * settled it (a person, or `GetInvoicesStatus` as the engine names it) and when.
   */
  resolveReturn(returnId: number, resolution: ReturnResolutionInput): ReturnRecord {
    return this.write(() => returns.resolveReturn(this.db, returnId, resolution, this.now()));
  }

  /**
   * not-delivered | not-done → in-flight: the SAME return, same allowance prefix, attempt + 1,
   * checked again against what stands now. Refused from any other state.
   */
  resendReturn(returnId: number, options: { by?: string; at?: Date } = {}): ReturnRecord {
    return this.write(() => returns.resendReturn(this.db, returnId, options, this.now()));
  }

  /** In-flight returns left by a crash → needs-verification; returns them (also done by `recoverInFlight`). */
  recoverInFlightReturns(at: Date = this.now()): ReturnRecord[] {
    return this.write(() => returns.recoverInFlightReturns(this.db, at));
  }

  getReturn(returnId: number): ReturnRecord | null {
    return returnQueries.getReturn(this.db, returnId);
  }

  /** One return with its exchanges and entries. */
  returnDetail(returnId: number): ReturnDetail | null {
    return returnQueries.returnDetail(this.db, returnId);
  }

  /** A sale's voids, allowances and allowance voids, oldest first. */
  returnsOf(orderNo: string): ReturnRecord[] {
    return returnQueries.returnsOf(this.db, orderNo);
  }

  /** The allowance with this AllowanceNumber (what `cancel-allowance` is given), or null. */
  returnByAllowanceNumber(allowanceNumber: string): ReturnRecord | null {
    return returnQueries.returnByAllowanceNumber(this.db, allowanceNumber);
  }

  /** The allowance sent under this prefix, or null. */
  returnByAllowancePrefix(prefix: string): ReturnRecord | null {
    return returnQueries.returnByAllowancePrefix(this.db, prefix);
  }

  /**
   * Per line of the sale (`001`, …): sold, already returned and what remains, counting allowances
   * done, in flight or needing verification, not rejected, not-delivered, not-done or voided ones.
   */
  returnedLines(orderNo: string): ReturnedLine[] {
    return returnQueries.returnedLines(this.db, orderNo);
  }

  /** `voided` (a void is done), `pending` (one in flight or needing verification) or `none`. */
  voidState(orderNo: string): SaleVoidState {
    return returnQueries.voidStateOf(this.db, orderNo);
  }

  /** Returns that need verification (the journal screen), oldest first. */
  pendingReturns(): ReturnRecord[] {
    return returnQueries.pendingReturns(this.db);
  }

  /** 改開 voids whose new invoice is still owed, oldest first (`ReturnReissue.owed`). */
  owedReissues(): ReturnRecord[] {
    return returnQueries.owedReissues(this.db);
  }

  /** The sale of an invoice number (`AB12345678` or `AB-12345678`, as the proof carries it), or null. */
  findByInvoiceNumber(invoiceNumber: string): TransactionRecord | null {
    return returnQueries.findByInvoiceNumber(this.db, invoiceNumber);
  }

  /** Issued sales of a business day with this total (at most 200), oldest first. */
  findByDayAndAmount(options: {
    businessDay: string;
    totalAmount: number;
    tillId?: string;
  }): TransactionListItem[] {
    return returnQueries.findByDayAndAmount(this.db, options);
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

  // ------------------------------------------------------------------ reconciliation runs

  /** What one reconciliation with the provider checked and found: one chained entry. */
  recordReconciliationRun(run: ReconciliationRunInput, at: Date = this.now()): ReconciliationRunRecord {
    return this.write(() => reconciliationRuns.recordReconciliationRun(this.db, run, at));
  }

  /** Reconciliation runs, newest first (at most `limit`, default 50). */
  reconciliationRuns(options: { limit?: number } = {}): ReconciliationRunRecord[] {
    return reconciliationRuns.listReconciliationRuns(this.db, options.limit ?? 50);
  }

  // ------------------------------------------------------------------ cashiers, shifts, Z reports
  //
  // Entries of their own with no order number (shift-entries.ts checks their payloads); the
  // shifts capability reads them back and reads a shift's sales and returns by the range of
  // entries between its opening and its closing. A check and its write go in one `batch`.

  /** One cashier / session / shift / Z entry, checked, chained, written before the call returns. */
  appendShiftEntry<K extends ShiftEntryKind>(
    kind: K,
    payload: shifts.ShiftEntryPayload<K>,
    at: Date = this.now(),
  ): shifts.ShiftEntry<K> {
    return this.write(() => shifts.appendShiftEntry(this.db, kind, payload, at));
  }

  /** Entries of these kinds, oldest first or the newest `limit` (one till's, one day's, when given). */
  shiftEntries<K extends ShiftEntryKind>(options: {
    kinds: readonly K[];
    tillId?: string;
    businessDay?: string;
    afterEntryId?: number;
    newestFirst?: boolean;
    limit?: number;
  }): shifts.ShiftEntry<K>[] {
    return shifts.listShiftEntries(this.db, options);
  }

  /** The till's sales begun between two entries, as they stand now. */
  salesInRange(range: shifts.EntryRange): shifts.RangeSale[] {
    return shifts.salesInRange(this.db, range);
  }

  /** The till's returns begun between two entries, as they stand now. */
  returnsInRange(range: shifts.EntryRange): shifts.RangeReturn[] {
    return shifts.returnsInRange(this.db, range);
  }

  /** Sales and returns of the till whose request is under way (`in-flight`). */
  inFlightAt(tillId: string): { sales: number; returns: number } {
    return shifts.inFlightAt(this.db, tillId);
  }

  // ------------------------------------------------------------------ invoice mode (issue 27)

  /** Keeps a segment the provider split off for this till (refused when it overlaps one held). */
  addInvoiceModeSegment(segment: invoiceMode.NewInvoiceModeSegment): invoiceMode.InvoiceModeSegmentRecord {
    return this.write(() => invoiceMode.addSegment(this.db, segment, this.now()));
  }

  invoiceModeSegments(filter: {
    companyId: string;
    training: boolean;
    periodCode?: string;
  }): invoiceMode.InvoiceModeSegmentRecord[] {
    return invoiceMode.invoiceModeSegments(this.db, filter);
  }

  /** The offline invoices of these sales (the journal screen's 離線開立 and upload state). */
  offlineInvoicesOf(orderNos: readonly string[]): invoiceMode.OfflineInvoiceRecord[] {
    return invoiceMode.offlineInvoicesOf(this.db, orderNos);
  }

  /** The next number, the sale issued, its random code, its offline record and proof job: one commit. */
  issueOffline(input: invoiceMode.OfflineIssueInput): invoiceMode.OfflineIssueResult {
    return this.write(() => invoiceMode.issueOffline(this.db, input, this.now()));
  }

  offlineInvoices(filter?: {
    state?: invoiceMode.UploadState;
    limit?: number;
  }): invoiceMode.OfflineInvoiceRecord[] {
    return invoiceMode.offlineInvoices(this.db, filter);
  }

  /** The Z report's offline-issued invoices of a day (journal/invoice-mode.ts `offlineIssuedOn`). */
  offlineIssuedOn(filter: { businessDay: string; tillId: string; training: boolean }): {
    count: number;
    amount: number;
    waitingUpload: number;
  } {
    return invoiceMode.offlineIssuedOn(this.db, filter);
  }

  recordOfflineUpload(
    answers: readonly invoiceMode.UploadAnswer[],
    at: Date = this.now(),
  ): invoiceMode.OfflineInvoiceRecord[] {
    return this.write(() => invoiceMode.recordUpload(this.db, answers, at));
  }

  /** An upload batch written ahead (provider-ops' invoice-mode kind). */
  beginOfflineUpload(invoiceNumbers: readonly string[], at: Date = this.now()): invoiceMode.InvoiceModeCall {
    return this.write(() => invoiceMode.beginUpload(this.db, invoiceNumbers, at));
  }

  /** Of these waiting offline invoices, those an earlier upload call carried (see invoice-mode.ts). */
  offlineSentBefore(invoiceNumbers: readonly string[]): Set<string> {
    return invoiceMode.sentBefore(this.db, invoiceNumbers);
  }

  /** A segment split written ahead (provider-ops' invoice-mode kind). */
  beginSegmentSplit(request: invoiceMode.SplitRequest, at: Date = this.now()): invoiceMode.InvoiceModeCall {
    return this.write(() => invoiceMode.beginSplit(this.db, request, at));
  }

  recordInvoiceModeExchange(
    call: invoiceMode.InvoiceModeCall,
    exchange: Record<string, unknown>,
    at: Date = this.now(),
  ): void {
    this.write(() => invoiceMode.recordCallExchange(this.db, call, exchange, at));
  }

  recordInvoiceModeFailure(
    call: invoiceMode.InvoiceModeCall,
    failure: { state: 'not-delivered' | 'unknown' | 'rejected'; reason: string },
    at: Date = this.now(),
  ): void {
    this.write(() => invoiceMode.recordCallFailure(this.db, call, failure, at));
  }

  /** A segment's blank report as its entries tell it (provider-ops' blank kind, the CLI). */
  blankProgress(segmentId: number): invoiceMode.BlankProgress {
    return invoiceMode.blankProgress(this.db, segmentId);
  }

  /** A blank-report call written ahead; the segment's numbers are no longer used from this commit on. */
  beginBlankReport(
    input: { segmentId: number; op: invoiceMode.BlankOp; retryRefused?: boolean },
    at: Date = this.now(),
  ): ReturnType<typeof invoiceMode.beginBlank> {
    return this.write(() => invoiceMode.beginBlank(this.db, input, at));
  }

  recordBlankAnswer(
    call: { callId: number; segmentId: number; op: invoiceMode.BlankOp },
    items: Parameters<typeof invoiceMode.recordBlankAnswer>[2],
    at: Date = this.now(),
  ): invoiceMode.BlankProgress {
    return this.write(() => invoiceMode.recordBlankAnswer(this.db, call, items, at));
  }

  /** A segment with nothing (left) to report is reported now; see invoice-mode.ts `settleBlank`. */
  settleBlankReport(segmentId: number, at: Date = this.now()): invoiceMode.BlankProgress {
    return this.write(() => invoiceMode.settleBlank(this.db, segmentId, at));
  }

  markSegmentBlank(
    segmentId: number,
    state: invoiceMode.BlankState,
    message: string | null,
    at: Date = this.now(),
  ): invoiceMode.InvoiceModeSegmentRecord {
    return this.write(() => invoiceMode.markBlank(this.db, segmentId, state, message, at));
  }

  // ------------------------------------------------------------------ cloud print (issue 29)

  /** A job the e-invoice service queued on a cloud printer (in the sale's or the reprint's outcome commit). */
  queueCloudPrintJob(
    job: cloudPrint.NewCloudPrintJob,
    at: Date = this.now(),
  ): cloudPrint.CloudPrintJobRecord {
    return this.write(() => cloudPrint.queueCloudPrintJob(this.db, job, at));
  }

  /** The service's word on a job; null when it did not move (nothing written). */
  recordCloudPrintState(
    printJobId: string,
    state: cloudPrint.CloudPrintState,
    message: string | null,
    at: Date = this.now(),
  ): cloudPrint.CloudPrintJobRecord | null {
    return this.write(() => cloudPrint.recordCloudPrintState(this.db, printJobId, state, message, at));
  }

  openCloudPrintJobs(): cloudPrint.CloudPrintJobRecord[] {
    return cloudPrint.openCloudPrintJobs(this.db);
  }

  cloudPrintJobsFor(orderNo: string): cloudPrint.CloudPrintJobRecord[] {
    return cloudPrint.cloudPrintJobsFor(this.db, orderNo);
  }

  /** A 補印 through the service written ahead (provider-ops' cloud reprint kind). */
  beginCloudReprint(
    input: { orderNo: string; by: string; approvedBy: string | null; reason: string },
    at: Date = this.now(),
  ): cloudPrint.CloudReprintCall {
    return this.write(() => cloudPrint.beginCloudReprint(this.db, input, at));
  }

  recordCloudReprintExchange(
    call: cloudPrint.CloudReprintCall,
    exchange: Record<string, unknown>,
    at: Date = this.now(),
  ): void {
    this.write(() => cloudPrint.recordCloudReprintExchange(this.db, call, exchange, at));
  }

  recordCloudReprintFailure(
    call: cloudPrint.CloudReprintCall,
    failure: { state: 'rejected' | 'not-delivered' | 'unknown'; reason: string },
    at: Date = this.now(),
  ): void {
    this.write(() => cloudPrint.recordCloudReprintFailure(this.db, call, failure, at));
  }

  // ------------------------------------------------------------------ print jobs

  createPrintJob(job: NewPrintJob): PrintJobRecord {
    return this.write(() => printJobs.createPrintJob(this.db, job, this.now()));
  }

  /**
   * Success → `printed`; failure → stays `pending` with the reason. A printed job is not printed
   * again. Not a durable commit of its own (`writeSyncedLater`): a paper sale's path stays at two.
   * Lost in a power cut before the next durable commit, the job is `pending` again and prints
   * again at the next start: what a crash between the printer and this record already does.
   */
  recordPrintAttempt(jobId: number, attempt: PrintAttempt, at: Date = this.now()): PrintJobRecord {
    return this.writeSyncedLater(() => printJobs.recordPrintAttempt(this.db, jobId, attempt, at));
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

  /**
   * `read` over one business day's snapshot (day-snapshot.ts): a read-only connection inside one
   * read transaction, so that what the exports (src/main/exports) write from it (rows, summary,
   * the chain check with this journal's key, a file's name) agrees while the till keeps selling.
   */
  readDay<T>(
    options: { businessDay: string; tillId?: string },
    read: (day: DaySnapshot) => Promise<T>,
  ): Promise<T> {
    const now = this.now();
    return readSnapshot(this.path, (reader) => read(daySnapshot(reader, options, now, this.chainKey)));
  }

  /** The whole chain in one go; `key` checks the HMACs with a key this journal was not opened with (the CLI). */
  verifyChain(key: Buffer | null = this.chainKey): ChainVerification {
    return verifyChain(this.db, key);
  }

  /** The start-up check: the last `entries` entries and the rows of the orders they touch (chain.ts). */
  verifyChainTail(entries: number = TAIL_ENTRIES): ChainVerification {
    return verifyChainTail(this.db, this.chainKey, entries);
  }

  /** A printed head still on the chain (id and hash, or its printed prefix, match), else null. */
  findHeadOnChain(expected: ExpectedHead): ChainHead | null {
    return findHeadOnChain(this.db, expected);
  }

  /**
   * The chain check for the till's own screens: on a read-only snapshot of the file, in slices,
   * so sales go on while it runs. (An in-memory journal has no file to share: checked at once.)
   */
  async verifyChainInBackground(options: { signal?: AbortSignal } = {}): Promise<ChainVerification> {
    if (this.path === ':memory:') return verifyChain(this.db, this.chainKey);
    // One snapshot: entries and rows as they were when the check began.
    return readSnapshot(this.path, (reader) => verifyChainInSlices(reader, this.chainKey, options.signal));
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

  /**
   * Durable commits made through this journal since it was opened (each outermost write
   * transaction is one fsync under synchronous=FULL; `writeSyncedLater` makes none): a sale's
   * path is held to two, and a test counts them so that a third cannot creep back in.
   */
  durableCommits(): number {
    return this.commits;
  }

  private commits = 0;

  /**
   * better-sqlite3's transaction wrapper, made once: `db.transaction(fn)` builds four wrappers per
   * call, several times per sale. Inside a write it runs `fn` in a savepoint (a throw undoes only
   * `fn`'s writes), else in its own transaction.
   */
  private readonly transaction: (fn: () => unknown) => unknown;

  /** One write transaction holding SQLite's write lock from the start (BEGIN IMMEDIATE). */
  private write<T>(fn: () => T): T {
    if (this.db.inTransaction) return this.transaction(fn) as T;
    const result = this.transaction(fn) as T;
    this.commits++;
    return result;
  }

  /**
   * `write` for a record that need not be on disk before the call returns: committed under
   * synchronous=NORMAL, which in WAL mode writes the commit to the WAL without an fsync. The next
   * durable commit's fsync covers the WAL up to its own end, this record included; a power cut
   * before then loses this record alone (WAL frames are checksummed: a torn tail is dropped,
   * never half read). Inside another write it is part of that one. Only for records whose loss is
   * already a case the till handles (a print attempt: the job prints again).
   */
  private writeSyncedLater<T>(fn: () => T): T {
    if (this.db.inTransaction) return this.transaction(fn) as T;
    statement(this.db, 'PRAGMA synchronous = NORMAL').run();
    try {
      return this.transaction(fn) as T;
    } finally {
      statement(this.db, 'PRAGMA synchronous = FULL').run();
    }
  }
}

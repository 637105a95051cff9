import type Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { bodyColumns, type PrintJobRow, type ReturnRow, type TxBody, type TxRow } from './rows';
import { statement } from './statements';
import type { PrintJobKind, ReturnKind, ReturnState, TxState } from './types';

/**
 * The state rows are derived from the entries: what each entry does to its transaction's row and
 * to its print job's row is written here once. The writers apply it to the entry they append,
 * and `verifyChain` replays it over the stored entries, so a row edited behind the chain (an
 * amount, the body a resubmission sends again, a print job that makes the next proof 補印) no
 * longer matches what its entries say.
 */
export interface EntryFacts {
  at: string;
  kind: string;
  orderNo: string | null;
  payload: Record<string, unknown>;
}

/** A `tx.begun` payload: who, where and how, and the body (`begin` in transactions.ts). */
interface BegunPayload extends TxBody {
  state: TxState;
  attempt: number;
  tillId: string;
  companyId: string;
  businessDay: string;
  training: boolean;
  operation: TxRow['operation'];
  cashier: string | null;
}

/**
 * The transaction row after `entry`; `row` is the one before (null for `tx.begun`). Entries that
 * do not touch the row (a print, a QR display) give it back as it was; null when a non-`begun`
 * entry has no row to apply to.
 */
export function nextTxRow(row: TxRow | null, entry: EntryFacts): TxRow | null {
  const p = entry.payload;
  if (entry.kind === 'tx.begun') {
    const begun = p as unknown as BegunPayload;
    const body: TxBody = {
      invoice: begun.invoice,
      lines: begun.lines,
      payments: begun.payments,
      totals: begun.totals,
      requestData: begun.requestData,
      // Only when present, so that the body of every older sale reads back byte for byte.
      ...(begun.reissueOf === undefined ? {} : { reissueOf: begun.reissueOf }),
    };
    return {
      order_no: entry.orderNo!,
      till_id: begun.tillId,
      company_id: begun.companyId,
      business_day: begun.businessDay,
      created_at: entry.at,
      updated_at: entry.at,
      state: begun.state,
      training: begun.training ? 1 : 0,
      operation: begun.operation,
      attempt: begun.attempt,
      exchanges: 0,
      cashier: begun.cashier,
      invoice_number: null,
      invoice_datetime: null,
      random_number: null,
      last_message: null,
      resolution: null,
      ...bodyColumns(body),
    };
  }
  if (row === null) return null;
  // Every other state entry moves the state and the update time.
  const moved = { ...row, state: p.state as TxState, updated_at: entry.at };
  switch (entry.kind) {
    case 'tx.exchange':
      return {
        ...row,
        exchanges: row.exchanges + 1,
        last_message: (p.resultMessage as string | null) ?? row.last_message,
      };
    case 'tx.issued':
      return {
        ...moved,
        invoice_number: p.invoiceNumber as string,
        invoice_datetime: p.invoiceDateTime as string,
        random_number: p.randomNumber as string,
      };
    case 'tx.rejected':
      return { ...moved, last_message: p.resultMessage as string };
    case 'tx.not-delivered':
    case 'tx.needs-verification':
    case 'tx.recovered':
      return { ...moved, last_message: p.reason as string };
    case 'tx.resolved':
      return {
        ...moved,
        invoice_number: p.invoiceNumber as string | null,
        ...(typeof p.randomNumber === 'string' ? { random_number: p.randomNumber } : {}),
        resolution: JSON.stringify({
          outcome: p.outcome,
          by: p.by,
          ...(typeof p.atTill === 'string' ? { atTill: p.atTill } : {}),
          at: p.at,
          invoiceNumber: p.invoiceNumber,
          note: p.note,
        }),
      };
    case 'tx.resubmitted': {
      const changes = p.changes as Partial<TxBody> & { operation?: TxRow['operation'] };
      const body: TxBody = { ...(JSON.parse(row.body) as TxBody), ...changes };
      return {
        ...moved,
        attempt: p.attempt as number,
        operation: changes.operation ?? row.operation,
        invoice_number: null,
        invoice_datetime: null,
        random_number: null,
        resolution: null,
        ...bodyColumns(body),
      };
    }
    default:
      return row;
  }
}

/** The print job row after a `print.*` entry; `job` is the one before (null for `print.created`). */
export function nextPrintJobRow(job: PrintJobRow | null, entry: EntryFacts): PrintJobRow | null {
  const p = entry.payload;
  if (entry.kind === 'print.created') {
    return {
      id: p.jobId as number,
      order_no: entry.orderNo,
      kind: p.kind as PrintJobKind,
      content: p.content as string,
      state: 'pending',
      reprint: p.reprint ? 1 : 0,
      attempts: 0,
      last_error: null,
      created_at: entry.at,
      printed_at: null,
    };
  }
  if (entry.kind !== 'print.attempt' || job === null) return null;
  return {
    ...job,
    attempts: p.attempt as number,
    state: p.state as PrintJobRow['state'],
    last_error: (p.reason as string | null) ?? job.last_error,
    printed_at: p.ok ? entry.at : null,
  };
}

/** A `return.begun` payload: the whole return as written before its request (returns.ts). */
export interface ReturnBegunPayload {
  returnId: number;
  kind: ReturnKind;
  state: ReturnState;
  attempt: number;
  invoiceNumber: string;
  tillId: string;
  companyId: string;
  businessDay: string;
  training: boolean;
  reason: string;
  by: string;
  allowancePrefix: string | null;
  allowanceNumber: string | null;
  targetReturnId: number | null;
  totals: { totalAmount: number; salesAmount: number; taxAmount: number };
  refunds: [string, number][];
  lines: unknown[];
  /** 改開 only: the invoice the void owes (absent on every other return). */
  reissue?: { invoice: Record<string, unknown> };
}

/**
 * The return row after a `return.*` entry; `row` is the one before (null for `return.begun`).
 * Null when a non-`begun` entry has no row to apply to. Like `nextTxRow`, every state entry
 * moves the state and the update time.
 */
export function nextReturnRow(row: ReturnRow | null, entry: EntryFacts): ReturnRow | null {
  const p = entry.payload;
  if (entry.kind === 'return.begun') {
    const begun = p as unknown as ReturnBegunPayload;
    return {
      id: begun.returnId,
      order_no: entry.orderNo!,
      invoice_number: begun.invoiceNumber,
      kind: begun.kind,
      state: begun.state,
      till_id: begun.tillId,
      company_id: begun.companyId,
      business_day: begun.businessDay,
      training: begun.training ? 1 : 0,
      created_at: entry.at,
      updated_at: entry.at,
      attempt: begun.attempt,
      exchanges: 0,
      reason: begun.reason,
      by_name: begun.by,
      allowance_prefix: begun.allowancePrefix,
      allowance_number: begun.allowanceNumber,
      target_id: begun.targetReturnId,
      total_amount: begun.totals.totalAmount,
      sales_amount: begun.totals.salesAmount,
      tax_amount: begun.totals.taxAmount,
      refunds: JSON.stringify(begun.refunds),
      lines: JSON.stringify(begun.lines),
      last_message: null,
      resolution: null,
      reissue:
        begun.reissue === undefined
          ? null
          : JSON.stringify({ invoice: begun.reissue.invoice, orderNo: null }),
    };
  }
  if (row === null) return null;
  // The reissue's new sale: the owed invoice is linked to it; the void's state does not move.
  if (entry.kind === 'return.reissued') {
    if (row.reissue === null) return row;
    const owed = JSON.parse(row.reissue) as { invoice: unknown };
    return { ...row, reissue: JSON.stringify({ invoice: owed.invoice, orderNo: p.reissueOrderNo }) };
  }
  const moved = { ...row, state: p.state as ReturnState, updated_at: entry.at };
  switch (entry.kind) {
    case 'return.exchange':
      return {
        ...row,
        exchanges: row.exchanges + 1,
        last_message: (p.resultMessage as string | null) ?? row.last_message,
      };
    case 'return.done':
      return {
        ...moved,
        allowance_number: (p.allowanceNumber as string | null) ?? row.allowance_number,
        last_message: (p.resultMessage as string | null) ?? row.last_message,
      };
    case 'return.rejected':
      return { ...moved, last_message: p.resultMessage as string };
    case 'return.not-delivered':
    case 'return.needs-verification':
    case 'return.recovered':
      return { ...moved, last_message: p.reason as string };
    case 'return.resolved':
      return {
        ...moved,
        allowance_number: (p.allowanceNumber as string | null) ?? row.allowance_number,
        resolution: JSON.stringify({
          outcome: p.outcome,
          by: p.by,
          at: p.at,
          allowanceNumber: p.allowanceNumber,
          note: p.note,
        }),
      };
    case 'return.resent':
      return { ...moved, attempt: p.attempt as number, resolution: null };
    default:
      return row;
  }
}

/** The first column where a stored row differs from the derived one; `body` compares as JSON. */
function txRowDifference(stored: TxRow, expected: TxRow): keyof TxRow | null {
  for (const column of Object.keys(expected) as (keyof TxRow)[]) {
    const same =
      column === 'body'
        ? isDeepStrictEqual(parseOrNull(stored.body), JSON.parse(expected.body))
        : stored[column] === expected[column];
    if (!same) return column;
  }
  return null;
}

function printJobRowDifference(stored: PrintJobRow, expected: PrintJobRow): keyof PrintJobRow | null {
  return (Object.keys(expected) as (keyof PrintJobRow)[]).find((c) => stored[c] !== expected[c]) ?? null;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where a stored row differs from what its entries say. */
export interface RowDifference {
  orderNo: string | null;
  zh: string;
  en: string;
}

const difference = (orderNo: string | null, zh: string, en: string): RowDifference => ({ orderNo, zh, en });

interface StoredEntry {
  at: string;
  kind: string;
  order_no: string | null;
  payload: string;
}

/**
 * Replays each order's entries (through the index, one order at a time: memory stays flat) and
 * compares its transaction row and print jobs; then the print jobs of no order (`orderless`, from
 * the chain walk) and the rows no entry accounts for. Null when every row is what it should be.
 */
export function* findRowDifference(
  db: Database.Database,
  orderless: ReadonlyMap<number, PrintJobRow>,
): Generator<void, RowDifference | null> {
  const entries = db
    .prepare(
      'SELECT at, kind, order_no, payload FROM entries WHERE order_no IS NOT NULL ORDER BY order_no, id',
    )
    .iterate() as IterableIterator<StoredEntry>;
  let orders = 0;
  let jobsSeen = 0;
  let orderNo: string | null = null;
  let returnsSeen = 0;
  let row: TxRow | null = null;
  let jobs = new Map<number, PrintJobRow>();
  let returns = new Map<number, ReturnRow>();

  const checkOrder = (): RowDifference | null => {
    if (orderNo === null) return null;
    orders++;
    const found = compareOrder(db, orderNo, row, jobs, returns);
    jobsSeen += found.jobsSeen;
    returnsSeen += found.returnsSeen;
    return found.difference;
  };

  let read = 0;
  for (const entry of entries) {
    if (++read % VERIFY_SLICE === 0) yield;
    if (entry.order_no !== orderNo) {
      const found = checkOrder();
      if (found) return found;
      orderNo = entry.order_no;
      row = null;
      jobs = new Map();
      returns = new Map();
    }
    row = replayEntry(entry, orderNo, row, jobs, returns);
  }
  const found = checkOrder();
  if (found) return found;

  const storedOrderless = statement(
    db,
    'SELECT * FROM print_jobs WHERE order_no IS NULL ORDER BY id',
  ).all() as PrintJobRow[];
  jobsSeen += storedOrderless.length;
  const orderlessFound = compareJobs(null, storedOrderless, orderless);
  if (orderlessFound) return orderlessFound;

  if ((statement(db, 'SELECT count(*) FROM transactions').pluck().get() as number) !== orders) {
    return difference(null, '有交易紀錄沒有對應的日誌紀錄', 'A transaction row has no journal entries');
  }
  if ((statement(db, 'SELECT count(*) FROM print_jobs').pluck().get() as number) !== jobsSeen) {
    return difference(null, '有列印工作沒有對應的日誌紀錄', 'A print job row has no journal entries');
  }
  if ((statement(db, 'SELECT count(*) FROM returns').pluck().get() as number) !== returnsSeen) {
    return difference(null, '有退貨紀錄沒有對應的日誌紀錄', 'A return row has no journal entries');
  }
  return null;
}

/**
 * Applies one stored entry to the order's row (returned), or to its print jobs or its returns
 * (updated in place).
 */
function replayEntry(
  entry: StoredEntry,
  orderNo: string | null,
  row: TxRow | null,
  jobs: Map<number, PrintJobRow>,
  returns: Map<number, ReturnRow>,
): TxRow | null {
  const facts = { at: entry.at, kind: entry.kind, orderNo, payload: parsePayload(entry.payload) };
  if (entry.kind.startsWith('return.')) {
    const returnId = facts.payload.returnId as number;
    const next = nextReturnRow(returns.get(returnId) ?? null, facts);
    if (next) returns.set(returnId, next);
    return row;
  }
  if (entry.kind.startsWith('print.')) {
    const jobId = facts.payload.jobId as number;
    const job = nextPrintJobRow(jobs.get(jobId) ?? null, facts);
    if (job) jobs.set(jobId, job);
    return row;
  }
  return nextTxRow(row, facts);
}

/** One order's stored row, print jobs and returns against what its replayed entries say. */
function compareOrder(
  db: Database.Database,
  orderNo: string,
  row: TxRow | null,
  jobs: ReadonlyMap<number, PrintJobRow>,
  returns: ReadonlyMap<number, ReturnRow>,
): { difference: RowDifference | null; jobsSeen: number; returnsSeen: number } {
  const stored = statement(db, 'SELECT * FROM transactions WHERE order_no = ?').get(orderNo) as
    TxRow | undefined;
  if (!stored) {
    return {
      difference: difference(
        orderNo,
        `訂單 ${orderNo} 的交易紀錄被刪除`,
        `The transaction row of order ${orderNo} was deleted`,
      ),
      jobsSeen: 0,
      returnsSeen: 0,
    };
  }
  const column = row ? txRowDifference(stored, row) : 'tx.begun';
  if (column) {
    return {
      difference: difference(
        orderNo,
        `訂單 ${orderNo} 的 ${column} 與日誌紀錄不符`,
        `Order ${orderNo}: its ${column} differs from its journal entries`,
      ),
      jobsSeen: 0,
      returnsSeen: 0,
    };
  }
  const storedJobs = statement(db, 'SELECT * FROM print_jobs WHERE order_no = ? ORDER BY id').all(
    orderNo,
  ) as PrintJobRow[];
  const storedReturns = statement(db, 'SELECT * FROM returns WHERE order_no = ? ORDER BY id').all(
    orderNo,
  ) as ReturnRow[];
  return {
    difference: compareJobs(orderNo, storedJobs, jobs) ?? compareReturns(orderNo, storedReturns, returns),
    jobsSeen: storedJobs.length,
    returnsSeen: storedReturns.length,
  };
}

/** Columns holding JSON: compared as values (the entry's payload is stored with its keys sorted). */
const RETURN_JSON_COLUMNS: ReadonlySet<keyof ReturnRow> = new Set([
  'refunds',
  'lines',
  'resolution',
  'reissue',
]);

function returnRowDifference(stored: ReturnRow, expected: ReturnRow): keyof ReturnRow | null {
  for (const column of Object.keys(expected) as (keyof ReturnRow)[]) {
    const want = expected[column];
    const same =
      RETURN_JSON_COLUMNS.has(column) && typeof want === 'string'
        ? isDeepStrictEqual(parseOrNull(stored[column] as string), JSON.parse(want))
        : stored[column] === want;
    if (!same) return column;
  }
  return null;
}

/** An order's stored return rows against its replayed `return.*` entries, column by column. */
function compareReturns(
  orderNo: string,
  stored: readonly ReturnRow[],
  expected: ReadonlyMap<number, ReturnRow>,
): RowDifference | null {
  for (const want of expected.values()) {
    const found = stored.find((candidate) => candidate.id === want.id);
    const column = found ? returnRowDifference(found, want) : 'row';
    if (column) {
      return difference(
        orderNo,
        `訂單 ${orderNo} 的退貨紀錄 ${want.id} 的 ${column} 與日誌紀錄不符`,
        `Order ${orderNo}, return ${want.id}: its ${column} differs from its journal entries`,
      );
    }
  }
  if (stored.length !== expected.size) {
    return difference(
      orderNo,
      `訂單 ${orderNo} 有退貨紀錄沒有對應的日誌紀錄`,
      `Order ${orderNo}: a return row has no journal entries`,
    );
  }
  return null;
}

/**
 * The start-up check's replay of one order (the ones the chain's tail touches): all of its
 * entries through the order index, whatever their age, against its row and print jobs.
 */
export function findOrderRowDifference(db: Database.Database, orderNo: string): RowDifference | null {
  const entries = statement(
    db,
    'SELECT at, kind, order_no, payload FROM entries WHERE order_no = ? ORDER BY id',
  ).all(orderNo) as StoredEntry[];
  let row: TxRow | null = null;
  const jobs = new Map<number, PrintJobRow>();
  const returns = new Map<number, ReturnRow>();
  for (const entry of entries) row = replayEntry(entry, orderNo, row, jobs, returns);
  return compareOrder(db, orderNo, row, jobs, returns).difference;
}

/** Entries checked between two pauses of a verification that shares the thread with the till. */
export const VERIFY_SLICE = 5_000;

function compareJobs(
  orderNo: string | null,
  stored: readonly PrintJobRow[],
  expected: ReadonlyMap<number, PrintJobRow>,
): RowDifference | null {
  for (const job of expected.values()) {
    const row = stored.find((candidate) => candidate.id === job.id);
    const column = row ? printJobRowDifference(row, job) : 'row';
    if (column) {
      return difference(
        orderNo,
        `列印工作 ${job.id} 的 ${column} 與日誌紀錄不符`,
        `Print job ${job.id}: its ${column} differs from its journal entries`,
      );
    }
  }
  if (stored.length !== expected.size) {
    return difference(orderNo, '有列印工作沒有對應的日誌紀錄', 'A print job row has no journal entries');
  }
  return null;
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

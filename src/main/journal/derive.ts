import type Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { bodyColumns, type PrintJobRow, type TxBody, type TxRow } from './rows';
import { statement } from './statements';
import type { PrintJobKind, TxState } from './types';

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
        resolution: JSON.stringify({
          outcome: p.outcome,
          by: p.by,
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
  let row: TxRow | null = null;
  let jobs = new Map<number, PrintJobRow>();

  const checkOrder = (): RowDifference | null => {
    if (orderNo === null) return null;
    orders++;
    const found = compareOrder(db, orderNo, row, jobs);
    jobsSeen += found.jobsSeen;
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
    }
    row = replayEntry(entry, orderNo, row, jobs);
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
  return null;
}

/** Applies one stored entry to the order's row (returned) or to its print jobs (updated in place). */
function replayEntry(
  entry: StoredEntry,
  orderNo: string | null,
  row: TxRow | null,
  jobs: Map<number, PrintJobRow>,
): TxRow | null {
  const facts = { at: entry.at, kind: entry.kind, orderNo, payload: parsePayload(entry.payload) };
  if (entry.kind.startsWith('print.')) {
    const jobId = facts.payload.jobId as number;
    const job = nextPrintJobRow(jobs.get(jobId) ?? null, facts);
    if (job) jobs.set(jobId, job);
    return row;
  }
  return nextTxRow(row, facts);
}

/** One order's stored row and print jobs against what its replayed entries say. */
function compareOrder(
  db: Database.Database,
  orderNo: string,
  row: TxRow | null,
  jobs: ReadonlyMap<number, PrintJobRow>,
): { difference: RowDifference | null; jobsSeen: number } {
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
    };
  }
  const storedJobs = statement(db, 'SELECT * FROM print_jobs WHERE order_no = ? ORDER BY id').all(
    orderNo,
  ) as PrintJobRow[];
  return { difference: compareJobs(orderNo, storedJobs, jobs), jobsSeen: storedJobs.length };
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
  for (const entry of entries) row = replayEntry(entry, orderNo, row, jobs);
  return compareOrder(db, orderNo, row, jobs).difference;
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

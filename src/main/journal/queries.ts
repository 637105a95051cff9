import { cloudPrintJobsFor } from './cloud-print';
import type Database from 'better-sqlite3';
import {
  invoiceStatus,
  matchesStatusFilter,
  saleStatesOf,
  type InvoiceReturnFact,
  type InvoiceStatus,
  type InvoiceStatusFilter,
} from '../../shared/domain';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { pendingPrintCount, printJobsFor } from './print-jobs';
import { returnFacts, returnsOf } from './return-queries';
import {
  exchangeFromEntry,
  LIST_COLUMNS,
  toEntry,
  toListItem,
  toRecord,
  type EntryRow,
  type TxRow,
} from './rows';
import { statement } from './statements';
import type {
  ExchangeRecord,
  IssueRecord,
  JournalCounts,
  ListFilter,
  QrDisplayRecord,
  TransactionDetail,
  TransactionListItem,
  TransactionRecord,
} from './types';
import { check } from './validate';

/** The journal's reads: one sale, its detail, a day's list, the pending list and the counts. */

export function findTx(db: Database.Database, orderNo: string): TxRow | null {
  return (
    (statement(db, 'SELECT * FROM transactions WHERE order_no = ?').get(orderNo) as TxRow | undefined) ?? null
  );
}

export function get(db: Database.Database, orderNo: string): TransactionRecord | null {
  const found = findTx(db, orderNo);
  return found ? toRecord(found) : null;
}

export function detail(db: Database.Database, orderNo: string): TransactionDetail | null {
  const found = findTx(db, orderNo);
  if (!found) return null;
  const entries = (
    statement(db, 'SELECT * FROM entries WHERE order_no = ? ORDER BY id').all(orderNo) as EntryRow[]
  ).map(toEntry);
  const exchanges: ExchangeRecord[] = [];
  const qrDisplays: QrDisplayRecord[] = [];
  let issue: IssueRecord | null = null;
  for (const entry of entries) {
    const p = entry.payload;
    if (entry.kind === 'tx.exchange') exchanges.push(exchangeFromEntry(entry.id, entry.at, p));
    if (entry.kind === 'tx.qr-display') {
      qrDisplays.push({
        entryId: entry.id,
        at: entry.at,
        qrCodeUrl: p.qrCodeUrl as string | null,
        shown: p.shown as boolean,
        reason: p.reason as string | null,
      });
    }
    if (entry.kind === 'tx.issued') {
      issue = {
        entryId: entry.id,
        at: entry.at,
        invoiceNumber: p.invoiceNumber as string,
        invoiceDateTime: p.invoiceDateTime as string,
        randomNumber: p.randomNumber as string,
        printDataString: p.printDataString as string | null,
        printDataStatus: p.printDataStatus as IssueRecord['printDataStatus'],
        printDataProblem: p.printDataProblem as string | null,
        qKey: p.qKey as string | null,
        qrCodeUrl: p.qrCodeUrl as string | null,
      };
    }
  }
  return {
    transaction: toRecord(found),
    exchanges,
    issue,
    qrDisplays,
    prints: printJobsFor(db, orderNo),
    cloudPrints: cloudPrintJobsFor(db, orderNo),
    entries,
    returns: returnsOf(db, orderNo),
  };
}

export function list(db: Database.Database, filter: ListFilter): TransactionListItem[] {
  check(BusinessDay, filter.businessDay, { zh: '營業日', en: 'business day' });
  const where = ['business_day = @businessDay'];
  if (filter.tillId !== undefined) where.push('till_id = @tillId');
  if (filter.state !== undefined) where.push('state = @state');
  if (filter.training !== undefined) where.push('training = @training');
  const rows = statement(
    db,
    `SELECT ${LIST_COLUMNS} FROM transactions WHERE ${where.join(' AND ')}
     ORDER BY created_at, order_no LIMIT @limit OFFSET @offset`,
  ).all({
    businessDay: filter.businessDay,
    tillId: filter.tillId ?? null,
    state: filter.state ?? null,
    training: filter.training === undefined ? null : filter.training ? 1 : 0,
    limit: filter.limit ?? -1,
    offset: filter.offset ?? 0,
  }) as Omit<TxRow, 'body'>[];
  return rows.map(toListItem);
}

export function pending(db: Database.Database): TransactionRecord[] {
  return (
    statement(
      db,
      `SELECT * FROM transactions WHERE state = 'needs-verification' ORDER BY created_at`,
    ).all() as TxRow[]
  ).map(toRecord);
}

export function counts(db: Database.Database): JournalCounts {
  const count = statement(db, 'SELECT count(*) AS n FROM transactions WHERE state = ?').pluck();
  return {
    inFlight: count.get('in-flight') as number,
    needsVerification: count.get('needs-verification') as number,
    pendingPrintJobs: pendingPrintCount(db),
  };
}

/**
 * The invoice numbers the journal holds between `first` and `last` (inclusive, same track word,
 * e.g. `AB00001000`…`AB00001999`): one range read on the invoice-number index, for
 * reconciliation's "numbers the provider issued for this till that the journal does not know".
 */
export function invoiceNumbersBetween(db: Database.Database, first: string, last: string): Set<string> {
  const rows = statement(
    db,
    `SELECT invoice_number FROM transactions
     WHERE invoice_number IS NOT NULL AND invoice_number >= ? AND invoice_number <= ?`,
  )
    .pluck()
    .all(first, last) as string[];
  return new Set(rows);
}

/** A row of the day's list with its invoice's state as it stands now (the journal screen's). */
export type StatusListItem = TransactionListItem & { invoiceStatus: InvoiceStatus };

type StatusRow = Omit<TxRow, 'body'> & { reissue_of: string | null; reissue_of_invoice: string | null };

const REISSUE_OF_COLUMNS = `body ->> '$.reissueOf' AS reissue_of,
  (SELECT o.invoice_number FROM transactions o WHERE o.order_no = transactions.body ->> '$.reissueOf') AS reissue_of_invoice`;

const statusOfRow = (row: StatusRow, returns: readonly InvoiceReturnFact[]): InvoiceStatus =>
  invoiceStatus({
    saleState: row.state,
    returns,
    reissueOf:
      row.reissue_of === null ? null : { orderNo: row.reissue_of, invoiceNumber: row.reissue_of_invoice },
  });

/**
 * One business day's sales, each with what its invoice is now (voided, allowed, reissued: the
 * shared rule over the sale's returns, whatever day they were made on), filtered by that state.
 * The sale states a filter can match narrow the read; the rule decides the rest.
 */
export function listWithStatus(
  db: Database.Database,
  filter: ListFilter & { status?: InvoiceStatusFilter },
): StatusListItem[] {
  check(BusinessDay, filter.businessDay, { zh: '營業日', en: 'business day' });
  const states = filter.status === undefined ? null : saleStatesOf(filter.status);
  const where = ['business_day = @businessDay'];
  if (filter.tillId !== undefined) where.push('till_id = @tillId');
  if (filter.state !== undefined) where.push('state = @state');
  if (states !== null) where.push('state IN (SELECT value FROM json_each(@states))');
  if (filter.training !== undefined) where.push('training = @training');
  // Filtered by the rule afterwards, so the limit and offset apply to what is listed.
  const paged = filter.status === undefined;
  const rows = statement(
    db,
    `SELECT ${LIST_COLUMNS}, ${REISSUE_OF_COLUMNS} FROM transactions WHERE ${where.join(' AND ')}
     ORDER BY created_at, order_no LIMIT @limit OFFSET @offset`,
  ).all({
    businessDay: filter.businessDay,
    tillId: filter.tillId ?? null,
    state: filter.state ?? null,
    states: JSON.stringify(states ?? []),
    training: filter.training === undefined ? null : filter.training ? 1 : 0,
    limit: paged ? (filter.limit ?? -1) : -1,
    offset: paged ? (filter.offset ?? 0) : 0,
  }) as StatusRow[];
  const facts = returnFacts(db, { businessDay: filter.businessDay });
  const items = rows.map((row) => ({
    ...toListItem(row),
    invoiceStatus: statusOfRow(row, facts.get(row.order_no) ?? []),
  }));
  if (paged) return items;
  const shown = items.filter((item) => matchesStatusFilter(filter.status!, item.invoiceStatus));
  const offset = filter.offset ?? 0;
  return shown.slice(offset, filter.limit === undefined ? undefined : offset + filter.limit);
}

/** One sale's invoice as it stands now; null for an unknown order number. */
export function invoiceStatusOf(db: Database.Database, orderNo: string): InvoiceStatus | null {
  const row = statement(
    db,
    `SELECT ${LIST_COLUMNS}, ${REISSUE_OF_COLUMNS} FROM transactions WHERE order_no = ?`,
  ).get(orderNo) as StatusRow | undefined;
  if (!row) return null;
  return statusOfRow(row, returnFacts(db, { orderNo }).get(orderNo) ?? []);
}

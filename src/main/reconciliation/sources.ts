import { parseTaipeiDateTime, taipeiBusinessDay, taipeiDateTime } from '../../shared/domain';
import type { TillFigures } from '../../shared/ipc/contract/reconciliation';
import { shortHead } from '../journal/chain';
import type { Journal, ReturnRecord, TransactionListItem, TransactionRecord } from '../journal/journal';
import { summaryMethodKey } from '../journal/summary';
import { reconciliationRefused } from './messages';
import {
  duplicateTills,
  duplicateTillsReason,
  readTillExport,
  type TillExport,
  type TillExportExpectation,
  type TillExportRecord,
} from './till-export';

/**
 * What reconciliation reads from a till, whether from this till's journal or from another till's
 * JSON export: its invoices of the chosen days (with what returns did to them), its 待確認 sales,
 * the invoice numbers it knows, and its figures. The engine compares these with the provider and
 * never needs to know where they came from.
 */

/** A void, allowance or allowance void as the till recorded it. */
export interface ReturnView {
  kind: 'void' | 'allowance' | 'allowance-void';
  state: string;
  /** An allowance: its number (once known); an allowance void: the allowance it undoes. */
  allowanceNumber: string | null;
  /** Positive: Σ Amount (tax excluded) and Σ Tax, as sent to the provider. */
  salesAmount: number;
  taxAmount: number;
}

/** One issued invoice of the till (a sale with an invoice number). */
export interface InvoiceView {
  orderNo: string;
  tillId: string;
  businessDay: string;
  invoiceNumber: string;
  /** Asia/Taipei `YYYY-MM-DDTHH:mm:ss` as the journal has it; null when it was resolved by hand. */
  invoiceDateTime: string | null;
  /** B: a buyer with a tax ID (7-day upload deadline); C: a consumer (48 hours). */
  invoiceFor: 'B' | 'C';
  totalAmount: number;
  /** ISO instant the sale was written (the last fallback for its issue time). */
  createdAt: string;
  returns: ReturnView[];
}

/** A sale that needs verification (待確認): the provider may or may not have issued it. */
export interface PendingSaleView {
  orderNo: string;
  tillId: string;
  businessDay: string;
  totalAmount: number;
  /** The order's `DeviceID` (the segment's `UseFor`); the till id when the source does not say. */
  deviceId: string;
  /** The order's date as sent (Asia/Taipei): the period whose numbers it would have taken. */
  orderDateTime: string | null;
  /** ISO instant the sale was last changed (after its last send): see the not-issued rule. */
  lastChangedAt: string;
}

export interface FiguresView {
  sales: { count: number; amount: number };
  returns: { count: number; amount: number };
  /** Sales minus refunds per payment method (methods in first-seen order). */
  net: Array<{ method: string; amount: number }>;
}

export interface TillSource {
  tillId: string;
  source: 'journal' | 'export';
  file: string | null;
  chainHead: string | null;
  businessDays: string[];
  invoices: InvoiceView[];
  pending: PendingSaleView[];
  /**
   * The invoice numbers this source knows from `first` to `last` (inclusive, one track word). The
   * journal knows every day; an export only its own day (see `knowsEveryDay`).
   */
  knownBetween(first: string, last: string): Set<string>;
  knowsEveryDay: boolean;
  /**
   * An export: the Taipei date-time of its last record (the export was made after it), so that
   * numbers its till issued later are not taken for numbers it lost. Null for the journal.
   */
  spanEnd: string | null;
  /**
   * The returns this source recorded of an order, whatever till sold it: a store reconciliation
   * adds them to the sale's own (a return may be made at another till of the store).
   */
  returnsFor(orderNo: string): ReturnView[];
  /** The state this source has for an order number, and its invoice number; null when unknown. */
  order(orderNo: string): { state: string; invoiceNumber: string | null; totalAmount: number } | null;
  figures(): FiguresView;
}

const STANDING_PENDING = new Set(['in-flight', 'needs-verification']);

/** Whether a return is still unsettled (its outcome unknown): the journal side is not known yet. */
export const isUnsettled = (r: ReturnView) => STANDING_PENDING.has(r.state);

const returnView = (r: ReturnRecord): ReturnView => ({
  kind: r.kind,
  state: r.state,
  allowanceNumber: r.allowanceNumber,
  salesAmount: r.totals.salesAmount,
  taxAmount: r.totals.taxAmount,
});

/** A day's invoice kind → the upload deadline's class. */
const invoiceForKind = (kind: string | null): 'B' | 'C' => (kind === 'business' ? 'B' : 'C');

/**
 * This till's journal for some business days: its issued sales of those days (of this till and
 * this mode), every 待確認 sale of this mode (any day: a suggestion is worth making whenever the
 * provider can settle one), and the day summaries.
 */
export function journalSource(
  journal: Journal,
  options: { tillId: string; training: boolean; businessDays: readonly string[] },
): TillSource {
  const invoices: InvoiceView[] = [];
  for (const businessDay of options.businessDays) {
    const items: TransactionListItem[] = journal.list({
      businessDay,
      tillId: options.tillId,
      training: options.training,
      state: 'issued',
    });
    for (const item of items) {
      if (!item.invoiceNumber) continue;
      invoices.push({
        orderNo: item.orderNo,
        tillId: item.tillId,
        businessDay: item.businessDay,
        invoiceNumber: item.invoiceNumber,
        invoiceDateTime: item.invoiceDateTime,
        invoiceFor: invoiceForKind(item.invoiceKind),
        totalAmount: item.totals.totalAmount,
        createdAt: item.createdAt,
        returns: journal.returnsOf(item.orderNo).map(returnView),
      });
    }
  }
  const pending = journal
    .pending()
    .filter((tx) => tx.training === options.training)
    .map((tx) => pendingFromRecord(tx));
  return {
    tillId: options.tillId,
    source: 'journal',
    file: null,
    chainHead: shortHead(journal.chainHead()),
    businessDays: [...options.businessDays],
    invoices,
    pending,
    knownBetween: (first, last) => journal.invoiceNumbersBetween(first, last),
    knowsEveryDay: true,
    spanEnd: null,
    returnsFor: (orderNo) => journal.returnsOf(orderNo).map(returnView),
    order(orderNo) {
      const tx = journal.get(orderNo);
      return tx
        ? { state: tx.state, invoiceNumber: tx.invoiceNumber, totalAmount: tx.totals.totalAmount }
        : null;
    },
    figures: () => journalFigures(journal, options),
  };
}

export function pendingFromRecord(tx: TransactionRecord): PendingSaleView {
  const data = tx.requestData as { DeviceID?: unknown; InvoiceDateTime?: unknown };
  return {
    orderNo: tx.orderNo,
    tillId: tx.tillId,
    businessDay: tx.businessDay,
    totalAmount: tx.totals.totalAmount,
    deviceId: typeof data.DeviceID === 'string' && data.DeviceID !== '' ? data.DeviceID : tx.tillId,
    orderDateTime: typeof data.InvoiceDateTime === 'string' ? data.InvoiceDateTime : null,
    lastChangedAt: tx.updatedAt,
  };
}

/** The day summaries' figures (the closing's own numbers), added up over the days. */
function journalFigures(
  journal: Journal,
  options: { tillId: string; training: boolean; businessDays: readonly string[] },
): FiguresView {
  const sum = new FiguresSum();
  for (const businessDay of options.businessDays) {
    const summary = journal.summary({ businessDay, tillId: options.tillId });
    const block = options.training ? summary.training : summary.sales;
    sum.sales.count += block.issued.count;
    sum.sales.amount += block.issued.amount;
    const r = block.returns;
    sum.returns.count += r.voids.count + r.allowances.count + r.allowanceVoids.count;
    sum.returns.amount += r.amount;
    for (const [method, slot] of Object.entries(block.net.byPaymentMethod)) sum.addNet(method, slot.amount);
  }
  return sum.view();
}

class FiguresSum {
  readonly sales = { count: 0, amount: 0 };
  readonly returns = { count: 0, amount: 0 };
  // Keyed by payment method names from files: a Map, so no name reaches a prototype.
  private readonly net = new Map<string, number>();

  addNet(method: string, amount: number): void {
    const key = summaryMethodKey(method);
    this.net.set(key, (this.net.get(key) ?? 0) + amount);
  }

  view(): FiguresView {
    return {
      sales: { ...this.sales },
      returns: { ...this.returns },
      net: [...this.net].map(([method, amount]) => ({ method, amount })),
    };
  }
}

/**
 * Another till's JSON export of one business day (read and checked by `readTillExport`). Its
 * records are the day's sales and the returns made that day at that till; the figures follow the
 * journal summary's rules (gross per method over every sale of the day, minus what done returns
 * refunded, an allowance void adding back), so an export and a journal of the same day agree.
 */
export function exportSource(data: TillExport, tillId: string): TillSource {
  const records = data.records.filter((r) => r.tillId === tillId && r.training === data.training);
  // Keyed by order number (outside data): a Map, never an object.
  const byOrder = new Map<string, TillExportRecord>();
  for (const record of records) if (record.record === 'sale') byOrder.set(record.orderNo, record);
  const returnsOf = new Map<string, ReturnView[]>();
  for (const record of records) {
    if (record.record === 'sale') continue;
    const list = returnsOf.get(record.orderNo) ?? [];
    list.push({
      kind: record.record,
      state: record.state,
      allowanceNumber: record.allowanceNumber,
      // An export signs return amounts (money going back negative): the provider's are positive.
      salesAmount: Math.abs(record.salesAmount),
      taxAmount: Math.abs(record.taxAmount),
    });
    returnsOf.set(record.orderNo, list);
  }
  const invoices: InvoiceView[] = [];
  const pending: PendingSaleView[] = [];
  for (const record of byOrder.values()) {
    if (record.state === 'issued' && record.invoiceNumber) {
      invoices.push({
        orderNo: record.orderNo,
        tillId: record.tillId,
        businessDay: record.businessDay,
        invoiceNumber: record.invoiceNumber,
        invoiceDateTime: record.invoiceDateTime,
        invoiceFor: invoiceForKind(record.invoiceKind),
        totalAmount: record.totalAmount,
        createdAt: record.createdAt,
        returns: returnsOf.get(record.orderNo) ?? [],
      });
    } else if (record.state === 'needs-verification') {
      pending.push({
        orderNo: record.orderNo,
        tillId: record.tillId,
        businessDay: record.businessDay,
        totalAmount: record.totalAmount,
        deviceId: record.tillId,
        orderDateTime: record.invoiceDateTime,
        lastChangedAt: record.createdAt,
      });
    }
  }
  const known = [...byOrder.values()]
    .map((r) => r.invoiceNumber)
    .filter((n): n is string => n !== null)
    .sort();
  return {
    tillId,
    source: 'export',
    file: data.file,
    chainHead: data.chainHead,
    businessDays: [data.businessDay],
    invoices,
    pending,
    knownBetween: (first, last) => new Set(known.filter((n) => n >= first && n <= last)),
    knowsEveryDay: false,
    returnsFor: (orderNo) => [...(returnsOf.get(orderNo) ?? [])],
    spanEnd:
      records
        .map((r) => new Date(r.createdAt))
        .filter((d) => !Number.isNaN(d.getTime()))
        .map((d) => taipeiDateTime(d))
        .sort()
        .at(-1) ?? null,
    order(orderNo) {
      const record = byOrder.get(orderNo);
      return record
        ? { state: record.state, invoiceNumber: record.invoiceNumber, totalAmount: record.totalAmount }
        : null;
    },
    figures: () => exportFigures(records),
  };
}

export function exportFigures(records: readonly TillExportRecord[]): FiguresView {
  const sum = new FiguresSum();
  for (const record of records) {
    if (record.record === 'sale') {
      if (record.state === 'issued') {
        sum.sales.count++;
        sum.sales.amount += record.totalAmount;
      }
      // The summary's gross per method is every sale of the day, whatever its state.
      for (const payment of record.payments) sum.addNet(payment.method, payment.amount);
      continue;
    }
    if (record.state !== 'done') continue; // rejected, not delivered, pending: no money moved
    sum.returns.count++;
    // Export amounts are signed (a void or allowance negative, an allowance void positive).
    sum.returns.amount -= record.totalAmount;
    for (const payment of record.payments) sum.addNet(payment.method, payment.amount);
  }
  return sum.view();
}

export function tillFigures(source: TillSource, checked: number, findings: number): TillFigures {
  const figures = source.figures();
  return {
    tillId: source.tillId,
    source: source.source,
    file: source.file,
    chainHead: source.chainHead,
    sales: { ...figures.sales },
    returns: { ...figures.returns },
    net: figures.net.map((row) => ({ method: row.method, amount: row.amount })),
    checked,
    findings,
  };
}

/** The instant an invoice was issued: its date-time, else the sale's creation. */
export function issuedAt(invoice: InvoiceView, providerDateTime?: string | null): Date {
  return (
    (invoice.invoiceDateTime ? parseTaipeiDateTime(invoice.invoiceDateTime) : null) ??
    (providerDateTime ? parseTaipeiDateTime(providerDateTime) : null) ??
    new Date(invoice.createdAt)
  );
}

/** The business day (Asia/Taipei) of a provider's `InvoiceDateTime`, or null when unreadable. */
export function businessDayOfDateTime(dateTime: string | null | undefined): string | null {
  const instant = dateTime ? parseTaipeiDateTime(dateTime) : null;
  return instant ? taipeiBusinessDay(instant) : null;
}

/**
 * The exports a store reconciliation was given, read and checked (`readTillExport`): one source per
 * till they hold. Any refusal (another company, another day or mode, edited, a chain that did not
 * verify, this till's own, a till twice) refuses the whole reconciliation, naming the file and the
 * reason: nothing is reconciled from a partial store.
 */
export function exportSources(
  files: ReadonlyArray<{ name: string; text: string }>,
  expect: TillExportExpectation,
): TillSource[] {
  return sourcesOfExports(readExports(files, expect));
}

/** One source per till the accepted exports hold. */
export function sourcesOfExports(exports: readonly TillExport[]): TillSource[] {
  return exports.flatMap((data) => data.tillIds.map((tillId) => exportSource(data, tillId)));
}

/** The exports read and checked, or the refusal (`reconciliationRefused`) of the first bad one. */
export function readExports(
  files: ReadonlyArray<{ name: string; text: string }>,
  expect: TillExportExpectation,
): TillExport[] {
  const exports: TillExport[] = [];
  for (const file of files) {
    const read = readTillExport(file.name, file.text, expect);
    if (!read.ok) throw reconciliationRefused(read.reason.zh, read.reason.en);
    exports.push(read.export);
  }
  const twice = duplicateTillsReason(duplicateTills(exports));
  if (twice) throw reconciliationRefused(twice.zh, twice.en);
  return exports;
}

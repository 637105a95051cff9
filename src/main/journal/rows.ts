import type { PosOperation, PosOrderData } from '../../provider/pos-profile';
import type {
  ExchangeRecord,
  InvoiceChoice,
  JournalEntry,
  JournalLine,
  JournalPayment,
  JournalTotals,
  PrintJobRecord,
  ResolutionRecord,
  TransactionListItem,
  TransactionRecord,
  TxState,
  EntryKind,
  MethodAmounts,
  ReturnExchangeRecord,
  ReturnKind,
  ReturnLine,
  ReturnRecord,
  ReturnReissue,
  ReturnResolutionRecord,
  ReturnState,
} from './types';

/** Row shapes of the state tables and their mapping to records (the only place column names meet types). */
export interface TxRow {
  order_no: string;
  till_id: string;
  company_id: string;
  business_day: string;
  created_at: string;
  updated_at: string;
  state: TxState;
  training: number;
  operation: PosOperation;
  attempt: number;
  invoice_kind: InvoiceChoice['kind'];
  total_amount: number;
  sales_amount: number;
  tax_amount: number;
  zero_tax_sales_amount: number;
  free_tax_sales_amount: number;
  payments: string;
  buyer_tax_id: string | null;
  buyer_title: string | null;
  carrier_type: string | null;
  carrier_id: string | null;
  love_code: string | null;
  exchanges: number;
  cashier: string | null;
  invoice_number: string | null;
  invoice_datetime: string | null;
  random_number: string | null;
  last_message: string | null;
  resolution: string | null;
  body: string;
}

/** The transaction's body column: what the engine wrote (secrets dropped). */
export interface TxBody {
  invoice: InvoiceChoice;
  lines: JournalLine[];
  payments: JournalPayment[];
  totals: JournalTotals;
  requestData: PosOrderData;
  /** A reissue's voided sale; absent on any other sale (so older bodies read the same). */
  reissueOf?: string;
}

/** Everything but the body: what lists, exports and summaries read. */
export const LIST_COLUMNS = `order_no, till_id, company_id, business_day, created_at, updated_at, state, training,
  operation, attempt, invoice_kind, total_amount, sales_amount, tax_amount, zero_tax_sales_amount,
  free_tax_sales_amount, payments, buyer_tax_id, buyer_title, carrier_type, carrier_id, love_code, exchanges,
  cashier, invoice_number, invoice_datetime, random_number, last_message, resolution`;

/** The columns derived from a body, written with it (begin, resubmit) so reads never parse the body. */
export function bodyColumns(body: TxBody) {
  return {
    invoice_kind: body.invoice.kind,
    total_amount: body.totals.totalAmount,
    sales_amount: body.totals.salesAmount,
    tax_amount: body.totals.taxAmount,
    zero_tax_sales_amount: body.totals.zeroTaxSalesAmount,
    free_tax_sales_amount: body.totals.freeTaxSalesAmount,
    payments: JSON.stringify(body.payments.map((p) => [p.method, p.amount])),
    buyer_tax_id: body.invoice.buyerTaxId ?? null,
    buyer_title: body.invoice.buyerTitle ?? null,
    carrier_type: body.invoice.carrierType ?? null,
    carrier_id: body.invoice.carrierId ?? null,
    love_code: body.invoice.loveCode ?? null,
    body: JSON.stringify(body),
  };
}

/**
 * A sale body's card approval codes (issue 24, item 10), space-separated, or NULL: read from the
 * body (`t`), where the payments keep them, for the exports' column.
 */
export const APPROVAL_CODES_SQL = `(SELECT group_concat(p.value ->> '$.approvalCode', ' ')
    FROM json_each(t.body, '$.payments') p WHERE p.value ->> '$.approvalCode' IS NOT NULL)`;

/** The payments column back as [method, amount] pairs. */
export function paymentPairs(column: string): [string, number][] {
  return JSON.parse(column) as [string, number][];
}

function common(row: Omit<TxRow, 'body'>) {
  return {
    orderNo: row.order_no,
    tillId: row.till_id,
    companyId: row.company_id,
    businessDay: row.business_day,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    state: row.state,
    training: row.training === 1,
    operation: row.operation,
    attempt: row.attempt,
    cashier: row.cashier,
    invoiceNumber: row.invoice_number,
    invoiceDateTime: row.invoice_datetime,
    randomNumber: row.random_number,
    lastMessage: row.last_message,
    resolution: row.resolution === null ? null : (JSON.parse(row.resolution) as ResolutionRecord),
  };
}

export function toRecord(row: TxRow): TransactionRecord {
  return recordWithBody(row, JSON.parse(row.body) as TxBody);
}

/**
 * `toRecord` with the row's body as the caller holds it (`begin`, which has just written the body
 * column from this very object), so that it is not parsed back.
 */
export function recordWithBody(row: TxRow, body: TxBody): TransactionRecord {
  return { ...common(row), ...body, reissueOf: body.reissueOf ?? null };
}

export function toListItem(row: Omit<TxRow, 'body'>): TransactionListItem {
  return {
    ...common(row),
    totals: {
      totalAmount: row.total_amount,
      salesAmount: row.sales_amount,
      taxAmount: row.tax_amount,
      zeroTaxSalesAmount: row.zero_tax_sales_amount,
      freeTaxSalesAmount: row.free_tax_sales_amount,
    },
    invoiceKind: row.invoice_kind,
    paymentMethods: [...new Set(paymentPairs(row.payments).map(([method]) => method))],
  };
}

export interface EntryRow {
  id: number;
  at: string;
  kind: EntryKind;
  order_no: string | null;
  payload: string;
  prev_hash: string;
  hash: string;
}

export function toEntry(row: EntryRow): JournalEntry {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    orderNo: row.order_no,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** A `tx.exchange` entry's payload as its record. */
export function exchangeFromEntry(entryId: number, at: string, p: Record<string, unknown>): ExchangeRecord {
  const record: ExchangeRecord = {
    entryId,
    at,
    attempt: p.attempt as number,
    operation: p.operation as ExchangeRecord['operation'],
    httpStatus: p.httpStatus as number | null,
    statusCode: p.statusCode as number | null,
    resultMessage: p.resultMessage as string | null,
    durationMs: p.durationMs as number,
    outcome: p.outcome as ExchangeRecord['outcome'],
    error: p.error as string | null,
  };
  if (typeof p.requestTimestamp === 'string') record.requestTimestamp = p.requestTimestamp;
  return record;
}

export interface PrintJobRow {
  id: number;
  order_no: string | null;
  kind: PrintJobRecord['kind'];
  content: string;
  state: PrintJobRecord['state'];
  reprint: number;
  attempts: number;
  last_error: string | null;
  created_at: string;
  printed_at: string | null;
}

export function toPrintJobRecord(row: PrintJobRow): PrintJobRecord {
  return {
    id: row.id,
    orderNo: row.order_no,
    kind: row.kind,
    content: row.content,
    state: row.state,
    reprint: row.reprint === 1,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    printedAt: row.printed_at,
  };
}

export interface ReturnRow {
  id: number;
  order_no: string;
  invoice_number: string;
  kind: ReturnKind;
  state: ReturnState;
  till_id: string;
  company_id: string;
  business_day: string;
  training: number;
  created_at: string;
  updated_at: string;
  attempt: number;
  exchanges: number;
  reason: string;
  by_name: string;
  allowance_prefix: string | null;
  allowance_number: string | null;
  target_id: number | null;
  total_amount: number;
  sales_amount: number;
  tax_amount: number;
  refunds: string;
  lines: string;
  last_message: string | null;
  resolution: string | null;
  /** 改開: JSON `{invoice, orderNo}` (see `ReturnReissue`); null on any other return. */
  reissue: string | null;
}

/**
 * A return row as read with the id of the `done` allowance void that undoes it, and the state of
 * the sale made for its reissue (RETURN_SELECT).
 */
export type ReturnReadRow = ReturnRow & { voided_by: number | null; reissue_state: TxState | null };

/** Every read of a return goes through this: the derived row plus what undoes it. */
export const RETURN_SELECT = `SELECT r.*, (SELECT v.id FROM returns v
    WHERE v.target_id = r.id AND v.kind = 'allowance-void' AND v.state = 'done' ORDER BY v.id LIMIT 1) AS voided_by,
    (SELECT t.state FROM transactions t WHERE t.order_no = r.reissue ->> '$.orderNo') AS reissue_state
  FROM returns r`;

/** Sale states after which a reissue is owed again: nothing was issued for it. */
export const REISSUE_AGAIN_STATES: readonly TxState[] = ['rejected', 'not-issued'];

function reissueOf(row: ReturnReadRow): ReturnReissue | null {
  if (row.reissue === null) return null;
  const stored = JSON.parse(row.reissue) as { invoice: InvoiceChoice; orderNo: string | null };
  const saleState = stored.orderNo === null ? null : row.reissue_state;
  return {
    invoice: stored.invoice,
    orderNo: stored.orderNo,
    saleState,
    owed: row.state !== 'rejected' && (saleState === null || REISSUE_AGAIN_STATES.includes(saleState)),
  };
}

export function toReturnRecord(row: ReturnReadRow): ReturnRecord {
  return {
    id: row.id,
    kind: row.kind,
    orderNo: row.order_no,
    invoiceNumber: row.invoice_number,
    state: row.state,
    tillId: row.till_id,
    companyId: row.company_id,
    businessDay: row.business_day,
    training: row.training === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempt: row.attempt,
    exchanges: row.exchanges,
    reason: row.reason,
    by: row.by_name,
    allowancePrefix: row.allowance_prefix,
    allowanceNumber: row.allowance_number,
    targetReturnId: row.target_id,
    totals: { totalAmount: row.total_amount, salesAmount: row.sales_amount, taxAmount: row.tax_amount },
    refunds: JSON.parse(row.refunds) as MethodAmounts,
    lines: JSON.parse(row.lines) as ReturnLine[],
    lastMessage: row.last_message,
    resolution: row.resolution === null ? null : (JSON.parse(row.resolution) as ReturnResolutionRecord),
    voidedBy: row.voided_by,
    reissue: reissueOf(row),
  };
}

/** A `return.exchange` entry's payload as its record. */
export function returnExchangeFromEntry(
  entryId: number,
  at: string,
  p: Record<string, unknown>,
): ReturnExchangeRecord {
  const record: ReturnExchangeRecord = {
    entryId,
    at,
    attempt: p.attempt as number,
    operation: p.operation as string,
    httpStatus: p.httpStatus as number | null,
    statusCode: p.statusCode as number | null,
    resultMessage: p.resultMessage as string | null,
    durationMs: p.durationMs as number,
    outcome: p.outcome as ReturnExchangeRecord['outcome'],
    error: p.error as string | null,
  };
  if (typeof p.requestTimestamp === 'string') record.requestTimestamp = p.requestTimestamp;
  return record;
}

/** The key a stored method name is summed under when it is not a plain name. */
export const UNKNOWN_PAYMENT_METHOD = 'unknown';

/**
 * A payment method as the summary names it. Since the contract closed the set, new sales carry
 * only cash/card/other; an older journal may hold anything the contract once let through
 * (`__proto__`, `constructor`, control characters). A plain lower-case name (`line-pay`) is
 * shown as it is; anything else is summed as `unknown`, so that no consumer of the summary
 * (zod, the closing screen, the CSV, the slip) drops or misreads it.
 */
export function summaryMethodKey(method: unknown): string {
  return typeof method === 'string' && /^[a-z][a-z0-9-]{0,31}$/.test(method) && !(method in Object.prototype)
    ? method
    : UNKNOWN_PAYMENT_METHOD;
}

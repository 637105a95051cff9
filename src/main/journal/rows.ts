import type { PosOperation, PosOrderData } from '../invoice-service/pos-profile';
import type {
  InvoiceChoice,
  JournalEntry,
  JournalLine,
  JournalPayment,
  JournalTotals,
  ResolutionRecord,
  TransactionListItem,
  TransactionRecord,
  TxState,
  EntryKind,
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
  tax_amount: number;
  payment_methods: string;
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
}

export const LIST_COLUMNS = `order_no, till_id, company_id, business_day, created_at, updated_at, state, training,
  operation, attempt, invoice_kind, total_amount, tax_amount, payment_methods, cashier, invoice_number,
  invoice_datetime, random_number, last_message, resolution, json_extract(body, '$.totals') AS totals`;

export function paymentMethodsColumn(payments: readonly JournalPayment[]): string {
  return [...new Set(payments.map((p) => p.method))].join(',');
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
  const body = JSON.parse(row.body) as TxBody;
  return { ...common(row), ...body };
}

export function toListItem(row: Omit<TxRow, 'body'> & { totals: string }): TransactionListItem {
  return {
    ...common(row),
    totals: JSON.parse(row.totals) as JournalTotals,
    invoiceKind: row.invoice_kind,
    paymentMethods: row.payment_methods === '' ? [] : row.payment_methods.split(','),
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

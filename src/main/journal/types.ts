import type { Bilingual, LineTaxType, Ntd } from '../../shared/domain';
import type { InvoiceKind, PosOperation, PosOrderData } from '../../provider/pos-profile';

/**
 * The journal's public types: what the checkout engine writes before and after each request,
 * what printing records, and what the screens and exports read back. Times are ISO-8601 UTC
 * strings in records; inputs take a `Date` (defaulting to the journal's clock).
 */

// ---------------------------------------------------------------- transaction states

export const TX_STATES = [
  'in-flight', // written; the request is being sent or about to be
  'issued',
  'rejected', // StatusCode 0: nothing issued; fix and resubmit
  'not-delivered', // the request surely never reached the service (connection refused, …)
  'needs-verification', // the service may or may not have issued: a person checks the provider's channel
  'not-issued', // a person verified that nothing was issued: may be resubmitted
] as const;
export type TxState = (typeof TX_STATES)[number];

/** Resubmission (same order number) is allowed only from these. */
export const RESUBMITTABLE_STATES: readonly TxState[] = ['rejected', 'not-delivered', 'not-issued'];

// ---------------------------------------------------------------- what the engine writes

/** One cart line as the customer saw it (tax-inclusive shelf price). */
export interface JournalLine {
  name: string;
  quantity: number;
  unitPrice: number;
  subTotal: Ntd;
  taxType: LineTaxType;
}

/** One payment; `method` is the checkout's own code (`cash`, `card`, `line-pay`, …). */
export interface JournalPayment {
  method: string;
  amount: Ntd;
  tendered?: Ntd;
  change?: Ntd;
  /** Card slip / wallet reference; never a card number. */
  reference?: string;
}

/** The customer's invoice choice (provider profile §2). */
export interface InvoiceChoice {
  kind: InvoiceKind;
  buyerTaxId?: string;
  buyerTitle?: string;
  carrierType?: string;
  carrierId?: string;
  loveCode?: string;
  /** A transaction-details slip was asked for (carrier / love code at the counter). */
  wantsDetails?: boolean;
}

export interface JournalTotals {
  totalAmount: Ntd;
  salesAmount: Ntd;
  taxAmount: Ntd;
  zeroTaxSalesAmount: Ntd;
  freeTaxSalesAmount: Ntd;
}

/** Written BEFORE the request is sent. `orderNo` comes from `nextOrderNo` and equals `requestData.BillingNo`. */
export interface NewTransaction {
  orderNo: string;
  tillId: string;
  companyId: string;
  training: boolean;
  operation: PosOperation;
  invoice: InvoiceChoice;
  lines: JournalLine[];
  payments: JournalPayment[];
  totals: JournalTotals;
  /** The request body's `Data`, without secrets (secret-named fields are dropped anyway). */
  requestData: PosOrderData;
  cashier?: string;
  /** Defaults to the journal's clock; the business day (Asia/Taipei) is derived from it. */
  at?: Date;
}

/** What may change on resubmission (e.g. data fixed after a rejection); the order number never does. */
export type ResubmitChanges = Partial<
  Pick<NewTransaction, 'operation' | 'invoice' | 'lines' | 'payments' | 'totals' | 'requestData'>
>;

/**
 * How one HTTP exchange ended, as the client judged it:
 * issued / rejected (StatusCode 0) / timestamp-retry (`Timestamp already used`: nothing issued,
 * retry at once) / not-delivered (never reached the service) / uncertain (timeout after sending,
 * 5xx, unreadable answer: may have issued).
 */
export type ExchangeOutcome = 'issued' | 'rejected' | 'timestamp-retry' | 'not-delivered' | 'uncertain';
export const EXCHANGE_OUTCOMES: readonly ExchangeOutcome[] = [
  'issued',
  'rejected',
  'timestamp-retry',
  'not-delivered',
  'uncertain',
];

export interface ExchangeInput {
  operation: PosOperation;
  /** The wrapper's `Timestamp` used (not a secret). */
  requestTimestamp?: string;
  httpStatus: number | null;
  statusCode: number | null;
  resultMessage: string | null;
  durationMs: number;
  outcome: ExchangeOutcome;
  /** Transport error text (ECONNREFUSED, timeout), when there was no answer. */
  error?: string;
  at?: Date;
}

export interface IssueInput {
  invoiceNumber: string;
  invoiceDateTime: string;
  randomNumber: string;
  /** Raw text as received (kept even when it does not parse); null when missing. */
  printDataString: string | null;
  qKey?: string | null;
  qrCodeUrl?: string | null;
  at?: Date;
}

export interface RejectionInput {
  statusCode: number | null;
  resultMessage: string;
  at?: Date;
}

export interface ReasonInput {
  reason: string;
  at?: Date;
}

/** Donate/bind: the QrCodeUrl was shown, or why not (missing/invalid link). */
export interface QrDisplayInput {
  qrCodeUrl: string | null;
  shown: boolean;
  reason?: string;
  at?: Date;
}

export type ResolutionInput =
  | { outcome: 'issued'; invoiceNumber: string; by: string; note?: string; at?: Date }
  | { outcome: 'not-issued'; by: string; note?: string; at?: Date };

// ---------------------------------------------------------------- records read back

export interface ResolutionRecord {
  outcome: 'issued' | 'not-issued';
  by: string;
  at: string;
  invoiceNumber: string | null;
  note: string | null;
}

export interface TransactionRecord {
  orderNo: string;
  tillId: string;
  companyId: string;
  businessDay: string;
  createdAt: string;
  updatedAt: string;
  state: TxState;
  training: boolean;
  operation: PosOperation;
  /** 1 on the first send, +1 per resubmission. */
  attempt: number;
  invoice: InvoiceChoice;
  lines: JournalLine[];
  payments: JournalPayment[];
  totals: JournalTotals;
  requestData: PosOrderData;
  cashier: string | null;
  invoiceNumber: string | null;
  invoiceDateTime: string | null;
  randomNumber: string | null;
  /** Last ResultMessage or reason, for the screens. */
  lastMessage: string | null;
  resolution: ResolutionRecord | null;
}

/** A light row for lists (no body). */
export type TransactionListItem = Omit<
  TransactionRecord,
  'lines' | 'requestData' | 'invoice' | 'payments'
> & {
  invoiceKind: InvoiceKind;
  paymentMethods: string[];
};

export interface ExchangeRecord extends Omit<ExchangeInput, 'at' | 'error'> {
  entryId: number;
  at: string;
  attempt: number;
  error: string | null;
}

export type PrintDataStatus = 'ok' | 'missing' | 'unparseable';

export interface IssueRecord {
  entryId: number;
  at: string;
  invoiceNumber: string;
  invoiceDateTime: string;
  randomNumber: string;
  printDataString: string | null;
  printDataStatus: PrintDataStatus;
  /** Why the print data did not parse (reported, never answered by issuing again). */
  printDataProblem: string | null;
  qKey: string | null;
  qrCodeUrl: string | null;
}

export interface QrDisplayRecord {
  entryId: number;
  at: string;
  qrCodeUrl: string | null;
  shown: boolean;
  reason: string | null;
}

export type EntryKind =
  | 'tx.begun'
  | 'tx.resubmitted'
  | 'tx.exchange'
  | 'tx.issued'
  | 'tx.rejected'
  | 'tx.not-delivered'
  | 'tx.needs-verification'
  | 'tx.recovered'
  | 'tx.resolved'
  | 'tx.qr-display'
  | 'print.created'
  | 'print.attempt'
  | 'supervisor.action';

/**
 * What a supervisor did with the PIN (settings, resolutions, imports, exports, the drawer…): a
 * journal entry of its own (no order number), so the chain proves who did what and when.
 */
export type SupervisorActionKind =
  | 'settings.update'
  | 'settings.set-pin'
  | 'catalog.import'
  | 'catalog.load-sample'
  | 'journal.export'
  | 'printing.open-drawer'
  | 'verification.resolve'
  | 'checkout.resubmit'
  | 'journal.chain-broken-acknowledged';

export interface SupervisorActionInput {
  action: SupervisorActionKind;
  /** Who did it: the cashier's name as given, else `supervisor`. */
  by: string;
  /** What was done, in a few plain fields (never a secret). */
  detail?: Record<string, unknown>;
}

export interface SupervisorActionRecord extends SupervisorActionInput {
  entryId: number;
  at: string;
  detail: Record<string, unknown>;
}

/** One append-only, hash-chained journal entry. */
export interface JournalEntry {
  id: number;
  at: string;
  kind: EntryKind;
  orderNo: string | null;
  payload: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

export interface TransactionDetail {
  transaction: TransactionRecord;
  exchanges: ExchangeRecord[];
  issue: IssueRecord | null;
  qrDisplays: QrDisplayRecord[];
  prints: PrintJobRecord[];
  /** Every entry of this transaction, oldest first. */
  entries: JournalEntry[];
}

// ---------------------------------------------------------------- print jobs

export type PrintJobKind = 'proof' | 'details' | 'summary' | 'test';
export const PRINT_JOB_KINDS: readonly PrintJobKind[] = ['proof', 'details', 'summary', 'test'];

export interface NewPrintJob {
  orderNo: string | null;
  kind: PrintJobKind;
  content: string;
  at?: Date;
}

export type PrintAttempt = { ok: true } | { ok: false; reason: string };

export interface PrintJobRecord {
  id: number;
  orderNo: string | null;
  kind: PrintJobKind;
  content: string;
  state: 'pending' | 'printed';
  /** A proof created when one had already been printed for this order: print 電子發票證明聯補印. */
  reprint: boolean;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  printedAt: string | null;
}

// ---------------------------------------------------------------- reading, counts, summary, chain

export interface ListFilter {
  businessDay: string;
  tillId?: string;
  state?: TxState;
  training?: boolean;
  limit?: number;
  offset?: number;
}

/** For the status bar. */
export interface JournalCounts {
  inFlight: number;
  needsVerification: number;
  pendingPrintJobs: number;
}

export interface AmountCount {
  count: number;
  amount: Ntd;
}

export interface SummaryBlock {
  count: number;
  totalAmount: Ntd;
  taxAmount: Ntd;
  byState: Record<TxState, AmountCount>;
  byOperation: Record<PosOperation, AmountCount>;
  /** Payments of every transaction of the block (money taken), per method. */
  byPaymentMethod: Record<string, AmountCount>;
  /** Issued only: what the invoices total. */
  issued: AmountCount;
}

export interface DaySummary {
  businessDay: string;
  tillId: string | null;
  generatedAt: string;
  /** Real sales. */
  sales: SummaryBlock;
  /** Training-mode transactions, kept apart. */
  training: SummaryBlock;
  /** The chain head when the summary was made: anchor it (print it, keep it) to detect later edits. */
  chainHead: { entryId: number; hash: string };
}

/**
 * Whether the keyed entries' HMACs were checked: `unkeyed` (no key ever recorded: every entry is
 * plain SHA-256 and was checked), `checked` (with the key), `not-checked` (no key given: the keyed
 * entries' links and ids were checked, not their HMACs).
 */
export type ChainHmac = 'checked' | 'not-checked' | 'unkeyed';

/**
 * Order numbers of one till and business day that were handed out (the counter) but have no
 * transaction: a sale removed, or a number taken and never used. A finding, not a broken chain.
 */
export interface OrderGap {
  tillId: string;
  businessDay: string;
  /** The counter: the last number handed out. */
  lastHandedOut: number;
  /** How many numbers up to max(counter, highest sold) have no transaction. */
  missingCount: number;
  /** The first of them (at most 50), ascending. */
  missing: number[];
}

export type ChainVerification =
  | {
      ok: true;
      entries: number;
      head: { entryId: number; hash: string };
      hmac: ChainHmac;
      orderGaps: OrderGap[];
    }
  | {
      ok: false;
      entries: number;
      brokenEntryId: number | null;
      orderNo: string | null;
      reason: Bilingual;
      hmac: ChainHmac;
      orderGaps: OrderGap[];
    };

export type ExportFormat = 'csv' | 'json';

export interface ExportOptions {
  businessDay: string;
  tillId?: string;
  format: ExportFormat;
}

export interface ExportResult {
  rows: number;
  bytes: number;
}

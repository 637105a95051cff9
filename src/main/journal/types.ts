import type { Bilingual, DrawerCash, LineTaxType, Ntd, SalesFigures } from '../../shared/domain';
import type { InvoiceKind, PosOperation, PosOrderData } from '../../provider/pos-profile';
import type { SupervisorActionInput } from '../settings/supervisor';

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
  /** The catalog price when it was not what was charged, and the NT$ taken off (sale detail). */
  listPrice?: number;
  discount?: Ntd;
  /** A 菸酒 line: who confirmed the customer's age, when, for which product (issue 24, item 10). */
  ageCheck?: LineAgeCheck;
}

export interface LineAgeCheck {
  code: string;
  answer: 'confirmed';
  at: string;
  /** The sale's cashier; absent on a till without cashiers. */
  by?: string;
}

/** One payment; `method` is the checkout's own code (`cash`, `card`, `line-pay`, …). */
export interface JournalPayment {
  method: string;
  amount: Ntd;
  tendered?: Ntd;
  change?: Ntd;
  /** Card slip / wallet reference; never a card number. */
  reference?: string;
  /** A card payment's approval code (授權碼) from the terminal's slip (issue 24, item 10). */
  approvalCode?: string;
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
  /**
   * A reissue (改開): the order number of the sale this one replaces, voided before (its void
   * `done`). The voided sale's number is never reused: a reissue is always a new sale.
   */
  reissueOf?: string;
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
  /**
   * The caller parsed this very `printDataString` with `parsePrintDataString` and it was good
   * (the outcome classifier has): the journal does not parse it a second time.
   */
  printDataParsed?: boolean;
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
  | {
      outcome: 'issued';
      invoiceNumber: string;
      /**
       * The random code as the provider's channel shows it: without it the till cannot build the
       * proof itself (no PrintDataString came back for a sale resolved after a timeout).
       */
      randomNumber?: string;
      by: string;
      /** Who was signed in at the till (the confirmer `by` may be another, with the PIN). */
      atTill?: string;
      note?: string;
      at?: Date;
    }
  | { outcome: 'not-issued'; by: string; atTill?: string; note?: string; at?: Date };

// ---------------------------------------------------------------- records read back

export interface ResolutionRecord {
  outcome: 'issued' | 'not-issued';
  /** Who confirmed it (checked with the supervisor PIN). */
  by: string;
  /** Who was signed in at the till then; absent when no cashier was (or in older records). */
  atTill?: string;
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
  /** A reissue (改開): the voided sale it replaces; null for any other sale. */
  reissueOf: string | null;
}

/** A light row for lists (no body). */
export type TransactionListItem = Omit<
  TransactionRecord,
  'lines' | 'requestData' | 'invoice' | 'payments' | 'reissueOf'
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
  | 'supervisor.action'
  | 'reconciliation.run'
  | InvoiceModeEntryKind
  | CloudPrintEntryKind
  | ReturnEntryKind
  | ShiftEntryKind;

/**
 * Invoice mode (issue 27, invoice-mode.ts): a segment split off for the till (no order number),
 * an offline invoice's upload (the sale's order number), a blank report (no order number). The
 * offline issue itself is a `tx.issued` entry carrying `invoiceMode`.
 */
/**
 * Cloud print (issue 29, cloud-print.ts): a job the e-invoice service queued, its state as the
 * service reports it, and a 補印 through the service (written ahead, its answers, its failure).
 */
export type CloudPrintEntryKind =
  | 'cloud-print.queued'
  | 'cloud-print.state'
  | 'cloud-print.reprint-sending'
  | 'cloud-print.exchange'
  | 'cloud-print.reprint-failed';

export type InvoiceModeEntryKind =
  | 'invoice-mode.segment'
  | 'invoice-mode.uploaded'
  | 'invoice-mode.upload-rejected'
  | 'invoice-mode.blank-reporting'
  | 'invoice-mode.blank-reported'
  | 'invoice-mode.upload-sending'
  | 'invoice-mode.split-sending'
  | 'invoice-mode.blank-sending'
  | 'invoice-mode.blank-answered'
  | 'invoice-mode.exchange'
  | 'invoice-mode.call-failed';

/**
 * Cashiers, sign-ins, shifts, paid-in / paid-out / cash drops and Z reports (issue 14): entries of their own
 * with no order number, whose payloads `shift-entries.ts` checks. Nothing is derived from them
 * into a table: what they say is read from the entries.
 */
export const SHIFT_ENTRY_KINDS = [
  'cashier.saved',
  'session.signed-in',
  'session.signed-out',
  'shift.opened',
  'shift.cash-movement',
  'shift.closed',
  'day.z-report',
  'counter.age-check-declined',
] as const;
export type ShiftEntryKind = (typeof SHIFT_ENTRY_KINDS)[number];

// What a supervisor did with the PIN: the gate's vocabulary (settings/supervisor.ts, below the
// journal, which records each act as an entry of its own).
export type { SupervisorActionInput, SupervisorActionKind } from '../settings/supervisor';

/** Another till's export signing key as pinned (export-signature.ts). */
export interface TillKeyPin {
  tillId: string;
  /** SPKI DER, base64. */
  publicKey: string;
  fingerprint: string;
  at: string;
  by: string;
}

export interface SupervisorActionRecord extends SupervisorActionInput {
  entryId: number;
  at: string;
  detail: Record<string, unknown>;
}

/**
 * A reconciliation with the provider (what was checked and found), as a chained entry of its own
 * with no order number: most runs are nobody's act (closing, background), so they are not
 * supervisor actions; a store reconciliation or an accepted suggestion is also recorded as one.
 * The journal keeps the figures only; the report itself is the capability's.
 */
export interface ReconciliationRunInput {
  trigger: 'closing' | 'on-demand' | 'background' | 'store' | 'cli';
  businessDays: string[];
  /** Invoices checked with the provider, and requests made. */
  checked: number;
  requests: number;
  /** False when some answers were missing or unreadable. */
  complete: boolean;
  /** Findings per kind (`not-at-provider`, `upload-late`, …) and suggestions. */
  counts: Record<string, number>;
  /** Who asked, for a store reconciliation (the supervisor as named); null otherwise. */
  by?: string | null;
  /** The tills covered (a store reconciliation: this one and the imported ones). */
  tills?: string[];
}

export interface ReconciliationRunRecord extends Required<ReconciliationRunInput> {
  entryId: number;
  at: string;
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

/** A proof's job on the e-invoice service's cloud printer (issue 29, cloud-print.ts). */
export type CloudPrintState = 'queued' | 'printed' | 'failed';

export interface CloudPrintJobRecord {
  id: number;
  orderNo: string;
  /** The service's `PrintJobID`. */
  printJobId: string;
  printerNo: string;
  state: CloudPrintState;
  /** The service's `Message` of a failed job. */
  message: string | null;
  /** A 補印 through the service, with who asked, who approved and why. */
  reprint: boolean;
  by: string | null;
  approvedBy: string | null;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TransactionDetail {
  transaction: TransactionRecord;
  exchanges: ExchangeRecord[];
  issue: IssueRecord | null;
  qrDisplays: QrDisplayRecord[];
  prints: PrintJobRecord[];
  /** The proof's jobs on the e-invoice service's cloud printer (issue 29), oldest first. */
  cloudPrints: CloudPrintJobRecord[];
  /** Every entry of this transaction (its returns' too), oldest first. */
  entries: JournalEntry[];
  /** Its voids, allowances and allowance voids, oldest first. */
  returns: ReturnRecord[];
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
  /** Every sale of the block, whatever its state (rejected and 待確認 ones too). */
  count: number;
  /** What every sale of the block totals, whatever its state: not an invoice figure (see `invoices`). */
  totalAmount: Ntd;
  /**
   * The tax of the invoices that stand, as the return counts it (`invoices.tax.total`). Until
   * issue 14 it was the tax fields of every sale, whatever its state, and 0 for consumer
   * invoices, whose tax is inside their totals.
   */
  taxAmount: Ntd;
  /** The block's invoices as the authority's return counts them. */
  invoices: InvoiceFigures;
  byState: Record<TxState, AmountCount>;
  byOperation: Record<PosOperation, AmountCount>;
  /** Payments of every transaction of the block (money taken), per method. */
  byPaymentMethod: Record<string, AmountCount>;
  /** Issued only: what the invoices total. */
  issued: AmountCount;
  /** Voids and allowances of the day (by the return's business day and till). */
  returns: ReturnsSummary;
  /**
   * Gross − returns: `amount` is issued − returns.amount; `byPaymentMethod` is the money taken
   * (`byPaymentMethod`, the gross per method) minus `returns.byPaymentMethod`.
   */
  net: { amount: Ntd; byPaymentMethod: Record<string, AmountCount> };
  /**
   * What the day's drawers should hold (`drawer.expected`): floats + taken over + cash sales −
   * cash refunds + paid-in − paid-out − cash drops (issue 22, item 7; until then cash taken − cash
   * refunded).
   */
  expectedCash: Ntd;
  /** The parts of `expectedCash` (shared/domain/drawer.ts; shift-entries.ts `dayDrawers`). */
  drawer: DrawerCash;
  /**
   * The one set of figures (issue 22, item 15; shared/domain/sales-figures.ts): gross (issued
   * invoices), voids, allowances and net per method, tracks used, voids and allowances by number.
   */
  figures: SalesFigures;
}

/** Standing invoices of one kind, with their tax as the return counts it. */
export interface KindFigures extends AmountCount {
  tax: Ntd;
}

/**
 * The day's invoices as the authority's return (401) counts them: only those that stand, voided
 * ones apart, tax for every kind.
 */
export interface InvoiceFigures {
  /** Issued and not voided (a done void, whatever its day, takes an invoice out): the invoice total. */
  standing: AmountCount;
  /** Issued on this day and voided since: shown apart, in neither `standing` nor its tax. */
  voided: AmountCount;
  /** The standing invoices per kind; the consumer tax shared over the consumer kinds in proportion. */
  byKind: Record<InvoiceKind, KindFigures>;
  /**
   * Tax of the standing invoices: `business` (B, with a buyer tax ID) as charged on them;
   * `consumer` (C) the tax inside their tax-inclusive taxable total, taken out of the day's sum as
   * the return takes it out of the period's; `total` both.
   */
  tax: { business: Ntd; consumer: Ntd; total: Ntd };
  /** The tax of the day's done allowances, less that of the day's done allowance voids: the return's 折讓 line. */
  allowanceTax: Ntd;
}

/** The returns part of a summary block: done ones in the figures, unsettled ones apart. */
export interface ReturnsSummary {
  /** Done voids: the voided sales' totals (positive). */
  voids: AmountCount;
  /** Done allowances, voided later or not: their tax-inclusive totals (positive). */
  allowances: AmountCount;
  /** Done allowance voids: the allowances they undo (positive, added back). */
  allowanceVoids: AmountCount;
  /** In flight or needing verification: not in `amount` nor the money until settled. */
  pending: AmountCount;
  /** voids + allowances − allowanceVoids. */
  amount: Ntd;
  /**
   * Money out per method: refunds of done voids and allowances, minus what done allowance voids
   * took back. `count`: the returns with a refund by that method.
   */
  byPaymentMethod: Record<string, AmountCount>;
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

// ---------------------------------------------------------------- returns: voids and allowances

/**
 * A return is a record of its own, linked to the original sale (its order number and invoice
 * number), with the same discipline as a sale: written `in-flight` BEFORE its request, the
 * outcome recorded after, an unknown outcome `needs-verification`, nothing resent by itself.
 * - `void` (作廢): the whole invoice, within its period;
 * - `allowance` (折讓): some lines, quantities or amounts, under an allowance number prefix that
 *   never changes (a resend uses the same prefix, so the service answers the existing number);
 * - `allowance-void` (作廢折讓): undoes one `done` allowance of the same sale.
 */
export const RETURN_KINDS = ['void', 'allowance', 'allowance-void'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_STATES = [
  'in-flight', // written; the request is being sent or about to be
  'done', // the service accepted it (or a person / the status query found that it stands)
  'rejected', // StatusCode 0: nothing was made; final (a new attempt is a new return)
  'not-delivered', // the request surely never reached the service: may be resent
  'needs-verification', // may or may not stand: the status query or a person settles it
  'not-done', // settled as not standing: may be resent
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/**
 * Resending (same record, same prefix, attempt + 1) is allowed only from these. A rejected
 * return is final: sent again unchanged it would be rejected again, and a changed one is a new
 * return with a new prefix.
 */
export const RESENDABLE_RETURN_STATES: readonly ReturnState[] = ['not-delivered', 'not-done'];

/**
 * A return in one of these states stands or may stand: it counts against what can still be
 * returned (an allowance) and blocks a second void. Rejected / not-delivered / not-done do not.
 */
export const STANDING_RETURN_STATES: readonly ReturnState[] = ['in-flight', 'needs-verification', 'done'];

export type ReturnEntryKind =
  | 'return.begun'
  | 'return.exchange'
  | 'return.done'
  | 'return.rejected'
  | 'return.not-delivered'
  | 'return.needs-verification'
  | 'return.recovered'
  | 'return.resolved'
  | 'return.resent'
  /** 改開: the new sale that pays the reissue a void owed (written with that sale's `tx.begun`). */
  | 'return.reissued';

/** Money per payment method, as `[method, amount]` pairs (the sale's payments column's shape). */
export type MethodAmounts = [method: string, amount: Ntd][];

/** One allowance line as the engine sends it. */
export interface ReturnLineInput {
  /** The original line's sequence (its `DetailID`, the allowance's `SequenceNumber`): `001`, `002`, … */
  sequence: string;
  /** Quantity taken back; 0 for an amount-only allowance (a price reduction). */
  quantity: number;
  /** What the customer gets back for this line, tax included (≥ 1). */
  refundAmount: Ntd;
  /** `Amount` as sent (tax excluded); `amount + tax = refundAmount`. */
  amount: Ntd;
  /** `Tax` as sent. */
  tax: Ntd;
}

export interface ReturnLine extends ReturnLineInput {
  /** The sale line's name, for the slip and the screens. */
  name: string;
}

interface NewReturnCommon {
  /** The original sale's order number (issued, with an invoice number). */
  orderNo: string;
  /** The till doing the return (its drawer pays the cash refund; may differ from the sale's). */
  tillId: string;
  /** Plain text, at most 20 characters (the provider's limit on reasons). */
  reason: string;
  /** Who did it (the supervisor as named). */
  by: string;
  /** Defaults to the journal's clock; the business day (Asia/Taipei) is derived from it. */
  at?: Date;
}

/** Written BEFORE the request is sent: state `in-flight`, attempt 1. */
export type NewReturn =
  | (NewReturnCommon & {
      kind: 'void';
      /** What goes back to the customer per method: Σ = the sale's total. Empty for none (改開 with the money kept). */
      refunds: MethodAmounts;
      /**
       * 改開: the new invoice owed from the moment the void is sent (journaled with the void, in
       * its `return.begun`), issued as a new sale once the void stands.
       */
      reissue?: { invoice: InvoiceChoice };
    })
  | (NewReturnCommon & {
      kind: 'allowance';
      lines: ReturnLineInput[];
      /** Σ = Σ lines' refundAmount; methods among the sale's payment methods. */
      refunds: MethodAmounts;
      /** From `nextAllowancePrefix`; allocated here when omitted. Never reused. */
      allowancePrefix?: string;
    })
  | (NewReturnCommon & {
      kind: 'allowance-void';
      /** The allowance (a `done` return of the same sale) this undoes. */
      allowanceReturnId: number;
      /** Money taken back from the customer per method, if any (default none). */
      takenBack?: MethodAmounts;
    });

/** How one return exchange ended, as the client judged it (see `ExchangeOutcome`). */
export type ReturnExchangeOutcome = 'done' | 'rejected' | 'timestamp-retry' | 'not-delivered' | 'uncertain';
export const RETURN_EXCHANGE_OUTCOMES: readonly ReturnExchangeOutcome[] = [
  'done',
  'rejected',
  'timestamp-retry',
  'not-delivered',
  'uncertain',
];

export interface ReturnExchangeInput {
  /** The standard API path: `/Update/CancelInvoices`, `/Update/AllowanceInvoice`, `/Inquire/GetInvoicesStatus`, … */
  operation: string;
  requestTimestamp?: string;
  httpStatus: number | null;
  statusCode: number | null;
  resultMessage: string | null;
  durationMs: number;
  outcome: ReturnExchangeOutcome;
  error?: string;
  at?: Date;
}

export interface ReturnExchangeRecord extends Omit<ReturnExchangeInput, 'at' | 'error'> {
  entryId: number;
  at: string;
  attempt: number;
  error: string | null;
}

export interface ReturnDoneInput {
  /** Required for an allowance (the number the service answered, or an existing one on a duplicate prefix). */
  allowanceNumber?: string;
  statusCode?: number | null;
  resultMessage?: string | null;
  at?: Date;
}

export type ReturnResolutionInput =
  | { outcome: 'done'; allowanceNumber?: string; by: string; note?: string; at?: Date }
  | { outcome: 'not-done'; by: string; note?: string; at?: Date };

export interface ReturnResolutionRecord {
  outcome: 'done' | 'not-done';
  by: string;
  at: string;
  allowanceNumber: string | null;
  note: string | null;
}

export interface ReturnTotals {
  /** Tax included: what the customer gets back (a void: the sale's total). Positive. */
  totalAmount: Ntd;
  /** Σ `Amount` (tax excluded). */
  salesAmount: Ntd;
  /** Σ `Tax`. */
  taxAmount: Ntd;
}

export interface ReturnRecord {
  id: number;
  kind: ReturnKind;
  /** The original sale. */
  orderNo: string;
  invoiceNumber: string;
  state: ReturnState;
  tillId: string;
  companyId: string;
  businessDay: string;
  training: boolean;
  createdAt: string;
  updatedAt: string;
  /** 1 on the first send, +1 per resend (same prefix). */
  attempt: number;
  exchanges: number;
  reason: string;
  by: string;
  /** Allowances: the prefix sent on every attempt. */
  allowancePrefix: string | null;
  /** Allowances once known; an allowance void: the allowance it undoes. */
  allowanceNumber: string | null;
  /** An allowance void: the allowance's return id. */
  targetReturnId: number | null;
  totals: ReturnTotals;
  /** Voids and allowances: money back to the customer; an allowance void: money taken back. */
  refunds: MethodAmounts;
  lines: ReturnLine[];
  lastMessage: string | null;
  resolution: ReturnResolutionRecord | null;
  /** An allowance undone by a `done` allowance void: that void's id. */
  voidedBy: number | null;
  /** 改開 (a void only): the invoice owed and the new sale that pays it, once made; else null. */
  reissue: ReturnReissue | null;
}

/** The reissue a 改開's void owes, as its record carries it. */
export interface ReturnReissue {
  invoice: InvoiceChoice;
  /** The new sale made for it (null: not yet). */
  orderNo: string | null;
  /** That sale's state (null: none yet). */
  saleState: TxState | null;
  /**
   * Still owed: the void is sent and not refused for good (not `rejected`), and no new sale
   * stands or may stand for it (none yet, or the one made was rejected or not issued).
   */
  owed: boolean;
}

export interface ReturnDetail {
  record: ReturnRecord;
  exchanges: ReturnExchangeRecord[];
  /** Every entry of this return, oldest first. */
  entries: JournalEntry[];
}

/** What a sale line has had returned by standing allowances (voided ones excluded). */
export interface ReturnedLine {
  sequence: string;
  name: string;
  soldQuantity: number;
  /** The line's tax-inclusive subtotal. */
  soldAmount: Ntd;
  returnedQuantity: number;
  returnedAmount: Ntd;
  remainingQuantity: number;
  remainingAmount: Ntd;
}

/** `voided`: a void is done; `pending`: one is in flight or needs verification; `none` otherwise. */
export type SaleVoidState = 'none' | 'pending' | 'voided';

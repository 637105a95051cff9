import { z } from 'zod';
import {
  VAT_RATE,
  parseTaipeiDateTime,
  periodOf,
  roundNtd,
  sumNtd,
  taipeiParts,
  type Ntd,
} from '../shared/domain';
import {
  API_KEY_HEADER,
  CONSUMER_BUYER_ID,
  INVOICE_NUMBER_PATTERN,
  RESULT_MESSAGES,
  TIMESTAMP_WINDOW_SECONDS,
  signRequest,
} from './pos-profile';

/**
 * THE provider adapter for the standard API's Update and Inquire operations (provider profile §4):
 * voids, allowances (折讓), allowance voids and the status query. The till's returns client and
 * the training-mode service both import this file, so both sides speak one contract; a real
 * provider's variant is a change here alone.
 *
 * Authentication is the POS API's scheme (profile §1) with the seller's STANDARD key pair, which
 * has its own timestamp space (§5): the same `apiKey` header, wrapper, signature recipe and
 * timestamp window, re-exported below so the till needs one import.
 */

export { API_KEY_HEADER, CONSUMER_BUYER_ID, TIMESTAMP_WINDOW_SECONDS, signRequest };

/**
 * The standard API lives on its own base URL. The training service serves it under this prefix
 * of its one server, so the till's standard base URL is `<service>/standard`; the operation paths
 * below are relative to that base (and a fault's `path` names them the same way).
 */
export const STANDARD_PATH_PREFIX = '/standard';

export const STANDARD_OPERATIONS = {
  /** Void one invoice (`Data` an object) or several (`Data` an array, answer an array). */
  cancelInvoices: '/Update/CancelInvoices',
  /** One allowance. */
  allowanceInvoice: '/Update/AllowanceInvoice',
  /** Several allowances: `Data` an array, answer an array in request order. */
  allowanceInvoices: '/Update/AllowanceInvoices',
  /** Void one allowance. */
  cancelAllowance: '/Update/CancelAllowance',
  /** Void several allowances: `Data` an array, answer an array. */
  cancelAllowances: '/Update/CancelAllowances',
  /** Status of invoices: `Data` an array; answer `{StatusCode, ResultMessage, Data: [...]}`. */
  getInvoicesStatus: '/Inquire/GetInvoicesStatus',
  /** Upload state of invoices: `Data` an array; answer `{StatusCode, ResultMessage, Data: [...]}`. */
  getInvoicesAppendStatus: '/Inquire/GetInvoicesAppendStatus',
  /** Number ranges and per-device segments: `Data` one object; answer `{…, IDList: [...]}`. */
  getInvoiceIdList: '/Inquire/GetInvoiceIDList',
} as const;
export type StandardOperation = keyof typeof STANDARD_OPERATIONS;
export const standardOperations = Object.keys(STANDARD_OPERATIONS) as StandardOperation[];

/** The operation for a path relative to the standard base URL; null for any other path. */
export function standardOperationForPath(path: string): StandardOperation | null {
  return standardOperations.find((operation) => STANDARD_OPERATIONS[operation] === path) ?? null;
}

/** Limits of profile §4. */
export const STANDARD_LIMITS = {
  /** Items in one batch `Data` array (also the status query). */
  batchItems: 100,
  /** `CancelReason`, `Remark` (and any reason text). */
  reasonChars: 20,
  /** `AllowanceNumberPrefix`. */
  allowancePrefixChars: 10,
  /** The service's serial after the prefix: `T010001` + `001`. */
  allowanceSerialDigits: 3,
} as const;

/**
 * Every `ResultMessage` of the standard API. The auth texts are the POS API's (profile §1, same
 * scheme). Every rejection is `StatusCode` 0, HTTP 200.
 */
export const STANDARD_RESULT_MESSAGES = {
  signatureMismatch: RESULT_MESSAGES.signatureMismatch,
  timestampExpired: RESULT_MESSAGES.timestampExpired,
  /** Nothing was done: retry at once with a fresh timestamp. */
  timestampUsed: RESULT_MESSAGES.timestampUsed,
  /** The wrapper's CompanyID is not the seller of this key pair (nothing was done). */
  companyMismatch: 'CompanyID does not match the apiKey',

  /** Void, allowance, status: no issued invoice of this seller with this number. */
  invoiceNotFound: 'Invoice not found',
  /** Void: the void already stands; a retry after an unknown outcome reads this as done. */
  invoiceAlreadyVoided: 'Invoice already voided',
  /** Void: past the end of the invoice's two-month period; use an allowance. */
  voidWindowClosed: 'Void window closed',
  /** Void: allowances stand on the invoice; void those first. */
  invoiceHasAllowances: 'Invoice has allowances',
  /** Allowance: the invoice is voided. */
  invoiceVoided: 'Invoice voided',
  /** Allowance: no line with this `SequenceNumber` (the original `DetailID`). */
  lineNotFound: 'Line not found',
  /** Allowance: the line's quantity or amount, minus allowances that stand, would go below zero. */
  allowanceExceedsLine: 'Allowance exceeds the line',
  /** Allowance: `TotalAmount` ≠ Σ Amount, `TaxAmount` ≠ Σ Tax, or a line's Tax breaks the tax rule. */
  totalsDoNotMatch: 'Totals do not match lines',
  /** Allowance: the prefix was used; nothing new is made and the answer carries the existing AllowanceNumber. */
  duplicatePrefix: 'Duplicate AllowanceNumberPrefix',
  /** Allowance void. */
  allowanceNotFound: 'Allowance not found',
  /** Allowance void: the void already stands (done). */
  allowanceAlreadyVoided: 'Allowance already voided',

  /**
   * Not named by the profile, fixed here: an item whose fields break the schema (a reason over
   * 20 characters, a prefix over 10, a malformed date…). The text goes on with `: ` and the fields.
   */
  invalidData: 'Invalid data',
  /** Not named by the profile: the number list asked for another seller than the request's. */
  idListOtherSeller: 'Invalid data: CompanyID is not the seller of this key pair',
  /** Not named by the profile: `BuyerID` is not the invoice's buyer (`0000000000` for a consumer). */
  buyerMismatch: 'BuyerID does not match the invoice',
  /** Not named by the profile: a batch of more than 100 items (the whole request is refused). */
  tooManyItems: 'Too many items',

  /** Success texts (informative; `StatusCode` 1 is what counts). */
  voided: 'Invoice voided successfully',
  allowanceMade: 'Allowance issued',
  allowanceVoided: 'Allowance voided',
  statusAnswered: 'Status returned',
  appendStatusAnswered: 'Append status returned',
  idListAnswered: 'Invoice number list returned',
} as const;

/**
 * `ProcessStatus`: the last step of the invoice's last operation. The training service answers
 * the first step of each (`I0`, `C0`, `A0`, `D0`); a real provider moves on through upload.
 */
export const PROCESS_STATUS = {
  issued: ['I0', 'I1', 'I2', 'I9', 'IP'],
  voided: ['C0', 'C1', 'C2', 'C9', 'CP'],
  allowance: ['A0', 'A1', 'A2', 'A9', 'AP'],
  allowanceVoided: ['D0', 'D1', 'D2', 'D9', 'DP'],
} as const;
export const PROCESS_STATUS_NOT_FOUND = 'NF';
export type ProcessStatusCode =
  (typeof PROCESS_STATUS)[keyof typeof PROCESS_STATUS][number] | typeof PROCESS_STATUS_NOT_FOUND;
export const processStatusCodes: readonly ProcessStatusCode[] = [
  ...Object.values(PROCESS_STATUS).flat(),
  PROCESS_STATUS_NOT_FOUND,
];

/** What an invoice's last operation was, read from its `ProcessStatus`. */
export function lastOperationOf(
  status: string,
): 'issued' | 'voided' | 'allowance' | 'allowanceVoided' | 'notFound' | null {
  if (status === PROCESS_STATUS_NOT_FOUND) return 'notFound';
  for (const [name, codes] of Object.entries(PROCESS_STATUS)) {
    if ((codes as readonly string[]).includes(status)) return name as keyof typeof PROCESS_STATUS;
  }
  return null;
}

/** `ProcessStatusMessage` texts the training service answers with the first step of each. */
export const PROCESS_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  I0: 'Issued',
  I1: 'Waiting for upload',
  I2: 'Uploaded, awaiting confirmation',
  I9: 'Upload done',
  IP: 'Upload suspended',
  C0: 'Voided',
  A0: 'Allowance issued',
  D0: 'Allowance voided',
  NF: 'Invoice not found',
};

// ---------------------------------------------------------------------------------------------
// Request `Data`

const DATE_TIME = z
  .string()
  .refine((text) => parseTaipeiDateTime(text) !== null, 'YYYY-MM-DDTHH:mm:ss (Asia/Taipei)');
const SELLER_ID = z.string().regex(/^\d{8}$/);
const INVOICE_NUMBER = z.string().regex(INVOICE_NUMBER_PATTERN);
const REASON = z.string().max(STANDARD_LIMITS.reasonChars);
const WHOLE_NTD = z.number().int().safe();

/** `CancelInvoiceData`: one void. */
export const CancelInvoiceData = z.object({
  SellerID: SELLER_ID,
  InvoiceNumber: INVOICE_NUMBER,
  CancelDate: DATE_TIME,
  CancelReason: REASON.min(1),
});
export type CancelInvoiceData = z.infer<typeof CancelInvoiceData>;

/**
 * `AllowanceDetailItem`: one line of an allowance, against one line of one invoice.
 * - `SequenceNumber` is the original line's `DetailID` (`001`…).
 * - `Amount` and `UnitPrice` exclude tax (see `consumerRefundSplit`, `businessLineTax`).
 * - `Quantity` is what comes back; 0 for an amount only (a price reduction, no goods back), then
 *   `UnitPrice` is the `Amount`. The service sums quantities and amounts per line (cumulative
 *   limits), so a quantity of 1 on an amount-only allowance would use up a unit.
 * - `ItemTaxType` is the original line's; `Tax` follows `isLineTaxValid` for the invoice's type.
 */
export const AllowanceDetailItem = z.object({
  InvoiceNumber: INVOICE_NUMBER,
  SequenceNumber: z.string().min(1).max(10),
  Description: z.string().max(256),
  Quantity: z.number().finite().nonnegative(),
  UnitPrice: z.number().finite().nonnegative(),
  Amount: WHOLE_NTD.positive(),
  ItemTaxType: z.enum(['1', '2', '3']),
  Tax: WHOLE_NTD.nonnegative(),
});
export type AllowanceDetailItem = z.infer<typeof AllowanceDetailItem>;

/** `AllowanceData`: one allowance, possibly over lines of several invoices of the same buyer. */
export const AllowanceData = z.object({
  AllowanceNumberPrefix: z
    .string()
    .min(1)
    .max(STANDARD_LIMITS.allowancePrefixChars)
    .regex(/^[0-9A-Za-z]+$/),
  AllowanceDate: DATE_TIME,
  SellerID: SELLER_ID,
  /** The invoice's buyer tax ID, or `0000000000` for a consumer. */
  BuyerID: z.string().regex(/^\d{8}$|^0{10}$/),
  AllowanceType: z.literal('2'),
  TaxAmount: WHOLE_NTD.nonnegative(),
  TotalAmount: WHOLE_NTD.positive(),
  Details: z.array(AllowanceDetailItem).min(1).max(STANDARD_LIMITS.batchItems),
});
export type AllowanceData = z.infer<typeof AllowanceData>;

/** `CancelModel`: void one allowance. */
export const CancelModel = z.object({
  SellerID: SELLER_ID,
  AllowanceNumber: z
    .string()
    .min(1)
    .max(STANDARD_LIMITS.allowancePrefixChars + STANDARD_LIMITS.allowanceSerialDigits),
  CancelDate: DATE_TIME,
  CancelReason: REASON.min(1),
  Remark: REASON.default(''),
});
export type CancelModel = z.infer<typeof CancelModel>;
export type CancelModelInput = z.input<typeof CancelModel>;

/** `RequestInvoiceStatus`: one invoice in the status query (`CompanyID` is the seller). */
export const RequestInvoiceStatus = z.object({
  CompanyID: SELLER_ID,
  InvoiceID: z.string().min(1).max(10),
});
export type RequestInvoiceStatus = z.infer<typeof RequestInvoiceStatus>;

/** `/Inquire/GetInvoicesAppendStatus` takes the status query's items. */
export const RequestAppendStatus = RequestInvoiceStatus;
export type RequestAppendStatus = RequestInvoiceStatus;

/**
 * `RequestAssagnNoModel` (sic, the spec's name): the number ranges of one period (`StageMonth`,
 * the period's EVEN month) or of a whole AD year (without `StageMonth`).
 */
export const RequestAssignNoModel = z.object({
  CompanyID: SELLER_ID,
  StageYear: z.number().int().min(2000).max(2999),
  StageMonth: z
    .number()
    .int()
    .refine((month) => month >= 2 && month <= 12 && month % 2 === 0, 'an even month 2-12')
    .optional(),
});
export type RequestAssignNoModel = z.infer<typeof RequestAssignNoModel>;

/** The `Data` each operation takes: one object, an array of them (at most 100), or either. */
export const STANDARD_DATA_SHAPES = {
  cancelInvoices: { item: CancelInvoiceData, accepts: 'object-or-array' },
  allowanceInvoice: { item: AllowanceData, accepts: 'object' },
  allowanceInvoices: { item: AllowanceData, accepts: 'array' },
  cancelAllowance: { item: CancelModel, accepts: 'object' },
  cancelAllowances: { item: CancelModel, accepts: 'array' },
  getInvoicesStatus: { item: RequestInvoiceStatus, accepts: 'array' },
  getInvoicesAppendStatus: { item: RequestAppendStatus, accepts: 'array' },
  getInvoiceIdList: { item: RequestAssignNoModel, accepts: 'object' },
} as const satisfies Record<
  StandardOperation,
  { item: z.ZodTypeAny; accepts: 'object' | 'array' | 'object-or-array' }
>;

export interface StandardRequestBody<D> {
  CompanyID: string;
  Timestamp: string;
  Signature: string;
  Data: D;
}

/** The wrapper (profile §1 scheme) signed with the seller's standard signing secret. */
export function buildStandardRequestBody<D>(
  companyId: string,
  signingSecret: string,
  timestamp: string,
  data: D,
  /** The provider variant's recipe (`variants/`); the profile's by default. */
  sign: (companyId: string, signingSecret: string, timestamp: string) => string = signRequest,
): StandardRequestBody<D> {
  return {
    CompanyID: companyId,
    Timestamp: timestamp,
    Signature: sign(companyId, signingSecret, timestamp),
    Data: data,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers (HTTP 200). Unknown fields are ignored.

const STATUS_CODE = z.union([z.literal(0), z.literal(1)]);

/**
 * A rejection of the whole request (signature, timestamp, CompanyID, too many items): one
 * object even for a batch operation, without the per-item fields. Nothing was done.
 */
export const StandardRequestRejection = z.object({
  StatusCode: z.literal(0),
  ResultMessage: z.string(),
});
export type StandardRequestRejection = z.infer<typeof StandardRequestRejection>;

/** Per item of `/Update/CancelInvoices`. */
export const CancelInvoiceResult = z.object({
  StatusCode: STATUS_CODE,
  ResultMessage: z.string(),
  SellerID: z.string(),
  InvoiceNumber: z.string(),
});
export type CancelInvoiceResult = z.infer<typeof CancelInvoiceResult>;

/**
 * Per item of `/Update/AllowanceInvoice(s)`. `AllowanceNumber` is present on success and on
 * `Duplicate AllowanceNumberPrefix` (the existing number), absent on other rejections.
 */
export const AllowanceResult = z.object({
  StatusCode: STATUS_CODE,
  ResultMessage: z.string(),
  SellerID: z.string(),
  AllowanceNumber: z.string().optional(),
});
export type AllowanceResult = z.infer<typeof AllowanceResult>;

/** Per item of `/Update/CancelAllowance(s)`. */
export const CancelAllowanceResult = z.object({
  StatusCode: STATUS_CODE,
  ResultMessage: z.string(),
  SellerID: z.string(),
  AllowanceNumber: z.string(),
});
export type CancelAllowanceResult = z.infer<typeof CancelAllowanceResult>;

/** One allowance as the status query lists it; amounts are its lines on THIS invoice. */
export const InvoiceStatusAllowance = z.object({
  AllowanceNumber: z.string(),
  TotalAmount: z.number().int(),
  TaxAmount: z.number().int(),
  Voided: z.boolean(),
});
export type InvoiceStatusAllowance = z.infer<typeof InvoiceStatusAllowance>;

/** One item of `/Inquire/GetInvoicesStatus`'s `Data`; `NF` items carry no invoice fields. */
export const InvoiceStatusItem = z.object({
  InvoiceID: z.string(),
  ProcessStatus: z.string(),
  ProcessStatusMessage: z.string(),
  BillingNo: z.string().optional(),
  InvoiceDateTime: z.string().optional(),
  TotalAmount: z.number().int().optional(),
  Allowances: z.array(InvoiceStatusAllowance).default([]),
});
export type InvoiceStatusItem = z.infer<typeof InvoiceStatusItem>;

export const GetInvoicesStatusResponse = z.object({
  StatusCode: z.literal(1),
  ResultMessage: z.string(),
  Data: z.array(InvoiceStatusItem),
});
export type GetInvoicesStatusResponse = z.infer<typeof GetInvoicesStatusResponse>;

/**
 * `AppendStatus` (profile §4): `N` not on the provider's platform, `P` on it but not yet uploaded,
 * `U` uploaded to the tax authority, `C` uploaded and confirmed. An unknown number answers `N`.
 */
export const APPEND_STATUS = ['N', 'P', 'U', 'C'] as const;
export type AppendStatus = (typeof APPEND_STATUS)[number];

/** One item of `/Inquire/GetInvoicesAppendStatus`'s `Data`, in request order. */
export const AppendStatusItem = z.object({
  InvoiceID: z.string(),
  AppendStatus: z.enum(APPEND_STATUS),
});
export type AppendStatusItem = z.infer<typeof AppendStatusItem>;

export const GetInvoicesAppendStatusResponse = z.object({
  StatusCode: z.literal(1),
  ResultMessage: z.string(),
  Data: z.array(AppendStatusItem),
});
export type GetInvoicesAppendStatusResponse = z.infer<typeof GetInvoicesAppendStatusResponse>;

/** The 8-digit part of an invoice number, leading zeros kept (`00001000`). */
const SERIAL = z.string().regex(/^\d{8}$/);

/**
 * One segment of a track (profile §4): `InvoiceCount` numbers `[StartNumber, EndNumber]` (both
 * inclusive) given to the device `UseFor` (the POS order's `DeviceID`). `CurrentNumber` is the next
 * number it would issue (`StartNumber` when none is used yet; `EndNumber` + 1 when used up, which
 * is `100000000` for a used-up segment that ends at serial 99999999, the one 9-digit value), so
 * `[StartNumber, CurrentNumber)` are the numbers issued from it. `Code` names the segment;
 * `RowStatus`: `A` issuing, `F` used up.
 */
export const InvoiceIdSegment = z.object({
  Code: z.string(),
  UseFor: z.string(),
  StartNumber: SERIAL,
  EndNumber: SERIAL,
  // A used-up segment that ends at the last serial, 99999999, is the one place past 8 digits.
  CurrentNumber: z.string().regex(/^(\d{8}|100000000)$/),
  InvoiceCount: z.number().int().positive(),
  RowStatus: z.string(),
});
export type InvoiceIdSegment = z.infer<typeof InvoiceIdSegment>;

/** One track (`Word`, two capital letters) in one period (`StageMonth`, the even month). */
export const InvoiceIdTrack = z.object({
  Word: z.string().regex(/^[A-Z]{2}$/),
  StageYear: z.number().int(),
  StageMonth: z.number().int(),
  BeginNumber: SERIAL,
  EndNumber: SERIAL,
  Details: z.array(InvoiceIdSegment),
});
export type InvoiceIdTrack = z.infer<typeof InvoiceIdTrack>;

export const GetInvoiceIdListResponse = z.object({
  StatusCode: z.literal(1),
  ResultMessage: z.string(),
  IDList: z.array(InvoiceIdTrack),
});
export type GetInvoiceIdListResponse = z.infer<typeof GetInvoiceIdListResponse>;

/** The numbers a segment has issued, `[StartNumber, CurrentNumber)`, as full invoice numbers. */
export function issuedFromSegment(word: string, segment: InvoiceIdSegment): string[] {
  const start = Number(segment.StartNumber);
  const end = Math.min(Number(segment.CurrentNumber), Number(segment.EndNumber) + 1);
  const numbers: string[] = [];
  for (let serial = start; serial < end; serial++) numbers.push(word + String(serial).padStart(8, '0'));
  return numbers;
}

/** `StatusCode` 0 `Timestamp already used`: nothing was done; retry at once with a fresh timestamp. */
export function isStandardTimestampUsed(answer: { StatusCode: number; ResultMessage: string }): boolean {
  return answer.StatusCode === 0 && answer.ResultMessage === STANDARD_RESULT_MESSAGES.timestampUsed;
}

// ---------------------------------------------------------------------------------------------
// Pure rules both sides apply

/** `AllowanceNumber`: the caller's prefix followed by the service's 3-digit serial (`T010001001`). */
export function allowanceNumberOf(prefix: string, serial: number): string {
  return prefix + String(serial).padStart(STANDARD_LIMITS.allowanceSerialDigits, '0');
}

/**
 * A refund of `refund` NT$ (tax included, as the customer paid) on a line of a CONSUMER (C)
 * invoice, whose line amounts include tax: taxable (`ItemTaxType` 1) → `Amount = round(R / 1.05)`,
 * `Tax = R − Amount`, so Amount + Tax is exactly what goes back to the customer; zero-rated or
 * exempt → `Amount = R`, `Tax = 0`.
 */
export function consumerRefundSplit(refund: Ntd, itemTaxType: '1' | '2' | '3'): { amount: Ntd; tax: Ntd } {
  if (itemTaxType !== '1') return { amount: refund, tax: 0 };
  const amount = roundNtd(refund / (1 + VAT_RATE));
  return { amount, tax: refund - amount };
}

/** `Tax` of an allowance line on a BUSINESS (B) invoice: `round(Amount × 0.05)` when taxable, else 0. */
export function businessLineTax(amount: Ntd, itemTaxType: '1' | '2' | '3'): Ntd {
  return itemTaxType === '1' ? roundNtd(amount * VAT_RATE) : 0;
}

/**
 * Whether a line's `Tax` follows the rule for its invoice: B lines `round(Amount × 0.05)`; C
 * taxable lines the split of some refund R (`Amount = round((Amount + Tax) / 1.05)`); untaxed 0.
 */
export function isLineTaxValid(
  invoiceFor: 'B' | 'C',
  itemTaxType: '1' | '2' | '3',
  amount: Ntd,
  tax: Ntd,
): boolean {
  if (itemTaxType !== '1') return tax === 0;
  if (invoiceFor === 'B') return tax === businessLineTax(amount, itemTaxType);
  return consumerRefundSplit(amount + tax, itemTaxType).amount === amount;
}

/**
 * How much of a line's `SubTotal` an allowance line uses up, in the units of that SubTotal: a C
 * invoice's line amounts include tax (Amount + Tax), a B invoice's exclude it (Amount).
 */
export function allowanceLineValue(invoiceFor: 'B' | 'C', amount: Ntd, tax: Ntd): Ntd {
  return invoiceFor === 'C' ? amount + tax : amount;
}

/** The header sums an allowance must carry: `TotalAmount` = Σ Amount, `TaxAmount` = Σ Tax. */
export function allowanceTotals(details: ReadonlyArray<{ Amount: Ntd; Tax: Ntd }>): {
  totalAmount: Ntd;
  taxAmount: Ntd;
} {
  return {
    totalAmount: sumNtd(details.map((detail) => detail.Amount)),
    taxAmount: sumNtd(details.map((detail) => detail.Tax)),
  };
}

/**
 * The end of an invoice's void window: the first instant AFTER its two-month period
 * (Asia/Taipei), e.g. an invoice of 2026-11-05 may be voided until 2026-12-31T23:59:59 Taipei,
 * and from 2027-01-01T00:00:00 Taipei on it takes an allowance. Null for a malformed date.
 */
export function voidWindowEnd(invoiceDateTime: string | Date): Date | null {
  const instant =
    typeof invoiceDateTime === 'string' ? parseTaipeiDateTime(invoiceDateTime) : invoiceDateTime;
  if (!instant || Number.isNaN(instant.getTime())) return null;
  const { year, month } = taipeiParts(instant);
  const { endMonth } = periodOf(year, month);
  const nextYear = endMonth === 12 ? year + 1 : year;
  const nextMonth = endMonth === 12 ? 1 : endMonth + 1;
  return parseTaipeiDateTime(`${nextYear}-${String(nextMonth).padStart(2, '0')}-01T00:00:00`);
}

/** Whether the invoice may still be voided at `now` (else an allowance; spec rule 2). */
export function isWithinVoidWindow(invoiceDateTime: string | Date, now: Date): boolean {
  const end = voidWindowEnd(invoiceDateTime);
  return end !== null && now.getTime() < end.getTime();
}

// ---------------------------------------------------------------------------------------------
// Upload deadlines (profile §4 Upload): the seller's to watch

/** After this long still `N` or `P`, an invoice is worth a call to the provider. */
export const UPLOAD_AT_RISK_AFTER_SECONDS = 60 * 60;

/** The legal upload deadline after issue: consumer (C) invoices 48 hours, business (B) 7 days. */
export const UPLOAD_DEADLINE_SECONDS = { C: 48 * 60 * 60, B: 7 * 24 * 60 * 60 } as const;

export type UploadRisk = 'ok' | 'at-risk' | 'late';

/**
 * Where an invoice stands against its upload deadline at `now`: `ok` once uploaded (`U`, `C`) or
 * within the first hour; `at-risk` still `N`/`P` after an hour; `late` still `N`/`P` past the
 * deadline. `issuedAt` is the invoice's date-time (its instant).
 */
export function uploadRisk(
  invoiceFor: 'B' | 'C',
  issuedAt: Date,
  appendStatus: AppendStatus,
  now: Date,
): UploadRisk {
  if (appendStatus === 'U' || appendStatus === 'C') return 'ok';
  const age = (now.getTime() - issuedAt.getTime()) / 1000;
  if (age > UPLOAD_DEADLINE_SECONDS[invoiceFor]) return 'late';
  if (age > UPLOAD_AT_RISK_AFTER_SECONDS) return 'at-risk';
  return 'ok';
}

/** The instant an invoice's upload is due. */
export function uploadDeadline(invoiceFor: 'B' | 'C', issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + UPLOAD_DEADLINE_SECONDS[invoiceFor] * 1000);
}

import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { InvoiceAmounts } from '../shared/domain';

/**
 * THE provider adapter: every assumption about the provider's POS/self-service API that the
 * interface spec leaves "not shown" and `shared/spec/provider-profile.md` §1-§2 fixes. A real
 * provider's variant (profile §6: its signature recipe, wire names, answer shapes) is one file in
 * `./variants/`, mapping onto the types here. Used by the till's client and by the
 * training-mode service, so both sides speak one contract.
 */

export const POS_OPERATIONS = {
  /** Paper proof: the service returns `PrintDataString` for our printer. */
  order: '/Append/Order',
  /** Customer decides on the phone: `QKey` + `QrCodeUrl`. */
  orderReturnQKey: '/Append/OrderReturnQKey',
  /** Carrier or love code given at the counter: issue result only. */
  orderWithoutPrint: '/Append/OrderWithoutPrint',
} as const;
export type PosOperation = keyof typeof POS_OPERATIONS;
export const posOperations = Object.keys(POS_OPERATIONS) as PosOperation[];

export function operationForPath(path: string): PosOperation | null {
  return posOperations.find((operation) => POS_OPERATIONS[operation] === path) ?? null;
}

export const API_KEY_HEADER = 'apiKey';
/** Accepted clock difference between a till and the service. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

/** Lowercase hex SHA-256 of the UTF-8 string CompanyID + SigningSecret + Timestamp. */
export function signRequest(companyId: string, signingSecret: string, timestamp: string): string {
  return createHash('sha256')
    .update(companyId + signingSecret + timestamp, 'utf8')
    .digest('hex');
}

/** The fixed texts of the checks made before anything is issued. */
export const RESULT_MESSAGES = {
  signatureMismatch: 'Signature mismatch',
  timestampExpired: 'Timestamp expired',
  /** Safe to retry at once with a fresh timestamp: nothing was issued. */
  timestampUsed: 'Timestamp already used',
  duplicateBillingNo: 'Duplicate BillingNo',
  /**
   * Profile §5: the order's `DeviceID` is not the device of the `apiKey`'s key pair (each till is a
   * registered device with its own pair). Nothing was issued; the till's settings are wrong.
   */
  deviceMismatch: 'Device mismatch',
} as const;

/** `InvoiceNumber`: the track (2 capital letters) + 8 digits, e.g. `AB12345678`. */
export const INVOICE_NUMBER_PATTERN = /^[A-Z]{2}\d{8}$/;
/** `RandomNumber`: 4 digits, leading zeros kept. */
export const RANDOM_NUMBER_PATTERN = /^\d{4}$/;

/** A random code (0000-9999) from the OS's cryptographic source: it is printed, and must not be guessable. */
export function drawRandomNumber(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** Consumers have no tax ID: the provider expects ten zeros in `BuyerID`. */
export const CONSUMER_BUYER_ID = '0000000000';

export const PosDetail = z.object({
  DetailID: z.string(),
  ProductName: z.string(),
  Quantity: z.number(),
  UnitPrice: z.number(),
  SubTotal: z.number().int(),
  ItemTaxType: z.enum(['1', '2', '3']),
});
export type PosDetail = z.infer<typeof PosDetail>;

/**
 * The order (`Data`): the standard API's InvoiceData without InvoiceID and CheckNumber, plus
 * DeviceID. Amounts are whole NT$. This is the till's canonical order, what the journal keeps
 * before anything is sent; a provider variant shapes only the bytes on the wire.
 */
export interface PosOrderData {
  BillingNo: string;
  /**
   * The random code (隨機碼, 4 digits) the till chose for this order, drawn when the order is
   * built so that it is in the journal before the request leaves. Where the provider lets the
   * seller choose it (SystemLead: `RandomNumber` for C, `CheckNumber` for B) the variant sends it
   * and the answer does not repeat it, so this is the code of the invoice. The profile's service
   * allocates its own (§1): its variant does not send this, and the answer's `RandomNumber` counts.
   * Absent in sales journaled before the till chose one.
   */
  RandomNumber?: string;
  /** Asia/Taipei local time, `YYYY-MM-DDTHH:mm:ss`. */
  InvoiceDateTime: string;
  InvoiceFor: 'B' | 'C';
  BuyerID: string;
  BuyerInvoiceTitle?: string;
  BuyerName: string;
  BuyerTelNo?: string;
  BuyerEmailAddress?: string;
  PrintMark: 'Y' | 'N';
  TaxType: '1' | '2' | '3' | '9';
  SalesAmount: number;
  FreeTaxSalesAmount: number;
  ZeroTaxSalesAmount: number;
  TaxAmount: number;
  TotalAmount: number;
  CarrierType?: string;
  CarrierId?: string;
  NPOBAN?: string;
  Note?: string;
  DeviceID: string;
  Details: PosDetail[];
}

export interface PosRequestBody {
  CompanyID: string;
  Timestamp: string;
  Signature: string;
  Data: PosOrderData;
}

/** What every POS operation answers (HTTP 200). Unknown fields are ignored, missing ones are not guessed. */
export const PosResponse = z.object({
  StatusCode: z.union([z.literal(0), z.literal(1)]),
  ResultMessage: z.string(),
  BillingNo: z.string().optional(),
  InvoiceNumber: z.string().optional(),
  InvoiceDateTime: z.string().optional(),
  RandomNumber: z.string().optional(),
  PrintDataString: z.string().optional(),
  QKey: z.string().optional(),
  QrCodeUrl: z.string().optional(),
});
export type PosResponse = z.infer<typeof PosResponse>;

/** A success must carry the issue result; without it the answer is unreadable, not a success. */
export const PosIssued = PosResponse.extend({
  StatusCode: z.literal(1),
  BillingNo: z.string().min(1),
  InvoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN),
  InvoiceDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  RandomNumber: z.string().regex(RANDOM_NUMBER_PATTERN),
});
export type PosIssued = z.infer<typeof PosIssued>;

/**
 * `PrintDataString`: JSON text with the proof's content (profile §1), never a print command.
 * Unknown fields are ignored.
 */
export const PrintData = z.object({
  Version: z.literal(1),
  SellerName: z.string(),
  SellerID: z.string().regex(/^\d{8}$/),
  InvoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN),
  InvoiceDateTime: z.string(),
  RandomNumber: z.string().regex(RANDOM_NUMBER_PATTERN),
  PeriodText: z.string(),
  TotalAmount: z.number().int(),
  SalesAmount: z.number().int(),
  TaxAmount: z.number().int(),
  BuyerID: z.string(),
  FormatCode: z.string(),
  Barcode: z.string().length(19),
  QRCodeLeft: z.string(),
  QRCodeRight: z.string(),
  Details: z.array(
    z.object({
      ProductName: z.string(),
      Quantity: z.number(),
      UnitPrice: z.number(),
      SubTotal: z.number(),
    }),
  ),
  Remark: z.string().default(''),
});
export type PrintData = z.infer<typeof PrintData>;

/** Parses `PrintDataString`; a text that does not parse is reported, never answered by issuing again. */
export function parsePrintDataString(
  text: string,
): { ok: true; data: PrintData } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'PrintDataString is not JSON' };
  }
  const parsed = PrintData.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `PrintDataString: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    };
  }
  return { ok: true, data: parsed.data };
}

/** A `QrCodeUrl` is shown only when it is a valid https link, used as returned (spec POS rule 2). */
export function usableQrCodeUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' ? value : null;
  } catch {
    return null;
  }
}

/** The invoice choices of profile §2 and the one operation each uses. */
export type InvoiceKind = 'paper' | 'phone' | 'carrier' | 'donate' | 'business';

export function operationFor(kind: InvoiceKind, hasCarrier: boolean): PosOperation {
  switch (kind) {
    case 'paper':
      return 'order';
    case 'phone':
      return 'orderReturnQKey';
    case 'carrier':
    case 'donate':
      return 'orderWithoutPrint';
    case 'business':
      // A business buyer who gives a mobile barcode needs no paper; otherwise the proof is printed.
      return hasCarrier ? 'orderWithoutPrint' : 'order';
  }
}

/** The wrapper around `Data` (profile §1): signed with the company's secret for this timestamp. */
export function buildRequestBody(
  companyId: string,
  signingSecret: string,
  timestamp: string,
  data: PosOrderData,
): PosRequestBody {
  return {
    CompanyID: companyId,
    Timestamp: timestamp,
    Signature: signRequest(companyId, signingSecret, timestamp),
    Data: data,
  };
}

/** The request headers besides the content type: the POS key pair's public half. */
export function requestHeaders(apiKey: string): Record<string, string> {
  return { [API_KEY_HEADER]: apiKey };
}

/**
 * HTTP statuses that mean the service did not take the request in, so nothing was issued:
 * 400 (the body is not JSON or not the wrapper) and 401 (wrong apiKey). Every other non-200
 * status (5xx above all, and anything this profile does not name) may hide an issued invoice.
 */
export const NOTHING_ISSUED_HTTP_STATUSES: readonly number[] = [400, 401];

/** `Timestamp already used`: decided before anything is issued; retry at once with a fresh timestamp. */
export function isTimestampUsed(response: PosResponse): boolean {
  return response.StatusCode === 0 && response.ResultMessage === RESULT_MESSAGES.timestampUsed;
}

/** `Duplicate BillingNo`: an invoice already exists for this order number (verify it; never issue again). */
export function isDuplicateBillingNo(response: PosResponse): boolean {
  return response.StatusCode === 0 && response.ResultMessage === RESULT_MESSAGES.duplicateBillingNo;
}

/** Which print/QR data the operation is expected to return on success (profile §1 table). */
export function expectedExtras(
  operation: PosOperation,
): ReadonlyArray<'PrintDataString' | 'QKey' | 'QrCodeUrl'> {
  switch (operation) {
    case 'order':
      return ['PrintDataString'];
    case 'orderReturnQKey':
      return ['QKey', 'QrCodeUrl'];
    case 'orderWithoutPrint':
      return [];
  }
}

/** `BuyerName` is required; a consumer has none, so the provider gets this placeholder. */
export const CONSUMER_BUYER_NAME = '消費者';

/**
 * The till's neutral view of one invoice, as the checkout prepared and validated it: the shared
 * tax split's amounts and lines, plus who, when and how.
 */
export interface OrderDataInput extends InvoiceAmounts {
  orderNo: string;
  /** `YYYY-MM-DDTHH:mm:ss`, Asia/Taipei. */
  invoiceDateTime: string;
  deviceId: string;
  operation: PosOperation;
  buyerTaxId?: string;
  buyerTitle?: string;
  carrier?: { type: string; id: string };
  loveCode?: string;
  /** The random code; drawn here when not given (tests give one to get a known order). */
  randomNumber?: string;
}

/** Maps the till's invoice onto the provider's `Data` (profile §1): the field names are the provider's. */
export function toPosOrderData(input: OrderDataInput): PosOrderData {
  const business = input.invoiceFor === 'B';
  const data: PosOrderData = {
    BillingNo: input.orderNo,
    RandomNumber: input.randomNumber ?? drawRandomNumber(),
    InvoiceDateTime: input.invoiceDateTime,
    InvoiceFor: input.invoiceFor,
    BuyerID: business && input.buyerTaxId ? input.buyerTaxId : CONSUMER_BUYER_ID,
    BuyerName: business && input.buyerTitle ? input.buyerTitle : CONSUMER_BUYER_NAME,
    // `Y` when this till prints the proof from PrintDataString (operation `order`).
    PrintMark: input.operation === 'order' ? 'Y' : 'N',
    TaxType: input.taxType,
    SalesAmount: input.salesAmount,
    FreeTaxSalesAmount: input.freeTaxSalesAmount,
    ZeroTaxSalesAmount: input.zeroTaxSalesAmount,
    TaxAmount: input.taxAmount,
    TotalAmount: input.totalAmount,
    DeviceID: input.deviceId,
    Details: input.lines.map((line, i) => ({
      DetailID: String(i + 1).padStart(3, '0'),
      ProductName: line.name,
      Quantity: line.quantity,
      UnitPrice: line.unitPrice,
      SubTotal: line.subTotal,
      ItemTaxType: line.itemTaxType,
    })),
  };
  if (business && input.buyerTitle) data.BuyerInvoiceTitle = input.buyerTitle;
  if (input.carrier) {
    data.CarrierType = input.carrier.type;
    data.CarrierId = input.carrier.id;
  }
  if (input.loveCode) data.NPOBAN = input.loveCode;
  return data;
}

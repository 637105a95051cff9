import { z } from 'zod';
import { INVOICE_NUMBER_PATTERN, RANDOM_NUMBER_PATTERN, type PosOrderData } from './pos-profile';
import type { ProviderVariant, ProviderVariantId } from './variants/variant';

/**
 * Cloud print (provider profile §8): the provider issues the invoice and queues its proof for a
 * printer it drives (a store-side agent polls the queue and prints on the printer `PrinterNo`
 * names). Three operations on the POS API's base URL with the POS key pair:
 * - `/Append/PrintInvoices`: a top-level array of order-mode orders (§1's `Data`), each with
 *   `PrinterNo` and optional `SalesID`, each in its own signed wrapper (§6's batch form); one
 *   answer per order `{ StatusCode, ResultMessage, InvoiceNumber, InvoiceDateTime, PrintJobID }`.
 *   The service sets `PrintMark` Y and clears the carrier fields (seed rule 7), so a sale with a
 *   carrier or a love code is never sent here.
 * - `/Update/RePrint`: `Data` `{ CompanyID, InvoiceNumber, PrinterNo, Reason }`: the same proof,
 *   marked 補印, queued again.
 * - `/Inquire/GetPrintJobs`: `Data` `[{ CompanyID, PrintJobID }]`: per job `{ PrintJobID,
 *   PrinterNo, Status }`, `Q` queued, `P` printed, `E` failed (`Message`).
 * The till and the training service both read these shapes from here, so both speak one contract.
 */
export const CLOUD_PRINT_OPERATIONS = {
  printInvoices: '/Append/PrintInvoices',
  rePrint: '/Update/RePrint',
  getPrintJobs: '/Inquire/GetPrintJobs',
} as const;
export type CloudPrintOperation = keyof typeof CLOUD_PRINT_OPERATIONS;
export const cloudPrintOperations = Object.keys(CLOUD_PRINT_OPERATIONS) as CloudPrintOperation[];

export function cloudPrintOperationForPath(path: string): CloudPrintOperation | null {
  return cloudPrintOperations.find((operation) => CLOUD_PRINT_OPERATIONS[operation] === path) ?? null;
}

/** The fixed texts of §8's refusals (besides §1's checks and the order's own rules). */
export const CLOUD_PRINT_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  invoiceVoided: 'Invoice voided',
  printerNotFound: 'Printer not found',
  salesIdRefused: 'SalesID not accepted',
  salesIdNotAField: 'SalesID is not a field of this API',
  carrierNotPrinted: 'A carrier or love-code sale is not printed',
  printJobNotFound: 'Print job not found',
  printerNoTooLong: 'PrinterNo is too long',
} as const;

/**
 * What one provider takes of cloud print. SystemLead (`CHT/Receipt.md`): `PrinterNo` is a String
 * of at most 2 characters ("00", "01") and there is no `SalesID` field; its list
 * (`InvoiceApiList.md`) has `/Append/PrintInvoices` ("依照原開立發票格式上傳", the invoice format of
 * `Receipt.md`) but neither `/Update/RePrint` nor a print-job query: those are this profile's.
 */
export interface CloudPrintDialect {
  printerNoMax: number;
  /** Whether `SalesID` is a field at all. */
  salesId: boolean;
  /**
   * Why the till does not offer cloud print with this provider (null when it does): shown by the
   * provider check and in Settings beside a `cloud:` printer.
   */
  notOffered: { zh: string; en: string } | null;
}

export const CLOUD_PRINT_DIALECTS: Readonly<Record<ProviderVariantId, CloudPrintDialect>> = {
  profile: { printerNoMax: 10, salesId: true, notOffered: null },
  systemlead: {
    printerNoMax: 2,
    salesId: false,
    // The documents make /Append/PrintInvoices an upload of invoices the seller numbered itself
    // (Receipt.md's green note): an order-mode till has no such number, and no job query tells
    // the cashier whether paper came out.
    notOffered: {
      zh: 'SystemLead 的 /Append/PrintInvoices 只收發票版（收銀機自行配號的發票），也沒有列印工作查詢：此收銀機無法使用雲端列印，請設定本機或虛擬印表機。',
      en: "SystemLead's /Append/PrintInvoices takes only invoices the till numbered itself (invoice format), and there is no print-job query: this till cannot use cloud print; set a local or virtual printer.",
    },
  },
};

/** `PrinterNo`: letters and digits only (it names a printer in the provider's console). */
export const PRINTER_NO_PATTERN = /^[0-9A-Za-z]+$/;
/** `SalesID`: the cashier or sales code the provider's console shows beside the job. */
export const SALES_ID_PATTERN = /^[0-9A-Za-z_-]{1,20}$/;
/** `Reason` of a reprint: at most 20 characters, as every reason text of the standard API. */
export const REPRINT_REASON_CHARS = 20;

/** Why a printer number or sales id cannot be sent to this provider; null when it can. */
export function refusePrinter(
  dialect: CloudPrintDialect,
  printerNo: string,
  salesId?: string,
): { zh: string; en: string } | null {
  if (!PRINTER_NO_PATTERN.test(printerNo) || printerNo.length > dialect.printerNoMax) {
    return {
      zh: `雲端印表機編號「${printerNo}」須為 1 至 ${dialect.printerNoMax} 個英數字。`,
      en: `The cloud printer number "${printerNo}" must be 1 to ${dialect.printerNoMax} letters or digits.`,
    };
  }
  if (salesId !== undefined && !dialect.salesId) {
    return {
      zh: '此發票服務沒有銷售人員代碼（SalesID）欄位：請清空。',
      en: 'This provider has no sales id (SalesID) field: leave it empty.',
    };
  }
  if (salesId !== undefined && !SALES_ID_PATTERN.test(salesId)) {
    return {
      zh: `銷售人員代碼「${salesId}」須為 1 至 20 個英數字、底線或連字號。`,
      en: `The sales id "${salesId}" must be 1 to 20 letters, digits, underscores or hyphens.`,
    };
  }
  return null;
}

/** One order of `/Append/PrintInvoices`: §1's order plus the printer and the optional sales id. */
export type CloudPrintOrderData = PosOrderData & { PrinterNo: string; SalesID?: string };

/**
 * The till's order as sent to the cloud printer: printed (`PrintMark` Y), never with a carrier or
 * a love code (the service would clear them: rule 7). Throws on such an order: the checkout picks
 * `/Append/Order`-family operations for them, so reaching here is a programming error.
 */
export function toCloudPrintOrder(
  data: PosOrderData,
  printerNo: string,
  salesId?: string,
): CloudPrintOrderData {
  if (data.CarrierType !== undefined || data.CarrierId !== undefined || data.NPOBAN !== undefined) {
    throw new Error(`Order ${data.BillingNo} has a carrier or love code: it is never cloud printed`);
  }
  const order: CloudPrintOrderData = { ...data, PrintMark: 'Y', PrinterNo: printerNo };
  if (salesId !== undefined) order.SalesID = salesId;
  return order;
}

/**
 * The wire body of `/Append/PrintInvoices`: one signed wrapper per order, each order in the
 * variant's field names plus `PrinterNo` (and `SalesID`). One timestamp for the request (the
 * SystemLead batch sample does the same): the service counts it used once.
 */
export function buildPrintInvoicesBody(
  variant: ProviderVariant,
  companyId: string,
  signingSecret: string,
  timestamp: string,
  orders: readonly CloudPrintOrderData[],
): Array<{ CompanyID: string; Timestamp: string; Signature: string; Data: Record<string, unknown> }> {
  return orders.map(({ PrinterNo, SalesID, ...order }) => {
    const data = variant.toWireOrder(order, companyId);
    // The service prints from the random code it stores: send the till's (it is in the journal).
    if (variant.id === 'profile' && order.RandomNumber !== undefined) data.RandomNumber = order.RandomNumber;
    data.PrinterNo = PrinterNo;
    if (SalesID !== undefined) data.SalesID = SalesID;
    return {
      CompanyID: companyId,
      Timestamp: timestamp,
      Signature: variant.sign(companyId, signingSecret, timestamp),
      Data: data,
    };
  });
}

const TAIPEI_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** A refusal of the whole request (auth, wrapper): the profile's object answer, StatusCode 0. */
const Refusal = z.object({ StatusCode: z.literal(0), ResultMessage: z.string() });

/** One order's answer. Extra fields (`BillingNo`, `RandomNumber`) are read when present. */
export const PrintInvoiceAnswer = z.discriminatedUnion('StatusCode', [
  z.object({
    StatusCode: z.literal(1),
    ResultMessage: z.string(),
    InvoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN),
    InvoiceDateTime: z.string().regex(TAIPEI_DATE_TIME),
    PrintJobID: z.string().min(1).max(64),
    BillingNo: z.string().optional(),
    RandomNumber: z.string().regex(RANDOM_NUMBER_PATTERN).optional(),
  }),
  z.object({ StatusCode: z.literal(0), ResultMessage: z.string() }),
]);
export type PrintInvoiceAnswer = z.infer<typeof PrintInvoiceAnswer>;

export type AnswerRead<T> = { ok: true; value: T } | { ok: false; reason: string };

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(answer)'} ${issue.message}`).join('; ');

/**
 * `/Append/PrintInvoices`'s answer: an array with one element per order sent (in request order),
 * or one refusal of the whole request (which then applies to every order). Anything else is a
 * broken answer: the reason says what was wrong, and the outcome is unknown (never a guess).
 */
export function readPrintInvoicesAnswer(json: unknown, sent: number): AnswerRead<PrintInvoiceAnswer[]> {
  const refusal = Refusal.safeParse(json);
  if (refusal.success && !Array.isArray(json)) {
    return { ok: true, value: Array.from({ length: sent }, () => refusal.data) };
  }
  if (!Array.isArray(json)) return { ok: false, reason: 'PrintInvoices answer is not an array' };
  if (json.length !== sent) {
    return { ok: false, reason: `PrintInvoices answer has ${json.length} elements for ${sent} orders` };
  }
  const answers: PrintInvoiceAnswer[] = [];
  for (const [index, element] of json.entries()) {
    const parsed = PrintInvoiceAnswer.safeParse(element);
    if (!parsed.success)
      return { ok: false, reason: `PrintInvoices answer [${index}]: ${issuesOf(parsed.error)}` };
    answers.push(parsed.data);
  }
  return { ok: true, value: answers };
}

export interface RePrintData {
  CompanyID: string;
  InvoiceNumber: string;
  PrinterNo: string;
  Reason: string;
}

export const RePrintAnswer = z.discriminatedUnion('StatusCode', [
  z.object({ StatusCode: z.literal(1), ResultMessage: z.string(), PrintJobID: z.string().min(1).max(64) }),
  z.object({ StatusCode: z.literal(0), ResultMessage: z.string() }),
]);
export type RePrintAnswer = z.infer<typeof RePrintAnswer>;

export function readRePrintAnswer(json: unknown): AnswerRead<RePrintAnswer> {
  const parsed = RePrintAnswer.safeParse(json);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: `RePrint answer: ${issuesOf(parsed.error)}` };
}

export const PRINT_JOB_STATUSES = ['Q', 'P', 'E'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export const PrintJobAnswer = z.object({
  PrintJobID: z.string().min(1).max(64),
  PrinterNo: z.string().optional(),
  Status: z.enum(PRINT_JOB_STATUSES),
  Message: z.string().optional(),
});
export type PrintJobAnswer = z.infer<typeof PrintJobAnswer>;

/**
 * `/Inquire/GetPrintJobs`'s answer: one element per job asked, each naming its `PrintJobID` (so
 * the till never attributes one job's state to another); a refusal of the whole request is read
 * as such.
 */
export function readPrintJobsAnswer(
  json: unknown,
  asked: readonly string[],
): AnswerRead<{ refused: string } | { jobs: PrintJobAnswer[] }> {
  const refusal = Refusal.safeParse(json);
  if (refusal.success && !Array.isArray(json)) {
    return { ok: true, value: { refused: refusal.data.ResultMessage } };
  }
  if (!Array.isArray(json)) return { ok: false, reason: 'GetPrintJobs answer is not an array' };
  const jobs: PrintJobAnswer[] = [];
  for (const [index, element] of json.entries()) {
    const parsed = PrintJobAnswer.safeParse(element);
    if (!parsed.success)
      return { ok: false, reason: `GetPrintJobs answer [${index}]: ${issuesOf(parsed.error)}` };
    if (!asked.includes(parsed.data.PrintJobID)) {
      return {
        ok: false,
        reason: `GetPrintJobs answer [${index}]: job ${parsed.data.PrintJobID} was not asked`,
      };
    }
    jobs.push(parsed.data);
  }
  return { ok: true, value: { jobs } };
}

import type { z } from 'zod';
import {
  AllowanceData,
  CancelInvoiceData,
  CancelModel,
  PROCESS_STATUS_MESSAGES,
  PROCESS_STATUS_NOT_FOUND,
  RequestAppendStatus,
  RequestAssignNoModel,
  RequestInvoiceStatus,
  STANDARD_RESULT_MESSAGES as M,
  allowanceNumberOf,
  isWithinVoidWindow,
  type AllowanceResult,
  type AppendStatusItem,
  type CancelAllowanceResult,
  type CancelInvoiceResult,
  type GetInvoiceIdListResponse,
  type InvoiceIdSegment,
  type InvoiceIdTrack,
  type InvoiceStatusItem,
} from '../provider/standard-profile';
import { periodOf } from '../shared/domain';
import { tracksFor, type TrainingServiceConfig } from './config';
// The allowance's tax rules are the service's own reading of the profile, not the till's
// (standard-profile's isLineTaxValid and friends), so that a bug in the till's is seen.
import { allowanceHeaderSums, allowanceLineUse, isAllowanceLineTaxRight } from './profile-rules';
import type {
  AllowanceLineRecord,
  SegmentRecord,
  StandardInvoice,
  StoredInvoiceLine,
  TrainingStore,
} from './store';
import { appendStatusOf, processStatusOf } from './upload';

/**
 * The business rules of the standard API's Update and Inquire operations (provider profile §4),
 * one item at a time. Each runs inside the request's one store transaction (see
 * `TrainingStore.withTimestamp`), so a batch sees its own earlier items (a second void of the same
 * invoice in one batch is `Invoice already voided`) and a crash leaves all of it or none.
 */
export interface StandardContext {
  config: TrainingServiceConfig;
  store: TrainingStore;
  /** The service clock: the void window is measured on it, not on the caller's `CancelDate`. */
  now: Date;
}

/** Quantities may carry fractions (weighed goods): compare with a margin for binary noise. */
const QUANTITY_EPSILON = 1e-9;

const text = (value: unknown, key: string): string => {
  if (typeof value !== 'object' || value === null) return '';
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : '';
};

/** `Invalid data: <field> <rule>; …`, naming what to fix. */
function invalid(error: z.ZodError): string {
  const details = error.issues.map((issue) => `${issue.path.join('.') || 'Data'} ${issue.message}`);
  return `${M.invalidData}: ${details.join('; ')}`;
}

/** `/Update/CancelInvoices`, one item. */
export function cancelInvoice(context: StandardContext, item: unknown): CancelInvoiceResult {
  const answer = (ok: boolean, message: string): CancelInvoiceResult => ({
    StatusCode: ok ? 1 : 0,
    ResultMessage: message,
    SellerID: text(item, 'SellerID'),
    InvoiceNumber: text(item, 'InvoiceNumber'),
  });
  const parsed = CancelInvoiceData.safeParse(item);
  if (!parsed.success) return answer(false, invalid(parsed.error));
  const data = parsed.data;
  const { config, store, now } = context;
  // Another seller's invoice is not this seller's to void: it does not exist for this key pair.
  if (data.SellerID !== config.companyId) return answer(false, M.invoiceNotFound);
  const invoice = store.findByInvoiceNumber(config.companyId, data.InvoiceNumber);
  if (!invoice) return answer(false, M.invoiceNotFound);
  if (invoice.voided) return answer(false, M.invoiceAlreadyVoided);
  // The window first: after the period, voiding the allowances would not make a void possible.
  if (!isWithinVoidWindow(invoice.invoiceDateTime, now)) return answer(false, M.voidWindowClosed);
  if (store.hasStandingAllowances(invoice)) return answer(false, M.invoiceHasAllowances);
  store.voidInvoice(invoice, { cancelDate: data.CancelDate, cancelReason: data.CancelReason }, now);
  return answer(true, M.voided);
}

/** `/Update/AllowanceInvoice(s)`, one allowance. */
export function makeAllowance(context: StandardContext, item: unknown): AllowanceResult {
  const reject = (message: string, allowanceNumber?: string): AllowanceResult => ({
    StatusCode: 0,
    ResultMessage: message,
    SellerID: text(item, 'SellerID'),
    ...(allowanceNumber !== undefined && { AllowanceNumber: allowanceNumber }),
  });
  const parsed = AllowanceData.safeParse(item);
  if (!parsed.success) return reject(invalid(parsed.error));
  const data = parsed.data;
  const { config, store, now } = context;
  if (data.SellerID !== config.companyId) return reject(M.invoiceNotFound);

  // Before any other rule: a retry after an unknown outcome must learn what stands, even when
  // the allowance it made has used up the lines since.
  const existing = store.allowanceNumberForPrefix(config.companyId, data.AllowanceNumberPrefix);
  if (existing !== null) return reject(M.duplicatePrefix, existing);

  const totals = allowanceHeaderSums(data.Details);
  if (totals.totalAmount !== data.TotalAmount || totals.taxAmount !== data.TaxAmount) {
    return reject(M.totalsDoNotMatch);
  }

  // Each detail against its invoice line, and the cumulative use per line: allowances that stand
  // plus the earlier details of this same allowance.
  const invoices = new Map<string, StandardInvoice | null>();
  const lines = new Map<string, StoredInvoiceLine[]>();
  const used = new Map<string, { quantity: number; value: number }>();
  const records: AllowanceLineRecord[] = [];
  for (const detail of data.Details) {
    if (!invoices.has(detail.InvoiceNumber)) {
      invoices.set(detail.InvoiceNumber, store.findByInvoiceNumber(config.companyId, detail.InvoiceNumber));
    }
    const invoice = invoices.get(detail.InvoiceNumber) ?? null;
    if (!invoice) return reject(M.invoiceNotFound);
    if (invoice.voided) return reject(M.invoiceVoided);
    // An invoice issued before the service kept lines has none to refer to.
    if (invoice.invoiceFor === null) return reject(M.lineNotFound);
    if (invoice.buyerId !== data.BuyerID) return reject(M.buyerMismatch);
    if (!lines.has(detail.InvoiceNumber)) lines.set(detail.InvoiceNumber, store.invoiceLines(invoice));
    const line = lines.get(detail.InvoiceNumber)!.find((l) => l.sequence === detail.SequenceNumber);
    if (!line) return reject(M.lineNotFound);
    // The tax follows the original line's type and the invoice's B/C rule.
    if (
      detail.ItemTaxType !== line.itemTaxType ||
      !isAllowanceLineTaxRight(invoice.invoiceFor, detail.ItemTaxType, detail.Amount, detail.Tax)
    ) {
      return reject(M.totalsDoNotMatch);
    }
    const key = `${invoice.invoiceNumber}/${line.sequence}`;
    if (!used.has(key)) {
      const standing = store.lineUse(invoice, line.sequence);
      used.set(key, {
        quantity: standing.quantity,
        value: allowanceLineUse(invoice.invoiceFor, standing.amount, standing.tax),
      });
    }
    const use = used.get(key)!;
    use.quantity += detail.Quantity;
    use.value += allowanceLineUse(invoice.invoiceFor, detail.Amount, detail.Tax);
    if (use.quantity > line.quantity + QUANTITY_EPSILON || use.value > line.subTotal) {
      return reject(M.allowanceExceedsLine);
    }
    records.push({
      periodCode: invoice.periodCode,
      invoiceNumber: invoice.invoiceNumber,
      sequence: line.sequence,
      description: detail.Description,
      quantity: detail.Quantity,
      unitPrice: detail.UnitPrice,
      amount: detail.Amount,
      tax: detail.Tax,
      itemTaxType: detail.ItemTaxType,
    });
  }

  // The prefix is unique per seller, so each allowance is the first (and only) of its prefix.
  const allowanceNumber = allowanceNumberOf(data.AllowanceNumberPrefix, 1);
  store.insertAllowance(
    {
      companyId: config.companyId,
      allowanceNumber,
      prefix: data.AllowanceNumberPrefix,
      buyerId: data.BuyerID,
      allowanceDate: data.AllowanceDate,
      taxAmount: data.TaxAmount,
      totalAmount: data.TotalAmount,
    },
    records,
    now,
  );
  return {
    StatusCode: 1,
    ResultMessage: M.allowanceMade,
    SellerID: config.companyId,
    AllowanceNumber: allowanceNumber,
  };
}

/** `/Update/CancelAllowance(s)`, one allowance void. */
export function cancelAllowance(context: StandardContext, item: unknown): CancelAllowanceResult {
  const answer = (ok: boolean, message: string): CancelAllowanceResult => ({
    StatusCode: ok ? 1 : 0,
    ResultMessage: message,
    SellerID: text(item, 'SellerID'),
    AllowanceNumber: text(item, 'AllowanceNumber'),
  });
  const parsed = CancelModel.safeParse(item);
  if (!parsed.success) return answer(false, invalid(parsed.error));
  const data = parsed.data;
  const { config, store, now } = context;
  if (data.SellerID !== config.companyId) return answer(false, M.allowanceNotFound);
  const allowance = store.findAllowance(config.companyId, data.AllowanceNumber);
  if (!allowance) return answer(false, M.allowanceNotFound);
  if (allowance.voided) return answer(false, M.allowanceAlreadyVoided);
  store.voidAllowance(
    allowance,
    { cancelDate: data.CancelDate, cancelReason: data.CancelReason, cancelRemark: data.Remark },
    now,
  );
  return answer(true, M.allowanceVoided);
}

/** `/Inquire/GetInvoicesStatus`, one invoice. */
export function invoiceStatus(context: StandardContext, item: unknown): InvoiceStatusItem {
  const notFound = (message: string): InvoiceStatusItem => ({
    InvoiceID: text(item, 'InvoiceID'),
    ProcessStatus: PROCESS_STATUS_NOT_FOUND,
    ProcessStatusMessage: message,
    Allowances: [],
  });
  const parsed = RequestInvoiceStatus.safeParse(item);
  if (!parsed.success) return notFound(invalid(parsed.error));
  const { config, store } = context;
  if (parsed.data.CompanyID !== config.companyId) return notFound(M.invoiceNotFound);
  const invoice = store.findByInvoiceNumber(config.companyId, parsed.data.InvoiceID);
  if (!invoice) return notFound(M.invoiceNotFound);
  // While the issue is the last operation, its step follows the simulated upload (upload.ts).
  const processStatus = processStatusOf(invoice, config, context.now);
  return {
    InvoiceID: invoice.invoiceNumber,
    ProcessStatus: processStatus,
    ProcessStatusMessage: PROCESS_STATUS_MESSAGES[processStatus] ?? processStatus,
    BillingNo: invoice.billingNo,
    InvoiceDateTime: invoice.invoiceDateTime,
    TotalAmount: invoice.totalAmount,
    Allowances: store.invoiceAllowances(invoice).map((allowance) => ({
      AllowanceNumber: allowance.allowanceNumber,
      TotalAmount: allowance.totalAmount,
      TaxAmount: allowance.taxAmount,
      Voided: allowance.voided,
    })),
  };
}

/**
 * `/Inquire/GetInvoicesAppendStatus`, one invoice: its simulated upload at the service clock. Not
 * this seller's, unknown, or not even a well-formed item: `N`, not on the provider's platform (the
 * answer has no field for a reason).
 */
export function appendStatus(context: StandardContext, item: unknown): AppendStatusItem {
  const parsed = RequestAppendStatus.safeParse(item);
  const { config, store, now } = context;
  const invoice =
    parsed.success && parsed.data.CompanyID === config.companyId
      ? store.findByInvoiceNumber(config.companyId, parsed.data.InvoiceID)
      : null;
  if (!invoice) return { InvoiceID: text(item, 'InvoiceID'), AppendStatus: 'N' };
  return { InvoiceID: invoice.invoiceNumber, AppendStatus: appendStatusOf(invoice, config, now) };
}

/** An 8-digit serial as the number list writes it; `100000000` only past a track's last number. */
const serialText = (serial: number): string => String(serial).padStart(8, '0');

const toIdSegment = (segment: SegmentRecord): InvoiceIdSegment => ({
  // Unique within the period: the track and the segment's first number.
  Code: `${segment.periodCode}-${segment.track}-${serialText(segment.startSerial)}`,
  UseFor: segment.deviceId,
  StartNumber: serialText(segment.startSerial),
  EndNumber: serialText(segment.endSerial),
  CurrentNumber: serialText(segment.nextSerial),
  InvoiceCount: segment.endSerial - segment.startSerial + 1,
  RowStatus: segment.nextSerial <= segment.endSerial ? 'A' : 'F',
});

/** The even months of the periods of one year, in order. */
const PERIOD_MONTHS = [2, 4, 6, 8, 10, 12];

/**
 * `/Inquire/GetInvoiceIDList` (one object, not a batch): every track of the period asked (or of
 * each period of the AD year) with the segments given out so far. A period with no number used
 * still lists its tracks, with empty `Details`; a track that has segments but is no longer in the
 * settings is listed too, so that every number issued is named.
 */
export function invoiceIdList(
  context: StandardContext,
  item: unknown,
): GetInvoiceIdListResponse | { StatusCode: 0; ResultMessage: string } {
  const parsed = RequestAssignNoModel.safeParse(item);
  if (!parsed.success) return { StatusCode: 0, ResultMessage: invalid(parsed.error) };
  const { config, store } = context;
  if (parsed.data.CompanyID !== config.companyId) {
    return { StatusCode: 0, ResultMessage: M.idListOtherSeller };
  }
  const { StageYear, StageMonth } = parsed.data;
  const IDList: InvoiceIdTrack[] = [];
  for (const month of StageMonth === undefined ? PERIOD_MONTHS : [StageMonth]) {
    const period = periodOf(StageYear, month);
    const segments = store.periodSegments(period.code);
    const tracks = [...tracksFor(config, period.code)];
    for (const segment of segments) if (!tracks.includes(segment.track)) tracks.push(segment.track);
    for (const track of tracks) {
      IDList.push({
        Word: track,
        StageYear,
        StageMonth: month,
        BeginNumber: serialText(config.firstSerial),
        EndNumber: serialText(config.firstSerial + config.numbersPerTrack - 1),
        Details: segments.filter((segment) => segment.track === track).map(toIdSegment),
      });
    }
  }
  return { StatusCode: 1, ResultMessage: M.idListAnswered, IDList };
}

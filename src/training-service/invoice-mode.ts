import type { z } from 'zod';
import {
  BlankCancelData,
  INVOICE_MODE_LIMITS,
  INVOICE_MODE_MESSAGES as M,
  InvoiceModeKeys,
  SetBlankInvoiceIdData,
  SplitInvoiceIdData,
  TrackBlankData,
  serialText,
  splitInvoiceId,
  stageOfYearMonth,
  yearMonthOf,
  type AppendInvoiceAnswer,
  type BlankCancelAnswer,
  type SetBlankAnswer,
  type SplitInvoiceIdAnswer,
  type TrackBlankAnswer,
} from '../provider/invoice-mode';
import { STANDARD_RESULT_MESSAGES } from '../provider/standard-profile';
import { invoicePeriod, parseTaipeiDateTime, periodOf } from '../shared/domain';
import { tracksFor, type TrainingServiceConfig } from './config';
import { checkOrderData } from './order-validation';
import type { TrainingStore } from './store';

/**
 * The rules of invoice mode (provider profile §7), one record at a time, each inside the request's
 * one store transaction (as the standard operations: a batch sees its own earlier items, and a
 * crash leaves all of it or none). Answers are the profile's; the variant shapes the wire.
 */
export interface InvoiceModeContext {
  config: TrainingServiceConfig;
  store: TrainingStore;
  /** The service clock: a period opens, and its blank reports close, on it. */
  now: Date;
}

/**
 * How old an uploaded invoice may be. The legal deadlines (48 hours C, 7 days B) are the seller's
 * to keep; a late upload is still taken (the platform takes it and the seller answers for it), up
 * to the end of the next period, after which its blank report has closed.
 */
const MAX_UPLOAD_AGE_HOURS = 24 * 92;

type Fields = Record<string, unknown>;
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields)[key] : undefined;
const text = (value: unknown, key: string): string => {
  const found = field(value, key);
  return typeof found === 'string' ? found : typeof found === 'number' ? String(found) : '';
};
const invalid = (error: z.ZodError): string =>
  `${STANDARD_RESULT_MESSAGES.invalidData}: ${error.issues
    .map((issue) => `${issue.path.join('.') || 'Data'} ${issue.message}`)
    .join('; ')}`;

const DAY_MS = 86_400_000;
const pad2 = (value: number) => String(value).padStart(2, '0');

/** The Taipei instant a period (AD year, even month) starts. */
function periodStart(stageYear: number, stageMonth: number): Date {
  return parseTaipeiDateTime(`${stageYear}-${pad2(stageMonth - 1)}-01T00:00:00`)!;
}

/** The Taipei instant the period after this one starts. */
function nextPeriodStart(stageYear: number, stageMonth: number): Date {
  return stageMonth === 12 ? periodStart(stageYear + 1, 2) : periodStart(stageYear, stageMonth + 2);
}

/**
 * Whether the provider holds the period's track for splitting: from 15 days before it starts
 * until it ends (an ended period's numbers are no longer given out).
 */
export function isPeriodOpen(stageYear: number, stageMonth: number, now: Date): boolean {
  const opens =
    periodStart(stageYear, stageMonth).getTime() - INVOICE_MODE_LIMITS.periodOpensDaysAhead * DAY_MS;
  return now.getTime() >= opens && now.getTime() < nextPeriodStart(stageYear, stageMonth).getTime();
}

/** Whether blank reports of the period are closed: after the 10th day of the next period (Taipei). */
export function isBlankReportClosed(stageYear: number, stageMonth: number, now: Date): boolean {
  const closes =
    nextPeriodStart(stageYear, stageMonth).getTime() + INVOICE_MODE_LIMITS.blankReportDay * DAY_MS;
  return now.getTime() >= closes;
}

/** `/Update/SplitInvoiceID`, one record. */
export function splitSegment(context: InvoiceModeContext, item: unknown): SplitInvoiceIdAnswer {
  const refuse = (message: string): SplitInvoiceIdAnswer => ({ StatusCode: 0, ResultMessage: message });
  const parsed = SplitInvoiceIdData.safeParse(item);
  if (!parsed.success) return refuse(invalid(parsed.error));
  const { CompanyID, StageYear, StageMonth, UseFor, InvoiceCount } = parsed.data;
  const { config, store, now } = context;
  if (CompanyID !== config.companyId) return refuse(STANDARD_RESULT_MESSAGES.idListOtherSeller);
  // A configured device, or one that has issued in order mode, is not an invoice-mode group: the
  // provider would issue order-mode numbers from the same segments.
  const device = config.devices.some((registered) => registered.deviceId === UseFor);
  if (device || store.invoiceMode.hasIssuedInOrderMode(UseFor)) return refuse(M.orderModeDevice);
  if (!isPeriodOpen(StageYear, StageMonth, now)) return refuse(M.periodNotOpen);
  const period = periodOf(StageYear, StageMonth);
  const trackEnd = config.firstSerial + config.numbersPerTrack;
  for (const track of tracksFor(config, period.code)) {
    const start = store.invoiceMode.cursor(period.code, track, config.firstSerial);
    const end = start + InvoiceCount - 1;
    if (end >= trackEnd) continue;
    store.invoiceMode.split(
      config.companyId,
      { periodCode: period.code, track, startSerial: start, endSerial: end, useFor: UseFor },
      now,
    );
    return {
      StatusCode: 1,
      ResultMessage: M.segmentSplit,
      Word: track,
      StageYear: String(StageYear),
      StageMonth: String(StageMonth),
      UseFor,
      StartNumber: serialText(start),
      EndNumber: serialText(end),
    };
  }
  return refuse(M.notEnoughNumbers);
}

/**
 * `/Append/Invoice(s)`, one invoice. The profile's rejections in its order of precedence: not
 * allotted, number used (other content), BillingNo used, number blank; then the order mode's
 * validation. The period comes from `InvoiceDateTime` (the training tracks repeat every period),
 * so a time that cannot be read is a validation text before anything else.
 */
export function appendInvoice(context: InvoiceModeContext, item: unknown): AppendInvoiceAnswer {
  const invoiceId = text(item, 'InvoiceID');
  const answer = (ok: boolean, message: string, dateTime?: string): AppendInvoiceAnswer => ({
    StatusCode: ok ? 1 : 0,
    ResultMessage: message,
    InvoiceID: invoiceId,
    ...(ok ? { InvoiceNumber: invoiceId, InvoiceDateTime: dateTime } : {}),
  });
  const { config, store, now } = context;
  const dateTime = text(item, 'InvoiceDateTime');
  const issuedAt = parseTaipeiDateTime(dateTime);
  if (!issuedAt) return answer(false, 'InvoiceDateTime must be YYYY-MM-DDTHH:mm:ss (Asia/Taipei)');
  const number = splitInvoiceId(invoiceId);
  const period = invoicePeriod(issuedAt);
  const segment =
    number && store.invoiceMode.segmentOf(config.companyId, period.code, number.word, number.serial);
  if (!number || !segment) return answer(false, M.numberNotAllotted);

  const keys = InvoiceModeKeys.safeParse(item);
  const stored = store.invoiceMode.invoice(config.companyId, period.code, invoiceId);
  if (stored) {
    const same =
      keys.success &&
      stored.billingNo === keys.data.BillingNo &&
      stored.invoiceDateTime === dateTime &&
      stored.randomNumber === keys.data.RandomNumber &&
      stored.totalAmount === field(item, 'TotalAmount');
    return same ? answer(true, M.invoiceAlreadyExists, dateTime) : answer(false, M.numberAlreadyUsed);
  }
  const billingNo = text(item, 'BillingNo');
  if (billingNo !== '' && store.invoiceMode.billingNoUsed(config.companyId, billingNo)) {
    return answer(false, M.billingNoUsed);
  }
  if (
    store.invoiceMode.blankOverlaps(config.companyId, period.code, number.word, number.serial, number.serial)
  ) {
    return answer(false, M.numberIsBlank);
  }
  if (!keys.success) return answer(false, invalid(keys.error));
  if (keys.data.CheckNumber !== undefined && keys.data.CheckNumber !== keys.data.RandomNumber) {
    return answer(false, 'CheckNumber must equal RandomNumber (the code printed)');
  }
  const { InvoiceID: _id, CheckNumber: _check, ...order } = item as Fields;
  const checked = checkOrderData(
    { ...order, DeviceID: segment.useFor },
    { now, futureToleranceSeconds: config.timestampWindowSeconds, maxOrderAgeHours: MAX_UPLOAD_AGE_HOURS },
  );
  if (!checked.ok) return answer(false, checked.message);
  const data = checked.order;
  store.invoiceMode.store(
    {
      companyId: config.companyId,
      invoiceNumber: invoiceId,
      periodCode: period.code,
      useFor: segment.useFor,
      billingNo: data.BillingNo,
      invoiceDateTime: data.InvoiceDateTime,
      randomNumber: keys.data.RandomNumber,
      totalAmount: data.TotalAmount,
      invoiceFor: data.InvoiceFor,
      buyerId: data.BuyerID,
      lines: data.Details.map((detail) => ({
        sequence: detail.DetailID,
        description: detail.ProductName,
        quantity: detail.Quantity,
        unitPrice: detail.UnitPrice,
        subTotal: detail.SubTotal,
        itemTaxType: detail.ItemTaxType,
      })),
    },
    segment,
    number.serial,
    now,
  );
  return answer(true, M.invoiceStored, dateTime);
}

/**
 * Why a blank range of one track and period cannot be reported, or null: it must lie in one
 * invoice-mode segment of this seller, hold no uploaded number, overlap no standing blank range,
 * and its period's reports must not have closed.
 */
function blankRefusal(
  context: InvoiceModeContext,
  stage: { stageYear: number; stageMonth: number },
  track: string,
  begin: number,
  end: number,
): string | null {
  const { config, store, now } = context;
  const periodCode = yearMonthOf(stage.stageYear, stage.stageMonth);
  if (end < begin) return M.blankEndBeforeStart;
  if (!store.invoiceMode.segmentHolding(config.companyId, periodCode, track, begin, end)) {
    return M.numberNotAllotted;
  }
  if (isBlankReportClosed(stage.stageYear, stage.stageMonth, now)) return M.blankReportClosed;
  if (store.invoiceMode.blankOverlaps(config.companyId, periodCode, track, begin, end)) {
    return M.blankAlreadyReported;
  }
  if (store.invoiceMode.holdsUsedNumber(config.companyId, periodCode, track, begin, end)) {
    return M.blankNumberUsed;
  }
  return null;
}

/** `/Update/SetBlankInvoiceID`, one record: `[NextNumber, EndNumber]` of a segment is blank. */
export function setBlank(context: InvoiceModeContext, item: unknown): SetBlankAnswer[] {
  const { config, store, now } = context;
  const stageYear = Number(text(item, 'StageYear'));
  const stageMonth = Number(text(item, 'StageMonth'));
  const answer = (error: string | null): SetBlankAnswer[] => [
    {
      ErrorMessage: error,
      CompanyID: text(item, 'CompanyID'),
      YearMonth: Number.isInteger(stageYear) && stageYear > 1911 ? yearMonthOf(stageYear, stageMonth) : '',
      InvoiceWord: text(item, 'Word'),
      BlankInvoiceBeginNo: text(item, 'NextNumber'),
      BlankInvoiceEndNo: text(item, 'EndNumber'),
    },
  ];
  const parsed = SetBlankInvoiceIdData.safeParse(item);
  if (!parsed.success) return answer(invalid(parsed.error));
  const data = parsed.data;
  if (data.CompanyID !== config.companyId) return answer(STANDARD_RESULT_MESSAGES.idListOtherSeller);
  const start = Number(data.StartNumber);
  const end = Number(data.EndNumber);
  const next = Number(data.NextNumber);
  const periodCode = yearMonthOf(data.StageYear, data.StageMonth);
  // The range named must be one segment of this seller's, and the blank part inside it.
  const segment = store.invoiceMode.segmentHolding(config.companyId, periodCode, data.Word, start, end);
  if (!segment || segment.startSerial !== start || segment.endSerial !== end)
    return answer(M.numberNotAllotted);
  if (next < start || next > end)
    return answer(`${STANDARD_RESULT_MESSAGES.invalidData}: NextNumber is not in the segment`);
  const stage = { stageYear: data.StageYear, stageMonth: data.StageMonth };
  const refusal = blankRefusal(context, stage, data.Word, next, end);
  if (refusal !== null) return answer(refusal);
  store.invoiceMode.reportBlank(config.companyId, periodCode, data.Word, next, end, 'SetBlankInvoiceID', now);
  return [
    {
      ErrorMessage: null,
      CompanyID: config.companyId,
      YearMonth: periodCode,
      InvoiceWord: data.Word,
      BlankInvoiceBeginNo: serialText(next),
      BlankInvoiceEndNo: serialText(end),
    },
  ];
}

/** `/Append/TrackBlank`, one record: each range reported or refused on its own, in order. */
export function trackBlank(context: InvoiceModeContext, item: unknown): TrackBlankAnswer[] {
  const { config, store, now } = context;
  const parsed = TrackBlankData.safeParse(item);
  const echo = {
    HeadBan: text(item, 'HeadBan'),
    BranchBan: text(item, 'BranchBan'),
    InvoiceType: text(item, 'InvoiceType'),
    YearMonth: text(item, 'YearMonth'),
    InvoiceTrack: text(item, 'InvoiceTrack'),
  };
  const rawItems = field(item, 'Items');
  const ranges = Array.isArray(rawItems) ? (rawItems as unknown[]) : [];
  const refuseAll = (message: string): TrackBlankAnswer[] => [
    {
      ...echo,
      Items: ranges.map((range) => ({
        InvoiceBeginNo: text(range, 'InvoiceBeginNo'),
        InvoiceEndNo: text(range, 'InvoiceEndNo'),
        Message: message,
        Status: 'E' as const,
      })),
    },
  ];
  if (!parsed.success) return refuseAll(invalid(parsed.error));
  const data = parsed.data;
  if (data.HeadBan !== config.companyId || data.BranchBan !== config.companyId) {
    return refuseAll(STANDARD_RESULT_MESSAGES.idListOtherSeller);
  }
  const stage = stageOfYearMonth(data.YearMonth)!;
  return [
    {
      ...echo,
      Items: data.Items.map((range) => {
        const begin = Number(range.InvoiceBeginNo);
        const end = Number(range.InvoiceEndNo);
        const refusal = blankRefusal(context, stage, data.InvoiceTrack, begin, end);
        if (refusal === null) {
          store.invoiceMode.reportBlank(
            config.companyId,
            data.YearMonth,
            data.InvoiceTrack,
            begin,
            end,
            'TrackBlank',
            now,
          );
        }
        return {
          InvoiceBeginNo: range.InvoiceBeginNo,
          InvoiceEndNo: range.InvoiceEndNo,
          Message: refusal ?? M.blankReported,
          Status: refusal === null ? ('C' as const) : ('E' as const),
        };
      }),
    },
  ];
}

/** `/Append/BlankCancel`, one record: a standing blank range withdrawn before its reports close. */
export function blankCancel(context: InvoiceModeContext, item: unknown): BlankCancelAnswer {
  const { config, store, now } = context;
  const echo = {
    YearMonth: text(item, 'YearMonth'),
    InvoiceTrack: text(item, 'InvoiceTrack'),
    InvoiceBeginNo: text(item, 'InvoiceBeginNo'),
    InvoiceEndNo: text(item, 'InvoiceEndNo'),
  };
  const answer = (ok: boolean, message: string): BlankCancelAnswer => ({
    StatusCode: ok ? 1 : 0,
    ResultMessage: message,
    ...echo,
  });
  const parsed = BlankCancelData.safeParse(item);
  if (!parsed.success) return answer(false, invalid(parsed.error));
  const data = parsed.data;
  if (data.CompanyID !== config.companyId) return answer(false, M.blankRangeNotFound);
  const stage = stageOfYearMonth(data.YearMonth)!;
  if (isBlankReportClosed(stage.stageYear, stage.stageMonth, now)) return answer(false, M.blankReportClosed);
  const withdrawn = store.invoiceMode.withdrawBlank(
    config.companyId,
    data.YearMonth,
    data.InvoiceTrack,
    Number(data.InvoiceBeginNo),
    Number(data.InvoiceEndNo),
    now,
  );
  return withdrawn ? answer(true, M.blankWithdrawn) : answer(false, M.blankRangeNotFound);
}

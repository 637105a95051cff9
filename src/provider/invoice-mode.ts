import { z } from 'zod';
import { periodOf } from '../shared/domain';
import {
  INVOICE_NUMBER_PATTERN,
  RANDOM_NUMBER_PATTERN,
  RESULT_MESSAGES,
  type PosOrderData,
} from './pos-profile';

/**
 * THE provider adapter for invoice mode (provider profile §7): the till numbers an invoice itself,
 * from a segment the provider split off for it alone, and uploads it afterwards. Both sides import
 * this file (the till's client in src/main/invoice-service, the training service), so they speak
 * one contract; SystemLead's wire shapes are `./variants/invoice-mode.ts`.
 *
 * Every operation is a standard-API operation: the standard base URL, wrapper and key pair
 * (SystemLead's wrapper in its variant). The `Data` and answers below are the PROFILE's (the
 * canonical shapes the till judges); a variant maps its wire onto them.
 *
 * What the answer checks promise: an answer is read as a success only when it is about what was
 * sent (the same count, in order, the same numbers and times). Anything else is `broken` with a
 * reason, never a success and never a rejection (a rejection says nothing was stored; a broken
 * answer says nothing at all).
 */

export const INVOICE_MODE_OPERATIONS = {
  /** Carve a segment of `InvoiceCount` numbers for an invoice-mode group (`UseFor`). */
  splitInvoiceId: '/Update/SplitInvoiceID',
  /** Upload one invoice the till numbered: one object in, one object out. */
  appendInvoice: '/Append/Invoice',
  /** Upload up to 100: an array in, an array out in request order. */
  appendInvoices: '/Append/Invoices',
  /** Report a segment's unused tail `[NextNumber, EndNumber]` blank. */
  setBlankInvoiceId: '/Update/SetBlankInvoiceID',
  /** Report ranges (gaps) blank. */
  trackBlank: '/Append/TrackBlank',
  /** Withdraw a blank range reported by mistake. */
  blankCancel: '/Append/BlankCancel',
} as const;
export type InvoiceModeOperation = keyof typeof INVOICE_MODE_OPERATIONS;
export const invoiceModeOperations = Object.keys(INVOICE_MODE_OPERATIONS) as InvoiceModeOperation[];

/** The operation for a path relative to the standard base URL; null for any other path. */
export function invoiceModeOperationForPath(path: string): InvoiceModeOperation | null {
  return invoiceModeOperations.find((operation) => INVOICE_MODE_OPERATIONS[operation] === path) ?? null;
}

export const INVOICE_MODE_LIMITS = {
  /** `InvoiceCount` of one split. */
  splitMin: 1,
  splitMax: 1000,
  /** `UseFor` of the profile; SystemLead's is 2 (`Receipt.md`). */
  useForChars: 10,
  /** Invoices in one `/Append/Invoices`. */
  batchItems: 100,
  /** The next period's track opens this many days before the period starts. */
  periodOpensDaysAhead: 15,
  /** Blank reports of a period close on this day (Asia/Taipei) of the next period. */
  blankReportDay: 10,
} as const;

/** Every `ResultMessage` of §7 (rejections first, in the upload's order of precedence). */
export const INVOICE_MODE_MESSAGES = {
  signatureMismatch: RESULT_MESSAGES.signatureMismatch,
  timestampUsed: RESULT_MESSAGES.timestampUsed,
  periodNotOpen: 'Period not open',
  notEnoughNumbers: 'Not enough numbers',
  orderModeDevice: 'UseFor is an order-mode device',
  /** StatusCode 1: the same invoice stands already (a retry learns that it stands). */
  invoiceAlreadyExists: 'Invoice already exists',
  numberNotAllotted: 'Invoice number not allotted',
  numberAlreadyUsed: 'Invoice number already used',
  billingNoUsed: 'BillingNo already used',
  numberIsBlank: 'Invoice number is blank',
  blankRangeNotFound: 'Blank range not found',
  blankReportClosed: 'Blank report closed',
  /** TrackBlank item `E`: the end lies before the start. */
  blankEndBeforeStart: 'InvoiceEndNo is before InvoiceBeginNo',
  /** TrackBlank item `E` / SetBlankInvoiceID: the range, or part of it, was reported before. */
  blankAlreadyReported: 'Blank range already reported',
  /** TrackBlank item `E` / SetBlankInvoiceID: a number of the range is used (uploaded). */
  blankNumberUsed: 'Blank range holds a used number',
  /** Success texts (informative; StatusCode 1 / Status C is what counts). */
  segmentSplit: 'Segment split',
  invoiceStored: 'Invoice stored',
  blankReported: 'Blank range reported',
  blankWithdrawn: 'Blank range withdrawn',
} as const;

/**
 * The upload rejections in the profile's order of precedence: when several apply, the first in
 * this list wins (the order mode's validation texts come after them).
 */
export const UPLOAD_REJECTION_ORDER = [
  INVOICE_MODE_MESSAGES.numberNotAllotted,
  INVOICE_MODE_MESSAGES.numberAlreadyUsed,
  INVOICE_MODE_MESSAGES.billingNoUsed,
  INVOICE_MODE_MESSAGES.numberIsBlank,
] as const;

/** SystemLead's own texts that mean one of ours (`TrackBlank.md`). */
export const SYSTEMLEAD_BLANK_TEXTS = {
  endBeforeStart: '發票迄號必須大於或等於起號',
  alreadyReported: '空白發票新增失敗，請確認是否有輸入相同區間',
  reported: '空白發票新增成功',
} as const;

// ---------------------------------------------------------------------------------------------
// Numbers: 8-digit serials and periods, as text or as numbers on the way in, text on the way out

/** An 8-digit serial as the answers write it, leading zeros kept. */
export const serialText = (serial: number): string => String(serial).padStart(8, '0');

/** `InvoiceID` = track + serial. */
export const invoiceIdOf = (word: string, serial: number): string => word + serialText(serial);

/** The track and serial of a whole number (`AB12345678`), or null. */
export function splitInvoiceId(invoiceId: string): { word: string; serial: number } | null {
  if (!INVOICE_NUMBER_PATTERN.test(invoiceId)) return null;
  return { word: invoiceId.slice(0, 2), serial: Number(invoiceId.slice(2)) };
}

/** ROC year (3 digits) + the period's even month: `11512` (SetBlankInvoice.md's `YearMonth`). */
export function yearMonthOf(stageYear: number, stageMonth: number): string {
  return periodOf(stageYear, stageMonth).code;
}

/** `11512` → AD year and even month; null when it is not a period code. */
export function stageOfYearMonth(yearMonth: string): { stageYear: number; stageMonth: number } | null {
  const match = /^(\d{3})(02|04|06|08|10|12)$/.exec(yearMonth);
  if (!match) return null;
  return { stageYear: Number(match[1]) + 1911, stageMonth: Number(match[2]) };
}

const SERIAL_IN = z
  .union([z.string().regex(/^\d{8}$/), z.number().int().min(0).max(99_999_999)])
  .transform((value) => (typeof value === 'number' ? serialText(value) : value));
const YEAR_IN = z
  .union([z.string().regex(/^\d{4}$/), z.number().int()])
  .transform(Number)
  .refine((year) => year >= 2000 && year <= 2999, 'an AD year');
const EVEN_MONTH_IN = z
  .union([z.string().regex(/^\d{1,2}$/), z.number().int()])
  .transform(Number)
  .refine((month) => month >= 2 && month <= 12 && month % 2 === 0, 'an even month 2-12');
const SELLER_ID = z.string().regex(/^\d{8}$/);
const WORD = z.string().regex(/^[A-Z]{2}$/);
const YEAR_MONTH = z.string().regex(/^\d{3}(02|04|06|08|10|12)$/);

// ---------------------------------------------------------------------------------------------
// Request `Data` (the profile's names)

/** `/Update/SplitInvoiceID`. */
export const SplitInvoiceIdData = z.object({
  CompanyID: SELLER_ID,
  StageYear: YEAR_IN,
  StageMonth: EVEN_MONTH_IN,
  UseFor: z.string().min(1).max(INVOICE_MODE_LIMITS.useForChars),
  InvoiceCount: z.number().int().min(INVOICE_MODE_LIMITS.splitMin).max(INVOICE_MODE_LIMITS.splitMax),
});
export type SplitInvoiceIdData = z.output<typeof SplitInvoiceIdData>;

/**
 * One invoice of `/Append/Invoice(s)`: the order mode's `Data` (`PosOrderData`) without
 * `DeviceID` (the number names its segment), with the whole number and the printed random code;
 * `CheckNumber` equal to it for a B invoice. `InvoiceDateTime` is Asia/Taipei here (the profile);
 * SystemLead's wire has it in UTC (`Receipt.md`), which its variant maps.
 */
export type InvoiceModeData = Omit<PosOrderData, 'DeviceID' | 'RandomNumber'> & {
  InvoiceID: string;
  RandomNumber: string;
  CheckNumber?: string;
};

/** The fields invoice mode adds to an order; the service checks the rest as an order. */
export const InvoiceModeKeys = z.object({
  InvoiceID: z.string().regex(INVOICE_NUMBER_PATTERN),
  RandomNumber: z.string().regex(RANDOM_NUMBER_PATTERN),
  CheckNumber: z.string().regex(RANDOM_NUMBER_PATTERN).optional(),
  BillingNo: z.string().min(1).max(40),
});

/** `/Update/SetBlankInvoiceID` (`SetBlankInvoice.md`): `[NextNumber, EndNumber]` is blank. */
export const SetBlankInvoiceIdData = z.object({
  CompanyID: SELLER_ID,
  Word: WORD,
  StageYear: YEAR_IN,
  StageMonth: EVEN_MONTH_IN,
  StartNumber: SERIAL_IN,
  EndNumber: SERIAL_IN,
  NextNumber: SERIAL_IN,
});
export type SetBlankInvoiceIdData = z.output<typeof SetBlankInvoiceIdData>;

export const BlankRangeItem = z.object({ InvoiceBeginNo: SERIAL_IN, InvoiceEndNo: SERIAL_IN });
export type BlankRangeItem = z.output<typeof BlankRangeItem>;

/** `/Append/TrackBlank` (`TrackBlank.md`): ranges of one period and track. */
export const TrackBlankData = z.object({
  HeadBan: SELLER_ID,
  BranchBan: SELLER_ID,
  InvoiceType: z.enum(['07', '08']),
  YearMonth: YEAR_MONTH,
  InvoiceTrack: WORD,
  Items: z.array(BlankRangeItem).min(1).max(INVOICE_MODE_LIMITS.batchItems),
});
export type TrackBlankData = z.output<typeof TrackBlankData>;

/** `/Append/BlankCancel`: withdraw one blank range (the profile's body; SystemLead's is unpublished). */
export const BlankCancelData = z.object({
  CompanyID: SELLER_ID,
  YearMonth: YEAR_MONTH,
  InvoiceTrack: WORD,
  InvoiceBeginNo: SERIAL_IN,
  InvoiceEndNo: SERIAL_IN,
});
export type BlankCancelData = z.output<typeof BlankCancelData>;

// ---------------------------------------------------------------------------------------------
// Answers (the profile's shapes; HTTP 200). A rejection of the whole request (signature,
// timestamp, too many items) is one `{ StatusCode: 0, ResultMessage }` for every operation.

export interface SplitInvoiceIdAnswer {
  StatusCode: 0 | 1;
  ResultMessage: string;
  Word?: string;
  StageYear?: string;
  StageMonth?: string;
  UseFor?: string;
  StartNumber?: string;
  EndNumber?: string;
}

export interface AppendInvoiceAnswer {
  StatusCode: 0 | 1;
  ResultMessage: string;
  InvoiceID: string;
  InvoiceNumber?: string;
  InvoiceDateTime?: string;
}

/** One element of SetBlankInvoiceID's answer array (`SetBlankInvoice.md`). */
export interface SetBlankAnswer {
  ErrorMessage: string | null;
  CompanyID: string;
  YearMonth: string;
  InvoiceWord: string;
  BlankInvoiceBeginNo: string;
  BlankInvoiceEndNo: string;
}

/** One element of TrackBlank's answer array (`TrackBlank.md`). */
export interface TrackBlankAnswer {
  HeadBan: string;
  BranchBan: string;
  InvoiceType: string;
  YearMonth: string;
  InvoiceTrack: string;
  Items: Array<{ InvoiceBeginNo: string; InvoiceEndNo: string; Message: string; Status: 'C' | 'E' }>;
}

export interface BlankCancelAnswer {
  StatusCode: 0 | 1;
  ResultMessage: string;
  YearMonth?: string;
  InvoiceTrack?: string;
  InvoiceBeginNo?: string;
  InvoiceEndNo?: string;
}

// ---------------------------------------------------------------------------------------------
// Builders (pure)

/** What the till keeps of an offline invoice: the canonical order it journaled and its number. */
export interface OfflineInvoice {
  invoiceNumber: string;
  /** The order as journaled; `RandomNumber` is the code printed on the proof. */
  order: PosOrderData;
}

/**
 * The upload `Data` of one offline invoice (profile §7): the order's fields without `DeviceID`,
 * the whole number as `InvoiceID`, the printed random code (also as `CheckNumber` for B). Throws
 * when the invoice cannot be uploaded as it is (no 4-digit code, a malformed number): the journal
 * would be wrong, and sending it would store a proof nobody printed.
 */
export function invoiceModeUpload(invoice: OfflineInvoice): InvoiceModeData {
  const { DeviceID: _segmentNamesIt, RandomNumber: code, ...order } = invoice.order;
  if (!INVOICE_NUMBER_PATTERN.test(invoice.invoiceNumber)) {
    throw new Error(`invoice number ${invoice.invoiceNumber} is not 2 capital letters and 8 digits`);
  }
  if (code === undefined || !RANDOM_NUMBER_PATTERN.test(code)) {
    throw new Error(`invoice ${invoice.invoiceNumber} has no 4-digit random code`);
  }
  return {
    InvoiceID: invoice.invoiceNumber,
    ...order,
    RandomNumber: code,
    ...(order.InvoiceFor === 'B' ? { CheckNumber: code } : {}),
  };
}

/** A segment as the till holds it: one track, one period, `[start, end]` inclusive. */
export interface HeldSegment {
  word: string;
  stageYear: number;
  stageMonth: number;
  start: number;
  end: number;
}

/**
 * What to report blank of a segment whose numbers `used` were issued (profile §7): the tail after
 * the last used number by `/Update/SetBlankInvoiceID` (null when the last number was used), and
 * every gap before it by `/Append/TrackBlank`. Together with `used` they cover the segment exactly
 * once. Numbers outside the segment are an error (another segment's, or a wrong journal).
 */
export function blankPlan(
  segment: Pick<HeldSegment, 'start' | 'end'>,
  used: Iterable<number>,
): { tail: { next: number; end: number } | null; gaps: Array<{ begin: number; end: number }> } {
  const sorted = [...new Set(used)].sort((a, b) => a - b);
  for (const serial of sorted) {
    if (!Number.isSafeInteger(serial) || serial < segment.start || serial > segment.end) {
      throw new Error(`number ${serial} is not in the segment ${segment.start}-${segment.end}`);
    }
  }
  const gaps: Array<{ begin: number; end: number }> = [];
  let next = segment.start;
  for (const serial of sorted) {
    if (serial > next) gaps.push({ begin: next, end: serial - 1 });
    next = serial + 1;
  }
  return { tail: next <= segment.end ? { next, end: segment.end } : null, gaps };
}

/**
 * `/Update/SetBlankInvoiceID`'s `Data` for a segment whose first never-used number is `next`;
 * null when every number was used (SystemLead writes NextNumber = EndNumber then, which reads as
 * one blank number: never sent).
 */
export function setBlankData(
  companyId: string,
  segment: HeldSegment,
  next: number,
): SetBlankInvoiceIdData | null {
  if (next > segment.end) return null;
  if (next < segment.start) throw new Error(`next number ${next} is before the segment's start`);
  return {
    CompanyID: companyId,
    Word: segment.word,
    StageYear: segment.stageYear,
    StageMonth: segment.stageMonth,
    StartNumber: serialText(segment.start),
    EndNumber: serialText(segment.end),
    NextNumber: serialText(next),
  };
}

/** `/Append/TrackBlank`'s `Data` for gaps of one segment (one head office: `BranchBan` = `HeadBan`). */
export function trackBlankData(
  companyId: string,
  segment: Pick<HeldSegment, 'word' | 'stageYear' | 'stageMonth'>,
  ranges: ReadonlyArray<{ begin: number; end: number }>,
): TrackBlankData {
  return {
    HeadBan: companyId,
    BranchBan: companyId,
    InvoiceType: '07',
    YearMonth: yearMonthOf(segment.stageYear, segment.stageMonth),
    InvoiceTrack: segment.word,
    Items: ranges.map((range) => ({
      InvoiceBeginNo: serialText(range.begin),
      InvoiceEndNo: serialText(range.end),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Answer checks (the till's reading of a canonical answer; `sent` is the profile's Data sent)

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** A number field written as text or as a number, as text (`2026`, `"2026"` → `"2026"`). */
const numText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const serialOf = (value: unknown): number | null => {
  const text = numText(value);
  return text !== null && /^\d{1,8}$/.test(text) ? Number(text) : null;
};
/** A rejection of the whole request: one object `{ StatusCode: 0, ResultMessage }`. */
function wholeRefusal(json: unknown): string | null {
  if (!isFields(json) || json.StatusCode !== 0) return null;
  return str(json.ResultMessage) ?? '';
}

export type Broken = { kind: 'broken'; reason: string };
export type Refused = { kind: 'refused'; message: string };

export type SplitRead = { kind: 'split'; segment: HeldSegment & { useFor: string } } | Refused | Broken;

/** `/Update/SplitInvoiceID`'s answer, checked against what was asked. */
export function readSplitAnswer(json: unknown, sent: SplitInvoiceIdData): SplitRead {
  const broken = (reason: string): Broken => ({ kind: 'broken', reason });
  if (!isFields(json)) return broken('not one answer object');
  if (json.StatusCode === 0) return { kind: 'refused', message: str(json.ResultMessage) ?? '' };
  if (json.StatusCode !== 1) return broken('no StatusCode 0 or 1');
  const word = str(json.Word);
  const start = serialOf(json.StartNumber);
  const end = serialOf(json.EndNumber);
  if (word === null || !/^[A-Z]{2}$/.test(word)) return broken('success without a track (Word)');
  if (start === null || end === null) return broken('success without StartNumber and EndNumber');
  if (
    numText(json.StageYear) !== String(sent.StageYear) ||
    Number(numText(json.StageMonth)) !== sent.StageMonth
  ) {
    return broken(`segment of another period than ${sent.StageYear}/${sent.StageMonth}`);
  }
  if (json.UseFor !== sent.UseFor) return broken(`segment for another group than ${sent.UseFor}`);
  if (end - start + 1 !== sent.InvoiceCount) {
    return broken(`segment of ${end - start + 1} numbers, ${sent.InvoiceCount} asked`);
  }
  return {
    kind: 'split',
    segment: {
      word,
      stageYear: sent.StageYear,
      stageMonth: sent.StageMonth,
      start,
      end,
      useFor: sent.UseFor,
    },
  };
}

export type AppendItemRead =
  | { invoiceId: string; kind: 'stored'; already: boolean; invoiceDateTime: string }
  | { invoiceId: string; kind: 'refused'; message: string }
  | { invoiceId: string; kind: 'broken'; reason: string };

export type AppendRead = { kind: 'answered'; items: AppendItemRead[] } | Refused | Broken;

function readAppendItem(element: unknown, sent: InvoiceModeData): AppendItemRead | Broken {
  const invoiceId = sent.InvoiceID;
  if (!isFields(element)) return { invoiceId, kind: 'broken', reason: 'an answer item is not an object' };
  // An item about another number says nothing about ours, nor about the order of the others.
  if (element.InvoiceID !== invoiceId) {
    return {
      kind: 'broken',
      reason: `an answer for ${String(element.InvoiceID).slice(0, 20)} where ${invoiceId} was sent`,
    };
  }
  const message = str(element.ResultMessage) ?? '';
  if (element.StatusCode === 0) return { invoiceId, kind: 'refused', message };
  if (element.StatusCode !== 1) return { invoiceId, kind: 'broken', reason: 'no StatusCode 0 or 1' };
  if (element.InvoiceNumber !== undefined && element.InvoiceNumber !== invoiceId) {
    return { invoiceId, kind: 'broken', reason: `stored as ${String(element.InvoiceNumber).slice(0, 20)}` };
  }
  const time = str(element.InvoiceDateTime);
  if (time === null) return { invoiceId, kind: 'broken', reason: 'success without InvoiceDateTime' };
  if (time !== sent.InvoiceDateTime) {
    return {
      invoiceId,
      kind: 'broken',
      reason: `stored with the time ${time.slice(0, 25)}, not ${sent.InvoiceDateTime}`,
    };
  }
  return {
    invoiceId,
    kind: 'stored',
    already: message === INVOICE_MODE_MESSAGES.invoiceAlreadyExists,
    invoiceDateTime: time,
  };
}

/**
 * `/Append/Invoices`' answer (an array, in request order) or `/Append/Invoice`'s (one object, when
 * `sent` is one object): one reading per invoice sent. A different count, or an item naming
 * another number, breaks the whole answer: nothing in it can be attributed.
 */
export function readAppendAnswer(
  json: unknown,
  sent: InvoiceModeData | readonly InvoiceModeData[],
): AppendRead {
  const refusal = wholeRefusal(json);
  if (refusal !== null && (!isFields(json) || json.InvoiceID === undefined)) {
    return { kind: 'refused', message: refusal };
  }
  const records = Array.isArray(sent) ? (sent as readonly InvoiceModeData[]) : [sent as InvoiceModeData];
  const elements: unknown[] = Array.isArray(sent) ? (Array.isArray(json) ? json : []) : [json];
  if (Array.isArray(sent) && !Array.isArray(json))
    return { kind: 'broken', reason: 'not an array of results' };
  if (elements.length !== records.length) {
    return { kind: 'broken', reason: `${elements.length} results for ${records.length} invoices` };
  }
  const items: AppendItemRead[] = [];
  for (let i = 0; i < records.length; i++) {
    const item = readAppendItem(elements[i], records[i]!);
    if (!('invoiceId' in item)) return item;
    items.push(item);
  }
  return { kind: 'answered', items };
}

export type SetBlankRead = { kind: 'reported'; begin: number; end: number } | Refused | Broken;

/** `/Update/SetBlankInvoiceID`'s answer (an array of one element), checked against the range sent. */
export function readSetBlankAnswer(json: unknown, sent: SetBlankInvoiceIdData): SetBlankRead {
  const refusal = wholeRefusal(json);
  if (refusal !== null) return { kind: 'refused', message: refusal };
  const broken = (reason: string): Broken => ({ kind: 'broken', reason });
  if (!Array.isArray(json) || json.length !== 1) return broken('not an array of one result');
  const element: unknown = json[0];
  if (!isFields(element)) return broken('the result is not an object');
  if (typeof element.ErrorMessage === 'string' && element.ErrorMessage !== '') {
    return { kind: 'refused', message: element.ErrorMessage };
  }
  if (element.ErrorMessage !== null && element.ErrorMessage !== undefined && element.ErrorMessage !== '') {
    return broken('ErrorMessage is neither null nor a text');
  }
  const begin = serialOf(element.BlankInvoiceBeginNo);
  const end = serialOf(element.BlankInvoiceEndNo);
  if (begin === null || end === null) return broken('success without the blank range');
  if (element.InvoiceWord !== sent.Word)
    return broken(`a blank range of track ${String(element.InvoiceWord)}`);
  if (element.YearMonth !== yearMonthOf(sent.StageYear, sent.StageMonth)) {
    return broken(`a blank range of period ${String(element.YearMonth)}`);
  }
  if (element.CompanyID !== undefined && element.CompanyID !== sent.CompanyID) {
    return broken('a blank range of another seller');
  }
  if (begin !== Number(sent.NextNumber) || end !== Number(sent.EndNumber)) {
    return broken(`blank ${serialText(begin)}-${serialText(end)}, ${sent.NextNumber}-${sent.EndNumber} sent`);
  }
  return { kind: 'reported', begin, end };
}

export type TrackBlankItemRead =
  | { begin: number; end: number; kind: 'reported' }
  | { begin: number; end: number; kind: 'refused'; message: string; alreadyReported: boolean };

export type TrackBlankRead = { kind: 'answered'; items: TrackBlankItemRead[] } | Refused | Broken;

/** Whether a refusal of a blank range says it was reported before (ours, after an unknown outcome). */
export const isBlankAlreadyReported = (message: string): boolean =>
  message === INVOICE_MODE_MESSAGES.blankAlreadyReported ||
  message === SYSTEMLEAD_BLANK_TEXTS.alreadyReported;

/** `/Append/TrackBlank`'s answer: one element with every range echoed, in request order. */
export function readTrackBlankAnswer(json: unknown, sent: TrackBlankData): TrackBlankRead {
  const refusal = wholeRefusal(json);
  if (refusal !== null) return { kind: 'refused', message: refusal };
  const broken = (reason: string): Broken => ({ kind: 'broken', reason });
  if (!Array.isArray(json) || json.length !== 1) return broken('not an array of one result');
  const element: unknown = json[0];
  if (!isFields(element)) return broken('the result is not an object');
  if (typeof element.Message === 'string' && !Array.isArray(element.Items)) {
    return { kind: 'refused', message: element.Message };
  }
  if (element.YearMonth !== sent.YearMonth || element.InvoiceTrack !== sent.InvoiceTrack) {
    return broken(`a result for ${String(element.InvoiceTrack)} ${String(element.YearMonth)}`);
  }
  if (!Array.isArray(element.Items) || element.Items.length !== sent.Items.length) {
    return broken(`not one result per range (${sent.Items.length} sent)`);
  }
  const items: TrackBlankItemRead[] = [];
  for (let i = 0; i < sent.Items.length; i++) {
    const asked = sent.Items[i]!;
    const item: unknown = element.Items[i];
    const begin = Number(asked.InvoiceBeginNo);
    const end = Number(asked.InvoiceEndNo);
    if (!isFields(item) || serialOf(item.InvoiceBeginNo) !== begin || serialOf(item.InvoiceEndNo) !== end) {
      return broken(`result ${i + 1} is not about ${asked.InvoiceBeginNo}-${asked.InvoiceEndNo}`);
    }
    if (item.Status === 'C') items.push({ begin, end, kind: 'reported' });
    else if (item.Status === 'E') {
      const message = str(item.Message) ?? '';
      items.push({ begin, end, kind: 'refused', message, alreadyReported: isBlankAlreadyReported(message) });
    } else return broken(`result ${i + 1} has no Status C or E`);
  }
  return { kind: 'answered', items };
}

export type BlankCancelRead = { kind: 'withdrawn' } | Refused | Broken;

/** `/Append/BlankCancel`'s answer: `StatusCode` 1, or 0 with the reason. */
export function readBlankCancelAnswer(json: unknown, sent: BlankCancelData): BlankCancelRead {
  if (!isFields(json)) return { kind: 'broken', reason: 'not one answer object' };
  if (json.StatusCode === 0) return { kind: 'refused', message: str(json.ResultMessage) ?? '' };
  if (json.StatusCode !== 1) return { kind: 'broken', reason: 'no StatusCode 0 or 1' };
  for (const key of ['InvoiceBeginNo', 'InvoiceEndNo'] as const) {
    if (json[key] !== undefined && serialOf(json[key]) !== Number(sent[key])) {
      return { kind: 'broken', reason: `withdrawn ${String(json[key])}, ${sent[key]} sent` };
    }
  }
  return { kind: 'withdrawn' };
}

import { bilingual, type Bilingual } from './i18n';
import { invoicePeriod, periodOf } from './period';

/**
 * Invoice mode (provider profile §7): numbers the provider split off for this till alone, which
 * the till uses itself when the POS API cannot be reached, and uploads afterwards. Pure rules:
 * which number comes next, which period a date belongs to, when a sale may be issued this way,
 * the deadlines, when numbers run out, and what is reported blank after a period ends.
 */

/** A segment the provider split off for this till's invoice-mode group (`/Update/SplitInvoiceID`). */
export interface InvoiceModeSegment {
  /** The track's two letters, e.g. `QQ`. */
  word: string;
  /** ROC year (3 digits) + the period's even month, e.g. `11512` (`invoicePeriod().code`). */
  periodCode: string;
  /** First and last number of the segment, inclusive (8 digits as numbers). */
  start: number;
  end: number;
  /** The first number not yet used; `end + 1` once every number is used. */
  next: number;
}

const PERIOD_CODE = /^(\d{3})(02|04|06|08|10|12)$/;
const WORD = /^[A-Z]{2}$/;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TAIPEI_OFFSET_MS = 8 * HOUR_MS;

/** A period opens for splitting (and the till starts holding its numbers) 15 days before it starts. */
export const NEXT_PERIOD_LEAD_DAYS = 15;
/** Not-delivered sales in a row after which the till switches to offline mode (a setting). */
export const DEFAULT_OFFLINE_AFTER_FAILURES = 2;
/** Numbers split per segment (a setting; the provider allows 1 to 1,000). */
export const DEFAULT_SEGMENT_SIZE = 50;
export const MAX_SEGMENT_SIZE = 1000;
/** At most this many invoices in one `/Append/Invoices`. */
export const UPLOAD_BATCH_LIMIT = 100;
/** Hours after `InvoiceDateTime` by which an offline invoice must reach the provider. */
export const UPLOAD_DEADLINE_HOURS = { C: 48, B: 7 * 24 } as const;
/** An offline invoice still not uploaded this long after its date is warned about. */
export const UPLOAD_WARNING_HOURS = 24;
/** Blank numbers are reported before this day of the next period (Asia/Taipei). */
export const BLANK_REPORT_DUE_DAY = 10;

export const isPeriodCode = (code: string): boolean => PERIOD_CODE.test(code);
export const isTrackWord = (word: string): boolean => WORD.test(word);

/** `QQ12345678`: the whole number, as `InvoiceID` carries it in invoice mode. */
export function invoiceModeId(word: string, number: number): string {
  return `${word}${String(number).padStart(8, '0')}`;
}

/** The period code of an instant, in Asia/Taipei (the invoice's date decides its period). */
export function periodCodeOf(instant: Date): string {
  return invoicePeriod(instant).code;
}

function periodParts(code: string): { adYear: number; endMonth: number } {
  const match = PERIOD_CODE.exec(code);
  if (!match) throw new Error(`not a period code: ${code}`);
  return { adYear: Number(match[1]) + 1911, endMonth: Number(match[2]) };
}

/** The period after `code` (`11512` → `11602`). */
export function nextPeriodCode(code: string): string {
  const { adYear, endMonth } = periodParts(code);
  return endMonth === 12 ? periodOf(adYear + 1, 2).code : periodOf(adYear, endMonth + 2).code;
}

/** The first instant of a period: 00:00 Asia/Taipei on the first day of its odd month. */
export function periodStart(code: string): Date {
  const { adYear, endMonth } = periodParts(code);
  return new Date(Date.UTC(adYear, endMonth - 2, 1) - TAIPEI_OFFSET_MS);
}

/** The first instant after a period (the next period's start). */
export function periodEnd(code: string): Date {
  return periodStart(nextPeriodCode(code));
}

/** `StageYear` (AD) and `StageMonth` (the even month) of `/Update/SplitInvoiceID`. */
export function splitStage(code: string): { stageYear: number; stageMonth: number } {
  const { adYear, endMonth } = periodParts(code);
  return { stageYear: adYear, stageMonth: endMonth };
}

/**
 * The periods whose numbers the till keeps in hand at `now`: the current one, and from 15 days
 * before the next one starts (when the provider opens it) the next one too.
 */
export function periodsToHold(now: Date): string[] {
  const current = periodCodeOf(now);
  const next = nextPeriodCode(current);
  const opens = periodStart(next).getTime() - NEXT_PERIOD_LEAD_DAYS * DAY_MS;
  return now.getTime() >= opens ? [current, next] : [current];
}

/**
 * The periods to split a segment for at `now`: those the till should hold whose numbers left are
 * at `low` or fewer (running low while online tops up by itself).
 */
export function periodsToTopUp(now: Date, segments: readonly InvoiceModeSegment[], low: number): string[] {
  return periodsToHold(now).filter((code) => numbersLeftIn(segments, code) <= low);
}

export const numbersLeft = (segment: InvoiceModeSegment): number =>
  Math.max(0, segment.end - segment.next + 1);

/** Numbers left in a period's segments. */
export function numbersLeftIn(segments: readonly InvoiceModeSegment[], periodCode: string): number {
  return segments
    .filter((segment) => segment.periodCode === periodCode)
    .reduce((sum, segment) => sum + numbersLeft(segment), 0);
}

/** Segments in the order their numbers are used: by word, then by start. */
export function segmentOrder(a: InvoiceModeSegment, b: InvoiceModeSegment): number {
  if (a.periodCode !== b.periodCode) return a.periodCode < b.periodCode ? -1 : 1;
  if (a.word !== b.word) return a.word < b.word ? -1 : 1;
  return a.start - b.start;
}

export interface NextInvoiceModeNumber {
  segment: InvoiceModeSegment;
  number: number;
  invoiceId: string;
}

/**
 * The next number for an invoice dated in `periodCode`: the first unused number of the first
 * segment of that period that has one left (segments are used up one after the other, numbers in
 * order); null when the period's numbers are used up or none are held.
 */
export function nextInvoiceModeNumber(
  segments: readonly InvoiceModeSegment[],
  periodCode: string,
): NextInvoiceModeNumber | null {
  const segment = segments
    .filter((s) => s.periodCode === periodCode && numbersLeft(s) > 0)
    .sort(segmentOrder)[0];
  if (!segment) return null;
  return { segment, number: segment.next, invoiceId: invoiceModeId(segment.word, segment.next) };
}

/** What a sale's exchange with the POS API ended as, or `null` when nothing was sent. */
export type PosAttemptResult = 'issued' | 'rejected' | 'not-delivered' | 'unknown' | null;

/**
 * Whether a sale may be issued in invoice mode (profile §7, one flow per transaction): only when
 * the POS request surely never reached the service (not delivered), or nothing was sent because
 * the till is in offline mode. An unknown outcome may have issued an invoice: never.
 */
export function mayIssueOffline(result: PosAttemptResult, offlineMode: boolean): boolean {
  if (result === 'not-delivered') return true;
  return result === null && offlineMode;
}

/** The till's reach of the service, as the checkout and the background probe see it. */
export interface ConnectivityState {
  mode: 'online' | 'offline';
  /** Not-delivered sales in a row while online. */
  notDeliveredInRow: number;
}

export type ConnectivityEvent = 'not-delivered' | 'answered' | 'unknown';

export const ONLINE: ConnectivityState = { mode: 'online', notDeliveredInRow: 0 };

/**
 * The next state after a sale's exchange or a probe: `threshold` not-delivered in a row switch to
 * offline mode; any answer from the service switches back. An unknown outcome is no proof of an
 * outage (the request went out), so it breaks the row and switches nothing.
 */
export function nextConnectivity(
  state: ConnectivityState,
  event: ConnectivityEvent,
  threshold: number = DEFAULT_OFFLINE_AFTER_FAILURES,
): ConnectivityState {
  if (event === 'answered') return ONLINE;
  if (event === 'unknown') return { ...state, notDeliveredInRow: 0 };
  const inRow = state.notDeliveredInRow + 1;
  if (state.mode === 'offline') return { mode: 'offline', notDeliveredInRow: inRow };
  return { mode: inRow >= Math.max(1, threshold) ? 'offline' : 'online', notDeliveredInRow: inRow };
}

export type InvoiceKindLetter = 'B' | 'C';

/** The instant by which an offline invoice must reach the provider: C 48 hours, B 7 days. */
export function uploadDeadline(kind: InvoiceKindLetter, invoiceDate: Date): Date {
  return new Date(invoiceDate.getTime() + UPLOAD_DEADLINE_HOURS[kind] * HOUR_MS);
}

export type UploadUrgency = 'waiting' | 'warn' | 'late';

/** How urgent an offline invoice not yet uploaded is at `now`: warned at 24 hours, late past its deadline. */
export function uploadUrgency(kind: InvoiceKindLetter, invoiceDate: Date, now: Date): UploadUrgency {
  if (now.getTime() > uploadDeadline(kind, invoiceDate).getTime()) return 'late';
  if (now.getTime() - invoiceDate.getTime() >= UPLOAD_WARNING_HOURS * HOUR_MS) return 'warn';
  return 'waiting';
}

/**
 * The cashier's notice after an offline number is used, with `left` numbers still in hand for
 * this period: told while some are left (at `low` or fewer, and surely before the last is used),
 * and what to do when none are.
 */
export function numbersRunningOut(left: number, low: number): Bilingual | null {
  if (left > Math.max(1, low)) return null;
  if (left <= 0) {
    return bilingual(
      '離線發票號碼已用完：請改用手開發票或等待連線恢復，並通知主管。',
      'No offline invoice numbers left: issue handwritten invoices or wait for the connection, and tell a supervisor.',
    );
  }
  return bilingual(
    `離線發票號碼只剩 ${left} 個：連線恢復前請準備手開發票。`,
    `Only ${left} offline invoice number${left === 1 ? '' : 's'} left: have handwritten invoices ready until the connection returns.`,
  );
}

/**
 * While offline the till cannot ask the service for the time, so a clock set into another period
 * would put invoices into the wrong period's numbers. The expected time is the service's last
 * answered time plus the time elapsed on the till's monotonic clock since; an invoice whose date
 * (the till's clock) falls in another period than that is refused: the invoice's date decides its
 * period. `toleranceMs` lets a sale a few minutes around midnight of a period's end go either way.
 */
export function offlineClockRefusal(
  now: Date,
  lastServiceTime: Date,
  elapsedMs: number,
  toleranceMs = 5 * 60 * 1000,
): Bilingual | null {
  const expected = lastServiceTime.getTime() + Math.max(0, elapsedMs);
  const period = periodCodeOf(now);
  const low = periodCodeOf(new Date(expected - toleranceMs));
  const high = periodCodeOf(new Date(expected + toleranceMs));
  if (period === low || period === high) return null;
  const nowPeriod = invoicePeriod(now).text;
  const expectedPeriod = invoicePeriod(new Date(expected)).text;
  return bilingual(
    `收銀機時鐘在 ${nowPeriod}，但自服務最後回應後應在 ${expectedPeriod}：離線時發票日期決定期別，請先校正時鐘。`,
    `The till's clock is in ${nowPeriod} but by the time since the service last answered it should be ${expectedPeriod}: offline, the invoice's date decides its period; correct the clock first.`,
  );
}

/** A range of numbers reported blank (`/Update/SetBlankInvoiceID`). */
export interface BlankRange {
  word: string;
  periodCode: string;
  /** The segment the range belongs to. */
  start: number;
  end: number;
  /** The first never-used number: `[next, end]` is blank. */
  next: number;
}

/**
 * A period's unused numbers, one range per segment with any left (a segment with every number
 * used needs no call: profile §7).
 */
export function blankRanges(segments: readonly InvoiceModeSegment[], periodCode: string): BlankRange[] {
  return segments
    .filter((s) => s.periodCode === periodCode && numbersLeft(s) > 0)
    .sort(segmentOrder)
    .map(({ word, start, end, next }) => ({ word, periodCode, start, end, next }));
}

/** When a period's blank report is due: from its end, before the 10th day of the next period. */
export function blankReportWindow(periodCode: string): { opens: Date; dueBy: Date } {
  const opens = periodEnd(periodCode);
  return { opens, dueBy: new Date(opens.getTime() + (BLANK_REPORT_DUE_DAY - 1) * DAY_MS) };
}

/**
 * Checks a segment the provider answered a split with, against the split asked for and the
 * segments already held: null when it is sound, else why it is refused (nothing is kept).
 */
export function segmentRefusal(
  segment: InvoiceModeSegment,
  asked: { periodCode: string; count: number },
  held: readonly InvoiceModeSegment[],
): Bilingual | null {
  if (!isTrackWord(segment.word) || !isPeriodCode(segment.periodCode)) {
    return bilingual('字軌或期別格式不符。', 'The track word or period is malformed.');
  }
  if (segment.periodCode !== asked.periodCode) {
    return bilingual(
      `配號的期別 ${segment.periodCode} 不是所要求的 ${asked.periodCode}。`,
      `The segment is for period ${segment.periodCode}, not ${asked.periodCode} as asked.`,
    );
  }
  const valid =
    Number.isInteger(segment.start) &&
    Number.isInteger(segment.end) &&
    segment.start >= 0 &&
    segment.end <= 99_999_999 &&
    segment.start <= segment.end;
  if (!valid || segment.end - segment.start + 1 !== asked.count) {
    return bilingual(
      `配號區間 ${segment.start}–${segment.end} 與所要求的 ${asked.count} 個號碼不符。`,
      `The segment ${segment.start}–${segment.end} does not hold the ${asked.count} numbers asked for.`,
    );
  }
  const overlap = held.find(
    (h) =>
      h.word === segment.word &&
      h.periodCode === segment.periodCode &&
      h.start <= segment.end &&
      segment.start <= h.end,
  );
  if (overlap) {
    return bilingual(
      `配號區間與已持有的 ${invoiceModeId(overlap.word, overlap.start)}–${overlap.end} 重疊。`,
      `The segment overlaps ${invoiceModeId(overlap.word, overlap.start)}–${overlap.end} already held.`,
    );
  }
  return null;
}

/** Where the numbers of one invoice-mode segment stand (reconciliation, issue 27). */
export interface SegmentAccount {
  /** Used by the till, with its offline invoice in the journal. */
  issued: number;
  /** Never used and reported blank. */
  blank: number;
  /** Never used and not (yet) reported blank: still in hand. */
  unused: number;
  /** Passed by the till's cursor with no offline invoice of its own: a gap in the numbers. */
  gaps: number[];
  /** Not used by the till, yet the provider holds an invoice of it (its `CurrentNumber` is past it). */
  unknown: number[];
}

/**
 * Accounts for every number of a segment, none left unknown: `[start, next)` was used by the
 * till, so each is an offline invoice of the journal or a gap; `[next, end]` was not, so each is
 * blank (the segment's blank report went through), still unused, or, when the provider's cursor
 * (`providerNext`, from `GetInvoiceIDList`; null when not asked) is past it, an invoice the
 * provider holds that the till never issued. The five counts add up to the segment's size.
 */
export function accountSegment(
  segment: InvoiceModeSegment & { blankReported: boolean },
  issued: ReadonlySet<number>,
  providerNext: number | null,
): SegmentAccount {
  const account: SegmentAccount = { issued: 0, blank: 0, unused: 0, gaps: [], unknown: [] };
  const used = Math.min(Math.max(segment.next, segment.start), segment.end + 1);
  for (let number = segment.start; number < used; number++) {
    if (issued.has(number)) account.issued++;
    else account.gaps.push(number);
  }
  for (let number = used; number <= segment.end; number++) {
    if (providerNext !== null && number < providerNext) account.unknown.push(number);
    else if (segment.blankReported) account.blank++;
    else account.unused++;
  }
  return account;
}

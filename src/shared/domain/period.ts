/**
 * Dates as Taiwan's e-invoice sees them: Asia/Taipei local time (UTC+8, no daylight saving since
 * 1979), whatever the machine's own time zone is. Computed from the UTC instant plus eight hours,
 * so neither the OS zone database nor the TZ variable can move a sale into another period.
 */
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface TaipeiParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function taipeiParts(instant: Date): TaipeiParts {
  const shifted = new Date(instant.getTime() + TAIPEI_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DDTHH:mm:ss` in Taipei time: the `InvoiceDateTime` of the provider profile. */
export function taipeiDateTime(instant: Date): string {
  const p = taipeiParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `YYYY-MM-DD` in Taipei time: the business day a sale belongs to. */
export function taipeiBusinessDay(instant: Date): string {
  return taipeiDateTime(instant).slice(0, 10);
}

/** Reads a `YYYY-MM-DDTHH:mm:ss` Taipei time back into an instant; null when malformed. */
export function parseTaipeiDateTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - TAIPEI_OFFSET_MS;
  const instant = new Date(utc);
  // Reject 2026-02-30 and 25:00: the round trip must give the same text.
  return taipeiDateTime(instant) === text ? instant : null;
}

/** The two-month invoice period (期別): January-February, March-April, … November-December. */
export interface InvoicePeriod {
  /** ROC year: AD − 1911. */
  rocYear: number;
  startMonth: number; // odd
  endMonth: number; // even
  /** `115年11-12月`, as printed on the proof. */
  text: string;
  /** ROC year (3 digits) + even month (2 digits), e.g. `11512`: the start of the proof's barcode. */
  code: string;
}

export function invoicePeriod(instant: Date): InvoicePeriod {
  const { year, month } = taipeiParts(instant);
  return periodOf(year, month);
}

export function periodOf(adYear: number, month: number): InvoicePeriod {
  const rocYear = adYear - 1911;
  const endMonth = month % 2 === 0 ? month : month + 1;
  const startMonth = endMonth - 1;
  return {
    rocYear,
    startMonth,
    endMonth,
    text: `${rocYear}年${pad(startMonth)}-${pad(endMonth)}月`,
    code: `${pad(rocYear, 3)}${pad(endMonth)}`,
  };
}

/** ROC date `yyyMMdd` (7 digits) as the left QR code carries it. */
export function rocDate(instant: Date): string {
  const p = taipeiParts(instant);
  return `${pad(p.year - 1911, 3)}${pad(p.month)}${pad(p.day)}`;
}

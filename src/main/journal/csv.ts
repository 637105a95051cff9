/** CSV as Excel reads it: UTF-8 with a BOM, CRLF rows, RFC 4180 quoting. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell: quoted when it holds a comma, quote, CR/LF or edge spaces; text that Excel would
 * run as a formula (= + - @ at the start) gets a leading apostrophe. Numbers stay numbers.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return quoted(text);
}

function quoted(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Excel keeps a formula's string literal at most this long; LibreOffice more. Longer text is
 * written as a plain cell.
 */
const FORMULA_TEXT_MAX = 255;

/**
 * A cell a spreadsheet must show exactly as written: `="04595257"`, a formula whose value is that
 * text. Opened from CSV, Excel and LibreOffice Calc turn a plain `04595257` (quoted or not) into
 * the number 4595257, a `2026-11-22`-like code into a date and `1E5` into 100000; an apostrophe
 * (`'04595257`) stays visible in both. The formula is only a string literal (quotes doubled), so
 * nothing in the text is ever run; text with a line break, or longer than a formula's literal may
 * be, falls back to `csvCell`. For the spreadsheet variant of the export only: a program reading
 * the CSV would see the `="…"` (the `codes` variant writes plain cells).
 */
export function spreadsheetTextCell(value: string | null): string {
  if (value === null || value === '') return '';
  if (/[\r\n]/.test(value) || value.length > FORMULA_TEXT_MAX) return csvCell(value);
  return quoted(`="${value.replace(/"/g, '""')}"`);
}

/**
 * Free text (a buyer's name, an item, a message) in the spreadsheet variant: as typed, unless a
 * spreadsheet would change it: a formula-like start (= + - @) or a text that reads as a number,
 * a date or a time (`0800`, `1-2`, `3/4`) is kept as text by `spreadsheetTextCell`.
 */
export function spreadsheetFreeTextCell(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) || looksNumeric(value) ? spreadsheetTextCell(value) : csvCell(value);
}

/** Digits with the signs, separators and letters spreadsheets read numbers, dates and times from. */
function looksNumeric(text: string): boolean {
  return /\d/.test(text) && /^[\s\d.,:/+\-%$()eE]+$/.test(text);
}

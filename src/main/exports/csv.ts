/**
 * CSV as Excel reads it: UTF-8 with a BOM, CRLF rows, RFC 4180 quoting, plain values (every
 * cell is its value as a script reads it; no spreadsheet formulas).
 */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell: quoted when it holds a comma, quote, CR/LF or edge spaces; text that Excel would
 * run as a formula (= + - @ at the start) gets a leading apostrophe. Numbers stay numbers.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return quoted(guarded(value));
}

/** Text that Excel would run as a formula (= + - @, tab, CR at the start) with a leading apostrophe. */
function guarded(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quoted(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * An identifier (tax ID, carrier, invoice or order number) in the spreadsheet variant: its plain
 * text, always in quotes. The CSV is for scripts (the closing screen offers the .xlsx first for
 * people): no `="04595257"` formula, which LibreOffice Calc shows literally when it does not
 * evaluate formulas on import. A spreadsheet opening the CSV with its defaults reads `04595257`
 * as the number 4595257; the quotes let a person keep it with Calc's "Format quoted field as
 * text" (Excel: import the column as text). The formula guard of `csvCell` still applies.
 */
export function quotedTextCell(value: string): string {
  return `"${guarded(value).replace(/"/g, '""')}"`;
}

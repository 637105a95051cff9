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
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

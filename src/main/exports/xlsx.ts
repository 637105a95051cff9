import ExcelJS from 'exceljs';
import { describeCodePoint, displayWidth, type Bilingual } from '../../shared/domain';
import { dayModeOfSummary, type DayMode } from '../journal/day-mode';
import type { DaySnapshot } from '../journal/day-snapshot';
import { invalid } from '../journal/errors';
import type { DaySummary } from '../journal/types';
import {
  CASH_COLUMNS,
  cashRows,
  LINE_COLUMNS,
  linesOf,
  PRICE_CHANGE_COLUMNS,
  priceChangeRows,
  SUMMARY_COLUMNS,
  summarySheetRows,
  TRANSACTION_COLUMNS,
  YES_NO,
  type SheetColumn,
} from './sheets';
import type { ExportHeaders, ExportTable } from './types';

/**
 * The day as a real spreadsheet (.xlsx, written with exceljs): what a person opens in Excel or
 * LibreOffice Calc, where the CSV's `="…"` trick shows literally in Calc. One sheet per table of
 * the CSV export (transactions, line items, cash) and the summary, each with the CSV's columns
 * and headers (sheets.ts) but TYPED cells:
 *
 * - identifiers (tax IDs, carriers, invoice, order, allowance and random numbers, love codes) are
 *   text cells with the text format `@`: `04595257` keeps its leading zero, `/ABC+123` is never a
 *   formula, and a person typing into the column types text too;
 * - money is a number with the NT$ format (`NT$1,234`, negative `-NT$1,234`), so it adds up;
 *   counts and quantities are plain numbers;
 * - times are date cells showing the Taipei local time (Excel dates have no zone: the serial is
 *   Taipei's wall clock, so 23:59 in Taipei is 23:59 in the cell whatever the PC's zone), and
 *   the business day a date cell;
 * - free text (names, items, messages) a text cell as typed: a name starting with `=` is text in
 *   an xlsx, never a formula, so no apostrophe is needed.
 *
 * Every sheet's header row is frozen and the columns are as wide as their content (capped).
 * Built in memory (a day's sales, not a year's) so that a text the file format cannot hold is
 * refused before any byte is written (`checkCellText`).
 */

/** NT$ without decimals (amounts are whole dollars); a unit price of an allowance may have cents. */
export const NTD_FORMAT = '"NT$"#,##0;-"NT$"#,##0';
const NTD_CENTS_FORMAT = '"NT$"#,##0.00##;-"NT$"#,##0.00##';
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const DAY_FORMAT = 'yyyy-mm-dd';
const TEXT_FORMAT = '@';

/** The sheets' names: the closing screen's words for the tables. */
export const SHEET_NAME: Readonly<Record<ExportTable | 'summary', Bilingual>> = {
  transactions: { zh: '交易', en: 'Transactions' },
  lines: { zh: '品項', en: 'Line items' },
  cash: { zh: '現金', en: 'Cash' },
  prices: { zh: '售價變更', en: 'Price changes' },
  summary: { zh: '日結', en: 'Summary' },
};

/**
 * Characters an xlsx cannot carry (XML 1.0 has no C0 controls but tab, LF and CR) and the C1
 * controls that would hide in a cell. The journal never holds them (every text from outside passes
 * the plain-text rule); if one ever got in, the export says where instead of writing a file Excel
 * calls corrupt.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/u;

export function checkCellText(text: string, where: { sheet: string; row: number; column: string }): void {
  const found = UNWRITABLE.exec(text);
  if (!found) return;
  const what = describeCodePoint(found[0].codePointAt(0)!);
  throw invalid(
    `無法匯出 XLSX：「${where.sheet}」第 ${where.row} 列「${where.column}」含控制字元 ${what}`,
    `Cannot export XLSX: "${where.sheet}" row ${where.row}, "${where.column}" holds the control character ${what}`,
  );
}

/**
 * A line break inside a cell is LF, as Excel and Calc write it. A CR would not survive the file
 * anyway (XML reads a bare CR, and CR LF, as LF), so the export says so itself instead of leaving a
 * text that reads back different from what was written.
 */
export function cellLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/gu, '\n') : text;
}

/** `2026-11-22 23:59:00` or `2026-11-22` (Taipei wall clock) as a Date whose UTC fields are that clock. */
function wallClock(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
}

type Lang = 'zh' | 'en';

/** The widest a column gets from its content, in characters (a CJK character counts two). */
const MAX_WIDTH = 48;

function addSheet<Row>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly SheetColumn<Row>[],
  rows: Iterable<Row>,
  headers: ExportHeaders,
): number {
  const lang: Lang = headers === 'en' ? 'en' : 'zh';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const titles = columns.map((c) => (headers === 'codes' ? c.key : c.title[lang]));
  const widths = titles.map((title) => displayWidth(title));
  sheet.addRow(titles).font = { bold: true };
  let count = 0;
  for (const row of rows) {
    count++;
    const cells = columns.map((column, i): { value: ExcelJS.CellValue; format: string | null } => {
      const value = column.value(row, lang);
      if (value === null) return { value: null, format: null };
      if (typeof value === 'boolean') return { value: YES_NO[lang][value ? 0 : 1], format: null };
      if (typeof value === 'number') {
        if (column.kind !== 'money') return { value, format: null };
        return { value, format: Number.isInteger(value) ? NTD_FORMAT : NTD_CENTS_FORMAT };
      }
      if (column.kind === 'time') {
        const at = wallClock(value);
        if (at) return { value: at, format: value.length > 10 ? TIME_FORMAT : DAY_FORMAT };
      }
      checkCellText(value, { sheet: name, row: count + 1, column: titles[i]! });
      return { value: cellLineBreaks(value), format: column.kind === 'id' ? TEXT_FORMAT : null };
    });
    const added = sheet.addRow(cells.map((c) => c.value));
    cells.forEach(({ value, format }, i) => {
      if (value === null) return;
      if (format !== null) added.getCell(i + 1).numFmt = format;
      const shown =
        value instanceof Date
          ? format!.length
          : typeof value === 'number'
            ? String(value).length + (format === null ? 0 : 5)
            : displayWidth(String(value));
      widths[i] = Math.max(widths[i]!, shown);
    });
  }
  columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = Math.min(MAX_WIDTH, widths[i]! + 2);
    // Typing into an identifier column keeps text too (a new tax ID with its leading zero).
    if (column.kind === 'id') sheetColumn.numFmt = TEXT_FORMAT;
  });
  return count;
}

/**
 * The workbook of one day from one journal snapshot: the tables asked for (the CSV export's) and
 * the summary, their rows counted. `headers`: the sheets' and columns' language (`codes`: the
 * machine names as headers, Chinese words in the cells), as the CSV's.
 */
export async function dayWorkbook(
  snapshot: DaySnapshot,
  tables: readonly ExportTable[],
  headers: ExportHeaders,
  summary: DaySummary = snapshot.summary(),
  mode: DayMode = dayModeOfSummary(summary),
): Promise<{ buffer: Buffer; rows: Record<ExportTable | 'summary', number> }> {
  const lang: Lang = headers === 'en' ? 'en' : 'zh';
  const sheets: SheetSpec[] = tables.map((table): SheetSpec => {
    const name = SHEET_NAME[table][lang];
    if (table === 'transactions') {
      return { name, columns: TRANSACTION_COLUMNS, rows: snapshot.sheetRecords(false) } as SheetSpec;
    }
    if (table === 'lines') {
      const lines = (function* () {
        for (const record of snapshot.sheetRecords(true)) yield* linesOf(record);
      })();
      return { name, columns: LINE_COLUMNS, rows: lines } as SheetSpec;
    }
    if (table === 'prices') {
      return { name, columns: PRICE_CHANGE_COLUMNS, rows: priceChangeRows(snapshot) } as SheetSpec;
    }
    return { name, columns: CASH_COLUMNS, rows: cashRows(snapshot) } as SheetSpec;
  });
  sheets.push({
    name: SHEET_NAME.summary[lang],
    columns: SUMMARY_COLUMNS,
    rows: summarySheetRows(summary, mode),
  } as SheetSpec);
  const { buffer, counts } = await workbookOf(sheets, headers, snapshot.now);
  const rows: Record<ExportTable | 'summary', number> = {
    transactions: 0,
    lines: 0,
    cash: 0,
    prices: 0,
    summary: 0,
  };
  tables.forEach((table, i) => (rows[table] = counts[i]!));
  rows.summary = counts.at(-1)!;
  return { buffer, rows };
}

/** One sheet to write: its name, the columns of sheets.ts and its rows. */
export interface SheetSpec<Row = unknown> {
  name: string;
  columns: readonly SheetColumn<Row>[];
  rows: Iterable<Row>;
}

/**
 * The .xlsx of these sheets, each cell typed by its column's kind; the rows of each counted.
 * `at`: the workbook's own created/modified dates (the snapshot's clock, not the wall clock).
 */
export async function workbookOf(
  sheets: readonly SheetSpec[],
  headers: ExportHeaders,
  at: Date,
): Promise<{ buffer: Buffer; counts: number[] }> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'till';
  workbook.created = at;
  workbook.modified = at;
  const counts = sheets.map((sheet) => addSheet(workbook, sheet.name, sheet.columns, sheet.rows, headers));
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), counts };
}

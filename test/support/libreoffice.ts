import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * LibreOffice Calc, headless, as a person's spreadsheet: it opens CSV files and writes them back
 * as HTML, whose cells say what the sheet shows (the text) and whether Calc took the cell as a
 * number or a date (`sdval`, the value, and `sdnum`, its format) or kept it as text. Slow to start
 * (seconds on a 2-core machine), so a test converts all its files in one call.
 *
 * The CSV filter options are what a person picks in Calc's Text Import dialog: comma, double
 * quote, Unicode (UTF-8), from line 1. (Headless with no options at all, Calc 7.4 reads the file
 * in the system's 8-bit charset; with Windows-1252 chosen it shows mojibake even with the BOM.)
 * Formulas are evaluated, as the dialog's default does.
 */
export const CSV_IMPORT = 'CSV:44,34,76,1';

export const SOFFICE_MISSING =
  'LibreOffice Calc (soffice) is not installed: run scripts/install-system-deps.sh ' +
  '(it installs the Debian package libreoffice-calc). / 未安裝 LibreOffice Calc：請執行 scripts/install-system-deps.sh';

export function sofficeVersion(): string | null {
  const found = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** One cell as Calc shows it: the text, and the number behind it when Calc read a number or a date. */
export interface CalcCell {
  text: string;
  value: number | null;
  /** Calc's number format, e.g. `YYYY-MM-DD HH:MM:SS` for a date and time; null for text. */
  format: string | null;
  /** The cell holds a link (a formula ran). */
  link: boolean;
}

/**
 * Converts `files` (CSV) to HTML with one `soffice` run in a private profile (parallel runs do
 * not share one), and answers each file's table. Throws with soffice's output when a file did
 * not convert.
 */
export function openInCalc(files: readonly string[], timeoutMs = 180_000): Map<string, CalcCell[][]> {
  const html = convertInCalc(files, CSV_IMPORT, timeoutMs);
  return new Map(files.map((file) => [file, readCalcHtml(html.get(file)!)]));
}

/**
 * Opens `files` as a person does (an .xlsx by itself; a CSV with `csvFilter`, the Text Import
 * dialog's choices) and answers every sheet of each by its name, as Calc shows it.
 */
export function openSheetsInCalc(
  files: readonly string[],
  csvFilter: string = CSV_IMPORT,
  timeoutMs = 180_000,
): Map<string, Map<string, CalcCell[][]>> {
  const byFilter = new Map<string | null, string[]>();
  for (const file of files) {
    const filter = /\.csv$/i.test(file) ? csvFilter : null;
    byFilter.set(filter, [...(byFilter.get(filter) ?? []), file]);
  }
  const out = new Map<string, Map<string, CalcCell[][]>>();
  for (const [filter, group] of byFilter) {
    const html = convertInCalc(group, filter, timeoutMs);
    for (const file of group) out.set(file, readCalcSheets(html.get(file)!));
  }
  return out;
}

/** One soffice run converting `files` to HTML in a private profile; each file's HTML text. */
function convertInCalc(
  files: readonly string[],
  infilter: string | null,
  timeoutMs: number,
): Map<string, string> {
  const work = mkdtempSync(join(tmpdir(), 'till-calc-'));
  try {
    const out = join(work, 'out');
    const run = spawnSync(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
        ...(infilter === null ? [] : [`--infilter=${infilter}`]),
        '--convert-to',
        'html',
        '--outdir',
        out,
        ...files,
      ],
      { encoding: 'utf8', timeout: timeoutMs },
    );
    if (run.error) throw new Error(`soffice did not run: ${run.error.message}\n${SOFFICE_MISSING}`);
    const pages = new Map<string, string>();
    for (const file of files) {
      const html = join(out, basename(file).replace(/\.[^.]+$/, '') + '.html');
      try {
        pages.set(file, readFileSync(html, 'utf8'));
      } catch {
        throw new Error(
          `soffice did not convert ${file} (exit ${run.status}):\n${run.stdout}\n${run.stderr}`,
        );
      }
    }
    return pages;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every sheet of Calc's HTML export (`<h1>Sheet N: <em>name</em></h1>` before each table), by name. */
export function readCalcSheets(html: string): Map<string, CalcCell[][]> {
  const sheets = new Map<string, CalcCell[][]>();
  const parts = html.split(/<h1>Sheet \d+: <em>/i).slice(1);
  if (parts.length === 0) {
    sheets.set('', readCalcHtml(html));
    return sheets;
  }
  for (const part of parts) {
    const name = decode(part.slice(0, part.indexOf('</em>')));
    sheets.set(name, readCalcHtml(part));
  }
  return sheets;
}

/** The first table of Calc's HTML export, row by row. */
export function readCalcHtml(html: string): CalcCell[][] {
  const table = /<table[^>]*>([\s\S]*?)<\/table>/i.exec(html);
  if (!table) throw new Error('no table in the HTML Calc wrote');
  const rows: CalcCell[][] = [];
  for (const row of table[1]!.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells: CalcCell[] = [];
    for (const cell of row[1]!.matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/gi)) {
      const attributes = cell[1]!;
      const colspan = Number(/colspan="(\d+)"/i.exec(attributes)?.[1] ?? '1');
      const value = /sdval="([^"]*)"/i.exec(attributes)?.[1];
      const format = /sdnum="[^";]*;[^";]*;([^"]*)"/i.exec(attributes)?.[1];
      const content = cell[2]!;
      const parsed: CalcCell = {
        // An empty cell is written as a lone <br>.
        text: /^\s*<br\s*\/?>\s*$/i.test(content)
          ? ''
          : decode(content.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')),
        value: value === undefined ? null : Number(value),
        format: format === undefined ? null : decode(format),
        link: /<a\s/i.test(content),
      };
      cells.push(parsed);
      for (let i = 1; i < colspan; i++) cells.push({ text: '', value: null, format: null, link: false });
    }
    rows.push(cells);
  }
  return rows;
}

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

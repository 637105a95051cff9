import { createHash, type Hash, type KeyObject } from 'node:crypto';
import { statSync } from 'node:fs';
import { once } from 'node:events';
import { isAbsolute, join } from 'node:path';
import type { Writable } from 'node:stream';
import { FIGURE_PARTS, taipeiDateTime } from '../../shared/domain';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { shortHead, type ChainHead } from '../journal/chain';
import { dayModeOf, dayModeOfSummary, type DayMode } from '../journal/day-mode';
import type { DaySnapshot, ExportRow } from '../journal/day-snapshot';
import { invalid } from '../journal/errors';
import type { Journal } from '../journal/journal';
import { writeTextThroughPartial, writeThroughPartial } from '../journal/partial-file';
import { paymentPairs } from '../journal/rows';
import type { ChainVerification, DaySummary } from '../journal/types';
import { check } from '../journal/validate';
import { CSV_BOM, csvCell } from './csv';
import { exportSignature } from './export-signature';
import { dayWorkbook } from './xlsx';
import {
  CASH_COLUMNS,
  cashRows,
  LINE_COLUMNS,
  linesOf,
  PRICE_CHANGE_COLUMNS,
  priceChangeRows,
  sheetHeader,
  sheetRow,
  SUMMARY_COLUMNS,
  summarySheetRows,
  TRANSACTION_COLUMNS,
} from './sheets';
import {
  EXPORT_FORMATS,
  EXPORT_HEADERS,
  EXPORT_TABLES,
  JSON_EXPORT_FORMAT,
  JSON_EXPORT_VERSION,
  type ExportChain,
  type ExportedFile,
  type ExportHeaders,
  type ExportOptions,
  type ExportResult,
  type ExportTable,
} from './types';

/**
 * End-of-day export: one row per transaction of a business day, and one per void, allowance and
 * allowance void (`record`) (optionally one till), as CSV
 * (UTF-8 with BOM, CRLF, RFC 4180 quoting: opens in Excel) or JSON. CSV also has the variant for
 * spreadsheets (`headers: 'zh' | 'en'`) and the line-items and cash tables (sheets.ts). Rows are read with
 * `stmt.iterate()` on a separate read-only connection (the till keeps writing meanwhile) and
 * written in 64 KB chunks honouring back-pressure, so memory stays flat for any number of rows.
 * Rows and summary come from one read snapshot.
 *
 * JSON, version 2 (what a store's reconciliation reads from the other tills):
 * `{format:'till-journal-export', version:2, businessDay, tillId, companyId, tillIds, training,
 * chainHead, chain:{verified, entries, head, hmac, problem}, transactions:[…], summary, digest,
 * signature}`: the seller the rows belong to, the tills in them, whether any is a training sale,
 * the full chain check at export time, a SHA-256 of every byte before the digest, and the till's
 * Ed25519 signature of that digest with its public key (export-signature.ts; only when the till
 * has its key: the core's exports). A row is the CSV's columns,
 * but `payments` is `[{method, amount}]` (signed as in the CSV). Version 1 had none of the head's
 * additions nor the digest, and `payments` as the CSV's text.
 */

/** The columns, in order, with how each cell is made (Taipei local time for people; ISO in JSON). */
const COLUMNS: { name: string; value: (row: ExportRow) => string | number | boolean | null }[] = [
  { name: 'order_no', value: (r) => r.order_no },
  { name: 'till_id', value: (r) => r.till_id },
  { name: 'business_day', value: (r) => r.business_day },
  { name: 'created_at_taipei', value: (r) => taipeiDateTime(new Date(r.created_at)).replace('T', ' ') },
  { name: 'state', value: (r) => r.state },
  { name: 'training', value: (r) => r.training === 1 },
  { name: 'operation', value: (r) => r.operation },
  { name: 'invoice_kind', value: (r) => r.invoice_kind },
  { name: 'attempt', value: (r) => r.attempt },
  { name: 'total_amount', value: (r) => r.total_amount },
  { name: 'sales_amount', value: (r) => r.sales_amount },
  { name: 'tax_amount', value: (r) => r.tax_amount },
  { name: 'zero_tax_sales_amount', value: (r) => r.zero_tax_sales_amount },
  { name: 'free_tax_sales_amount', value: (r) => r.free_tax_sales_amount },
  {
    name: 'payments',
    value: (r) =>
      paymentPairs(r.payments)
        .map(([method, amount]) => `${method}:${r.sign * amount}`)
        .join(';'),
  },
  { name: 'buyer_tax_id', value: (r) => r.buyer_tax_id },
  { name: 'buyer_title', value: (r) => r.buyer_title },
  { name: 'carrier_type', value: (r) => r.carrier_type },
  { name: 'carrier_id', value: (r) => r.carrier_id },
  { name: 'love_code', value: (r) => r.love_code },
  { name: 'invoice_number', value: (r) => r.invoice_number },
  { name: 'invoice_datetime', value: (r) => r.invoice_datetime },
  { name: 'random_number', value: (r) => r.random_number },
  { name: 'exchanges', value: (r) => r.exchanges },
  { name: 'proofs_printed', value: (r) => r.proofs_printed },
  { name: 'last_message', value: (r) => r.last_message },
  { name: 'resolution', value: (r) => r.resolution },
  { name: 'resolved_by', value: (r) => r.resolved_by },
  { name: 'resolved_at', value: (r) => r.resolved_at },
  { name: 'cashier', value: (r) => r.cashier },
  { name: 'created_at', value: (r) => r.created_at },
  { name: 'updated_at', value: (r) => r.updated_at },
  // Added with returns, at the end so that readers of the earlier columns keep working.
  { name: 'record', value: (r) => r.record },
  { name: 'return_id', value: (r) => r.return_id },
  { name: 'allowance_number', value: (r) => r.allowance_number },
  { name: 'return_reason', value: (r) => r.return_reason },
  { name: 'reissue_of', value: (r) => r.reissue_of },
  // Added with the card approval code (issue 24, item 10), at the end for the same reason.
  { name: 'approval_codes', value: (r) => r.approval_codes },
  // Added with invoice mode (issue 27), at the end for the same reason: `offline` marks an
  // invoice issued with the till's own number.
  { name: 'issued_via', value: (r) => r.issued_via },
];
export const EXPORT_COLUMNS = COLUMNS.map((c) => c.name);

/**
 * Buffers small writes into chunks and waits for 'drain' when the stream asks for it. With a hash,
 * every text is hashed as it is buffered: the digest covers exactly the bytes written, without
 * holding them (`Hash.update` of the UTF-8 pieces equals the hash of the whole, as each piece is a
 * whole JSON text and never splits a character).
 */
class ChunkWriter {
  private buffer = '';
  bytes = 0;
  constructor(
    private readonly out: Writable,
    private hash: Hash | null = null,
  ) {}

  async write(text: string): Promise<void> {
    this.hash?.update(text, 'utf8');
    this.buffer += text;
    if (this.buffer.length >= 64 * 1024) await this.flush();
  }

  /** The digest of everything written so far; what is written after it is not hashed. */
  digest(): string {
    if (this.hash === null) throw new Error('ChunkWriter: no hash');
    const hex = this.hash.digest('hex');
    this.hash = null;
    return hex;
  }

  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    this.bytes += Buffer.byteLength(chunk, 'utf8');
    if (!this.out.write(chunk, 'utf8')) await once(this.out, 'drain');
  }
}

export function checkExportOptions(options: ExportOptions & { tables?: readonly ExportTable[] }): void {
  check(BusinessDay, options.businessDay, { zh: '營業日', en: 'business day' });
  if (!EXPORT_FORMATS.includes(options.format)) {
    throw invalid('格式須為 xlsx、csv 或 json', 'The format must be xlsx, csv or json');
  }
  if (options.headers !== undefined && !EXPORT_HEADERS.includes(options.headers)) {
    throw invalid('欄位名稱須為 zh、en 或 codes', 'The headers must be zh, en or codes');
  }
  for (const table of [...(options.table === undefined ? [] : [options.table]), ...(options.tables ?? [])]) {
    if (!EXPORT_TABLES.includes(table)) {
      throw invalid(
        `沒有「${String(table)}」這種匯出表：transactions、lines、cash 或 prices`,
        `No export table "${String(table)}": transactions, lines, cash or prices`,
      );
    }
    if (options.format === 'json' && table !== 'transactions') {
      throw invalid(
        `JSON 只匯出交易；明細（lines）、現金（cash）與售價變更（prices）請用 XLSX 或 CSV`,
        `JSON is the transactions only: export lines, cash and price changes as XLSX or CSV`,
      );
    }
  }
  if (options.companyId !== undefined && !COMPANY_ID_PATTERN.test(options.companyId)) {
    throw invalid(
      `統一編號「${options.companyId}」須為 8 位數字`,
      `The seller tax ID "${options.companyId}" must be 8 digits`,
    );
  }
}

const COMPANY_ID_PATTERN = /^\d{8}$/;

/**
 * Who the day's rows belong to, read before anything is written (so a refusal leaves no file).
 * Training rows carry the training service's own seller id, not the store's: the company is the
 * production rows' one; a day without production rows takes the configured one (`companyId`), or
 * else the training rows' one. Production rows of another company than the configured one, or of
 * several, are refused: one export states one company.
 */
function exportParties(
  snapshot: DaySnapshot,
  options: ExportOptions,
): { companyId: string | null; tillIds: string[]; training: boolean } {
  const parties = snapshot.parties();
  const production = distinct(parties.filter((p) => p.training === 0).map((p) => p.company_id));
  const trainingCompanies = distinct(parties.filter((p) => p.training === 1).map((p) => p.company_id));
  if (production.length > 1) {
    throw invalid(
      `營業日 ${options.businessDay} 的交易屬於多個統一編號（${production.join('、')}），無法匯出為一家公司的 JSON`,
      `The sales of ${options.businessDay} belong to several seller tax IDs (${production.join(', ')}): one JSON export states one company`,
    );
  }
  const given = options.companyId ?? null;
  if (given !== null && production.length === 1 && production[0] !== given) {
    throw invalid(
      `營業日 ${options.businessDay} 的交易屬於統一編號 ${production[0]}，不是設定的 ${given}`,
      `The sales of ${options.businessDay} belong to seller tax ID ${production[0]}, not ${given} as set up`,
    );
  }
  return {
    companyId: production[0] ?? given ?? (trainingCompanies.length === 1 ? trainingCompanies[0]! : null),
    tillIds: distinct(parties.map((p) => p.till_id)),
    training: parties.some((p) => p.training === 1),
  };
}

function distinct(values: string[]): string[] {
  return [...new Set(values)].sort();
}

function exportChain(result: ChainVerification, head: ChainHead): ExportChain {
  return result.ok
    ? { verified: true, entries: result.entries, head: result.head, hmac: result.hmac, problem: null }
    : { verified: false, entries: result.entries, head, hmac: result.hmac, problem: result.reason };
}

/** A journal's exports, JSON signed with the till's key when it has one (export-signature.ts). */
export interface DayExporter {
  exportDay(options: ExportOptions, out: Writable): Promise<ExportResult & { summary: DaySummary }>;
  exportDayToFolder(options: FolderExportOptions, folder: string): ReturnType<typeof exportDayToFolder>;
  exportWorkbook(options: FolderExportOptions, file: string): ReturnType<typeof exportWorkbook>;
}

/**
 * `signingKey` is asked for at each JSON export only, so a till that never exports JSON never
 * makes one (the core's makes it at the first, in its secret store).
 */
export function dayExporter(journal: Journal, signingKey: () => KeyObject | null = () => null): DayExporter {
  const keyFor = (options: { format: string }) => (options.format === 'json' ? signingKey() : null);
  return {
    exportDay: (options, out) => exportDay(journal, options, out, keyFor(options)),
    exportDayToFolder: (options, folder) => exportDayToFolder(journal, options, folder, keyFor(options)),
    exportWorkbook: (options, file) => exportWorkbook(journal, options, file),
  };
}

/**
 * Streams one business day (one row per transaction) to `out` from one journal snapshot; memory
 * stays flat. JSON states the full chain check at export time with the journal's own key (HMACs
 * checked), and with `signingKey` the till's signature (export-signature.ts).
 */
export async function exportDay(
  journal: Journal,
  options: ExportOptions,
  out: Writable,
  signingKey: KeyObject | null = null,
): Promise<ExportResult & { summary: DaySummary }> {
  checkExportOptions(options);
  if (options.format === 'xlsx') {
    throw invalid('XLSX 請匯出到資料夾', 'Export XLSX into a folder');
  }
  // One snapshot for the rows, the summary and (JSON) the chain check.
  return journal.readDay(options, (snapshot) => exportSnapshot(snapshot, options, out, signingKey));
}

/**
 * `exportDay` on one snapshot: a folder export names its file from this same snapshot before the
 * rows are written.
 */
async function exportSnapshot(
  snapshot: DaySnapshot,
  options: ExportOptions,
  out: Writable,
  signingKey: KeyObject | null = null,
): Promise<ExportResult & { summary: DaySummary }> {
  const json = options.format === 'json';
  const writer = new ChunkWriter(out, json ? createHash('sha256') : null);
  let rows = 0;
  const summary = snapshot.summary();
  if (!json) {
    rows = await writeCsvTable(snapshot, options, options.table ?? 'transactions', writer);
  } else {
    const parties = exportParties(snapshot, options);
    // The whole chain, on this same read connection inside this same transaction: the verdict
    // is about exactly the entries and rows this export reads, even while the till keeps
    // selling. In slices, so the main process stays responsive on a year of sales.
    const chain = exportChain(await snapshot.verifyChain(), summary.chainHead);
    const head = {
      format: JSON_EXPORT_FORMAT,
      version: JSON_EXPORT_VERSION,
      businessDay: options.businessDay,
      tillId: options.tillId ?? null,
      // The seller the rows belong to, and who and what they are: a store's reconciliation
      // refuses another company's export, its own till's, or training mixed with production.
      companyId: parties.companyId,
      tillIds: parties.tillIds,
      training: parties.training,
      // The journal's head in this export's snapshot, up front: `verify --expect-head` proves
      // later that nothing recorded up to it was removed or rewritten.
      chainHead: summary.chainHead,
      chain,
    };
    await writer.write(JSON.stringify(head).slice(0, -1) + ',"transactions":[');
    for (const row of snapshot.exportRows()) {
      const record: Record<string, unknown> = {};
      for (const column of COLUMNS) record[column.name] = column.value(row);
      // Structured in JSON: a method is any text of the journal, so "method:amount;…" (the
      // CSV cell) could be split wrongly by a reader.
      record.payments = paymentPairs(row.payments).map(([method, amount]) => ({
        method,
        amount: row.sign * amount,
      }));
      await writer.write((rows === 0 ? '\n' : ',\n') + JSON.stringify(record));
      rows++;
    }
    await writer.write(`\n],"summary":${JSON.stringify(summary)}`);
    // Last: SHA-256 of every byte before `,"digest"` (head, transactions, summary), so that a
    // reader tells an export edited after the fact. Not a signature (anyone can recompute it);
    // the chain head it covers is what `verify --expect-head` checks against the journal.
    const digest = writer.digest();
    // Then the till's Ed25519 signature of that digest (export-signature.ts): the digest alone
    // anyone can recompute; a signature only this till's key makes, and other tills pin it.
    const signature = signingKey ? `,"signature":${JSON.stringify(exportSignature(signingKey, digest))}` : '';
    await writer.write(`,"digest":"${digest}"${signature}}\n`);
  }
  await writer.flush();
  return { rows, bytes: writer.bytes, summary };
}

/**
 * One CSV table of the day from the snapshot: the legacy transactions layout (`codes`), or
 * a table of sheets.ts. Answers the data rows written.
 */
async function writeCsvTable(
  snapshot: DaySnapshot,
  options: ExportOptions,
  table: ExportTable,
  writer: ChunkWriter,
): Promise<number> {
  const headers = options.headers ?? 'codes';
  let rows = 0;
  if (table === 'transactions' && headers === 'codes') {
    await writer.write(CSV_BOM + EXPORT_COLUMNS.join(',') + '\r\n');
    for (const row of snapshot.exportRows()) {
      rows++;
      await writer.write(COLUMNS.map((c) => csvCell(c.value(row))).join(',') + '\r\n');
    }
    return rows;
  }
  if (table === 'transactions') {
    await writer.write(CSV_BOM + sheetHeader(TRANSACTION_COLUMNS, headers));
    for (const record of snapshot.sheetRecords(false)) {
      rows++;
      await writer.write(sheetRow(TRANSACTION_COLUMNS, record, headers));
    }
  } else if (table === 'lines') {
    await writer.write(CSV_BOM + sheetHeader(LINE_COLUMNS, headers));
    for (const record of snapshot.sheetRecords(true)) {
      for (const line of linesOf(record)) {
        rows++;
        await writer.write(sheetRow(LINE_COLUMNS, line, headers));
      }
    }
  } else if (table === 'prices') {
    await writer.write(CSV_BOM + sheetHeader(PRICE_CHANGE_COLUMNS, headers));
    for (const change of priceChangeRows(snapshot)) {
      rows++;
      await writer.write(sheetRow(PRICE_CHANGE_COLUMNS, change, headers));
    }
  } else {
    await writer.write(CSV_BOM + sheetHeader(CASH_COLUMNS, headers));
    for (const movement of cashRows(snapshot)) {
      rows++;
      await writer.write(sheetRow(CASH_COLUMNS, movement, headers));
    }
  }
  return rows;
}

/**
 * The summary as a small CSV for the CSV export's companion file: `codes` the legacy
 * (section, key, count, amount) rows scripts read; `zh` / `en` every figure with the words beside
 * its codes, and the invoices and tax as the return counts them.
 *
 * The first row after the header says the day's mode (`mode,training` / 模式 練習模式, see
 * day-mode.ts), on every day, so that a script finds it in one place and a person opening a
 * training day's figures reads that first. The columns are unchanged: a script that picks rows
 * by their section skips a section it does not know. `mode`: the export's, from the snapshot the
 * file names were decided in; without it (the CLI's `summary`), the summary's own.
 */
export function summaryCsv(
  summary: DaySummary,
  headers: ExportHeaders = 'codes',
  mode: DayMode = dayModeOfSummary(summary),
): string {
  if (headers !== 'codes') {
    return (
      CSV_BOM +
      sheetHeader(SUMMARY_COLUMNS, headers) +
      summarySheetRows(summary, mode)
        .map((row) => sheetRow(SUMMARY_COLUMNS, row, headers))
        .join('')
    );
  }
  const lines = [
    ['section', 'key', 'count', 'amount'],
    ['mode', mode, '', ''],
  ];
  for (const [blockName, block] of [
    ['sales', summary.sales],
    ['training', summary.training],
  ] as const) {
    lines.push([blockName, 'all', String(block.count), String(block.totalAmount)]);
    lines.push([blockName, 'issued', String(block.issued.count), String(block.issued.amount)]);
    lines.push([blockName, 'tax', '', String(block.taxAmount)]);
    for (const [key, v] of Object.entries(block.byState))
      lines.push([`${blockName}.state`, key, String(v.count), String(v.amount)]);
    for (const [key, v] of Object.entries(block.byOperation)) {
      lines.push([`${blockName}.operation`, key, String(v.count), String(v.amount)]);
    }
    for (const [key, v] of Object.entries(block.byPaymentMethod)) {
      lines.push([`${blockName}.payment`, key, String(v.count), String(v.amount)]);
    }
    const r = block.returns;
    lines.push([`${blockName}.returns`, 'void', String(r.voids.count), String(-r.voids.amount)]);
    lines.push([
      `${blockName}.returns`,
      'allowance',
      String(r.allowances.count),
      String(-r.allowances.amount),
    ]);
    lines.push([
      `${blockName}.returns`,
      'allowance-void',
      String(r.allowanceVoids.count),
      String(r.allowanceVoids.amount),
    ]);
    lines.push([`${blockName}.returns`, 'pending', String(r.pending.count), String(r.pending.amount)]);
    lines.push([`${blockName}.returns`, 'all', '', String(-r.amount)]);
    for (const [key, v] of Object.entries(r.byPaymentMethod)) {
      lines.push([`${blockName}.refund`, key, String(v.count), String(-v.amount)]);
    }
    lines.push([`${blockName}.net`, 'all', '', String(block.net.amount)]);
    for (const [key, v] of Object.entries(block.net.byPaymentMethod)) {
      lines.push([`${blockName}.net.payment`, key, String(v.count), String(v.amount)]);
    }
    lines.push([`${blockName}.drawer`, 'expected_cash', '', String(block.expectedCash)]);
    // The one set of figures (issue 22, item 15), money off negative: a section a script that
    // picks rows by section skips when it does not know it.
    for (const part of FIGURE_PARTS) {
      const sign = part === 'voids' || part === 'allowances' ? -1 : 1;
      for (const row of block.figures.byMethod) {
        lines.push([`${blockName}.figures.${part}`, row.method, '', String(sign * row[part])]);
      }
      lines.push([
        `${blockName}.figures.${part}`,
        'all',
        part === 'gross' ? String(block.figures.issuedCount) : '',
        String(sign * block.figures.total[part]),
      ]);
    }
  }
  lines.push(['chain', 'head_entry', String(summary.chainHead.entryId), '']);
  lines.push(['chain', 'head_hash', summary.chainHead.hash, '']);
  // What `npm run journal -- verify --expect-head` takes, as the summary slip prints it.
  lines.push(['chain', 'head_check', shortHead(summary.chainHead), '']);
  return CSV_BOM + lines.map((cells) => cells.map((c) => csvCell(c)).join(',')).join('\r\n') + '\r\n';
}

const TABLE_SUFFIX: Record<ExportTable | 'summary', string> = {
  transactions: '',
  lines: '-lines',
  cash: '-cash',
  prices: '-prices',
  summary: '-summary',
};

/**
 * A training day's files must not pass for a day's takings when they sit in a folder (issue 15):
 * the name says it before anyone opens them.
 */
const MODE_SUFFIX: Record<DayMode, string> = {
  production: '',
  training: '-training',
  'with-training': '-with-training',
};

/**
 * `journal-<day>[-<till>][-training|-with-training][-lines|-cash|-summary].<csv|json>`: the mode
 * (`exportMode`) is the export's, the same for every file of it, so that its files sort together
 * and the handler's `-2`, `-3`, … numbers them as one set.
 */
export function exportFileName(
  options: Pick<ExportOptions, 'businessDay' | 'tillId' | 'format'>,
  mode: DayMode,
  table: ExportTable | 'summary' = 'transactions',
): string {
  const till = options.tillId ? `-${options.tillId}` : '';
  return `journal-${options.businessDay}${till}${MODE_SUFFIX[mode]}${TABLE_SUFFIX[table]}.${options.format}`;
}

/**
 * The mode of what an export writes, read in its snapshot: the day's sales and returns (the
 * transactions, lines and summary, and JSON), and with the cash table the day's shifts too, whose
 * floats and paid-in/out are rows of it. A drawer opened outside a sale names no mode and decides
 * nothing.
 */
export function exportMode(snapshot: DaySnapshot, tables: readonly (ExportTable | 'summary')[]): DayMode {
  const flags = snapshot.trainingFlags();
  if (tables.includes('cash')) {
    const shifts = snapshot.shiftEntries({ kinds: ['shift.opened'], businessDay: snapshot.businessDay });
    for (const shift of shifts) flags.push(shift.payload.training);
  }
  return dayModeOf(flags);
}

/** A folder export: the day's tables (CSV; default the transactions) and, with CSV, the summary. */
export type FolderExportOptions = ExportOptions & { tables?: readonly ExportTable[] };

/**
 * Writes the export into `folder` (which must exist): each file a temporary one renamed when
 * complete, so a half-written export never carries the final name. CSV writes each table asked
 * for (`tables`, else `table`, else the transactions: `journal-<day>.csv`, `…-lines.csv`,
 * `…-cash.csv`) and `…-summary.csv`, all from one read snapshot, so their figures agree; a
 * training day's names say `-training` after the day (and till), a day of both `-with-training`
 * (`exportFileName`), decided in that same snapshot.
 */
export async function exportDayToFolder(
  journal: Journal,
  options: FolderExportOptions,
  folder: string,
  signingKey: KeyObject | null = null,
): Promise<ExportResult & { file: string; summaryFile: string | null; files: ExportedFile[] }> {
  if (!isAbsolute(folder) || !isDirectory(folder)) {
    throw invalid(`匯出資料夾「${folder}」不存在`, `The export folder "${folder}" does not exist`);
  }
  checkExportOptions(options);
  const { tables: asked, ...single } = options;
  if (options.format === 'json') {
    // One snapshot: the name says training exactly when the rows written under it are.
    return journal.readDay(single, async (snapshot) => {
      const file = join(folder, exportFileName(single, exportMode(snapshot, ['transactions'])));
      const result = await writeThroughPartial(file, (out) =>
        exportSnapshot(snapshot, single, out, signingKey),
      );
      return {
        rows: result.rows,
        bytes: result.bytes,
        file,
        summaryFile: null,
        files: [{ table: 'transactions' as const, file, rows: result.rows }],
      };
    });
  }
  const tables = [...new Set(asked ?? [single.table ?? 'transactions'])];
  if (options.format === 'xlsx') {
    // One workbook, one snapshot: a sheet per table and the summary's, named as one file.
    return journal.readDay(single, async (snapshot) => {
      const mode = exportMode(snapshot, [...tables, 'summary']);
      const written = await writeWorkbook(
        snapshot,
        single,
        tables,
        join(folder, exportFileName(single, mode)),
        mode,
      );
      return {
        ...written,
        summaryFile: null,
        files: [{ table: written.table, file: written.file, rows: written.rows }],
      };
    });
  }
  const files: ExportedFile[] = [];
  let bytes = 0;
  // One snapshot: the tables, the summary and the files' names agree.
  await journal.readDay(single, async (snapshot) => {
    const summary = snapshot.summary();
    const mode = exportMode(snapshot, [...tables, 'summary']);
    for (const table of tables) {
      const file = join(folder, exportFileName(single, mode, table));
      const rows = await writeThroughPartial(file, async (out) => {
        const writer = new ChunkWriter(out);
        const written = await writeCsvTable(snapshot, single, table, writer);
        await writer.flush();
        bytes += writer.bytes;
        return written;
      });
      files.push({ table, file, rows });
    }
    const summaryFile = join(folder, exportFileName(single, mode, 'summary'));
    const summaryText = summaryCsv(summary, single.headers ?? 'codes', mode);
    writeTextThroughPartial(summaryFile, summaryText);
    // Its rows: the lines but the header (every row ends with CRLF; a cell's line break is LF);
    // the mode row counts as one.
    files.push({ table: 'summary', file: summaryFile, rows: summaryText.split('\r\n').length - 2 });
  });
  const main = files.find((f) => f.table === 'transactions') ?? files[0]!;
  return {
    rows: main.rows,
    bytes,
    file: main.file,
    summaryFile: files.find((f) => f.table === 'summary')!.file,
    files,
  };
}

/** The .xlsx of one day into `file` (the CLI's `--out`), from one snapshot. */
export async function exportWorkbook(
  journal: Journal,
  options: FolderExportOptions,
  file: string,
): Promise<ExportResult & { file: string }> {
  checkExportOptions({ ...options, format: 'xlsx' });
  const { tables: asked, ...single } = options;
  const tables = [...new Set(asked ?? [single.table ?? 'transactions'])];
  return journal.readDay(single, (snapshot) => writeWorkbook(snapshot, single, tables, file));
}

/**
 * The workbook (xlsx.ts) written through a partial file: built whole first, so a text it cannot
 * hold is refused before any file exists. Its rows: the transactions sheet's (else the first).
 */
async function writeWorkbook(
  snapshot: DaySnapshot,
  options: ExportOptions,
  tables: readonly ExportTable[],
  file: string,
  mode: DayMode = exportMode(snapshot, [...tables, 'summary']),
): Promise<ExportResult & { file: string; table: ExportTable }> {
  const summary = snapshot.summary();
  const { buffer, rows } = await dayWorkbook(snapshot, tables, options.headers ?? 'zh', summary, mode);
  await writeThroughPartial(file, async (out) => {
    if (!out.write(buffer)) await once(out, 'drain');
  });
  const table = tables.includes('transactions') ? 'transactions' : tables[0]!;
  return { rows: rows[table], bytes: buffer.length, file, table };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

import { statSync } from 'node:fs';
import { once } from 'node:events';
import { isAbsolute, join } from 'node:path';
import type { Writable } from 'node:stream';
import { taipeiDateTime } from '../../shared/domain';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { shortHead } from './chain';
import { CSV_BOM, csvCell } from './csv';
import { invalid } from './errors';
import { openJournalReader } from './open-db';
import { writeTextThroughPartial, writeThroughPartial } from './partial-file';
import { paymentPairs, type TxRow } from './rows';
import { daySummary } from './summary';
import type { DaySummary, ExportOptions, ExportResult } from './types';
import { check } from './validate';

/**
 * End-of-day export: one row per transaction of a business day, and one per void, allowance and
 * allowance void (`record`) (optionally one till), as CSV
 * (UTF-8 with BOM, CRLF, RFC 4180 quoting: opens in Excel) or JSON. Rows are read with
 * `stmt.iterate()` on a separate read-only connection (the till keeps writing meanwhile) and
 * written in 64 KB chunks honouring back-pressure, so memory stays flat for any number of rows.
 * Rows and summary come from one read snapshot.
 */

/**
 * A transaction row as EXPORT_SQL reads it: the state-table columns but the company and the body,
 * with the resolution split into its outcome, who and when, and the printed proofs counted.
 */
type ExportRow = Omit<TxRow, 'company_id' | 'body' | 'resolution' | 'operation' | 'invoice_kind'> & {
  /** Null on a return row. */
  operation: string | null;
  invoice_kind: string | null;
  proofs_printed: number;
  /** The resolution's outcome only. */
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  /** `sale`, or the return's kind: `void`, `allowance`, `allowance-void`. */
  record: string;
  /** The money's direction in `payments`: 1 a sale or an allowance void, −1 a void or an allowance. */
  sign: number;
  return_id: number | null;
  allowance_number: string | null;
  return_reason: string | null;
  reissue_of: string | null;
};

const EXPORT_SQL = `
  SELECT order_no, till_id, business_day, created_at, state, training, operation, invoice_kind, attempt,
    total_amount, sales_amount, tax_amount, zero_tax_sales_amount, free_tax_sales_amount, payments,
    buyer_tax_id, buyer_title, carrier_type, carrier_id, love_code, invoice_number, invoice_datetime,
    random_number, exchanges,
    (SELECT count(*) FROM print_jobs j WHERE j.order_no = t.order_no AND j.kind = 'proof' AND j.state = 'printed')
      AS proofs_printed,
    last_message, resolution ->> '$.outcome' AS resolution, resolution ->> '$.by' AS resolved_by,
    resolution ->> '$.at' AS resolved_at, cashier, updated_at,
    'sale' AS record, 1 AS sign, NULL AS return_id, NULL AS allowance_number, NULL AS return_reason,
    body ->> '$.reissueOf' AS reissue_of
  FROM transactions t
  WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
  UNION ALL
  -- Voids and allowances as rows of their own, linked by the sale's order and invoice numbers:
  -- negative (money and invoice amounts going back), an allowance void positive (it undoes one),
  -- so that the amounts of the day's done rows add up to its net.
  SELECT order_no, till_id, business_day, created_at, state, training, NULL AS operation,
    NULL AS invoice_kind, attempt,
    s * total_amount AS total_amount, s * sales_amount AS sales_amount, s * tax_amount AS tax_amount,
    0 AS zero_tax_sales_amount, 0 AS free_tax_sales_amount, refunds AS payments,
    NULL AS buyer_tax_id, NULL AS buyer_title, NULL AS carrier_type, NULL AS carrier_id, NULL AS love_code,
    invoice_number, NULL AS invoice_datetime, NULL AS random_number, exchanges, 0 AS proofs_printed,
    last_message, resolution ->> '$.outcome' AS resolution, resolution ->> '$.by' AS resolved_by,
    resolution ->> '$.at' AS resolved_at, by_name AS cashier, updated_at,
    kind AS record, s AS sign, id AS return_id, allowance_number, reason AS return_reason, NULL AS reissue_of
  FROM (SELECT *, CASE kind WHEN 'allowance-void' THEN 1 ELSE -1 END AS s FROM returns) r
  WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
  ORDER BY created_at, order_no`;

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
];
export const EXPORT_COLUMNS = COLUMNS.map((c) => c.name);

/** Buffers small writes into chunks and waits for 'drain' when the stream asks for it. */
class ChunkWriter {
  private buffer = '';
  bytes = 0;
  constructor(private readonly out: Writable) {}

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= 64 * 1024) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    this.bytes += Buffer.byteLength(chunk, 'utf8');
    if (!this.out.write(chunk, 'utf8')) await once(this.out, 'drain');
  }
}

export function checkExportOptions(options: ExportOptions): void {
  check(BusinessDay, options.businessDay, { zh: '營業日', en: 'business day' });
  if (options.format !== 'csv' && options.format !== 'json') {
    throw invalid('格式須為 csv 或 json', 'The format must be csv or json');
  }
}

export async function exportDay(
  dbPath: string,
  options: ExportOptions,
  out: Writable,
  now: Date,
): Promise<ExportResult & { summary: DaySummary }> {
  checkExportOptions(options);
  const reader = openJournalReader(dbPath);
  const writer = new ChunkWriter(out);
  let rows = 0;
  try {
    reader.exec('BEGIN'); // one snapshot for the rows and the summary
    const summary = daySummary(reader, options, now);
    const iterator = reader
      .prepare(EXPORT_SQL)
      .iterate({ day: options.businessDay, tillId: options.tillId ?? null }) as IterableIterator<ExportRow>;
    if (options.format === 'csv') {
      await writer.write(CSV_BOM + EXPORT_COLUMNS.join(',') + '\r\n');
      for (const row of iterator) {
        rows++;
        await writer.write(COLUMNS.map((c) => csvCell(c.value(row))).join(',') + '\r\n');
      }
    } else {
      const head = {
        format: 'till-journal-export',
        version: 1,
        businessDay: options.businessDay,
        tillId: options.tillId ?? null,
        // The journal's head in this export's snapshot, up front: `verify --expect-head` proves
        // later that nothing recorded up to it was removed or rewritten.
        chainHead: summary.chainHead,
      };
      await writer.write(JSON.stringify(head).slice(0, -1) + ',"transactions":[');
      for (const row of iterator) {
        const record: Record<string, unknown> = {};
        for (const column of COLUMNS) record[column.name] = column.value(row);
        await writer.write((rows === 0 ? '\n' : ',\n') + JSON.stringify(record));
        rows++;
      }
      await writer.write(`\n],"summary":${JSON.stringify(summary)}}\n`);
    }
    await writer.flush();
    return { rows, bytes: writer.bytes, summary };
  } finally {
    if (reader.inTransaction) reader.exec('COMMIT');
    reader.close();
  }
}

/** The summary as a small CSV (section, key, count, amount) for the CSV export's companion file. */
export function summaryCsv(summary: DaySummary): string {
  const lines = [['section', 'key', 'count', 'amount']];
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
  }
  lines.push(['chain', 'head_entry', String(summary.chainHead.entryId), '']);
  lines.push(['chain', 'head_hash', summary.chainHead.hash, '']);
  // What `npm run journal -- verify --expect-head` takes, as the summary slip prints it.
  lines.push(['chain', 'head_check', shortHead(summary.chainHead), '']);
  return CSV_BOM + lines.map((cells) => cells.map((c) => csvCell(c)).join(',')).join('\r\n') + '\r\n';
}

export function exportFileName(options: ExportOptions, suffix = ''): string {
  return `journal-${options.businessDay}${options.tillId ? `-${options.tillId}` : ''}${suffix}.${options.format}`;
}

/**
 * Writes the export into `folder` (which must exist): a temporary file renamed when complete, so a
 * half-written export never carries the final name. CSV also gets `…-summary.csv`.
 */
export async function exportDayToFolder(
  dbPath: string,
  options: ExportOptions,
  folder: string,
  now: Date,
): Promise<ExportResult & { file: string; summaryFile: string | null }> {
  if (!isAbsolute(folder) || !isDirectory(folder)) {
    throw invalid(`匯出資料夾「${folder}」不存在`, `The export folder "${folder}" does not exist`);
  }
  checkExportOptions(options);
  const file = join(folder, exportFileName(options));
  const result = await writeThroughPartial(file, (out) => exportDay(dbPath, options, out, now));
  let summaryFile: string | null = null;
  if (options.format === 'csv') {
    summaryFile = join(folder, exportFileName(options, '-summary'));
    writeTextThroughPartial(summaryFile, summaryCsv(result.summary));
  }
  return { rows: result.rows, bytes: result.bytes, file, summaryFile };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

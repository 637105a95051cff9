import type pg from 'pg';
import { CSV_BOM, csvCell } from '../exports';
import { plain } from './connection';

/**
 * Head office's reports for the owner (`npm run hq -- report|status`): the views of schema.ts
 * summed at the level asked (store, till or cashier; always per business day and with training
 * apart), as rows that print as JSON or CSV (UTF-8 with BOM, CRLF, Excel's quoting: journal/csv.ts).
 * Filters are parameters, never SQL text; every text from the database is cleaned of hidden
 * characters before it is printed.
 */
export const REPORT_KINDS = [
  'day',
  'payments',
  'pending',
  'late-uploads',
  'cash',
  'cash-day',
  'catalog',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_GROUPS = ['store', 'till', 'cashier'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export type TrainingFilter = 'exclude' | 'include' | 'only';

export interface ReportOptions {
  kind: ReportKind;
  /** Business days from … to (inclusive); null: no bound. */
  from: string | null;
  to: string | null;
  storeId: string | null;
  tillId: string | null;
  group: ReportGroup;
  training: TrainingFilter;
}

export type Cell = string | number | boolean | null;
export interface Report {
  kind: string;
  columns: string[];
  rows: Record<string, Cell>[];
}

const KEYS: Record<ReportGroup, string[]> = {
  store: ['store_id'],
  till: ['store_id', 'till_id'],
  cashier: ['store_id', 'till_id', 'cashier'],
};

const DAY_SUMS = [
  'transactions',
  'sales_count',
  'sales_amount',
  'sales_tax',
  'returns_count',
  'returns_amount',
  'returns_tax',
  'net_amount',
  'net_tax',
  'pending_sales',
  'pending_returns',
];
const PAYMENT_SUMS = ['taken_count', 'taken_amount', 'refund_count', 'refund_amount', 'net_amount'];

/** Columns PostgreSQL sends as text (bigint, numeric) that are numbers in the report. */
const NUMERIC = new Set([
  ...DAY_SUMS,
  ...PAYMENT_SUMS,
  'return_id',
  'total_amount',
  'checked',
  'uploads_late',
  'uploads_at_risk',
  'uploads_suspended',
  'expected_cash',
  'counted_cash',
  'over_short',
  'head_entry_id',
  'sales',
  'open_claims',
  'claim_head_entry_id',
  'attempts',
  'claim_id',
  'catalog_version',
  'catalog_current',
]);

/** A select list: business days as text (a date would come back as a local-time Date). */
const select = (columns: string[]) =>
  columns.map((c) => (c === 'business_day' ? 'business_day::text AS business_day' : c)).join(', ');

function filters(options: ReportOptions, params: unknown[], day = 'business_day'): string {
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (options.from) add(`${day} >= ?::date`, options.from);
  if (options.to) add(`${day} <= ?::date`, options.to);
  if (options.storeId) add('store_id = ?', options.storeId);
  if (options.tillId) add('till_id = ?', options.tillId);
  if (options.training === 'exclude') where.push('NOT training');
  if (options.training === 'only') where.push('training');
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export async function runReport(client: pg.ClientBase, options: ReportOptions): Promise<Report> {
  const params: unknown[] = [];
  let sql: string;
  let columns: string[];
  switch (options.kind) {
    case 'day': {
      const keys = [...KEYS[options.group], 'business_day', 'training'];
      columns = [...keys, ...DAY_SUMS];
      sql = `SELECT ${select(keys)}, ${DAY_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
             FROM hq.v_day_report ${filters(options, params)}
             GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}`;
      break;
    }
    case 'payments': {
      const keys = [...KEYS[options.group], 'business_day', 'training', 'method'];
      columns = [...keys, ...PAYMENT_SUMS];
      sql = `SELECT ${select(keys)}, ${PAYMENT_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
             FROM hq.v_day_payments ${filters(options, params)}
             GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}`;
      break;
    }
    case 'pending': {
      columns = [
        'store_id',
        'till_id',
        'what',
        'order_no',
        'return_id',
        'business_day',
        'training',
        'total_amount',
        'created_at',
        'since',
        'last_message',
      ];
      sql = `SELECT ${select(columns)} FROM hq.v_pending ${filters(options, params)}
             ORDER BY created_at, till_id, order_no`;
      break;
    }
    case 'late-uploads': {
      columns = [
        'store_id',
        'till_id',
        'checked_at',
        'trigger',
        'business_days',
        'complete',
        'checked',
        'uploads_late',
        'uploads_at_risk',
        'uploads_suspended',
      ];
      // A run covers several days: no day filter here, the latest run of each till.
      const scoped = { ...options, from: null, to: null, training: 'include' as const };
      sql = `SELECT store_id, till_id, checked_at, trigger, business_days::text AS business_days, complete,
               checked, uploads_late, uploads_at_risk, uploads_suspended
             FROM hq.v_late_uploads ${filters(scoped, params)} ORDER BY store_id, till_id`;
      break;
    }
    case 'cash': {
      columns = [
        'store_id',
        'till_id',
        'business_day',
        'training',
        'shift',
        'cashier_id',
        'cashier',
        'closed_at',
        'expected_cash',
        'counted_cash',
        'over_short',
      ];
      sql = `SELECT ${select(columns)} FROM hq.v_cash_over_short ${filters(options, params)}
             ORDER BY store_id, till_id, business_day, shift`;
      break;
    }
    case 'catalog': {
      // Which tills run which catalog version (issue 28): no day, no training side.
      columns = [
        'store_id',
        'till_id',
        'managed',
        'catalog_version',
        'catalog_current',
        'up_to_date',
        'reported_at',
      ];
      const scoped = { ...options, from: null, to: null, training: 'include' as const };
      sql = `SELECT store_id, till_id, managed, catalog_version, catalog_current, up_to_date,
               ${instant('catalog_reported_at')} AS reported_at
             FROM hq.v_catalog_tills ${filters(scoped, params)} ORDER BY store_id, till_id`;
      break;
    }
    case 'cash-day': {
      columns = ['store_id', 'till_id', 'business_day', 'training', 'expected_cash'];
      sql = `SELECT ${select(columns)} FROM hq.v_day_cash ${filters(options, params)}
             ORDER BY store_id, till_id, business_day, training`;
      break;
    }
  }
  const result = await client.query(sql, params);
  return { kind: options.kind, columns, rows: result.rows.map((row) => cleanRow(columns, row)) };
}

const instant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Each till as head office has it: store, machine, how far, refused or not, and the open claims of
 * its id by other PCs (the latest one's PC, time and last entry beside the count).
 */
export async function tillStatus(client: pg.ClientBase): Promise<Report> {
  const columns = [
    'till_id',
    'store_id',
    'install_id',
    'registered_at',
    'last_seen_at',
    'last_entry_at',
    'head_entry_id',
    'keyed',
    'sales',
    'refused',
    'refused_code',
    'refused_entry_id',
    'refused_zh',
    'refused_en',
    'open_claims',
    'claim_install_id',
    'claim_last_at',
    'claim_head_entry_id',
  ];
  const result = await client.query(
    `SELECT t.till_id, t.store_id, t.install_id,
       ${instant('t.registered_at')} AS registered_at,
       ${instant('t.last_seen_at')} AS last_seen_at,
       ${instant('t.last_entry_at')} AS last_entry_at,
       coalesce((SELECT max(e.id) FROM hq.entries e WHERE e.till_id = t.till_id), 0) AS head_entry_id,
       EXISTS (SELECT 1 FROM hq.till_keys k WHERE k.till_id = t.till_id) AS keyed,
       (SELECT count(*) FROM hq.sales s WHERE s.feed_till = t.till_id) AS sales,
       t.refused_at IS NOT NULL AS refused, t.refused_code, t.refused_entry_id, t.refused_zh, t.refused_en,
       (SELECT count(*) FROM hq.claims c WHERE c.till_id = t.till_id AND c.resolved_at IS NULL) AS open_claims,
       c.install_id AS claim_install_id, ${instant('c.last_at')} AS claim_last_at, c.head_id AS claim_head_entry_id
     FROM hq.tills t
     LEFT JOIN LATERAL (SELECT * FROM hq.claims c WHERE c.till_id = t.till_id AND c.resolved_at IS NULL
                        ORDER BY c.last_at DESC, c.id DESC LIMIT 1) c ON true
     ORDER BY t.store_id, t.till_id`,
  );
  return {
    kind: 'status',
    columns,
    rows: result.rows.map((row) => cleanRow(columns, row)),
  };
}

/**
 * Every refused claim of a till id by another PC (hq.claims): when it first and last tried, how
 * often, and that PC's last journal entry; open ones first.
 */
export async function claimsReport(client: pg.ClientBase, open = true): Promise<Report> {
  const columns = [
    'claim_id',
    'till_id',
    'install_id',
    'store_id',
    'first_at',
    'last_at',
    'attempts',
    'head_entry_id',
    'head_hash',
    'head_at',
    'resolved_at',
    'resolved_by',
    'resolution',
  ];
  const result = await client.query(
    `SELECT c.id AS claim_id, c.till_id, c.install_id, c.store_id, ${instant('c.first_at')} AS first_at,
       ${instant('c.last_at')} AS last_at, c.attempts, c.head_id AS head_entry_id, c.head_hash, c.head_at,
       ${instant('c.resolved_at')} AS resolved_at, c.resolved_by, c.resolution
     FROM hq.claims c ${open ? 'WHERE c.resolved_at IS NULL' : ''}
     ORDER BY c.resolved_at IS NOT NULL, c.till_id, c.first_at, c.id`,
  );
  return { kind: 'claims', columns, rows: result.rows.map((row) => cleanRow(columns, row)) };
}

function cleanRow(columns: string[], row: Record<string, unknown>): Record<string, Cell> {
  const out = Object.create(null) as Record<string, Cell>;
  for (const column of columns) {
    const value = row[column];
    if (value === null || value === undefined) out[column] = null;
    else if (typeof value === 'boolean') out[column] = value;
    else if (typeof value === 'number') out[column] = value;
    else if (value instanceof Date) out[column] = value.toISOString();
    else if (NUMERIC.has(column) && /^-?\d+(\.\d+)?$/.test(String(value))) out[column] = Number(value);
    else out[column] = plain(String(value), 500);
  }
  return out;
}

export function reportCsv(report: Report): string {
  const lines = [report.columns.map((c) => csvCell(c)).join(',')];
  for (const row of report.rows) lines.push(report.columns.map((c) => csvCell(row[c] ?? null)).join(','));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

export function reportJson(report: Report): string {
  return JSON.stringify({ report: report.kind, columns: report.columns, rows: report.rows }, null, 2) + '\n';
}

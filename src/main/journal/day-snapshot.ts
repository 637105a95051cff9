import type Database from 'better-sqlite3';
import { verifyChainInSlices } from './chain';
import { listShiftEntries, businessDayBounds, type ShiftEntry } from './shift-entries';
import { APPROVAL_CODES_SQL, type TxRow } from './rows';
import { daySummary } from './summary';
import type { ChainVerification, DaySummary, ShiftEntryKind } from './types';

/**
 * One business day as the exports read it (src/main/exports): every query here, on one read-only
 * connection inside one read transaction, so the rows, the summary, the chain check and a file's
 * name are one snapshot while the till keeps writing. The journal keeps its SQL in this one room;
 * the exports format what these answer and never see a table.
 */
export interface DaySnapshot {
  readonly businessDay: string;
  readonly tillId: string | null;
  /** The journal's clock when the snapshot was taken (the summary's `generatedAt`). */
  readonly now: Date;
  summary(): DaySummary;
  /** The legacy export rows (the JSON's and the `codes` CSV's): sales, then returns as rows of their own. */
  exportRows(): IterableIterator<ExportRow>;
  /** Sales and returns for the sheets; `withLines` adds the bodies the line items are read from. */
  sheetRecords(withLines: boolean): IterableIterator<SheetRecord>;
  /** The day's cash sources (sales, done returns, drawer openings) in time order. */
  cashSources(): IterableIterator<CashSourceRow>;
  /** The day's shift entries (openings, closings) of this till, or the cash movements after an entry. */
  shiftEntries<K extends ShiftEntryKind>(options: {
    kinds: readonly K[];
    businessDay?: string;
    afterEntryId?: number;
  }): ShiftEntry<K>[];
  /** The training flag of every sale and return of the day (the export's mode). */
  trainingFlags(): boolean[];
  /** The day's price changes (`catalog.product-saved` records with an old price), in time order. */
  priceChanges(): PriceChangeRow[];
  /** Who the day's rows belong to: each distinct company, till and training flag. */
  parties(): { company_id: string; till_id: string; training: number }[];
  /** The whole chain, checked on this snapshot with the journal's key, in slices. */
  verifyChain(): Promise<ChainVerification>;
}

export function daySnapshot(
  reader: Database.Database,
  options: { businessDay: string; tillId?: string },
  now: Date,
  chainKey: Buffer | null,
): DaySnapshot {
  const day = options.businessDay;
  const tillId = options.tillId ?? null;
  const params = { day, tillId };
  const till = tillId === null ? {} : { tillId };
  return {
    businessDay: day,
    tillId,
    now,
    summary: () => daySummary(reader, options, now),
    exportRows: () => reader.prepare(EXPORT_SQL).iterate(params) as IterableIterator<ExportRow>,
    sheetRecords: (withLines) =>
      reader.prepare(recordSql(withLines)).iterate(params) as IterableIterator<SheetRecord>,
    cashSources: () =>
      reader
        .prepare(CASH_SQL)
        .iterate({ ...params, ...businessDayBounds(day) }) as IterableIterator<CashSourceRow>,
    shiftEntries: (filter) => listShiftEntries(reader, { ...filter, ...till }),
    trainingFlags: () =>
      (reader.prepare(MODE_SQL).all(params) as { training: number }[]).map((row) => row.training === 1),
    priceChanges: () => reader.prepare(PRICE_CHANGES_SQL).all(businessDayBounds(day)) as PriceChangeRow[],
    parties: () =>
      reader.prepare(PARTIES_SQL).all(params) as { company_id: string; till_id: string; training: number }[],
    verifyChain: () => verifyChainInSlices(reader, chainKey),
  };
}

/**
 * A transaction row as EXPORT_SQL reads it: the state-table columns but the company and the body,
 * with the resolution split into its outcome, who and when, and the printed proofs counted.
 */
export type ExportRow = Omit<TxRow, 'company_id' | 'body' | 'resolution' | 'operation' | 'invoice_kind'> & {
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
  /** The card payments' approval codes (授權碼), space-separated; null when none was typed. */
  approval_codes: string | null;
  /** `online` / `offline` (invoice mode, issue 27) for an issued sale; null otherwise. */
  issued_via: string | null;
};

/** The sale `t`'s invoice: issued offline (an invoice-mode record of it), online, or none. */
const ISSUED_VIA_SQL = `CASE WHEN t.invoice_number IS NULL THEN NULL
         WHEN EXISTS (SELECT 1 FROM offline_invoices o WHERE o.order_no = t.order_no) THEN 'offline'
         ELSE 'online' END`;

/** A product's price changed (issue 28's price history): who, when, the product, old and new. */
export interface PriceChangeRow {
  at: string;
  by: string;
  code: string;
  name: string;
  old_price: number;
  price: number;
}

/**
 * The catalog's edits are supervisor actions of the whole journal (no till, no business day of
 * their own): the day is its Taipei hours. An added product or an edit that kept the price has no
 * `oldPrice` and is no price change.
 */
const PRICE_CHANGES_SQL = `
  SELECT at, payload ->> '$.by' AS by, payload ->> '$.detail.code' AS code,
    payload ->> '$.detail.name' AS name, payload ->> '$.detail.oldPrice' AS old_price,
    payload ->> '$.detail.price' AS price
  FROM entries
  WHERE kind = 'supervisor.action' AND payload ->> '$.action' = 'catalog.product-saved'
    AND payload ->> '$.detail.oldPrice' IS NOT NULL AND at >= @from AND at < @to
  ORDER BY id`;

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
    body ->> '$.reissueOf' AS reissue_of, ${APPROVAL_CODES_SQL} AS approval_codes,
    ${ISSUED_VIA_SQL} AS issued_via
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
    kind AS record, s AS sign, id AS return_id, allowance_number, reason AS return_reason, NULL AS reissue_of,
    NULL AS approval_codes, NULL AS issued_via
  FROM (SELECT *, CASE kind WHEN 'allowance-void' THEN 1 ELSE -1 END AS s FROM returns) r
  WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
  ORDER BY created_at, order_no`;

/** A sale or a return as the sheets read it: the return with its sale's invoice choice. */
export interface SheetRecord {
  record: 'sale' | 'void' | 'allowance' | 'allowance-void';
  order_no: string;
  till_id: string;
  business_day: string;
  created_at: string;
  state: string;
  training: number;
  invoice_kind: string;
  /** `standing` / `voided` / `none` for a sale; null for a return. */
  invoice_state: string | null;
  /**
   * How the sale's invoice was issued: `online`, or `offline` with the till's own number (invoice
   * mode, issue 27); a return's row names its sale's; null when no invoice was issued.
   */
  issued_via: string | null;
  /** Signed: a void or an allowance negative. */
  total_amount: number;
  sales_amount: number;
  tax_amount: number;
  zero_tax_sales_amount: number;
  free_tax_sales_amount: number;
  /** `[[method, amount], …]`, unsigned (payments, or a return's refunds); `sign` gives the direction. */
  payments: string;
  sign: number;
  buyer_tax_id: string | null;
  buyer_title: string | null;
  carrier_type: string | null;
  carrier_id: string | null;
  love_code: string | null;
  invoice_number: string | null;
  random_number: string | null;
  allowance_number: string | null;
  return_reason: string | null;
  reissue_of: string | null;
  /** The card payments' approval codes (授權碼), space-separated; null on a return or without one. */
  approval_codes: string | null;
  last_message: string | null;
  cashier: string | null;
  /** The sale's body (its lines), a return's lines and an allowance void's allowance's lines: `lines` table only. */
  body: string | null;
  return_lines: string | null;
  target_lines: string | null;
}

const recordSql = (withLines: boolean) => `
  SELECT 'sale' AS record, t.order_no, t.till_id, t.business_day, t.created_at, t.state, t.training,
    t.invoice_kind,
    CASE WHEN t.state <> 'issued' THEN 'none'
         WHEN EXISTS (SELECT 1 FROM returns v
                      WHERE v.order_no = t.order_no AND v.kind = 'void' AND v.state = 'done') THEN 'voided'
         ELSE 'standing' END AS invoice_state,
    ${ISSUED_VIA_SQL} AS issued_via,
    t.total_amount, t.sales_amount, t.tax_amount, t.zero_tax_sales_amount, t.free_tax_sales_amount,
    t.payments, 1 AS sign, t.buyer_tax_id, t.buyer_title, t.carrier_type, t.carrier_id, t.love_code,
    t.invoice_number, t.random_number, NULL AS allowance_number, NULL AS return_reason,
    t.body ->> '$.reissueOf' AS reissue_of, ${APPROVAL_CODES_SQL} AS approval_codes, t.last_message, t.cashier,
    ${withLines ? 't.body' : 'NULL'} AS body, NULL AS return_lines, NULL AS target_lines
  FROM transactions t
  WHERE t.business_day = @day AND (@tillId IS NULL OR t.till_id = @tillId)
  UNION ALL
  -- A void undoes the whole sale: its split is the sale's; an allowance's is its own (per line,
  -- tax apart); an allowance void's that of the allowance it undoes.
  SELECT r.kind, r.order_no, r.till_id, r.business_day, r.created_at, r.state, r.training,
    t.invoice_kind, NULL, ${ISSUED_VIA_SQL},
    r.s * r.total_amount,
    CASE r.kind WHEN 'void' THEN r.s * t.sales_amount ELSE r.s * r.sales_amount END,
    CASE r.kind WHEN 'void' THEN r.s * t.tax_amount ELSE r.s * r.tax_amount END,
    CASE r.kind WHEN 'void' THEN r.s * t.zero_tax_sales_amount ELSE 0 END,
    CASE r.kind WHEN 'void' THEN r.s * t.free_tax_sales_amount ELSE 0 END,
    r.refunds, r.s, t.buyer_tax_id, t.buyer_title, t.carrier_type, t.carrier_id, t.love_code,
    r.invoice_number, NULL, r.allowance_number, r.reason, NULL, NULL, r.last_message, r.by_name,
    ${withLines ? 't.body, r.lines, g.lines' : 'NULL, NULL, NULL'}
  FROM (SELECT *, CASE kind WHEN 'allowance-void' THEN 1 ELSE -1 END AS s FROM returns) r
  JOIN transactions t ON t.order_no = r.order_no
  LEFT JOIN returns g ON g.id = r.target_id
  WHERE r.business_day = @day AND (@tillId IS NULL OR r.till_id = @tillId)
  ORDER BY created_at, order_no`;

const CASH_SQL = `
  SELECT created_at AS at, 'sale' AS source, order_no, till_id, business_day, training, state,
    cashier AS who, invoice_number, NULL AS allowance_number, payments AS money, 1 AS sign, NULL AS note,
    NULL AS approved
  FROM transactions WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
    -- A 改開's new sale took no cash: the customer paid once, for the voided invoice (item 2).
    AND body ->> '$.reissueOf' IS NULL
  UNION ALL
  -- Only a done return moved money (the till tells the cashier not to refund an unsettled one),
  -- when it settled: a done return's row last moved at the entry that settled it (issue 22, item 5).
  SELECT updated_at, kind, order_no, till_id, business_day, training, state, by_name, invoice_number,
    allowance_number, refunds, CASE kind WHEN 'allowance-void' THEN 1 ELSE -1 END, reason, NULL
  FROM returns WHERE state = 'done' AND updated_at >= @from AND updated_at < @to
    AND (@tillId IS NULL OR till_id = @tillId)
    -- A 改開's void paid nothing back: the money stays, on the new invoice (item 2).
    AND reissue IS NULL
  UNION ALL
  -- The drawer opened outside a sale (supervisor PIN): the journal's own record, with its till and
  -- mode since issue 22 (an older record names none and is in the all-tills file only).
  SELECT at, 'drawer-open', NULL, payload ->> '$.detail.tillId', @day,
    CASE WHEN payload ->> '$.detail.tillId' IS NULL THEN NULL ELSE coalesce(payload ->> '$.detail.training', 0) END,
    NULL, payload ->> '$.by', NULL, NULL, NULL, 0, NULL, payload ->> '$.detail.approvedBy'
  FROM entries
  WHERE kind = 'supervisor.action' AND payload ->> '$.action' = 'printing.open-drawer'
    AND at >= @from AND at < @to
    AND (@tillId IS NULL OR payload ->> '$.detail.tillId' = @tillId)
  ORDER BY at, order_no`;

/** One cash source of the day, as CASH_SQL reads it: a sale, a done return or a drawer opening. */
export interface CashSourceRow {
  at: string;
  source: string;
  order_no: string | null;
  till_id: string | null;
  business_day: string;
  training: number | null;
  state: string | null;
  who: string | null;
  invoice_number: string | null;
  allowance_number: string | null;
  money: string | null;
  sign: number;
  note: string | null;
  approved: string | null;
}

const MODE_SQL = `
  SELECT training FROM transactions WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
  UNION
  SELECT training FROM returns WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)`;

const PARTIES_SQL = `
  SELECT company_id, till_id, training FROM transactions
  WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
  UNION
  SELECT company_id, till_id, training FROM returns
  WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)`;

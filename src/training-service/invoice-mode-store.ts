import type Database from 'better-sqlite3';

/**
 * The training service's invoice-mode state (provider profile §7), in the service's one SQLite
 * file beside the order mode's tables:
 * - an invoice-mode segment is a row of `segments` (so GetInvoiceIDList lists it with its
 *   `UseFor`) marked in `invoice_mode_segments`; its `next_serial` is one past the highest number
 *   uploaded, which is the list's `CurrentNumber`;
 * - an uploaded invoice is a row of `invoices` with its lines (so the status queries, voids and
 *   allowances treat it as any other), operation `/Append/Invoice`;
 * - blank ranges reported, and withdrawn, in `blank_ranges`.
 * Its tables are created if missing rather than by a numbered migration of store.ts: they are new
 * tables only, and an older store simply has none yet.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS invoice_mode_segments (
  period_code TEXT NOT NULL,
  track TEXT NOT NULL,
  start_serial INTEGER NOT NULL,
  company_id TEXT NOT NULL,
  use_for TEXT NOT NULL,
  PRIMARY KEY (period_code, track, start_serial)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS invoice_mode_segments_by_group ON invoice_mode_segments (company_id, use_for);
CREATE TABLE IF NOT EXISTS blank_ranges (
  company_id TEXT NOT NULL,
  period_code TEXT NOT NULL,
  track TEXT NOT NULL,
  begin_serial INTEGER NOT NULL,
  end_serial INTEGER NOT NULL,
  reported_at TEXT NOT NULL,
  withdrawn_at TEXT,
  via TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS blank_ranges_by_track ON blank_ranges (company_id, period_code, track);
`;

export interface InvoiceModeSegment {
  periodCode: string;
  track: string;
  startSerial: number;
  endSerial: number;
  /** One past the highest number uploaded (`startSerial` when none). */
  nextSerial: number;
  useFor: string;
}

export interface StoredInvoiceFacts {
  billingNo: string;
  invoiceDateTime: string;
  randomNumber: string;
  totalAmount: number;
}

export interface NewInvoiceModeInvoice extends StoredInvoiceFacts {
  companyId: string;
  invoiceNumber: string;
  periodCode: string;
  useFor: string;
  invoiceFor: 'B' | 'C';
  buyerId: string;
  lines: ReadonlyArray<{
    sequence: string;
    description: string;
    quantity: number;
    unitPrice: number;
    subTotal: number;
    itemTaxType: string;
  }>;
}

export const INVOICE_MODE_OPERATION_PATH = '/Append/Invoice';

export class InvoiceModeStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      cursor: db.prepare<[string, string], { next_serial: number }>(
        'SELECT next_serial FROM track_cursors WHERE period_code = ? AND track = ?',
      ),
      setCursor: db.prepare(
        `INSERT INTO track_cursors (period_code, track, next_serial) VALUES (?, ?, ?)
         ON CONFLICT (period_code, track) DO UPDATE SET next_serial = excluded.next_serial`,
      ),
      insertSegment: db.prepare(
        `INSERT INTO segments (period_code, track, start_serial, end_serial, next_serial, device_id, assigned_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      markSegment: db.prepare(
        `INSERT INTO invoice_mode_segments (period_code, track, start_serial, company_id, use_for)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      segmentOf: db.prepare<[string, string, string, number, number], InvoiceModeSegmentRow>(
        `SELECT s.period_code, s.track, s.start_serial, s.end_serial, s.next_serial, m.use_for
         FROM invoice_mode_segments m JOIN segments s
           ON s.period_code = m.period_code AND s.track = m.track AND s.start_serial = m.start_serial
         WHERE m.company_id = ? AND m.period_code = ? AND m.track = ? AND s.start_serial <= ? AND s.end_serial >= ?`,
      ),
      advance: db.prepare(
        `UPDATE segments SET next_serial = MAX(next_serial, ?)
         WHERE period_code = ? AND track = ? AND start_serial = ?`,
      ),
      isGroup: db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM invoice_mode_segments WHERE company_id = ? AND use_for = ? LIMIT 1',
      ),
      // A device that has issued in order mode: a segment of `segments` that is not invoice mode.
      isOrderDevice: db.prepare<[string], { one: number }>(
        `SELECT 1 AS one FROM segments s WHERE s.device_id = ? AND NOT EXISTS (
           SELECT 1 FROM invoice_mode_segments m
           WHERE m.period_code = s.period_code AND m.track = s.track AND m.start_serial = s.start_serial)
         LIMIT 1`,
      ),
      invoice: db.prepare<[string, string, string], InvoiceFactsRow>(
        `SELECT billing_no, invoice_date_time, random_number, total_amount FROM invoices
         WHERE company_id = ? AND period_code = ? AND invoice_number = ?`,
      ),
      billingNoUsed: db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM invoices WHERE company_id = ? AND billing_no = ?',
      ),
      insertInvoice: db.prepare(
        `INSERT INTO invoices (company_id, billing_no, invoice_number, period_code, invoice_date_time,
           random_number, total_amount, operation, qkey, issued_at, invoice_for, buyer_id, device_id, upload_mode)
         VALUES (@companyId, @billingNo, @invoiceNumber, @periodCode, @invoiceDateTime,
           @randomNumber, @totalAmount, '${INVOICE_MODE_OPERATION_PATH}', NULL, @issuedAt, @invoiceFor, @buyerId,
           @useFor, 'normal')`,
      ),
      insertLine: db.prepare(
        `INSERT INTO invoice_lines (company_id, period_code, invoice_number, position, sequence,
           description, quantity, unit_price, sub_total, item_tax_type)
         VALUES (@companyId, @periodCode, @invoiceNumber, @position, @sequence,
           @description, @quantity, @unitPrice, @subTotal, @itemTaxType)`,
      ),
      usedIn: db.prepare<[string, string, string, string], { one: number }>(
        `SELECT 1 AS one FROM invoices WHERE company_id = ? AND period_code = ?
           AND invoice_number BETWEEN ? AND ? LIMIT 1`,
      ),
      blankOverlap: db.prepare<[string, string, string, number, number], { one: number }>(
        `SELECT 1 AS one FROM blank_ranges WHERE company_id = ? AND period_code = ? AND track = ?
           AND withdrawn_at IS NULL AND begin_serial <= ? AND end_serial >= ? LIMIT 1`,
      ),
      insertBlank: db.prepare(
        `INSERT INTO blank_ranges (company_id, period_code, track, begin_serial, end_serial, reported_at, via)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      withdraw: db.prepare(
        `UPDATE blank_ranges SET withdrawn_at = ? WHERE company_id = ? AND period_code = ? AND track = ?
           AND begin_serial = ? AND end_serial = ? AND withdrawn_at IS NULL`,
      ),
      blanks: db.prepare<[string], BlankRow>(
        `SELECT period_code, track, begin_serial, end_serial, via FROM blank_ranges
         WHERE company_id = ? AND withdrawn_at IS NULL ORDER BY period_code, track, begin_serial`,
      ),
    };
  }

  /** Where the track's next unassigned number is (order mode and invoice mode share it). */
  cursor(periodCode: string, track: string, firstSerial: number): number {
    return this.statements.cursor.get(periodCode, track)?.next_serial ?? firstSerial;
  }

  /** Carves `[start, end]` for an invoice-mode group and moves the track's cursor past it. */
  split(companyId: string, segment: Omit<InvoiceModeSegment, 'nextSerial'>, now: Date): void {
    const { periodCode, track, startSerial, endSerial, useFor } = segment;
    this.statements.insertSegment.run(
      periodCode,
      track,
      startSerial,
      endSerial,
      startSerial,
      useFor,
      now.toISOString(),
    );
    this.statements.markSegment.run(periodCode, track, startSerial, companyId, useFor);
    this.statements.setCursor.run(periodCode, track, endSerial + 1);
  }

  /** The invoice-mode segment of this seller holding `serial` of `track` in the period, or null. */
  segmentOf(companyId: string, periodCode: string, track: string, serial: number): InvoiceModeSegment | null {
    const row = this.statements.segmentOf.get(companyId, periodCode, track, serial, serial);
    return row ? toSegment(row) : null;
  }

  /** Whether the whole range lies in one invoice-mode segment of this seller. */
  segmentHolding(
    companyId: string,
    periodCode: string,
    track: string,
    begin: number,
    end: number,
  ): InvoiceModeSegment | null {
    const segment = this.segmentOf(companyId, periodCode, track, begin);
    return segment && segment.endSerial >= end ? segment : null;
  }

  isInvoiceModeGroup(companyId: string, useFor: string): boolean {
    return this.statements.isGroup.get(companyId, useFor) !== undefined;
  }

  hasIssuedInOrderMode(deviceId: string): boolean {
    return this.statements.isOrderDevice.get(deviceId) !== undefined;
  }

  invoice(companyId: string, periodCode: string, invoiceNumber: string): StoredInvoiceFacts | null {
    const row = this.statements.invoice.get(companyId, periodCode, invoiceNumber);
    return row
      ? {
          billingNo: row.billing_no,
          invoiceDateTime: row.invoice_date_time,
          randomNumber: row.random_number,
          totalAmount: row.total_amount,
        }
      : null;
  }

  billingNoUsed(companyId: string, billingNo: string): boolean {
    return this.statements.billingNoUsed.get(companyId, billingNo) !== undefined;
  }

  /** Stores an uploaded invoice with its lines; its segment's CurrentNumber moves past it. */
  store(invoice: NewInvoiceModeInvoice, segment: InvoiceModeSegment, serial: number, now: Date): void {
    this.statements.insertInvoice.run({ ...invoice, issuedAt: now.toISOString() });
    invoice.lines.forEach((line, position) =>
      this.statements.insertLine.run({
        companyId: invoice.companyId,
        periodCode: invoice.periodCode,
        invoiceNumber: invoice.invoiceNumber,
        position,
        ...line,
      }),
    );
    this.statements.advance.run(serial + 1, segment.periodCode, segment.track, segment.startSerial);
  }

  /** Whether a number of `[begin, end]` of the track is an invoice the service holds. */
  holdsUsedNumber(companyId: string, periodCode: string, track: string, begin: number, end: number): boolean {
    const number = (serial: number) => track + String(serial).padStart(8, '0');
    return this.statements.usedIn.get(companyId, periodCode, number(begin), number(end)) !== undefined;
  }

  /** Whether a standing (not withdrawn) blank range overlaps `[begin, end]`. */
  blankOverlaps(companyId: string, periodCode: string, track: string, begin: number, end: number): boolean {
    return this.statements.blankOverlap.get(companyId, periodCode, track, end, begin) !== undefined;
  }

  reportBlank(
    companyId: string,
    periodCode: string,
    track: string,
    begin: number,
    end: number,
    via: string,
    now: Date,
  ): void {
    this.statements.insertBlank.run(companyId, periodCode, track, begin, end, now.toISOString(), via);
  }

  /** Withdraws the standing blank range `[begin, end]`; false when there is none. */
  withdrawBlank(
    companyId: string,
    periodCode: string,
    track: string,
    begin: number,
    end: number,
    now: Date,
  ): boolean {
    return (
      this.statements.withdraw.run(now.toISOString(), companyId, periodCode, track, begin, end).changes > 0
    );
  }

  /** Every standing blank range of the seller (the verification channel shows them). */
  blankRanges(
    companyId: string,
  ): Array<{ periodCode: string; track: string; begin: number; end: number; via: string }> {
    return this.statements.blanks.all(companyId).map((row) => ({
      periodCode: row.period_code,
      track: row.track,
      begin: row.begin_serial,
      end: row.end_serial,
      via: row.via,
    }));
  }
}

interface InvoiceModeSegmentRow {
  period_code: string;
  track: string;
  start_serial: number;
  end_serial: number;
  next_serial: number;
  use_for: string;
}
interface InvoiceFactsRow {
  billing_no: string;
  invoice_date_time: string;
  random_number: string;
  total_amount: number;
}
interface BlankRow {
  period_code: string;
  track: string;
  begin_serial: number;
  end_serial: number;
  via: string;
}

const toSegment = (row: InvoiceModeSegmentRow): InvoiceModeSegment => ({
  periodCode: row.period_code,
  track: row.track,
  startSerial: row.start_serial,
  endSerial: row.end_serial,
  nextSerial: row.next_serial,
  useFor: row.use_for,
});

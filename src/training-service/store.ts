import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadMode } from './faults';
import { InvoiceModeStore } from './invoice-mode-store';

/**
 * The service's durable state in one SQLite file: used timestamps (per key pair), the number
 * segments of every track in every period with the device each belongs to, every issued invoice
 * with its lines, voids and allowances. WAL with
 * synchronous=FULL: an answered issue survives a power cut, so a restart loses nothing and
 * reuses nothing. Schema changes after the first are numbered migrations (`user_version`).
 */
export const STORE_FILE = 'training-service.sqlite';

export interface IssuedInvoice {
  companyId: string;
  billingNo: string;
  invoiceNumber: string;
  periodCode: string;
  invoiceDateTime: string;
  randomNumber: string;
  totalAmount: number;
  /** The provider's operation path, e.g. `/Append/Order`. */
  operation: string;
  qKey: string | null;
}

export interface IssueRequest {
  companyId: string;
  /** The key pair's timestamp space (see auth.ts KeyPair): the company's, or a device's own. */
  timestampSpace: string;
  /** The request's timestamp, recorded as used in the same transaction. */
  timestamp: number;
  billingNo: string;
  /** The order's DeviceID: the number comes from a segment of this device's own. */
  deviceId: string;
  periodCode: string;
  /** The period's tracks in allocation order. */
  tracks: readonly string[];
  firstSerial: number;
  numbersPerTrack: number;
  /** How many numbers a new segment has (the last of a track may have fewer). */
  segmentSize: number;
  /** The simulated upload of this invoice (an upload fault, or normal). */
  uploadMode: UploadMode;
  invoiceDateTime: string;
  randomNumber: string;
  totalAmount: number;
  operation: string;
  qKey: string | null;
  issuedAt: Date;
  /** What the standard API's allowances and voids need later (migration 2). */
  invoiceFor: 'B' | 'C';
  buyerId: string;
  lines: readonly InvoiceLineInput[];
}

export interface InvoiceLineInput {
  sequence: string;
  description: string;
  quantity: number;
  unitPrice: number;
  subTotal: number;
  itemTaxType: string;
}

export type IssueOutcome =
  | { ok: true; invoice: IssuedInvoice }
  | { ok: false; reason: 'timestamp-used' }
  | { ok: false; reason: 'duplicate-billing-no' }
  | { ok: false; reason: 'numbers-exhausted' };

const SCHEMA = `
-- company_id: the key pair's timestamp space (auth.ts KeyPair), named when there was one pair.
CREATE TABLE IF NOT EXISTS used_timestamps (
  company_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  used_at TEXT NOT NULL,
  PRIMARY KEY (company_id, timestamp)
) WITHOUT ROWID;
-- next_serial: the first serial no segment has (before migration 3: the next number to issue).
CREATE TABLE IF NOT EXISTS track_cursors (
  period_code TEXT NOT NULL,
  track TEXT NOT NULL,
  next_serial INTEGER NOT NULL,
  PRIMARY KEY (period_code, track)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS invoices (
  company_id TEXT NOT NULL,
  billing_no TEXT NOT NULL,
  invoice_number TEXT NOT NULL,
  period_code TEXT NOT NULL,
  invoice_date_time TEXT NOT NULL,
  random_number TEXT NOT NULL,
  total_amount INTEGER NOT NULL,
  operation TEXT NOT NULL,
  qkey TEXT,
  issued_at TEXT NOT NULL,
  PRIMARY KEY (company_id, billing_no),
  UNIQUE (period_code, invoice_number)
);
`;

/**
 * Numbered schema steps after SCHEMA, each run once in order inside one transaction with the bump
 * of `user_version`, so that a store written by an older service opens and keeps its data.
 *   2: the standard API (profile §4): invoice type, buyer, void and last status on invoices; the
 *      invoice lines; allowances and their lines. Invoices issued before it have no lines.
 *   3: per-device number segments (profile §4 Number ranges) and the simulated upload: the
 *      `segments` table, each invoice's DeviceID and upload mode. The numbers a store issued
 *      before it (consecutively from each track's first) become one used-up segment per track
 *      without a device (`UseFor` empty), so the number list still names every issued number;
 *      the track's cursor stays where it was, and the next segment starts at the next segment
 *      boundary at or after it (see `alignUp`). Invoices issued before it upload normally.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 2,
    sql: `
ALTER TABLE invoices ADD COLUMN invoice_for TEXT;
ALTER TABLE invoices ADD COLUMN buyer_id TEXT;
ALTER TABLE invoices ADD COLUMN voided_at TEXT;
ALTER TABLE invoices ADD COLUMN cancel_date TEXT;
ALTER TABLE invoices ADD COLUMN cancel_reason TEXT;
ALTER TABLE invoices ADD COLUMN process_status TEXT NOT NULL DEFAULT 'I0';
CREATE INDEX invoices_by_number ON invoices (company_id, invoice_number);
CREATE TABLE invoice_lines (
  company_id TEXT NOT NULL,
  period_code TEXT NOT NULL,
  invoice_number TEXT NOT NULL,
  position INTEGER NOT NULL,
  sequence TEXT NOT NULL,
  description TEXT NOT NULL,
  quantity REAL NOT NULL,
  unit_price REAL NOT NULL,
  sub_total INTEGER NOT NULL,
  item_tax_type TEXT NOT NULL,
  PRIMARY KEY (company_id, period_code, invoice_number, position)
) WITHOUT ROWID;
CREATE TABLE allowances (
  company_id TEXT NOT NULL,
  allowance_number TEXT NOT NULL,
  prefix TEXT NOT NULL,
  buyer_id TEXT NOT NULL,
  allowance_date TEXT NOT NULL,
  tax_amount INTEGER NOT NULL,
  total_amount INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  voided_at TEXT,
  cancel_date TEXT,
  cancel_reason TEXT,
  cancel_remark TEXT,
  PRIMARY KEY (company_id, allowance_number),
  UNIQUE (company_id, prefix)
);
CREATE TABLE allowance_lines (
  company_id TEXT NOT NULL,
  allowance_number TEXT NOT NULL,
  position INTEGER NOT NULL,
  period_code TEXT NOT NULL,
  invoice_number TEXT NOT NULL,
  sequence TEXT NOT NULL,
  description TEXT NOT NULL,
  quantity REAL NOT NULL,
  unit_price REAL NOT NULL,
  amount INTEGER NOT NULL,
  tax INTEGER NOT NULL,
  item_tax_type TEXT NOT NULL,
  PRIMARY KEY (company_id, allowance_number, position)
) WITHOUT ROWID;
CREATE INDEX allowance_lines_by_invoice ON allowance_lines (company_id, period_code, invoice_number);
`,
  },
  {
    version: 3,
    sql: `
ALTER TABLE invoices ADD COLUMN device_id TEXT;
ALTER TABLE invoices ADD COLUMN upload_mode TEXT NOT NULL DEFAULT 'normal';
CREATE TABLE segments (
  period_code TEXT NOT NULL,
  track TEXT NOT NULL,
  start_serial INTEGER NOT NULL,
  end_serial INTEGER NOT NULL,
  next_serial INTEGER NOT NULL,
  device_id TEXT NOT NULL,
  assigned_at TEXT NOT NULL,
  PRIMARY KEY (period_code, track, start_serial)
) WITHOUT ROWID;
CREATE INDEX segments_by_device ON segments (period_code, device_id);
INSERT INTO segments (period_code, track, start_serial, end_serial, next_serial, device_id, assigned_at)
SELECT c.period_code, c.track, f.serial, c.next_serial - 1, c.next_serial, '',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM track_cursors c JOIN (
  SELECT period_code, substr(invoice_number, 1, 2) AS track,
    MIN(CAST(substr(invoice_number, 3) AS INTEGER)) AS serial
  FROM invoices GROUP BY period_code, substr(invoice_number, 1, 2)
) f ON f.period_code = c.period_code AND f.track = c.track
WHERE c.next_serial > f.serial;
`,
  },
];

/**
 * One segment of a track (profile §4): `[startSerial, endSerial]` given to `deviceId`, issuing
 * `nextSerial` next (`endSerial + 1` once used up).
 */
export interface SegmentRecord {
  periodCode: string;
  track: string;
  startSerial: number;
  endSerial: number;
  nextSerial: number;
  /** Empty for the numbers a store issued before segments (migration 3). */
  deviceId: string;
}

interface SegmentRow {
  period_code: string;
  track: string;
  start_serial: number;
  end_serial: number;
  next_serial: number;
  device_id: string;
}

const toSegment = (row: SegmentRow): SegmentRecord => ({
  periodCode: row.period_code,
  track: row.track,
  startSerial: row.start_serial,
  endSerial: row.end_serial,
  nextSerial: row.next_serial,
  deviceId: row.device_id,
});

/**
 * The first segment boundary at or after `serial`: segments are cut from the track's first serial
 * on, every `size` numbers. A cursor left between boundaries (a store from before segments) skips
 * the rest of that stretch, which no device ever gets.
 */
export function alignUp(serial: number, firstSerial: number, size: number): number {
  if (serial <= firstSerial) return firstSerial;
  return firstSerial + Math.ceil((serial - firstSerial) / size) * size;
}

/** An invoice as the standard API sees it. */
export interface StandardInvoice {
  companyId: string;
  billingNo: string;
  invoiceNumber: string;
  periodCode: string;
  invoiceDateTime: string;
  totalAmount: number;
  /** Null for invoices issued before migration 2. */
  invoiceFor: 'B' | 'C' | null;
  buyerId: string | null;
  voided: boolean;
  /** As stored: `I0` until a void or allowance (the upload's steps are computed, see upload.ts). */
  processStatus: string;
  /** The service clock's instant of the issue (ISO). */
  issuedAt: string;
  uploadMode: UploadMode;
}

export interface StoredInvoiceLine {
  position: number;
  sequence: string;
  description: string;
  quantity: number;
  unitPrice: number;
  subTotal: number;
  itemTaxType: string;
}

/** What the allowances that stand have used of one invoice line. */
export interface LineUse {
  quantity: number;
  /** In the line's SubTotal units (see `allowanceLineUse` in profile-rules.ts). */
  value: number;
}

export interface AllowanceLineRecord {
  periodCode: string;
  invoiceNumber: string;
  sequence: string;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  tax: number;
  itemTaxType: string;
}

export interface AllowanceRecord {
  companyId: string;
  allowanceNumber: string;
  prefix: string;
  buyerId: string;
  allowanceDate: string;
  taxAmount: number;
  totalAmount: number;
  voided: boolean;
}

/** An allowance as listed for one invoice: its amounts on that invoice's lines. */
export interface InvoiceAllowance {
  allowanceNumber: string;
  totalAmount: number;
  taxAmount: number;
  voided: boolean;
}

interface StandardInvoiceRow {
  company_id: string;
  billing_no: string;
  invoice_number: string;
  period_code: string;
  invoice_date_time: string;
  total_amount: number;
  invoice_for: 'B' | 'C' | null;
  buyer_id: string | null;
  voided_at: string | null;
  process_status: string;
  issued_at: string;
  upload_mode: string;
}

const UPLOAD_MODES: readonly string[] = ['normal', 'stuck', 'suspended'] satisfies UploadMode[];

const toStandardInvoice = (row: StandardInvoiceRow): StandardInvoice => ({
  companyId: row.company_id,
  billingNo: row.billing_no,
  invoiceNumber: row.invoice_number,
  periodCode: row.period_code,
  invoiceDateTime: row.invoice_date_time,
  totalAmount: row.total_amount,
  invoiceFor: row.invoice_for,
  buyerId: row.buyer_id,
  voided: row.voided_at !== null,
  processStatus: row.process_status,
  issuedAt: row.issued_at,
  // The file is the service's own, but a mode it does not know must not stall an upload.
  uploadMode: UPLOAD_MODES.includes(row.upload_mode) ? (row.upload_mode as UploadMode) : 'normal',
});

interface InvoiceRow {
  company_id: string;
  billing_no: string;
  invoice_number: string;
  period_code: string;
  invoice_date_time: string;
  random_number: string;
  total_amount: number;
  operation: string;
  qkey: string | null;
}

const toInvoice = (row: InvoiceRow): IssuedInvoice => ({
  companyId: row.company_id,
  billingNo: row.billing_no,
  invoiceNumber: row.invoice_number,
  periodCode: row.period_code,
  invoiceDateTime: row.invoice_date_time,
  randomNumber: row.random_number,
  totalAmount: row.total_amount,
  operation: row.operation,
  qKey: row.qkey,
});

export class TrainingStore {
  private readonly db: Database.Database;
  private readonly statements;
  private readonly issueTransaction;
  /** Invoice mode's segments, uploads and blank ranges (profile §7), in this same file. */
  readonly invoiceMode: InvoiceModeStore;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, STORE_FILE));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // Another process on the same file (a second service by mistake) waits instead of failing.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.migrate();
    this.invoiceMode = new InvoiceModeStore(this.db);
    this.statements = {
      useTimestamp: this.db.prepare(
        'INSERT OR IGNORE INTO used_timestamps (company_id, timestamp, used_at) VALUES (?, ?, ?)',
      ),
      timestampUsed: this.db.prepare<[string, number], { one: number }>(
        'SELECT 1 AS one FROM used_timestamps WHERE company_id = ? AND timestamp = ?',
      ),
      findInvoice: this.db.prepare<[string, string], InvoiceRow>(
        'SELECT * FROM invoices WHERE company_id = ? AND billing_no = ?',
      ),
      cursor: this.db.prepare<[string, string], { next_serial: number }>(
        'SELECT next_serial FROM track_cursors WHERE period_code = ? AND track = ?',
      ),
      setCursor: this.db.prepare(
        `INSERT INTO track_cursors (period_code, track, next_serial) VALUES (?, ?, ?)
         ON CONFLICT (period_code, track) DO UPDATE SET next_serial = excluded.next_serial`,
      ),
      insertInvoice: this.db.prepare(
        `INSERT INTO invoices (company_id, billing_no, invoice_number, period_code, invoice_date_time,
           random_number, total_amount, operation, qkey, issued_at, invoice_for, buyer_id, device_id,
           upload_mode)
         VALUES (@companyId, @billingNo, @invoiceNumber, @periodCode, @invoiceDateTime,
           @randomNumber, @totalAmount, @operation, @qKey, @issuedAt, @invoiceFor, @buyerId, @deviceId,
           @uploadMode)`,
      ),
      // A device's segments in the period that still have numbers (normally at most one).
      activeSegments: this.db.prepare<[string, string], SegmentRow>(
        `SELECT * FROM segments WHERE period_code = ? AND device_id = ? AND next_serial <= end_serial
         ORDER BY track, start_serial`,
      ),
      insertSegment: this.db.prepare(
        `INSERT INTO segments (period_code, track, start_serial, end_serial, next_serial, device_id,
           assigned_at)
         VALUES (@periodCode, @track, @startSerial, @endSerial, @startSerial, @deviceId, @assignedAt)`,
      ),
      advanceSegment: this.db.prepare(
        `UPDATE segments SET next_serial = next_serial + 1
         WHERE period_code = ? AND track = ? AND start_serial = ?`,
      ),
      periodSegments: this.db.prepare<[string], SegmentRow>(
        'SELECT * FROM segments WHERE period_code = ? ORDER BY track, start_serial',
      ),
      insertLine: this.db.prepare(
        `INSERT INTO invoice_lines (company_id, period_code, invoice_number, position, sequence,
           description, quantity, unit_price, sub_total, item_tax_type)
         VALUES (@companyId, @periodCode, @invoiceNumber, @position, @sequence,
           @description, @quantity, @unitPrice, @subTotal, @itemTaxType)`,
      ),
      // The same number can come back in a later period (the training tracks repeat): the
      // standard API's number alone means the latest one.
      invoiceByNumber: this.db.prepare<[string, string], StandardInvoiceRow>(
        `SELECT * FROM invoices WHERE company_id = ? AND invoice_number = ?
         ORDER BY issued_at DESC, period_code DESC LIMIT 1`,
      ),
      standardByBillingNo: this.db.prepare<[string, string], StandardInvoiceRow>(
        'SELECT * FROM invoices WHERE company_id = ? AND billing_no = ?',
      ),
      invoiceLines: this.db.prepare<[string, string, string], StoredInvoiceLine>(
        `SELECT position, sequence, description, quantity, unit_price AS unitPrice,
           sub_total AS subTotal, item_tax_type AS itemTaxType
         FROM invoice_lines WHERE company_id = ? AND period_code = ? AND invoice_number = ?
         ORDER BY position`,
      ),
      lineUse: this.db.prepare<
        [string, string, string, string],
        { quantity: number; amount: number; tax: number }
      >(
        `SELECT COALESCE(SUM(l.quantity), 0) AS quantity, COALESCE(SUM(l.amount), 0) AS amount,
           COALESCE(SUM(l.tax), 0) AS tax
         FROM allowance_lines l JOIN allowances a
           ON a.company_id = l.company_id AND a.allowance_number = l.allowance_number
         WHERE l.company_id = ? AND l.period_code = ? AND l.invoice_number = ? AND l.sequence = ?
           AND a.voided_at IS NULL`,
      ),
      standingAllowanceCount: this.db.prepare<[string, string, string], { n: number }>(
        `SELECT COUNT(DISTINCT a.allowance_number) AS n
         FROM allowance_lines l JOIN allowances a
           ON a.company_id = l.company_id AND a.allowance_number = l.allowance_number
         WHERE l.company_id = ? AND l.period_code = ? AND l.invoice_number = ? AND a.voided_at IS NULL`,
      ),
      voidInvoice: this.db.prepare(
        `UPDATE invoices SET voided_at = @voidedAt, cancel_date = @cancelDate,
           cancel_reason = @cancelReason, process_status = 'C0'
         WHERE company_id = @companyId AND period_code = @periodCode AND invoice_number = @invoiceNumber`,
      ),
      setStatus: this.db.prepare(
        `UPDATE invoices SET process_status = ?
         WHERE company_id = ? AND period_code = ? AND invoice_number = ?`,
      ),
      allowanceByPrefix: this.db.prepare<[string, string], { allowance_number: string }>(
        'SELECT allowance_number FROM allowances WHERE company_id = ? AND prefix = ?',
      ),
      allowanceByNumber: this.db.prepare<
        [string, string],
        {
          company_id: string;
          allowance_number: string;
          prefix: string;
          buyer_id: string;
          allowance_date: string;
          tax_amount: number;
          total_amount: number;
          voided_at: string | null;
        }
      >('SELECT * FROM allowances WHERE company_id = ? AND allowance_number = ?'),
      insertAllowance: this.db.prepare(
        `INSERT INTO allowances (company_id, allowance_number, prefix, buyer_id, allowance_date,
           tax_amount, total_amount, created_at)
         VALUES (@companyId, @allowanceNumber, @prefix, @buyerId, @allowanceDate,
           @taxAmount, @totalAmount, @createdAt)`,
      ),
      insertAllowanceLine: this.db.prepare(
        `INSERT INTO allowance_lines (company_id, allowance_number, position, period_code,
           invoice_number, sequence, description, quantity, unit_price, amount, tax, item_tax_type)
         VALUES (@companyId, @allowanceNumber, @position, @periodCode,
           @invoiceNumber, @sequence, @description, @quantity, @unitPrice, @amount, @tax, @itemTaxType)`,
      ),
      voidAllowance: this.db.prepare(
        `UPDATE allowances SET voided_at = @voidedAt, cancel_date = @cancelDate,
           cancel_reason = @cancelReason, cancel_remark = @cancelRemark
         WHERE company_id = @companyId AND allowance_number = @allowanceNumber`,
      ),
      allowanceInvoices: this.db.prepare<[string, string], { period_code: string; invoice_number: string }>(
        `SELECT DISTINCT period_code, invoice_number FROM allowance_lines
         WHERE company_id = ? AND allowance_number = ?`,
      ),
      invoiceAllowances: this.db.prepare<
        [string, string, string],
        { allowance_number: string; total_amount: number; tax_amount: number; voided_at: string | null }
      >(
        `SELECT a.allowance_number, SUM(l.amount) AS total_amount, SUM(l.tax) AS tax_amount, a.voided_at
         FROM allowance_lines l JOIN allowances a
           ON a.company_id = l.company_id AND a.allowance_number = l.allowance_number
         WHERE l.company_id = ? AND l.period_code = ? AND l.invoice_number = ?
         GROUP BY a.allowance_number ORDER BY a.created_at, a.allowance_number`,
      ),
    };
    // IMMEDIATE: the write lock is taken before the checks, so the timestamp's single use, the
    // BillingNo check, the number allocation and the insert are one atomic step (and one durable
    // commit), even with a second process on the file. A refusal still commits the timestamp.
    this.issueTransaction = this.db.transaction((request: IssueRequest): IssueOutcome => {
      const issuedAt = request.issuedAt.toISOString();
      if (
        this.statements.useTimestamp.run(request.timestampSpace, request.timestamp, issuedAt).changes === 0
      ) {
        return { ok: false, reason: 'timestamp-used' };
      }
      if (this.statements.findInvoice.get(request.companyId, request.billingNo)) {
        return { ok: false, reason: 'duplicate-billing-no' };
      }
      const segment = this.deviceSegment(request, issuedAt);
      if (!segment) return { ok: false, reason: 'numbers-exhausted' };
      const serial = segment.nextSerial;
      const invoice: IssuedInvoice = {
        companyId: request.companyId,
        billingNo: request.billingNo,
        invoiceNumber: `${segment.track}${String(serial).padStart(8, '0')}`,
        periodCode: request.periodCode,
        invoiceDateTime: request.invoiceDateTime,
        randomNumber: request.randomNumber,
        totalAmount: request.totalAmount,
        operation: request.operation,
        qKey: request.qKey,
      };
      this.statements.advanceSegment.run(request.periodCode, segment.track, segment.startSerial);
      this.statements.insertInvoice.run({
        ...invoice,
        issuedAt,
        invoiceFor: request.invoiceFor,
        buyerId: request.buyerId,
        deviceId: request.deviceId,
        uploadMode: request.uploadMode,
      });
      request.lines.forEach((line, position) =>
        this.statements.insertLine.run({
          companyId: request.companyId,
          periodCode: request.periodCode,
          invoiceNumber: invoice.invoiceNumber,
          position,
          ...line,
        }),
      );
      return { ok: true, invoice };
    });
  }

  /**
   * The segment the device issues from next (inside the issue transaction): its own segment with
   * numbers left in the first track that has one, else the next free segment in track order, given
   * to it now; null when no track of the period has a free segment left.
   */
  private deviceSegment(request: IssueRequest, assignedAt: string): SegmentRecord | null {
    const active = this.statements.activeSegments.all(request.periodCode, request.deviceId).map(toSegment);
    for (const track of request.tracks) {
      const own = active.find((segment) => segment.track === track);
      if (own) return own;
    }
    const trackEnd = request.firstSerial + request.numbersPerTrack;
    for (const track of request.tracks) {
      const cursor =
        this.statements.cursor.get(request.periodCode, track)?.next_serial ?? request.firstSerial;
      const startSerial = alignUp(cursor, request.firstSerial, request.segmentSize);
      if (startSerial >= trackEnd) continue;
      const endSerial = Math.min(startSerial + request.segmentSize, trackEnd) - 1;
      const segment: SegmentRecord = {
        periodCode: request.periodCode,
        track,
        startSerial,
        endSerial,
        nextSerial: startSerial,
        deviceId: request.deviceId,
      };
      this.statements.insertSegment.run({ ...segment, assignedAt });
      this.statements.setCursor.run(request.periodCode, track, endSerial + 1);
      return segment;
    }
    return null;
  }

  /** Every segment of a period, by track and start (the standard API's number list). */
  periodSegments(periodCode: string): SegmentRecord[] {
    return this.statements.periodSegments.all(periodCode).map(toSegment);
  }

  /** Runs the pending migrations; a second process opening the file at once waits (IMMEDIATE). */
  private migrate(): void {
    const version = () => this.db.pragma('user_version', { simple: true }) as number;
    const pending = MIGRATIONS.filter((step) => step.version > version());
    if (pending.length === 0) return;
    this.db
      .transaction(() => {
        for (const step of MIGRATIONS) {
          if (step.version <= version()) continue;
          this.db.exec(step.sql);
          this.db.pragma(`user_version = ${step.version}`);
        }
      })
      .immediate();
  }

  /**
   * Runs `work` as one atomic, durable step after recording the request's timestamp in its key
   * pair's space: null (nothing done) when the timestamp was used before. A standard request
   * uses its timestamp whatever its items' answers are, like a refused POS order.
   */
  withTimestamp<T>(timestampSpace: string, timestamp: number, now: Date, work: () => T): T | null {
    return this.db
      .transaction((): T | null => {
        if (!this.useTimestamp(timestampSpace, timestamp, now)) return null;
        return work();
      })
      .immediate();
  }

  /** The latest invoice of this seller with this number (any API issued it), or null. */
  findByInvoiceNumber(companyId: string, invoiceNumber: string): StandardInvoice | null {
    const row = this.statements.invoiceByNumber.get(companyId, invoiceNumber);
    return row ? toStandardInvoice(row) : null;
  }

  /** The same view of an invoice, found by its order number (the verification channel's key). */
  findStandardByBillingNo(companyId: string, billingNo: string): StandardInvoice | null {
    const row = this.statements.standardByBillingNo.get(companyId, billingNo);
    return row ? toStandardInvoice(row) : null;
  }

  invoiceLines(invoice: StandardInvoice): StoredInvoiceLine[] {
    return this.statements.invoiceLines.all(invoice.companyId, invoice.periodCode, invoice.invoiceNumber);
  }

  /** What the allowances that stand (not voided) have taken of one line, summed. */
  lineUse(invoice: StandardInvoice, sequence: string): { quantity: number; amount: number; tax: number } {
    return this.statements.lineUse.get(
      invoice.companyId,
      invoice.periodCode,
      invoice.invoiceNumber,
      sequence,
    )!;
  }

  hasStandingAllowances(invoice: StandardInvoice): boolean {
    return (
      this.statements.standingAllowanceCount.get(
        invoice.companyId,
        invoice.periodCode,
        invoice.invoiceNumber,
      )!.n > 0
    );
  }

  voidInvoice(
    invoice: StandardInvoice,
    cancel: { cancelDate: string; cancelReason: string },
    now: Date,
  ): void {
    this.statements.voidInvoice.run({
      companyId: invoice.companyId,
      periodCode: invoice.periodCode,
      invoiceNumber: invoice.invoiceNumber,
      voidedAt: now.toISOString(),
      ...cancel,
    });
  }

  allowanceNumberForPrefix(companyId: string, prefix: string): string | null {
    return this.statements.allowanceByPrefix.get(companyId, prefix)?.allowance_number ?? null;
  }

  findAllowance(companyId: string, allowanceNumber: string): AllowanceRecord | null {
    const row = this.statements.allowanceByNumber.get(companyId, allowanceNumber);
    if (!row) return null;
    return {
      companyId: row.company_id,
      allowanceNumber: row.allowance_number,
      prefix: row.prefix,
      buyerId: row.buyer_id,
      allowanceDate: row.allowance_date,
      taxAmount: row.tax_amount,
      totalAmount: row.total_amount,
      voided: row.voided_at !== null,
    };
  }

  /** Records an allowance with its lines and marks each invoice it touches `A0`. */
  insertAllowance(
    allowance: Omit<AllowanceRecord, 'voided'>,
    lines: readonly AllowanceLineRecord[],
    now: Date,
  ): void {
    this.statements.insertAllowance.run({ ...allowance, createdAt: now.toISOString() });
    const touched = new Set<string>();
    lines.forEach((line, position) => {
      this.statements.insertAllowanceLine.run({
        companyId: allowance.companyId,
        allowanceNumber: allowance.allowanceNumber,
        position,
        ...line,
      });
      const key = `${line.periodCode}/${line.invoiceNumber}`;
      if (touched.has(key)) return;
      touched.add(key);
      this.statements.setStatus.run('A0', allowance.companyId, line.periodCode, line.invoiceNumber);
    });
  }

  /** Voids an allowance (its amounts free again) and marks each invoice it touched `D0`. */
  voidAllowance(
    allowance: AllowanceRecord,
    cancel: { cancelDate: string; cancelReason: string; cancelRemark: string },
    now: Date,
  ): void {
    this.statements.voidAllowance.run({
      companyId: allowance.companyId,
      allowanceNumber: allowance.allowanceNumber,
      voidedAt: now.toISOString(),
      ...cancel,
    });
    for (const invoice of this.statements.allowanceInvoices.all(
      allowance.companyId,
      allowance.allowanceNumber,
    )) {
      this.statements.setStatus.run('D0', allowance.companyId, invoice.period_code, invoice.invoice_number);
    }
  }

  /** The allowances on one invoice, with their amounts on its lines, oldest first. */
  invoiceAllowances(invoice: StandardInvoice): InvoiceAllowance[] {
    return this.statements.invoiceAllowances
      .all(invoice.companyId, invoice.periodCode, invoice.invoiceNumber)
      .map((row) => ({
        allowanceNumber: row.allowance_number,
        totalAmount: row.total_amount,
        taxAmount: row.tax_amount,
        voided: row.voided_at !== null,
      }));
  }

  /**
   * Whether a key pair has used this timestamp (also before a restart). `timestampSpace` is the
   * pair's (auth.ts KeyPair): the company id for the top-level POS pair, as before key pairs.
   */
  isTimestampUsed(timestampSpace: string, timestamp: number): boolean {
    return this.statements.timestampUsed.get(timestampSpace, timestamp) !== undefined;
  }

  /** Records a key pair's timestamp; false when it was used before. */
  useTimestamp(timestampSpace: string, timestamp: number, now: Date): boolean {
    return this.statements.useTimestamp.run(timestampSpace, timestamp, now.toISOString()).changes === 1;
  }

  /**
   * Records the timestamp in the request's space, takes the next number of the device's segment
   * (a new segment when it has none left) and records the invoice, unless the timestamp or the
   * BillingNo was used before.
   */
  issue(request: IssueRequest): IssueOutcome {
    return this.issueTransaction.immediate(request);
  }

  findByBillingNo(companyId: string, billingNo: string): IssuedInvoice | null {
    const row = this.statements.findInvoice.get(companyId, billingNo);
    return row ? toInvoice(row) : null;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service's durable state in one SQLite file: used timestamps, the next serial of every
 * track in every period, and every issued invoice. WAL with synchronous=FULL: an answered issue
 * survives a power cut, so a restart loses nothing and reuses nothing.
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
  /** The request's timestamp, recorded as used in the same transaction. */
  timestamp: number;
  billingNo: string;
  periodCode: string;
  /** The period's tracks in allocation order. */
  tracks: readonly string[];
  firstSerial: number;
  numbersPerTrack: number;
  invoiceDateTime: string;
  randomNumber: string;
  totalAmount: number;
  operation: string;
  qKey: string | null;
  issuedAt: Date;
}

export type IssueOutcome =
  | { ok: true; invoice: IssuedInvoice }
  | { ok: false; reason: 'timestamp-used' }
  | { ok: false; reason: 'duplicate-billing-no' }
  | { ok: false; reason: 'numbers-exhausted' };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS used_timestamps (
  company_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  used_at TEXT NOT NULL,
  PRIMARY KEY (company_id, timestamp)
) WITHOUT ROWID;
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

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, STORE_FILE));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // Another process on the same file (a second service by mistake) waits instead of failing.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
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
           random_number, total_amount, operation, qkey, issued_at)
         VALUES (@companyId, @billingNo, @invoiceNumber, @periodCode, @invoiceDateTime,
           @randomNumber, @totalAmount, @operation, @qKey, @issuedAt)`,
      ),
    };
    // IMMEDIATE: the write lock is taken before the checks, so the timestamp's single use, the
    // BillingNo check, the number allocation and the insert are one atomic step (and one durable
    // commit), even with a second process on the file. A refusal still commits the timestamp.
    this.issueTransaction = this.db.transaction((request: IssueRequest): IssueOutcome => {
      const issuedAt = request.issuedAt.toISOString();
      if (this.statements.useTimestamp.run(request.companyId, request.timestamp, issuedAt).changes === 0) {
        return { ok: false, reason: 'timestamp-used' };
      }
      if (this.statements.findInvoice.get(request.companyId, request.billingNo)) {
        return { ok: false, reason: 'duplicate-billing-no' };
      }
      const end = request.firstSerial + request.numbersPerTrack;
      for (const track of request.tracks) {
        const serial =
          this.statements.cursor.get(request.periodCode, track)?.next_serial ?? request.firstSerial;
        if (serial >= end) continue;
        const invoice: IssuedInvoice = {
          companyId: request.companyId,
          billingNo: request.billingNo,
          invoiceNumber: `${track}${String(serial).padStart(8, '0')}`,
          periodCode: request.periodCode,
          invoiceDateTime: request.invoiceDateTime,
          randomNumber: request.randomNumber,
          totalAmount: request.totalAmount,
          operation: request.operation,
          qKey: request.qKey,
        };
        this.statements.setCursor.run(request.periodCode, track, serial + 1);
        this.statements.insertInvoice.run({ ...invoice, issuedAt });
        return { ok: true, invoice };
      }
      return { ok: false, reason: 'numbers-exhausted' };
    });
  }

  /** Whether a company has used this timestamp (also before a restart). */
  isTimestampUsed(companyId: string, timestamp: number): boolean {
    return this.statements.timestampUsed.get(companyId, timestamp) !== undefined;
  }

  /** Records a company's timestamp; false when it was used before. */
  useTimestamp(companyId: string, timestamp: number, now: Date): boolean {
    return this.statements.useTimestamp.run(companyId, timestamp, now.toISOString()).changes === 1;
  }

  /**
   * Records the timestamp, allocates the next number and records the invoice, unless the
   * timestamp or the BillingNo was used before.
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

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { STORE_FILE } from '../../src/training-service';

/*
 * Training-service stores as earlier versions of the service wrote them, built by hand, for the
 * tests that check the store's migrations (standard-migration.test.ts, segments.test.ts). One copy
 * of the old schemas, so that each version's tables are written down once, the way they were.
 */

const TIMESTAMPS_AND_CURSORS = `
CREATE TABLE used_timestamps (
  company_id TEXT NOT NULL, timestamp INTEGER NOT NULL, used_at TEXT NOT NULL,
  PRIMARY KEY (company_id, timestamp)
) WITHOUT ROWID;
CREATE TABLE track_cursors (
  period_code TEXT NOT NULL, track TEXT NOT NULL, next_serial INTEGER NOT NULL,
  PRIMARY KEY (period_code, track)
) WITHOUT ROWID;
`;

/** The invoices table, with the columns a later version added before its keys. */
const invoicesTable = (addedColumns: string) => `
CREATE TABLE invoices (
  company_id TEXT NOT NULL, billing_no TEXT NOT NULL, invoice_number TEXT NOT NULL,
  period_code TEXT NOT NULL, invoice_date_time TEXT NOT NULL, random_number TEXT NOT NULL,
  total_amount INTEGER NOT NULL, operation TEXT NOT NULL, qkey TEXT, issued_at TEXT NOT NULL,${addedColumns}
  PRIMARY KEY (company_id, billing_no), UNIQUE (period_code, invoice_number)
);
`;

/** Written by the service before the standard API: no user_version, invoices without lines. */
export const STORE_BEFORE_STANDARD_API = TIMESTAMPS_AND_CURSORS + invoicesTable('');

/**
 * Written by the version-2 service (standard API, no number segments): its numbers were issued
 * consecutively per track, whatever the device.
 */
export const STORE_VERSION_2 = `${TIMESTAMPS_AND_CURSORS}${invoicesTable(`
  invoice_for TEXT, buyer_id TEXT, voided_at TEXT, cancel_date TEXT, cancel_reason TEXT,
  process_status TEXT NOT NULL DEFAULT 'I0',`)}
CREATE INDEX invoices_by_number ON invoices (company_id, invoice_number);
CREATE TABLE invoice_lines (
  company_id TEXT NOT NULL, period_code TEXT NOT NULL, invoice_number TEXT NOT NULL,
  position INTEGER NOT NULL, sequence TEXT NOT NULL, description TEXT NOT NULL,
  quantity REAL NOT NULL, unit_price REAL NOT NULL, sub_total INTEGER NOT NULL,
  item_tax_type TEXT NOT NULL,
  PRIMARY KEY (company_id, period_code, invoice_number, position)
) WITHOUT ROWID;
CREATE TABLE allowances (
  company_id TEXT NOT NULL, allowance_number TEXT NOT NULL, prefix TEXT NOT NULL,
  buyer_id TEXT NOT NULL, allowance_date TEXT NOT NULL, tax_amount INTEGER NOT NULL,
  total_amount INTEGER NOT NULL, created_at TEXT NOT NULL, voided_at TEXT, cancel_date TEXT,
  cancel_reason TEXT, cancel_remark TEXT,
  PRIMARY KEY (company_id, allowance_number), UNIQUE (company_id, prefix)
);
CREATE TABLE allowance_lines (
  company_id TEXT NOT NULL, allowance_number TEXT NOT NULL, position INTEGER NOT NULL,
  period_code TEXT NOT NULL, invoice_number TEXT NOT NULL, sequence TEXT NOT NULL,
  description TEXT NOT NULL, quantity REAL NOT NULL, unit_price REAL NOT NULL,
  amount INTEGER NOT NULL, tax INTEGER NOT NULL, item_tax_type TEXT NOT NULL,
  PRIMARY KEY (company_id, allowance_number, position)
) WITHOUT ROWID;
CREATE INDEX allowance_lines_by_invoice ON allowance_lines (company_id, period_code, invoice_number);
PRAGMA user_version = 2;
`;

/** Writes a store of `schema` into the service's data folder `dir`; `fill` adds its rows. */
export function writeOldStore(dir: string, schema: string, fill: (db: Database.Database) => void): void {
  const db = new Database(join(dir, STORE_FILE));
  db.exec(schema);
  fill(db);
  db.close();
}

/** The `user_version` of the store in `dir`, read-only (stop the service first). */
export function storeVersion(dir: string): unknown {
  const check = new Database(join(dir, STORE_FILE), { readonly: true });
  const version: unknown = check.pragma('user_version', { simple: true });
  check.close();
  return version;
}

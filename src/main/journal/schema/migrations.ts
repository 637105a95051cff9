import type Database from 'better-sqlite3';
import { JournalError } from '../errors';

/**
 * The journal's schema, as ordered steps. `PRAGMA user_version` is the number of steps applied;
 * each step runs in its own transaction, so a crash leaves the file at a whole version. Never
 * edit a released step: add the next one.
 */
export interface Migration {
  version: number;
  description: string;
  up: string;
}

const TX_STATE_CHECK = `('in-flight','issued','rejected','not-delivered','needs-verification','not-issued')`;
const RETURN_STATE_CHECK = `('in-flight','done','rejected','not-delivered','needs-verification','not-done')`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'entries chain, transactions, order counters, company clock',
    up: `
      -- Append-only, hash-chained record of everything that happened. The only source of truth.
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        order_no TEXT,
        payload TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
        BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END;
      CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
        BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END;

      -- Current state of each sale, derived from its entries (updated with every state entry).
      CREATE TABLE transactions (
        order_no TEXT PRIMARY KEY,
        till_id TEXT NOT NULL,
        company_id TEXT NOT NULL,
        business_day TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ${TX_STATE_CHECK}),
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        operation TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        invoice_kind TEXT NOT NULL,
        total_amount INTEGER NOT NULL,
        sales_amount INTEGER NOT NULL,
        tax_amount INTEGER NOT NULL,
        zero_tax_sales_amount INTEGER NOT NULL,
        free_tax_sales_amount INTEGER NOT NULL,
        -- [[method, amount], …]: compact, so lists, exports and summaries never parse the body
        payments TEXT NOT NULL,
        buyer_tax_id TEXT,
        buyer_title TEXT,
        carrier_type TEXT,
        carrier_id TEXT,
        love_code TEXT,
        exchanges INTEGER NOT NULL DEFAULT 0,
        cashier TEXT,
        invoice_number TEXT,
        invoice_datetime TEXT,
        random_number TEXT,
        last_message TEXT,
        resolution TEXT,
        body TEXT NOT NULL
      );

      -- Per-till daily order sequence: a number once handed out is never handed out again.
      CREATE TABLE order_counters (
        till_id TEXT NOT NULL,
        day TEXT NOT NULL,
        last_seq INTEGER NOT NULL,
        PRIMARY KEY (till_id, day)
      ) WITHOUT ROWID;

      -- The last request Timestamp reserved per company: it only moves forward.
      CREATE TABLE company_clock (
        company_id TEXT PRIMARY KEY,
        last_timestamp INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    description: 'print jobs',
    up: `
      CREATE TABLE print_jobs (
        id INTEGER PRIMARY KEY,
        order_no TEXT REFERENCES transactions (order_no),
        kind TEXT NOT NULL CHECK (kind IN ('proof','details','summary','test')),
        content TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending','printed')),
        reprint INTEGER NOT NULL CHECK (reprint IN (0, 1)),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at TEXT NOT NULL,
        printed_at TEXT
      );
    `,
  },
  {
    version: 3,
    description: 'indexes for the pending list, day lists and exports, and per-order entries',
    up: `
      CREATE INDEX transactions_state ON transactions (state, created_at);
      CREATE INDEX transactions_day ON transactions (business_day, created_at, order_no);
      CREATE INDEX entries_order ON entries (order_no, id) WHERE order_no IS NOT NULL;
      CREATE INDEX print_jobs_order ON print_jobs (order_no, kind, state);
      CREATE INDEX print_jobs_state ON print_jobs (state, id);
    `,
  },
  {
    version: 4,
    description: 'request timestamps handed out within the accepted window, per company',
    up: `
      -- Every request Timestamp handed out that the service could still accept (no older than
      -- now): when the PC clock was ahead and is corrected, the clock restarts from now and
      -- skips exactly these, instead of reusing one or staying ahead for good.
      CREATE TABLE request_timestamps (
        company_id TEXT NOT NULL,
        ts INTEGER NOT NULL,
        PRIMARY KEY (company_id, ts)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 5,
    description: 'where the keyed (HMAC) chain starts',
    up: `
      -- One row, written once when a till first opens the file with its chain key: entries from
      -- keyed_from on are HMAC-SHA256 under that key, older ones stay plain SHA-256 (chain.ts).
      -- key_check tells a wrong key from a broken chain; mac binds keyed_from to the key, so that
      -- moving the start past the head (to re-hash everything with plain SHA-256) is seen.
      CREATE TABLE chain_meta (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        keyed_from INTEGER NOT NULL CHECK (keyed_from >= 1),
        key_check TEXT NOT NULL,
        mac TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      );
      CREATE TRIGGER chain_meta_no_update BEFORE UPDATE ON chain_meta
        BEGIN SELECT RAISE(ABORT, 'the keyed chain start is written once'); END;
      CREATE TRIGGER chain_meta_no_delete BEFORE DELETE ON chain_meta
        BEGIN SELECT RAISE(ABORT, 'the keyed chain start is written once'); END;
    `,
  },
  {
    version: 6,
    description: 'supervisor actions listed without scanning every entry',
    up: `
      CREATE INDEX entries_supervisor ON entries (id) WHERE kind = 'supervisor.action';
    `,
  },
  {
    version: 7,
    description: 'returns (voids, allowances, allowance voids), allowance prefixes, invoice look-up',
    up: `
      -- Each return's current state, derived from its entries (which carry the sale's order
      -- number, so the chain check replays a sale and its returns together: derive.ts).
      CREATE TABLE returns (
        id INTEGER PRIMARY KEY,
        order_no TEXT NOT NULL REFERENCES transactions (order_no),
        invoice_number TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('void','allowance','allowance-void')),
        state TEXT NOT NULL CHECK (state IN ${RETURN_STATE_CHECK}),
        till_id TEXT NOT NULL,
        company_id TEXT NOT NULL,
        business_day TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        exchanges INTEGER NOT NULL DEFAULT 0,
        reason TEXT NOT NULL,
        by_name TEXT NOT NULL,
        -- Unique: a prefix names one allowance at the service forever.
        allowance_prefix TEXT UNIQUE,
        allowance_number TEXT,
        target_id INTEGER REFERENCES returns (id),
        total_amount INTEGER NOT NULL,
        sales_amount INTEGER NOT NULL,
        tax_amount INTEGER NOT NULL,
        -- [[method, amount], …], like transactions.payments
        refunds TEXT NOT NULL,
        lines TEXT NOT NULL,
        last_message TEXT,
        resolution TEXT
      );
      CREATE INDEX returns_order ON returns (order_no, id);
      CREATE INDEX returns_state ON returns (state, created_at);
      CREATE INDEX returns_day ON returns (business_day, created_at);
      CREATE INDEX returns_target ON returns (target_id) WHERE target_id IS NOT NULL;

      -- Per-till allowance prefix sequence (not per day: a prefix is unique per seller forever).
      CREATE TABLE allowance_counters (
        till_id TEXT PRIMARY KEY,
        last_seq INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- A sale found by its proof's barcode / QR (which carry the invoice number).
      CREATE INDEX transactions_invoice ON transactions (invoice_number) WHERE invoice_number IS NOT NULL;
    `,
  },
  {
    version: 8,
    description: 'cashiers, sign-ins, shifts, paid-in/out and Z reports (entries without an order number)',
    up: `
      -- They are entries of their own (shift-entries.ts) and nothing is derived from them into a
      -- table: their figures are read from the entries, so nothing can be edited behind the
      -- chain. This index finds them (and the other order-less entries) without a scan.
      CREATE INDEX entries_orderless ON entries (kind, id) WHERE order_no IS NULL;
      -- The file's own refusal of a second Z report for a till, mode and business day, of a Z
      -- number used twice, and of a shift number used twice on a day, even when two processes
      -- sharing the file race past the till's own check.
      CREATE UNIQUE INDEX entries_z_day ON entries (
        json_extract(payload, '$.tillId'), json_extract(payload, '$.training'),
        json_extract(payload, '$.businessDay')
      ) WHERE kind = 'day.z-report';
      CREATE UNIQUE INDEX entries_z_number ON entries (
        json_extract(payload, '$.tillId'), json_extract(payload, '$.training'),
        json_extract(payload, '$.number')
      ) WHERE kind = 'day.z-report';
      CREATE UNIQUE INDEX entries_shift_number ON entries (
        json_extract(payload, '$.tillId'), json_extract(payload, '$.businessDay'),
        json_extract(payload, '$.number')
      ) WHERE kind = 'shift.opened';
    `,
  },
  {
    version: 9,
    description: '改開: the reissue a void owes, and the new sale that pays it',
    up: `
      -- JSON {invoice, orderNo}: the invoice a 改開's void owes from the moment it is sent
      -- (its return.begun), and the new sale made for it (return.reissued); null on any other
      -- return, so every older row reads the same (derive.ts).
      ALTER TABLE returns ADD COLUMN reissue TEXT;
      CREATE INDEX returns_reissue ON returns (id) WHERE reissue IS NOT NULL;
    `,
  },
  {
    version: 10,
    description: 'invoice mode: segments the till numbers itself, offline invoices and their upload',
    up: `
      -- Segments the e-invoice service split off for this till's invoice-mode group (profile §7). next_no
      -- is the first number not used; a segment reported blank is never used again.
      CREATE TABLE invoice_mode_segments (
        id INTEGER PRIMARY KEY,
        company_id TEXT NOT NULL,
        till_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        use_for TEXT NOT NULL,
        word TEXT NOT NULL,
        period_code TEXT NOT NULL,
        start_no INTEGER NOT NULL,
        end_no INTEGER NOT NULL,
        next_no INTEGER NOT NULL,
        blank_state TEXT NOT NULL DEFAULT 'open' CHECK (blank_state IN ('open','reporting','reported')),
        blank_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        CHECK (start_no <= end_no AND start_no <= next_no AND next_no <= end_no + 1),
        UNIQUE (company_id, word, period_code, start_no)
      );
      -- One row per invoice the till numbered itself: the sale (order_no) is issued with it in the
      -- same commit; each number once (segment_id, number), each sale once.
      CREATE TABLE offline_invoices (
        invoice_number TEXT PRIMARY KEY,
        order_no TEXT NOT NULL UNIQUE REFERENCES transactions (order_no),
        segment_id INTEGER NOT NULL REFERENCES invoice_mode_segments (id),
        number INTEGER NOT NULL,
        invoice_kind TEXT NOT NULL CHECK (invoice_kind IN ('B','C')),
        invoice_datetime TEXT NOT NULL,
        random_number TEXT NOT NULL,
        upload_state TEXT NOT NULL CHECK (upload_state IN ('waiting','uploaded','rejected')),
        upload_message TEXT,
        uploaded_at TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (segment_id, number)
      );
      CREATE INDEX offline_invoices_waiting ON offline_invoices (upload_state, invoice_number);
    `,
  },
  {
    version: 11,
    description: 'cloud print jobs (issue 29)',
    up: `
      -- One row per job the e-invoice service queued on a cloud printer (provider profile §8):
      -- the sale's proof, or a 補印 through the service; its state as /Inquire/GetPrintJobs said.
      CREATE TABLE cloud_print_jobs (
        id INTEGER PRIMARY KEY,
        order_no TEXT NOT NULL REFERENCES transactions (order_no),
        print_job_id TEXT NOT NULL UNIQUE,
        printer_no TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued','printed','failed')),
        message TEXT,
        reprint INTEGER NOT NULL CHECK (reprint IN (0, 1)),
        by_name TEXT,
        approved_by TEXT,
        reason TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        entry_id INTEGER NOT NULL
      );
      CREATE INDEX cloud_print_jobs_order ON cloud_print_jobs (order_no, id);
      CREATE INDEX cloud_print_jobs_open ON cloud_print_jobs (state) WHERE state = 'queued';
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the file up to `target` (default: the newest). A file written by a newer till is
 * refused rather than guessed at.
 */
export function migrate(db: Database.Database, target = SCHEMA_VERSION): { from: number; to: number } {
  const from = schemaVersion(db);
  if (from > SCHEMA_VERSION) {
    throw new JournalError('journal-schema', {
      zh: `日誌檔的版本 (${from}) 比本程式新 (${SCHEMA_VERSION})，請更新收銀程式`,
      en: `The journal file is schema version ${from}, newer than this till knows (${SCHEMA_VERSION}): update the till`,
    });
  }
  for (const step of MIGRATIONS) {
    if (step.version <= from || step.version > target) continue;
    db.transaction(() => {
      // Another till process may have applied it since we looked: re-check under the write lock.
      if (schemaVersion(db) >= step.version) return;
      db.exec(step.up);
      db.pragma(`user_version = ${step.version}`);
    }).immediate();
  }
  return { from, to: schemaVersion(db) };
}

import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION, schemaVersion } from '../../../src/main/journal/schema/migrations';
import * as txs from '../../../src/main/journal/transactions';
import { ISSUE, NOON_TAIPEI, refusal, sale, tempJournal } from './fixtures';

describe('journal schema migrations', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('migrations');
  });
  afterEach(() => env.cleanup());

  it('creates a new file at the newest version with its indexes', () => {
    env.open().close();
    const raw = new Database(env.path, { readonly: true });
    expect(schemaVersion(raw)).toBe(SCHEMA_VERSION);
    const indexes = (
      raw
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'`)
        .all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining(['transactions_state', 'transactions_day', 'entries_order']),
    );
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('upgrades a version-1 file (no print jobs, no indexes) keeping its sales and its chain', () => {
    const old = new Database(env.path);
    expect(migrate(old, 1)).toEqual({ from: 0, to: 1 });
    // What a version-1 till wrote: a sale issued, another left in flight.
    old.transaction(() => {
      txs.begin(old, sale('T01-20261122-000001'), NOON_TAIPEI);
      txs.markIssued(old, 'T01-20261122-000001', ISSUE, NOON_TAIPEI);
      txs.begin(old, sale('T01-20261122-000002'), NOON_TAIPEI);
    })();
    old.prepare(`INSERT INTO order_counters VALUES ('T01', '2026-11-22', 2)`).run();
    expect(old.prepare(`SELECT name FROM sqlite_master WHERE name = 'print_jobs'`).get()).toBeUndefined();
    old.close();

    const journal = env.open();
    expect(journal.get('T01-20261122-000001')).toMatchObject({
      state: 'issued',
      invoiceNumber: 'AB12345678',
    });
    expect(journal.verifyChain()).toMatchObject({ ok: true, entries: 3 });
    expect(journal.recoverInFlight().map((tx) => tx.orderNo)).toEqual(['T01-20261122-000002']);
    expect(journal.nextOrderNo('T01', NOON_TAIPEI)).toBe('T01-20261122-000003');
    const job = journal.createPrintJob({ orderNo: 'T01-20261122-000001', kind: 'proof', content: 'proof' });
    expect(journal.recordPrintAttempt(job.id, { ok: true }).state).toBe('printed');
    journal.close();
    const raw = new Database(env.path, { readonly: true });
    expect(schemaVersion(raw)).toBe(SCHEMA_VERSION);
    raw.close();
  });

  it('refuses a file written by a newer till, bilingually, without touching it', () => {
    const raw = new Database(env.path);
    raw.pragma('user_version = 99');
    raw.close();
    const error = refusal(() => env.open());
    expect(error.code).toBe('journal-schema');
    expect(error.zh).toContain('請更新收銀程式');
    expect(error.en).toContain('newer than this till knows');
    const check = new Database(env.path, { readonly: true });
    expect(check.prepare(`SELECT count(*) AS n FROM sqlite_master`).get()).toEqual({ n: 0 });
    check.close();
  });
});

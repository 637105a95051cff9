import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  classifyError,
  connectHeadOffice,
  HeadOfficeError,
  parseAddress,
} from '../../../src/main/head-office/connection';
import { ingest, register, type TillIdentity } from '../../../src/main/head-office/feed';
import { migrateHeadOffice } from '../../../src/main/head-office/migrate';
import { syncOnce } from '../../../src/main/head-office/replicator';
import { Journal } from '../../../src/main/journal/journal';
import { openJournalFeed, type FeedEntry } from '../../../src/main/journal/replication';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import {
  COMPANY,
  headOfficeEntries,
  identityFor,
  journalEntries,
  newKey,
  syncAll,
  TILL_ROLE,
  useHeadOffice,
} from './harness';

/**
 * Replication at the protocol level, on synthetic journals (the journal's own generator: the
 * same payloads and chain the till writes) and journals written through the Journal API: what
 * head office holds is exactly the journal's entries, however the batches are cut, repeated or
 * reordered; a broken chain, a second machine, another company and a wrong address or password
 * are refused with bilingual reasons, and nothing changes then.
 */
describe('head office: replication', () => {
  const rig = useHeadOffice('hq-replication');
  let seq = 0;
  /** A fresh till id per test: one head office for the whole file. */
  const nextTill = () => `R${String(++seq).padStart(2, '0')}`;

  /** A synthetic journal (plain SHA-256), keyed afterwards with a few keyed entries when `key`. */
  function makeJournal(tillId: string, sales: number, key: Buffer | null = null): string {
    const path = join(rig.dir, `${tillId}.sqlite`);
    seedSyntheticJournal(path, { days: 1, salesPerDay: sales, bigDaySales: 1, unsureEvery: 6, tillId });
    if (key) {
      const journal = Journal.open(path, { chainKey: key });
      for (let i = 0; i < 5; i++) journal.recordSupervisorAction({ action: 'settings.update', by: `k${i}` });
      journal.close();
    }
    return path;
  }

  async function withTillClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = await connectHeadOffice(rig.till);
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function tillRow(tillId: string) {
    return (await rig.pg.query('SELECT * FROM hq.tills WHERE till_id = $1', [tillId])).rows[0] as
      Record<string, unknown> | undefined;
  }

  it('sends a journal in batches from where head office stopped; a second run sends nothing', async () => {
    const tillId = nextTill();
    const key = newKey();
    const path = makeJournal(tillId, 120, key);
    const identity = identityFor(tillId);
    const first = await syncAll({ path, identity, key, connection: rig.till, batchSize: 97 });
    expect(first.kind).toBe('synced');
    const entries = journalEntries(path);
    expect(first).toMatchObject({ sent: entries.length, headOffice: { entryId: entries.length } });
    expect(await headOfficeEntries(rig.pg, tillId)).toEqual(entries);
    const again = await syncAll({ path, identity, key, connection: rig.till, batchSize: 97 });
    expect(again).toMatchObject({ kind: 'synced', sent: 0 });
    expect(await headOfficeEntries(rig.pg, tillId)).toEqual(entries);
    // The derived rows are what the journal's state rows say.
    const db = new Database(path, { readonly: true });
    const states = db
      .prepare('SELECT state, count(*) AS n FROM transactions GROUP BY state ORDER BY state')
      .all();
    db.close();
    const hq = await rig.pg.query(
      `SELECT state, count(*)::int AS n FROM hq.sales WHERE feed_till = $1 GROUP BY state ORDER BY state`,
      [tillId],
    );
    expect(hq.rows).toEqual(states);
    const keyRow = await rig.pg.query('SELECT keyed_from FROM hq.till_keys WHERE till_id = $1', [tillId]);
    expect(Number(keyRow.rows[0]?.keyed_from)).toBe(entries.length - 4);
  });

  it('a batch sent twice changes nothing; a batch beyond the head is not taken ("ahead")', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 20);
    const identity = identityFor(tillId);
    const feed = openJournalFeed(path);
    try {
      await withTillClient(async (client) => {
        expect((await register(client, identity, null)).head.entryId).toBe(0);
        const first = feed.entriesAfter(0, 30);
        const second = feed.entriesAfter(30, 30);
        expect(await ingest(client, identity, first)).toMatchObject({ kind: 'ok', added: 30 });
        expect(await ingest(client, identity, first)).toMatchObject({
          kind: 'ok',
          added: 0,
          head: { entryId: 30 },
        });
        const third = feed.entriesAfter(60, 30);
        expect(await ingest(client, identity, third)).toMatchObject({ kind: 'ahead', head: { entryId: 30 } });
        // Overlapping: the known part compared, the rest taken.
        expect(await ingest(client, identity, [...first.slice(20), ...second])).toMatchObject({
          kind: 'ok',
          added: 30,
          head: { entryId: 60 },
        });
      });
    } finally {
      feed.close();
    }
    const stored = await headOfficeEntries(rig.pg, tillId);
    expect(stored).toEqual(journalEntries(path).slice(0, 60));
  });

  it('any split into batches, any order of retries: head office ends with exactly the journal (property)', async () => {
    const key = newKey();
    const template = makeJournal('P00', 12, key);
    const entries = journalEntries(template);
    const feed = openJournalFeed(template);
    const all: FeedEntry[] = feed.entriesAfter(0, 5000);
    const keyedFrom = feed.keyedFrom()!;
    feed.close();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: all.length - 1 }), { maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 25 }),
        async (cuts, sends) => {
          const tillId = `P${String(++run).padStart(3, '0')}`;
          // The same entries, fed under another till id: the chain does not name its till.
          const identity = identityFor(tillId);
          const bounds = [0, ...[...cuts].sort((a, b) => a - b), all.length];
          const batches = bounds.slice(1).map((end, i) => all.slice(bounds[i], end));
          await withTillClient(async (client) => {
            await register(client, identity, { keyedFrom, key });
            for (const pick of sends) {
              const batch = batches[pick % batches.length]!;
              const answer = await ingest(client, identity, batch);
              expect(answer.kind).not.toBe('refused');
              // Whatever happened, head office holds a prefix of the journal, nothing else.
              const count = Number(
                (await rig.pg.query('SELECT count(*) FROM hq.entries WHERE till_id = $1', [tillId])).rows[0]!
                  .count,
              );
              if (answer.kind !== 'refused') expect(answer.head.entryId).toBe(count);
            }
          });
          const stored = await headOfficeEntries(rig.pg, tillId);
          expect(stored).toEqual(entries.slice(0, stored.length));
          // The replicator finishes the rest from wherever that left head office.
          const done = await syncAll({ path: template, identity, key, connection: rig.till, batchSize: 7 });
          expect(done.kind).toBe('synced');
          expect(await headOfficeEntries(rig.pg, tillId)).toEqual(entries);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a journal keyed after its first entries were sent registers its key from there on', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 10);
    const identity = identityFor(tillId);
    expect((await syncAll({ path, identity, key: null, connection: rig.till })).kind).toBe('synced');
    const key = newKey();
    const journal = Journal.open(path, { chainKey: key });
    const keyedFrom = journal.chainKeying().keyedFrom!;
    journal.recordSupervisorAction({ action: 'settings.update', by: 'after-key' });
    journal.close();
    const result = await syncAll({ path, identity, key, connection: rig.till });
    expect(result).toMatchObject({ kind: 'synced', sent: 1 });
    const keyRow = await rig.pg.query('SELECT keyed_from FROM hq.till_keys WHERE till_id = $1', [tillId]);
    expect(Number(keyRow.rows[0]?.keyed_from)).toBe(keyedFrom);
    // Without the key the keyed journal is not sent at all.
    const keyless = await syncAll({ path, identity, key: null, connection: rig.till });
    expect(keyless.kind).toBe('failed');
    expect(keyless.kind === 'failed' && keyless.error.problem).toBe('chain-key');
    // Another key for the same till is refused, nothing changed.
    const other = await syncAll({ path, identity, key: newKey(), connection: rig.till });
    expect(other.kind === 'failed' && other.error.problem).toBe('chain-key');
  });

  it('refuses a tampered till (an entry edited before it was sent): marked refused with the reason, nothing more taken until released', async () => {
    const tillId = nextTill();
    const key = newKey();
    const path = makeJournal(tillId, 10, key);
    const identity = identityFor(tillId);
    expect((await syncAll({ path, identity, key, connection: rig.till })).kind).toBe('synced');
    const held = (await headOfficeEntries(rig.pg, tillId)).length;
    // More sales, then one of them edited in the file behind the journal's back (a cheaper total).
    const journal = Journal.open(path, { chainKey: key });
    for (let i = 0; i < 3; i++) journal.recordSupervisorAction({ action: 'journal.export', by: `e${i}` });
    journal.close();
    const victim = held + 2;
    const db = new Database(path);
    db.exec('DROP TRIGGER entries_no_update');
    db.prepare(`UPDATE entries SET payload = replace(payload, '"e1"', '"x1"') WHERE id = ?`).run(victim);
    db.close();

    const refused = await syncAll({ path, identity, key, connection: rig.till });
    expect(refused.kind).toBe('refused');
    if (refused.kind !== 'refused') return;
    expect(refused.refusal).toMatchObject({ code: 'hash', entryId: victim });
    expect(refused.refusal.reason.zh).toMatch(/^總部已拒收/);
    expect(refused.refusal.reason.en).toContain(`Entry ${victim} does not verify`);
    const row = await tillRow(tillId);
    expect(row).toMatchObject({ refused_code: 'hash', refused_entry_id: String(victim) });
    // Nothing of the broken batch was taken, not even the good entry before the bad one.
    expect((await headOfficeEntries(rig.pg, tillId)).length).toBe(held);

    // Even a journal that is right again is not taken until a person acts.
    const again = await syncAll({ path, identity, key, connection: rig.till });
    expect(again.kind).toBe('refused');
    expect((await headOfficeEntries(rig.pg, tillId)).length).toBe(held);
    const events = await rig.pg.query(`SELECT event FROM hq.till_events WHERE till_id = $1 ORDER BY id`, [
      tillId,
    ]);
    expect(events.rows.map((r) => r.event)).toEqual(['registered', 'key-registered', 'refused']);
  });

  it('refuses a journal rewritten before what head office holds (links recomputed): the chain breaks at the next entry', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 8);
    const identity = identityFor(tillId);
    await syncAll({ path, identity, key: null, connection: rig.till });
    const held = (await headOfficeEntries(rig.pg, tillId)).length;
    // Edit entry 2 and recompute every later hash (a plain chain can be recomputed by anyone).
    const db = new Database(path);
    db.exec('DROP TRIGGER entries_no_update');
    db.prepare(`UPDATE entries SET at = '2026-01-01T00:00:00.000Z' WHERE id = 2`).run();
    const { entryHash, entryText } = await import('../../../src/main/journal/chain');
    let prev = '0'.repeat(64);
    type Row = { id: number; at: string; kind: string; order_no: string | null; payload: string };
    for (const row of db.prepare('SELECT * FROM entries ORDER BY id').all() as Row[]) {
      const hash = entryHash(prev, entryText(row.id, row.at, row.kind, row.order_no, row.payload));
      db.prepare('UPDATE entries SET prev_hash = ?, hash = ? WHERE id = ?').run(prev, hash, row.id);
      prev = hash;
    }
    db.close();
    // Nothing new yet: the replicator sends head office's last entry again, which now differs.
    const refused = await syncAll({ path, identity, key: null, connection: rig.till });
    expect(refused.kind === 'refused' && refused.refusal.code).toBe('differs');
    expect((await headOfficeEntries(rig.pg, tillId)).length).toBe(held);
  });

  it('refuses a second machine claiming the same till id: never merged, nothing changed', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 5);
    const owner = identityFor(tillId);
    await syncAll({ path, identity: owner, key: null, connection: rig.till });
    const before = await tillRow(tillId);
    const otherPath = makeJournal(`${tillId}X`, 7);
    const intruder: TillIdentity = { ...owner, installId: identityFor(tillId).installId };
    const result = await syncAll({ path: otherPath, identity: intruder, key: null, connection: rig.till });
    expect(result.kind).toBe('failed');
    if (result.kind !== 'failed') return;
    expect(result.error.problem).toBe('other-machine');
    expect(result.error.bilingual.zh).toContain(`收銀機代號 ${tillId} 已由另一台電腦傳送資料`);
    expect(result.error.bilingual.en).toContain('never merged');
    expect(await tillRow(tillId)).toEqual(before);
    expect(await headOfficeEntries(rig.pg, tillId)).toEqual(journalEntries(path));
  });

  it('refuses a till of another company, and a migrate naming another company, changing nothing', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 3);
    const identity = { ...identityFor(tillId), companyId: '87654321' };
    const result = await syncAll({ path, identity, key: null, connection: rig.till });
    expect(result.kind === 'failed' && result.error.problem).toBe('other-company');
    expect(result.kind === 'failed' && result.error.bilingual.zh).toContain(`統一編號 ${COMPANY}`);
    expect(await tillRow(tillId)).toBeUndefined();

    const before = await rig.pg.query('SELECT * FROM hq.schema_migrations');
    const client = await connectHeadOffice({ url: rig.ownerUrl });
    try {
      await expect(migrateHeadOffice(client, { companyId: '87654321' })).rejects.toMatchObject({
        problem: 'other-company',
      });
    } finally {
      await client.end();
    }
    expect((await rig.pg.query('SELECT * FROM hq.schema_migrations')).rows).toEqual(before.rows);
    expect((await rig.pg.query('SELECT company_id FROM hq.meta')).rows).toEqual([{ company_id: COMPANY }]);
  });

  it('names a wrong address, password, database, port and an empty database in both languages', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 2);
    const identity = identityFor(tillId);
    const attempt = async (url: string) => {
      const result = await syncOnce({
        journalPath: path,
        identity,
        chainKey: null,
        connection: { url, connectTimeoutMs: 3000 },
      });
      expect(result.kind).toBe('failed');
      return result.kind === 'failed' ? result.error : null;
    };
    expect(() => parseAddress('http://example.com/db')).toThrow(HeadOfficeError);
    expect(() => parseAddress('postgres://u@h/db?application_name=x')).toThrow(/unsupported parameter/);
    expect(() => parseAddress('postgres://u@h/db\u0007')).toThrow(HeadOfficeError);
    expect((await attempt('postgres://nobody@127.0.0.1:5/x'))?.problem).toBe('unreachable');
    const wrongPassword = await attempt(rig.pg.url({ user: TILL_ROLE, password: 'wrong' }));
    expect(wrongPassword?.problem).toBe('auth');
    expect(wrongPassword?.bilingual).toEqual({
      zh: '總部資料庫拒絕登入：帳號或密碼錯誤。未變更任何資料。',
      en: 'Head office refused the login: wrong user name or password. Nothing was changed.',
    });
    expect((await attempt(rig.pg.url({ database: 'nosuch' })))?.problem).toBe('no-database');
    await rig.pg.createDatabase('empty_db');
    const empty = await attempt(rig.pg.url({ database: 'empty_db' }));
    expect(empty?.problem).toBe('not-migrated');
    expect(empty?.bilingual.zh).toContain('npm run hq -- migrate');
    expect(await tillRow(tillId)).toBeUndefined();
  });

  it("gives a till's login nothing but its three functions (write-only)", async () => {
    await withTillClient(async (client) => {
      for (const sql of [
        'SELECT * FROM hq.entries LIMIT 1',
        'SELECT * FROM hq.till_keys LIMIT 1',
        'SELECT * FROM hq.v_day_report LIMIT 1',
        `SELECT hq.apply_entries('R01', 1, 10)`,
        `INSERT INTO hq.entries (till_id, id, at, kind, payload_text, prev_hash, hash) VALUES ('R01', 999, 'x', 'x', '{}', 'x', 'x')`,
      ]) {
        const error = await client.query(sql).then(
          () => null,
          (e: unknown) => e,
        );
        expect(classifyError(error).problem, sql).toBe('permission');
      }
    });
  });

  it('an older copy of the journal is told so; once it sells on, head office refuses it', async () => {
    const tillId = nextTill();
    const path = makeJournal(tillId, 6);
    const identity = identityFor(tillId);
    const copy = join(rig.dir, `${tillId}-copy.sqlite`);
    const source = new Database(path);
    await source.backup(copy);
    source.close();
    const journal = Journal.open(path);
    journal.recordSupervisorAction({ action: 'settings.update', by: 'newer' });
    journal.close();
    await syncAll({ path, identity, key: null, connection: rig.till });
    const behind = await syncAll({ path: copy, identity, key: null, connection: rig.till });
    expect(behind.kind === 'refused' && behind.refusal.code).toBe('journal-behind');
    expect((await tillRow(tillId))?.refused_at).toBeNull();
    const old = Journal.open(copy);
    old.recordSupervisorAction({ action: 'settings.update', by: 'older' });
    old.recordSupervisorAction({ action: 'settings.update', by: 'older2' });
    old.close();
    // Its next entry does not follow head office's last one: the chain breaks there.
    const refused = await syncAll({ path: copy, identity, key: null, connection: rig.till });
    expect(refused.kind === 'refused' && refused.refusal.code).toBe('link');
    expect((await tillRow(tillId))?.refused_code).toBe('link');
  });
});

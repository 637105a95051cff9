import { join } from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createHeadOfficeCapability } from '../../../src/main/head-office/capability';
import { connectHeadOffice } from '../../../src/main/head-office/connection';
import { ingest, register } from '../../../src/main/head-office/feed';
import { migrateHeadOffice } from '../../../src/main/head-office/migrate';
import { BOOTSTRAP_SQL, HEAD_OFFICE_MIGRATIONS } from '../../../src/main/head-office/schema';
import {
  claimsReport,
  runReport,
  tillStatus,
  type ReportOptions,
} from '../../../src/main/head-office/reports';
import { openJournalFeed } from '../../../src/main/journal/replication';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { hq } from './cli-io';
import { headOfficeEntries, identityFor, journalEntries, syncAll, useHeadOffice } from './harness';
import { memoryLogger } from '../checkout/harness';

/**
 * Head office trusts the registration, not the payload (issue 22, items 8 and 10), with the till
 * login's own password, as a stolen one would be used: a row's till, store and company are the
 * registration's; a till stays in its store until the owner moves it, so it reads only its own
 * store's view; a second PC's claim of a till id is recorded with its last entry and shown by
 * `hq status` until the owner resolves it.
 */
describe('head office: the registration, not the payload', () => {
  const rig = useHeadOffice('hq-trust');

  const dayReport = (extra: Partial<ReportOptions> = {}): ReportOptions => ({
    kind: 'day',
    from: null,
    to: null,
    storeId: null,
    tillId: null,
    group: 'till',
    training: 'include',
    ...extra,
  });

  async function asOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = await connectHeadOffice({ url: rig.ownerUrl });
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  function synthetic(name: string, tillId: string, sales: number): string {
    const path = join(rig.dir, `${name}.sqlite`);
    seedSyntheticJournal(path, { days: 1, salesPerDay: sales, bigDaySales: 1, unsureEvery: 5, tillId });
    return path;
  }

  it("a chain whose entries say tillId T09, fed by another till's registration, never changes T09's figures", async () => {
    const own = synthetic('T09', 'T09', 6);
    expect(
      (await syncAll({ path: own, identity: identityFor('T09', 'S1'), key: null, connection: rig.till }))
        .kind,
    ).toBe('synced');
    const before = await asOwner((c) => runReport(c, dayReport({ tillId: 'T09' })));
    expect(before.rows.length).toBeGreaterThan(0);

    // As the till login: a new till H01 in the same store, fed a self-made chain naming T09 (and
    // another company) in every sale.
    const forged = synthetic('forged', 'T09', 9);
    const forgedEntries = journalEntries(forged);
    expect(forgedEntries.some((e) => e.payload.includes('"tillId":"T09"'))).toBe(true);
    const hostile = identityFor('H01', 'S1');
    expect((await syncAll({ path: forged, identity: hostile, key: null, connection: rig.till })).kind).toBe(
      'synced',
    );

    const after = await asOwner((c) => runReport(c, dayReport({ tillId: 'T09' })));
    expect(after.rows).toEqual(before.rows);
    // What it sent is its own till's, under its own registration's store and company.
    const rows = await rig.pg.query(
      `SELECT DISTINCT feed_till, till_id, company_id FROM hq.sales WHERE feed_till = 'H01'`,
    );
    expect(rows.rows).toEqual([{ feed_till: 'H01', till_id: 'H01', company_id: '12345678' }]);
    const h01 = await asOwner((c) => runReport(c, dayReport({ tillId: 'H01' })));
    expect(h01.rows.reduce((n, r) => n + (r.transactions as number), 0)).toBe(
      new Set(forgedEntries.filter((e) => e.kind === 'tx.begun').map((e) => e.order_no)).size,
    );
    // T09's rows at head office are exactly T09's journal.
    expect(await headOfficeEntries(rig.pg, 'T09')).toEqual(journalEntries(own));
  });

  it('a till cannot move itself to another store (nor read that store’s view); the owner moves it with hq move', async () => {
    const path = synthetic('T21', 'T21', 3);
    const identity = identityFor('T21', 'S1');
    expect((await syncAll({ path, identity, key: null, connection: rig.till })).kind).toBe('synced');
    const other = synthetic('T22', 'T22', 4);
    await syncAll({ path: other, identity: identityFor('T22', 'S2'), key: null, connection: rig.till });

    // The same registration (its install id) asking for store S2.
    const moved = await syncAll({
      path,
      identity: { ...identity, storeId: 'S2' },
      key: null,
      connection: rig.till,
    });
    expect(moved.kind).toBe('failed');
    if (moved.kind !== 'failed') return;
    expect(moved.error.problem).toBe('other-store');
    expect(moved.error.bilingual.zh).toContain('收銀機 T21 在總部登記於門市 S1');
    expect(moved.error.bilingual.en).toContain('a till cannot move itself to another store');
    const row = await rig.pg.query(`SELECT store_id FROM hq.tills WHERE till_id = 'T21'`);
    expect(row.rows).toEqual([{ store_id: 'S1' }]);

    // Its store view is still S1's: S2's tills are not in it.
    const capability = createHeadOfficeCapability({
      journal: { path, chainHead: () => ({ entryId: 0 }) },
      settings: () => ({ connection: rig.till, storeId: 'S2' }),
      companyId: () => '12345678',
      tillId: () => 'T21',
      installId: () => identity.installId,
      chainKey: () => null,
      logger: memoryLogger(),
    });
    const view = await capability.storeDay('2026-01-01');
    expect(view.storeId).toBe('S1');
    expect(view.feeds.map((f) => f.tillId)).not.toContain('T22');

    const events = await rig.pg.query(
      `SELECT event, detail FROM hq.till_events WHERE till_id = 'T21' AND event LIKE 'store%' ORDER BY id`,
    );
    expect(events.rows).toEqual([{ event: 'store-change-refused', detail: { store: 'S1', asked: 'S2' } }]);

    // The owner moves it; then the till's S2 setting is taken.
    const move = await hq(['move', '--url', rig.ownerUrl, '--till', 'T21', '--store', 'S2', '--by', '老闆']);
    expect(move.code).toBe(0);
    expect(JSON.parse(move.stdout)).toEqual({ tillId: 'T21', from: 'S1', to: 'S2', by: '老闆' });
    expect(
      (await syncAll({ path, identity: { ...identity, storeId: 'S2' }, key: null, connection: rig.till }))
        .kind,
    ).toBe('synced');
    expect((await capability.storeDay('2026-01-01')).feeds.map((f) => f.tillId)).toEqual(['T21', 'T22']);
  });

  it('records every refused claim of a till id (when, install id, its last entry) and hq status shows it until resolved', async () => {
    const path = synthetic('T31', 'T31', 3);
    const owner = identityFor('T31', 'S1');
    await syncAll({ path, identity: owner, key: null, connection: rig.till });
    // A second PC set up as T31, with a journal of its own.
    const second = synthetic('T31-second', 'T31', 5);
    const secondHead = journalEntries(second).at(-1)!;
    const intruder = identityFor('T31', 'S1');
    for (let i = 0; i < 2; i++) {
      const refused = await syncAll({ path: second, identity: intruder, key: null, connection: rig.till });
      expect(refused.kind === 'failed' && refused.error.problem).toBe('other-machine');
    }
    expect(await headOfficeEntries(rig.pg, 'T31')).toEqual(journalEntries(path));

    const claims = await asOwner((c) => claimsReport(c));
    expect(claims.rows).toEqual([
      expect.objectContaining({
        till_id: 'T31',
        install_id: intruder.installId,
        store_id: 'S1',
        attempts: 2,
        head_entry_id: secondHead.id,
        head_hash: secondHead.hash,
        head_at: secondHead.at,
        resolved_at: null,
      }),
    ]);
    expect(claims.rows[0]!.first_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const status = await asOwner((c) => tillStatus(c));
    expect(status.rows.find((r) => r.till_id === 'T31')).toMatchObject({
      refused: false,
      open_claims: 1,
      claim_install_id: intruder.installId,
      claim_head_entry_id: secondHead.id,
    });

    const shown = await hq(['status', '--url', rig.ownerUrl]);
    expect(shown.code).toBe(1);
    const parsed = JSON.parse(shown.stdout) as { claims: { rows: Record<string, unknown>[] } };
    expect(parsed.claims.rows).toEqual([
      expect.objectContaining({
        till_id: 'T31',
        install_id: intruder.installId,
        head_entry_id: secondHead.id,
      }),
    ]);
    const csv = await hq(['status', '--url', rig.ownerUrl, '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toContain(
      'open_claims,claim_install_id,claim_last_at,claim_head_entry_id',
    );
    expect(csv.stdout).toContain(intruder.installId);

    const resolve = await hq([
      'resolve-claim',
      '--url',
      rig.ownerUrl,
      '--till',
      'T31',
      '--install',
      intruder.installId,
      '--by',
      '老闆',
      '--note',
      '舊電腦，已改為 T32',
    ]);
    expect(resolve.code).toBe(0);
    expect((await asOwner((c) => claimsReport(c))).rows).toEqual([]);
    const all = await asOwner((c) => claimsReport(c, false));
    expect(all.rows).toEqual([
      expect.objectContaining({ till_id: 'T31', resolved_by: '老闆', resolution: '舊電腦，已改為 T32' }),
    ]);
    const again = await hq([
      'resolve-claim',
      '--url',
      rig.ownerUrl,
      '--till',
      'T31',
      '--install',
      intruder.installId,
      '--by',
      '老闆',
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('沒有安裝編號');
  });

  it('a claim through the older six-argument register is recorded too', async () => {
    const path = synthetic('T41', 'T41', 2);
    await syncAll({ path, identity: identityFor('T41', 'S1'), key: null, connection: rig.till });
    const intruder = identityFor('T41', 'S1');
    const client = await connectHeadOffice(rig.till);
    try {
      const answer = await client.query<{ answer: { status: string } }>(
        'SELECT hq.register($1, $2, $3, $4, NULL, NULL) AS answer',
        [intruder.companyId, intruder.storeId, intruder.tillId, intruder.installId],
      );
      expect(answer.rows[0]!.answer.status).toBe('other-machine');
      // The new call with a malformed last entry: recorded, the entry left out.
      await expect(
        register(client, intruder, null, { entryId: 3, hash: 'not-a-hash', at: 'yesterday' }),
      ).rejects.toMatchObject({ problem: 'other-machine' });
    } finally {
      await client.end();
    }
    const claims = (await asOwner((c) => claimsReport(c))).rows.filter((r) => r.till_id === 'T41');
    expect(claims).toEqual([
      expect.objectContaining({
        install_id: intruder.installId,
        attempts: 2,
        head_entry_id: 3,
        head_hash: null,
        head_at: null,
      }),
    ]);
  });

  it('step 2 puts right the rows a step-1 head office took from the payload', async () => {
    const database = await rig.pg.createDatabase('hq_step1');
    const url = rig.pg.url({ database });
    const client = await connectHeadOffice({ url });
    try {
      // A head office as step 1 left it, fed a chain naming T09 under another registration.
      await client.query(BOOTSTRAP_SQL);
      await client.query(HEAD_OFFICE_MIGRATIONS[0]!.up);
      await client.query(`INSERT INTO hq.schema_migrations (version, description) VALUES (1, 'step 1')`);
      await client.query(`INSERT INTO hq.companies (company_id) VALUES ('12345678')`);
      await client.query(`INSERT INTO hq.meta (id, company_id) VALUES (1, '12345678')`);
      await client.query(`SELECT hq.grant_till_role('till_feed')`);
      const tillUrl = rig.pg.url({ database, user: 'till_feed', password: 'feed-only-password' });
      const forged = synthetic('forged-step1', 'T09', 4);
      const fed = await client.query<{ answer: { status: string } }>(
        `SELECT hq.register('12345678', 'S1', 'H09', $1, NULL, NULL) AS answer`,
        [identityFor('H09').installId],
      );
      expect(fed.rows[0]!.answer.status).toBe('ok');
      const install = (await client.query(`SELECT install_id FROM hq.tills WHERE till_id = 'H09'`)).rows[0]!
        .install_id as string;
      // The step-1 till sends with the six-argument register, as a till not yet updated does.
      const feed = openJournalFeed(forged);
      const tillClient = await connectHeadOffice({ url: tillUrl });
      try {
        const answer = await ingest(
          tillClient,
          { ...identityFor('H09', 'S1', install) },
          feed.entriesAfter(0, 5000),
        );
        expect(answer.kind).toBe('ok');
      } finally {
        feed.close();
        await tillClient.end();
      }
      const before = await client.query(
        `SELECT DISTINCT till_id, company_id FROM hq.sales WHERE feed_till = 'H09'`,
      );
      expect(before.rows).toEqual([{ till_id: 'T09', company_id: '12345678' }]);

      expect(await migrateHeadOffice(client)).toMatchObject({ from: 1, to: 3, applied: [2, 3] });
      const after = await client.query(
        `SELECT DISTINCT till_id, company_id FROM hq.sales WHERE feed_till = 'H09'`,
      );
      expect(after.rows).toEqual([{ till_id: 'H09', company_id: '12345678' }]);
      // The till login granted at step 1 may call step 2's register.
      const tillClient2 = await connectHeadOffice({ url: tillUrl });
      try {
        await expect(
          register(tillClient2, identityFor('H09', 'S1', install), null, null),
        ).resolves.toMatchObject({
          kind: 'ok',
        });
      } finally {
        await tillClient2.end();
      }
    } finally {
      await client.end();
    }
  });
});

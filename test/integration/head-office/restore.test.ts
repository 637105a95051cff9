import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGuardedJournal } from '../../../src/main/journal/guard';
import { installFileFor, readInstallId } from '../../../src/main/head-office/install-id';
import { parseOrderNo } from '../../../src/main/journal/journal';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { trainingDefaults, type TrainingService } from '../../../src/training-service';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, startService } from '../checkout/harness';
import { hq } from './cli-io';
import {
  headOfficeEntries,
  identityFor,
  journalEntries,
  openSellingTill,
  saleOrder,
  startHeadOffice,
  syncAll,
  type SellingTill,
} from './harness';
import type { HeadOfficeConnection } from '../../../src/main/head-office/connection';
import type { TillIdentity } from '../../../src/main/head-office/feed';

/**
 * A till's disk dies; a new PC restores its journal from head office (`npm run hq -- restore`),
 * the restored file passes the till's own start-up check with the key, and the till sells on with
 * the next order number and the next allowance prefix: nothing reused, nothing lost. The claim
 * moves to the new PC; the old one is refused from then on. A journal file is never overwritten,
 * and head office's copy is checked before anything is written for keeps.
 */
describe('head office: restore a till on a new PC', () => {
  const temp = makeTempDir('hq-restore');
  let pg: TestPostgres;
  let ownerUrl: string;
  let tillConnection: HeadOfficeConnection;
  let service: TrainingService;
  let original: SellingTill;
  let identity: TillIdentity;
  const companyId = trainingDefaults().companyId;

  beforeAll(async () => {
    ({ pg, ownerUrl, till: tillConnection } = await startHeadOffice(companyId));
    service = await startService(temp.dir, { timestampWindowSeconds: 3600 });
    mkdirSync(join(temp.dir, 'old-pc'));
    original = openSellingTill({
      dir: join(temp.dir, 'old-pc'),
      tillId: 'T01',
      service,
      path: join(temp.dir, 'old-pc', 'journal.sqlite'),
    });
    identity = { ...identityFor('T01'), companyId };
    for (let n = 1; n <= 12; n++) {
      const sale = await original.engine.submit(saleOrder(n));
      expect(sale.state).toBe('issued');
      if (n === 4) {
        const allowance = await original.returns.submit(
          {
            kind: 'allowance',
            orderNo: sale.orderNo,
            items: [{ sequence: '002', quantity: 1 }],
            reason: '退紅茶',
          },
          { by: '店長' },
        );
        expect(allowance.state).toBe('done');
      }
    }
    const synced = await syncAll({
      path: original.path,
      identity,
      key: original.key,
      connection: tillConnection,
    });
    expect(synced.kind).toBe('synced');
    // The disk dies: the old PC's journal is gone for the rest of this file.
    original.close();
  });

  afterAll(async () => {
    await service?.close();
    await pg?.close();
    temp.remove();
  });

  it('restores into a new data folder, which opens checked with its key and sells on with the next numbers', async () => {
    const newPc = join(temp.dir, 'new-pc');
    mkdirSync(newPc);
    const result = await hq(['restore', '--url', ownerUrl, '--till', 'T01', '--data', newPc, '--by', '店長']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const line = JSON.parse(result.stdout) as Record<string, unknown>;
    const oldEntries = journalEntries(original.path);
    expect(line).toMatchObject({ tillId: 'T01', storeId: 'S1', entries: oldEntries.length, keyed: true });
    const path = join(newPc, 'journal.sqlite');
    // Byte for byte the old journal's entries.
    expect(journalEntries(path)).toEqual(oldEntries);

    // The till's own start: its key from its secret store, the start-up check and the full check.
    const secrets = createFileKeySecretStore(newPc);
    expect(secrets.get('journalChainKey')).toBe(original.key.toString('hex'));
    const guarded = openGuardedJournal({
      path,
      secrets,
      logger: memoryLogger(),
      checkSupervisor: async () => {},
      onChanged: () => {},
    });
    expect(guarded.health()).toMatchObject({ ok: true });
    const full = await guarded.journal.verifyChainInBackground();
    expect(full).toMatchObject({ ok: true, hmac: 'checked', orderGaps: [] });
    await guarded.close();

    // Sells on: the next order number of the day, the next allowance prefix, accepted by the service.
    const restored = openSellingTill({ dir: newPc, tillId: 'T01', service, key: original.key, path });
    try {
      const last = oldEntries.filter((e) => e.kind === 'tx.begun').at(-1)!.order_no!;
      const sale = await restored.engine.submit(saleOrder(13));
      expect(sale.state).toBe('issued');
      const before = parseOrderNo(last)!;
      const after = parseOrderNo(sale.orderNo)!;
      if (after.day === before.day) expect(after.seq).toBe(before.seq + 1);
      else expect(after.seq).toBe(1);
      const oldPrefix = oldEntries
        .filter((e) => e.kind === 'return.begun')
        .map((e) => (JSON.parse(e.payload) as { allowancePrefix: string | null }).allowancePrefix)
        .filter((p): p is string => p !== null)
        .at(-1)!;
      const allowance = await restored.returns.submit(
        {
          kind: 'allowance',
          orderNo: sale.orderNo,
          items: [{ sequence: '002', quantity: 1 }],
          reason: '退紅茶',
        },
        { by: '店長' },
      );
      expect(allowance.state).toBe('done');
      const prefix = restored.journal.getReturn(allowance.returnId)!.allowancePrefix!;
      expect(parseInt(prefix.slice(3), 36)).toBe(parseInt(oldPrefix.slice(3), 36) + 1);
      expect(restored.journal.verifyChain()).toMatchObject({ ok: true, hmac: 'checked' });

      // The new PC feeds head office under the claim the restore gave it.
      const installId = readInstallId(installFileFor(path))!;
      expect(installId).toBe(line.installId);
      const fed = await syncAll({
        path,
        identity: { ...identity, installId },
        key: original.key,
        connection: tillConnection,
      });
      expect(fed.kind).toBe('synced');
      expect(await headOfficeEntries(pg, 'T01')).toEqual(journalEntries(path));
      // The old PC (its install id) is refused from now on, never merged.
      const old = await syncAll({ path, identity, key: original.key, connection: tillConnection });
      expect(old.kind === 'failed' && old.error.problem).toBe('other-machine');
    } finally {
      restored.close();
    }
    const events = await pg.query(
      `SELECT event, by_name FROM hq.till_events WHERE till_id = 'T01' ORDER BY id`,
    );
    // The old PC's attempt after the restore is a refused claim head office records (issue 22).
    expect(events.rows.slice(-2)).toEqual([
      { event: 'restored', by_name: '店長' },
      { event: 'claim-refused', by_name: null },
    ]);
  });

  it('never overwrites a journal file, and refuses a folder that already has a key', async () => {
    const existing = join(temp.dir, 'existing.sqlite');
    writeFileSync(existing, 'not to be touched');
    const result = await hq([
      'restore',
      '--url',
      ownerUrl,
      '--till',
      'T01',
      '--db',
      existing,
      '--key-file',
      join(temp.dir, 'k.hex'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('還原不會覆寫既有的日誌');
    expect(result.stderr).toContain('a restore never overwrites one');
    expect(readFileSync(existing, 'utf8')).toBe('not to be touched');
    expect(existsSync(join(temp.dir, 'k.hex'))).toBe(false);

    const keyed = join(temp.dir, 'keyed-folder');
    mkdirSync(keyed);
    createFileKeySecretStore(keyed).set('journalChainKey', 'ab'.repeat(32));
    const again = await hq(['restore', '--url', ownerUrl, '--till', 'T01', '--data', keyed]);
    expect(again.code).toBe(2);
    expect(existsSync(join(keyed, 'journal.sqlite'))).toBe(false);
  });

  it('writes the key to --key-file (owner-only) with --db', async () => {
    const dir = join(temp.dir, 'db-and-key');
    mkdirSync(dir);
    const keyFile = join(dir, 'chain.key');
    const result = await hq([
      'restore',
      '--url',
      ownerUrl,
      '--till',
      'T01',
      '--db',
      join(dir, 'journal.sqlite'),
      '--key-file',
      keyFile,
    ]);
    expect(result.code).toBe(0);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(original.key.toString('hex'));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, 'head-office.json'))).toBe(true);
  });

  it("refuses head office's copy when it does not verify: no file is kept, the claim does not move", async () => {
    const before = (await pg.query(`SELECT install_id FROM hq.tills WHERE till_id = 'T01'`)).rows[0];
    await pg.query('ALTER TABLE hq.entries DISABLE TRIGGER entries_append_only');
    await pg.query(
      `UPDATE hq.entries SET payload_text = replace(payload_text, '"店長"', '"老闆"') WHERE till_id = 'T01' AND kind = 'return.begun'`,
    );
    await pg.query('ALTER TABLE hq.entries ENABLE TRIGGER entries_append_only');
    const dir = join(temp.dir, 'tampered');
    mkdirSync(dir);
    const result = await hq(['restore', '--url', ownerUrl, '--till', 'T01', '--data', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/雜湊不符/);
    expect(result.stderr).toMatch(/does not verify/);
    expect(existsSync(join(dir, 'journal.sqlite'))).toBe(false);
    expect(existsSync(join(dir, 'head-office.json'))).toBe(false);
    expect((await pg.query(`SELECT install_id FROM hq.tills WHERE till_id = 'T01'`)).rows[0]).toEqual(before);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { connectHeadOffice } from '../../../src/main/head-office/connection';
import { claimsReport } from '../../../src/main/head-office/reports';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { HeadOfficeState } from '../../../src/shared/ipc/contract/head-office';
import type { IpcResult } from '../../../src/shared/ipc/result';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder } from '../checkout/harness';
import { identityFor, journalEntries, startHeadOffice, syncAll, TILL_PASSWORD, TILL_ROLE } from './harness';

/**
 * A second PC set up as till T01 (issue 22, item 10), through the till's core: head office refuses
 * its claim and records it; the till then stops selling under T01 (a bilingual reason; across a
 * restart) until a supervisor resolves it with the PIN, which the journal records; a till id
 * changed in Settings sells again, and head office takes the PC under that id.
 */
const PIN = '5791';
const ctx = { host: 'web' as const };
const COMPANY = '24549210'; // the training seller: the settings' default

describe('a second PC claiming a till id, at the till', () => {
  const temp = makeTempDir('hq-claim');
  let pg: TestPostgres;
  let core: TillCore;

  const open = () =>
    createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
      secrets: createFileKeySecretStore(temp.dir),
      logger: memoryLogger(),
      // No background run between the steps: each sync is asked for (or nudged by a sale).
      headOfficeIntervalMs: 3_600_000,
    });
  const dispatch = (method: string, input: unknown = {}): Promise<IpcResult<unknown>> =>
    core.dispatch(method, input, ctx);
  const call = async <T>(method: string, input: unknown = {}): Promise<T> => {
    const result = await dispatch(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
    return result.value as T;
  };
  const claims = async () => {
    const client = await connectHeadOffice({ url: pg.url() });
    try {
      return (await claimsReport(client)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    ({ pg } = await startHeadOffice(COMPANY));
    // The first PC: T01 of store S1, already at head office.
    const first = join(temp.dir, 'first-pc.sqlite');
    seedSyntheticJournal(first, { days: 1, salesPerDay: 3, bigDaySales: 1, unsureEvery: 9, tillId: 'T01' });
    const synced = await syncAll({
      path: first,
      identity: { ...identityFor('T01', 'S1'), companyId: COMPANY },
      key: null,
      connection: { url: pg.url({ user: TILL_ROLE, password: TILL_PASSWORD }) },
    });
    expect(synced.kind).toBe('synced');
    core = await open();
    await call('settings.setPin', { newPin: PIN });
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    await pg?.close();
    temp.remove();
  });

  it('stops selling under T01 once head office refuses the claim, which head office records', async () => {
    // Before head office is set, this PC sells as T01.
    expect(await call<{ state: string }>('checkout.submit', paperOrder(120))).toMatchObject({
      state: 'issued',
    });
    await call('settings.update', {
      patch: {
        headOfficeUrl: `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`,
        headOfficeStoreId: 'S1',
        headOfficeTls: 'off',
        acceptInsecureSecretStorage: true,
      },
      secrets: { headOfficePassword: TILL_PASSWORD },
      pin: PIN,
    });
    const state = await call<HeadOfficeState>('headOffice.sync');
    expect(state.state).toBe('refused');
    expect(state.stopped).toMatchObject({ tillId: 'T01' });
    expect(state.stopped!.reason.zh).toContain('收銀機代號 T01 已由另一台電腦傳送資料');

    const refused = await dispatch('checkout.submit', paperOrder(130));
    expect(refused).toMatchObject({ ok: false, error: { code: 'till-id-claimed' } });
    if (!refused.ok) {
      expect(refused.error.message.zh).toMatch(
        /^總部拒絕本機以收銀機代號 T01 傳送資料.*暫停結帳.*此筆未送出。$/,
      );
      expect(refused.error.message.en).toContain(
        'sales are stopped so that no order number is handed out twice',
      );
    }
    expect((await call<AppStatus>('app.status')).headOffice.stopped).toMatchObject({ tillId: 'T01' });

    // Head office has the claim: this PC's install id and its journal's last entry.
    const installId = (
      JSON.parse(readFileSync(join(temp.dir, 'head-office.json'), 'utf8')) as { installId: string }
    ).installId;
    const last = journalEntries(join(temp.dir, 'journal.sqlite')).at(-1)!;
    expect(await claims()).toEqual([
      expect.objectContaining({
        till_id: 'T01',
        install_id: installId,
        store_id: 'S1',
        head_hash: expect.any(String),
      }),
    ]);
    expect((await claims())[0]!.head_entry_id).toBeLessThanOrEqual(last.id);
  });

  it('stays stopped across a restart', async () => {
    await core.close();
    core = await open();
    const refused = await dispatch('checkout.submit', paperOrder(140));
    expect(refused).toMatchObject({ ok: false, error: { code: 'till-id-claimed' } });
  });

  it('a supervisor resolves it with the PIN (recorded); a new till id sells and head office takes it', async () => {
    const noPin = await dispatch('headOffice.resolveClaim', { note: '改用 T05' });
    expect(noPin).toMatchObject({ ok: false, error: { code: 'pin-required' } });
    const wrong = await dispatch('headOffice.resolveClaim', { note: '改用 T05', pin: '0000', by: '林店長' });
    expect(wrong.ok).toBe(false);
    expect((await dispatch('checkout.submit', paperOrder(150))).ok).toBe(false);

    const resolved = await call<HeadOfficeState>('headOffice.resolveClaim', {
      note: '改用 T05',
      pin: PIN,
      by: '林店長',
    });
    expect(resolved.stopped).toBeNull();
    const records = journalEntries(join(temp.dir, 'journal.sqlite')).filter(
      (e) => e.kind === 'supervisor.action' && e.payload.includes('head-office.claim-resolved'),
    );
    expect(records).toHaveLength(1);
    expect(JSON.parse(records[0]!.payload)).toMatchObject({
      action: 'head-office.claim-resolved',
      by: '林店長',
      detail: { tillId: 'T01', note: '改用 T05' },
    });

    // Still T01 and still refused: the next sync stops it again.
    expect((await call<HeadOfficeState>('headOffice.sync')).stopped).toMatchObject({ tillId: 'T01' });
    // The supervisor gives this PC its own till id: it sells, and head office takes it as T05.
    await call('settings.update', { patch: { tillId: 'T05' }, pin: PIN });
    expect(await call<{ state: string; orderNo: string }>('checkout.submit', paperOrder(160))).toMatchObject({
      state: 'issued',
      orderNo: expect.stringMatching(/^T05/),
    });
    const after = await call<HeadOfficeState>('headOffice.sync');
    expect(after).toMatchObject({ state: 'synced', stopped: null });
    const t05 = await pg.query(`SELECT store_id FROM hq.tills WHERE till_id = 'T05'`);
    expect(t05.rows).toEqual([{ store_id: 'S1' }]);
  });
});

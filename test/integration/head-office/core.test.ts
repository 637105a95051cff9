import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { connectHeadOffice } from '../../../src/main/head-office/connection';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { HeadOfficeState, StoreDay } from '../../../src/shared/ipc/contract/head-office';
import type { SettingsView } from '../../../src/shared/ipc/contract/settings';
import type { IpcResult } from '../../../src/shared/ipc/result';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder, type MemoryLogger } from '../checkout/harness';
import { headOfficeEntries, journalEntries, startHeadOffice, TILL_PASSWORD, TILL_ROLE } from './harness';

/**
 * Head office through the till's core, as the shell assembles it (issue 17): the supervisor sets
 * the address, store, TLS and the write-only password in Settings with the PIN; the till's sales
 * reach head office; the status bar's line goes synced, behind while head office is slow,
 * unreachable while it is down (pg_ctl stop), and synced again once it is back; the closing
 * screen's store view answers. The password is never in settings.get, app.status, a pushed status
 * or a log line.
 */
const PIN = '5791';
const ctx = { host: 'web' as const };

async function waitFor<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('head office through the core', () => {
  const temp = makeTempDir('hq-core');
  let pg: TestPostgres;
  let core: TillCore;
  let logger: MemoryLogger;
  const seen: unknown[] = [];

  const dispatch = async (method: string, input: unknown): Promise<IpcResult<unknown>> => {
    const result = await core.dispatch(method, input, ctx);
    seen.push(result);
    return result;
  };
  const call = async <T>(method: string, input: unknown = {}): Promise<T> => {
    const result = await dispatch(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
    return result.value as T;
  };
  const headOffice = async () => (await call<AppStatus>('app.status')).headOffice;
  const address = () => `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`;

  beforeAll(async () => {
    ({ pg } = await startHeadOffice('24549210')); // the training seller: the settings' default
    logger = memoryLogger();
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
      secrets: createFileKeySecretStore(temp.dir),
      logger,
      headOfficeIntervalMs: 200,
    });
    core.events.subscribe((event, payload) => seen.push({ event, payload }));
    await call('settings.setPin', { newPin: PIN });
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    await pg?.close();
    temp.remove();
  });

  it('is off without an address: nothing connects, the store view says why', async () => {
    expect(await headOffice()).toMatchObject({ state: 'off', address: null, behind: null });
    const sale = await call<{ state: string }>('checkout.submit', paperOrder());
    expect(sale.state).toBe('issued');
    expect(await call<HeadOfficeState>('headOffice.sync')).toMatchObject({ state: 'off' });
    const store = await dispatch('headOffice.storeDay', { businessDay: taipeiBusinessDay(new Date()) });
    expect(store).toMatchObject({ ok: false, error: { code: 'head-office-bad-address' } });
    expect((await pg.query('SELECT count(*)::int AS n FROM hq.entries')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses an address with a password in it, a bad CA text, and an address without a store', async () => {
    const withPassword = await dispatch('settings.update', {
      patch: { headOfficeUrl: `postgres://${TILL_ROLE}:${TILL_PASSWORD}@127.0.0.1:${pg.port}/hq` },
      pin: PIN,
    });
    expect(withPassword).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!withPassword.ok) {
      expect(withPassword.error.message.zh).toContain('位址不可含密碼');
      expect(withPassword.error.message.en).toContain('no password in the address');
    }
    const badCa = await dispatch('settings.update', {
      patch: { headOfficeCaCert: '-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----' },
      pin: PIN,
    });
    expect(badCa).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const noStore = await dispatch('settings.update', {
      patch: { headOfficeUrl: address(), headOfficeTls: 'off' },
      pin: PIN,
    });
    expect(noStore).toMatchObject({ ok: false, error: { code: 'rejected' } });
    // Without the PIN: nothing changes.
    const noPin = await dispatch('settings.update', {
      patch: { headOfficeUrl: address(), headOfficeStoreId: 'S1', headOfficeTls: 'off' },
    });
    expect(noPin.ok).toBe(false);
    expect(await headOffice()).toMatchObject({ state: 'off' });
  });

  it('sends the till’s sales once set with the PIN, and says synced', async () => {
    const view = await call<SettingsView>('settings.update', {
      patch: {
        headOfficeUrl: address(),
        headOfficeStoreId: 'S1',
        headOfficeTls: 'off',
        // The web host keeps secrets under a key file: a supervisor's knowing choice.
        acceptInsecureSecretStorage: true,
      },
      secrets: { headOfficePassword: TILL_PASSWORD },
      pin: PIN,
    });
    expect(view.headOfficeSecrets).toEqual({ headOfficePassword: { set: true } });
    expect(view.settings).toMatchObject({ headOfficeUrl: address(), headOfficeStoreId: 'S1' });
    for (let i = 0; i < 2; i++) await call('checkout.submit', paperOrder(100 + i));
    const synced = await waitFor('synced', headOffice, (s) => s.state === 'synced');
    expect(synced).toMatchObject({
      behind: 0,
      reason: null,
      address: `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`,
    });
    expect(synced.headOfficeEntryId).toBe(synced.journalEntryId);
    const local = journalEntries(join(temp.dir, 'journal.sqlite'));
    const remote = await headOfficeEntries(pg, 'T01');
    expect(remote.map((e) => e.hash)).toEqual(local.slice(0, remote.length).map((e) => e.hash));
    expect(remote.length).toBe(synced.headOfficeEntryId);
  });

  it('shows behind by N while head office is slow, then synced', async () => {
    // Head office holds its entries table locked: the till's batch waits, its line says behind.
    const lock: pg.Client = await connectHeadOffice({ url: pg.url() });
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE hq.entries IN SHARE MODE');
      await call('checkout.submit', paperOrder(120));
      const behind = await waitFor('behind', headOffice, (s) => s.state === 'behind');
      expect(behind.behind).toBeGreaterThan(0);
      expect(behind.reason).toBeNull();
      await lock.query('COMMIT');
    } finally {
      await lock.end();
    }
    await waitFor('synced again', headOffice, (s) => s.state === 'synced');
  });

  it('answers the closing screen’s store view from head office', async () => {
    const store = await call<StoreDay>('headOffice.storeDay', { businessDay: taipeiBusinessDay(new Date()) });
    expect(store.storeId).toBe('S1');
    // Training mode: every sale of this till is a training sale, four of them issued.
    const till = store.tills.find((t) => t.tillId === 'T01' && t.training);
    expect(till).toMatchObject({ salesCount: 4, salesAmount: 150 + 100 + 101 + 120, pendingSales: 0 });
    expect(store.payments.filter((p) => p.tillId === 'T01').map((p) => p.method)).toContain('cash');
    expect(store.feeds).toEqual([expect.objectContaining({ tillId: 'T01', refused: false })]);
  });

  it('says unreachable while head office is down, sells on, and catches up once it is back', async () => {
    await pg.stop('fast');
    try {
      const sale = await call<{ state: string }>('checkout.submit', paperOrder(130));
      expect(sale.state).toBe('issued');
      const down = await waitFor('unreachable', headOffice, (s) => s.state === 'unreachable');
      expect(down.reason?.zh).toContain('無法連線到總部');
      expect(down.behind).toBeGreaterThan(0);
      const store = await dispatch('headOffice.storeDay', { businessDay: taipeiBusinessDay(new Date()) });
      expect(store).toMatchObject({ ok: false, error: { code: 'head-office-unreachable' } });
    } finally {
      await pg.start();
    }
    const back = await waitFor('synced after the outage', headOffice, (s) => s.state === 'synced');
    expect(back.headOfficeEntryId).toBe(back.journalEntryId);
    const local = journalEntries(join(temp.dir, 'journal.sqlite'));
    const remote = await headOfficeEntries(pg, 'T01');
    expect(remote.map((e) => e.hash)).toEqual(local.slice(0, remote.length).map((e) => e.hash));
    const states = seen.flatMap((item) => {
      const pushed = item as { event?: string; payload?: AppStatus };
      return pushed.event === 'app.status-changed' ? [pushed.payload!.headOffice.state] : [];
    });
    // The status bar heard each change as it happened.
    expect(states).toEqual(expect.arrayContaining(['synced', 'unreachable']));
  });

  it('never shows or logs the password', async () => {
    const view = await call<SettingsView>('settings.get');
    await call('app.status');
    expect(view.headOfficeSecrets?.headOfficePassword.set).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(TILL_PASSWORD);
    expect(JSON.stringify(logger.lines)).not.toContain(TILL_PASSWORD);
    // Cleared with the PIN: the view says so, head office is refused the login.
    const cleared = await call<SettingsView>('settings.update', {
      secrets: { headOfficePassword: null },
      pin: PIN,
    });
    expect(cleared.headOfficeSecrets?.headOfficePassword.set).toBe(false);
    const refused = await call<HeadOfficeState>('headOffice.sync');
    expect(refused, JSON.stringify(refused.reason)).toMatchObject({ state: 'unreachable' });
    expect(refused.reason?.en).toMatch(/password/);
    // Without an address: off again, nothing connects.
    await call('settings.update', { patch: { headOfficeUrl: '' }, pin: PIN });
    expect(await headOffice()).toMatchObject({ state: 'off', address: null });
  });
});

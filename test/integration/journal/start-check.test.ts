import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { CHAIN_KEY_SECRET } from '../../../src/main/journal/guard';
import { Journal } from '../../../src/main/journal/journal';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder } from '../checkout/harness';

/**
 * The till's start: the journal is opened with its key from the secret store and its tail is
 * checked before the first sale; a broken journal is shown in the status and no sale is taken
 * until a supervisor acknowledges it with the PIN.
 */
describe('the journal check at start', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let core: TillCore | null = null;
  const ctx = { host: 'web' as const };
  const journalPath = () => join(temp.dir, 'journal.sqlite');

  const start = async () => {
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
      secrets: createFileKeySecretStore(temp.dir),
      logger: memoryLogger(),
    });
    return core;
  };
  const stop = async () => {
    await core?.close();
    core = null;
  };
  const status = async () => {
    const result = await core!.dispatch('app.status', {}, ctx);
    if (!result.ok) throw new Error(result.error.message.en);
    return result.value as AppStatus;
  };

  beforeEach(() => {
    temp = makeTempDir('journal-start-check');
  });
  afterEach(async () => {
    await stop();
    temp.remove();
  });

  it('keys a new journal with a secret from the store, and sells on an intact one', async () => {
    await start();
    expect((await status()).journal).toMatchObject({ ok: true, acknowledged: false, reason: null });
    const sold = await core!.dispatch('checkout.submit', paperOrder(), ctx);
    expect(sold).toMatchObject({ ok: true, value: { state: 'issued' } });
    await stop();

    const key = createFileKeySecretStore(temp.dir).get(CHAIN_KEY_SECRET);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const journal = Journal.open(journalPath(), { chainKey: Buffer.from(key!, 'hex') });
    expect(journal.chainKeying()).toMatchObject({ keyedFrom: 1, keyOk: true, recordedNow: false });
    expect(journal.verifyChain()).toMatchObject({ ok: true, hmac: 'checked' });
    journal.close();
  }, 60_000);

  it('flags an edited sale at the next start and refuses to sell until a supervisor acknowledges', async () => {
    await start();
    expect(await core!.dispatch('settings.setPin', { newPin: '2468' }, ctx)).toMatchObject({ ok: true });
    const sold = await core!.dispatch('checkout.submit', paperOrder(150), ctx);
    expect(sold.ok).toBe(true);
    await stop();

    // The issued sale's amount edited in its entry (the row left as it was).
    const raw = new Database(journalPath());
    raw.exec('DROP TRIGGER entries_no_update');
    const begun = raw.prepare(`SELECT id, payload FROM entries WHERE kind = 'tx.begun'`).get() as {
      id: number;
      payload: string;
    };
    raw
      .prepare('UPDATE entries SET payload = ? WHERE id = ?')
      .run(begun.payload.replaceAll('"totalAmount":150', '"totalAmount":15'), begun.id);
    raw.close();

    await start();
    const broken = (await status()).journal;
    expect(broken).toMatchObject({ ok: false, acknowledged: false });
    expect(broken.reason?.en).toContain(`Entry ${begun.id} was modified`);

    const refused = await core!.dispatch('checkout.submit', paperOrder(), ctx);
    expect(refused).toMatchObject({ ok: false, error: { code: 'journal-broken' } });
    if (!refused.ok) {
      expect(refused.error.message.zh).toContain('請主管確認後才能結帳');
      expect(refused.error.message.en).toContain('a supervisor must acknowledge it');
    }

    const wrong = await core!.dispatch('journal.acknowledgeBroken', { pin: '0000', by: '店長' }, ctx);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'pin-wrong' } });
    expect((await core!.dispatch('checkout.submit', paperOrder(), ctx)).ok).toBe(false);

    const acknowledged = await core!.dispatch('journal.acknowledgeBroken', { pin: '2468', by: '店長' }, ctx);
    expect(acknowledged).toMatchObject({ ok: true, value: { ok: false, acknowledged: true } });
    expect((await status()).journal.acknowledged).toBe(true);
    expect(await core!.dispatch('checkout.submit', paperOrder(), ctx)).toMatchObject({
      ok: true,
      value: { state: 'issued' },
    });
    await stop();

    const journal = Journal.open(journalPath());
    expect(journal.supervisorActions().map((a) => [a.action, a.by])).toContainEqual([
      'journal.chain-broken-acknowledged',
      '店長',
    ]);
    journal.close();
  }, 90_000);

  it('flags a journal whose keyed-start record was removed while the key is older than it', async () => {
    await start();
    expect((await core!.dispatch('checkout.submit', paperOrder(), ctx)).ok).toBe(true);
    await stop();
    const raw = new Database(journalPath());
    raw.exec('DROP TRIGGER chain_meta_no_delete; DELETE FROM chain_meta;');
    raw.close();

    await start();
    const journal = (await status()).journal;
    expect(journal.ok).toBe(false);
    expect(journal.reason?.zh).toContain('金鑰保護紀錄不見了');
  }, 60_000);

  it('lists supervisor actions through the partial index, not a scan of every entry', () => {
    const journal = Journal.open(journalPath());
    journal.close();
    const raw = new Database(journalPath(), { readonly: true });
    const plan = raw
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, at, payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id DESC LIMIT 10`,
      )
      .all() as { detail: string }[];
    raw.close();
    expect(plan.map((p) => p.detail).join(' ')).toContain('entries_supervisor');
  });
});

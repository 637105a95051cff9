import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { memoryLogger } from '../checkout/harness';
import { makeTempDir } from '../../support/temp-dir';

/**
 * Issue 15: the customer display's channel through the core. `display.update` is checked by the
 * contract and pushed as `display.changed` to every window and client, with the store's name from
 * the settings (never the screen's).
 */
describe('display.update → display.changed', () => {
  const temp = makeTempDir('customer-display');
  let core: TillCore;
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const events: Array<{ event: string; payload: unknown }> = [];
  const ctx = { host: 'web' as const };
  const update = {
    phase: 'done',
    lines: [{ name: '可口可樂', quantity: 2, amount: 70 }],
    total: 70,
    paid: 100,
    change: 30,
    qrUrl: 'https://einvoice.example/q/abc',
  };

  beforeAll(async () => {
    settings.update({ sellerName: '阿明商店' });
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets: createFileKeySecretStore(temp.dir),
      logger: memoryLogger(),
    });
    core.events.subscribe((event, payload) => events.push({ event, payload }));
  });
  afterAll(async () => {
    await core.close();
    temp.remove();
  });

  it('re-publishes what the till shows, with the store’s name', async () => {
    expect(await core.dispatch('display.update', update, ctx)).toEqual({ ok: true, value: { ok: true } });
    expect(events.filter((e) => e.event === 'display.changed').at(-1)?.payload).toEqual({
      ...update,
      sellerName: '阿明商店',
    });
  });

  it('refuses what it cannot show honestly, and publishes nothing then', async () => {
    const before = events.length;
    for (const bad of [
      { ...update, qrUrl: 'http://plain.example/q' },
      { ...update, qrUrl: 'javascript:alert(1)' },
      { ...update, sellerName: 'spoofed' },
      { ...update, phase: 'unknown' },
      { ...update, total: -1 },
      { ...update, lines: [{ name: 'a\u202eb', quantity: 1, amount: 1 }] },
    ]) {
      const result = await core.dispatch('display.update', bad, ctx);
      expect(result.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(events.slice(before).filter((e) => e.event === 'display.changed')).toEqual([]);
  });
});

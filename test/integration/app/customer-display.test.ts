import { describe, expect, it } from 'vitest';
import { openTestCore } from '../../support/test-core';

/**
 * Issue 15: the customer display's channel through the core. `display.update` is checked by the
 * contract and pushed as `display.changed` to every window and client, with the store's name from
 * the settings (never the screen's).
 */
describe('display.update → display.changed', () => {
  const { events, dispatch } = openTestCore('customer-display', {
    before: ({ settings }) => settings.update({ sellerName: '阿明商店' }),
  });
  const update = {
    phase: 'done',
    lines: [{ name: '可口可樂', quantity: 2, amount: 70 }],
    total: 70,
    paid: 100,
    change: 30,
    qrUrl: 'https://einvoice.example/q/abc',
  };

  it('re-publishes what the till shows, with the store’s name', async () => {
    expect(await dispatch('display.update', update)).toEqual({ ok: true, value: { ok: true } });
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
      const result = await dispatch('display.update', bad);
      expect(result.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(events.slice(before).filter((e) => e.event === 'display.changed')).toEqual([]);
  });
});

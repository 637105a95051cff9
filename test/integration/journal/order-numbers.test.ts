import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseOrderNo } from '../../../src/main/journal/journal';
import { startChild } from './child';
import { NOON_TAIPEI, refusal, tempJournal } from './fixtures';

describe('order numbers', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('orders');
  });
  afterEach(() => env.cleanup());

  it('fits the BillingNo and carries the till and the Taipei business day', () => {
    const journal = env.open();
    const orderNo = journal.nextOrderNo('T01', NOON_TAIPEI);
    expect(orderNo).toBe('T01-20261122-000001');
    const longest = journal.nextOrderNo('ABCDEFGHIJ12', NOON_TAIPEI);
    expect(longest.length).toBeLessThanOrEqual(30);
    expect(longest).toMatch(/^[A-Z0-9-]+$/);
    // 23:59 Taipei and 00:00 Taipei are two business days; the sequence restarts per day.
    expect(journal.nextOrderNo('T01', new Date('2026-11-22T15:59:59Z'))).toBe('T01-20261122-000002');
    expect(journal.nextOrderNo('T01', new Date('2026-11-22T16:00:00Z'))).toBe('T01-20261123-000001');
  });

  it('refuses a till id that would not fit or parse', () => {
    const journal = env.open();
    for (const tillId of ['', 't01', 'T-1', 'ABCDEFGHIJ123']) {
      expect(refusal(() => journal.nextOrderNo(tillId, NOON_TAIPEI)).code).toBe('journal-invalid');
    }
  });

  it('never hands out a number twice: two tills on two Journal instances over one file, then reopened', () => {
    const first = env.open();
    const second = env.open();
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      for (const [journal, till] of [
        [first, 'T01'],
        [second, 'T02'],
        [second, 'T01'], // the same till through the other connection too
      ] as const) {
        const orderNo = journal.nextOrderNo(till, NOON_TAIPEI);
        expect(seen.has(orderNo)).toBe(false);
        seen.add(orderNo);
      }
    }
    first.close();
    second.close();
    const reopened = env.open();
    const next = reopened.nextOrderNo('T01', NOON_TAIPEI);
    expect(next).toBe('T01-20261122-000101');
    expect(seen.has(next)).toBe(false);
    expect(parseOrderNo(next)).toEqual({ tillId: 'T01', day: '2026-11-22', seq: 101 });
  });

  it('stays unique when two processes allocate at the same time', async () => {
    env.open().close(); // create and migrate first
    const [a, b] = await Promise.all([
      startChild(['allocate', env.path, 'T01', '150']),
      startChild(['allocate', env.path, 'T01', '150']),
    ]);
    const all = [...a, ...b];
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
    expect(all.map((n) => parseOrderNo(n)!.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
  });
});

import Database from 'better-sqlite3';
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

  describe('the daily limit: 9,999,999 numbers per till and Taipei business day', () => {
    /** Sets a till's counter for a day as if that many numbers had been handed out (10 M calls would take minutes). */
    const handedOut = (tillId: string, day: string, lastSeq: number) => {
      const db = new Database(env.path);
      try {
        db.prepare(
          `INSERT INTO order_counters (till_id, day, last_seq) VALUES (?, ?, ?)
           ON CONFLICT (till_id, day) DO UPDATE SET last_seq = excluded.last_seq`,
        ).run(tillId, day, lastSeq);
      } finally {
        db.close();
      }
    };
    const counter = (tillId: string, day: string) => {
      const db = new Database(env.path, { readonly: true });
      try {
        return db
          .prepare('SELECT last_seq FROM order_counters WHERE till_id = ? AND day = ?')
          .pluck()
          .get(tillId, day) as number | undefined;
      } finally {
        db.close();
      }
    };

    it('goes from 6 to 7 digits at 1,000,000, still a BillingNo of at most 30 characters', () => {
      env.open().close();
      handedOut('ABCDEFGHIJ12', '2026-11-22', 999_998);
      const journal = env.open();
      expect(journal.nextOrderNo('ABCDEFGHIJ12', NOON_TAIPEI)).toBe('ABCDEFGHIJ12-20261122-999999');
      const seventh = journal.nextOrderNo('ABCDEFGHIJ12', NOON_TAIPEI);
      expect(seventh).toBe('ABCDEFGHIJ12-20261122-1000000');
      expect(seventh).toHaveLength(29);
      expect(parseOrderNo(seventh)).toEqual({ tillId: 'ABCDEFGHIJ12', day: '2026-11-22', seq: 1_000_000 });
    });

    it('hands out 9,999,999, then refuses the next with the reason, using up nothing; other tills and the next day go on', () => {
      env.open().close();
      handedOut('T01', '2026-11-22', 9_999_998);
      const journal = env.open();
      const last = journal.nextOrderNo('T01', NOON_TAIPEI);
      expect(last).toBe('T01-20261122-9999999');
      expect(parseOrderNo(last)!.seq).toBe(9_999_999);

      for (let attempt = 0; attempt < 2; attempt++) {
        expect(refusal(() => journal.nextOrderNo('T01', NOON_TAIPEI))).toEqual({
          code: 'journal-refused',
          zh: '收銀機 T01 今日的訂單編號已用完',
          en: 'Till T01 has used every order number for 2026-11-22',
        });
        // Rolled back: the refusal takes no number, so the counter still says 9,999,999.
        expect(counter('T01', '2026-11-22')).toBe(9_999_999);
      }
      // Another till the same day, and this till the next Taipei day (00:00 Taipei = 16:00 UTC).
      expect(journal.nextOrderNo('T02', NOON_TAIPEI)).toBe('T02-20261122-000001');
      expect(journal.nextOrderNo('T01', new Date('2026-11-22T16:00:00Z'))).toBe('T01-20261123-000001');
      // Still refused for the full day after a reopen.
      journal.close();
      expect(refusal(() => env.open().nextOrderNo('T01', NOON_TAIPEI)).code).toBe('journal-refused');
    });
  });
});

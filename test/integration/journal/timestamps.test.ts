import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runChild } from './child';
import { refusal, tempJournal } from './fixtures';

describe('per-company request timestamps', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('timestamps');
  });
  afterEach(() => env.cleanup());

  it('returns max(now, last + 1) as a decimal string: never repeats within a second', () => {
    const journal = env.open();
    expect(journal.reserveTimestamp('12345678', 1_795_000_000)).toBe('1795000000');
    expect(journal.reserveTimestamp('12345678', 1_795_000_000)).toBe('1795000001');
    expect(journal.reserveTimestamp('12345678', 1_795_000_000)).toBe('1795000002');
    expect(journal.reserveTimestamp('12345678', 1_795_000_100)).toBe('1795000100');
    // Another company has its own space.
    expect(journal.reserveTimestamp('87654321', 1_795_000_000)).toBe('1795000000');
  });

  it('keeps moving forward across a reopen and a clock set back within the window', () => {
    let journal = env.open();
    expect(journal.reserveTimestamp('12345678', 1_795_000_500)).toBe('1795000500');
    journal.close();
    journal = env.open();
    // The clock was set back a minute after the restart: 1795000500 may have been accepted.
    expect(journal.reserveTimestamp('12345678', 1_795_000_440)).toBe('1795000501');
    journal.close();
    // Another process on the same file continues the same sequence.
    expect(runChild(['timestamps', env.path, '3', '1795000440'])).toEqual([
      '1795000502',
      '1795000503',
      '1795000504',
    ]);
    journal = env.open();
    expect(journal.reserveTimestamp('12345678', 1_795_000_440)).toBe('1795000505');
  });

  it('restarts from now after a clock that was ahead by more than the window is corrected', () => {
    const now = 1_795_000_000;
    const week = 7 * 86_400;
    const journal = env.open();
    // Sold a few times with the clock right, then one sale with the PC clock a week ahead…
    expect(journal.reserveTimestamp('12345678', now - 10, 300)).toBe(String(now - 10));
    expect(journal.reserveTimestamp('12345678', now - 10, 300)).toBe(String(now - 9));
    expect(journal.reserveTimestamp('12345678', now + week, 300)).toBe(String(now + week));
    expect(journal.reserveTimestamp('12345678', now + week, 300)).toBe(String(now + week + 1));
    // …then the clock is corrected: the week-ahead seconds were refused by the service (never
    // "used"), so the till is back at now, not stuck a week ahead ("Timestamp expired" for good).
    expect(journal.reserveTimestamp('12345678', now, 300)).toBe(String(now));
    expect(journal.reserveTimestamp('12345678', now, 300)).toBe(String(now + 1));
  });

  it('skips the seconds it handed out that the service may still accept when it restarts from now', () => {
    const now = 1_795_000_000;
    const journal = env.open();
    // A burst ran 5 s ahead of the clock (now .. now+4), then the clock jumped a day ahead.
    for (let i = 0; i < 5; i++) journal.reserveTimestamp('12345678', now, 300);
    expect(journal.reserveTimestamp('12345678', now + 86_400, 300)).toBe(String(now + 86_400));
    // Corrected (same second): now .. now+4 may have been accepted, so the next one is now+5.
    expect(journal.reserveTimestamp('12345678', now, 300)).toBe(String(now + 5));
  });

  it('never hands out a timestamp the service could only refuse: a burst beyond the window waits', () => {
    const now = 1_795_000_000;
    const journal = env.open();
    for (let i = 0; i <= 10; i++) expect(journal.reserveTimestamp('12345678', now, 10)).toBe(String(now + i));
    const refused = refusal(() => journal.reserveTimestamp('12345678', now, 10));
    expect(refused.code).toBe('journal-refused');
    expect(refused.zh).toContain('請等 1 秒');
    // Nothing was stored by the refusal: a second later the next one is there.
    expect(journal.reserveTimestamp('12345678', now + 1, 10)).toBe(String(now + 11));
  });

  it('uses the journal clock when no time is given', () => {
    const journal = env.open({ now: () => new Date(1_795_000_000_900) });
    expect(journal.reserveTimestamp('12345678')).toBe('1795000000');
  });

  it('refuses a malformed company id or time and stores nothing', () => {
    const journal = env.open();
    expect(refusal(() => journal.reserveTimestamp('1234', 1_795_000_000)).code).toBe('journal-invalid');
    expect(refusal(() => journal.reserveTimestamp('12345678', 1.5)).code).toBe('journal-invalid');
    expect(refusal(() => journal.reserveTimestamp('12345678', -1)).code).toBe('journal-invalid');
    expect(journal.reserveTimestamp('12345678', 1_000)).toBe('1000');
  });
});

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

  it('keeps moving forward across a reopen and a clock jumping backward', () => {
    let journal = env.open();
    expect(journal.reserveTimestamp('12345678', 1_795_000_500)).toBe('1795000500');
    journal.close();
    journal = env.open();
    // The clock was set back an hour after the restart.
    expect(journal.reserveTimestamp('12345678', 1_794_996_900)).toBe('1795000501');
    journal.close();
    // Another process on the same file continues the same sequence.
    expect(runChild(['timestamps', env.path, '3', '1794996900'])).toEqual([
      '1795000502',
      '1795000503',
      '1795000504',
    ]);
    journal = env.open();
    expect(journal.reserveTimestamp('12345678', 1_794_996_900)).toBe('1795000505');
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

import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFY_SLICE } from '../../../src/main/journal/derive';
import { Journal } from '../../../src/main/journal/journal';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { beginSale, tempJournal } from './fixtures';

/**
 * The chain check the till's closing screen runs: on a snapshot, in slices, so that a sale can be
 * written while it runs; and it reaches the same verdicts as the one-go check of the CLI.
 */
describe('chain check in the background', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('verify-background');
    // Enough entries for several slices (a synthetic sale writes a handful of entries).
    seedSyntheticJournal(env.path, { days: 2, salesPerDay: 2_500, bigDaySales: 10, unsureEvery: 1_000 });
  });
  afterEach(() => env.cleanup());

  it('lets a sale be written while it checks, and checks the snapshot it began with', async () => {
    const journal = env.open();
    try {
      const before = journal.chainHead();
      expect(before.entryId).toBeGreaterThan(3 * VERIFY_SLICE);
      let finished = false;
      const checking = journal.verifyChainInBackground().finally(() => (finished = true));
      // Written on the till's own connection while the check is between slices.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const orderNo = beginSale(journal);
      expect(finished).toBe(false);
      const result = await checking;
      expect(result).toMatchObject({ ok: true, head: before });
      expect(journal.get(orderNo)?.state).toBe('in-flight');
      expect(journal.chainHead().entryId).toBeGreaterThan(before.entryId);
      expect(await journal.verifyChainInBackground()).toMatchObject({ ok: true, head: journal.chainHead() });
    } finally {
      journal.close();
    }
  });

  it('finds the same broken entry as the one-go check', async () => {
    const raw = new Database(env.path);
    raw.exec('DROP TRIGGER IF EXISTS entries_no_update');
    const target = 2 * VERIFY_SLICE + 7;
    raw.prepare(`UPDATE entries SET payload = replace(payload, '"', '''') WHERE id = ?`).run(target);
    raw.close();
    const journal = Journal.open(env.path);
    try {
      const inSlices = await journal.verifyChainInBackground();
      expect(inSlices).toMatchObject({ ok: false, brokenEntryId: target });
      expect(inSlices).toEqual(journal.verifyChain());
    } finally {
      journal.close();
    }
  });
});

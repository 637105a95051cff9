import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { tempJournal } from './fixtures';

/**
 * The records kept as chained entries of their own (supervisor actions, reconciliation runs) name
 * who did it by the one rule: 1 to 40 characters of visible text. A name that breaks it is refused
 * and writes nothing; the lists read back newest first, within their limit.
 */
describe('chained records: who did it, and reading them back', () => {
  let temp: ReturnType<typeof tempJournal>;
  let journal: Journal;
  beforeEach(() => {
    temp = tempJournal('chained-records');
    journal = temp.open();
  });
  afterEach(() => temp.cleanup());

  const run = (by: string | null) => ({
    trigger: 'store' as const,
    businessDays: ['2026-11-23'],
    checked: 3,
    requests: 2,
    complete: true,
    counts: { 'not-at-provider': 1 },
    by,
    tills: ['T01', 'T02'],
  });
  // Written out here, not imported: the test states the rule the code must keep.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  const BAD_NAMES = ['', 'x'.repeat(41), '王\n店長', '王\u2028店長', '王\u202e店長', '王\u0000', '\u0085'];

  it('refuses a hidden character, an empty or a too long name in both, and writes nothing', () => {
    for (const by of BAD_NAMES) {
      expect(() => journal.recordSupervisorAction({ action: 'journal.export', by })).toThrow(
        /Who did it must be 1 to 40 visible characters/,
      );
      expect(() => journal.recordReconciliationRun(run(by))).toThrow(
        /Who did it must be 1 to 40 visible characters/,
      );
    }
    expect(journal.verifyChain().entries).toBe(0);
    expect(journal.supervisorActions()).toEqual([]);
    expect(journal.reconciliationRuns()).toEqual([]);
  });

  it('takes any visible name of 1 to 40 characters, and a run without one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !HIDDEN.test(s)),
        (by) => {
          expect(journal.recordSupervisorAction({ action: 'journal.export', by }).by).toBe(by);
          expect(journal.recordReconciliationRun(run(by)).by).toBe(by);
        },
      ),
      { numRuns: 50 },
    );
    expect(journal.recordReconciliationRun(run(null)).by).toBeNull();
  });

  it('reads back newest first, within the limit, as they were written', () => {
    for (const by of ['甲', '乙', '丙']) {
      journal.recordSupervisorAction({ action: 'printing.open-drawer', by, detail: { reason: by } });
      journal.recordReconciliationRun(run(by));
    }
    expect(journal.supervisorActions({ limit: 2 }).map((a) => [a.by, a.detail])).toEqual([
      ['丙', { reason: '丙' }],
      ['乙', { reason: '乙' }],
    ]);
    const runs = journal.reconciliationRuns({ limit: 2 });
    expect(runs.map((r) => r.by)).toEqual(['丙', '乙']);
    expect(runs[0]).toMatchObject({
      trigger: 'store',
      counts: { 'not-at-provider': 1 },
      tills: ['T01', 'T02'],
    });
    expect(runs[0]!.entryId).toBeGreaterThan(runs[1]!.entryId);
    expect(journal.verifyChain().ok).toBe(true);
  });
});

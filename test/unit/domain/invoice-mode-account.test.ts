import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountSegment } from '../../../src/shared/domain';

/** Every number of an invoice-mode segment is accounted for once (reconciliation, issue 27). */
describe('accountSegment', () => {
  it('puts each number in exactly one place: issued, blank, unused, gap or unknown', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(),
        fc.array(fc.nat()),
        fc.option(fc.nat()),
        fc.boolean(),
        (start, size, cursor, picks, provider, blankReported) => {
          const end = start + size - 1;
          const next = start + (cursor % (size + 1));
          const issued = new Set(
            picks.map((p) => start + (p % Math.max(1, next - start))).filter((n) => n < next),
          );
          const providerNext = provider === null ? null : start + (provider % (size + 2));
          const account = accountSegment(
            { word: 'QQ', periodCode: '11512', start, end, next, blankReported },
            issued,
            providerNext,
          );
          expect(
            account.issued + account.blank + account.unused + account.gaps.length + account.unknown.length,
          ).toBe(size);
          expect(account.issued).toBe(issued.size);
          for (const gap of account.gaps) expect(issued.has(gap) || gap >= next).toBe(false);
          for (const unknown of account.unknown)
            expect(unknown >= next && providerNext !== null && unknown < providerNext).toBe(true);
          if (blankReported) expect(account.unused).toBe(0);
          else expect(account.blank).toBe(0);
        },
      ),
    );
  });

  it('a segment used in order with every invoice kept has no gap', () => {
    expect(
      accountSegment(
        { word: 'QQ', periodCode: '11512', start: 10, end: 14, next: 13, blankReported: false },
        new Set([10, 11, 12]),
        13,
      ),
    ).toEqual({ issued: 3, blank: 0, unused: 2, gaps: [], unknown: [] });
  });
});

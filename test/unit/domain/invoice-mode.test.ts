import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blankRanges,
  blankReportWindow,
  invoiceModeId,
  mayIssueOffline,
  nextConnectivity,
  nextInvoiceModeNumber,
  nextPeriodCode,
  numbersLeftIn,
  numbersRunningOut,
  offlineClockRefusal,
  ONLINE,
  periodCodeOf,
  periodEnd,
  periodStart,
  periodsToHold,
  periodsToTopUp,
  segmentRefusal,
  splitStage,
  uploadDeadline,
  uploadUrgency,
  type ConnectivityEvent,
  type InvoiceModeSegment,
  type PosAttemptResult,
} from '../../../src/shared/domain';

const seg = (over: Partial<InvoiceModeSegment> = {}): InvoiceModeSegment => ({
  word: 'QQ',
  periodCode: '11512',
  start: 100,
  end: 149,
  next: 100,
  ...over,
});

describe('periods in Asia/Taipei', () => {
  it('starts the Nov-Dec 2026 period at 00:00 Taipei on Nov 1 and ends it at 00:00 Taipei on Jan 1', () => {
    expect(periodStart('11512').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(periodEnd('11512').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(nextPeriodCode('11512')).toBe('11602');
    expect(nextPeriodCode('11602')).toBe('11604');
    expect(splitStage('11512')).toEqual({ stageYear: 2026, stageMonth: 12 });
  });
  it('dates a sale one second before midnight of Dec 31 Taipei in 11512, one second after in 11602', () => {
    expect(periodCodeOf(new Date('2026-12-31T15:59:59Z'))).toBe('11512');
    expect(periodCodeOf(new Date('2026-12-31T16:00:01Z'))).toBe('11602');
  });
  it('holds the next period from 15 days before it starts', () => {
    // Dec 17 00:00 Taipei = 15 days before Jan 1.
    expect(periodsToHold(new Date('2026-12-16T15:59:59Z'))).toEqual(['11512']);
    expect(periodsToHold(new Date('2026-12-16T16:00:00Z'))).toEqual(['11512', '11602']);
  });
  it('property: every instant lies in [periodStart, periodEnd) of its own period', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2015-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (d) => {
          const code = periodCodeOf(d);
          expect(periodStart(code).getTime()).toBeLessThanOrEqual(d.getTime());
          expect(periodEnd(code).getTime()).toBeGreaterThan(d.getTime());
          expect(periodCodeOf(periodEnd(code))).toBe(nextPeriodCode(code));
        },
      ),
    );
  });
});

describe('the next offline number', () => {
  it('uses numbers in order within a segment, then the next segment of the same period', () => {
    const segments = [seg({ start: 200, end: 201, next: 200 }), seg({ next: 149 })];
    expect(nextInvoiceModeNumber(segments, '11512')?.invoiceId).toBe('QQ00000149');
    const used = [seg({ start: 200, end: 201, next: 200 }), seg({ next: 150 })];
    expect(nextInvoiceModeNumber(used, '11512')?.invoiceId).toBe('QQ00000200');
    expect(nextInvoiceModeNumber(used, '11602')).toBeNull();
    expect(nextInvoiceModeNumber([seg({ next: 150 })], '11512')).toBeNull();
  });
  it('property: issuing until none are left gives every held number once, in order per segment', () => {
    const segmentsArb = fc
      .uniqueArray(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 5 })
      .chain((blocks) =>
        fc.tuple(
          ...blocks.map((block) =>
            fc.record({
              word: fc.constantFrom('QQ', 'AB'),
              size: fc.integer({ min: 1, max: 10 }),
              used: fc.integer({ min: 0, max: 10 }),
              block: fc.constant(block),
            }),
          ),
        ),
      );
    fc.assert(
      fc.property(segmentsArb, (specs) => {
        const segments = specs.map(({ word, size, used, block }) => {
          const start = block * 100;
          return seg({ word, start, end: start + size - 1, next: start + Math.min(used, size) });
        });
        const expected = new Set(
          segments.flatMap((s) =>
            Array.from({ length: s.end - s.next + 1 }, (_, i) => invoiceModeId(s.word, s.next + i)),
          ),
        );
        const issued: string[] = [];
        let picked = nextInvoiceModeNumber(segments, '11512');
        while (picked) {
          issued.push(picked.invoiceId);
          picked.segment.next += 1;
          picked = nextInvoiceModeNumber(segments, '11512');
        }
        expect(new Set(issued)).toEqual(expected);
        expect(issued.length).toBe(expected.size);
        expect(numbersLeftIn(segments, '11512')).toBe(0);
        // Within one word the numbers only go up.
        for (const word of ['QQ', 'AB']) {
          const mine = issued.filter((id) => id.startsWith(word)).map((id) => Number(id.slice(2)));
          expect(mine).toEqual([...mine].sort((a, b) => a - b));
        }
      }),
    );
  });
});

describe('when a sale is issued offline', () => {
  it('only a not-delivered request, or nothing sent in offline mode; an unknown outcome never', () => {
    expect(mayIssueOffline('not-delivered', false)).toBe(true);
    expect(mayIssueOffline(null, true)).toBe(true);
    expect(mayIssueOffline(null, false)).toBe(false);
    expect(mayIssueOffline('unknown', false)).toBe(false);
    expect(mayIssueOffline('unknown', true)).toBe(false);
    expect(mayIssueOffline('rejected', true)).toBe(false);
    expect(mayIssueOffline('issued', true)).toBe(false);
  });
  it('property: whatever the mode, an unknown or issued outcome is never issued offline', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PosAttemptResult>('unknown', 'issued', 'rejected'),
        fc.boolean(),
        (r, m) => {
          expect(mayIssueOffline(r, m)).toBe(false);
        },
      ),
    );
  });
});

describe('switching to offline mode', () => {
  it('switches after 2 not-delivered in a row by default, and back on the first answer', () => {
    const one = nextConnectivity(ONLINE, 'not-delivered');
    expect(one.mode).toBe('online');
    const two = nextConnectivity(one, 'not-delivered');
    expect(two.mode).toBe('offline');
    expect(nextConnectivity(two, 'answered')).toEqual(ONLINE);
  });
  it('an unknown outcome breaks the row and switches nothing', () => {
    const one = nextConnectivity(ONLINE, 'not-delivered');
    const afterUnknown = nextConnectivity(one, 'unknown');
    expect(afterUnknown).toEqual({ mode: 'online', notDeliveredInRow: 0 });
    expect(nextConnectivity(afterUnknown, 'not-delivered').mode).toBe('online');
  });
  it('property: offline exactly when the last N events were not-delivered since the last answer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<ConnectivityEvent>('not-delivered', 'answered', 'unknown'), {
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 5 }),
        (events, n) => {
          let state = ONLINE;
          let offline = false;
          let run = 0;
          for (const event of events) {
            state = nextConnectivity(state, event, n);
            if (event === 'answered') {
              offline = false;
              run = 0;
            } else if (event === 'unknown') run = 0;
            else {
              run += 1;
              if (run >= n) offline = true;
            }
            expect(state.mode).toBe(offline ? 'offline' : 'online');
          }
        },
      ),
    );
  });
});

describe('upload deadlines', () => {
  const date = new Date('2026-11-20T02:00:00Z');
  it('C within 48 hours, B within 7 days, warned from 24 hours', () => {
    expect(uploadDeadline('C', date).toISOString()).toBe('2026-11-22T02:00:00.000Z');
    expect(uploadDeadline('B', date).toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(uploadUrgency('C', date, new Date('2026-11-21T01:59:59Z'))).toBe('waiting');
    expect(uploadUrgency('C', date, new Date('2026-11-21T02:00:00Z'))).toBe('warn');
    expect(uploadUrgency('C', date, new Date('2026-11-22T02:00:00Z'))).toBe('warn');
    expect(uploadUrgency('C', date, new Date('2026-11-22T02:00:01Z'))).toBe('late');
    expect(uploadUrgency('B', date, new Date('2026-11-25T02:00:00Z'))).toBe('warn');
    expect(uploadUrgency('B', date, new Date('2026-11-27T02:00:01Z'))).toBe('late');
  });
});

describe('numbers running out', () => {
  it('tells the cashier before the last number is used, and what to do when none are left', () => {
    expect(numbersRunningOut(6, 5)).toBeNull();
    expect(numbersRunningOut(5, 5)?.zh).toContain('只剩 5 個');
    expect(numbersRunningOut(1, 0)?.en).toContain('Only 1 offline invoice number left');
    expect(numbersRunningOut(0, 5)?.zh).toContain('已用完');
  });
  it('tops up a period to hold whose numbers are low', () => {
    const now = new Date('2026-12-20T00:00:00Z');
    expect(periodsToTopUp(now, [seg({ next: 100 })], 10)).toEqual(['11602']);
    expect(periodsToTopUp(now, [seg({ next: 145 })], 10)).toEqual(['11512', '11602']);
    expect(periodsToTopUp(new Date('2026-11-20T00:00:00Z'), [seg()], 10)).toEqual([]);
  });
});

describe('a clock set into another period while offline', () => {
  const answered = new Date('2026-12-31T10:00:00Z'); // 18:00 Taipei, Dec 31
  it('is refused: the invoice date decides its period', () => {
    const moved = new Date('2027-01-01T00:00:00Z'); // the till's clock jumped to Jan 1
    const refusal = offlineClockRefusal(moved, answered, 60_000);
    expect(refusal?.zh).toContain('發票日期決定期別');
    expect(refusal?.en).toContain("invoice's date decides its period");
  });
  it('accepts a period crossing the elapsed time explains', () => {
    const later = new Date(answered.getTime() + 7 * 3_600_000);
    expect(offlineClockRefusal(later, answered, 7 * 3_600_000)).toBeNull();
  });
});

describe('blank numbers', () => {
  it('reports each segment unused rest once, none for a segment used up', () => {
    const segments = [
      seg({ next: 120 }),
      seg({ start: 200, end: 209, next: 210 }),
      seg({ periodCode: '11602', start: 1, end: 5, next: 1 }),
    ];
    expect(blankRanges(segments, '11512')).toEqual([
      { word: 'QQ', periodCode: '11512', start: 100, end: 149, next: 120 },
    ]);
  });
  it('is due from the period end to before the 10th day of the next period', () => {
    const { opens, dueBy } = blankReportWindow('11512');
    expect(opens.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(dueBy.toISOString()).toBe('2027-01-09T16:00:00.000Z'); // Jan 10 00:00 Taipei
  });
});

describe('a split answer', () => {
  const asked = { periodCode: '11512', count: 50 };
  it('is kept when it is the period and count asked and overlaps nothing held', () => {
    expect(segmentRefusal(seg(), asked, [seg({ start: 150, end: 199 })])).toBeNull();
  });
  it('is refused for another period, another count, or an overlap', () => {
    expect(segmentRefusal(seg({ periodCode: '11602' }), asked, [])?.en).toContain('not 11512');
    expect(segmentRefusal(seg({ end: 150 }), asked, [])?.en).toContain('50 numbers');
    expect(segmentRefusal(seg(), asked, [seg({ start: 149, end: 160 })])?.en).toContain(
      'overlaps QQ00000149',
    );
    expect(segmentRefusal(seg({ word: 'q1' }), asked, [])).not.toBeNull();
  });
});

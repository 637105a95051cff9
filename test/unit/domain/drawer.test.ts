import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDrawers,
  CASH_MOVEMENT_KINDS,
  cashOutProblem,
  DRAWER_PARTS,
  drawerCash,
  movementPart,
  type DrawerEvent,
} from '../../../src/shared/domain';

/** The drawer's expected cash (issue 22, item 7): one rule over the events that moved cash. */
const event: fc.Arbitrary<DrawerEvent> = fc.record({
  part: fc.constantFrom(...DRAWER_PARTS),
  amount: fc.integer({ min: 0, max: 100_000 }),
});

describe('drawerCash', () => {
  it('by hand: floats + taken over + cash sales − cash refunds + paid-in − paid-out − cash drops', () => {
    expect(
      drawerCash([
        { part: 'floats', amount: 2325 },
        { part: 'cashSales', amount: 660 },
        { part: 'cashSales', amount: 120 },
        { part: 'paidOut', amount: 200 },
        { part: 'cashRefunds', amount: 300 },
      ]),
    ).toEqual({
      floats: 2325,
      takenOver: 0,
      cashSales: 780,
      cashRefunds: 300,
      paidIn: 0,
      paidOut: 200,
      cashDrops: 0,
      expected: 2605,
    });
    // A drawer taken over as counted (NT$5,807) and NT$64 of sales: what the drawer holds.
    expect(
      drawerCash([
        { part: 'takenOver', amount: 5807 },
        { part: 'cashSales', amount: 64 },
      ]).expected,
    ).toBe(5871);
    // Issue 24, item 10: NT$10,000 of large notes taken to the safe mid-shift (a cash drop):
    // float 2,000 + sales 13,500 − paid-out 100 − drop 10,000 = 5,400 left in the drawer.
    expect(
      drawerCash([
        { part: 'floats', amount: 2000 },
        { part: 'cashSales', amount: 13_500 },
        { part: 'paidOut', amount: 100 },
        { part: 'cashDrops', amount: 10_000 },
      ]),
    ).toMatchObject({ paidOut: 100, cashDrops: 10_000, expected: 5400 });
  });

  it('each event moves the expected cash by its amount, in or out, in any order', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const drawer = drawerCash(events);
        const into = new Set(['floats', 'takenOver', 'cashSales', 'paidIn']);
        const moved = events.reduce((sum, e) => sum + (into.has(e.part) ? e.amount : -e.amount), 0);
        expect(drawer.expected).toBe(moved);
        expect(drawerCash([...events].reverse())).toEqual(drawer);
      }),
    );
  });

  it('two drawers added are the drawer of both event lists', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), fc.array(event, { maxLength: 20 }), (a, b) => {
        expect(addDrawers(drawerCash(a), drawerCash(b))).toEqual(drawerCash([...a, ...b]));
      }),
    );
  });

  it('each movement kind of a shift is one part: paid-in, paid-out, cash drop', () => {
    expect(CASH_MOVEMENT_KINDS.map(movementPart)).toEqual(['paidIn', 'paidOut', 'cashDrops']);
  });
});

/**
 * Cash out of the drawer outside a sale (a paid-out, a cash drop): a whole NT$ above zero, and no
 * more than the drawer should hold at that moment. A refused one changes nothing.
 */
describe('cashOutProblem', () => {
  it('by hand: zero, a fraction, a negative and more than the drawer are refused; the whole drawer is not', () => {
    expect(cashOutProblem(0, 1000)).toBe('not-positive');
    expect(cashOutProblem(-5, 1000)).toBe('not-positive');
    expect(cashOutProblem(10.5, 1000)).toBe('not-whole');
    expect(cashOutProblem(Number.NaN, 1000)).toBe('not-whole');
    expect(cashOutProblem(1001, 1000)).toBe('beyond-drawer');
    expect(cashOutProblem(1, 0)).toBe('beyond-drawer');
    expect(cashOutProblem(1000, 1000)).toBeNull();
    expect(cashOutProblem(1, 1000)).toBeNull();
  });

  /**
   * A shift as it goes: cash comes in (float, sales, paid-in) and the cashier asks for paid-outs
   * and drops of any amount, each taken only when the rule allows it against the drawer so far.
   * However the requests come, no drop or paid-out is negative, the drawer's expected cash never
   * goes below zero, and it is what came in less what was taken.
   */
  it('whatever is asked, what the rule lets out never makes the drawer or a drop negative', () => {
    const step = fc.oneof(
      fc.record({
        part: fc.constantFrom('floats' as const, 'cashSales' as const, 'paidIn' as const),
        amount: fc.integer({ min: 0, max: 50_000 }),
      }),
      fc.record({
        part: fc.constantFrom('paidOut' as const, 'cashDrops' as const),
        amount: fc.oneof(fc.integer({ min: -1000, max: 60_000 }), fc.double({ min: -10, max: 60_000 })),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const taken: DrawerEvent[] = [];
        let cameIn = 0;
        let wentOut = 0;
        for (const asked of steps) {
          if (asked.part === 'paidOut' || asked.part === 'cashDrops') {
            const problem = cashOutProblem(asked.amount, drawerCash(taken).expected);
            if (problem !== null) continue;
            wentOut += asked.amount;
          } else {
            cameIn += asked.amount;
          }
          taken.push(asked);
        }
        const drawer = drawerCash(taken);
        expect(drawer.expected).toBeGreaterThanOrEqual(0);
        expect(drawer.cashDrops).toBeGreaterThanOrEqual(0);
        expect(drawer.paidOut).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(drawer.cashDrops)).toBe(true);
        expect(drawer.expected).toBe(cameIn - wentOut);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDrawers, DRAWER_PARTS, drawerCash, type DrawerEvent } from '../../../src/shared/domain';

/** The drawer's expected cash (issue 22, item 7): one rule over the events that moved cash. */
const event: fc.Arbitrary<DrawerEvent> = fc.record({
  part: fc.constantFrom(...DRAWER_PARTS),
  amount: fc.integer({ min: 0, max: 100_000 }),
});

describe('drawerCash', () => {
  it('by hand: floats + taken over + cash sales − cash refunds + paid-in − paid-out', () => {
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
      expected: 2605,
    });
    // A drawer taken over as counted (NT$5,807) and NT$64 of sales: what the drawer holds.
    expect(
      drawerCash([
        { part: 'takenOver', amount: 5807 },
        { part: 'cashSales', amount: 64 },
      ]).expected,
    ).toBe(5871);
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
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RangeReturn, RangeSale } from '../../../src/main/journal/journal';
import {
  countTotal,
  normalizeCount,
  reconcile,
  shiftFigures,
  sumReconciliations,
} from '../../../src/main/shifts/figures';
import { createSession } from '../../../src/main/shifts/session';
import { CASH_MOVEMENT_KINDS } from '../../../src/shared/domain';
import { DENOMINATIONS, DenominationCount } from '../../../src/shared/ipc/contract/shifts';

const count = fc.record(
  Object.fromEntries(DENOMINATIONS.map((d) => [String(d), fc.integer({ min: 0, max: 100_000 })])) as Record<
    string,
    fc.Arbitrary<number>
  >,
  { requiredKeys: [] },
) as fc.Arbitrary<DenominationCount>;

const method = fc.constantFrom('cash', 'card', 'other');
const amount = fc.integer({ min: 1, max: 50_000 });
const sale: fc.Arbitrary<RangeSale> = fc.record({
  orderNo: fc.constant('T01-X'),
  state: fc.constantFrom(
    'issued',
    'in-flight',
    'needs-verification',
    'rejected',
    'not-delivered',
    'not-issued',
  ),
  totalAmount: amount,
  payments: fc.array(fc.tuple(method, amount), { minLength: 1, maxLength: 3 }),
});
const refund: fc.Arbitrary<RangeReturn> = fc.record({
  returnId: fc.nat(),
  kind: fc.constantFrom('void', 'allowance', 'allowance-void'),
  state: fc.constantFrom('done', 'in-flight', 'needs-verification', 'rejected', 'not-delivered', 'not-done'),
  totalAmount: amount,
  refunds: fc.array(fc.tuple(method, amount), { maxLength: 2 }),
});
const movement = fc.record({ kind: fc.constantFrom(...CASH_MOVEMENT_KINDS), amount });

describe('counting the drawer', () => {
  it('a count is Σ denomination × pieces, whatever order or zeros it comes with', () => {
    fc.assert(
      fc.property(count, (c) => {
        const byHand = Object.entries(c).reduce((sum, [d, n]) => sum + Number(d) * n, 0);
        expect(countTotal(c)).toBe(byHand);
        expect(countTotal(normalizeCount(c))).toBe(byHand);
        expect(Object.values(normalizeCount(c)).every((n) => n > 0)).toBe(true);
        expect(DenominationCount.safeParse(c).success).toBe(true);
      }),
    );
    expect(countTotal({ '1000': 2, '500': 1, '100': 1, '1': 3 })).toBe(2603);
  });

  it('the contract refuses a negative count, a fraction, and a note that does not exist', () => {
    for (const bad of [
      { '100': -1 },
      { '50': 0.5 },
      { '2000': 1 },
      { '100': 100_001 },
      JSON.parse('{"__proto__":1}'),
    ]) {
      expect(DenominationCount.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('a shift’s figures and its over/short', () => {
  it('over/short = counted − expected per method; cash against float + net cash + paid-in − paid-out − drops', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(sale, { maxLength: 12 }),
        fc.array(refund, { maxLength: 6 }),
        fc.array(movement, { maxLength: 4 }),
        count,
        fc.array(fc.record({ method: fc.constantFrom('card', 'other'), amount: fc.nat(100_000) }), {
          maxLength: 2,
        }),
        (float, sales, returns, movements, drawer, otherCounted) => {
          const figures = shiftFigures({ float, sales, returns, movements });
          // The money by hand: every sale's payments, every done return's refunds (an allowance void back in).
          const net = new Map<string, number>();
          const add = (m: string, a: number) => net.set(m, (net.get(m) ?? 0) + a);
          for (const s of sales) for (const [m, a] of s.payments) add(m, a);
          for (const r of returns.filter((r) => r.state === 'done')) {
            for (const [m, a] of r.refunds) add(m, r.kind === 'allowance-void' ? a : -a);
          }
          const paidIn = movements.filter((m) => m.kind === 'paid-in').reduce((s, m) => s + m.amount, 0);
          const paidOut = movements.filter((m) => m.kind === 'paid-out').reduce((s, m) => s + m.amount, 0);
          const drops = movements.filter((m) => m.kind === 'cash-drop').reduce((s, m) => s + m.amount, 0);
          expect(figures.expectedCash).toBe(float + (net.get('cash') ?? 0) + paidIn - paidOut - drops);
          // A drop is cash gone to the safe, apart from what was spent (issue 24, item 10).
          expect(figures).toMatchObject({ paidIn, paidOut, cashDrops: drops });
          expect(figures.drawer).toMatchObject({ paidIn, paidOut, cashDrops: drops });
          expect(Object.fromEntries(figures.net.map((r) => [r.method, r.amount]))).toEqual(
            Object.fromEntries(net),
          );
          expect(figures.pending).toBe(
            sales.filter((s) => s.state === 'in-flight' || s.state === 'needs-verification').length,
          );

          const rows = reconcile(figures, countTotal(drawer), otherCounted);
          expect(rows[0]!.method).toBe('cash');
          for (const row of rows) expect(row.overShort).toBe(row.counted! - row.expected);
          expect(rows[0]).toEqual({
            method: 'cash',
            expected: figures.expectedCash,
            counted: countTotal(drawer),
            overShort: countTotal(drawer) - figures.expectedCash,
          });
          // Methods entered count as entered (the last entry of a method wins); others as expected.
          for (const row of rows.slice(1)) {
            const entered = otherCounted.findLast((o) => o.method === row.method);
            expect(row.counted).toBe(entered ? entered.amount : row.expected);
          }
          // The day sums shift by shift: over/short adds up like its parts.
          const day = sumReconciliations([rows, rows]);
          for (const row of day) {
            const one = rows.find((r) => r.method === row.method)!;
            expect(row).toEqual({
              method: row.method,
              expected: 2 * one.expected,
              counted: 2 * one.counted!,
              overShort: 2 * one.overShort!,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('method names from an old journal (`constructor`, `__proto__`) are sums, never keys of Object.prototype', () => {
    const figures = shiftFigures({
      float: 0,
      sales: [
        { orderNo: 'x', state: 'issued', totalAmount: 10, payments: [['constructor', 10]] },
        { orderNo: 'y', state: 'issued', totalAmount: 5, payments: [['__proto__', 5]] },
      ],
      returns: [],
      movements: [],
    });
    expect(figures.net).toEqual([
      { method: '__proto__', amount: 5 },
      { method: 'constructor', amount: 10 },
    ]);
    expect(({} as Record<string, unknown>).amount).toBeUndefined();
  });
});

describe('the session’s idle lock', () => {
  it('locks after idleMs without activity, on an injected clock; 0 never locks', () => {
    let now = 0;
    const session = createSession(() => now);
    const amy = { id: 'A01', name: 'Amy', active: true, supervisor: false };
    expect(session.state()).toEqual({ cashier: null, lockReason: 'not-signed-in' });
    session.signIn(amy);
    now = 59_999;
    expect(session.expire(60_000)).toBeNull();
    session.touch();
    now += 60_000;
    expect(session.expire(0)).toBeNull();
    expect(session.expire(60_000)).toEqual(amy);
    expect(session.state()).toEqual({ cashier: null, lockReason: 'idle' });
    session.touch(); // activity on a locked till does not unlock it
    expect(session.state().cashier).toBeNull();
  });
});

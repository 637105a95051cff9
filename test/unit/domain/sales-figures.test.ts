import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { salesFigures, type FigureReturn, type FigureSale } from '../../../src/shared/domain';

const sale = (invoiceNumber: string, payments: Array<[string, number]>, state = 'issued'): FigureSale => ({
  invoiceNumber,
  state,
  payments,
});
const voidOf = (invoiceNumber: string, payments: Array<[string, number]>, reissue = false): FigureReturn => ({
  kind: 'void',
  state: 'done',
  invoiceNumber,
  allowanceNumber: null,
  totalAmount: payments.reduce((sum, [, amount]) => sum + amount, 0),
  refunds: reissue ? [] : payments,
  salePayments: payments,
  reissue,
});

/** Issue 22, item 15: the one set of figures, by hand and as properties. */
describe('salesFigures', () => {
  it('by hand: a day of sales, a void, an allowance, its void and a 改開', () => {
    const figures = salesFigures(
      [
        sale('AB00000001', [['cash', 500]]),
        sale('AB00000002', [['card', 300]]),
        sale('AB00000003', [['cash', 200]]),
        sale('AB00000004', [['cash', 660]]),
        sale('AB00000005', [['cash', 660]]), // the 改開's new invoice
        sale('CD00000010', [
          ['cash', 100],
          ['card', 50],
        ]),
        sale('AB00000009', [['cash', 999]], 'rejected'), // no invoice: not counted
      ],
      [
        voidOf('AB00000003', [['cash', 200]]),
        voidOf('AB00000004', [['cash', 660]], true),
        {
          ...voidOf('AB00000002', []),
          kind: 'allowance',
          allowanceNumber: 'T01000001',
          totalAmount: 100,
          refunds: [['card', 100]],
        },
        {
          ...voidOf('CD00000010', []),
          kind: 'allowance',
          allowanceNumber: 'T01000002',
          totalAmount: 30,
          refunds: [['cash', 30]],
        },
        {
          ...voidOf('CD00000010', []),
          kind: 'allowance-void',
          allowanceNumber: 'T01000002',
          totalAmount: 30,
          refunds: [['cash', 30]],
        },
        { ...voidOf('AB00000001', [['cash', 500]]), state: 'needs-verification' }, // not done: not counted
      ],
    );
    expect(figures.byMethod).toEqual([
      { method: 'cash', gross: 2120, voids: 860, allowances: 0, net: 1260 },
      { method: 'card', gross: 350, voids: 0, allowances: 100, net: 250 },
    ]);
    expect(figures.total).toEqual({ gross: 2470, voids: 860, allowances: 100, net: 1510 });
    expect(figures.issuedCount).toBe(6);
    expect(figures.tracks).toEqual([
      { track: 'AB', first: 'AB00000001', last: 'AB00000005', count: 5 },
      { track: 'CD', first: 'CD00000010', last: 'CD00000010', count: 1 },
    ]);
    expect(figures.voids).toEqual([
      { invoiceNumber: 'AB00000003', amount: 200, reissue: false },
      { invoiceNumber: 'AB00000004', amount: 660, reissue: true },
    ]);
    expect(figures.allowances).toEqual([
      { allowanceNumber: 'T01000001', invoiceNumber: 'AB00000002', amount: 100 },
      { allowanceNumber: 'T01000002', invoiceNumber: 'CD00000010', amount: 30 },
      { allowanceNumber: 'T01000002', invoiceNumber: 'CD00000010', amount: -30 },
    ]);
  });

  const method = fc.constantFrom('cash', 'card', 'other', 'constructor', '__proto__');
  const pairs = fc.array(fc.tuple(method, fc.integer({ min: 0, max: 100_000 })), {
    minLength: 1,
    maxLength: 3,
  });
  const sales = fc.array(
    fc.record({
      invoiceNumber: fc.stringMatching(/^[A-Z]{2}\d{8}$/),
      state: fc.constantFrom('issued', 'issued', 'rejected'),
      payments: pairs,
    }),
    { maxLength: 20 },
  );
  const returns = fc.array(
    fc.record({
      kind: fc.constantFrom('void', 'allowance', 'allowance-void') as fc.Arbitrary<FigureReturn['kind']>,
      state: fc.constantFrom('done', 'done', 'in-flight'),
      invoiceNumber: fc.stringMatching(/^[A-Z]{2}\d{8}$/),
      allowanceNumber: fc.option(fc.stringMatching(/^T\d{8}$/), { nil: null }),
      totalAmount: fc.integer({ min: 0, max: 100_000 }),
      refunds: pairs,
      salePayments: pairs,
      reissue: fc.boolean(),
    }),
    { maxLength: 10 },
  );

  it('per method and in total: net = gross − voids − allowances; the total is the methods’ sum', () => {
    fc.assert(
      fc.property(sales, returns, (s, r) => {
        const figures = salesFigures(s, r);
        for (const row of figures.byMethod) expect(row.net).toBe(row.gross - row.voids - row.allowances);
        for (const part of ['gross', 'voids', 'allowances', 'net'] as const) {
          expect(figures.total[part]).toBe(figures.byMethod.reduce((sum, row) => sum + row[part], 0));
        }
        const issued = s.filter((x) => x.state === 'issued');
        expect(figures.issuedCount).toBe(issued.length);
        expect(figures.tracks.reduce((sum, track) => sum + track.count, 0)).toBe(issued.length);
        expect(figures.voids.length + figures.allowances.length).toBe(
          r.filter((x) => x.state === 'done').length,
        );
      }),
    );
  });

  it('a 改開 (void of the old number, issue of the new) leaves the net as the money taken once', () => {
    fc.assert(
      fc.property(sales, pairs, (s, paid) => {
        const before = salesFigures([...s, sale('ZZ00000001', paid)], []);
        const after = salesFigures(
          [...s, sale('ZZ00000001', paid), sale('ZZ00000002', paid)],
          [voidOf('ZZ00000001', paid, true)],
        );
        expect(after.total.net).toBe(before.total.net);
        for (const row of after.byMethod) {
          expect(row.net).toBe(before.byMethod.find((b) => b.method === row.method)!.net);
        }
      }),
    );
  });
});

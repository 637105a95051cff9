import { describe, expect, it } from 'vitest';
import { cartTotal, lineSubtotal, splitTax } from '../../../src/shared/domain';
import {
  allocate,
  cartTotals,
  finalAmounts,
  orderDiscountAmount,
  toCheckoutLines,
  unitPriceFor,
  type CartLine,
} from '../../../src/renderer/src/sell/cart-math';

let id = 0;
const line = (patch: Partial<CartLine> & Pick<CartLine, 'listPrice'>): CartLine => ({
  id: ++id,
  code: `P${id}`,
  name: `商品${id}`,
  taxType: 'taxable',
  priceOverride: null,
  quantity: 1,
  discount: 0,
  voided: false,
  ...patch,
});

describe('cart math on the shared money rules', () => {
  it('allocates whole dollars in proportion, adding up exactly', () => {
    expect(allocate(10, [79, 30])).toEqual([7, 3]);
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    for (const [amount, weights] of [
      [13, [17, 29, 31, 5]],
      [99, [100, 1]],
      [1, [3, 3, 3]],
    ] as const) {
      expect(allocate(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });

  it('rounds a percentage order discount once and never beyond what is left to pay', () => {
    expect(orderDiscountAmount({ kind: 'percent', value: 10 }, 125)).toBe(13); // 12.5 → 13
    expect(orderDiscountAmount({ kind: 'amount', value: 500 }, 120)).toBe(120);
    expect(orderDiscountAmount(null, 120)).toBe(0);
  });

  it('finds a unit price that multiplies back to the amount', () => {
    expect(unitPriceFor(100, 3)).toBe(33.3333);
    expect(lineSubtotal(3, 33.3333)).toBe(100);
    expect(unitPriceFor(27, 2)).toBe(13.5);
    for (let quantity = 1; quantity <= 9999; quantity += 97) {
      for (const amount of [1, 99, 1234, 99_999])
        expect(lineSubtotal(quantity, unitPriceFor(amount, quantity))).toBe(amount);
    }
  });

  it('sends every discount inside tax-inclusive unit prices, per line and so per tax type', () => {
    const bento = line({ listPrice: 79 });
    const paper = line({ listPrice: 15, quantity: 2, taxType: 'exempt' });
    const lines = [bento, paper];
    const order = toCheckoutLines(lines, { kind: 'amount', value: 10 });
    expect(order).toEqual([
      { name: bento.name, quantity: 1, unitPrice: 72, taxType: 'taxable', listPrice: 79, discount: 7 },
      { name: paper.name, quantity: 2, unitPrice: 13.5, taxType: 'exempt', listPrice: 15, discount: 3 },
    ]);
    // The invoice the engine builds from these lines totals what the customer pays.
    const totals = cartTotals(lines, { kind: 'amount', value: 10 });
    expect(totals.total).toBe(99);
    expect(cartTotal(order)).toBe(99);
    const split = splitTax(order, 'C');
    expect(split.ok && split.amounts).toMatchObject({
      taxType: '9',
      salesAmount: 72,
      freeTaxSalesAmount: 27,
      totalAmount: 99,
    });
    expect(totals.byTaxType).toEqual({ taxable: 72, zero: 0, exempt: 27 });
  });

  it('keeps undiscounted lines at their own (even fractional) price, drops voided lines, and sums the figures', () => {
    const weighed = line({ listPrice: 12.5, quantity: 3 }); // 37.5 → 38
    const overridden = line({ listPrice: 35, priceOverride: 30, quantity: 2, discount: 12 }); // 60 − 12
    const voided = line({ listPrice: 199, voided: true });
    const lines = [weighed, overridden, voided];
    expect(toCheckoutLines(lines, null)).toEqual([
      { name: weighed.name, quantity: 3, unitPrice: 12.5, taxType: 'taxable' },
      { name: overridden.name, quantity: 2, unitPrice: 24, taxType: 'taxable', listPrice: 35, discount: 12 },
    ]);
    expect(cartTotals(lines, null)).toMatchObject({
      gross: 98,
      lineDiscounts: 12,
      orderDiscount: 0,
      total: 86,
      itemCount: 5,
      activeLines: 2,
    });
  });

  it('matches the customer total for many random carts with mixed tax and discounts', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let cart = 0; cart < 300; cart++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const l = line({
          listPrice: 1 + Math.floor(random() * 500),
          quantity: 1 + Math.floor(random() * 20),
          taxType: (['taxable', 'zero', 'exempt'] as const)[Math.floor(random() * 3)]!,
        });
        const gross = lineSubtotal(l.quantity, l.listPrice);
        return { ...l, discount: random() < 0.3 ? Math.floor(random() * gross) : 0 };
      });
      const discount =
        random() < 0.5 ? ({ kind: 'percent', value: Math.floor(random() * 40) } as const) : null;
      const totals = cartTotals(lines, discount);
      const order = toCheckoutLines(lines, discount);
      expect(cartTotal(order)).toBe(totals.total);
      expect([...finalAmounts(lines, discount).values()].reduce((a, b) => a + b, 0)).toBe(totals.total);
      expect(totals.gross - totals.lineDiscounts - totals.orderDiscount).toBe(totals.total);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import { businessTwoLineOrder, BY, useReturnsRig } from './harness';

/**
 * Refunds pinned to amounts worked out by hand from profile §3-§4, never with the formula under
 * test: a B allowance for part of a line, C and B part quantities whose shares divide with a
 * remainder, halves. Each goes through the real till (journal), over real HTTP, to the training
 * service, whose own reading of the rules (profile-rules.ts) must accept it; the service's record
 * (admin look-up) holds exactly these sums.
 */
describe('returns: refunds pinned by hand (profile §3, §4)', () => {
  const rig = useReturnsRig('returns-pinned');

  const returnItems = (orderNo: string, items: Array<{ sequence: string; quantity: number }>) =>
    rig.till.returns.submit({ kind: 'return', orderNo, items, reason: '退貨' }, BY);

  it('B: 1 of 2 chairs at 1,050 refunds NT$1,050, sent as 1,000 + 50 tax; then the other, then shipping', async () => {
    // The invoice: chairs 2 × 1,050 = 2,100 → pre-tax 2,000; shipping 100 → 95; tax 105.
    const sale = await rig.till.engine.submit(businessTwoLineOrder());
    expect(sale.state).toBe('issued');

    const plan = rig.till.returns.plan(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(plan).toMatchObject({
      kind: 'allowance',
      totalAmount: 1050,
      salesAmount: 1000,
      taxAmount: 50,
      lines: [{ sequence: '001', quantity: 1, refundAmount: 1050, amount: 1000, tax: 50 }],
      refunds: [{ method: 'card', amount: 1050 }],
    });
    const first = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(first).toMatchObject({ kind: 'allowance', state: 'done' });
    expect(rig.till.journal.getReturn(first.returnId)!.lines).toMatchObject([
      { sequence: '001', quantity: 1, amount: 1000, tax: 50 },
    ]);

    // The other chair: what is left of the line, the same 1,000 + 50.
    const second = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(rig.till.journal.getReturn(second.returnId)!.lines).toMatchObject([
      { sequence: '001', quantity: 1, amount: 1000, tax: 50 },
    ]);
    // Shipping: pre-tax 95, tax round(4.75) = 5, refund 100 (what was paid for it).
    const shipping = await returnItems(sale.orderNo, [{ sequence: '002', quantity: 1 }]);
    expect(rig.till.journal.getReturn(shipping.returnId)!.lines).toMatchObject([
      { sequence: '002', quantity: 1, amount: 95, tax: 5 },
    ]);

    const lookup = await rig.svc.lookup(sale.orderNo);
    expect(lookup.Allowances!.map(({ TotalAmount, TaxAmount }) => [TotalAmount, TaxAmount])).toEqual([
      [1000, 50],
      [1000, 50],
      [95, 5],
    ]);
    // Everything came back: 1,050 + 1,050 + 100 = 2,200, what the customer paid.
    expect(rig.till.journal.returnedLines(sale.orderNo)).toMatchObject([
      { remainingQuantity: 0, remainingAmount: 0 },
      { remainingQuantity: 0, remainingAmount: 0 },
    ]);
  });

  it('B: an amount off a line (tax-inclusive 105) is 100 + 5', async () => {
    const sale = await rig.till.engine.submit(businessTwoLineOrder());
    const result = await rig.till.returns.submit(
      { kind: 'allowance', orderNo: sale.orderNo, items: [{ sequence: '001', amount: 105 }], reason: '折價' },
      BY,
    );
    expect(result.state).toBe('done');
    expect(rig.till.journal.getReturn(result.returnId)!.lines).toMatchObject([
      { sequence: '001', quantity: 0, amount: 100, tax: 5 },
    ]);
    expect((await rig.svc.lookup(sale.orderNo)).Allowances).toMatchObject([
      { TotalAmount: 100, TaxAmount: 5 },
    ]);
  });

  it('B: 2 of 3 at 350 (pre-tax line 1,000): 666.67 → 667 + 33 = 700, then the last 333 + 17 = 350', async () => {
    const order: CheckoutOrder = {
      ...businessTwoLineOrder(),
      lines: [{ name: '檯燈', quantity: 3, unitPrice: 350, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 1050 }],
    };
    const sale = await rig.till.engine.submit(order);
    expect(sale.state).toBe('issued');
    const two = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 2 }]);
    expect(two.state).toBe('done');
    expect(rig.till.journal.getReturn(two.returnId)!.lines).toMatchObject([
      { quantity: 2, amount: 667, tax: 33 },
    ]);
    const last = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(last.state).toBe('done');
    expect(rig.till.journal.getReturn(last.returnId)!.lines).toMatchObject([
      { quantity: 1, amount: 333, tax: 17 },
    ]);
    expect((await rig.svc.lookup(sale.orderNo)).Allowances!.map((a) => [a.TotalAmount, a.TaxAmount])).toEqual(
      [
        [667, 33],
        [333, 17],
      ],
    );
  });

  it('B: 3 at 350 returned one at a time: 333 + 17 = 350 each, the last one too (was 334 + 16, refused)', async () => {
    // The last lamp's pre-tax rest is 334, whose 5 % (16.7 → 17) would refund 351 of the 350 the
    // customer paid. Cutting the tax to 16 breaks the profile's per-line rule (Tax = round(Amount ×
    // 5 %)) and the service refuses it ("Totals do not match lines"): the customer could not return
    // the last lamp. The capped refund lowers the Amount instead: 333 + 17.
    const order: CheckoutOrder = {
      ...businessTwoLineOrder(),
      lines: [{ name: '檯燈', quantity: 3, unitPrice: 350, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 1050 }],
    };
    const sale = await rig.till.engine.submit(order);
    expect(sale.state).toBe('issued');
    const refunds: Array<[number, number, number]> = [];
    for (let i = 0; i < 3; i++) {
      const one = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
      expect(one.state, `lamp ${i + 1}`).toBe('done');
      const [line] = rig.till.journal.getReturn(one.returnId)!.lines;
      refunds.push([line!.refundAmount, line!.amount, line!.tax]);
    }
    expect(refunds).toEqual([
      [350, 333, 17],
      [350, 333, 17],
      [350, 333, 17],
    ]);
    expect((await rig.svc.lookup(sale.orderNo)).Allowances!.map((a) => [a.TotalAmount, a.TaxAmount])).toEqual(
      [
        [333, 17],
        [333, 17],
        [333, 17],
      ],
    );
  });

  it('C: 1 of 3 at 33.5 (line 100.5 → 101) refunds 34 = 32 + 2; the other two 67 = 64 + 3', async () => {
    const order: CheckoutOrder = {
      lines: [{ name: '貼紙', quantity: 3, unitPrice: 33.5, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 101 }],
      invoice: { kind: 'paper' },
    };
    const sale = await rig.till.engine.submit(order);
    expect(sale.state).toBe('issued');
    // 101 × 1/3 = 33.67 → 34; 34 / 1.05 = 32.38 → 32, tax 2.
    const plan = rig.till.returns.plan(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(plan.lines).toMatchObject([{ refundAmount: 34, amount: 32, tax: 2 }]);
    const one = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(one.state).toBe('done');
    // The rest: 101 − 34 = 67; 67 / 1.05 = 63.81 → 64 (a remainder above .5), tax 3.
    const rest = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 2 }]);
    expect(rest.state).toBe('done');
    expect(rig.till.journal.getReturn(rest.returnId)!.lines).toMatchObject([
      { quantity: 2, amount: 64, tax: 3 },
    ]);
    expect((await rig.svc.lookup(sale.orderNo)).Allowances!.map((a) => [a.TotalAmount, a.TaxAmount])).toEqual(
      [
        [32, 2],
        [64, 3],
      ],
    );
  });

  it('C: 1 of 3 at 31 refunds 31 = 30 + 1 (31 / 1.05 = 29.52, up)', async () => {
    const order: CheckoutOrder = {
      lines: [{ name: '筆記本', quantity: 3, unitPrice: 31, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 93 }],
      invoice: { kind: 'paper' },
    };
    const sale = await rig.till.engine.submit(order);
    const one = await returnItems(sale.orderNo, [{ sequence: '001', quantity: 1 }]);
    expect(one.state).toBe('done');
    expect(rig.till.journal.getReturn(one.returnId)!.lines).toMatchObject([{ amount: 30, tax: 1 }]);
    expect((await rig.svc.lookup(sale.orderNo)).Allowances).toMatchObject([
      { TotalAmount: 30, TaxAmount: 1 },
    ]);
  });
});

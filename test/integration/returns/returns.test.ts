import { describe, expect, it } from 'vitest';
import { TillError } from '../../../src/main/core/errors';
import { businessTwoLineOrder, BY, twoLineOrder, useReturnsRig } from './harness';

describe('returns over the standard API: the till chooses void or allowance', () => {
  const rig = useReturnsRig('returns-choice');

  it('voids the whole sale within its period, refunded by its methods', async () => {
    const sale = await rig.till.engine.submit(twoLineOrder());
    expect(sale.state).toBe('issued');
    const plan = rig.till.returns.plan(sale.orderNo);
    expect(plan.kind).toBe('void');
    expect(plan.refunds).toEqual([
      { method: 'cash', amount: 200 },
      { method: 'card', amount: 145 },
    ]);
    const before = rig.relay.connections();
    const result = await rig.till.returns.submit(
      { kind: 'return', orderNo: sale.orderNo, reason: '客人退貨' },
      BY,
    );
    expect(result).toMatchObject({ kind: 'void', state: 'done', invoiceNumber: sale.invoiceNumber });
    expect(rig.relay.connections() - before).toBe(1);
    const lookup = await rig.svc.lookup(sale.orderNo);
    expect(lookup.Voided).toBe(true);
    expect(rig.till.journal.voidState(sale.orderNo)).toBe('voided');
  });

  it('makes an allowance for part of a sale (C: Amount = round(R/1.05), Tax = R − Amount)', async () => {
    const sale = await rig.till.engine.submit(twoLineOrder());
    const plan = rig.till.returns.plan(sale.orderNo, [{ sequence: '002', quantity: 1 }]);
    expect(plan.kind).toBe('allowance');
    expect(plan.lines).toEqual([
      { sequence: '002', name: '飲料', quantity: 1, refundAmount: 35, amount: 33, tax: 2 },
    ]);
    const result = await rig.till.returns.submit(
      { kind: 'return', orderNo: sale.orderNo, items: [{ sequence: '002', quantity: 1 }], reason: '瑕疵' },
      BY,
    );
    expect(result.state).toBe('done');
    const prefix = rig.till.journal.getReturn(result.returnId)!.allowancePrefix!;
    expect(result.allowanceNumber).toBe(`${prefix}001`);
    const lookup = await rig.svc.lookup(sale.orderNo);
    expect(lookup.Allowances).toEqual([
      { AllowanceNumber: result.allowanceNumber, TotalAmount: 33, TaxAmount: 2, Voided: false },
    ]);
    // After an allowance, even the rest of the sale is an allowance, never a void.
    expect(rig.till.returns.plan(sale.orderNo).kind).toBe('allowance');
    // An amount (tax-inclusive) on the rest of line 001.
    const amount = await rig.till.returns.submit(
      { kind: 'allowance', orderNo: sale.orderNo, items: [{ sequence: '001', amount: 30 }], reason: '折價' },
      BY,
    );
    expect(amount.state).toBe('done');
    const line = rig.till.journal.returnedLines(sale.orderNo);
    expect(line[0]).toMatchObject({ returnedQuantity: 0, returnedAmount: 30, remainingAmount: 210 });
    expect(line[1]).toMatchObject({ returnedQuantity: 1, remainingQuantity: 2 });
    // Cancel the first allowance: the line is whole again.
    const cancelled = await rig.till.returns.submit(
      { kind: 'cancel-allowance', allowanceNumber: result.allowanceNumber!, reason: '誤開' },
      BY,
    );
    expect(cancelled).toMatchObject({ kind: 'cancel-allowance', state: 'done' });
    const after = await rig.svc.lookup(sale.orderNo);
    expect(after.Allowances!.find((a) => a.AllowanceNumber === result.allowanceNumber)!.Voided).toBe(true);
    expect(rig.till.journal.returnedLines(sale.orderNo)[1]).toMatchObject({ returnedQuantity: 0 });
  });

  it('splits a B invoice per line: Tax = round(Amount × 0.05) on the pre-tax line', async () => {
    const sale = await rig.till.engine.submit(businessTwoLineOrder());
    expect(sale.state).toBe('issued');
    const result = await rig.till.returns.submit(
      { kind: 'return', orderNo: sale.orderNo, items: [{ sequence: '001', quantity: 1 }], reason: '退一張' },
      BY,
    );
    expect(result.state).toBe('done');
    const record = rig.till.journal.getReturn(result.returnId)!;
    for (const line of record.lines) expect(line.tax).toBe(Math.round(line.amount * 0.05));
    // The rest of the sale, after the allowance: an allowance using up every line exactly.
    const rest = await rig.till.returns.submit({ kind: 'return', orderNo: sale.orderNo, reason: '全退' }, BY);
    expect(rest.state).toBe('done');
    expect(rest.kind).toBe('allowance');
  });

  it('voids after the period are refused with a clear reason; the allowance goes through', async () => {
    const sale = await rig.till.engine.submit(twoLineOrder());
    const later = new Date(Date.now() + 70 * 86_400_000);
    const { planReturn } = await import('../../../src/main/returns/plan');
    expect(planReturn(rig.till.journal, sale.orderNo, undefined, later).kind).toBe('allowance');
    expect(() => planReturn(rig.till.journal, sale.orderNo, undefined, later, 'void')).toThrow(/void window/);
  });

  it('bad input changes nothing: unknown invoice, beyond what is left, amount zero, a void with allowances', async () => {
    const sale = await rig.till.engine.submit(twoLineOrder());
    const entries = rig.till.journal.verifyChain().entries;
    const connections = rig.relay.connections();
    const attempts: Array<() => Promise<unknown>> = [
      () => rig.till.returns.submit({ kind: 'void', orderNo: 'T01-19990101-000001', reason: 'x' }, BY),
      () =>
        rig.till.returns.submit(
          {
            kind: 'allowance',
            orderNo: sale.orderNo,
            items: [{ sequence: '002', quantity: 4 }],
            reason: 'x',
          },
          BY,
        ),
      () =>
        rig.till.returns.submit(
          {
            kind: 'allowance',
            orderNo: sale.orderNo,
            items: [{ sequence: '009', quantity: 1 }],
            reason: 'x',
          },
          BY,
        ),
      () =>
        rig.till.returns.submit(
          { kind: 'allowance', orderNo: sale.orderNo, items: [{ sequence: '001', amount: 0 }], reason: 'x' },
          BY,
        ),
      () =>
        rig.till.returns.submit(
          {
            kind: 'allowance',
            orderNo: sale.orderNo,
            items: [{ sequence: '001', amount: 241 }],
            reason: 'x',
          },
          BY,
        ),
      () =>
        rig.till.returns.submit(
          { kind: 'cancel-allowance', allowanceNumber: 'Z990000001001', reason: 'x' },
          BY,
        ),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TillError);
      expect((error as TillError).bilingual.zh).toMatch(/[\u4e00-\u9fff]/);
      expect((error as TillError).bilingual.en.length).toBeGreaterThan(5);
    }
    expect(rig.till.journal.verifyChain().entries).toBe(entries);
    expect(rig.relay.connections()).toBe(connections);
    expect(rig.till.journal.returnsOf(sale.orderNo)).toEqual([]);
  });

  it('void and reissue (改開): a new sale with a tax ID, linked to the voided one', async () => {
    const sale = await rig.till.engine.submit(twoLineOrder());
    const result = await rig.till.returns.submit(
      {
        kind: 'void-and-reissue',
        orderNo: sale.orderNo,
        reason: '改開統編',
        invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
      },
      BY,
    );
    expect(result.state).toBe('done');
    expect(result.reissue?.state).toBe('issued');
    expect(result.reissue!.orderNo).not.toBe(sale.orderNo);
    expect(result.reissue!.invoiceNumber).not.toBe(sale.invoiceNumber);
    const reissued = rig.till.journal.get(result.reissue!.orderNo)!;
    expect(reissued.reissueOf).toBe(sale.orderNo);
    expect(reissued.totals.totalAmount).toBe(sale.totalAmount);
  });
});

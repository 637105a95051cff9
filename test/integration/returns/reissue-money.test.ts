import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalSummary } from '../../../src/shared/ipc/contract/journal';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { ZReport } from '../../../src/shared/ipc/contract/shifts';
import { order, PIN, textOf, useShiftRig } from '../shifts/harness';

/**
 * Issue 22, item 2, through the core: a 改開 moves no money. A cash sale of NT$660, then a 改開
 * to a tax ID: the day's cash sales stay NT$660 (the new sale took no cash), its cash refunds
 * NT$0 (the void gave nothing back), the expected cash what it was; the Z report lists the void
 * of the old number and the new number among the invoices issued.
 */
describe('a 改開 moves no money', () => {
  const rig = useShiftRig('returns-reissue-money');
  const today = taipeiBusinessDay(new Date());
  const block = async () =>
    (await rig.call<JournalSummary>('journal.summary', { businessDay: today })).training;

  it('cash sales 660, cash refunds 0, expected cash unchanged; void and new invoice by number on the Z', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    const sale = await rig.call<CheckoutResult>(
      'checkout.submit',
      order(
        [
          ['保溫杯', 2, 300],
          ['杯刷', 1, 60],
        ],
        [['cash', 660]],
      ),
    );
    const before = (await block()).drawer;
    expect(before).toMatchObject({ floats: 1000, cashSales: 660, cashRefunds: 0, expected: 1660 });

    const result = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void-and-reissue',
      orderNo: sale.orderNo,
      invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
      reason: '改統編',
      pin: PIN,
      by: '王店長',
    });
    expect(result.reissue).toMatchObject({ state: 'issued' });
    const reissued = (
      await rig.call<{ matches: Array<{ invoiceNumber: string }> }>('returns.find', {
        by: 'order',
        orderNo: result.reissue!.orderNo,
      })
    ).matches[0]!.invoiceNumber;

    const after = await block();
    expect(after.drawer).toEqual(before);
    // Money taken per method: the customer paid once.
    expect(after.byPaymentMethod['cash']).toEqual({ count: 1, amount: 660 });
    expect(after.net.byPaymentMethod['cash']!.amount).toBe(660);
    // The figures: a void of the old number, an issue of the new; net the money taken once.
    expect(after.figures.total).toEqual({ gross: 1320, voids: 660, allowances: 0, net: 660 });

    const shift = await rig.call<{ figures: { drawer: unknown; net: unknown } }>('shift.close', {
      count: { '1000': 1, '500': 1, '100': 1, '50': 1, '10': 1 },
    });
    expect(shift.figures.drawer).toEqual(before);
    expect(shift.figures.net).toEqual([{ method: 'cash', amount: 660 }]);

    const from = rig.printedCount();
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: true }));
    expect(z.figures.drawer).toEqual(before);
    expect(z.sales!.voids).toEqual([{ invoiceNumber: sale.invoiceNumber, amount: 660, reissue: true }]);
    const numbers = [sale.invoiceNumber!, reissued].sort();
    expect(z.sales!.tracks).toEqual([
      { track: numbers[0]!.slice(0, 2), first: numbers[0], last: numbers[1], count: 2 },
    ]);
    const slip = textOf(rig.printedSince(from));
    expect(slip).toMatch(new RegExp(`${sale.invoiceNumber} 改開\\s+-NT\\$660`));
    expect(slip).toContain(reissued);
    expect(slip).toMatch(/現金收款\s+NT\$660/);
    expect(slip).not.toContain('現金退款');
  });
});

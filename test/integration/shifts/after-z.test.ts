import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { ZReport } from '../../../src/shared/ipc/contract/shifts';
import { order, PIN, useShiftRig, type ShiftRig } from './harness';

/**
 * Issue 22 item 6: the Z report closes the business day at the till. After it, no shift opens and
 * no sale is made on that day (the refusal says why, in both languages, and nothing is written),
 * so every sale of the day is in its Z report: with cashiers (a shift) and without.
 */
const issuedToday = async (rig: ShiftRig, day: string) =>
  (await rig.call<Array<{ state: string }>>('journal.list', { businessDay: day })).filter(
    (item) => item.state === 'issued',
  ).length;

describe('after the Z report, the day takes no more shifts or sales (with cashiers)', () => {
  const rig = useShiftRig('shifts-after-z');
  const today = taipeiBusinessDay(new Date());

  it('a shift opened and a sale made after the Z are refused with the reason; every sale is in the Z', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    const sale = await rig.call<CheckoutResult>('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(sale.state).toBe('issued');
    await rig.call('shift.close', { count: { '1000': 1, '10': 3 } });
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: false }));

    const before = await rig.head();
    const refused = await rig.refusal('shift.open', { float: { '1000': 1 } });
    expect(refused.code).toBe('day-closed');
    expect(refused.message.zh).toContain('日結');
    expect(refused.message.zh).toContain('Z0001');
    expect(refused.message.en).toContain('next business day');
    const sold = await rig.refusal('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(sold.code).not.toBe('ok');
    expect(await rig.head()).toBe(before);
    expect(await issuedToday(rig, today)).toBe(z.figures.sales.count);
  });
});

describe('after the Z report, the day takes no more sales (a till without cashiers)', () => {
  const rig = useShiftRig('shifts-after-z-no-cashiers');
  const today = taipeiBusinessDay(new Date());

  it('a sale after the Z is refused with the reason, no order number is used, every sale is in the Z', async () => {
    const sale = await rig.call<CheckoutResult>('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(sale.state).toBe('issued');
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: false }));
    expect(z.figures.sales).toEqual({ count: 1, amount: 30 });

    const before = await rig.head();
    const refused = await rig.refusal('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(refused.code).toBe('day-closed');
    expect(refused.message.zh).toContain('日結');
    expect(await rig.head()).toBe(before);
    expect(await issuedToday(rig, today)).toBe(z.figures.sales.count);
    expect(await rig.call('journal.verify')).toMatchObject({ ok: true, orderGaps: [] });
  });

  it('a return (void, allowance, 改開) begun after the Z is refused with the same reason; nothing is written', async () => {
    const sale = (
      await rig.call<Array<{ orderNo: string; state: string }>>('journal.list', { businessDay: today })
    ).find((item) => item.state === 'issued')!;
    const before = await rig.head();
    const supervisor = { pin: PIN, by: '王店長' };
    for (const request of [
      { kind: 'void', orderNo: sale.orderNo, reason: '客人退貨', ...supervisor },
      {
        kind: 'return',
        orderNo: sale.orderNo,
        items: [{ sequence: '001', quantity: 1 }],
        reason: '瑕疵',
        ...supervisor,
      },
      {
        kind: 'void-and-reissue',
        orderNo: sale.orderNo,
        invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
        reason: '改統編',
        ...supervisor,
      },
    ]) {
      const refused = await rig.refusal('returns.submit', request);
      expect(refused.code, request.kind).toBe('day-closed');
      expect(refused.message.zh).toContain('Z0001');
    }
    expect(await rig.head()).toBe(before);
  });
});

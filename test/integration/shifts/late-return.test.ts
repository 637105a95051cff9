import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { ShiftView, ZReport } from '../../../src/shared/ipc/contract/shifts';
import { kicks, order, PIN, useShiftRig } from './harness';

/**
 * Issue 22 item 5: money belongs to the shift in which it moved through the drawer. A void sent
 * in shift 1 comes back 待確認 (the lost-answer drill), shift 1 closes, and the supervisor settles
 * it in shift 2 with the status query: the drawer pays the refund out then, so shift 2 expects it
 * gone and shift 1 does not.
 *
 * The hand calculation (NT$):
 *   Shift 1: float 1,000; S1 cash 500 → expected 1,500 (the void is not done: nothing left the
 *     drawer); counted 1,500 → 0.
 *   Shift 2: float 1,000; the void of S1 settles done → cash refund 500 → expected 500;
 *     counted 500 → 0.
 *   Day: floats 2,000, cash sales 500, cash refunds 500 → expected 2,000 = 1,500 + 500; the Z's
 *     expected cash equals its reconciliation's expected, and over/short 0.
 */
describe('a return that settles after its shift closed is the money of the shift it settled in', () => {
  const rig = useShiftRig('shifts-late-return');
  const today = taipeiBusinessDay(new Date());
  let sale: CheckoutResult;
  let voided: ReturnResult;

  it('shift 1 sells for cash; its void comes back 待確認; shift 1 closes even', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('cashiers.save', { cashier: { id: 'B02', name: '李小華', pin: '2222' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    sale = await rig.call<CheckoutResult>('checkout.submit', order([['保溫杯', 1, 500]], [['cash', 500]]));
    expect(sale.state).toBe('issued');
    await rig.call('training.drill', { drill: 'lost-answer', pin: PIN });
    voided = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void',
      orderNo: sale.orderNo,
      reason: '客人退貨',
      pin: PIN,
    });
    expect(voided.state).toBe('needs-verification');
    const closed = ShiftView.parse(await rig.call('shift.close', { count: { '1000': 1, '500': 1 } }));
    expect(closed.reconciliation!.find((row) => row.method === 'cash')).toEqual({
      method: 'cash',
      expected: 1500,
      counted: 1500,
      overShort: 0,
    });
  });

  it('shift 2 settles the void: the drawer pays out, and shift 2 expects the refund gone', async () => {
    await rig.call('session.signIn', { cashierId: 'B02', pin: '2222' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    const from = rig.printedCount();
    const settled = await rig.call<ReturnResult>('returns.status', { returnId: voided.returnId, pin: PIN });
    expect(settled.state).toBe('done');
    expect(settled.refunds).toEqual([{ method: 'cash', amount: 500 }]);
    expect(kicks(rig.printedSince(from))).toBe(1);
    const closed = ShiftView.parse(await rig.call('shift.close', { count: { '500': 1 } }));
    expect(closed.figures!.expectedCash).toBe(500);
    expect(closed.reconciliation!.find((row) => row.method === 'cash')).toEqual({
      method: 'cash',
      expected: 500,
      counted: 500,
      overShort: 0,
    });
  });

  it('the Z report agrees with itself: its expected cash is its reconciliation’s, over/short 0', async () => {
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: false }));
    expect(z.figures.expectedCash).toBe(2000);
    expect(z.reconciliation.find((row) => row.method === 'cash')).toEqual({
      method: 'cash',
      expected: 2000,
      counted: 2000,
      overShort: 0,
    });
  });
});

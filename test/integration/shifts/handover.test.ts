import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { ShiftView, ZReport } from '../../../src/shared/ipc/contract/shifts';
import { order, PIN, useShiftRig } from './harness';

/**
 * Issue 22 item 14: cashier B takes over A's drawer as A counted it. It is one drawer, not new
 * money: the Z report counts it once.
 *
 * The hand calculation (NT$):
 *   Shift 1, 王小明: float 5 × 1000 = 5,000; S1 cash 807 → expected 5,807; counted
 *     5×1000 + 1×500 + 3×100 + 7×1 = 5,807 → 0.
 *   Shift 2, 李小華 takes over the drawer as counted (5,807): S2 cash 64 → expected 5,871;
 *     counted 5,871 → 0.
 *   Day (Z): floats 5,000 (the drawer taken over is not new money), cash sales 871, expected
 *     5,000 + 871 = 5,871 = what the drawer holds; counted 5,871; over/short 0.
 *   Before the fix the Z said floats 10,807 and expected 11,678 for a drawer holding 5,871.
 */
describe('a drawer handed over between shifts is one drawer', () => {
  const rig = useShiftRig('shifts-handover');
  const today = taipeiBusinessDay(new Date());
  const a = { '1000': 5, '500': 1, '100': 3, '1': 7 };

  it('A sells and closes; B takes over the drawer as A counted it', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('cashiers.save', { cashier: { id: 'B02', name: '李小華', pin: '2222' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    // Nothing to take over yet: the first shift of the till counts its float.
    const none = await rig.refusal('shift.open', { takeOver: true });
    expect(none.code).toBe('no-drawer-to-take-over');
    expect(none.message.zh).toContain('點算');
    await rig.call('shift.open', { float: { '1000': 5 } });
    const s1 = await rig.call<CheckoutResult>('checkout.submit', order([['禮盒', 1, 807]], [['cash', 807]]));
    expect(s1.state).toBe('issued');
    await rig.call('shift.close', { count: a });

    await rig.call('session.signIn', { cashierId: 'B02', pin: '2222' });
    const opened = ShiftView.parse(await rig.call('shift.open', { takeOver: true }));
    expect(opened).toMatchObject({ number: 2, openedBy: '李小華', takenOverFrom: 1 });
    const s2 = await rig.call<CheckoutResult>('checkout.submit', order([['可樂', 2, 32]], [['cash', 64]]));
    expect(s2.state).toBe('issued');
    const closed = ShiftView.parse(
      await rig.call('shift.close', { count: { ...a, '50': 1, '10': 1, '1': 11 } }),
    );
    expect(closed.figures!.drawer).toEqual({
      floats: 0,
      takenOver: 5807,
      cashSales: 64,
      cashRefunds: 0,
      paidIn: 0,
      paidOut: 0,
      cashDrops: 0,
      expected: 5871,
    });
    expect(closed.reconciliation!.find((row) => row.method === 'cash')).toEqual({
      method: 'cash',
      expected: 5871,
      counted: 5871,
      overShort: 0,
    });
    // The drawer cannot be taken over twice.
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { takeOver: true });
    await rig.call('shift.close', { count: { ...a, '50': 1, '10': 1, '1': 11 } });
  });

  it('the Z report counts the handed-over drawer once', async () => {
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: false }));
    expect(z.figures.float).toBe(5000);
    expect(z.figures.drawer).toEqual({
      floats: 5000,
      takenOver: 0,
      cashSales: 871,
      cashRefunds: 0,
      paidIn: 0,
      paidOut: 0,
      cashDrops: 0,
      expected: 5871,
    });
    expect(z.figures.expectedCash).toBe(5871);
    expect(z.reconciliation.find((row) => row.method === 'cash')).toEqual({
      method: 'cash',
      expected: 5871,
      counted: 5871,
      overShort: 0,
    });
  });
});

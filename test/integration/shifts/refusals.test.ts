import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { ShiftView } from '../../../src/shared/ipc/contract/shifts';
import { postCoreAdmin } from '../../support/pos-client';
import { kicks, order, PIN, useShiftRig } from './harness';

/**
 * Bad input gets a clear message in both languages and changes nothing: no journal entry (the
 * chain head stays where it was), no drawer kick, the shift as it was.
 */
describe('refusals of shifts and the Z report change nothing', () => {
  const rig = useShiftRig('shifts-refusals');
  const today = taipeiBusinessDay(new Date());
  const currentShift = async () =>
    ((await rig.call<{ shift: ShiftView | null }>('session.current')).shift ?? null) as ShiftView | null;

  /** Calls `method` expecting `code`, and checks the journal and the printer did not move. */
  const refusedUnchanged = async (method: string, payload: unknown, code: string) => {
    const head = await rig.head();
    const printed = rig.printedCount();
    const error = await rig.refusal(method, payload);
    expect(error.code, `${method}: ${error.message.en}`).toBe(code);
    expect(error.message.zh.length).toBeGreaterThan(0);
    expect(error.message.en.length).toBeGreaterThan(0);
    expect(await rig.head(), method).toBe(head);
    expect(rig.printedCount(), method).toBe(printed);
    return error;
  };

  it('sets up: one cashier signed in; no Z copy before a Z; a paid-out needs an open shift', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1357' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1357' });
    await refusedUnchanged('day.zReportCopy', { businessDay: today, pin: PIN }, 'z-report-not-found');
    await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-out', amount: 10, reason: '零用', pin: PIN },
      'shift-not-open',
    );
    await refusedUnchanged('shift.close', { count: {} }, 'shift-not-open');
    await refusedUnchanged('shift.xReport', { pin: PIN }, 'shift-not-open');
  });

  it('refuses a negative count, a piece count that is not whole, and a note that does not exist (schema)', async () => {
    await refusedUnchanged('shift.open', { float: { '100': -1 } }, 'invalid-input');
    await refusedUnchanged('shift.open', { float: { '100': 1.5 } }, 'invalid-input');
    const unknown = await refusedUnchanged('shift.open', { float: { '2000': 1 } }, 'invalid-input');
    expect(unknown.message.zh).toContain('shift.open');
    await refusedUnchanged('shift.open', { float: { '100': 100_001 } }, 'invalid-input');
    // As a payload arrives: `__proto__` an own key (JSON.parse), not the object's prototype.
    await refusedUnchanged('shift.open', JSON.parse('{"float":{"__proto__":1}}'), 'invalid-input');
    await refusedUnchanged('shift.open', JSON.parse('{"float":{"constructor":1}}'), 'invalid-input');
    expect(await currentShift()).toBeNull();
    await rig.call('shift.open', { float: { '100': 10 } }); // NT$1,000 float
    await refusedUnchanged('shift.close', { count: { '500': -2 } }, 'invalid-input');
    await refusedUnchanged(
      'shift.close',
      { count: {}, otherCounted: [{ method: 'card', amount: -5 }] },
      'invalid-input',
    );
    await refusedUnchanged(
      'shift.close',
      { count: {}, otherCounted: [{ method: 'cash', amount: 5 }] },
      'invalid-input',
    );
    expect(await currentShift()).toMatchObject({ state: 'open' });
  });

  it('refuses a paid-out beyond the drawer’s expected cash (sales and paid-outs so far included)', async () => {
    expect(
      (await rig.call<CheckoutResult>('checkout.submit', order([['可樂', 2, 100]], [['cash', 200]]))).state,
    ).toBe('issued');
    // Expected now: 1,000 + 200 = 1,200.
    const error = await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-out', amount: 1201, reason: '零用金', pin: PIN },
      'paid-out-beyond-drawer',
    );
    expect(error.message.zh).toContain('NT$1,201');
    // Blind count: the refusal never tells the cashier what the drawer should hold.
    expect(`${error.message.zh} ${error.message.en}`).not.toContain('1,200');
    const from = rig.printedCount();
    await rig.call('shift.cashMovement', { kind: 'paid-out', amount: 700, reason: '零用金', pin: PIN });
    expect(kicks(rig.printedSince(from))).toBe(1);
    await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-out', amount: 501, reason: '零用金', pin: PIN },
      'paid-out-beyond-drawer',
    );
    // A reason is required, an amount is whole and above zero (schema).
    await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-in', amount: 10, reason: '  ', pin: PIN },
      'invalid-input',
    );
    await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-in', amount: 0, reason: '找零', pin: PIN },
      'invalid-input',
    );
    await refusedUnchanged(
      'shift.cashMovement',
      { kind: 'paid-in', amount: 10, reason: '找零', pin: '0000' },
      'pin-wrong',
    );
  });

  it('refuses the Z report while the shift is open, and for a day that has not come', async () => {
    const open = await refusedUnchanged('day.zReport', { businessDay: today, pin: PIN }, 'shift-still-open');
    expect(open.message.zh).toContain('尚未交班');
    await refusedUnchanged('day.zReport', { businessDay: '2999-01-01', pin: PIN }, 'z-report-future-day');
    await refusedUnchanged('day.zReport', { businessDay: today }, 'pin-required');
  });

  it('refuses to close the shift while a sale is in flight, then closes once it has its outcome', async () => {
    const delayed = await postCoreAdmin(rig.core, 'faults', {
      kind: 'delay-before',
      count: 1,
      ms: 1500,
    });
    expect(delayed.status).toBe(200);
    const pending = rig.call<CheckoutResult>('checkout.submit', order([['便當', 1, 90]], [['cash', 90]]));
    // Wait until the journal holds the sale in flight (written before the request goes out).
    for (let i = 0; i < 100; i++) {
      const items = await rig.call<Array<{ state: string }>>('journal.list', { businessDay: today });
      if (items.some((item) => item.state === 'in-flight')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const error = await rig.refusal('shift.close', { count: { '100': 5 } });
    expect(error.code).toBe('sale-in-flight');
    expect(error.message.zh).toContain('正在傳送');
    expect(await currentShift()).toMatchObject({ state: 'open' });
    expect((await pending).state).toBe('issued');
    // Expected: 1,000 + 200 − 700 + 90 = 590; counted 590.
    const closed = ShiftView.parse(
      await rig.call('shift.close', { count: { '100': 5, '50': 1, '10': 4 }, print: false }),
    );
    expect(closed.reconciliation).toEqual([{ method: 'cash', expected: 590, counted: 590, overShort: 0 }]);
  });

  it('makes the Z report once; a second is refused and changes nothing', async () => {
    const z = await rig.call<{ number: number }>('day.zReport', {
      businessDay: today,
      pin: PIN,
      print: false,
    });
    expect(z.number).toBe(1);
    await refusedUnchanged('day.zReport', { businessDay: today, pin: PIN }, 'z-report-exists');
    // The next day's Z report is number 2 (a past day without one may still be made).
    const earlier = await rig.call<{ number: number; figures: { sales: { count: number } } }>('day.zReport', {
      businessDay: '2020-01-01',
      pin: PIN,
      print: false,
    });
    expect(earlier).toMatchObject({ number: 2, figures: { sales: { count: 0 } } });
  });
});

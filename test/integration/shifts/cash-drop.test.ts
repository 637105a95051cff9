import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { ShiftFigures, ShiftView, ZReport } from '../../../src/shared/ipc/contract/shifts';
import { readCsv } from '../journal/csv-reader';
import { kicks, order, PIN, textOf, useShiftRig } from './harness';

/**
 * Issue 24, item 10: a cash drop (中途收大鈔) during a shift, through the core's handlers as the
 * hosts run them (real SQLite journal, real training service, a virtual printer on real TCP).
 * It is recorded like a paid-out: the supervisor PIN checked in main, a journal entry of who,
 * when, how much and why, the drawer opened; a wrong PIN, a drop larger than the drawer or a
 * malformed amount change nothing. The drop is a part of the expected cash of its own, on the X
 * report, the shift close, the Z report, their slips, the day summary and the exports.
 *
 * The hand calculation (NT$):
 *   float 1 × 1,000                                                 1,000
 *   cash sale 3 × 5,000                                           + 15,000
 *   cash drop (large notes to the safe)                           − 10,000
 *   paid-out (petty cash)                                         −    100
 *   expected cash                                                 =  5,900
 *   counted 5 × 1,000 + 9 × 100                                   =  5,900  → even
 */
describe('a cash drop (中途收大鈔) with the supervisor PIN', () => {
  const rig = useShiftRig('shifts-cash-drop');
  const today = taipeiBusinessDay(new Date());
  const drawer = {
    floats: 1000,
    takenOver: 0,
    cashSales: 15_000,
    cashRefunds: 0,
    paidIn: 0,
    paidOut: 100,
    cashDrops: 10_000,
    expected: 5900,
  };
  const drop = { kind: 'cash-drop', amount: 10_000, reason: '存入保險箱' } as const;

  /** Calls `method` expecting `code`: no journal entry written, the drawer not kicked. */
  const refusedUnchanged = async (payload: Record<string, unknown>, code: string) => {
    const head = await rig.head();
    const printed = rig.printedCount();
    const error = await rig.refusal('shift.cashMovement', payload);
    expect(error.code, error.message.en).toBe(code);
    expect(error.message.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(error.message.en).toMatch(/[A-Za-z]/);
    expect(await rig.head()).toBe(head);
    expect(rig.printedCount()).toBe(printed);
    return error;
  };

  /** The journal entry as anyone reading the file finds it. */
  const entry = (id: number) => {
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    try {
      const row = db.prepare('SELECT kind, at, payload FROM entries WHERE id = ?').get(id) as {
        kind: string;
        at: string;
        payload: string;
      };
      return { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> };
    } finally {
      db.close();
    }
  };

  it('sets up: a cashier signed in, a shift with a NT$1,000 float, a cash sale of NT$15,000', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1357' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1357' });
    await refusedUnchanged({ ...drop, pin: PIN }, 'shift-not-open');
    await rig.call('shift.open', { float: { '1000': 1 } });
    const sale = await rig.call<CheckoutResult>(
      'checkout.submit',
      order([['禮盒', 3, 5000]], [['cash', 15_000]]),
    );
    expect(sale.state).toBe('issued');
  });

  it('refuses a drop without the PIN or with a wrong one: nothing recorded, the drawer shut', async () => {
    await refusedUnchanged({ ...drop }, 'pin-required');
    const wrong = await refusedUnchanged({ ...drop, pin: '0000' }, 'pin-wrong');
    expect(wrong.message.zh).toContain('未記錄');
  });

  it('refuses an amount that is not a whole NT$ above zero (schema), and a reason left blank', async () => {
    await refusedUnchanged({ ...drop, amount: 0, pin: PIN }, 'invalid-input');
    await refusedUnchanged({ ...drop, amount: -500, pin: PIN }, 'invalid-input');
    await refusedUnchanged({ ...drop, amount: 1000.5, pin: PIN }, 'invalid-input');
    await refusedUnchanged({ ...drop, reason: '  ', pin: PIN }, 'invalid-input');
  });

  it('refuses a drop beyond the drawer’s expected cash, in words, without telling what it holds', async () => {
    // Expected now: 1,000 + 15,000 = 16,000.
    const error = await refusedUnchanged({ ...drop, amount: 16_001, pin: PIN }, 'cash-drop-beyond-drawer');
    expect(error.message.zh).toContain('中途收大鈔 NT$16,001 超過錢櫃應有的現金');
    expect(error.message.zh).toContain('未記錄');
    expect(error.message.en).toContain('A cash drop of NT$16,001 is more than the drawer should hold');
    // Blind count: the refusal never tells the cashier what the drawer should hold.
    expect(`${error.message.zh} ${error.message.en}`).not.toContain('16,000');
  });

  it('records the drop with the PIN: who (cashier and approving supervisor), when, how much, why; the drawer opens', async () => {
    const from = rig.printedCount();
    const before = Date.now();
    const moved = await rig.call<{ id: number; drawerOpened: boolean; message: { zh: string; en: string } }>(
      'shift.cashMovement',
      { ...drop, pin: PIN, approvedBy: '陳店長' },
    );
    expect(moved.drawerOpened).toBe(true);
    expect(moved.message).toEqual({
      zh: '中途收大鈔 NT$10,000 已記錄，錢櫃已開啟。',
      en: 'Cash drop of NT$10,000 recorded; the drawer is open.',
    });
    expect(kicks(rig.printedSince(from))).toBe(1);
    const recorded = entry(moved.id);
    expect(recorded.kind).toBe('shift.cash-movement');
    expect(recorded.payload).toMatchObject({
      kind: 'cash-drop',
      amount: 10_000,
      reason: '存入保險箱',
      cashierId: 'A01',
      name: '王小明',
      approvedBy: '陳店長',
    });
    expect(Date.parse(recorded.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(recorded.at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a later drop or paid-out counts the drop already made: the drawer holds NT$6,000 now', async () => {
    await refusedUnchanged({ ...drop, amount: 6001, pin: PIN }, 'cash-drop-beyond-drawer');
    const paidOut = await refusedUnchanged(
      { kind: 'paid-out', amount: 6001, reason: '零用金', pin: PIN },
      'paid-out-beyond-drawer',
    );
    expect(paidOut.message.zh).toContain('支出 NT$6,001 超過錢櫃應有的現金');
    await rig.call('shift.cashMovement', { kind: 'paid-out', amount: 100, reason: '買文具', pin: PIN });
  });

  it('the X report shows the drop apart from the paid-out, and the expected cash after both', async () => {
    const from = rig.printedCount();
    const x = await rig.call<{ figures: ShiftFigures }>('shift.xReport', { print: true, pin: PIN });
    expect(x.figures).toMatchObject({ paidOut: 100, cashDrops: 10_000, expectedCash: 5900, drawer });
    const slip = textOf(rig.printedSince(from));
    expect(slip).toMatch(/中途收大鈔\s+-NT\$10,000/);
    expect(slip).toMatch(/應有現金\s+NT\$5,900/);
  });

  it('the shift closes even on a count of NT$5,900; its figures and slip name the drop', async () => {
    const from = rig.printedCount();
    const shift = ShiftView.parse(await rig.call('shift.close', { count: { '1000': 5, '100': 9 } }));
    expect(shift.figures).toMatchObject({ cashDrops: 10_000, expectedCash: 5900, drawer });
    expect(shift.reconciliation!.find((row) => row.method === 'cash')).toMatchObject({
      expected: 5900,
      counted: 5900,
      overShort: 0,
    });
    expect(textOf(rig.printedSince(from))).toMatch(/中途收大鈔\s+-NT\$10,000/);
  });

  it('the Z report, its slip and the day summary show the same drop and expected cash', async () => {
    const from = rig.printedCount();
    const z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN }));
    expect(z.figures).toMatchObject({ cashDrops: 10_000, expectedCash: 5900, drawer });
    expect(textOf(rig.printedSince(from))).toMatch(/中途收大鈔\s+-NT\$10,000/);
    const summary = await rig.call<{ training: { expectedCash: number; drawer: unknown } }>(
      'journal.summary',
      {
        businessDay: today,
      },
    );
    expect(summary.training.drawer).toEqual(drawer);
    expect(summary.training.expectedCash).toBe(5900);
  });

  it('the exports: a cash-table row of its own (who, approver, reason) and a drawer line in the summary', async () => {
    const folder = join(rig.dir, 'exports');
    mkdirSync(folder, { recursive: true });
    const exported = await rig.call<{ files: Array<{ table: string; file: string }> }>('journal.export', {
      businessDay: today,
      format: 'csv',
      headers: 'en',
      tables: ['cash'],
      folder,
      pin: PIN,
    });
    const rowsOf = (table: string) => {
      const file = exported.files.find((written) => written.table === table)!.file;
      const [header, ...lines] = readCsv(readFileSync(file, 'utf8').slice(1));
      return lines.map((line) => Object.fromEntries(header!.map((h, i) => [h, line[i]!])));
    };
    const cash = rowsOf('cash');
    expect(cash.find((row) => row['Movement'] === 'Cash drop')).toMatchObject({
      'Movement code': 'cash-drop',
      By: '王小明',
      'Approved by': '陳店長',
      Amount: '-10000',
      Note: '存入保險箱',
      'Expected in drawer': '6000',
    });
    expect(cash.find((row) => row['Movement'] === 'Closing count')!['Expected in drawer']).toBe('5900');
    const drawerLines = rowsOf('summary').filter(
      (row) => row['Block code'] === 'training' && row['Section code'] === 'drawer',
    );
    expect(drawerLines.find((row) => row['Item code'] === 'cashDrops')).toMatchObject({
      Item: 'Cash drops',
      Amount: '-10000',
    });
    expect(drawerLines.find((row) => row['Item code'] === 'expected_cash')!.Amount).toBe('5900');
  });
});

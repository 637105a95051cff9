import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { ShiftView, ZReport } from '../../../src/shared/ipc/contract/shifts';
import { readCsv } from '../journal/csv-reader';
import { order, PIN, textOf, useShiftRig } from './harness';

/**
 * Issue 22 item 7: one expected-cash figure. The day summary's 應有現金, the shift's, the Z
 * report's and the cash table's balance are the same drawer, with the same named parts; a drawer
 * opened outside a sale carries its till, shift and training mark in the cash table; the
 * supervisor who approved a paid-out, a drawer opening or the Z report is named beside the
 * cashier.
 *
 * The hand calculation (NT$): float 1,000; S1 cash 500; S2 cash 200, voided (refund 200);
 * paid-out 100 → expected 1,000 + 700 − 200 − 100 = 1,400.
 */
describe('one expected-cash figure, with its parts, everywhere', () => {
  const rig = useShiftRig('shifts-one-figure');
  const today = taipeiBusinessDay(new Date());
  const drawer = {
    floats: 1000,
    takenOver: 0,
    cashSales: 700,
    cashRefunds: 200,
    paidIn: 0,
    paidOut: 100,
    cashDrops: 0,
    expected: 1400,
  };
  let shift: ShiftView;
  let z: ZReport;

  it('a shift with sales, a refund, a paid-out and a drawer opening closes even', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    await rig.call<CheckoutResult>('checkout.submit', order([['保溫杯', 1, 500]], [['cash', 500]]));
    const s2 = await rig.call<CheckoutResult>('checkout.submit', order([['杯刷', 1, 200]], [['cash', 200]]));
    const voided = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void',
      orderNo: s2.orderNo,
      reason: '客人退貨',
      pin: PIN,
    });
    expect(voided.state).toBe('done');
    await rig.call('shift.cashMovement', {
      kind: 'paid-out',
      amount: 100,
      reason: '買文具',
      pin: PIN,
      approvedBy: '陳店長',
    });
    await rig.call('printing.openDrawer', { pin: PIN, approvedBy: '陳店長' });
    shift = ShiftView.parse(await rig.call('shift.close', { count: { '1000': 1, '100': 4 } }));
    expect(shift.figures!.drawer).toEqual(drawer);
  });

  it('the Z report, the day summary and the shift show the same drawer; the Z names who approved', async () => {
    const from = rig.printedCount();
    z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, approvedBy: '陳店長' }));
    expect(z.figures.drawer).toEqual(drawer);
    expect(z.figures.expectedCash).toBe(1400);
    expect(z).toMatchObject({ madeBy: '王小明', approvedBy: '陳店長' });
    const summary = await rig.call<{ training: { expectedCash: number; drawer: unknown } }>(
      'journal.summary',
      { businessDay: today },
    );
    expect(summary.training.drawer).toEqual(drawer);
    expect(summary.training.expectedCash).toBe(1400);
    const slip = textOf(rig.printedSince(from));
    expect(slip).toContain('核准主管');
    expect(slip).toContain('陳店長');
    for (const part of ['開班零用金', '現金收款', '現金退款', '支出（零用金）', '應有現金']) {
      expect(slip, part).toContain(part);
    }
    expect(slip).toContain('NT$1,400');
  });

  it('the summary slip names the same parts and the same expected cash', async () => {
    const from = rig.printedCount();
    await rig.call('printing.printSummary', { businessDay: today });
    const slip = textOf(rig.printedSince(from));
    for (const part of ['開班零用金', '現金收款', '現金退款', '支出（零用金）', '應有現金']) {
      expect(slip, part).toContain(part);
    }
    expect(slip).toMatch(/應有現金\s+NT\$1,400/);
  });

  it('the cash table: the drawer opening carries its till, shift and mode; the approver beside the cashier; the balance is the same', async () => {
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
    const file = exported.files.find((written) => written.table === 'cash')!.file;
    const [header, ...lines] = readCsv(readFileSync(file, 'utf8').slice(1));
    const rows = lines.map((line) => Object.fromEntries(header!.map((h, i) => [h, line[i]!])));
    const opened = rows.find((row) => row['Movement'] === 'Drawer opened')!;
    // Identifiers as plain values: the CSV is for scripts, the XLSX for people (issue 26, item 3).
    expect(opened).toMatchObject({ Till: 'T01', Shift: '1', Training: 'Yes', By: '王小明' });

    expect(opened['Approved by']).toBe('陳店長');
    const paidOut = rows.find((row) => row['Movement'] === 'Paid out')!;
    expect(paidOut).toMatchObject({ By: '王小明', 'Approved by': '陳店長', Amount: '-100' });
    const count = rows.find((row) => row['Movement'] === 'Closing count')!;
    expect(count['Expected in drawer']).toBe('1400');
  });
});

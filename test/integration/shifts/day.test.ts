import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import {
  SessionView,
  ShiftFigures,
  ShiftView,
  ZReport,
  type MethodReconciliation,
} from '../../../src/shared/ipc/contract/shifts';
import { kicks, order, PIN, textOf, useShiftRig } from './harness';

/**
 * A day at the counter (issue 14), through the core as the hosts run it: two cashiers, two
 * shifts, cash and card sales, a paid-out, a paid-in and a cash refund; each shift closes with a
 * blind count, and the over/short matches the hand calculation written out below. The Z report
 * then ends the day: its figures are the day summary's and the export's sums, it is never made
 * twice, and its copy says 副本. The drawer opens for cash only, read from the printer's bytes.
 *
 * The hand calculation (NT$):
 *
 *   Shift 1, 王小明 (A01). Float counted: 1×1000 + 1×500 + 5×100 + 4×50 + 10×10 + 4×5 + 5×1 = 2,325
 *     S1 cash 660 (tendered 1,000, change 340: the drawer keeps 660)   cash +660
 *     S2 card 450                                                       card +450
 *     S3 cash 120 + card 200                                            cash +120, card +200
 *     paid-out 200 (petty cash)                                         cash −200
 *     refund of one 保溫杯 of S1 (allowance, cash)                       cash −300
 *     expected cash = 2,325 + 660 + 120 − 200 − 300 = 2,605
 *     counted       = 2×1000 + 1×500 + 1×100            = 2,600  → over/short −5
 *     card expected = 450 + 200 = 650, card slips counted 650      → 0
 *
 *   Shift 2, 李小華 (B02). Float counted: 1×1000 + 1×500 + 4×100 + 2×50 = 2,000
 *     S4 business invoice cash 1,050 (tendered 1,100)                  cash +1,050
 *     S5 card 300                                                       card +300
 *     paid-in 500 (change delivered)                                    cash +500
 *     expected cash = 2,000 + 1,050 + 500 = 3,550
 *     counted       = 3×1000 + 1×500 + 6×10 = 3,560              → over/short +10
 *     card expected 300, not counted: taken as expected            → 0
 *
 *   Day (Z): invoices standing: paper S1 660 + S2 450 + S3 320 + S5 300 = 4 for 1,730, tax inside
 *     1,730 − round(1,730 / 1.05) = 1,730 − 1,648 = 82; business S4 1,050, tax 1,050 − 1,000 = 50.
 *     Sales issued 5 for 2,780; returns 1 for 300; net cash 660 + 120 − 300 + 1,050 = 1,530, net
 *     card 450 + 200 + 300 = 950; floats 4,325; expected cash 4,325 + 1,530 + 500 − 200 = 6,155
 *     = 2,605 + 3,550; counted 6,160; over/short +5 = −5 + 10.
 */
describe('a day with two cashiers and two shifts, closed with a blind count and a Z report', () => {
  const rig = useShiftRig('shifts-day');
  const today = taipeiBusinessDay(new Date());
  const sales: Record<string, CheckoutResult> = {};
  let shift1: ShiftView;
  let shift2: ShiftView;

  const sell = async (name: string, payload: ReturnType<typeof order>) => {
    const from = rig.printedCount();
    const result = await rig.call<CheckoutResult>('checkout.submit', payload);
    expect(result.state, name).toBe('issued');
    sales[name] = result;
    return rig.printedSince(from);
  };

  it('the supervisor adds two cashiers; the till then waits for a sign-in and refuses a sale', async () => {
    expect(AppStatus.parse(await rig.call('app.status'))).toMatchObject({ cashier: null, locked: false });
    for (const [id, name, pin] of [
      ['A01', '王小明', '1111'],
      ['B02', '李小華', '2222'],
    ] as const) {
      expect(await rig.call('cashiers.save', { cashier: { id, name, pin }, pin: PIN, by: '陳店長' })).toEqual(
        { id, name, active: true, supervisor: false },
      );
    }
    expect(await rig.call('cashiers.list')).toEqual([
      { id: 'A01', name: '王小明', active: true, supervisor: false },
      { id: 'B02', name: '李小華', active: true, supervisor: false },
    ]);
    expect(AppStatus.parse(await rig.call('app.status'))).toMatchObject({ cashier: null, locked: true });
    const before = await rig.head();
    const refused = await rig.refusal('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(refused.code).toBe('till-locked');
    expect(refused.message.zh).toContain('登入');
    expect(await rig.head()).toBe(before);
  });

  it('王小明 signs in; a sale before the shift opens is refused; the shift opens with the counted float', async () => {
    const session = SessionView.parse(await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' }));
    expect(session).toMatchObject({
      cashier: { id: 'A01', name: '王小明' },
      locked: false,
      shift: null,
      cashiersConfigured: true,
    });
    expect(rig.statuses.at(-1)).toMatchObject({ cashier: { id: 'A01', name: '王小明' }, locked: false });
    const refused = await rig.refusal('checkout.submit', order([['可樂', 1, 30]], [['cash', 30]]));
    expect(refused.code).toBe('shift-not-open');

    shift1 = ShiftView.parse(
      await rig.call('shift.open', {
        float: { '1000': 1, '500': 1, '100': 5, '50': 4, '10': 10, '5': 4, '1': 5 },
      }),
    );
    expect(shift1).toMatchObject({ number: 1, businessDay: today, state: 'open', openedBy: '王小明' });
    expect(shift1.openedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    // Blind: while the shift is open nobody sees the expected figures without the PIN.
    expect(SessionView.parse(await rig.call('session.current')).shift).toMatchObject({
      shiftId: shift1.shiftId,
      figures: null,
    });
    expect((await rig.refusal('shift.open', { float: {} })).code).toBe('shift-already-open');
  });

  it('shift 1 sells for cash and card: the drawer opens for cash, never for a card sale', async () => {
    const s1 = await sell(
      'S1',
      order(
        [
          ['保溫杯', 2, 300],
          ['杯刷', 1, 60],
        ],
        [['cash', 1000]],
      ),
    );
    expect(sales.S1!.change).toBe(340);
    expect(kicks(s1)).toBe(1);
    const s2 = await sell('S2', order([['耳機', 1, 450]], [['card', 450]]));
    expect(s2.length).toBeGreaterThan(0); // the proof printed…
    expect(kicks(s2)).toBe(0); // …without ESC p
    expect(s2.every((job) => !job.commands.some((command) => command.startsWith('ESC p')))).toBe(true);
    const s3 = await sell(
      'S3',
      order(
        [['便當', 2, 160]],
        [
          ['cash', 120],
          ['card', 200],
        ],
      ),
    );
    expect(kicks(s3)).toBe(1);
  });

  it('a paid-out needs the supervisor PIN, is recorded for the signed-in cashier and opens the drawer', async () => {
    expect(
      (await rig.refusal('shift.cashMovement', { kind: 'paid-out', amount: 200, reason: '買文具' })).code,
    ).toBe('pin-required');
    const from = rig.printedCount();
    const moved = await rig.call<{ id: number; drawerOpened: boolean; message: { zh: string } }>(
      'shift.cashMovement',
      { kind: 'paid-out', amount: 200, reason: '買文具', pin: PIN, by: '陳店長' },
    );
    expect(moved.drawerOpened).toBe(true);
    expect(moved.message.zh).toContain('支出 NT$200 已記錄');
    expect(kicks(rig.printedSince(from))).toBe(1);
  });

  it('a cash refund (allowance) is recorded as the signed-in cashier’s and opens the drawer', async () => {
    const from = rig.printedCount();
    const result = await rig.call<ReturnResult>('returns.submit', {
      kind: 'return',
      orderNo: sales.S1!.orderNo,
      items: [{ sequence: '001', quantity: 1 }],
      reason: '商品瑕疵',
      pin: PIN,
      by: '陳店長',
    });
    expect(result).toMatchObject({ kind: 'allowance', state: 'done', totalAmount: 300 });
    expect(result.refunds).toEqual([{ method: 'cash', amount: 300 }]);
    expect(kicks(rig.printedSince(from))).toBe(1);
    const found = await rig.call<{ matches: Array<{ returns: Array<{ by: string }> }> }>('returns.find', {
      by: 'order',
      orderNo: sales.S1!.orderNo,
    });
    expect(found.matches[0]!.returns.map((r) => r.by)).toEqual(['王小明']);
  });

  it('the X report (supervisor PIN) shows the figures so far and resets nothing', async () => {
    expect((await rig.refusal('shift.xReport', {})).code).toBe('pin-required');
    const from = rig.printedCount();
    const x = await rig.call<{ shift: ShiftView; figures: ShiftFigures; print: { printed: boolean } }>(
      'shift.xReport',
      { print: true, pin: PIN },
    );
    expect(x.figures).toEqual({
      float: 2325,
      sales: { count: 3, amount: 660 + 450 + 320 },
      returns: { count: 1, amount: 300 },
      net: [
        { method: 'cash', amount: 660 + 120 - 300 },
        { method: 'card', amount: 450 + 200 },
      ],
      paidIn: 0,
      paidOut: 200,
      cashDrops: 0,
      expectedCash: 2605,
      drawer: {
        floats: 2325,
        takenOver: 0,
        cashSales: 660 + 120,
        cashRefunds: 300,
        paidIn: 0,
        paidOut: 200,
        cashDrops: 0,
        expected: 2605,
      },
      pending: 0,
    });
    expect(x.print.printed).toBe(true);
    const slip = textOf(rig.printedSince(from));
    expect(slip).toContain('X 報表（中班）');
    expect(slip).toContain('NT$2,605');
    expect(kicks(rig.printedSince(from))).toBe(0);
    // Asked again: the same figures (nothing was reset).
    const again = await rig.call<{ figures: ShiftFigures }>('shift.xReport', { pin: PIN });
    expect(again.figures).toEqual(x.figures);
  });

  it('王小明 closes shift 1 with a blind count: NT$5 short in cash, cards as expected', async () => {
    const from = rig.printedCount();
    const closed = (await rig.call('shift.close', {
      count: { '1000': 2, '500': 1, '100': 1 },
      otherCounted: [{ method: 'card', amount: 650 }],
    })) as ShiftView & { print: { printed: boolean } };
    expect(closed.print.printed).toBe(true);
    shift1 = closed;
    expect(closed).toMatchObject({
      state: 'closed',
      closedBy: '王小明',
      count: { '1000': 2, '500': 1, '100': 1 },
    });
    expect(closed.figures!.expectedCash).toBe(2605);
    expect(closed.reconciliation).toEqual<MethodReconciliation[]>([
      { method: 'cash', expected: 2605, counted: 2600, overShort: -5 },
      { method: 'card', expected: 650, counted: 650, overShort: 0 },
    ]);
    const slip = textOf(rig.printedSince(from));
    expect(slip).toContain('交班單');
    expect(slip).toContain('短少 -NT$5');
    expect(slip).toContain('1000 × 2');
  });

  it('李小華 signs in after 王小明 signs out, opens shift 2, sells, takes a paid-in and closes NT$10 over', async () => {
    const out = SessionView.parse(await rig.call('session.signOut'));
    expect(out).toMatchObject({ cashier: null, locked: true, lockReason: 'signed-out' });
    await rig.call('session.signIn', { cashierId: 'B02', pin: '2222' });
    shift2 = ShiftView.parse(
      await rig.call('shift.open', { float: { '1000': 1, '500': 1, '100': 4, '50': 2 } }),
    );
    expect(shift2).toMatchObject({ number: 2, openedBy: '李小華' });
    const s4 = await sell(
      'S4',
      order([['辦公椅', 1, 1050]], [['cash', 1100]], {
        kind: 'business',
        buyerTaxId: '04595252',
        buyerTitle: '範例股份有限公司',
      }),
    );
    expect(kicks(s4)).toBe(1);
    expect(kicks(await sell('S5', order([['行動電源', 1, 300]], [['card', 300]])))).toBe(0);
    const moved = await rig.call<{ drawerOpened: boolean }>('shift.cashMovement', {
      kind: 'paid-in',
      amount: 500,
      reason: '找零金',
      pin: PIN,
    });
    expect(moved.drawerOpened).toBe(true);
    const closed = (await rig.call('shift.close', { count: { '1000': 3, '500': 1, '10': 6 } })) as ShiftView;
    shift2 = closed;
    expect(closed.reconciliation).toEqual([
      { method: 'cash', expected: 3550, counted: 3560, overShort: 10 },
      { method: 'card', expected: 300, counted: 300, overShort: 0 },
    ]);
  });

  it('every sale records the cashier who was signed in, whatever the screen sent', async () => {
    const items = await rig.call<Array<{ orderNo: string; cashier: string | null }>>('journal.list', {
      businessDay: today,
    });
    const cashierOf = (name: string) => items.find((item) => item.orderNo === sales[name]!.orderNo)?.cashier;
    expect(['S1', 'S2', 'S3'].map(cashierOf)).toEqual(['王小明', '王小明', '王小明']);
    expect(['S4', 'S5'].map(cashierOf)).toEqual(['李小華', '李小華']);
    expect(await rig.call('shift.list', { businessDay: today })).toEqual([
      expect.objectContaining({ shiftId: shift1.shiftId, state: 'closed' }),
      expect.objectContaining({ shiftId: shift2.shiftId, state: 'closed' }),
    ]);
  });

  let z: ZReport;
  it('the Z report ends the day: numbered, the chain head, invoices that stand with their tax, over/short +5', async () => {
    const from = rig.printedCount();
    z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, by: '陳店長' }));
    expect(z).toMatchObject({
      number: 1,
      tillId: 'T01',
      businessDay: today,
      training: true,
      madeBy: '李小華',
    });
    expect(z.madeAt).toMatch(/\+08:00$/);
    expect(z.chainHead).toMatch(/^#\d+:[0-9a-f]{64}$/);
    expect(z.shifts.map((shift) => [shift.number, shift.openedBy])).toEqual([
      [1, '王小明'],
      [2, '李小華'],
    ]);
    expect(z.figures).toEqual({
      float: 4325,
      sales: { count: 5, amount: 2780 },
      returns: { count: 1, amount: 300 },
      net: [
        { method: 'cash', amount: 1530 },
        { method: 'card', amount: 950 },
      ],
      paidIn: 500,
      paidOut: 200,
      cashDrops: 0,
      expectedCash: 6155,
      drawer: {
        floats: 4325,
        takenOver: 0,
        cashSales: 660 + 120 + 1050,
        cashRefunds: 300,
        paidIn: 500,
        paidOut: 200,
        cashDrops: 0,
        expected: 6155,
      },
      pending: 0,
    });
    expect(z.reconciliation).toEqual([
      { method: 'cash', expected: 6155, counted: 6160, overShort: 5 },
      { method: 'card', expected: 950, counted: 950, overShort: 0 },
    ]);
    const invoices = Object.fromEntries(
      z.invoices.map((row) => [row.kind, [row.count, row.amount, row.tax]]),
    );
    expect(invoices).toEqual({
      paper: [4, 1730, 82],
      phone: [0, 0, 0],
      carrier: [0, 0, 0],
      donate: [0, 0, 0],
      business: [1, 1050, 50],
    });
    expect(z.invoices.find((row) => row.kind === 'paper')!.label).toEqual({
      zh: '紙本證明聯',
      en: 'Paper proof',
    });
    const slip = textOf(rig.printedSince(from));
    expect(slip).toContain('日結 Z 報表');
    expect(slip).toContain('Z0001');
    expect(slip).not.toContain('副本');
    const [id, hash] = z.chainHead.slice(1).split(':') as [string, string];
    expect(slip).toContain(`#${id}:${hash.slice(0, 16)}`);
  });

  it('the Z report’s figures are the day summary’s and the JSON export’s sums', async () => {
    type Block = {
      issued: { count: number; amount: number };
      returns: { amount: number };
      net: { byPaymentMethod: Record<string, { amount: number }> };
      expectedCash: number;
      drawer: Record<string, number>;
      invoices: { byKind: Record<string, { count: number; amount: number; tax: number }> };
    };
    const summary = await rig.call<{ training: Block; sales: Block }>('journal.summary', {
      businessDay: today,
    });
    const block = summary.training; // training mode: the day's sales are training sales
    expect(z.figures.sales).toEqual(block.issued);
    expect(z.figures.returns.amount).toBe(block.returns.amount);
    expect(Object.fromEntries(z.figures.net.map((row) => [row.method, row.amount]))).toEqual(
      Object.fromEntries(Object.entries(block.net.byPaymentMethod).map(([method, v]) => [method, v.amount])),
    );
    // One expected-cash figure (issue 22, item 7): the summary's 應有現金 is the drawer's, parts and all.
    expect(block.expectedCash).toBe(z.figures.expectedCash);
    expect(block.drawer).toEqual(z.figures.drawer);
    for (const row of z.invoices) {
      expect([row.count, row.amount, row.tax], row.kind).toEqual([
        block.invoices.byKind[row.kind]!.count,
        block.invoices.byKind[row.kind]!.amount,
        block.invoices.byKind[row.kind]!.tax,
      ]);
    }

    const folder = join(rig.dir, 'exports');
    mkdirSync(folder, { recursive: true });
    const exported = await rig.call<{ file: string }>('journal.export', {
      businessDay: today,
      format: 'json',
      folder,
      pin: PIN,
    });
    const json = JSON.parse(readFileSync(exported.file, 'utf8')) as {
      transactions: Array<{
        record: string;
        state: string;
        total_amount: number;
        payments: Array<{ method: string; amount: number }>;
      }>;
    };
    const rows = json.transactions;
    const issued = rows.filter((row) => row.record === 'sale' && row.state === 'issued');
    expect({ count: issued.length, amount: issued.reduce((sum, row) => sum + row.total_amount, 0) }).toEqual(
      z.figures.sales,
    );
    const returns = rows.filter((row) => row.record !== 'sale' && row.state === 'done');
    expect(-returns.reduce((sum, row) => sum + row.total_amount, 0)).toBe(z.figures.returns.amount);
    // Money per method: every sale's payments (as taken) and every done return's (signed).
    const net = new Map<string, number>();
    for (const row of [...rows.filter((row) => row.record === 'sale'), ...returns]) {
      for (const payment of row.payments)
        net.set(payment.method, (net.get(payment.method) ?? 0) + payment.amount);
    }
    expect(Object.fromEntries(net)).toEqual(
      Object.fromEntries(z.figures.net.map((row) => [row.method, row.amount])),
    );
  });

  it('a second Z report of the day is refused and changes nothing; the copy says 副本 and is the same report', async () => {
    const before = await rig.head();
    const printed = rig.printedCount();
    const second = await rig.refusal('day.zReport', { businessDay: today, pin: PIN });
    expect(second.code).toBe('z-report-exists');
    expect(second.message.zh).toContain('副本');
    expect(await rig.head()).toBe(before);
    expect(rig.printedCount()).toBe(printed);

    const copy = ZReport.parse(await rig.call('day.zReportCopy', { businessDay: today, pin: PIN }));
    const { copy: isCopy, ...rest } = copy;
    expect(isCopy).toBe(true);
    expect(rest).toEqual(z);
    const slip = textOf(rig.printedSince(printed));
    expect(slip.match(/副本 COPY/g)!.length).toBe(2);
    expect(slip).toContain('Z0001');
  });

  it('the whole chain still checks out, the report slips’ print jobs and the shift entries included', async () => {
    expect(await rig.call('journal.verify')).toMatchObject({ ok: true });
  });
});

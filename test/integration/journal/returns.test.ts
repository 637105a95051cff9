import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal, NewReturn, ReturnLineInput } from '../../../src/main/journal/journal';
import { EXPORT_COLUMNS } from '../../../src/main/exports/export';
import { paperOf } from '../../../src/main/printing/paper';
import { summarySlip } from '../../../src/main/printing/layout/summary-layout';
import { startChild } from './child';
import { readCsv } from './csv-reader';
import { issuedSale, NOON_TAIPEI, refusal, sale, tempJournal } from './fixtures';
import { exporterOf } from '../../support/export-keys';

/** A two-line sale: 2 × 50 (line 001) and 1 × 200 (line 002), paid 100 cash and 200 card. */
function twoLineSale(journal: Journal, invoiceNumber: string): string {
  const orderNo = journal.nextOrderNo('T01', NOON_TAIPEI);
  const base = sale(orderNo, { total: 300 });
  const lines = [
    { name: '紅茶', quantity: 2, unitPrice: 50, subTotal: 100, taxType: 'taxable' as const },
    { name: '蛋糕', quantity: 1, unitPrice: 200, subTotal: 200, taxType: 'taxable' as const },
  ];
  journal.begin({
    ...base,
    lines,
    payments: [
      { method: 'cash', amount: 100 },
      { method: 'card', amount: 200 },
    ],
  });
  journal.markIssued(orderNo, {
    invoiceNumber,
    invoiceDateTime: '2026-11-22T11:00:02',
    randomNumber: '0122',
    printDataString: null,
  });
  return orderNo;
}

/** Tax-inclusive refund R on a taxable C-invoice line: Amount = round(R / 1.05), Tax = R − Amount. */
function line(sequence: string, quantity: number, refund: number): ReturnLineInput {
  const amount = Math.round(refund / 1.05);
  return { sequence, quantity, refundAmount: refund, amount, tax: refund - amount };
}

function allowance(orderNo: string, lines: ReturnLineInput[], refunds: [string, number][]): NewReturn {
  return {
    kind: 'allowance',
    orderNo,
    tillId: 'T01',
    reason: '商品瑕疵',
    by: 'Sup',
    lines,
    refunds,
    at: NOON_TAIPEI,
  };
}

function voidOf(orderNo: string, refunds: [string, number][]): NewReturn {
  return { kind: 'void', orderNo, tillId: 'T01', reason: '客戶要求', by: 'Sup', refunds, at: NOON_TAIPEI };
}

const bilingual = (r: { zh: string; en: string }) => {
  expect(r.zh).toMatch(/[\u4e00-\u9fff]/);
  expect(r.en).toMatch(/[a-z]/);
};

describe('returns in the journal', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  beforeEach(() => {
    env = tempJournal('returns');
    journal = env.open({ now: () => NOON_TAIPEI });
  });
  afterEach(() => env.cleanup());

  it('walks every allowed move and refuses every other with a bilingual message', () => {
    const orderNo = twoLineSale(journal, 'AB00000001');
    const a = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    expect(a).toMatchObject({
      kind: 'allowance',
      state: 'in-flight',
      attempt: 1,
      orderNo,
      invoiceNumber: 'AB00000001',
      allowancePrefix: 'T010001',
      allowanceNumber: null,
      totals: { totalAmount: 50, salesAmount: 48, taxAmount: 2 },
      refunds: [['cash', 50]],
      lines: [{ sequence: '001', name: '紅茶', quantity: 1, refundAmount: 50, amount: 48, tax: 2 }],
    });
    // in-flight: resolve and resend are refused.
    for (const fn of [
      () => journal.resolveReturn(a.id, { outcome: 'not-done', by: 'Sup' }),
      () => journal.resendReturn(a.id),
    ]) {
      const r = refusal(fn);
      expect(r.code).toBe('journal-refused');
      bilingual(r);
      expect(r.en).toContain('in flight');
    }
    journal.recordReturnExchange(a.id, {
      operation: '/Update/AllowanceInvoice',
      requestTimestamp: '1795000000',
      httpStatus: null,
      statusCode: null,
      resultMessage: null,
      durationMs: 10_000,
      outcome: 'uncertain',
      error: 'timeout',
    });
    expect(journal.markReturnNeedsVerification(a.id, { reason: 'timeout' }).state).toBe('needs-verification');
    expect(journal.pendingReturns().map((r) => r.id)).toEqual([a.id]);
    // needs-verification: only a resolution.
    for (const fn of [
      () => journal.markReturnDone(a.id, { allowanceNumber: 'T010001001' }),
      () => journal.markReturnRejected(a.id, { statusCode: 0, resultMessage: 'x' }),
      () => journal.markReturnNotDelivered(a.id, { reason: 'x' }),
      () => journal.resendReturn(a.id),
    ]) {
      const r = refusal(fn);
      expect(r.code).toBe('journal-refused');
      bilingual(r);
    }
    // A done allowance needs its number, under its own prefix.
    expect(refusal(() => journal.resolveReturn(a.id, { outcome: 'done', by: 'Sup' })).code).toBe(
      'journal-invalid',
    );
    expect(
      refusal(() =>
        journal.resolveReturn(a.id, { outcome: 'done', by: 'Sup', allowanceNumber: 'X000000001001' }),
      ).en,
    ).toContain('prefix');
    const notDone = journal.resolveReturn(a.id, { outcome: 'not-done', by: 'GetInvoicesStatus' });
    expect(notDone).toMatchObject({
      state: 'not-done',
      resolution: { outcome: 'not-done', by: 'GetInvoicesStatus' },
    });
    // not-done: resent, SAME prefix, attempt 2.
    const resent = journal.resendReturn(a.id, { by: 'Sup' });
    expect(resent).toMatchObject({
      state: 'in-flight',
      attempt: 2,
      allowancePrefix: 'T010001',
      resolution: null,
    });
    expect(journal.markReturnNotDelivered(a.id, { reason: 'ECONNREFUSED' }).state).toBe('not-delivered');
    expect(journal.resendReturn(a.id).attempt).toBe(3);
    const done = journal.markReturnDone(a.id, {
      allowanceNumber: 't010001001',
      statusCode: 1,
      resultMessage: 'OK',
    });
    expect(done).toMatchObject({ state: 'done', allowanceNumber: 'T010001001', exchanges: 1 });
    // done is final.
    for (const fn of [
      () => journal.markReturnDone(a.id, { allowanceNumber: 'T010001001' }),
      () => journal.resendReturn(a.id),
      () => journal.resolveReturn(a.id, { outcome: 'done', by: 'Sup', allowanceNumber: 'T010001001' }),
    ]) {
      const r = refusal(fn);
      expect(r.code).toBe('journal-refused');
      expect(r.zh).toContain('已完成');
    }
    expect(journal.returnByAllowanceNumber('T010001001')!.id).toBe(a.id);
    expect(journal.returnDetail(a.id)!.entries.map((e) => e.kind)).toEqual([
      'return.begun',
      'return.exchange',
      'return.needs-verification',
      'return.resolved',
      'return.resent',
      'return.not-delivered',
      'return.resent',
      'return.done',
    ]);

    // Rejected is final: a new attempt is a new return with a new prefix.
    const b = journal.beginReturn(allowance(orderNo, [line('002', 0, 20)], [['card', 20]]));
    expect(b.allowancePrefix).toBe('T010002');
    expect(
      journal.markReturnRejected(b.id, { statusCode: 0, resultMessage: 'Allowance exceeds the line' }).state,
    ).toBe('rejected');
    expect(refusal(() => journal.resendReturn(b.id)).code).toBe('journal-refused');

    // An allowance void of the done allowance; the allowance is then no longer counted.
    const v = journal.beginReturn({
      kind: 'allowance-void',
      orderNo,
      tillId: 'T01',
      reason: '折讓開錯',
      by: 'Sup',
      allowanceReturnId: a.id,
      takenBack: [['cash', 50]],
    });
    expect(v).toMatchObject({
      allowanceNumber: 'T010001001',
      targetReturnId: a.id,
      totals: { totalAmount: 50 },
    });
    expect(journal.returnedLines(orderNo)[0]!.returnedQuantity).toBe(1); // in flight: still counted
    const second = refusal(() =>
      journal.beginReturn({
        kind: 'allowance-void',
        orderNo,
        tillId: 'T01',
        reason: '再作廢一次',
        by: 'Sup',
        allowanceReturnId: a.id,
      }),
    );
    expect(second.code).toBe('journal-refused');
    bilingual(second);
    journal.markReturnDone(v.id);
    expect(journal.getReturn(a.id)!.voidedBy).toBe(v.id);
    expect(journal.returnedLines(orderNo)[0]!.returnedQuantity).toBe(0);
    expect(journal.verifyChain()).toMatchObject({ ok: true });
  });

  it('refuses bad returns and changes nothing', () => {
    const orderNo = twoLineSale(journal, 'AB00000002');
    const head = journal.chainHead();
    const ok = allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]);
    const cases: [() => unknown, string][] = [
      [() => journal.beginReturn({ ...ok, orderNo: 'T01-20261122-000099' }), 'journal-not-found'],
      [
        () => journal.beginReturn(allowance(orderNo, [line('003', 1, 50)], [['cash', 50]])),
        'journal-invalid',
      ],
      [
        () => journal.beginReturn(allowance(orderNo, [line('001', 3, 50)], [['cash', 50]])),
        'journal-invalid',
      ],
      [
        () => journal.beginReturn(allowance(orderNo, [line('001', 1, 101)], [['cash', 101]])),
        'journal-invalid',
      ],
      [() => journal.beginReturn(allowance(orderNo, [line('001', 1, 0)], [['cash', 0]])), 'journal-invalid'],
      [
        () => journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 40]])),
        'journal-invalid',
      ],
      [
        () => journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['line-pay', 50]])),
        'journal-invalid',
      ],
      [
        () => journal.beginReturn(allowance(orderNo, [line('002', 1, 200)], [['cash', 200]])),
        'journal-invalid',
      ],
      [
        () => journal.beginReturn({ ...ok, reason: '一二三四五六七八九十一二三四五六七八九十一' }),
        'journal-invalid',
      ],
      [() => journal.beginReturn({ ...ok, reason: 'a\nb' }), 'journal-invalid'],
      [() => journal.beginReturn({ ...ok, reason: ' ' }), 'journal-invalid'],
      [() => journal.beginReturn({ ...ok, tillId: 'T000001' }), 'journal-invalid'],
      [() => journal.beginReturn(voidOf(orderNo, [['cash', 299]])), 'journal-invalid'],
    ];
    for (const [fn, code] of cases) {
      const r = refusal(fn);
      expect(r.code).toBe(code);
      bilingual(r);
    }
    // A sale not issued cannot be returned.
    const open = journal.nextOrderNo('T01', NOON_TAIPEI);
    journal.begin(sale(open));
    expect(refusal(() => journal.beginReturn(voidOf(open, [['cash', 150]]))).code).toBe('journal-refused');
    expect(journal.chainHead().entryId).toBe(head.entryId + 1); // only the sale begun above
    expect(journal.returnsOf(orderNo)).toEqual([]);
  });

  it('voids: one at a time, not over an allowance; a voided sale takes no allowance and can be reissued', () => {
    const orderNo = twoLineSale(journal, 'AB00000003');
    const a = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    expect(
      refusal(() =>
        journal.beginReturn(
          voidOf(orderNo, [
            ['cash', 100],
            ['card', 200],
          ]),
        ),
      ).en,
    ).toContain('allowances standing');
    journal.markReturnRejected(a.id, { statusCode: 0, resultMessage: 'Line not found' });
    expect(journal.voidState(orderNo)).toBe('none');
    const v = journal.beginReturn(
      voidOf(orderNo, [
        ['cash', 100],
        ['card', 200],
      ]),
    );
    expect(v.totals).toEqual({ totalAmount: 300, salesAmount: 300, taxAmount: 0 });
    expect(journal.voidState(orderNo)).toBe('pending');
    expect(refusal(() => journal.beginReturn(voidOf(orderNo, []))).code).toBe('journal-refused');
    expect(
      refusal(() => journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]))).en,
    ).toContain('voided');
    // A reissue before the void is done is refused.
    const reissue = journal.nextOrderNo('T01', NOON_TAIPEI);
    expect(refusal(() => journal.begin({ ...sale(reissue), reissueOf: orderNo })).code).toBe(
      'journal-refused',
    );
    journal.markReturnDone(v.id, { statusCode: 1, resultMessage: 'OK' });
    expect(journal.voidState(orderNo)).toBe('voided');
    const reissued = journal.begin({ ...sale(reissue), reissueOf: orderNo });
    expect(reissued.reissueOf).toBe(orderNo);
    expect(journal.detail(reissue)!.transaction.reissueOf).toBe(orderNo);
    expect(journal.get(orderNo)!.reissueOf).toBeNull();
    expect(journal.detail(orderNo)!.returns.map((r) => r.kind)).toEqual(['allowance', 'void']);
    expect(journal.verifyChain()).toMatchObject({ ok: true });
  });

  it('counts what was returned per line: standing allowances only', () => {
    const orderNo = twoLineSale(journal, 'AB00000004');
    const done = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    journal.markReturnDone(done.id, { allowanceNumber: `${done.allowancePrefix}001` });
    const unsure = journal.beginReturn(allowance(orderNo, [line('002', 0, 30)], [['card', 30]]));
    journal.markReturnNeedsVerification(unsure.id, { reason: 'timeout' });
    const inFlight = journal.beginReturn(allowance(orderNo, [line('002', 0, 20)], [['card', 20]]));
    const rejected = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    journal.markReturnRejected(rejected.id, { statusCode: 0, resultMessage: 'Allowance exceeds the line' });
    const lost = journal.beginReturn(allowance(orderNo, [line('002', 1, 100)], [['card', 100]]));
    journal.markReturnNotDelivered(lost.id, { reason: 'ECONNREFUSED' });
    expect(inFlight.state).toBe('in-flight');
    expect(journal.returnedLines(orderNo)).toEqual([
      {
        sequence: '001',
        name: '紅茶',
        soldQuantity: 2,
        soldAmount: 100,
        returnedQuantity: 1,
        returnedAmount: 50,
        remainingQuantity: 1,
        remainingAmount: 50,
      },
      {
        sequence: '002',
        name: '蛋糕',
        soldQuantity: 1,
        soldAmount: 200,
        returnedQuantity: 0,
        returnedAmount: 50,
        remainingQuantity: 1,
        remainingAmount: 150,
      },
    ]);
    // The not-delivered one no longer fits once resent? It still does (150 left ≥ 100): resent.
    expect(journal.resendReturn(lost.id).state).toBe('in-flight');
    // Now 50 left on line 002: an allowance of 60 is refused.
    expect(
      refusal(() => journal.beginReturn(allowance(orderNo, [line('002', 0, 60)], [['card', 60]]))).code,
    ).toBe('journal-invalid');
    expect(journal.findByInvoiceNumber('ab-00000004')!.orderNo).toBe(orderNo);
    expect(journal.findByInvoiceNumber('AB99999999')).toBeNull();
    expect(
      journal.findByDayAndAmount({ businessDay: '2026-11-22', totalAmount: 300 }).map((t) => t.orderNo),
    ).toEqual([orderNo]);
    expect(journal.findByDayAndAmount({ businessDay: '2026-11-22', totalAmount: 301 })).toEqual([]);
  });

  it('turns returns left in flight into needs-verification at start', () => {
    const orderNo = twoLineSale(journal, 'AB00000005');
    const a = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    journal.close();
    const reopened = env.open();
    expect(reopened.getReturn(a.id)!.state).toBe('in-flight');
    reopened.recoverInFlight();
    expect(reopened.getReturn(a.id)).toMatchObject({ state: 'needs-verification' });
    expect(reopened.pendingReturns().map((r) => r.id)).toEqual([a.id]);
    expect(reopened.returnDetail(a.id)!.entries.at(-1)!.kind).toBe('return.recovered');
    expect(reopened.recoverInFlightReturns()).toEqual([]);
    expect(reopened.verifyChain()).toMatchObject({ ok: true });
  });

  it('allocates allowance prefixes never reused: across a reopen and two processes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) seen.add(journal.nextAllowancePrefix('T01'));
    expect([...seen]).toEqual(['T010001', 'T010002', 'T010003', 'T010004', 'T010005']);
    expect(journal.nextAllowancePrefix('T2')).toBe('T20001');
    // Settings allow till ids of up to 6 characters: they fit (6 + 4 base-36 characters).
    expect(journal.nextAllowancePrefix('STORE1')).toBe('STORE10001');
    expect(refusal(() => journal.nextAllowancePrefix('STORE12')).code).toBe('journal-invalid');
    journal.close();
    expect(env.open().nextAllowancePrefix('T01')).toBe('T010006');
    const [x, y] = await Promise.all([
      startChild(['prefixes', env.path, 'T01', '100']),
      startChild(['prefixes', env.path, 'T01', '100']),
    ]);
    const all = [...x, ...y];
    expect(new Set(all).size).toBe(200);
    expect(all.every((p) => /^T01[0-9A-Z]{4}$/.test(p))).toBe(true);
    expect(all.map((p) => parseInt(p.slice(3), 36)).sort((m, n) => m - n)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 7),
    );
    // A prefix handed out once cannot be used by a second allowance.
    const reopened = env.open();
    const orderNo = twoLineSale(reopened, 'AB00000006');
    const first = reopened.beginReturn({
      ...allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]),
      allowancePrefix: 'T010001',
    } as NewReturn);
    expect(first.allowancePrefix).toBe('T010001');
    expect(
      refusal(() =>
        reopened.beginReturn({
          ...allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]),
          allowancePrefix: 'T010001',
        } as NewReturn),
      ).en,
    ).toContain('never reused');
  });

  it('catches an edited returns row, as it does a sale row', () => {
    const orderNo = twoLineSale(journal, 'AB00000007');
    const a = journal.beginReturn(allowance(orderNo, [line('001', 1, 50)], [['cash', 50]]));
    journal.markReturnDone(a.id, { allowanceNumber: `${a.allowancePrefix}001` });
    expect(journal.verifyChain()).toMatchObject({ ok: true });
    const tamper = (sql: string) => {
      const raw = new Database(env.path);
      raw.prepare(sql).run();
      raw.close();
    };
    tamper(`UPDATE returns SET refunds = '[["cash",5]]' WHERE id = ${a.id}`);
    for (const result of [journal.verifyChain(), journal.verifyChainTail()]) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.orderNo).toBe(orderNo);
        expect(result.reason.en).toContain('refunds');
      }
    }
    tamper(`UPDATE returns SET refunds = '[["cash",50]]', state = 'rejected' WHERE id = ${a.id}`);
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      reason: { en: expect.stringContaining('state') },
    });
    tamper(`UPDATE returns SET state = 'done' WHERE id = ${a.id}`);
    expect(journal.verifyChain()).toMatchObject({ ok: true });
    // A row no entry accounts for.
    tamper(
      `INSERT INTO returns SELECT 99, order_no, invoice_number, kind, state, till_id, company_id, business_day, training,
        created_at, updated_at, attempt, exchanges, reason, by_name, 'X1', allowance_number, target_id, total_amount,
        sales_amount, tax_amount, refunds, lines, last_message, resolution, reissue FROM returns WHERE id = ${a.id}`,
    );
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      reason: { en: expect.stringContaining('return row') },
    });
  });

  it('sums a day with cash and card sales, a void and an allowance (by hand), and exports them as rows', async () => {
    // Sales: A 300 (100 cash + 200 card), B 150 cash, C 80 card. Void B (150 back in cash).
    // Allowance on A: 50 on line 001, refunded in cash. A second allowance still unsettled (20 card).
    const a = twoLineSale(journal, 'AB00000011');
    const b = issuedSale(journal, 'AB00000012', { total: 150 });
    const c = issuedSale(journal, 'AB00000013', { total: 80, payments: [{ method: 'card', amount: 80 }] });
    const v = journal.beginReturn(voidOf(b, [['cash', 150]]));
    journal.markReturnDone(v.id);
    const al = journal.beginReturn(allowance(a, [line('001', 1, 50)], [['cash', 50]]));
    journal.markReturnDone(al.id, { allowanceNumber: `${al.allowancePrefix}001` });
    const unsure = journal.beginReturn(allowance(a, [line('002', 0, 20)], [['card', 20]]));
    journal.markReturnNeedsVerification(unsure.id, { reason: 'timeout' });
    expect(c).toBeTruthy();

    const s = journal.summary({ businessDay: '2026-11-22' }).sales;
    // Gross: issued 300 + 150 + 80 = 530; cash 100 + 150 = 250, card 200 + 80 = 280.
    expect(s.issued).toEqual({ count: 3, amount: 530 });
    expect(s.byPaymentMethod.cash).toEqual({ count: 2, amount: 250 });
    expect(s.byPaymentMethod.card).toEqual({ count: 2, amount: 280 });
    // Returns: void 150 + allowance 50 = 200, all cash; the unsettled 20 apart.
    expect(s.returns).toMatchObject({
      voids: { count: 1, amount: 150 },
      allowances: { count: 1, amount: 50 },
      allowanceVoids: { count: 0, amount: 0 },
      pending: { count: 1, amount: 20 },
      amount: 200,
    });
    expect({ ...s.returns.byPaymentMethod }).toEqual({ cash: { count: 2, amount: 200 } });
    // Net: 530 − 200 = 330; cash 250 − 200 = 50, card 280.
    expect(s.net.amount).toBe(330);
    expect({ ...s.net.byPaymentMethod }).toEqual({
      cash: { count: 2, amount: 50 },
      card: { count: 2, amount: 280 },
    });
    expect(s.expectedCash).toBe(50);
    // The slip shows the returns, the net and the cash expected.
    const slipText = summarySlip(journal.summary({ businessDay: '2026-11-22' }), paperOf(80), '練習商店')
      .blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : []))
      .join('\n');
    expect(slipText).toMatch(/作廢 1 筆\s+-NT\$150/);
    expect(slipText).toMatch(/折讓 1 筆\s+-NT\$50/);
    expect(slipText).toMatch(/淨額\s+NT\$330/);
    expect(slipText).toMatch(/應有現金\s+NT\$50/);
    // Existing fields unchanged by returns.
    expect(s.count).toBe(3);
    expect(s.totalAmount).toBe(530);

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (d: Buffer) => chunks.push(d));
    const result = await exporterOf(journal).exportDay({ businessDay: '2026-11-22', format: 'csv' }, out);
    expect(result.rows).toBe(6); // 3 sales + void + 2 allowances
    const table = readCsv(Buffer.concat(chunks).toString('utf8').slice(1));
    expect(table[0]).toEqual(EXPORT_COLUMNS);
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name);
    const rows = table.slice(1).filter((r) => r.length > 1);
    const byRecord = (record: string) => rows.filter((r) => r[col('record')] === record);
    expect(byRecord('sale')).toHaveLength(3);
    expect(byRecord('void')[0]).toEqual(
      expect.arrayContaining([b, 'AB00000012', '-150', 'cash:-150', '客戶要求']),
    );
    const [doneAllowance, unsettled] = byRecord('allowance');
    expect(doneAllowance![col('total_amount')]).toBe('-50');
    expect(doneAllowance![col('payments')]).toBe('cash:-50');
    expect(doneAllowance![col('allowance_number')]).toBe('T010001001');
    expect(doneAllowance![col('order_no')]).toBe(a);
    expect(unsettled![col('state')]).toBe('needs-verification');
    // The done rows add up to the net.
    const doneRows = rows.filter((r) => ['issued', 'done'].includes(r[col('state')]!));
    expect(doneRows.reduce((sum, r) => sum + Number(r[col('total_amount')]), 0)).toBe(330);
  });
});

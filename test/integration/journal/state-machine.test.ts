import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { beginSale, ISSUE, NOON_TAIPEI, refusal, sale, tempJournal } from './fixtures';

describe('journal state machine', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  beforeEach(() => {
    env = tempJournal('state');
    journal = env.open();
  });
  afterEach(() => env.cleanup());

  const entryCount = () => journal.verifyChain().entries;

  it('writes the sale before the request, with everything the engine gave, in flight', () => {
    const orderNo = beginSale(journal, {
      payments: [{ method: 'card', amount: 150, reference: 'slip 0042' }],
    });
    const tx = journal.get(orderNo)!;
    expect(tx).toMatchObject({
      orderNo,
      tillId: 'T01',
      businessDay: '2026-11-22',
      createdAt: NOON_TAIPEI.toISOString(),
      state: 'in-flight',
      attempt: 1,
      training: false,
      operation: 'order',
      invoice: { kind: 'paper' },
      payments: [{ method: 'card', amount: 150, reference: 'slip 0042' }],
      totals: { totalAmount: 150 },
      cashier: 'Amy',
      invoiceNumber: null,
    });
    expect(tx.lines[0]!.name).toBe('珍珠奶茶');
    expect(tx.requestData.BillingNo).toBe(orderNo);
    expect(journal.detail(orderNo)!.entries.map((e) => e.kind)).toEqual(['tx.begun']);
  });

  it('takes the business day from Asia/Taipei time, not UTC', () => {
    // 2026-11-21 16:30 UTC is 2026-11-22 00:30 in Taipei.
    const at = new Date('2026-11-21T16:30:00Z');
    const orderNo = beginSale(journal, { at });
    expect(orderNo).toMatch(/^T01-20261122-/);
    expect(journal.get(orderNo)!.businessDay).toBe('2026-11-22');
  });

  it('records each exchange separately, then the issue result with the raw PrintDataString', () => {
    const orderNo = beginSale(journal);
    journal.recordExchange(orderNo, {
      operation: 'order',
      requestTimestamp: '1795000000',
      httpStatus: 200,
      statusCode: 0,
      resultMessage: 'Timestamp already used',
      durationMs: 41.6,
      outcome: 'timestamp-retry',
    });
    journal.recordExchange(orderNo, {
      operation: 'order',
      requestTimestamp: '1795000001',
      httpStatus: 200,
      statusCode: 1,
      resultMessage: 'OK',
      durationMs: 95,
      outcome: 'issued',
    });
    journal.markIssued(orderNo, { ...ISSUE, printDataString: '{"Version":1, broken' });
    const detail = journal.detail(orderNo)!;
    expect(detail.transaction).toMatchObject({
      state: 'issued',
      invoiceNumber: 'AB12345678',
      randomNumber: '0122',
    });
    expect(detail.exchanges).toHaveLength(2);
    expect(detail.exchanges[0]).toMatchObject({
      httpStatus: 200,
      statusCode: 0,
      resultMessage: 'Timestamp already used',
      durationMs: 42,
      outcome: 'timestamp-retry',
      requestTimestamp: '1795000000',
      attempt: 1,
    });
    expect(detail.issue).toMatchObject({
      printDataString: '{"Version":1, broken',
      printDataStatus: 'unparseable',
      invoiceDateTime: '2026-11-22T11:00:02',
    });
    expect(detail.issue!.printDataProblem).toContain('not JSON');
    expect(detail.entries.map((e) => e.kind)).toEqual([
      'tx.begun',
      'tx.exchange',
      'tx.exchange',
      'tx.issued',
    ]);
  });

  it('tells missing print data apart from unparseable', () => {
    const orderNo = beginSale(journal);
    journal.markIssued(orderNo, { ...ISSUE, printDataString: null });
    expect(journal.detail(orderNo)!.issue).toMatchObject({
      printDataString: null,
      printDataStatus: 'missing',
    });
  });

  it('records the donate/bind QR display as its own record, shown or not', () => {
    const orderNo = beginSale(journal, { operation: 'orderReturnQKey' });
    expect(refusal(() => journal.recordQrDisplay(orderNo, { qrCodeUrl: null, shown: false })).code).toBe(
      'journal-refused',
    );
    journal.markIssued(orderNo, { ...ISSUE, qKey: 'QK1', qrCodeUrl: 'https://p.example/q/1' });
    journal.recordQrDisplay(orderNo, { qrCodeUrl: 'https://p.example/q/1', shown: true });
    journal.recordQrDisplay(orderNo, { qrCodeUrl: null, shown: false, reason: 'no valid link' });
    const detail = journal.detail(orderNo)!;
    expect(detail.qrDisplays.map((q) => [q.shown, q.reason])).toEqual([
      [true, null],
      [false, 'no valid link'],
    ]);
    expect(detail.issue).toMatchObject({ qKey: 'QK1', qrCodeUrl: 'https://p.example/q/1' });
    expect(detail.transaction.state).toBe('issued');
  });

  it('resubmits a rejected sale under the SAME order number, back in flight, attempt 2, with fixed data', () => {
    const orderNo = beginSale(journal);
    journal.markRejected(orderNo, { statusCode: 0, resultMessage: 'BuyerName required' });
    expect(journal.get(orderNo)).toMatchObject({ state: 'rejected', lastMessage: 'BuyerName required' });
    const fixed = { ...sale(orderNo).requestData, BuyerName: 'Fixed name' };
    const again = journal.resubmit(orderNo, { by: 'Amy', changes: { requestData: fixed } });
    expect(again).toMatchObject({ orderNo, state: 'in-flight', attempt: 2 });
    expect(again.requestData.BuyerName).toBe('Fixed name');
    journal.recordExchange(orderNo, {
      operation: 'order',
      httpStatus: 200,
      statusCode: 1,
      resultMessage: 'OK',
      durationMs: 10,
      outcome: 'issued',
    });
    journal.markIssued(orderNo, ISSUE);
    expect(journal.detail(orderNo)!.exchanges[0]!.attempt).toBe(2);
    expect(journal.list({ businessDay: '2026-11-22' })).toHaveLength(1);
  });

  it('resubmits a not-delivered sale', () => {
    const orderNo = beginSale(journal);
    journal.markNotDelivered(orderNo, { reason: 'ECONNREFUSED' });
    expect(journal.resubmit(orderNo).state).toBe('in-flight');
  });

  it('refuses a resubmission from issued, in-flight and needs-verification, bilingually, changing nothing', () => {
    const inFlight = beginSale(journal);
    const issued = beginSale(journal);
    journal.markIssued(issued, ISSUE);
    const unsure = beginSale(journal);
    journal.markNeedsVerification(unsure, { reason: 'timeout after sending' });
    const before = entryCount();
    for (const [orderNo, zhState] of [
      [inFlight, '傳送中'],
      [issued, '已開立'],
      [unsure, '待確認'],
    ] as const) {
      const error = refusal(() => journal.resubmit(orderNo));
      expect(error.code).toBe('journal-refused');
      expect(error.zh).toContain(zhState);
      expect(error.zh).toContain('不能重新送出');
      expect(error.en).toContain('cannot be resubmitted');
      expect(error.en).toContain(orderNo);
    }
    expect(entryCount()).toBe(before);
    expect(journal.get(unsure)!.state).toBe('needs-verification');
  });

  it('refuses outcome moves that do not start from in-flight', () => {
    const orderNo = beginSale(journal);
    journal.markRejected(orderNo, { statusCode: 0, resultMessage: 'bad' });
    expect(refusal(() => journal.markIssued(orderNo, ISSUE)).code).toBe('journal-refused');
    expect(refusal(() => journal.markNeedsVerification(orderNo, { reason: 'x' })).code).toBe(
      'journal-refused',
    );
    expect(refusal(() => journal.markNotDelivered(orderNo, { reason: 'x' })).code).toBe('journal-refused');
    expect(refusal(() => journal.markRejected(orderNo, { statusCode: 0, resultMessage: 'y' })).code).toBe(
      'journal-refused',
    );
    expect(journal.get(orderNo)!.state).toBe('rejected');
  });

  it('lets a person resolve needs-verification as issued, recording who and when', () => {
    const orderNo = beginSale(journal);
    journal.markNeedsVerification(orderNo, { reason: 'HTTP 502' });
    const at = new Date('2026-11-22T05:00:00Z');
    const resolved = journal.resolve(orderNo, {
      outcome: 'issued',
      invoiceNumber: 'cd-87654321',
      by: '店長 Lin',
      at,
    });
    expect(resolved).toMatchObject({
      state: 'issued',
      invoiceNumber: 'CD87654321',
      resolution: { outcome: 'issued', by: '店長 Lin', at: at.toISOString(), invoiceNumber: 'CD87654321' },
    });
    expect(journal.detail(orderNo)!.entries.at(-1)).toMatchObject({
      kind: 'tx.resolved',
      at: at.toISOString(),
    });
    expect(refusal(() => journal.resolve(orderNo, { outcome: 'not-issued', by: 'Lin' })).code).toBe(
      'journal-refused',
    );
  });

  it('lets a person resolve as not issued, after which it may be resubmitted', () => {
    const orderNo = beginSale(journal);
    journal.markNeedsVerification(orderNo, { reason: 'timeout' });
    expect(
      journal.resolve(orderNo, { outcome: 'not-issued', by: 'Lin', note: 'console shows nothing' }),
    ).toMatchObject({
      state: 'not-issued',
      resolution: { outcome: 'not-issued', by: 'Lin', note: 'console shows nothing' },
    });
    expect(journal.resubmit(orderNo, { by: 'Amy' })).toMatchObject({
      state: 'in-flight',
      attempt: 2,
      resolution: null,
    });
  });

  it('refuses a resolution without a person or with a malformed invoice number, or not pending', () => {
    const orderNo = beginSale(journal);
    expect(refusal(() => journal.resolve(orderNo, { outcome: 'not-issued', by: 'Lin' })).zh).toContain(
      '人工確認',
    );
    journal.markNeedsVerification(orderNo, { reason: 'timeout' });
    const before = entryCount();
    expect(refusal(() => journal.resolve(orderNo, { outcome: 'not-issued', by: '  ' })).code).toBe(
      'journal-invalid',
    );
    expect(
      refusal(() => journal.resolve(orderNo, { outcome: 'issued', invoiceNumber: 'A1234', by: 'Lin' })).code,
    ).toBe('journal-invalid');
    expect(entryCount()).toBe(before);
    expect(journal.get(orderNo)!.state).toBe('needs-verification');
  });

  it('refuses an invoice number that already belongs to another order', () => {
    const first = beginSale(journal);
    journal.markIssued(first, ISSUE);
    const second = beginSale(journal);
    journal.markNeedsVerification(second, { reason: 'timeout' });
    const error = refusal(() =>
      journal.resolve(second, { outcome: 'issued', invoiceNumber: ISSUE.invoiceNumber, by: 'Lin' }),
    );
    expect(error.en).toContain(first);
  });

  it('refuses bad input with a bilingual message and writes nothing', () => {
    const orderNo = journal.nextOrderNo('T01', NOON_TAIPEI);
    const good = sale(orderNo);
    const bad = [
      { ...good, requestData: { ...good.requestData, BillingNo: 'OTHER-1' } },
      { ...good, companyId: '1234' },
      { ...good, lines: [] },
      { ...good, totals: { ...good.totals, totalAmount: 151 } },
      { ...good, payments: [{ method: 'cash', amount: 1.5 }] },
      { ...good, orderNo: 'lower-case-1', requestData: { ...good.requestData, BillingNo: 'lower-case-1' } },
      { ...good, tillId: 'T02' },
    ];
    for (const tx of bad) {
      const error = refusal(() => journal.begin(tx));
      expect(error.code).toBe('journal-invalid');
      expect(error.zh).toContain('未寫入');
      expect(error.en).toContain('nothing was written');
    }
    expect(entryCount()).toBe(0);
    expect(journal.get(orderNo)).toBeNull();
    journal.begin(good);
    expect(refusal(() => journal.begin(good)).en).toContain('never reused');
    expect(refusal(() => journal.markIssued('T01-20261122-999999', ISSUE)).code).toBe('journal-not-found');
    expect(refusal(() => journal.markIssued(orderNo, { ...ISSUE, randomNumber: '12' })).code).toBe(
      'journal-invalid',
    );
    expect(entryCount()).toBe(1);
  });

  it('lists a day with filters, the pending list and counts', () => {
    const minute = (m: number) => new Date(NOON_TAIPEI.getTime() + m * 60_000);
    const a = beginSale(journal, { at: minute(1) });
    const b = beginSale(journal, { tillId: 'T02', at: minute(2) });
    const c = beginSale(journal, { training: true, at: minute(3) });
    beginSale(journal, { at: new Date('2026-11-23T03:00:00Z') });
    journal.markIssued(a, ISSUE);
    journal.markNeedsVerification(b, { reason: 'timeout' });
    expect(journal.list({ businessDay: '2026-11-22' }).map((t) => t.orderNo)).toEqual([a, b, c]);
    expect(journal.list({ businessDay: '2026-11-22', tillId: 'T02' }).map((t) => t.orderNo)).toEqual([b]);
    expect(journal.list({ businessDay: '2026-11-22', state: 'in-flight' }).map((t) => t.orderNo)).toEqual([
      c,
    ]);
    expect(journal.list({ businessDay: '2026-11-22', training: true }).map((t) => t.orderNo)).toEqual([c]);
    expect(journal.list({ businessDay: '2026-11-22', limit: 1, offset: 1 }).map((t) => t.orderNo)).toEqual([
      b,
    ]);
    const item = journal.list({ businessDay: '2026-11-22', state: 'issued' })[0]!;
    expect(item).toMatchObject({
      invoiceKind: 'paper',
      paymentMethods: ['cash'],
      totals: { totalAmount: 150 },
    });
    expect(item).not.toHaveProperty('requestData');
    expect(journal.pending().map((t) => t.orderNo)).toEqual([b]);
    expect(journal.counts()).toEqual({ inFlight: 2, needsVerification: 1, pendingPrintJobs: 0 });
    expect(refusal(() => journal.list({ businessDay: '22/11/2026' })).code).toBe('journal-invalid');
  });
});

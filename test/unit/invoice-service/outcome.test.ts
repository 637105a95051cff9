import { describe, expect, it } from 'vitest';
import { classify, summarize } from '../../../src/main/invoice-service/outcome';
import type { TransportResult } from '../../../src/main/invoice-service/transport';

const ORDER_NO = 'T01-20261122-000001';
/** What the till sent, as far as the answer's reading needs it. */
const SENT = { BillingNo: ORDER_NO };

const printData = {
  Version: 1,
  SellerName: '練習商店',
  SellerID: '24549210',
  InvoiceNumber: 'TR00000001',
  InvoiceDateTime: '2026-11-22T10:00:00',
  RandomNumber: '0122',
  PeriodText: '115年11-12月',
  TotalAmount: 150,
  SalesAmount: 150,
  TaxAmount: 0,
  BuyerID: '',
  FormatCode: '',
  Barcode: '11512TR000000010122',
  QRCodeLeft: 'x',
  QRCodeRight: '**',
  Details: [{ ProductName: '茶', Quantity: 1, UnitPrice: 150, SubTotal: 150 }],
  Remark: '',
};

const success = (extra: Record<string, unknown> = {}) => ({
  StatusCode: 1,
  ResultMessage: 'OK',
  BillingNo: ORDER_NO,
  InvoiceNumber: 'TR00000001',
  InvoiceDateTime: '2026-11-22T10:00:00',
  RandomNumber: '0122',
  ...extra,
});

const answer = (status: number, body: unknown): TransportResult => ({
  kind: 'response',
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  elapsedMs: 3,
});

describe('outcome classification (spec POS rule 5, errors rules)', () => {
  it('a connection that never opened is not delivered (safe to try again)', () => {
    expect(classify('order', SENT, { kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 1 })).toEqual({
      kind: 'not-delivered',
      reason: 'ECONNREFUSED',
    });
  });

  it('a failure after sending is unknown, never a rejection', () => {
    const outcome = classify('order', SENT, {
      kind: 'failed-after-send',
      reason: 'ECONNRESET',
      elapsedMs: 1,
    });
    expect(outcome.kind).toBe('unknown');
  });

  it('HTTP 400 and 401 are rejections: nothing was issued', () => {
    expect(
      classify('order', SENT, answer(400, { StatusCode: 0, ResultMessage: 'Body is not JSON' })),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'HTTP 400: Body is not JSON',
      statusCode: null,
    });
    expect(classify('order', SENT, answer(401, 'nope'))).toMatchObject({
      kind: 'rejected',
      reason: 'HTTP 401',
    });
  });

  it('5xx and statuses the profile does not name are unknown', () => {
    for (const status of [500, 502, 503, 504, 404, 302]) {
      expect(classify('order', SENT, answer(status, success())).kind).toBe('unknown');
    }
  });

  it('StatusCode 0 is a rejection; `Timestamp already used` asks for a fresh timestamp', () => {
    expect(
      classify('order', SENT, answer(200, { StatusCode: 0, ResultMessage: 'TotalAmount is wrong' })),
    ).toEqual({
      kind: 'rejected',
      reason: 'TotalAmount is wrong',
      statusCode: 0,
      retryWithFreshTimestamp: false,
    });
    expect(
      classify('order', SENT, answer(200, { StatusCode: 0, ResultMessage: 'Timestamp already used' })),
    ).toMatchObject({ kind: 'rejected', retryWithFreshTimestamp: true });
  });

  it('`Duplicate BillingNo` means an invoice exists: unknown (verify), not a rejection to resubmit', () => {
    expect(
      classify('order', SENT, answer(200, { StatusCode: 0, ResultMessage: 'Duplicate BillingNo' })),
    ).toEqual({
      kind: 'unknown',
      reason: 'Duplicate BillingNo',
      duplicateBillingNo: true,
    });
  });

  it('an unreadable 200 is unknown: not JSON, not the shape, StatusCode outside 0/1', () => {
    for (const body of [
      '<html>502</html>',
      '',
      '[]',
      '{"StatusCode":"1"}',
      '{"StatusCode":2,"ResultMessage":"x"}',
      'null',
    ]) {
      expect(classify('order', SENT, answer(200, body)).kind).toBe('unknown');
    }
  });

  it('a success without its issue result (InvoiceNumber, RandomNumber…) is unknown', () => {
    const { InvoiceNumber: _n, ...noNumber } = success();
    expect(classify('order', SENT, answer(200, noNumber))).toMatchObject({ kind: 'unknown' });
    expect(classify('order', SENT, answer(200, success({ InvoiceNumber: 'TR-00000001' }))).kind).toBe(
      'unknown',
    );
    expect(classify('order', SENT, answer(200, success({ RandomNumber: '12' }))).kind).toBe('unknown');
  });

  it('a success for another order number is unknown', () => {
    expect(classify('order', SENT, answer(200, success({ BillingNo: 'T01-20261122-000002' }))).kind).toBe(
      'unknown',
    );
  });

  it('a success with its print data is issued and parsed', () => {
    const outcome = classify(
      'order',
      SENT,
      answer(200, success({ PrintDataString: JSON.stringify(printData) })),
    );
    expect(outcome).toMatchObject({ kind: 'issued', missing: [], printDataError: null });
    if (outcome.kind === 'issued') expect(outcome.printData?.Barcode).toBe('11512TR000000010122');
  });

  it('a success without PrintDataString is issued, with the missing data recorded', () => {
    expect(classify('order', SENT, answer(200, success()))).toMatchObject({
      kind: 'issued',
      missing: ['PrintDataString'],
      printData: null,
    });
  });

  it('a PrintDataString that does not parse is issued and reported, never a reason to issue again', () => {
    const outcome = classify('order', SENT, answer(200, success({ PrintDataString: '{broken' })));
    expect(outcome).toMatchObject({
      kind: 'issued',
      printData: null,
      printDataError: 'PrintDataString is not JSON',
    });
    const other = classify(
      'order',
      SENT,
      answer(
        200,
        success({ PrintDataString: JSON.stringify({ ...printData, InvoiceNumber: 'TR00000009' }) }),
      ),
    );
    expect(other).toMatchObject({ kind: 'issued', printData: null });
    if (other.kind === 'issued') expect(other.printDataError).toContain('TR00000009');
  });

  it('OrderReturnQKey: the link is used only when it is a usable https link', () => {
    const good = classify(
      'orderReturnQKey',
      SENT,
      answer(200, success({ QKey: 'k', QrCodeUrl: 'https://provider.example/bind?k=1' })),
    );
    expect(good).toMatchObject({
      kind: 'issued',
      qrCodeUrl: 'https://provider.example/bind?k=1',
      missing: [],
    });
    const none = classify('orderReturnQKey', SENT, answer(200, success({ QKey: 'k' })));
    expect(none).toMatchObject({ kind: 'issued', qrCodeUrl: null, missing: ['QrCodeUrl'] });
    const bad = classify(
      'orderReturnQKey',
      SENT,
      answer(200, success({ QKey: 'k', QrCodeUrl: 'javascript:alert(1)' })),
    );
    expect(bad).toMatchObject({ kind: 'issued', qrCodeUrl: null });
    const noKey = classify(
      'orderReturnQKey',
      SENT,
      answer(200, success({ QrCodeUrl: 'https://p.example/x' })),
    );
    expect(noKey).toMatchObject({ kind: 'issued', qrCodeUrl: 'https://p.example/x', missing: ['QKey'] });
  });

  it('OrderWithoutPrint expects no print data', () => {
    expect(classify('orderWithoutPrint', SENT, answer(200, success()))).toMatchObject({
      kind: 'issued',
      missing: [],
    });
  });

  it('summarize keeps HTTP status, StatusCode and ResultMessage for the log', () => {
    expect(summarize(answer(200, { StatusCode: 0, ResultMessage: 'Timestamp expired' }))).toMatchObject({
      httpStatus: 200,
      statusCode: 0,
      resultMessage: 'Timestamp expired',
      transport: 'response',
    });
    expect(summarize({ kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 2 })).toMatchObject({
      httpStatus: null,
      statusCode: null,
      error: 'ECONNREFUSED',
      transport: 'not-sent',
    });
  });
});

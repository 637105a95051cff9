import { describe, expect, it } from 'vitest';
import { outcomeDetail, outcomeMessage } from '../../../src/main/checkout/messages';
import type { Outcome } from '../../../src/main/invoice-service/outcome';

const ORDER = 'T01-20261122-000007';
const response = {
  StatusCode: 1 as const,
  ResultMessage: 'Invoice issued',
  BillingNo: ORDER,
  InvoiceNumber: 'TR00000012',
  InvoiceDateTime: '2026-11-22T10:00:00',
  RandomNumber: '0122',
};

describe('cashier messages: whether an invoice exists and what to do, zh-TW and English', () => {
  const cases: Array<[Outcome, RegExp, RegExp]> = [
    [
      { kind: 'issued', response, missing: [], printData: null, printDataError: null, qrCodeUrl: null },
      /發票已開立：TR00000012/,
      /Invoice issued: TR00000012/,
    ],
    [
      {
        kind: 'issued',
        response,
        missing: ['PrintDataString'],
        printData: null,
        printDataError: null,
        qrCodeUrl: null,
      },
      /請勿重新開立/,
      /no print data\. Do not issue again/,
    ],
    [
      {
        kind: 'issued',
        response,
        missing: [],
        printData: null,
        printDataError: 'PrintDataString is not JSON',
        qrCodeUrl: null,
      },
      /無法解讀.*請勿重新開立/,
      /could not be read; it is kept and reported/,
    ],
    [
      {
        kind: 'issued',
        response,
        missing: ['QrCodeUrl'],
        printData: null,
        printDataError: null,
        qrCodeUrl: null,
      },
      /不顯示 QR 碼/,
      /no QR code is shown/,
    ],
    [
      { kind: 'rejected', reason: 'Timestamp expired', statusCode: 0, retryWithFreshTimestamp: false },
      /發票未開立.*請檢查這台收銀機的日期與時間.*同一訂單編號 T01-20261122-000007/,
      /No invoice was issued.*check this till's date and time.*same order number/,
    ],
    [
      // The answer's Date header said the service is a week behind the till: the till's clock is wrong.
      {
        kind: 'rejected',
        reason: 'Timestamp expired',
        statusCode: 0,
        retryWithFreshTimestamp: false,
        clockOffsetSeconds: -(7 * 86_400 + 2 * 3600 + 5),
      },
      /發票未開立.*收銀機時鐘比發票服務快 7 天 2 小時，請校正這台電腦的日期與時間/,
      /The till's clock is 7 d 2 h ahead of the e-invoice service; set this computer's date and time right/,
    ],
    [
      {
        kind: 'rejected',
        reason: 'Timestamp expired',
        statusCode: 0,
        retryWithFreshTimestamp: false,
        clockOffsetSeconds: 3,
      },
      /時鐘一致，但服務仍拒絕請求時間/,
      /agrees with the service's, yet the service refused/,
    ],
    [
      { kind: 'not-delivered', reason: 'ECONNREFUSED' },
      /無法連線.*發票未開立.*可以安全地/,
      /no invoice was issued.*safe to send/,
    ],
    [
      { kind: 'unknown', reason: 'HTTP 500', duplicateBillingNo: false },
      /無法確定.*請勿重新結帳.*待確認/,
      /not known whether.*Do not check out again.*verification/,
    ],
    [
      { kind: 'unknown', reason: 'Duplicate BillingNo', duplicateBillingNo: true },
      /已開過發票/,
      /already has an invoice/,
    ],
  ];
  for (const [outcome, zh, en] of cases) {
    it(`${outcome.kind} ${'reason' in outcome ? outcome.reason : outcome.missing.join(',')}`, () => {
      const message = outcomeMessage(ORDER, outcome);
      expect(message.zh).toMatch(zh);
      expect(message.en).toMatch(en);
    });
  }

  it('a missing QKey alone does not say the QR code is not shown (the link is)', () => {
    const message = outcomeMessage(ORDER, {
      kind: 'issued',
      response: { ...response, QrCodeUrl: 'https://einvoice.example/q/1' },
      missing: ['QKey'],
      printData: null,
      printDataError: null,
      qrCodeUrl: 'https://einvoice.example/q/1',
    });
    expect(message.zh).not.toMatch(/不顯示 QR 碼/);
    expect(message.en).not.toMatch(/no QR code is shown/);
  });
});

describe('an unknown outcome in the cashier’s words', () => {
  const unknownMessage = (reason: string) =>
    outcomeMessage('T01-20261122-000009', { kind: 'unknown', reason, duplicateBillingNo: false });

  it('names the cause in words in both languages, the technical code only in the detail', () => {
    const reset = unknownMessage('sent, then ECONNRESET');
    expect(reset.zh).toContain('無法確定發票是否已開立（送出後連線中斷）');
    expect(reset.en).toContain('(the connection broke after the order was sent)');
    for (const text of [reset.zh, reset.en]) expect(text).not.toContain('ECONNRESET');
    expect(
      outcomeDetail({ kind: 'unknown', reason: 'sent, then ECONNRESET', duplicateBillingNo: false }),
    ).toBe('sent, then ECONNRESET');
    expect(unknownMessage('sent, then no complete answer within 10000 ms').zh).toContain('（等候回應逾時）');
    const fault = unknownMessage('HTTP 503');
    expect(fault.zh).toContain('（發票服務暫時故障）');
    expect(fault.en).not.toContain('503');
    expect(unknownMessage('HTTP 200 with an unreadable answer').zh).toContain('（發票服務的回應無法辨識）');
  });

  it("never puts the provider's or the transport's text in a rejection either", () => {
    for (const reason of ['BuyerIdentifier invalid', 'HTTP 400: StatusCode -1', 'Signature mismatch']) {
      const outcome = { kind: 'rejected', reason, statusCode: 0, retryWithFreshTimestamp: false } as const;
      const message = outcomeMessage('T01-20261122-000011', outcome);
      for (const text of [message.zh, message.en]) {
        expect(text).not.toMatch(/BuyerIdentifier|HTTP|StatusCode|Signature mismatch/);
      }
      expect(outcomeDetail(outcome)).toBe(reason);
    }
  });
});

describe('a sale the service never received', () => {
  it('says it is safe to send again, with the technical reason only in the detail', () => {
    const outcome = { kind: 'not-delivered', reason: 'ECONNREFUSED' } as const;
    const message = outcomeMessage('T01-20261122-000010', outcome);
    expect(message.zh).toBe(
      '無法連線到發票服務，發票未開立。請檢查網路後，可以安全地以同一訂單編號 T01-20261122-000010 再送一次。',
    );
    expect(message.en).not.toContain('ECONNREFUSED');
    expect(outcomeDetail(outcome)).toBe('ECONNREFUSED');
  });
});

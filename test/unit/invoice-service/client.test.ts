import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPosClient,
  MAX_FRESH_TIMESTAMP_ATTEMPTS,
  type AttemptStart,
} from '../../../src/main/invoice-service/client';
import type { Outcome } from '../../../src/main/invoice-service/outcome';
import type { PosOrderData } from '../../../src/provider/pos-profile';
import { keptRequest, timestampText } from '../../../src/main/invoice-service/signing';
import type { PostOptions, TransportResult } from '../../../src/main/invoice-service/transport';

const data: PosOrderData = {
  BillingNo: 'T01-20261122-000001',
  InvoiceDateTime: '2026-11-22T10:00:00',
  InvoiceFor: 'C',
  BuyerID: '0000000000',
  BuyerName: '消費者',
  PrintMark: 'Y',
  TaxType: '1',
  SalesAmount: 100,
  FreeTaxSalesAmount: 0,
  ZeroTaxSalesAmount: 0,
  TaxAmount: 0,
  TotalAmount: 100,
  DeviceID: 'T01',
  Details: [
    { DetailID: '001', ProductName: '茶', Quantity: 1, UnitPrice: 100, SubTotal: 100, ItemTaxType: '1' },
  ],
};

const config = {
  serviceUrl: 'http://127.0.0.1:9/base/',
  companyId: '24549210',
  apiKey: 'the-api-key',
  signingSecret: 'the-secret',
  timeoutMs: 1000,
};

function harness(answers: TransportResult[]) {
  const posts: PostOptions[] = [];
  const logs: Array<{ message: string; fields?: Record<string, unknown> }> = [];
  const recorded: Array<{ start: AttemptStart; outcome: Outcome }> = [];
  let last = 1_800_000_000;
  const client = createPosClient({
    config,
    reserveTimestamp: (_company, now) => String((last = Math.max(now, last + 1))),
    nowSeconds: () => 1_800_000_000,
    logger: { info: (message, fields) => logs.push({ message, fields }), warn() {}, error() {} },
    post: async (options) => {
      posts.push(options);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
  });
  const recorder = {
    beforeSend: () => {},
    afterAnswer: (start: AttemptStart, _summary: unknown, outcome: Outcome) =>
      recorded.push({ start, outcome }),
  };
  return { client, posts, logs, recorded, recorder };
}

const used = (): TransportResult => ({
  kind: 'response',
  status: 200,
  body: JSON.stringify({ StatusCode: 0, ResultMessage: 'Timestamp already used' }),
  elapsedMs: 1,
});

describe('POS client', () => {
  it('signs CompanyID + SigningSecret + Timestamp and sends the apiKey header to base + path', async () => {
    const h = harness([{ kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 0 }]);
    await h.client.issue('order', data, h.recorder);
    const post = h.posts[0]!;
    expect(post.url).toBe('http://127.0.0.1:9/base/Append/Order');
    expect(post.headers).toEqual({ apiKey: 'the-api-key' });
    const body = JSON.parse(post.body);
    expect(body.CompanyID).toBe('24549210');
    expect(body.Timestamp).toBe('1800000001');
    expect(body.Signature).toBe(
      createHash('sha256').update('24549210the-secret1800000001', 'utf8').digest('hex'),
    );
    expect(body.Data).toEqual(data);
  });

  it('retries `Timestamp already used` at once with a fresh timestamp, and nothing else', async () => {
    const h = harness([used(), used(), { kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 0 }]);
    const result = await h.client.issue('orderWithoutPrint', data, h.recorder);
    expect(result).toMatchObject({ attempts: 3, outcome: { kind: 'not-delivered' } });
    const stamps = h.posts.map((p) => JSON.parse(p.body).Timestamp);
    expect(new Set(stamps).size).toBe(3);
    expect(h.recorded.map((r) => r.start.timestamp)).toEqual(stamps);
  });

  it('gives up on fresh timestamps after a bound, as a rejection', async () => {
    const h = harness(Array.from({ length: MAX_FRESH_TIMESTAMP_ATTEMPTS + 3 }, used));
    const result = await h.client.issue('order', data, h.recorder);
    expect(result.attempts).toBe(MAX_FRESH_TIMESTAMP_ATTEMPTS);
    expect(result.outcome).toMatchObject({ kind: 'rejected', retryWithFreshTimestamp: true });
  });

  for (const answer of [
    { kind: 'failed-after-send', reason: 'timeout', elapsedMs: 1000 } as TransportResult,
    { kind: 'response', status: 500, body: 'x', elapsedMs: 1 } as TransportResult,
    {
      kind: 'response',
      status: 200,
      body: '{"StatusCode":0,"ResultMessage":"Signature mismatch"}',
      elapsedMs: 1,
    } as TransportResult,
    { kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 0 } as TransportResult,
  ]) {
    it(`sends exactly once when the answer is ${answer.kind} ${'status' in answer ? answer.status : ''}`, async () => {
      const h = harness([answer, answer]);
      await h.client.issue('order', data, h.recorder);
      expect(h.posts).toHaveLength(1);
    });
  }

  it('logs HTTP status, StatusCode and ResultMessage, and never a secret', async () => {
    const h = harness([
      {
        kind: 'response',
        status: 200,
        body: '{"StatusCode":0,"ResultMessage":"TotalAmount is wrong"}',
        elapsedMs: 1,
      },
    ]);
    await h.client.issue('order', data, h.recorder);
    expect(h.logs[0]!.fields).toMatchObject({
      httpStatus: 200,
      StatusCode: 0,
      ResultMessage: 'TotalAmount is wrong',
    });
    const text = JSON.stringify(h.logs);
    expect(text).not.toContain('the-api-key');
    expect(text).not.toContain('the-secret');
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('keeps only Data, CompanyID and Timestamp of a request', () => {
    expect(Object.keys(keptRequest('24549210', '1800000000', data)).sort()).toEqual([
      'CompanyID',
      'Data',
      'Timestamp',
    ]);
  });

  it('refuses a timestamp that is not whole epoch seconds', () => {
    expect(timestampText('1800000000')).toBe('1800000000');
    for (const bad of ['0', '-1', '1.5', '', 'abc', 0]) expect(() => timestampText(bad)).toThrow();
  });
});

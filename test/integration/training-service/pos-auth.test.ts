import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, signRequest } from '../../../src/provider/pos-profile';
import { sampleOrder } from '../../support/pos-client';
import { fakeClock, startService, taipei, type RunningService } from './harness';

// Provider profile §1: apiKey header (401), the wrapper (400), signature, timestamp freshness and
// single use per company (StatusCode 0), all before anything is issued.
describe('training service: POS authentication', () => {
  const clock = fakeClock(taipei('2026-11-20T10:00:00'));
  const nowSeconds = () => Number(clock.seconds());
  let svc: RunningService;
  let billing = 0;
  const order = () => sampleOrder(`AUTH-${++billing}`, { at: clock.now() });

  beforeAll(async () => {
    svc = await startService({ now: clock.now });
  });
  afterAll(async () => {
    await svc.dispose();
  });

  it('issues a correctly signed, fresh request', async () => {
    const data = order();
    const result = await svc.post('order', data, { timestamp: nowSeconds() });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ StatusCode: 1, BillingNo: data.BillingNo });
  });

  it('answers HTTP 401 to a missing or wrong apiKey, and issues nothing', async () => {
    const data = order();
    for (const apiKey of [null, 'wrong-api-key', svc.config.apiKey.toUpperCase()]) {
      const result = await svc.post('order', data, { apiKey, timestamp: nowSeconds() - 1 });
      expect(result.status).toBe(401);
      expect(result.json).toEqual({ StatusCode: 0, ResultMessage: 'Invalid apiKey' });
    }
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
  });

  it('answers HTTP 400 to a body that is not JSON or not the wrapper', async () => {
    const ts = String(nowSeconds());
    const signature = signRequest(svc.config.companyId, svc.config.signingSecret, ts);
    const cases: Array<[string, string]> = [
      ['{"CompanyID": ', 'Body is not JSON'],
      ['[]', 'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}'],
      [
        JSON.stringify({
          CompanyID: svc.config.companyId,
          Timestamp: Number(ts),
          Signature: signature,
          Data: {},
        }),
        'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: CompanyID, Timestamp and Signature are strings',
      ],
      [
        JSON.stringify({ CompanyID: svc.config.companyId, Timestamp: ts, Signature: signature }),
        'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: Data is the order object',
      ],
      [
        JSON.stringify({
          CompanyID: svc.config.companyId,
          Timestamp: ts,
          Signature: signature,
          Data: [order()],
        }),
        'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: Data is the order object',
      ],
      [
        JSON.stringify({ CompanyID: '2454921', Timestamp: ts, Signature: signature, Data: order() }),
        'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: CompanyID is 8 digits',
      ],
      [
        JSON.stringify({
          CompanyID: svc.config.companyId,
          Timestamp: '2026-11-20T10:00:00',
          Signature: signature,
          Data: order(),
        }),
        'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: Timestamp is epoch seconds as a decimal string',
      ],
    ];
    for (const [rawBody, message] of cases) {
      const result = await svc.post('order', null, { rawBody });
      expect(result.status, rawBody).toBe(400);
      expect(result.json).toEqual({ StatusCode: 0, ResultMessage: message });
    }
  });

  it('rejects another company and a wrong signature with StatusCode 0', async () => {
    const data = order();
    const ts = nowSeconds() - 2;
    const other = await svc.post('order', data, {
      companyId: '04595252',
      timestamp: ts,
      signature: signRequest('04595252', svc.config.signingSecret, String(ts)),
    });
    expect(other.json).toEqual({ StatusCode: 0, ResultMessage: 'CompanyID does not match the apiKey' });
    const wrongSecret = signRequest(svc.config.companyId, 'not-the-secret', String(ts));
    const upperCase = signRequest(svc.config.companyId, svc.config.signingSecret, String(ts)).toUpperCase();
    const otherTimestamp = signRequest(svc.config.companyId, svc.config.signingSecret, String(ts + 1));
    for (const signature of [wrongSecret, upperCase, otherTimestamp, '']) {
      const result = await svc.post('order', data, { timestamp: ts, signature });
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.signatureMismatch });
    }
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
    // A forged request does not burn the timestamp: the real till can still use it.
    expect((await svc.post('order', data, { timestamp: ts })).json).toMatchObject({ StatusCode: 1 });
  });

  it('accepts a timestamp within 300 s of the service clock and rejects one beyond, either way', async () => {
    const window = svc.config.timestampWindowSeconds;
    expect(window).toBe(300);
    for (const offset of [-(window + 1), window + 1, -100_000]) {
      const data = order();
      const result = await svc.post('order', data, { timestamp: nowSeconds() + offset });
      expect(result.json, `offset ${offset}`).toEqual({
        StatusCode: 0,
        ResultMessage: RESULT_MESSAGES.timestampExpired,
      });
      expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
    }
    for (const offset of [-window, window - 1]) {
      const result = await svc.post('order', order(), { timestamp: nowSeconds() + offset });
      expect(result.json, `offset ${offset}`).toMatchObject({ StatusCode: 1 });
    }
  });

  it('rejects a reused timestamp, even one written with leading zeros, and a fresh one then works', async () => {
    const ts = nowSeconds() - 10;
    expect((await svc.post('order', order(), { timestamp: ts })).json).toMatchObject({ StatusCode: 1 });
    const data = order();
    for (const timestamp of [String(ts), `00${ts}`]) {
      const reused = await svc.post('order', data, { timestamp });
      expect(reused.json).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    }
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
    expect((await svc.post('order', data, { timestamp: ts - 1 })).json).toMatchObject({ StatusCode: 1 });
  });

  it('counts a timestamp as used once a signed request carried it, even when the order was refused', async () => {
    const ts = nowSeconds() - 20;
    const refused = await svc.post('order', { ...order(), BuyerName: '' }, { timestamp: ts });
    expect(refused.json).toEqual({ StatusCode: 0, ResultMessage: 'BuyerName is required' });
    expect((await svc.post('order', order(), { timestamp: ts })).json).toEqual({
      StatusCode: 0,
      ResultMessage: RESULT_MESSAGES.timestampUsed,
    });
  });

  it('shares one timestamp space across the three operations', async () => {
    const ts = nowSeconds() - 30;
    expect((await svc.post('orderWithoutPrint', order(), { timestamp: ts })).json).toMatchObject({
      StatusCode: 1,
    });
    for (const operation of ['order', 'orderReturnQKey', 'orderWithoutPrint'] as const) {
      expect((await svc.post(operation, order(), { timestamp: ts })).json).toEqual({
        StatusCode: 0,
        ResultMessage: RESULT_MESSAGES.timestampUsed,
      });
    }
  });

  it('keeps used timestamps across a restart', async () => {
    const ts = nowSeconds() - 40;
    expect((await svc.post('order', order(), { timestamp: ts })).json).toMatchObject({ StatusCode: 1 });
    svc = await svc.restart();
    expect((await svc.post('order', order(), { timestamp: ts })).json).toEqual({
      StatusCode: 0,
      ResultMessage: RESULT_MESSAGES.timestampUsed,
    });
    expect((await svc.post('order', order(), { timestamp: ts - 1 })).json).toMatchObject({ StatusCode: 1 });
  });

  it('applies the configured clock offset to freshness', async () => {
    const skewed = await startService({ now: clock.now, config: { clockOffsetSeconds: 600 } });
    try {
      const late = await skewed.post('order', order(), { timestamp: nowSeconds() });
      expect(late.json).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampExpired });
      const data = sampleOrder('SKEW-1', { at: new Date(clock.now().getTime() + 600_000) });
      expect((await skewed.post('order', data, { timestamp: nowSeconds() + 600 })).json).toMatchObject({
        StatusCode: 1,
      });
    } finally {
      await skewed.dispose();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, requestHeaders } from '../../../src/provider/pos-profile';
import { PROVIDER_VARIANT_IDS, variantFor } from '../../../src/provider/variants';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import { buildStandardRequestBody } from '../../../src/provider/standard-profile';
import { DEVICES, deviceOrder, postWithPair, topLevelPair } from './device-client';
import { fakeClock, startService, taipei, type RunningService } from './harness';

// Provider profile §5: each till is a registered device with its own POS key pair. The apiKey
// header picks the pair; a pair issues for its own device only; each pair has its own timestamp
// space. The top-level pair stays valid for any DeviceID. In every variant's dialect.
describe.each(PROVIDER_VARIANT_IDS)('training service: devices with their own key pair (%s)', (variantId) => {
  const clock = fakeClock(taipei('2026-11-20T10:00:00'));
  const nowSeconds = () => Number(clock.seconds());
  const variant = variantFor(variantId);
  let svc: RunningService;
  let n = 0;
  const billingNo = () => `DEV-${variantId}-${++n}`;
  // SystemLead's segment group (UseFor, the DeviceID on its wire) has at most 2 characters: its
  // devices get short ids, the same roles.
  const SHORT: Record<string, string> = {
    T01: 'T1',
    T02: 'T2',
    T03: 'T3',
    T09: 'T9',
    T99: 'X9',
    t01: 't1',
    'POS-UNREGISTERED': 'ZZ',
  };
  const dev = (id: string) => (variantId === 'systemlead' ? (SHORT[id] ?? id) : id);
  const devices = DEVICES.map((pair) => ({ ...pair, deviceId: dev(pair.deviceId) }));
  const [t01, t02, t03] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
  const mismatch = { StatusCode: 0 as const, ResultMessage: RESULT_MESSAGES.deviceMismatch };

  beforeAll(async () => {
    svc = await startService({ now: clock.now, config: { variant: variantId, devices } });
  });
  afterAll(async () => {
    await svc.dispose();
  });

  it('issues with a device’s own pair for that device, from its own segment', async () => {
    const first = await postWithPair(
      svc,
      t01,
      deviceOrder(billingNo(), dev('T01'), clock.now()),
      nowSeconds(),
    );
    expect(first.call.status).toBe(200);
    expect(first.answer).toMatchObject({ StatusCode: 1, InvoiceNumber: 'TR00000000' });
    const second = await postWithPair(
      svc,
      t02,
      deviceOrder(billingNo(), dev('T02'), clock.now()),
      nowSeconds(),
    );
    // Another device: the next free segment, not the next number.
    expect(second.answer).toMatchObject({ StatusCode: 1, InvoiceNumber: 'TR00001000' });
    const third = await postWithPair(
      svc,
      t01,
      deviceOrder(billingNo(), dev('T01'), clock.now()),
      nowSeconds() - 1,
    );
    expect(third.answer).toMatchObject({ StatusCode: 1, InvoiceNumber: 'TR00000001' });
  });

  it('refuses an order from another DeviceID on a device’s pair with Device mismatch, in the variant’s shape', async () => {
    for (const [deviceId, offset] of [
      [dev('T02'), -10],
      [dev('T99'), -11],
      [dev('t01'), -12],
    ] as const) {
      const data = deviceOrder(billingNo(), deviceId, clock.now());
      const refused = await postWithPair(svc, t01, data, nowSeconds() + offset);
      expect(refused.call.status).toBe(200);
      expect(refused.answer, deviceId).toEqual(mismatch);
      // The variant's own shape on the wire, not the profile's.
      expect(JSON.parse(refused.call.text)).toEqual(variant.toWireAnswer(mismatch));
      expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
      // The refused order used its timestamp, like any refused order of that pair.
      const again = await postWithPair(
        svc,
        t01,
        deviceOrder(billingNo(), dev('T01'), clock.now()),
        nowSeconds() + offset,
      );
      expect(again.answer).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    }
    if (variantId === 'systemlead') {
      const refused = await postWithPair(
        svc,
        t01,
        deviceOrder(billingNo(), dev('T02'), clock.now()),
        nowSeconds() - 13,
      );
      expect(JSON.parse(refused.call.text)).toEqual([{ Message: 'Device mismatch' }]);
    }
  });

  it('checks the device before the order’s own rules (the till’s settings are what is wrong)', async () => {
    const data = { ...deviceOrder(billingNo(), dev('T02'), clock.now()), BuyerName: '' };
    expect((await postWithPair(svc, t01, data, nowSeconds() - 20)).answer).toEqual(mismatch);
  });

  it('lets several tills use the same timestamp second, each on its own pair', async () => {
    const second = nowSeconds() - 30;
    const answers = await Promise.all([
      postWithPair(svc, t01, deviceOrder(billingNo(), dev('T01'), clock.now()), second),
      postWithPair(svc, t02, deviceOrder(billingNo(), dev('T02'), clock.now()), second),
      postWithPair(svc, t03, deviceOrder(billingNo(), dev('T03'), clock.now()), second),
      postWithPair(svc, topLevelPair(svc), deviceOrder(billingNo(), dev('T09'), clock.now()), second),
    ]);
    for (const { answer } of answers) expect(answer).toMatchObject({ StatusCode: 1 });
    const numbers = answers.map(({ answer }) => answer?.InvoiceNumber);
    expect(new Set(numbers).size).toBe(4);
    // Within one pair, the second is still used once only.
    for (const pair of [t01, t02, t03]) {
      const again = await postWithPair(
        svc,
        pair,
        deviceOrder(billingNo(), pair.deviceId, clock.now()),
        second,
      );
      expect(again.answer).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    }
  });

  it('keeps the top-level pair valid for any DeviceID, in the company’s timestamp space', async () => {
    const top = topLevelPair(svc);
    for (const [deviceId, offset] of [
      [dev('T01'), -40],
      [dev('T02'), -41],
      [dev('POS-UNREGISTERED'), -42],
    ] as const) {
      const issued = await postWithPair(
        svc,
        top,
        deviceOrder(billingNo(), deviceId, clock.now()),
        nowSeconds() + offset,
      );
      expect(issued.answer, deviceId).toMatchObject({ StatusCode: 1 });
    }
    // Its space is its own: a second the top-level pair used is still free for T01's pair.
    const shared = await postWithPair(
      svc,
      t01,
      deviceOrder(billingNo(), dev('T01'), clock.now()),
      nowSeconds() - 40,
    );
    expect(shared.answer).toMatchObject({ StatusCode: 1 });
  });

  it('refuses a device’s apiKey signed with another pair’s secret, and unknown or standard keys with 401', async () => {
    const data = deviceOrder(billingNo(), dev('T01'), clock.now());
    for (const signingSecret of [
      t02.signingSecret,
      svc.config.signingSecret,
      svc.config.standardSigningSecret,
    ]) {
      const crossed = await postWithPair(svc, { apiKey: t01.apiKey, signingSecret }, data, nowSeconds() - 50);
      expect(crossed.answer).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.signatureMismatch });
    }
    // A forged request does not burn the pair's timestamp.
    expect((await postWithPair(svc, t01, data, nowSeconds() - 50)).answer).toMatchObject({ StatusCode: 1 });
    for (const apiKey of [svc.config.standardApiKey, 'till-04-api-key', t01.apiKey.toUpperCase()]) {
      const refused = await postWithPair(
        svc,
        { apiKey, signingSecret: t01.signingSecret },
        deviceOrder(billingNo(), dev('T01'), clock.now()),
        nowSeconds() - 51,
      );
      expect(refused.call.status, apiKey).toBe(401);
    }
  });

  it('refuses a device’s POS key on the standard API', async () => {
    const timestamp = String(nowSeconds() - 60);
    const response = await fetch(`${svc.service.standardUrl}${STANDARD_OPERATIONS.getInvoicesStatus}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...requestHeaders(t01.apiKey) },
      body: JSON.stringify(
        buildStandardRequestBody(svc.config.companyId, t01.signingSecret, timestamp, [
          { CompanyID: svc.config.companyId, InvoiceID: 'TR00000000' },
        ]),
      ),
    });
    expect(response.status).toBe(401);
  });

  it('keeps each pair’s used timestamps across a restart', async () => {
    const second = nowSeconds() - 70;
    for (const pair of [t01, t02]) {
      const issued = await postWithPair(
        svc,
        pair,
        deviceOrder(billingNo(), pair.deviceId, clock.now()),
        second,
      );
      expect(issued.answer).toMatchObject({ StatusCode: 1 });
    }
    svc = await svc.restart();
    for (const pair of [t01, t02]) {
      const again = await postWithPair(
        svc,
        pair,
        deviceOrder(billingNo(), pair.deviceId, clock.now()),
        second,
      );
      expect(again.answer).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    }
    const top = await postWithPair(
      svc,
      topLevelPair(svc),
      deviceOrder(billingNo(), dev('T01'), clock.now()),
      second,
    );
    expect(top.answer).toMatchObject({ StatusCode: 1 });
  });
});

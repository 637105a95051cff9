import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES } from '../../../src/provider/pos-profile';
import { sampleOrder } from '../../support/pos-client';
import { fakeClock, startService, taipei, type RunningService } from './harness';

// Invoice numbers: configured tracks per two-month period, in order, no gaps, no reuse, across
// period changes, restarts and concurrent requests.
describe('training service: invoice numbers', () => {
  let svc: RunningService | null = null;
  let lastTimestamp = 0;
  afterEach(async () => {
    await svc?.dispose();
    svc = null;
    lastTimestamp = 0;
  });

  let n = 0;
  const clock = fakeClock(taipei('2026-12-31T23:50:00'));
  /** Distinct fresh timestamps for the fake clock (each service starts with none used). */
  const ts = () => {
    lastTimestamp = Math.max(lastTimestamp + 1, Number(clock.seconds()) - 250);
    return lastTimestamp;
  };
  const issue = async (
    operation: 'order' | 'orderReturnQKey' | 'orderWithoutPrint' = 'orderWithoutPrint',
    at?: Date,
  ) => {
    const data = sampleOrder(`NUM-${++n}`, { at: at ?? clock.now() });
    return { data, result: await svc!.post(operation, data, { timestamp: ts() }) };
  };
  const numberOf = async (operation?: 'order' | 'orderReturnQKey' | 'orderWithoutPrint', at?: Date) => {
    const { result } = await issue(operation, at);
    expect(result.json, JSON.stringify(result.json)).toMatchObject({ StatusCode: 1 });
    return result.json!.InvoiceNumber as string;
  };

  it('allocates each track in order, then the next track, then refuses clearly; a new period starts over', async () => {
    clock.set(taipei('2026-12-31T23:50:00'));
    svc = await startService({
      now: clock.now,
      // One device: its one segment per track is the whole track, so the numbers run on.
      config: { tracks: ['AB', 'CD'], numbersPerTrack: 3, firstSerial: 50, segmentSize: 3 },
    });
    const numbers = [];
    for (const operation of [
      'order',
      'orderReturnQKey',
      'orderWithoutPrint',
      'order',
      'orderWithoutPrint',
      'order',
    ] as const) {
      numbers.push(await numberOf(operation));
    }
    expect(numbers).toEqual([
      'AB00000050',
      'AB00000051',
      'AB00000052',
      'CD00000050',
      'CD00000051',
      'CD00000052',
    ]);

    const { data, result } = await issue();
    expect(result.json).toEqual({
      StatusCode: 0,
      ResultMessage: 'No invoice numbers left for period 115年11-12月 (11512)',
    });
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });

    // Past midnight on 1 January: the new period has its own numbers.
    clock.set(taipei('2027-01-01T00:00:30'));
    expect(await numberOf()).toBe('AB00000050');
    // An order still dated in the old period draws from the old period, which is used up.
    const late = await issue('orderWithoutPrint', taipei('2026-12-31T23:59:59'));
    expect(late.result.json).toEqual({
      StatusCode: 0,
      ResultMessage: 'No invoice numbers left for period 115年11-12月 (11512)',
    });
    expect(await numberOf()).toBe('AB00000051');
  });

  it('rolls over at a period boundary using the invoice date, and honours per-period tracks', async () => {
    clock.set(taipei('2027-02-28T23:59:58'));
    svc = await startService({
      now: clock.now,
      config: { tracks: ['XY'], periodTracks: { '11604': ['QR', 'ST'] } },
    });
    expect(await numberOf()).toBe('XY00000000');
    expect(await numberOf()).toBe('XY00000001');
    clock.set(taipei('2027-03-01T00:00:01'));
    expect(await numberOf()).toBe('QR00000000');
    // A sale rung up just before midnight and sent just after belongs to the old period.
    expect(await numberOf('orderWithoutPrint', taipei('2027-02-28T23:59:59'))).toBe('XY00000002');
    expect(await numberOf()).toBe('QR00000001');
  });

  it('leaves no gap when an order is refused', async () => {
    clock.set(taipei('2026-11-10T12:00:00'));
    svc = await startService({ now: clock.now });
    expect(await numberOf()).toBe('TR00000000');
    const refused = await svc.post(
      'order',
      { ...sampleOrder(`NUM-${++n}`, { at: clock.now() }), TotalAmount: 1 },
      { timestamp: ts() },
    );
    expect(refused.json).toMatchObject({ StatusCode: 0 });
    const duplicate = await svc.post('order', sampleOrder(`NUM-${n - 1}`, { at: clock.now() }), {
      timestamp: ts(),
    });
    expect(duplicate.json).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.duplicateBillingNo });
    expect(await numberOf()).toBe('TR00000001');
  });

  it('keeps numbers, orders and used timestamps across a restart in the middle of a run', async () => {
    clock.set(taipei('2026-11-10T12:00:00'));
    svc = await startService({ now: clock.now });
    const usedTimestamps: number[] = [];
    const billingNos: string[] = [];
    const numbers: string[] = [];
    const run = async () => {
      const data = sampleOrder(`RUN-${++n}`, { at: clock.now() });
      const timestamp = ts();
      const result = await svc!.post('order', data, { timestamp });
      expect(result.json).toMatchObject({ StatusCode: 1 });
      usedTimestamps.push(timestamp);
      billingNos.push(data.BillingNo);
      numbers.push(result.json!.InvoiceNumber as string);
    };
    for (let i = 0; i < 5; i++) await run();
    svc = await svc.restart();
    for (let i = 0; i < 5; i++) await run();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `TR0000000${i}`));

    for (const timestamp of usedTimestamps.slice(0, 5)) {
      const again = await svc.post('order', sampleOrder(`RUN-X${timestamp}`, { at: clock.now() }), {
        timestamp,
      });
      expect(again.json).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    }
    const before = sampleOrder(billingNos[0]!, { at: clock.now() });
    expect((await svc.post('order', before, { timestamp: ts() })).json).toEqual({
      StatusCode: 0,
      ResultMessage: RESULT_MESSAGES.duplicateBillingNo,
    });
    expect(await svc.lookup(billingNos[2]!)).toMatchObject({ found: true, InvoiceNumber: 'TR00000002' });
  });

  it('loses nothing and leaves no gap when it is closed with requests in flight', async () => {
    clock.set(taipei('2026-11-10T12:00:00'));
    svc = await startService({ now: clock.now });
    await numberOf(); // the client is warmed up: the burst below really overlaps the restart
    const orders = Array.from({ length: 30 }, () => sampleOrder(`FLIGHT-${++n}`, { at: clock.now() }));
    const inFlight = orders.map((data) =>
      svc!.post('orderWithoutPrint', data, { timestamp: ts(), timeoutMs: 5000 }).catch(() => null),
    );
    await Promise.race(inFlight);
    svc = await svc.restart();
    const answers = await Promise.all(inFlight);

    const issued: string[] = [];
    for (const [i, data] of orders.entries()) {
      const lookup = await svc.lookup(data.BillingNo);
      const answer = answers[i];
      // Every answered success is on record with the same number.
      if (answer?.json?.StatusCode === 1)
        expect(lookup).toMatchObject({ found: true, InvoiceNumber: answer.json.InvoiceNumber });
      if (lookup.found) issued.push(lookup.InvoiceNumber as string);
    }
    issued.sort();
    expect(issued).toEqual(
      Array.from({ length: issued.length }, (_, i) => `TR${String(i + 1).padStart(8, '0')}`),
    );
    expect(await numberOf()).toBe(`TR${String(issued.length + 1).padStart(8, '0')}`);
  });

  it('issues exactly one invoice for 50 parallel requests with the same BillingNo', async () => {
    clock.set(taipei('2026-11-10T12:00:00'));
    svc = await startService({ now: clock.now });
    const data = sampleOrder('SAME-1', { at: clock.now() });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        svc!.post((['order', 'orderReturnQKey', 'orderWithoutPrint'] as const)[i % 3]!, data, {
          timestamp: ts(),
        }),
      ),
    );
    const issued = results.filter((r) => r.json?.StatusCode === 1);
    expect(issued).toHaveLength(1);
    expect(results.filter((r) => r.json?.ResultMessage === RESULT_MESSAGES.duplicateBillingNo)).toHaveLength(
      49,
    );
    expect(await svc.lookup('SAME-1')).toMatchObject({
      found: true,
      InvoiceNumber: issued[0]!.json!.InvoiceNumber,
    });
    expect(issued[0]!.json!.InvoiceNumber).toBe('TR00000000');
    expect(await numberOf()).toBe('TR00000001');
  });

  it('gives 50 parallel orders 50 consecutive numbers', async () => {
    clock.set(taipei('2026-11-10T12:00:00'));
    svc = await startService({ now: clock.now });
    const results = await Promise.all(Array.from({ length: 50 }, () => issue()));
    const numbers = results.map(({ result }) => result.json!.InvoiceNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `TR${String(i).padStart(8, '0')}`));
  });
});

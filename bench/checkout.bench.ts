// The checkout pipeline's overhead over a bare HTTP round trip to the same service.
// Both sides issue a real invoice at the training service on 127.0.0.1 (same server work); the
// pipeline adds validation, the tax split, the journal writes (order number, transaction before
// the request, timestamp, exchange, outcome: each committed to disk) and the answer's checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleCheckout } from '../src/main/checkout/assemble';
import {
  buildRequestBody,
  POS_OPERATIONS,
  requestHeaders,
  toPosOrderData,
} from '../src/provider/pos-profile';
import { postJson } from '../src/main/invoice-service/transport';
import { Journal } from '../src/main/journal/journal';
import { splitTax, taipeiDateTime } from '../src/shared/domain';
import type { CheckoutOrder } from '../src/shared/ipc/contract/checkout';
import { startTrainingService, trainingDefaults } from '../src/training-service';

const TARGET_MEDIAN_MS = 15;
const WARMUP = 10;
/** Each checkout uses one second of the company's timestamps, which must stay within 300 s of now. */
const RUNS = 120;

const order: CheckoutOrder = {
  lines: [
    { name: '便當', quantity: 2, unitPrice: 95, taxType: 'taxable' },
    { name: '鮮奶', quantity: 1, unitPrice: 45, taxType: 'exempt' },
  ],
  payments: [{ method: 'cash', amount: 300 }],
  invoice: { kind: 'paper' },
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortNumbers = (values: number[]) => [...values].sort((a, b) => a - b);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-checkout-'));
  const config = trainingDefaults();
  const service = await startTrainingService({ dataDir: join(dir, 'service'), config });
  const journal = Journal.open(join(dir, 'journal.sqlite'));
  const quiet = { info() {}, warn() {}, error() {} };
  const { engine } = assembleCheckout({
    journal,
    service: {
      serviceUrl: service.url,
      companyId: config.companyId,
      apiKey: config.apiKey,
      signingSecret: config.signingSecret,
      timeoutMs: 5000,
    },
    tillId: 'B1',
    trainingMode: true,
    logger: quiet,
  });

  // The bare round trip: the same kind of request, signed by hand, its own order numbers, and
  // timestamps from the past end of the window (the journal's run forward from now).
  const start = Math.floor(Date.now() / 1000);
  const split = splitTax(order.lines, 'C');
  if (!split.ok) throw new Error(`bench order: ${split.reason.en}`);
  let bareSeq = 0;
  const bare = async () => {
    bareSeq++;
    const data = toPosOrderData({
      orderNo: `BARE-${start}-${bareSeq}`,
      invoiceDateTime: taipeiDateTime(new Date()),
      deviceId: 'B0',
      operation: 'order',
      ...split.amounts,
    });
    const timestamp = String(start - 290 + bareSeq);
    const t0 = performance.now();
    const result = await postJson({
      url: service.url + POS_OPERATIONS.order,
      headers: requestHeaders(config.apiKey),
      body: JSON.stringify(buildRequestBody(config.companyId, config.signingSecret, timestamp, data)),
      timeoutMs: 5000,
    });
    const ms = performance.now() - t0;
    if (result.kind !== 'response' || !result.body.includes('"StatusCode":1')) {
      throw new Error(`bare request failed: ${JSON.stringify(result).slice(0, 300)}`);
    }
    return ms;
  };
  const pipeline = async () => {
    const t0 = performance.now();
    const result = await engine.submit(order);
    const ms = performance.now() - t0;
    if (result.state !== 'issued') throw new Error(`checkout ended ${result.state}: ${result.message.en}`);
    return ms;
  };

  try {
    for (let i = 0; i < WARMUP; i++) {
      await bare();
      await pipeline();
    }
    const bareTimes: number[] = [];
    const pipelineTimes: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so that both see the same machine load.
      const b = await bare();
      const p = await pipeline();
      bareTimes.push(b);
      pipelineTimes.push(p);
      overheads.push(p - b);
    }
    const b = sortNumbers(bareTimes);
    const p = sortNumbers(pipelineTimes);
    const o = sortNumbers(overheads);
    const medianOverhead = quantile(o, 0.5);
    console.log(`runs: ${RUNS} pairs (after ${WARMUP} warm-up pairs), training service on 127.0.0.1`);
    console.log(`bare HTTP round trip:  median ${fmt(quantile(b, 0.5))}, p99 ${fmt(quantile(b, 0.99))}`);
    console.log(`checkout pipeline:     median ${fmt(quantile(p, 0.5))}, p99 ${fmt(quantile(p, 0.99))}`);
    console.log(`overhead (pairwise):   median ${fmt(medianOverhead)}, p99 ${fmt(quantile(o, 0.99))}`);
    console.log(
      `median overhead / target (${TARGET_MEDIAN_MS} ms): ${(medianOverhead / TARGET_MEDIAN_MS).toFixed(2)} ` +
        `(${medianOverhead <= TARGET_MEDIAN_MS ? 'within' : 'OVER'} target)`,
    );
  } finally {
    journal.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

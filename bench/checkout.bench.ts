// The checkout pipeline's overhead over a bare HTTP round trip to the same service.
// Both sides issue a real invoice at the training service on 127.0.0.1 (same server work); the
// pipeline adds validation, the tax split, the journal writes (order number, transaction before
// the request, timestamp, exchange, outcome: each committed to disk) and the answer's checks.
import { postJson } from '../src/main/invoice-service/transport';
import {
  buildRequestBody,
  POS_OPERATIONS,
  requestHeaders,
  toPosOrderData,
} from '../src/provider/pos-profile';
import { splitTax, taipeiDateTime } from '../src/shared/domain';
import { measurePairs } from './support/pairs';
import { benchOrder, openRig } from './support/rig';

const TARGET_MEDIAN_MS = 15;
const WARMUP = 10;
/** Each checkout uses one second of the company's timestamps, which must stay within 300 s of now. */
const RUNS = 120;

const order = benchOrder(300);

export default async function bench(): Promise<void> {
  const rig = await openRig({ name: 'checkout' });
  const { config, service } = rig;
  // Where the time goes: each step of each measured sale, and the durable commits per sale.
  const steps = new Map<string, number[]>();
  const trace = {
    step(name: string, ms: number) {
      const list = steps.get(name) ?? [];
      list.push(ms);
      steps.set(name, list);
    },
  };
  const journal = rig.openJournal();
  const engine = rig.checkout(journal, { trace });
  const commits: number[] = [];
  const totals: number[] = [];

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
    const before = journal.durableCommits();
    const t0 = performance.now();
    const result = await engine.submit(order);
    const ms = performance.now() - t0;
    commits.push(journal.durableCommits() - before);
    totals.push(ms);
    if (result.state !== 'issued') throw new Error(`checkout ended ${result.state}: ${result.message.en}`);
    return ms;
  };

  try {
    const settings = { warmup: WARMUP, runs: RUNS, targetMedianMs: TARGET_MEDIAN_MS };
    await measurePairs(bare, pipeline, {
      ...settings,
      heading: 'runs',
      indent: '',
      pipeline: 'checkout pipeline',
    });
    printSteps(steps, totals, commits);
  } finally {
    await rig.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Medians of each step over every sale (warm-up included), `other` what the steps leave. */
function printSteps(steps: Map<string, number[]>, totals: number[], commits: number[]): void {
  const names = ['write-ahead', 'send', 'classify-commit', 'print'];
  const perSale = totals.map(
    (total, i) => total - names.reduce((sum, name) => sum + (steps.get(name)?.[i] ?? 0), 0),
  );
  console.log('where the time goes (median per sale):');
  for (const name of names) {
    const values = steps.get(name) ?? [];
    console.log(
      `  ${`${name}:`.padEnd(21)}${values.length ? `${median(values).toFixed(2)} ms` : '— (no hook)'}`,
    );
  }
  console.log(`  ${'other:'.padEnd(21)}${median(perSale).toFixed(2)} ms (validation, tax split, answer)`);
  console.log(`durable commits per sale: median ${median(commits)}, max ${Math.max(...commits)}`);
}

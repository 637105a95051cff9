// The checkout pipeline's overhead over a bare HTTP round trip to the same service.
// Both sides issue a real invoice at the training service on 127.0.0.1 (same server work); the
// pipeline adds validation, the tax split, the journal's two durable commits (the sale with its
// order number and first timestamp before the request; the exchange and the outcome after it)
// and the answer's checks. Run twice when /dev/shm exists: the journal on the temp folder's disk,
// then on tmpfs (where an fsync costs next to nothing), so the disk's part and the code's part are
// seen apart; in each run one bare durable commit (journal-free) on the journal's own folder.
import { existsSync } from 'node:fs';
import { postJson } from '../src/main/invoice-service/transport';
import {
  buildRequestBody,
  POS_OPERATIONS,
  requestHeaders,
  toPosOrderData,
} from '../src/provider/pos-profile';
import { splitTax, taipeiDateTime } from '../src/shared/domain';
import { bareDurableCommitMs } from './support/durable-commit';
import { measurePairs, medianOf } from './support/pairs';
import { benchOrder, openRig } from './support/rig';

const TARGET_MEDIAN_MS = 15;
/** Issue 26: the code's part of a sale's overhead (the disk's fsyncs taken out). */
const CODE_TARGET_MS = 1;
const WARMUP = 10;
/** Each checkout uses one second of the company's timestamps, which must stay within 300 s of now. */
const RUNS = 120;

const order = benchOrder(300);

/** What one run found: the figures the summary compares. */
interface RunFigures {
  where: string;
  overheadMs: number;
  commits: number;
  bareCommitMs: number;
}

export default async function bench(): Promise<void> {
  const runs: RunFigures[] = [await run('disk (os.tmpdir())')];
  if (existsSync('/dev/shm')) runs.push(await run('tmpfs (/dev/shm)', '/dev/shm'));
  else console.log('\n(no /dev/shm: the tmpfs run is left out)');
  console.log('\nsummary (median per sale):');
  for (const figures of runs) {
    const code = codeOverhead(figures);
    console.log(
      `  ${figures.where.padEnd(20)} overhead ${figures.overheadMs.toFixed(2)} ms = ` +
        `${figures.commits} × ${figures.bareCommitMs.toFixed(2)} ms durable commit + ${code.toFixed(2)} ms code; ` +
        `code overhead / target (${CODE_TARGET_MS} ms): ${(code / CODE_TARGET_MS).toFixed(2)}`,
    );
  }
  const tmpfs = runs[1];
  if (tmpfs) {
    console.log(
      `  tmpfs plain overhead / target (${CODE_TARGET_MS} ms): ${(tmpfs.overheadMs / CODE_TARGET_MS).toFixed(2)}`,
    );
  }
}

/** The pipeline's overhead less what the disk takes for its durable commits. */
function codeOverhead(figures: RunFigures): number {
  return figures.overheadMs - figures.commits * figures.bareCommitMs;
}

async function run(where: string, journalBase?: string): Promise<RunFigures> {
  console.log(`\n--- journal on ${where} ---`);
  const rig = await openRig({ name: 'checkout', ...(journalBase ? { journalBase } : {}) });
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
    // The disk's price of one commit, before and after the pairs (the machine's load moves).
    const commitBefore = bareDurableCommitMs(rig.journalDir);
    const times = await measurePairs(bare, pipeline, {
      ...settings,
      heading: 'runs',
      indent: '',
      pipeline: 'checkout pipeline',
    });
    const bareCommitMs = (commitBefore + bareDurableCommitMs(rig.journalDir)) / 2;
    printSteps(steps, totals, commits);
    const figures = { where, overheadMs: medianOf(times.overhead), commits: median(commits), bareCommitMs };
    console.log(
      `bare durable commit:   ${bareCommitMs.toFixed(2)} ms (one-row insert, WAL, synchronous=FULL, same folder)`,
    );
    console.log(
      `code overhead:         ${codeOverhead(figures).toFixed(2)} ms ` +
        `(overhead − ${figures.commits} × bare durable commit)`,
    );
    return figures;
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

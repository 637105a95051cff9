// The journal at scale: a million entries on disk (generated once per run under os.tmpdir(),
// removed at the end), then the figures the till depends on:
//   opening the journal + the needs-verification query   target < 50 ms
//   one business day's export (2,000 sales)               target < 200 ms
//   100,000 rows exported: peak memory stays flat         target heap growth < 32 MB
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exportDay } from '../src/main/exports/export';
import type { ExportFormat } from '../src/main/exports/types';
import { Journal } from '../src/main/journal/journal';
import { seedSyntheticJournal } from '../src/main/journal/synthetic';

const TARGET_OPEN_PENDING_MS = 50;
const TARGET_DAY_EXPORT_MS = 200;
const TARGET_HEAP_GROWTH_MB = 32;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const ratio = (value: number, target: number) => `${fmt(value / target, 2)}× of target ${target}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A file sink that samples memory on every chunk (the export awaits it, so samples cover the whole run). */
class MeasuringFileSink extends Writable {
  peakRss = 0;
  peakHeap = 0;
  bytes = 0;
  private readonly fd: number;
  constructor(path: string) {
    super();
    this.fd = openSync(path, 'w');
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    writeSync(this.fd, chunk);
    this.bytes += chunk.length;
    const usage = process.memoryUsage();
    this.peakRss = Math.max(this.peakRss, usage.rss);
    this.peakHeap = Math.max(this.peakHeap, usage.heapUsed);
    setImmediate(callback);
  }
  override _final(callback: () => void): void {
    closeSync(this.fd);
    callback();
  }
}

async function measuredExport(journal: Journal, businessDay: string, format: ExportFormat, file: string) {
  gc();
  const before = process.memoryUsage();
  const sink = new MeasuringFileSink(file);
  const start = performance.now();
  const result = await exportDay(journal, { businessDay, format }, sink);
  const ms = performance.now() - start;
  await new Promise<void>((resolve) => sink.end(resolve));
  return {
    ms,
    rows: result.rows,
    bytes: sink.bytes,
    heapGrowth: mb(Math.max(0, sink.peakHeap - before.heapUsed)),
    rssGrowth: mb(Math.max(0, sink.peakRss - before.rss)),
    peakRss: mb(sink.peakRss),
    peakHeap: mb(sink.peakHeap),
  };
}

export default async function journalBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'till-journal-bench-'));
  const path = join(dir, 'journal.sqlite');
  try {
    let start = performance.now();
    const seeded = seedSyntheticJournal(path, {
      days: 50,
      salesPerDay: 2_000,
      bigDaySales: 100_010,
      unsureEvery: 10_000,
    });
    console.log(
      `generated ${seeded.entries.toLocaleString('en-US')} journal entries, ${seeded.transactions.toLocaleString('en-US')} sales ` +
        `(${seeded.pending} needs-verification) in ${fmt((performance.now() - start) / 1000)} s; ` +
        `file ${fmt(mb(statSync(path).size), 0)} MB at ${path}`,
    );

    // Opening + the pending list, as the till does at startup.
    const openTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      start = performance.now();
      const journal = Journal.open(path);
      const pending = journal.pending();
      const counts = journal.counts();
      openTimes.push(performance.now() - start);
      journal.close();
      if (pending.length !== seeded.pending || counts.needsVerification !== seeded.pending) {
        throw new Error(`pending query returned ${pending.length}, expected ${seeded.pending}`);
      }
    }
    console.log(
      `open + pending (${seeded.pending} of ${seeded.transactions.toLocaleString('en-US')} sales): first ${fmt(openTimes[0]!)} ms, ` +
        `median ${fmt(median(openTimes))} ms — ${ratio(median(openTimes), TARGET_OPEN_PENDING_MS)} ms`,
    );

    const journal = Journal.open(path);
    const day = seeded.days[14]!;
    const bigDay = seeded.days.at(-1)!;
    for (const format of ['csv', 'json'] as const) {
      const runs = [];
      for (let i = 0; i < 7; i++)
        runs.push(await measuredExport(journal, day, format, join(dir, `day.${format}`)));
      const ms = median(runs.map((r) => r.ms));
      console.log(
        `export one day ${day} as ${format} (${runs[0]!.rows.toLocaleString('en-US')} sales, ${fmt(mb(runs[0]!.bytes), 2)} MB): ` +
          `median ${fmt(ms)} ms — ${ratio(ms, TARGET_DAY_EXPORT_MS)} ms; heap growth ${fmt(runs[0]!.heapGrowth)} MB`,
      );
    }

    for (const format of ['csv', 'json'] as const) {
      const big = await measuredExport(journal, bigDay, format, join(dir, `big.${format}`));
      console.log(
        `export ${big.rows.toLocaleString('en-US')} rows as ${format} (${fmt(mb(big.bytes))} MB) in ${fmt(big.ms / 1000, 2)} s ` +
          `(${fmt(big.rows / (big.ms / 1000), 0)} rows/s): peak heap ${fmt(big.peakHeap)} MB (+${fmt(big.heapGrowth)} MB — ` +
          `${ratio(big.heapGrowth, TARGET_HEAP_GROWTH_MB)} MB), peak RSS ${fmt(big.peakRss)} MB (+${fmt(big.rssGrowth)} MB)`,
      );
    }

    start = performance.now();
    const summary = journal.summary({ businessDay: bigDay });
    console.log(
      `summary of ${summary.sales.count.toLocaleString('en-US')} sales: ${fmt(performance.now() - start)} ms (informational)`,
    );
    start = performance.now();
    const verification = journal.verifyChain();
    console.log(
      `verify chain of ${verification.entries.toLocaleString('en-US')} entries: ${fmt((performance.now() - start) / 1000, 2)} s, ` +
        `${verification.ok ? 'intact' : 'BROKEN'} (informational)`,
    );
    if (!verification.ok) throw new Error('the synthetic chain does not verify');
    journal.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A pipeline's overhead over a bare HTTP round trip, measured the one way the checkout and the
// returns benches share: warm-up pairs, then pairs run interleaved so that both sides see the same
// machine load, each pair's difference kept. Here so both print the same figures the same way.

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortNumbers = (values: number[]) => [...values].sort((a, b) => a - b);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** One side of a pair: does its work once and returns the milliseconds it measured. */
export type Timed = () => Promise<number>;

export interface PairTimes {
  /** Each sorted ascending. */
  bare: number[];
  pipeline: number[];
  /** pipeline − bare, pair by pair. */
  overhead: number[];
}

export async function timePairs(
  bare: Timed,
  pipeline: Timed,
  warmup: number,
  runs: number,
): Promise<PairTimes> {
  for (let i = 0; i < warmup; i++) {
    await bare();
    await pipeline();
  }
  const bareTimes: number[] = [];
  const pipelineTimes: number[] = [];
  const overheads: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved, so that both see the same machine load.
    const b = await bare();
    const p = await pipeline();
    bareTimes.push(b);
    pipelineTimes.push(p);
    overheads.push(p - b);
  }
  return {
    bare: sortNumbers(bareTimes),
    pipeline: sortNumbers(pipelineTimes),
    overhead: sortNumbers(overheads),
  };
}

export interface PairReport {
  /** The first line's start: `runs`, `void`, … */
  heading: string;
  /** Put before the lines after the first. */
  indent: string;
  /** `checkout pipeline`, `returns pipeline`. */
  pipeline: string;
  warmup: number;
  runs: number;
  targetMedianMs: number;
}

/** The figures: medians and p99s of each side and of the overhead, the median overhead's ratio to its target. */
function printPairs(report: PairReport, times: PairTimes): void {
  const { indent, targetMedianMs: target } = report;
  const line = (label: string, sorted: number[]) =>
    console.log(
      `${indent}${`${label}:`.padEnd(23)}median ${fmt(quantile(sorted, 0.5))}, p99 ${fmt(quantile(sorted, 0.99))}`,
    );
  const median = quantile(times.overhead, 0.5);
  console.log(
    `${report.heading}: ${report.runs} pairs (after ${report.warmup} warm-up pairs), training service on 127.0.0.1`,
  );
  line('bare HTTP round trip', times.bare);
  line(report.pipeline, times.pipeline);
  line('overhead (pairwise)', times.overhead);
  console.log(
    `${indent}median overhead / target (${target} ms): ${(median / target).toFixed(2)} ` +
      `(${median <= target ? 'within' : 'OVER'} target)`,
  );
}

/** Times `warmup` + `runs` pairs of `bare` and `pipeline`, prints the figures and returns them. */
export async function measurePairs(bare: Timed, pipeline: Timed, report: PairReport): Promise<PairTimes> {
  const times = await timePairs(bare, pipeline, report.warmup, report.runs);
  printPairs(report, times);
  return times;
}

/** The median of values sorted ascending (as PairTimes holds them). */
export const medianOf = (sorted: number[]) => quantile(sorted, 0.5);

/**
 * Tells a barcode scanner (a keyboard wedge: a burst of keys, each within a few milliseconds,
 * ending in Enter) from a person typing. Pure: it sees key names and times, and says what a key
 * was. The DOM glue (use-scanner.ts) acts on the answer.
 *
 * A fixed gap alone splits scans on a busy machine: the event loop stalls for 50 ms or more in
 * the middle of a burst and the keys after it looked like a new burst (the first digits were left
 * in the search box). So a burst only ends at a pause a scanner never makes even when stalled
 * (`breakGapMs`), and the whole run is judged at its Enter: long enough, and at scanner rate (the
 * median gap within `maxGapMs`, the mean within `maxMeanGapMs`). A stall only stretches a few gaps;
 * a person's keys are all 50 ms or more apart, so their median never passes.
 */
export interface ScanDetectorOptions {
  /** The median pause between two keys of one scan. Scanners send a key every 1-20 ms. */
  maxGapMs?: number;
  /** The shortest code that counts as a scan (EAN-8, a mobile barcode `/ABC+123`: 8). */
  minLength?: number;
  /** A pause this long or longer always ends a run (a stalled event loop stays below it). */
  breakGapMs?: number;
  /** The mean pause of a scan, stalls included. */
  maxMeanGapMs?: number;
}

export type KeyVerdict =
  /** Not part of a scan (yet): let the key do what it does. */
  | { kind: 'key' }
  /** The Enter that ends a scan: `code` is the scanned text; `startedAt` the first key's time. */
  | { kind: 'scan'; code: string; startedAt: number };

/** Keys a scanner sends around characters (Shift for capitals) that neither add nor break a burst. */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'NumLock']);

/** The longest run kept: no barcode is longer (a run of held-down keys is not kept whole). */
const MAX_RUN = 128;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Is this run of keys (times of each key, the Enter's last) a scanner's? Exported for the tests. */
export function isScannerRate(times: readonly number[], maxGapMs: number, maxMeanGapMs: number): boolean {
  if (times.length < 2) return false;
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!);
  const mean = (times[times.length - 1]! - times[0]!) / gaps.length;
  return median(gaps) <= maxGapMs && mean <= maxMeanGapMs;
}

export class ScanDetector {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private readonly breakGapMs: number;
  private readonly maxMeanGapMs: number;
  private buffer = '';
  private times: number[] = [];
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: ScanDetectorOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 35;
    this.minLength = options.minLength ?? 4;
    this.breakGapMs = options.breakGapMs ?? 250;
    this.maxMeanGapMs = options.maxMeanGapMs ?? 100;
  }

  /** True when the next character at `time` would start a new run (the DOM glue snapshots then). */
  startsBurst(time: number): boolean {
    return this.buffer === '' || time - this.lastAt >= this.breakGapMs;
  }

  /** Is a fast burst under way (two or more keys so far, the last two at scanner rate)? */
  get inBurst(): boolean {
    const n = this.times.length;
    return n >= 2 && this.times[n - 1]! - this.times[n - 2]! <= this.maxGapMs;
  }

  key(
    key: string,
    time: number,
    modifiers: { ctrl?: boolean; alt?: boolean; meta?: boolean } = {},
  ): KeyVerdict {
    if (NEUTRAL_KEYS.has(key)) return { kind: 'key' };
    if (modifiers.ctrl || modifiers.alt || modifiers.meta) {
      this.reset();
      return { kind: 'key' };
    }
    if (key === 'Enter') {
      const isScan =
        this.buffer.length >= this.minLength &&
        time - this.lastAt < this.breakGapMs &&
        isScannerRate([...this.times, time], this.maxGapMs, this.maxMeanGapMs);
      const verdict: KeyVerdict = isScan
        ? { kind: 'scan', code: this.buffer, startedAt: this.times[0]! }
        : { kind: 'key' };
      this.reset();
      return verdict;
    }
    if (key.length !== 1) {
      // Backspace, arrows, function keys: a person.
      this.reset();
      return { kind: 'key' };
    }
    if (this.startsBurst(time) || this.buffer.length >= MAX_RUN) {
      this.buffer = key;
      this.times = [time];
    } else {
      this.buffer += key;
      this.times.push(time);
    }
    this.lastAt = time;
    return { kind: 'key' };
  }

  reset(): void {
    this.buffer = '';
    this.times = [];
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}

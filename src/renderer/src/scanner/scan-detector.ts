/**
 * Tells a barcode scanner (a keyboard wedge: a burst of keys, each within a few milliseconds,
 * ending in Enter) from a person typing. Pure: it sees key names and times, and says what a key
 * was. The DOM glue (use-scanner.ts) acts on the answer.
 */
export interface ScanDetectorOptions {
  /** The longest pause between two keys of one scan. Scanners send a key every 1-20 ms. */
  maxGapMs?: number;
  /** The shortest code that counts as a scan (EAN-8, a mobile barcode `/ABC+123`: 8). */
  minLength?: number;
}

export type KeyVerdict =
  /** Not part of a scan (yet): let the key do what it does. */
  | { kind: 'key' }
  /** The Enter that ends a scan: `code` is the scanned text; `startedAt` the first key's time. */
  | { kind: 'scan'; code: string; startedAt: number };

/** Keys a scanner sends around characters (Shift for capitals) that neither add nor break a burst. */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'NumLock']);

export class ScanDetector {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private buffer = '';
  private startedAt = 0;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: ScanDetectorOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 35;
    this.minLength = options.minLength ?? 4;
  }

  /** True when the next character at `time` would start a new burst (the DOM glue snapshots then). */
  startsBurst(time: number): boolean {
    return this.buffer === '' || time - this.lastAt > this.maxGapMs;
  }

  /** Is a fast burst under way (two or more keys so far)? Such keys are probably not typing. */
  get inBurst(): boolean {
    return this.buffer.length >= 2;
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
      const isScan = this.buffer.length >= this.minLength && time - this.lastAt <= this.maxGapMs;
      const verdict: KeyVerdict = isScan
        ? { kind: 'scan', code: this.buffer, startedAt: this.startedAt }
        : { kind: 'key' };
      this.reset();
      return verdict;
    }
    if (key.length !== 1) {
      // Backspace, arrows, function keys: a person.
      this.reset();
      return { kind: 'key' };
    }
    if (this.startsBurst(time)) {
      this.buffer = key;
      this.startedAt = time;
    } else {
      this.buffer += key;
    }
    this.lastAt = time;
    return { kind: 'key' };
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}

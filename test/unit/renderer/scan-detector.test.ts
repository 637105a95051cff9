import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScanDetector } from '../../../src/renderer/src/scanner/scan-detector';

/** Feeds keys at the given times; returns the scans the detector reported. */
function feed(detector: ScanDetector, keys: [string, number][]): string[] {
  const scans: string[] = [];
  for (const [key, time] of keys) {
    const verdict = detector.key(key, time);
    if (verdict.kind === 'scan') scans.push(verdict.code);
  }
  return scans;
}

const burst = (text: string, start: number, gap: number): [string, number][] =>
  [...text, 'Enter'].map((key, i) => [key, start + i * gap]);

describe('ScanDetector', () => {
  it('reports a fast burst ending in Enter as a scan', () => {
    expect(feed(new ScanDetector(), burst('4710088001177', 1000, 5))).toEqual(['4710088001177']);
  });

  it('leaves typing alone: keys further apart than 35 ms, and Enter after a long pause', () => {
    expect(feed(new ScanDetector(), burst('4710088001177', 1000, 60))).toEqual([]);
    const keys = burst('4710088001177', 1000, 5);
    keys[keys.length - 1] = ['Enter', 1000 + 13 * 5 + 400];
    expect(feed(new ScanDetector(), keys)).toEqual([]);
  });

  it('needs at least the minimum length, so two quick keys and Enter are typing', () => {
    expect(feed(new ScanDetector(), burst('12', 1000, 5))).toEqual([]);
    expect(feed(new ScanDetector({ minLength: 8 }), burst('1234567', 1000, 5))).toEqual([]);
    expect(feed(new ScanDetector({ minLength: 8 }), burst('/ABC+123', 1000, 5))).toEqual(['/ABC+123']);
  });

  it('starts afresh after a pause: slow keys typed first are not part of the code', () => {
    const keys: [string, number][] = [['9', 0], ['9', 300], ...burst('96385074', 1000, 4)];
    expect(feed(new ScanDetector(), keys)).toEqual(['96385074']);
  });

  it('ignores Shift inside a burst (capitals and + from a scanner) and breaks on other keys', () => {
    const withShift: [string, number][] = [
      ['/', 0],
      ['Shift', 2],
      ['A', 4],
      ['B', 8],
      ['C', 12],
      ['Shift', 14],
      ['+', 16],
      ['1', 20],
      ['2', 24],
      ['3', 28],
      ['Enter', 32],
    ];
    expect(feed(new ScanDetector(), withShift)).toEqual(['/ABC+123']);
    const broken: [string, number][] = [
      ['1', 0],
      ['2', 4],
      ['3', 8],
      ['Backspace', 10],
      ['4', 12],
      ['Enter', 16],
    ];
    expect(feed(new ScanDetector(), broken)).toEqual([]);
    const detector = new ScanDetector();
    detector.key('1', 0);
    detector.key('2', 4);
    expect(detector.key('3', 8, { ctrl: true })).toEqual({ kind: 'key' });
    expect(detector.inBurst).toBe(false);
  });

  it('reports two scans in a row separately', () => {
    const keys = [...burst('4710088001177', 0, 3), ...burst('4710088001689', 100, 3)];
    expect(feed(new ScanDetector(), keys)).toEqual(['4710088001177', '4710088001689']);
  });

  it('says when a key starts a new burst, for the field snapshot', () => {
    const detector = new ScanDetector();
    expect(detector.startsBurst(0)).toBe(true);
    detector.key('1', 0);
    expect(detector.startsBurst(10)).toBe(false);
    expect(detector.startsBurst(100)).toBe(false); // a stall, not a pause
    expect(detector.startsBurst(300)).toBe(true);
  });

  it('keeps a scan whole when the event loop stalls in the middle of it or before its Enter', () => {
    const keys = burst('4710088001177', 1000, 5).map(([key, time], i): [string, number] => [
      key,
      time + (i >= 3 ? 60 : 0) + (i >= 9 ? 90 : 0) + (key === 'Enter' ? 120 : 0),
    ]);
    expect(feed(new ScanDetector(), keys)).toEqual(['4710088001177']);
  });
});

const codeArb = fc.stringMatching(/^[0-9A-Z/+.-]{8,20}$/);

describe('ScanDetector properties', () => {
  it('random stalls never split a terminated burst (most keys 1-10 ms apart, a third up to 200 ms)', () => {
    fc.assert(
      fc.property(
        codeArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 21, maxLength: 21 }),
        fc.array(fc.integer({ min: 36, max: 200 }), { minLength: 21, maxLength: 21 }),
        fc.uniqueArray(fc.nat(), { maxLength: 7 }),
        (code, start, bases, stalls, stallAt) => {
          // Stalls hit fewer than a third of the gaps (the Enter's included), anywhere.
          const gapCount = code.length;
          const stalled = new Set(stallAt.map((i) => 1 + (i % gapCount)).slice(0, Math.floor(gapCount / 3)));
          let time = start;
          const keys: [string, number][] = [...code, 'Enter'].map((key, i) => {
            if (i > 0) time += stalled.has(i) ? stalls[i]! : bases[i]!;
            return [key, time];
          });
          expect(feed(new ScanDetector(), keys)).toEqual([code]);
        },
      ),
    );
  });

  it('a stall anywhere, the Enter included, keeps the burst whole', () => {
    fc.assert(
      fc.property(codeArb, fc.nat(), fc.integer({ min: 36, max: 240 }), (code, where, stall) => {
        const at = 1 + (where % code.length); // the gap before key `at` (code.length: the Enter)
        const keys: [string, number][] = [...code, 'Enter'].map((key, i) => [
          key,
          i * 5 + (i >= at ? stall : 0),
        ]);
        expect(feed(new ScanDetector(), keys)).toEqual([code]);
      }),
    );
  });

  it('human typing (keys 50 ms or more apart, Enter at the end) is never taken as a scan', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'),
            fc.integer({ min: 50, max: 600 }),
          ),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        fc.integer({ min: 50, max: 2000 }),
        (typed, enterGap) => {
          let time = 0;
          const keys: [string, number][] = typed.map(([key, gap]) => [key, (time += gap)]);
          keys.push(['Enter', time + enterGap]);
          expect(feed(new ScanDetector(), keys)).toEqual([]);
        },
      ),
    );
  });

  it('a scan after typing is reported without the typed keys when there was a pause', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,6}$/),
        codeArb,
        fc.integer({ min: 250, max: 5000 }),
        (typed, code, pause) => {
          const keys: [string, number][] = [...typed].map((key, i) => [key, i * 120]);
          const last = keys.length ? keys[keys.length - 1]![1] : 0;
          keys.push(...burst(code, last + pause, 4));
          expect(feed(new ScanDetector(), keys)).toEqual([code]);
        },
      ),
    );
  });
});

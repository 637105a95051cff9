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

  it('leaves typing alone: keys further apart than 35 ms, and Enter after a pause', () => {
    expect(feed(new ScanDetector(), burst('4710088001177', 1000, 60))).toEqual([]);
    const keys = burst('4710088001177', 1000, 5);
    keys[keys.length - 1] = ['Enter', 1000 + 13 * 5 + 200];
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
    expect(detector.startsBurst(100)).toBe(true);
  });
});

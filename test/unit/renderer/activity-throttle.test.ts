import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../../src/renderer/src/shifts/throttle';
import { ACTIVITY_REPORT_MS } from '../../../src/renderer/src/shifts/use-activity';

describe('reporting activity at most once an interval, the last one never lost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the first key at once, then nothing more until the interval ends', () => {
    const run = vi.fn();
    const report = throttle(run, 30_000);
    report.trigger();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(500); // a cashier typing for 25 s
      report.trigger();
    }
    expect(run).toHaveBeenCalledTimes(1);
    // The keys typed meanwhile are reported once, when the 30 s are up: not forgotten.
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(120_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports at once again after a quiet interval', () => {
    const run = vi.fn();
    const report = throttle(run, 30_000);
    report.trigger();
    vi.advanceTimersByTime(45_000);
    report.trigger();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a cashier busy without pause is reported twice a minute, never more', () => {
    const run = vi.fn();
    const report = throttle(run, ACTIVITY_REPORT_MS);
    for (let second = 0; second < 600; second++) {
      report.trigger();
      vi.advanceTimersByTime(1_000);
    }
    expect(ACTIVITY_REPORT_MS).toBe(30_000);
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(19);
    expect(run.mock.calls.length).toBeLessThanOrEqual(21);
  });

  it('drops a pending report when cancelled (the window went away)', () => {
    const run = vi.fn();
    const report = throttle(run, 30_000);
    report.trigger();
    vi.advanceTimersByTime(1_000);
    report.trigger();
    report.cancel();
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLifecycle, periodic, type Service } from '../../../src/main/core/lifecycle';
import { silentLogger } from '../../../src/main/core/logger';

describe('core lifecycle', () => {
  it('starts services in order and stops them in reverse, once', async () => {
    const calls: string[] = [];
    const service = (name: string): Service => ({
      name,
      start: () => void calls.push(`start ${name}`),
      stop: async () => void calls.push(`stop ${name}`),
    });
    const lifecycle = createLifecycle(silentLogger);
    lifecycle.register(service('a'));
    lifecycle.register(service('b'));
    await lifecycle.start();
    await lifecycle.start();
    await lifecycle.stop();
    await lifecycle.stop();
    expect(calls).toEqual(['start a', 'start b', 'stop b', 'stop a']);
    expect(() => lifecycle.register(service('late'))).toThrow(/registered after/);
  });

  it('starts the others when one service fails to start, and logs it', async () => {
    const errors: string[] = [];
    const logger = { ...silentLogger, error: (message: string) => void errors.push(message) };
    const lifecycle = createLifecycle(logger);
    let started = false;
    lifecycle.register({
      name: 'broken',
      start: () => Promise.reject(new Error('no driver')),
      stop: () => {},
    });
    lifecycle.register({ name: 'fine', start: () => void (started = true), stop: () => {} });
    await lifecycle.start();
    expect(started).toBe(true);
    expect(errors).toEqual(['service broken did not start']);
  });
});

describe('periodic service', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval, never two runs at once, and not after stop', async () => {
    let runs = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    let release: (() => void) | null = null;
    const service = periodic({
      name: 'test',
      intervalMs: 1000,
      logger: silentLogger,
      run: async () => {
        runs++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise<void>((resolve) => (release = resolve));
        inFlight--;
      },
    });
    service.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // The run is slow: however long it takes, no second run starts meanwhile.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
    // A run asked for now while one is running joins it.
    const joined = service.runNow();
    release!();
    await joined;
    expect(runs).toBe(1);
    // The next run comes one interval after the last one ended.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // A fresh run asked for while one is running waits for it, then runs once more: two fresh
    // callers share that one run, and neither hears the answer of the run begun before they asked.
    const first = service.runNow({ fresh: true });
    const second = service.runNow({ fresh: true });
    let settled = false;
    void first.then(() => (settled = true));
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(3);
    expect(settled).toBe(false);
    release!();
    await Promise.all([first, second]);
    expect(runs).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(4);
    const stopping = service.stop();
    release!();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(4);
    expect(maxInFlight).toBe(1);
  });

  it('skips runs while disabled and keeps going after a failed run', async () => {
    let enabled = false;
    let runs = 0;
    const errors: string[] = [];
    const service = periodic({
      name: 'flaky',
      intervalMs: 100,
      logger: { ...silentLogger, error: (message: string) => void errors.push(message) },
      enabled: () => enabled,
      run: async () => {
        runs++;
        throw new Error('provider down');
      },
    });
    service.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(0);
    enabled = true;
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toBe(2);
    expect(errors).toEqual(['service flaky failed', 'service flaky failed']);
    await service.stop();
  });
});

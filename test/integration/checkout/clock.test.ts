import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { admin, openTill, paperOrder, startService, type Admin } from './harness';

/**
 * A wrong PC clock against the real training service (profile §1: a Timestamp is accepted within
 * 300 s of the service's clock). The service's answers carry its clock in the `Date` header, so
 * the till names the clock that is wrong; and a clock that was ahead, once corrected, sells again.
 */
const WEEK_MS = 7 * 86_400_000;

describe('checkout with a wrong till clock', () => {
  const temp = makeTempDir('checkout-clock');
  const dbPath = join(temp.dir, 'journal.sqlite');
  let service: TrainingService;
  let svc: Admin;

  beforeAll(async () => {
    service = await startService(temp.dir);
    svc = admin(service);
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('a week ahead: refused, and the cashier is told the till clock is a week fast', async () => {
    const offsets: number[] = [];
    const till = openTill({
      dbPath,
      service,
      now: () => new Date(Date.now() + WEEK_MS),
      onClockSeen: (offset) => offsets.push(offset),
    });
    try {
      const result = await till.engine.submit(paperOrder(120));
      expect(result.state).toBe('rejected');
      expect(result.message.zh).toMatch(/收銀機時鐘比發票服務快 7 天.*請校正這台電腦的日期與時間/);
      expect(result.message.zh).not.toContain('Timestamp');
      expect(result.message.en).toMatch(/till's clock is 7 d .*ahead of the e-invoice service/);
      expect((await svc.lookup(result.orderNo)).found).toBe(false);
    } finally {
      till.close();
    }
    // What the status bar is told: the service's clock is a week behind the till's.
    expect(offsets).toHaveLength(1);
    expect(Math.abs(offsets[0]! + WEEK_MS / 1000)).toBeLessThanOrEqual(2);
  });

  it('corrected: the next sale on the same journal is issued (the clock restarts from now)', async () => {
    const till = openTill({ dbPath, service });
    try {
      for (const amount of [130, 140]) {
        const result = await till.engine.submit(paperOrder(amount));
        expect(result.message.zh).toMatch(/^發票已開立/);
        expect(result.state).toBe('issued');
        expect((await svc.lookup(result.orderNo)).found).toBe(true);
      }
    } finally {
      till.close();
    }
  });

  it('the service a few hours behind: the message says the till is ahead by that much', async () => {
    const behind = makeTempDir('checkout-clock-behind');
    const slow = await startService(behind.dir, { clockOffsetSeconds: -3 * 3600 });
    const till = openTill({ dbPath: join(behind.dir, 'journal.sqlite'), service: slow });
    try {
      const result = await till.engine.submit(paperOrder(90));
      expect(result.state).toBe('rejected');
      expect(result.message.zh).toMatch(/收銀機時鐘比發票服務快 3 小時/);
    } finally {
      till.close();
      await slow.close();
      behind.remove();
    }
  });
});

import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutEngine, type CheckoutEngine } from '../../../src/main/checkout/engine';
import { TillError } from '../../../src/main/core/errors';
import { createOfflineIssuing } from '../../../src/main/invoice-mode/issuing';
import { Journal } from '../../../src/main/journal/journal';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder, serviceConfig } from '../checkout/harness';
import { settableClock, startClockedService } from '../reconciliation/harness';

/**
 * Offline issuing and the till's clock (issue 27: "a clock set into the next period while offline
 * is refused with the reason: the invoice's date decides its period"). While the service cannot
 * be reached the till cannot ask it the time, so the last time the service answered plus the time
 * elapsed on the monotonic clock since is what the date should be: an invoice dated in another
 * period than that is refused, nothing written; a clock that moved on with the monotonic clock
 * issues from the new period's numbers. Real engine, journal file and training service (HTTP);
 * the wall clock and the monotonic clock are the test's.
 */
const LATE = new Date('2026-12-31T23:00:00+08:00');
const MIN = 60_000;

describe('offline issuing refuses an invoice dated in a period the clock cannot be in', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let service: TrainingService;
  let journal: Journal;
  let engine: CheckoutEngine;
  const clock = settableClock(LATE);
  let monotonic = 0;

  beforeEach(async () => {
    clock.set(LATE);
    monotonic = 1_000_000;
    temp = makeTempDir('invoice-mode-clock');
    service = await startClockedService(temp.dir, clock, { variant: 'profile' });
    journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
    for (const [periodCode, start] of [
      ['11512', 100],
      ['11602', 200],
    ] as const) {
      journal.addInvoiceModeSegment({
        companyId: service.config.companyId,
        tillId: 'T01',
        training: false,
        useFor: 'O1',
        word: 'QQ',
        periodCode,
        start,
        end: start + 9,
      });
    }
    const offline = createOfflineIssuing({
      journal,
      qrAesKey: () => service.config.qrAesKey,
      sellerName: () => service.config.sellerName,
      printJob: async (jobId) => ({ jobId, printed: true, reprint: false, failure: null, reason: null }),
      openDrawer: async () => {},
      logger: memoryLogger(),
      now: clock.now,
      monotonicMs: () => monotonic,
    });
    engine = createCheckoutEngine({
      journal,
      connect: () => ({ config: serviceConfig(service), training: false }),
      tillId: 'T01',
      logger: memoryLogger(),
      now: clock.now,
      offline,
    });
  });
  afterEach(async () => {
    await service.close();
    journal.close();
    temp.remove();
  });

  it('a clock set into the next period while offline is refused with the reason; one that moved on issues', async () => {
    // Online: the service answered at 23:00 on 31 December (its Date header).
    expect((await engine.submit(paperOrder(100))).state).toBe('issued');
    await service.unreachable();
    const first = await engine.submit(paperOrder(110));
    expect(first).toMatchObject({ state: 'issued', invoiceNumber: 'QQ00000100' });
    const second = await engine.submit(paperOrder(120));
    expect(second).toMatchObject({ state: 'issued', invoiceNumber: 'QQ00000101' });

    // Ten minutes later by the monotonic clock, but the wall clock says 09:00 on 1 January.
    monotonic += 10 * MIN;
    clock.set(new Date('2027-01-01T09:00:00+08:00'));
    const commits = journal.durableCommits();
    const refused = await engine.submit(paperOrder(130)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TillError);
    expect((refused as TillError).bilingual.zh).toContain('發票日期決定期別');
    expect((refused as TillError).bilingual.en).toContain("the invoice's date decides its period");
    // Nothing written: no sale, no number used.
    expect(journal.durableCommits()).toBe(commits);
    expect(journal.offlineInvoices().map((invoice) => invoice.invoiceNumber)).toEqual([
      'QQ00000100',
      'QQ00000101',
    ]);

    // Ten hours on by both clocks: the invoice is dated in 11602 and takes that period's number.
    monotonic += 10 * 60 * MIN;
    clock.set(new Date('2027-01-01T09:10:00+08:00'));
    const next = await engine.submit(paperOrder(140));
    expect(next).toMatchObject({ state: 'issued', invoiceNumber: 'QQ00000200' });
  });

  it('a sale not delivered while online is told why it was not issued offline', async () => {
    expect((await engine.submit(paperOrder(100))).state).toBe('issued');
    await service.unreachable();
    monotonic += 5 * MIN;
    clock.set(new Date('2027-01-01T08:00:00+08:00'));
    const sale = await engine.submit(paperOrder(110));
    expect(sale).toMatchObject({ state: 'not-delivered', invoiceNumber: null });
    expect(sale.message.en).toContain("the invoice's date decides its period");
    expect(journal.offlineInvoices()).toEqual([]);
  });
});

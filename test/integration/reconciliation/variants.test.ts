import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import {
  BY,
  business,
  openReconTill,
  paper,
  sellDirectly,
  settableClock,
  startClockedService,
  type ReconTill,
} from './harness';

/**
 * Reconciliation in SystemLead's dialect (profile §6): the upload query as one signed wrapper per
 * invoice, the number list with string fields and SystemLead's answer shape, all read back to the
 * same report as the profile's. Till `T1`: SystemLead's segment group (UseFor) has 2 characters.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const DAY = '2026-11-05';

describe('reconciliation of one till with a SystemLead provider', () => {
  const temp = makeTempDir('reconciliation-systemlead');
  const clock = settableClock(START);
  let service: TrainingService;
  let till: ReconTill;
  const orders: string[] = [];
  let lost: { invoiceNumber: string };

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock, { variant: 'systemlead' });
    till = openReconTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, clock, tillId: 'T1' });
    for (const order of [paper(), business(), paper(80)]) {
      const result = await till.checkout.engine.submit(order);
      expect(result.state).toBe('issued');
      orders.push(result.orderNo);
      clock.advance(5);
    }
    const voided = await till.returns.submit(
      { kind: 'void', orderNo: orders[2]!, reason: '客人退貨' },
      { by: BY },
    );
    expect(voided.state).toBe('done');
    // A sale of this till's numbers that its journal never heard of.
    lost = await sellDirectly(service, clock, 'T1-20261105-900001', { deviceId: 'T1', amount: 480 });
  });
  afterAll(async () => {
    till?.close();
    await service?.close();
    temp.remove();
  });

  it('two hours later: complete, the sales clean, the lost number named from the segment list', async () => {
    clock.set(new Date(START.getTime() + 2 * 3600_000));
    const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
    expect(report.complete).toBe(true);
    expect(report.notChecked).toEqual([]);
    expect(report.checked).toBe(3);
    expect(report.mismatches).toEqual([]);
    expect(report.uploadsLate).toEqual([]);
    expect(report.unknownToJournal.map((finding) => finding.invoiceNumber)).toEqual([lost.invoiceNumber]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { CloudPrintJobView } from '../../../src/shared/ipc/contract/printing';
import { openTestCore } from '../../support/test-core';
import { paperOrder } from './harness';

/**
 * Training mode out of the box (issue 29, item 4): the embedded training service has the cloud
 * printer P01, whose agent prints on the virtual printer, so Settings' `cloud:P01` just works.
 */
describe('cloud print in training mode', () => {
  const till = openTestCore('cloud-print-training', {
    before: ({ settings }) =>
      settings.update({ firstRunDone: true, runWithoutPin: true, cloudPrinter: 'cloud:P01' }),
  });

  it('a paper sale is issued on P01 and its proof comes out of the virtual printer, printed', async () => {
    const sale = await till.call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale).toMatchObject({ state: 'issued', printJob: { state: 'queued' } });
    // Asked until the agent has delivered to the virtual printer: each ask is one poll (no timer).
    let jobs: CloudPrintJobView[] = [];
    for (let ask = 0; ask < 200 && jobs[0]?.state !== 'printed'; ask++) {
      jobs = (
        await till.call<{ jobs: CloudPrintJobView[] }>('printing.cloudJobs', {
          orderNo: sale.orderNo,
          refresh: true,
        })
      ).jobs;
    }
    expect(jobs).toEqual([expect.objectContaining({ printerNo: 'P01', state: 'printed', reprint: false })]);
    expect(till.events.some((e) => e.event === 'printing.cloud-job-changed')).toBe(true);
    // The till printed no job of its own for it.
    expect(await till.dispatch('printing.preview', { orderNo: sale.orderNo })).toMatchObject({ ok: false });
  });
});

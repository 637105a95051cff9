import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInvoiceModeServices } from '../../../src/main/invoice-mode/services';
import { createStandardClient } from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import {
  splitSegment,
  uploadOfflineBatch,
  type InvoiceModeOpsDeps,
} from '../../../src/main/provider-ops/kinds/invoice-mode';
import type { TrainingService } from '../../../src/training-service';
import { postAdmin } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import { sale } from '../journal/fixtures';
import { settableClock, startClockedService, standardConfigOf } from '../reconciliation/harness';

/**
 * Invoice mode's provider operations on the one write-ahead path (issue 27, item 4): a split kept
 * as a segment, an upload batch written ahead and answered per invoice in one commit, a batch that
 * never reached the service left waiting and sent again, against the training service over real
 * HTTP with a real journal file.
 */
const NOON = new Date('2026-11-22T12:00:00+08:00');
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

describe('invoice-mode provider operations', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let service: TrainingService;
  let journal: Journal;
  let deps: InvoiceModeOpsDeps;
  const clock = settableClock(NOON);

  beforeEach(async () => {
    temp = makeTempDir('invoice-mode-kind');
    service = await startClockedService(temp.dir, clock, { variant: 'profile' });
    journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
    const client = createStandardClient({
      config: standardConfigOf(service),
      reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
      logger: quiet,
      nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    });
    deps = { journal, client, path: { journal, logger: quiet as never }, now: clock.now };
  });
  afterEach(async () => {
    await service.close();
    journal.close();
    temp.remove();
  });

  const seller = () => service.config.companyId;
  const offlineSale = (buyerTitle?: string) => {
    const orderNo = journal.nextOrderNo('T01', NOON);
    journal.begin({ ...sale(orderNo, buyerTitle ? { buyerTitle } : {}), companyId: seller() });
    journal.markNotDelivered(orderNo, { reason: 'connection refused' });
    return journal.issueOffline({ orderNo, randomNumber: '1234' }).invoice.invoiceNumber;
  };

  it('splits a segment and uploads a batch once, each invoice answered in one commit; a rejected item stops nothing', async () => {
    const split = await splitSegment(deps, {
      companyId: seller(),
      tillId: 'T01',
      training: false,
      periodCode: '11512',
      useFor: 'O1',
      count: 10,
    });
    expect(split).toMatchObject({ outcome: 'done', segment: { periodCode: '11512' } });
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })).toHaveLength(1);

    const numbers = [offlineSale(), offlineSale('測試公司'), offlineSale()];
    const waiting = journal.offlineInvoices({ state: 'waiting' });
    expect(waiting.map((i) => i.invoiceNumber)).toEqual(numbers);

    const before = journal.durableCommits();
    const result = await uploadOfflineBatch(deps, waiting);
    // Written ahead (batch + timestamp), then every answer with the exchange: two commits.
    expect(journal.durableCommits() - before).toBe(2);
    // The fixture's B sale carries no tax (the provider wants 5%): that one item is rejected with
    // the provider's text (a finding), the other two are stored all the same.
    const [c1, b, c2] = numbers as [string, string, string];
    expect(result).toMatchObject({ outcome: 'rejected-item', uploaded: [c1, c2], waiting: [] });
    expect(result.rejected).toEqual([{ invoiceNumber: b, reason: expect.stringMatching(/TaxAmount/) }]);
    expect(journal.offlineInvoices({ state: 'uploaded' }).map((i) => i.invoiceNumber)).toEqual([c1, c2]);
    expect(journal.offlineInvoices({ state: 'rejected' })).toMatchObject([
      { invoiceNumber: b, uploadMessage: expect.stringMatching(/TaxAmount/) },
    ]);
  });

  it('a batch that never reached the service stays waiting; sent again, it is uploaded', async () => {
    await splitSegment(deps, {
      companyId: seller(),
      tillId: 'T01',
      training: false,
      periodCode: '11512',
      useFor: 'O1',
      count: 5,
    });
    const numbers = [offlineSale(), offlineSale()];
    service.unreachable();
    const lost = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(lost).toMatchObject({ outcome: 'not-delivered', uploaded: [], waiting: numbers });
    expect(journal.offlineInvoices({ state: 'waiting' }).map((i) => i.invoiceNumber)).toEqual(numbers);
    await service.reachable();
    const again = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(again).toMatchObject({ outcome: 'answered', uploaded: numbers });
  });

  it('the services top up a low period and upload every waiting invoice once, in number order', async () => {
    let group = '';
    const services = createInvoiceModeServices({
      journal,
      connect: () => ({ config: standardConfigOf(service), training: false }),
      tillId: () => 'T01',
      online: () => true,
      lowNumbers: () => 5,
      segmentSize: () => 10,
      group: () => group,
      logger: quiet as never,
      now: clock.now,
      onStatusChanged: () => {},
    });
    // No group set: nothing split, and the reason says so.
    await services.topUp.runNow();
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })).toHaveLength(0);
    expect(services.topUpReason()?.en).toMatch(/No invoice-mode group/);
    group = 'O1';
    await services.topUp.runNow();
    expect(services.topUpReason()).toBeNull();
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })).toMatchObject([
      { periodCode: '11512', next: expect.any(Number) },
    ]);
    // Ten in hand, more than five: a second run splits nothing more.
    await services.topUp.runNow();
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })).toHaveLength(1);

    const numbers = [offlineSale(), offlineSale(), offlineSale()];
    await services.upload.runNow();
    expect(journal.offlineInvoices({ state: 'uploaded' }).map((i) => i.invoiceNumber)).toEqual(numbers);
    expect(services.findings()).toEqual([]);
    // Nothing waiting: a second run sends nothing (no new commit).
    const before = journal.durableCommits();
    await services.upload.runNow();
    expect(journal.durableCommits()).toBe(before);
  });

  it('an upload whose answer is lost stays waiting, is sent again and read as "Invoice already exists"', async () => {
    await splitSegment(deps, {
      companyId: seller(),
      tillId: 'T01',
      training: false,
      periodCode: '11512',
      useFor: 'O1',
      count: 5,
    });
    const numbers = [offlineSale(), offlineSale()];
    await postAdmin(service.url, service.config.adminToken, 'faults', {
      kind: 'drop-after-commit',
      count: 1,
    });
    const lost = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(lost).toMatchObject({ outcome: 'unknown', uploaded: [], waiting: numbers });
    expect(journal.offlineInvoices({ state: 'waiting' }).map((i) => i.invoiceNumber)).toEqual(numbers);
    // The one kind resent after an unknown outcome: the provider stores an InvoiceID once.
    const again = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(again).toMatchObject({ outcome: 'answered', uploaded: numbers, rejected: [] });
    expect(journal.offlineInvoices({ state: 'uploaded' })).toMatchObject(
      numbers.map((invoiceNumber) => ({ invoiceNumber, uploadMessage: 'Invoice already exists' })),
    );
  });
});

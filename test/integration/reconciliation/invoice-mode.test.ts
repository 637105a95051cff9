import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandardClient } from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import {
  splitSegment,
  uploadOfflineBatch,
  type InvoiceModeOpsDeps,
} from '../../../src/main/provider-ops/kinds/invoice-mode';
import { assembleReconciliation } from '../../../src/main/reconciliation/assemble';
import type { ReconciliationReport } from '../../../src/shared/ipc/contract/reconciliation';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { sale } from '../journal/fixtures';
import { settableClock, startClockedService, standardConfigOf } from './harness';

/**
 * Reconciliation covers the till's invoice-mode segments (issue 27): every number of a segment is
 * issued (an offline invoice of the journal), blank, or still unused; never unknown. A number the
 * till's cursor passed with no invoice is a gap (a finding); one the provider holds that the till
 * never used (a journal restored from an older copy) is unknown to the journal. Real HTTP to the
 * training service, real journal files, the clock set, not waited for.
 */
const NOON = new Date('2026-11-22T12:00:00+08:00');
const DAY = '2026-11-22';
const quiet = { info() {}, warn() {}, error() {} };

describe('reconciliation of invoice-mode segments', () => {
  const temp = makeTempDir('reconciliation-invoice-mode');
  const clock = settableClock(NOON);
  const dbPath = join(temp.dir, 'journal.sqlite');
  const olderPath = join(temp.dir, 'older-copy.sqlite');
  let service: TrainingService;
  let journal: Journal;
  let deps: InvoiceModeOpsDeps;
  let first = 0;

  const reconcile = async (path: string): Promise<ReconciliationReport> => {
    const opened = path === dbPath ? journal : Journal.open(path, { now: clock.now });
    try {
      const engine = assembleReconciliation({
        journal: opened,
        service: standardConfigOf(service),
        tillId: 'T01',
        logger: quiet,
        trainingMode: false,
        now: clock.now,
        sleep: async () => {
          throw new Error('a test run tried to wait for the timestamp window');
        },
      });
      return (await engine.run({ businessDays: [DAY], trigger: 'on-demand', record: false })).report;
    } finally {
      if (opened !== journal) opened.close();
    }
  };
  const offlineSale = () => {
    const orderNo = journal.nextOrderNo('T01', NOON);
    journal.begin({ ...sale(orderNo), companyId: service.config.companyId });
    journal.markNotDelivered(orderNo, { reason: 'connection refused' });
    return journal.issueOffline({ orderNo, randomNumber: '2468' }).invoice;
  };
  const invoiceModeFindings = (report: ReconciliationReport) =>
    [...report.mismatches, ...report.unknownToJournal].filter(
      (f) => f.kind === 'invoice-mode-gap' || (f.invoiceNumber ?? '').startsWith('PX'),
    );

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock, { variant: 'profile', tracks: ['PX'] });
    journal = Journal.open(dbPath, { now: clock.now });
    const client = createStandardClient({
      config: standardConfigOf(service),
      reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
      logger: quiet,
      nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    });
    deps = { journal, client, path: { journal, logger: quiet as never }, now: clock.now };
    const split = await splitSegment(deps, {
      companyId: service.config.companyId,
      tillId: 'T01',
      training: false,
      periodCode: '11512',
      useFor: 'OFF1',
      count: 6,
    });
    expect(split.outcome).toBe('done');
    first = journal.invoiceModeSegments({ companyId: service.config.companyId, training: false })[0]!.start;
    offlineSale();
    offlineSale();
    // The copy a restore would bring back: two numbers used, none uploaded.
    journal.close();
    copyFileSync(dbPath, olderPath);
    journal = Journal.open(dbPath, { now: clock.now });
    deps = { ...deps, journal, path: { journal, logger: quiet as never } };
    offlineSale();
    offlineSale();
    const upload = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(upload).toMatchObject({ outcome: 'answered', rejected: [] });
  });
  afterAll(async () => {
    journal?.close();
    await service?.close();
    temp.remove();
  });

  it('accounts for every number: four issued and uploaded, two unused, none unknown', async () => {
    const report = await reconcile(dbPath);
    expect(report.invoiceMode).toEqual([
      {
        word: 'PX',
        periodCode: '11512',
        useFor: 'OFF1',
        start: first,
        end: first + 5,
        issued: 4,
        blank: 0,
        unused: 2,
        gaps: 0,
        unknown: 0,
        atProvider: true,
      },
    ]);
    expect(invoiceModeFindings(report)).toEqual([]);
  });

  it('a journal restored from an older copy: the numbers the provider holds that it never used are unknown to it', async () => {
    const report = await reconcile(olderPath);
    expect(report.invoiceMode).toMatchObject([{ issued: 2, unused: 2, gaps: 0, unknown: 2 }]);
    expect(
      report.unknownToJournal.map((f) => [f.kind, f.invoiceNumber, f.detail.en.includes('never used')]),
    ).toEqual(
      [first + 2, first + 3].map((n) => ['unknown-to-journal', `PX${String(n).padStart(8, '0')}`, true]),
    );
  });

  it('a number the till passed without an invoice is a gap, with its action', async () => {
    // The cursor moved past a number with no invoice (as a hand-edited or half-restored file would).
    const db = new Database(dbPath);
    db.prepare('UPDATE invoice_mode_segments SET next_no = next_no + 1').run();
    db.close();
    const report = await reconcile(dbPath);
    expect(report.invoiceMode).toMatchObject([{ issued: 4, unused: 1, gaps: 1, unknown: 0 }]);
    const gaps = report.mismatches.filter((f) => f.kind === 'invoice-mode-gap');
    expect(gaps.map((f) => f.invoiceNumber)).toEqual([`PX${String(first + 4).padStart(8, '0')}`]);
    expect(gaps[0]!.detail.zh).toContain('既非已開立、空白，也非未使用');
    expect(gaps[0]!.action.en).toContain('never use the number again');
  });

  it('numbers reported blank count as blank, not unused', async () => {
    const segment = journal.invoiceModeSegments({ companyId: service.config.companyId, training: false })[0]!;
    journal.markSegmentBlank(segment.id, 'reporting', null);
    journal.markSegmentBlank(segment.id, 'reported', null);
    const report = await reconcile(dbPath);
    expect(report.invoiceMode).toMatchObject([{ issued: 4, blank: 1, unused: 0, gaps: 1 }]);
  });
});

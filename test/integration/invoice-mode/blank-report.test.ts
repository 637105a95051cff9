import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInvoiceModeServices } from '../../../src/main/invoice-mode/services';
import { createStandardClient } from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import { reportBlanks } from '../../../src/main/provider-ops/kinds/blank-report';
import { splitSegment, type InvoiceModeOpsDeps } from '../../../src/main/provider-ops/kinds/invoice-mode';
import type { TrainingService } from '../../../src/training-service';
import type { ProviderVariantId } from '../../../src/provider/variants/variant';
import { postAdmin } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import { sale } from '../journal/fixtures';
import { settableClock, startClockedService, standardConfigOf } from '../reconciliation/harness';

/**
 * Blank-number reports (issue 27, provider profile §7, SystemLead SetBlankInvoice.md and
 * TrackBlank.md) on the one write-ahead path, against the training service over real HTTP in both
 * dialects with a real journal file: after the period ends the unused tail (SetBlankInvoiceID) and
 * any gap (TrackBlank) are reported once; a number reported blank is never used; a report whose
 * answer was lost goes again and is read as done; the background service runs it when due.
 */
const NOON = new Date('2026-11-22T12:00:00+08:00');
/** 11512 (Nov-Dec 2026) has ended; its blank reports close after 10 January. */
const AFTER = new Date('2027-01-03T10:00:00+08:00');
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

type Blank = { periodCode: string; track: string; begin: number; end: number; via: string };

describe.each(['profile', 'systemlead'] as ProviderVariantId[])('blank reports (%s)', (variant) => {
  let temp: ReturnType<typeof makeTempDir>;
  let service: TrainingService;
  let journal: Journal;
  let deps: InvoiceModeOpsDeps;
  const clock = settableClock(NOON);

  beforeEach(async () => {
    clock.set(NOON);
    temp = makeTempDir('invoice-mode-blank');
    service = await startClockedService(temp.dir, clock, { variant });
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
  const scope = () => ({ companyId: seller(), training: false, tillId: 'T01' });
  const blanks = async (): Promise<Blank[]> =>
    (await postAdmin(service.url, service.config.adminToken, 'blanks', {})).json.blanks as Blank[];
  const offlineSale = () => {
    const orderNo = journal.nextOrderNo('T01', NOON);
    journal.begin({ ...sale(orderNo, { at: NOON }), companyId: seller() });
    journal.markNotDelivered(orderNo, { reason: 'connection refused' });
    return journal.issueOffline({ orderNo, randomNumber: '1234' }).invoice;
  };
  const split = async (count: number) => {
    const result = await splitSegment(deps, {
      companyId: seller(),
      tillId: 'T01',
      training: false,
      periodCode: '11512',
      useFor: 'O1',
      count,
    });
    if (!result.segment) throw new Error(`split: ${JSON.stringify(result)}`);
    return result.segment;
  };

  it('after the period ends reports the unused tail once; its numbers are never used; a second run sends nothing', async () => {
    const segment = await split(10);
    const used = [offlineSale(), offlineSale(), offlineSale()];
    expect(used.map((invoice) => invoice.number)).toEqual([
      segment.start,
      segment.start + 1,
      segment.start + 2,
    ]);

    // Not before the period has ended.
    expect(await reportBlanks(deps, scope())).toEqual([]);
    clock.set(AFTER);
    const [result] = await reportBlanks(deps, scope());
    expect(result).toMatchObject({ state: 'reported', refused: [], reason: null });
    const first = `${segment.word}${String(segment.start + 3).padStart(8, '0')}`;
    const last = `${segment.word}${String(segment.end).padStart(8, '0')}`;
    expect(result!.blank).toEqual([{ first, last }]);
    expect(await blanks()).toEqual([
      {
        periodCode: '11512',
        track: segment.word,
        begin: segment.start + 3,
        end: segment.end,
        via: 'SetBlankInvoiceID',
      },
    ]);
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })).toMatchObject([
      { blankState: 'reported' },
    ]);

    // A number reported blank is never used: a late sale dated in the period finds none.
    const orderNo = journal.nextOrderNo('T01', NOON);
    journal.begin({ ...sale(orderNo, { at: NOON }), companyId: seller() });
    journal.markNotDelivered(orderNo, { reason: 'connection refused' });
    expect(() => journal.issueOffline({ orderNo })).toThrow(/No offline invoice numbers left/);

    // Reported once: the next run has nothing to do and writes nothing.
    const before = journal.durableCommits();
    expect(await reportBlanks(deps, scope())).toEqual([]);
    expect(journal.durableCommits()).toBe(before);
  });

  it('a gap before the last used number goes by TrackBlank, the tail by SetBlankInvoiceID', async () => {
    const segment = await split(10);
    offlineSale();
    offlineSale();
    const third = offlineSale();
    // A gap the till never makes itself (numbers are used in order): the third invoice moved two
    // numbers on, as a journal carried over from another PC might hold it.
    const db = new Database(join(temp.dir, 'till.sqlite'));
    const moved = segment.start + 4;
    db.prepare('UPDATE offline_invoices SET number = ?, invoice_number = ? WHERE invoice_number = ?').run(
      moved,
      `${segment.word}${String(moved).padStart(8, '0')}`,
      third.invoiceNumber,
    );
    db.prepare('UPDATE invoice_mode_segments SET next_no = ?').run(moved + 1);
    db.close();
    clock.set(AFTER);
    const [result] = await reportBlanks(deps, scope());
    expect(result).toMatchObject({ state: 'reported', refused: [], reason: null });
    expect(
      (await blanks()).map(({ begin, end, via }) => [begin - segment.start, end - segment.start, via]),
    ).toEqual([
      [2, 3, 'TrackBlank'],
      [5, 9, 'SetBlankInvoiceID'],
    ]);
  });

  it('a report whose answer was lost is sent again and read as done (already reported)', async () => {
    const segment = await split(5);
    offlineSale();
    clock.set(AFTER);
    await postAdmin(service.url, service.config.adminToken, 'faults', {
      kind: 'drop-after-commit',
      count: 1,
    });
    const [lost] = await reportBlanks(deps, scope());
    expect(lost).toMatchObject({ state: 'reporting', blank: [] });
    expect(lost!.reason).toMatch(/^unknown:/);
    // Still not `open`: none of its numbers is used while the outcome is unknown.
    expect(journal.invoiceModeSegments({ companyId: seller(), training: false })[0]!.blankState).toBe(
      'reporting',
    );

    const [again] = await reportBlanks(deps, scope());
    expect(again).toMatchObject({ state: 'reported', refused: [], reason: null });
    expect(await blanks()).toEqual([
      {
        periodCode: '11512',
        track: segment.word,
        begin: segment.start + 1,
        end: segment.end,
        via: 'SetBlankInvoiceID',
      },
    ]);
  });

  it('a segment with every number used is reported without a call', async () => {
    await split(2);
    offlineSale();
    offlineSale();
    clock.set(AFTER);
    const [result] = await reportBlanks(deps, scope());
    expect(result).toMatchObject({ state: 'reported', blank: [], refused: [] });
    expect(await blanks()).toEqual([]);
  });

  it('the background service reports when due, and a refusal waits for a person', async () => {
    await split(5);
    offlineSale();
    const services = createInvoiceModeServices({
      journal,
      connect: () => ({ config: standardConfigOf(service), training: false }),
      tillId: () => 'T01',
      online: () => true,
      lowNumbers: () => 0,
      segmentSize: () => 5,
      group: () => '',
      logger: quiet as never,
      now: clock.now,
      onStatusChanged: () => {},
    });
    await services.blanks.runNow();
    expect(await blanks()).toEqual([]);
    // After the 10th of the next period the provider has closed the period's reports.
    clock.set(new Date('2027-01-12T10:00:00+08:00'));
    await services.blanks.runNow();
    const [segment] = journal.invoiceModeSegments({ companyId: seller(), training: false });
    expect(segment).toMatchObject({ blankState: 'reporting' });
    expect(segment!.blankMessage).toContain(variant === 'profile' ? 'Blank report closed' : '');
    expect(services.blankFindings()).toMatchObject([
      { periodCode: '11512', refused: [{ reason: expect.any(String) }] },
    ]);
    // The background run leaves a refusal alone (no new commit).
    const before = journal.durableCommits();
    await services.blanks.runNow();
    expect(journal.durableCommits()).toBe(before);
  });
});

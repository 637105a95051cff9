import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import { exportSources } from '../../../src/main/reconciliation/sources';
import type { TillSource } from '../../../src/main/reconciliation/sources';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import {
  BY,
  fault,
  openReconTill,
  paper,
  sellDirectly,
  settableClock,
  startClockedService,
  twoLines,
  type ReconTill,
} from './harness';
import { exporterOf, signExports } from '../../support/export-keys';

/**
 * A store of two tills: this one (T01, its journal) and T02 (its JSON export of the day, as the
 * closing screen writes it). Both issue from their own segments at the same training service; the
 * seller's standard key pair answers for both.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const DAY = '2026-11-05';

describe('store reconciliation: this till with other tills’ exports', () => {
  const temp = makeTempDir('reconciliation-store');
  const clock = settableClock(START);
  let service: TrainingService;
  let t01: ReconTill;
  let t02: ReconTill;
  let exportText = '';
  let exportFile = '';
  const t02Orders: Record<string, string> = {};
  let lostAtT02 = '';

  const expectation = () => ({
    companyId: service.config.companyId,
    businessDay: DAY,
    training: true,
    thisTillId: 'T01',
  });
  const store = (imports: TillSource[]) => t01.reconciliation.store({ businessDay: DAY, imports, by: BY });

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock);
    t01 = openReconTill({ dbPath: join(temp.dir, 't01.sqlite'), service, clock, tillId: 'T01' });
    t02 = openReconTill({ dbPath: join(temp.dir, 't02.sqlite'), service, clock, tillId: 'T02' });
    await t01.checkout.engine.submit(paper(150));
    await t01.checkout.engine.submit(twoLines());
    t02Orders.plain = (await t02.checkout.engine.submit(paper(200))).orderNo;
    t02Orders.split = (await t02.checkout.engine.submit(twoLines())).orderNo;
    await fault(service, 'upload-stuck');
    t02Orders.stuck = (await t02.checkout.engine.submit(paper(60))).orderNo;
    await fault(service, 'drop-after-commit');
    t02Orders.pending = (await t02.checkout.engine.submit(paper(75))).orderNo;
    // T02 lost a sale the provider issued for it, then sold on.
    clock.advance(30);
    lostAtT02 = (await sellDirectly(service, clock, 'T02-20261105-900001', { deviceId: 'T02', amount: 333 }))
      .invoiceNumber;
    clock.advance(30);
    // A void at T02 (its refund is in T02's figures).
    t02Orders.voided = (await t02.checkout.engine.submit(paper(50))).orderNo;
    expect(
      (await t02.returns.submit({ kind: 'void', orderNo: t02Orders.voided, reason: '取消' }, { by: BY }))
        .state,
    ).toBe('done');
    const folder = join(temp.dir, 'usb');
    mkdirSync(folder);
    exportFile = (
      await exporterOf(t02.journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, folder)
    ).file;
    exportText = readFileSync(exportFile, 'utf8');
    clock.advance(2 * 3600);
  });
  afterAll(async () => {
    t01?.close();
    t02?.close();
    await service?.close();
    temp.remove();
  });

  it('reports per till and for the store, with every finding for the imported till too', async () => {
    const imports = exportSources([{ name: exportFile, text: exportText }], expectation());
    expect(imports.map((s) => s.tillId)).toEqual(['T02']);
    const report = await store(imports);
    expect(report.trigger).toBe('store');
    expect(report.complete).toBe(true);
    expect(report.tills.map((t) => [t.tillId, t.source])).toEqual([
      ['T01', 'journal'],
      ['T02', 'export'],
    ]);

    // Figures: the export's records give what T02's own day summary says.
    const t02Summary = t02.journal.summary({ businessDay: DAY, tillId: 'T02' }).training;
    const [mine, theirs] = report.tills;
    expect(theirs!.sales).toEqual({ count: t02Summary.issued.count, amount: t02Summary.issued.amount });
    expect(theirs!.returns.amount).toBe(t02Summary.returns.amount);
    expect(new Map(theirs!.net.map((r) => [r.method, r.amount]))).toEqual(
      new Map(Object.entries(t02Summary.net.byPaymentMethod).map(([m, v]) => [m, v.amount])),
    );
    expect(theirs!.file).toBe(exportFile);
    expect(theirs!.chainHead).toMatch(/^#\d+:[0-9a-f]{16}$/);
    expect(report.store.sales).toEqual({
      count: mine!.sales.count + theirs!.sales.count,
      amount: mine!.sales.amount + theirs!.sales.amount,
    });
    const cash = (rows: Array<{ method: string; amount: number }>) =>
      rows.find((r) => r.method === 'cash')?.amount ?? 0;
    expect(cash(report.store.net)).toBe(cash(mine!.net) + cash(theirs!.net));

    // T02's stuck upload, the sale it lost, and its 待確認 sale the provider issued.
    expect(report.uploadsLate.map((f) => [f.tillId, f.orderNo, f.kind])).toEqual([
      ['T02', t02Orders.stuck, 'upload-at-risk'],
    ]);
    expect(report.unknownToJournal.map((f) => [f.tillId, f.invoiceNumber, f.orderNo])).toEqual([
      ['T02', lostAtT02, 'T02-20261105-900001'],
    ]);
    expect(report.suggestions.map((s) => [s.tillId, s.orderNo, s.outcome])).toEqual([
      ['T02', t02Orders.pending, 'issued'],
    ]);
    expect(report.mismatches).toEqual([]);
    expect(report.tills[1]!.findings).toBe(2);
    expect(report.checked).toBe(2 + 4);

    // A suggestion for another till's sale is accepted there, not here.
    await expect(t01.reconciliation.accept(report.suggestions[0]!, BY)).rejects.toMatchObject({
      code: 'reconciliation-refused',
      bilingual: { zh: expect.stringContaining('開立它的收銀機') },
    });
    const [run] = t01.journal.reconciliationRuns({ limit: 1 });
    expect(run).toMatchObject({ trigger: 'store', by: BY, tills: ['T01', 'T02'] });
  });

  it('refuses an export of another company, a tampered one, the same till twice and its own, changing nothing', async () => {
    const before = t01.journal.chainHead();
    const refusal = (files: Array<{ name: string; text: string }>) => {
      try {
        exportSources(files, expectation());
      } catch (error) {
        return error as { code: string; bilingual: { zh: string; en: string } };
      }
      throw new Error('not refused');
    };

    // Another company: a till of another seller (its own journal, nothing sold that day).
    const other = signExports(Journal.open(join(temp.dir, 'other.sqlite')));
    const otherFolder = join(temp.dir, 'other-usb');
    mkdirSync(otherFolder);
    const otherFile = (
      await exporterOf(other).exportDayToFolder(
        { businessDay: DAY, format: 'json', companyId: '04595252' },
        otherFolder,
      )
    ).file;
    other.close();
    const company = refusal([{ name: otherFile, text: readFileSync(otherFile, 'utf8') }]);
    expect(company.code).toBe('reconciliation-refused');
    expect(company.bilingual.zh).toMatch(/^未核對：.*另一家公司（統一編號 04595252）/);
    expect(company.bilingual.en).toContain('another company');

    // Tampered: one amount changed after export (the digest no longer matches).
    const tampered = exportText.replace('"total_amount":200', '"total_amount":20');
    expect(tampered).not.toBe(exportText);
    const edited = refusal([{ name: 'journal-T02.json', text: tampered }]);
    expect(edited.bilingual.zh).toContain('匯出後被修改過');
    expect(edited.bilingual.zh).toContain('journal-T02.json');

    // Edited with the digest recomputed, as anyone can (issue 22, item 11): the till's signature
    // no longer matches; without one (what an editor or an older till writes) it is refused too.
    const body = tampered.slice(0, tampered.lastIndexOf(',"digest":'));
    const digest = createHash('sha256').update(body, 'utf8').digest('hex');
    const signature = exportText.slice(exportText.lastIndexOf(',"signature":'));
    const redigested = refusal([
      { name: 'journal-T02.json', text: `${body},"digest":"${digest}"${signature}` },
    ]);
    expect(redigested.bilingual.zh).toContain('journal-T02.json 的簽章不符');
    expect(redigested.bilingual.en).toContain('journal-T02.json has a signature that does not match');
    const unsigned = refusal([{ name: 'journal-T02.json', text: `${body},"digest":"${digest}"}\n` }]);
    expect(unsigned.bilingual.zh).toContain('journal-T02.json 沒有收銀機的簽章');
    expect(unsigned.bilingual.en).toContain('journal-T02.json is not signed by a till');

    const twice = refusal([
      { name: 'a.json', text: exportText },
      { name: 'b.json', text: exportText },
    ]);
    expect(twice.bilingual.zh).toContain('T02 出現在 2 個匯出檔');

    const ownFolder = join(temp.dir, 'own-usb');
    mkdirSync(ownFolder);
    const ownFile = (
      await exporterOf(t01.journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, ownFolder)
    ).file;
    const own = refusal([{ name: ownFile, text: readFileSync(ownFile, 'utf8') }]);
    expect(own.bilingual.zh).toContain('本收銀機（T01）');

    // Nothing was asked, nothing written.
    expect(t01.journal.chainHead()).toEqual(before);
  });
});

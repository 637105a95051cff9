import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationReport } from '../../../src/shared/ipc/contract/reconciliation';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import {
  BY,
  business,
  fault,
  openReconTill,
  paper,
  sellDirectly,
  settableClock,
  startClockedService,
  twoLines,
  voidAtProvider,
  type ReconTill,
} from './harness';

/**
 * One till's day against the training service over real HTTP, with every kind of finding planted
 * the way it happens in a shop, and the clock moved instead of waited for.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const DAY = '2026-11-05';

const namesOrder = (report: ReconciliationReport, orderNo: string) =>
  [...report.mismatches, ...report.uploadsLate, ...report.unknownToJournal, ...report.notChecked].filter(
    (f) => f.orderNo === orderNo,
  );

describe('reconciliation of one till with the provider', () => {
  const temp = makeTempDir('reconciliation');
  const clock = settableClock(START);
  let service: TrainingService;
  let till: ReconTill;
  const sale: Record<string, { orderNo: string; invoiceNumber: string | null }> = {};
  let lost: { invoiceNumber: string };
  let wrong: { invoiceNumber: string; totalAmount: number };

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock);
    till = openReconTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, clock });
    const sell = async (name: string, order = paper()) => {
      const result = await till.checkout.engine.submit(order);
      sale[name] = { orderNo: result.orderNo, invoiceNumber: result.invoiceNumber };
      clock.advance(5);
      return result;
    };
    await sell('plain');
    await sell('allowance', twoLines());
    await sell('voided');
    await sell('business', business());
    await sell('voidedThere');
    // Uploads that never go through: a C invoice and a B one stuck, one suspended.
    await fault(service, 'upload-stuck', { count: 2 });
    await sell('stuckC');
    await sell('stuckB', business());
    await fault(service, 'upload-suspended');
    await sell('suspended');
    // The provider issues and the answer is lost: 待確認, twice.
    await fault(service, 'drop-after-commit');
    expect((await sell('pendingIssued')).state).toBe('needs-verification');
    await fault(service, 'drop-after-commit');
    expect((await sell('resolvedWrong')).state).toBe('needs-verification');
    // The service fails before issuing: 待確認, and nothing was issued.
    await fault(service, 'http-503-before');
    expect((await sell('pendingNot')).state).toBe('needs-verification');

    // Returns that stand on both sides: clean.
    const allowance = await till.returns.submit(
      {
        kind: 'allowance',
        orderNo: sale.allowance!.orderNo,
        items: [{ sequence: '002', quantity: 1 }],
        reason: '瑕疵',
      },
      { by: BY },
    );
    expect(allowance.state).toBe('done');
    const voided = await till.returns.submit(
      { kind: 'void', orderNo: sale.voided!.orderNo, reason: '客人退貨' },
      { by: BY },
    );
    expect(voided.state).toBe('done');

    // Behind the till's back: a void in the provider's console, and sales the journal lost.
    await voidAtProvider(service, clock, temp.dir, sale.voidedThere!.invoiceNumber!);
    lost = await sellDirectly(service, clock, 'T01-20261105-900001', { amount: 480 });
    wrong = await sellDirectly(service, clock, 'T01-20261105-900002', { amount: 999 });
    // A person resolved 待確認 with the wrong number (the lost order's): the amounts disagree.
    till.checkout.verification.resolve({
      orderNo: sale.resolvedWrong!.orderNo,
      outcome: 'issued',
      invoiceNumber: wrong.invoiceNumber,
      by: BY,
    });
  });
  afterAll(async () => {
    till?.close();
    await service?.close();
    temp.remove();
  });

  it('two hours later: every planted difference, each with its action; the rest is clean', async () => {
    clock.set(new Date(START.getTime() + 2 * 3600_000));
    const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });

    expect(report.complete).toBe(true);
    expect(report.notChecked).toEqual([]);
    // 9 issued sales of the day (the two 待確認 ones have no number; resolvedWrong has one now).
    expect(report.checked).toBe(9);
    expect(report.requests).toBeGreaterThanOrEqual(4);

    const kinds = (orderNo: string) =>
      namesOrder(report, orderNo)
        .map((f) => f.kind)
        .sort();
    for (const clean of ['plain', 'allowance', 'voided', 'business'])
      expect(kinds(sale[clean]!.orderNo), clean).toEqual([]);
    expect(kinds(sale.voidedThere!.orderNo)).toEqual(['voided-at-provider-only']);
    expect(kinds(sale.stuckC!.orderNo)).toEqual(['upload-at-risk']);
    expect(kinds(sale.stuckB!.orderNo)).toEqual(['upload-at-risk']);
    expect(kinds(sale.suspended!.orderNo)).toEqual(['upload-suspended']);

    const voidedThere = report.mismatches.find((f) => f.orderNo === sale.voidedThere!.orderNo)!;
    expect(voidedThere.action.zh).toMatch(/作廢/);
    expect(voidedThere.detail.zh).toContain('發票服務顯示發票');
    expect(voidedThere.processStatus).toMatch(/^C/);

    // The wrong resolution: the journal's 150 against the provider's 999 on that number …
    const differs = report.mismatches.find((f) => f.orderNo === sale.resolvedWrong!.orderNo)!;
    expect(differs).toMatchObject({
      kind: 'amount-differs',
      invoiceNumber: wrong.invoiceNumber,
      journalAmount: 150,
      providerAmount: 999,
    });
    // … and the invoice really issued for it is unknown to the journal: two invoices, one order.
    const twice = report.unknownToJournal.find((f) => f.orderNo === sale.resolvedWrong!.orderNo)!;
    expect(twice.detail.zh).toContain('同一訂單有兩張發票');

    // The sale the journal lost: named by its order number, with the amount.
    const unknown = report.unknownToJournal.find((f) => f.invoiceNumber === lost.invoiceNumber)!;
    expect(unknown).toMatchObject({
      kind: 'unknown-to-journal',
      orderNo: 'T01-20261105-900001',
      providerAmount: 480,
    });
    expect(unknown.detail.zh).toContain('收銀機查無此訂單');
    expect(unknown.action.zh).toContain('不要再開一次');
    expect(report.unknownToJournal).toHaveLength(2);

    // The upload findings carry the deadline and the provider's states.
    const stuck = report.uploadsLate.find((f) => f.orderNo === sale.stuckC!.orderNo)!;
    expect(stuck).toMatchObject({ appendStatus: 'P', processStatus: 'I1' });
    expect(new Date(stuck.deadline!).getTime() - new Date(START.getTime() + 25_000).getTime()).toBeLessThan(
      48 * 3600_000 + 60_000,
    );
    expect(stuck.action.zh).toContain('上傳期限');

    // 待確認: the one the provider issued gets "issued" with its evidence; the other "not issued".
    const issued = report.suggestions.find((s) => s.orderNo === sale.pendingIssued!.orderNo)!;
    expect(issued).toMatchObject({ outcome: 'issued', providerAmount: 150, journalAmount: 150 });
    expect(issued.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(issued.evidence.zh).toContain(sale.pendingIssued!.orderNo);
    const notIssued = report.suggestions.find((s) => s.orderNo === sale.pendingNot!.orderNo)!;
    expect(notIssued).toMatchObject({ outcome: 'not-issued', invoiceNumber: null });
    expect(notIssued.evidence.en).toMatch(/none names order/);
    expect(report.suggestions).toHaveLength(2);

    // The day's figures come with it, and the run is in the journal.
    expect(report.tills).toHaveLength(1);
    expect(report.tills[0]).toMatchObject({ tillId: 'T01', source: 'journal', checked: 9 });
    const [run] = till.journal.reconciliationRuns({ limit: 1 });
    expect(run).toMatchObject({ trigger: 'on-demand', businessDays: [DAY], checked: 9, complete: true });
    expect(run!.counts['unknown-to-journal']).toBe(2);
    expect(run!.counts.suggestions).toBe(2);
    expect(till.journal.verifyChain().ok).toBe(true);
  });

  it('three days later: the stuck C invoice is late (48 h), the B one still at risk (7 days)', async () => {
    clock.set(new Date(START.getTime() + 3 * 86_400_000));
    const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
    const kind = (name: string) => report.uploadsLate.find((f) => f.orderNo === sale[name]!.orderNo)?.kind;
    expect(kind('stuckC')).toBe('upload-late');
    expect(kind('stuckB')).toBe('upload-at-risk');
    expect(kind('suspended')).toBe('upload-suspended');
    expect(report.uploadsLate.find((f) => f.kind === 'upload-late')!.action.zh).toContain('法定上傳期限');
  });

  it('accepting a suggestion checks it again, resolves the sale, and the next run is clean for it', async () => {
    const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
    const issued = report.suggestions.find((s) => s.orderNo === sale.pendingIssued!.orderNo)!;
    const accepted = await till.reconciliation.accept(issued, BY);
    expect(accepted).toMatchObject({ outcome: 'issued', invoiceNumber: issued.invoiceNumber });
    const tx = till.journal.get(sale.pendingIssued!.orderNo)!;
    expect(tx).toMatchObject({ state: 'issued', invoiceNumber: issued.invoiceNumber });
    expect(tx.resolution).toMatchObject({ outcome: 'issued', by: BY });
    expect(tx.resolution!.note).toContain('GetInvoicesStatus');

    const notIssued = report.suggestions.find((s) => s.orderNo === sale.pendingNot!.orderNo)!;
    expect((await till.reconciliation.accept(notIssued, BY)).outcome).toBe('not-issued');
    expect(till.journal.get(sale.pendingNot!.orderNo)!.state).toBe('not-issued');

    // A suggestion is accepted once: the sale no longer needs verification.
    await expect(till.reconciliation.accept(issued, BY)).rejects.toMatchObject({
      code: 'reconciliation-refused',
    });

    const next = (await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' })).report;
    for (const name of ['pendingIssued', 'pendingNot']) {
      expect(namesOrder(next, sale[name]!.orderNo), name).toEqual([]);
      expect(next.suggestions.find((s) => s.orderNo === sale[name]!.orderNo)).toBeUndefined();
    }
    expect(next.suggestions).toEqual([]);
    expect(next.checked).toBe(10);
  });
});

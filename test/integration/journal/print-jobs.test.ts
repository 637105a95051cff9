import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { beginSale, issuedSale, refusal, tempJournal } from './fixtures';

describe('print jobs', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  let orderNo: string;
  beforeEach(() => {
    env = tempJournal('print');
    journal = env.open();
    orderNo = issuedSale(journal, 'AB00000001');
  });
  afterEach(() => env.cleanup());

  it('keeps a failed job pending with its reason, then marks it printed', () => {
    const job = journal.createPrintJob({ orderNo, kind: 'proof', content: '電子發票證明聯\nAB-00000001' });
    expect(job).toMatchObject({
      state: 'pending',
      reprint: false,
      attempts: 0,
      lastError: null,
      printedAt: null,
    });
    expect(journal.pendingPrintJobs().map((j) => j.id)).toEqual([job.id]);
    expect(journal.hasPrintedProof(orderNo)).toBe(false);

    const failed = journal.recordPrintAttempt(job.id, { ok: false, reason: 'paper out 缺紙' });
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, lastError: 'paper out 缺紙' });
    expect(journal.counts().pendingPrintJobs).toBe(1);

    const printed = journal.recordPrintAttempt(job.id, { ok: true }, new Date('2026-11-22T03:05:00Z'));
    expect(printed).toMatchObject({ state: 'printed', attempts: 2, printedAt: '2026-11-22T03:05:00.000Z' });
    expect(journal.pendingPrintJobs()).toEqual([]);
    expect(journal.hasPrintedProof(orderNo)).toBe(true);
    expect(journal.getPrintJob(job.id)).toEqual(printed);
    expect(journal.getPrintJob(999)).toBeNull();

    const detail = journal.detail(orderNo)!;
    expect(detail.prints.map((p) => p.id)).toEqual([job.id]);
    expect(detail.entries.filter((e) => e.kind.startsWith('print.')).map((e) => e.kind)).toEqual([
      'print.created',
      'print.attempt',
      'print.attempt',
    ]);
    expect(journal.verifyChain().ok).toBe(true);
  });

  it('marks a second proof of a printed order as a reprint (補印)', () => {
    const first = journal.createPrintJob({ orderNo, kind: 'proof', content: 'proof' });
    journal.recordPrintAttempt(first.id, { ok: true });
    const second = journal.createPrintJob({ orderNo, kind: 'proof', content: 'proof 補印' });
    expect(second.reprint).toBe(true);
    // A details slip is not a proof.
    expect(journal.createPrintJob({ orderNo, kind: 'details', content: 'details' }).reprint).toBe(false);
  });

  it('refuses to print a printed job again, a proof for a sale not issued, and unknown orders', () => {
    const job = journal.createPrintJob({ orderNo, kind: 'proof', content: 'proof' });
    journal.recordPrintAttempt(job.id, { ok: true });
    expect(refusal(() => journal.recordPrintAttempt(job.id, { ok: true })).zh).toContain('補印');
    const inFlight = beginSale(journal);
    expect(
      refusal(() => journal.createPrintJob({ orderNo: inFlight, kind: 'proof', content: 'x' })).code,
    ).toBe('journal-refused');
    expect(journal.createPrintJob({ orderNo: inFlight, kind: 'details', content: 'x' }).state).toBe(
      'pending',
    );
    expect(
      refusal(() => journal.createPrintJob({ orderNo: 'T09-20261122-000001', kind: 'details', content: 'x' }))
        .code,
    ).toBe('journal-not-found');
    expect(refusal(() => journal.createPrintJob({ orderNo: null, kind: 'proof', content: 'x' })).code).toBe(
      'journal-invalid',
    );
    expect(refusal(() => journal.recordPrintAttempt(12345, { ok: true })).code).toBe('journal-not-found');
    expect(refusal(() => journal.recordPrintAttempt(job.id, { ok: false, reason: '' })).code).toBe(
      'journal-invalid',
    );
  });

  it('takes summary and test slips without an order', () => {
    const summary = journal.createPrintJob({ orderNo: null, kind: 'summary', content: '日結' });
    const test = journal.createPrintJob({ orderNo: null, kind: 'test', content: 'test page' });
    expect([summary.orderNo, test.kind]).toEqual([null, 'test']);
    expect(journal.pendingPrintJobs().map((j) => j.kind)).toEqual(['summary', 'test']);
  });
});

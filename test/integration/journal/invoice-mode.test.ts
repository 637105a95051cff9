import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { runChild, startChildUntilHang } from './child';
import { beginSale, tempJournal } from './fixtures';

// Invoice mode's records in a real SQLite file (issue 27, item 2): a sale issued with the till's
// own number in one commit with its random code, offline record and proof job; nothing lost or
// doubled when the process is killed just before or just after that commit.

const SEGMENT = {
  companyId: '12345678',
  tillId: 'T01',
  training: false,
  useFor: 'OFF01',
  word: 'QQ',
  periodCode: '11512',
  start: 100,
  end: 102,
};

const entriesOf = (journal: Journal) => journal.verifyChain().entries;

describe('invoice-mode records', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('invoice-mode');
  });
  afterEach(() => env.cleanup());

  it('issues a not-delivered sale with the next number, its random code, an offline record and a proof job', () => {
    const journal = env.open();
    journal.addInvoiceModeSegment(SEGMENT);
    const orderNo = beginSale(journal);
    journal.markNotDelivered(orderNo, { reason: 'ECONNREFUSED' });

    const issued = journal.issueOffline({ orderNo, randomNumber: '0427', proof: () => 'PROOF' });

    expect(issued.transaction).toMatchObject({
      state: 'issued',
      invoiceNumber: 'QQ00000100',
      randomNumber: '0427',
      invoiceDateTime: '2026-11-22T11:00:00',
    });
    expect(issued.invoice).toMatchObject({
      invoiceNumber: 'QQ00000100',
      orderNo,
      invoiceKind: 'C',
      uploadState: 'waiting',
      deadline: '2026-11-24T03:00:00.000Z', // 48 h after 11:00 Taipei
    });
    expect(issued.printJob).toMatchObject({ orderNo, kind: 'proof', state: 'pending', content: 'PROOF' });
    expect(issued.numbersLeft).toBe(2);
    expect(journal.invoiceModeSegments({ companyId: '12345678', training: false })[0]!.next).toBe(101);
    // The sale reads as any issued sale, and the chain (rows replayed from entries) holds.
    expect(journal.detail(orderNo)!.issue).toMatchObject({ invoiceNumber: 'QQ00000100' });
    expect(journal.verifyChain().ok).toBe(true);
  });

  it('never issues offline a sale whose outcome is unknown: refused, nothing changed', () => {
    const journal = env.open();
    journal.addInvoiceModeSegment(SEGMENT);
    const orderNo = beginSale(journal);
    journal.markNeedsVerification(orderNo, { reason: 'timeout after sending' });
    const before = entriesOf(journal);

    expect(() => journal.issueOffline({ orderNo })).toThrow(/needs-verification.*resolved as not issued/);
    expect(entriesOf(journal)).toBe(before);
    expect(journal.offlineInvoices()).toEqual([]);
    expect(journal.invoiceModeSegments({ companyId: '12345678', training: false })[0]!.next).toBe(100);
  });

  it('uses no number when the proof cannot be built (no QR key): the whole commit is undone', () => {
    const journal = env.open();
    journal.addInvoiceModeSegment(SEGMENT);
    const orderNo = beginSale(journal);
    const before = entriesOf(journal);
    expect(() =>
      journal.issueOffline({
        orderNo,
        proof: () => {
          throw new Error('no QR key');
        },
      }),
    ).toThrow('no QR key');
    expect(entriesOf(journal)).toBe(before);
    expect(journal.get(orderNo)!.state).toBe('in-flight');
    expect(journal.issueOffline({ orderNo }).invoice.invoiceNumber).toBe('QQ00000100');
  });

  it('says when the period has no number left, and refuses an overlapping segment', () => {
    const journal = env.open();
    journal.addInvoiceModeSegment(SEGMENT);
    for (let i = 0; i < 3; i++) journal.issueOffline({ orderNo: beginSale(journal) });
    expect(() => journal.issueOffline({ orderNo: beginSale(journal) })).toThrow(
      /No offline invoice numbers left for period 11512/,
    );
    expect(() => journal.addInvoiceModeSegment({ ...SEGMENT, start: 102, end: 110 })).toThrow(
      /overlaps QQ00000100/,
    );
    journal.addInvoiceModeSegment({ ...SEGMENT, start: 103, end: 110 });
    expect(journal.offlineInvoices().map((invoice) => invoice.invoiceNumber)).toEqual([
      'QQ00000100',
      'QQ00000101',
      'QQ00000102',
    ]);
  });

  it('records uploads once, refuses an answer for another number, and never uses a number reported blank', () => {
    const journal = env.open();
    const segment = journal.addInvoiceModeSegment(SEGMENT);
    const b = journal.issueOffline({ orderNo: beginSale(journal, { buyerTitle: '好公司' }) });
    expect(b.invoice).toMatchObject({ invoiceKind: 'B', deadline: '2026-11-29T03:00:00.000Z' });

    expect(() =>
      journal.recordOfflineUpload([{ invoiceNumber: 'QQ00000999', state: 'uploaded', message: null }]),
    ).toThrow(/QQ00000999/);
    journal.recordOfflineUpload([{ invoiceNumber: 'QQ00000100', state: 'uploaded', message: null }]);
    const before = entriesOf(journal);
    journal.recordOfflineUpload([
      { invoiceNumber: 'QQ00000100', state: 'uploaded', message: 'Invoice already exists' },
    ]);
    expect(entriesOf(journal)).toBe(before);
    expect(journal.offlineInvoices({ state: 'waiting' })).toEqual([]);

    journal.markSegmentBlank(segment.id, 'reporting', null);
    expect(() => journal.issueOffline({ orderNo: beginSale(journal) })).toThrow(/No offline invoice numbers/);
    journal.markSegmentBlank(segment.id, 'reported', null);
    expect(() => journal.markSegmentBlank(segment.id, 'open', null)).toThrow(/reported/);
    expect(journal.verifyChain().ok).toBe(true);
  });
});

describe('invoice-mode issuing killed around its commit', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('invoice-mode-crash');
  });
  afterEach(() => env.cleanup());

  it('loses nothing and doubles nothing: killed inside the write, the sale never was; killed after it, its proof waits', async () => {
    const committed: string[][] = [];
    const waitingToPrint: string[] = [];
    const neverWere: number[] = [];
    // Lives alternate: killed inside the commit of their last sale, or right after it.
    for (let life = 0; life < 6; life++) {
      const stop = life % 2 === 0 ? 'before-commit' : 'after-commit';
      const child = await startChildUntilHang(['offline', env.path, String(1 + (life % 3)), stop]);
      await child.kill();
      for (const line of child.lines) {
        const words = line.split(' ');
        if (words[0] === 'hang') {
          if (words.length > 1) {
            committed.push(words.slice(1));
            waitingToPrint.push(words[1]!);
          } else neverWere.push(life);
        } else committed.push(words);
      }
    }
    committed.push(...runChild(['offline', env.path, '2', 'none']).map((line) => line.split(' ')));

    const journal = env.open();
    expect(journal.recoverInFlight()).toEqual([]);
    const offline = journal.offlineInvoices();
    // Every sale the children saw committed, once, with its number and random code; numbers in
    // order from the segment's start without a gap, and the segment's next right after them.
    expect(offline.map((i) => [i.orderNo, i.invoiceNumber, i.randomNumber])).toEqual(committed);
    expect(offline.map((i) => i.number)).toEqual(offline.map((_, index) => 100 + index));
    expect(journal.invoiceModeSegments({ companyId: '12345678', training: false })[0]!.next).toBe(
      100 + offline.length,
    );
    for (const invoice of offline) {
      expect(journal.get(invoice.orderNo)).toMatchObject({
        state: 'issued',
        invoiceNumber: invoice.invoiceNumber,
        randomNumber: invoice.randomNumber,
      });
      const proofs = journal.printJobsFor(invoice.orderNo).filter((job) => job.kind === 'proof');
      expect(proofs).toHaveLength(1);
      expect(proofs[0]!.state).toBe(waitingToPrint.includes(invoice.orderNo) ? 'pending' : 'printed');
    }
    expect(neverWere.length).toBe(3);
    expect(waitingToPrint.length).toBe(3);
    expect(journal.pendingPrintJobs().map((job) => job.orderNo)).toEqual(waitingToPrint);
    expect(journal.verifyChain().ok).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuedEvent } from '../../../src/main/checkout/engine';
import type { Journal } from '../../../src/main/journal/journal';
import { createPrintingCapability, type PrintingCapability } from '../../../src/main/printing/capability';
import { samplePrintData, samplePrintDataString } from '../../../src/main/printing/sample-print-data';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { defaultSettings, type TillSettings } from '../../../src/main/settings/settings-schema';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { issuedSale, tempJournal } from '../journal/fixtures';
import { supervisorWithPin } from '../settings/supervisor-fixture';

/** What the core wires: the checkout's `onIssued` → the printing capability, jobs in the real journal. */
let printer: VirtualPrinter;
let files: ReturnType<typeof tempJournal>;
let journal: Journal;
let printing: PrintingCapability;

beforeEach(async () => {
  printer = await VirtualPrinter.start();
  files = tempJournal('printing-capability');
  journal = files.open();
  let settings: TillSettings = defaultSettings();
  settings = { ...settings, printer: { ...settings.printer, uri: printer.uri } };
  printing = createPrintingCapability({
    store: journal,
    daySummary: (businessDay) => journal.summary({ businessDay }),
    settings: { get: () => settings, update: (patch) => (settings = { ...settings, ...patch }) },
    supervisor: (await supervisorWithPin(journal)).gate,
  });
});

afterEach(async () => {
  await printing.close();
  await printer.close();
  files.cleanup();
});

function issued(orderNo: string, printDataString: string | null): IssuedEvent {
  return {
    orderNo,
    transaction: journal.get(orderNo)!,
    printDataString,
    outcome: {
      kind: 'issued',
      response: {} as IssuedEvent['outcome']['response'],
      missing: [],
      printData: printDataString ? samplePrintData() : null,
      printDataError: null,
      qrCodeUrl: null,
    },
  };
}

describe('printing after an issue', () => {
  it('prints the proof of a paper sale and kicks the drawer for cash', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const result = await printing.onIssued(issued(orderNo, samplePrintDataString()));
    expect(result).toMatchObject({ printed: true, reprint: false });
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    expect(readableLines(paper)[1]).toBe('電子發票證明聯');
    expect(paper.drawerKicks).toBe(1);
    expect(journal.detail(orderNo)?.prints).toEqual([
      expect.objectContaining({ kind: 'proof', state: 'printed' }),
    ]);
  });

  it('prints nothing for unusable print data (never issues again), but still opens the drawer', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    expect(await printing.onIssued(issued(orderNo, null))).toBeNull();
    expect(journal.pendingPrintJobs()).toEqual([]);
    const [kick] = printer.printedJobs();
    expect(decodeEscPos(kick!, 'epson')).toMatchObject({ drawerKicks: 1, lines: [] });
  });

  it('a failed print is recorded on the job and leaves the sale issued', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    await printer.goOffline();
    const result = await printing.onIssued(issued(orderNo, samplePrintDataString()));
    expect(result).toMatchObject({ printed: false, failure: 'offline' });
    expect(journal.get(orderNo)?.state).toBe('issued');
    const pending = await printing.handlers['printing.pending']({}, { host: 'web' });
    expect(pending.jobs).toEqual([expect.objectContaining({ orderNo, failure: 'offline' })]);
  });
});

describe('the job written in the outcome commit (review mend: read from the journal, no map)', () => {
  it('a rolled-back commit leaves nothing behind: the next onIssued prints its own job, never a stale one', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const event = issued(orderNo, samplePrintDataString());
    // The sale's outcome commit writes the job, then rolls back (a later write in it failed).
    expect(() =>
      journal.batch(() => {
        printing.enqueueIssued(event);
        throw new Error('the outcome commit failed after the hook');
      }),
    ).toThrow('the outcome commit failed');
    expect(journal.printJobsFor(orderNo)).toEqual([]);
    // Another job now takes the id the rolled-back job had.
    const other = journal.createPrintJob({ orderNo: null, kind: 'summary', content: '{}' });

    const result = await printing.onIssued(event);
    expect(result).toMatchObject({ printed: true, reprint: false });
    expect(result!.jobId).not.toBe(other.id);
    expect(journal.printJobsFor(orderNo)).toEqual([
      expect.objectContaining({ kind: 'proof', state: 'printed', attempts: 1 }),
    ]);
    // The other job was not touched.
    expect(journal.getPrintJob(other.id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('a job written in the commit is printed once by onIssued, not written twice', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const event = issued(orderNo, samplePrintDataString());
    journal.batch(() => printing.enqueueIssued(event));
    const [written] = journal.printJobsFor(orderNo);
    const result = await printing.onIssued(event);
    expect(result).toMatchObject({ jobId: written!.id, printed: true });
    expect(journal.printJobsFor(orderNo)).toHaveLength(1);
  });
});

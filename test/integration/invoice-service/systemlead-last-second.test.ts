import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import type { IssuedEvent } from '../../../src/main/checkout/engine';
import type { Logger } from '../../../src/main/core/logger';
import { Journal } from '../../../src/main/journal/journal';
import { createPrintingCapability } from '../../../src/main/printing/capability';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { defaultSettings, type TillSettings } from '../../../src/main/settings/settings-schema';
import { createShiftsEngine } from '../../../src/main/shifts/engine';
import { parseTaipeiDateTime } from '../../../src/shared/domain';
import { trainingDefaults } from '../../../src/training-service';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { signExports } from '../../support/export-keys';
import { startSystemLeadStandin, type SystemLeadStandin } from '../../support/systemlead-standin';
import { makeTempDir } from '../../support/temp-dir';
import { paperOrder } from '../checkout/harness';
import { settableClock } from '../reconciliation/harness';
import { supervisorWithPin } from '../settings/supervisor-fixture';

/**
 * Issue 25 item 3: a sale at 23:59:59 Taipei on the last day of a two-month period (2026-12-31,
 * 15:59:59Z) through the SystemLead variant, against the stand-in from the documents. In order mode
 * the till sends no InvoiceDateTime and the provider answers UTC (Receipt.md); the invoice must
 * land in 2026-12-31 and 115年11-12月 on the printed proof (the virtual printer's bytes, decoded),
 * in the journal and in that day's Z report, and the sale two seconds later in 2027-01-01 and
 * 116年01-02月, on no Z report of 2026-12-31. One settable clock for the till, the provider and the
 * Z report: nothing waits on the wall clock.
 */
const COMPANY = '89430377'; // ApiHeader.md's sample seller
const SALT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // Signature.md's sample Salt
const LAST_SECOND = parseTaipeiDateTime('2026-12-31T23:59:59')!;
const quiet: Logger = { info() {}, warn() {}, error() {} };

describe('a SystemLead sale at 23:59:59 Taipei on the last day of a period', () => {
  const temp = makeTempDir('systemlead-last-second');
  const clock = settableClock(LAST_SECOND);
  /** How far the provider's clock is ahead of the till's (s): SystemLead stamps an order on its side. */
  let providerAhead = 0;
  const providerNow = () => new Date(clock.now().getTime() + providerAhead * 1000);
  let standin: SystemLeadStandin;
  let journal: Journal;
  let checkout: CheckoutAssembly;
  let printer: VirtualPrinter;
  let printing: ReturnType<typeof createPrintingCapability>;
  const issued: IssuedEvent[] = [];

  beforeAll(async () => {
    standin = await startSystemLeadStandin({ companyId: COMPANY, salt: SALT, now: providerNow });
    journal = signExports(Journal.open(join(temp.dir, 'journal.sqlite'), { now: clock.now }));
    checkout = assembleCheckout({
      journal,
      service: {
        serviceUrl: standin.url,
        companyId: COMPANY,
        apiKey: '',
        signingSecret: SALT,
        timeoutMs: 2000,
        variant: 'systemlead',
      },
      tillId: 'T1',
      trainingMode: true,
      logger: quiet,
      now: clock.now,
      onIssued: (event) => void issued.push(event),
    });
    printer = await VirtualPrinter.start();
    let settings: TillSettings = defaultSettings();
    settings = { ...settings, printer: { ...settings.printer, uri: printer.uri } };
    printing = createPrintingCapability({
      store: journal,
      daySummary: (businessDay) => journal.summary({ businessDay }),
      settings: { get: () => settings, update: (patch) => (settings = { ...settings, ...patch }) },
      supervisor: (await supervisorWithPin(journal)).gate,
      qrAesKey: () => trainingDefaults().qrAesKey,
    });
  });
  afterAll(async () => {
    await printing?.close();
    await printer?.close();
    journal?.close();
    await standin?.close();
    temp.remove();
  });

  /** One paper sale at the clock's time, printed; the proof's lines as the printer got them. */
  async function sellAndPrint(amount: number) {
    const result = await checkout.engine.submit(paperOrder(amount));
    expect(result.state).toBe('issued');
    const from = printer.printedJobs().length;
    const event = issued.find((item) => item.orderNo === result.orderNo)!;
    expect((await printing.onIssued(event))?.printed).toBe(true);
    const proof = readableLines(decodeEscPos(printer.printedJobs()[from]!, 'epson')).join('\n');
    return { result, proof, tx: journal.detail(result.orderNo)!.transaction };
  }

  let last: Awaited<ReturnType<typeof sellAndPrint>>;
  let first: Awaited<ReturnType<typeof sellAndPrint>>;

  it('23:59:59 on 2026-12-31: the provider answered 15:59:59Z; proof and journal say 2026-12-31, 115年11-12月', async () => {
    last = await sellAndPrint(150);
    // Order mode: no InvoiceDateTime sent; the answer is UTC (Receipt.md).
    const sent = standin.requests.at(-1)!.body as { Data: object };
    expect(sent.Data).not.toHaveProperty('InvoiceDateTime');
    expect(standin.invoices.at(-1)!.issuedAtUtc).toBe('2026-12-31T15:59:59');
    expect(last.tx).toMatchObject({ invoiceDateTime: '2026-12-31T23:59:59', businessDay: '2026-12-31' });
    expect(last.proof).toContain('115年11-12月');
    expect(last.proof).toContain('2026-12-31 23:59:59');
    expect(last.proof).toContain(last.result.invoiceNumber!.slice(0, 2));
  });

  it('two seconds later, 2027-01-01 00:00:01 (still 2026-12-31 in UTC): proof and journal say 2027-01-01, 116年01-02月', async () => {
    clock.set(parseTaipeiDateTime('2027-01-01T00:00:01')!);
    first = await sellAndPrint(80);
    expect(standin.invoices.at(-1)!.issuedAtUtc).toBe('2026-12-31T16:00:01');
    expect(first.tx).toMatchObject({ invoiceDateTime: '2027-01-01T00:00:01', businessDay: '2027-01-01' });
    expect(first.proof).toContain('116年01-02月');
    expect(first.proof).toContain('2027-01-01 00:00:01');
  });

  it('sent at 23:59:59 on 2027-02-28, stamped 2027-03-01 00:00:00 by the provider: the proof prints the provider’s time and period', async () => {
    clock.set(parseTaipeiDateTime('2027-02-28T23:59:59')!);
    providerAhead = 1;
    try {
      const sale = await sellAndPrint(60);
      expect(standin.invoices.at(-1)!.issuedAtUtc).toBe('2027-02-28T16:00:00');
      expect(sale.tx.invoiceDateTime).toBe('2027-03-01T00:00:00');
      // The money was taken on the till's day: the drawer's business day stays the till's.
      expect(sale.tx.businessDay).toBe('2027-02-28');
      // The invoice is the provider's: March, period 03-04, whatever the till's clock said.
      expect(sale.proof).toContain('116年03-04月');
      expect(sale.proof).toContain('2027-03-01 00:00:00');
    } finally {
      providerAhead = 0;
      clock.set(parseTaipeiDateTime('2027-01-01T00:00:01')!);
    }
  });

  it("the Z report of 2026-12-31 holds the last second's invoice and not the next day's", () => {
    clock.advance(60);
    const shifts = createShiftsEngine({ journal, tillId: () => 'T1', training: () => true, now: clock.now });
    const z = shifts.zReport('2026-12-31', '林店長');
    expect(z.businessDay).toBe('2026-12-31');
    const paper = z.invoices.find((row) => row.kind === 'paper')!;
    expect(paper).toMatchObject({ count: 1, amount: 150 });
    expect(z.sales?.tracks).toEqual([
      {
        track: last.result.invoiceNumber!.slice(0, 2),
        first: last.result.invoiceNumber,
        last: last.result.invoiceNumber,
        count: 1,
      },
    ]);
    // The new year's sale is on no report of the old day.
    expect(JSON.stringify(z)).not.toContain(first.result.invoiceNumber!);
  });
});

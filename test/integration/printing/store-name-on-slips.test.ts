import { afterEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { PROOF_TITLE } from '../../../src/main/printing/layout/proof-layout';
import { VOID_TITLE } from '../../../src/main/printing/layout/void-notice-layout';
import { PrintService } from '../../../src/main/printing/print-service';
import { samplePrintDataString } from '../../../src/main/printing/sample-print-data';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { ALLOWANCE, VOID } from '../../unit/printing/returns-fixtures';
import { issuedSale, tempJournal } from '../journal/fixtures';

/**
 * Issue 24, item 6: the first-run form says its 店名 is printed on the proof, yet the proof said
 * 練習商店 (the training service's SellerName in its PrintDataString) while the void notice and
 * the allowance slip said the store's name. One store name, Settings', at the head of every slip:
 * the proof, its 補印, the void notice, the allowance slip and the summary, read back from the
 * bytes a real TCP virtual printer received.
 */
const STORE = '好喝茶飲';

let printer: VirtualPrinter | null = null;
let files: ReturnType<typeof tempJournal> | null = null;
let service: PrintService | null = null;
afterEach(async () => {
  await service?.close();
  await printer?.close();
  files?.cleanup();
});

async function setUp(): Promise<{ journal: Journal; head: () => string }> {
  files = tempJournal('store-name-slips');
  const journal = files.open();
  printer = await VirtualPrinter.start({ model: 'epson' });
  const config = {
    uri: printer.uri,
    model: 'epson' as const,
    paperWidth: 80 as const,
    chinese: 'big5' as const,
  };
  service = new PrintService({
    store: journal,
    printer: () => config,
    sellerName: () => STORE,
    transaction: (orderNo) => journal.get(orderNo),
  });
  const head = () => readableLines(decodeEscPos(printer!.printedJobs().at(-1)!, 'epson'))[0]!;
  return { journal, head };
}

describe('one store name on every slip', () => {
  it('the proof and its 補印 print the store name of Settings, not the provider’s 練習商店', async () => {
    const { journal, head } = await setUp();
    const orderNo = issuedSale(journal, 'AB12345678');
    // The training service's print data names its own seller, 練習商店.
    expect(samplePrintDataString()).toContain('練習商店');
    const printed = await service!.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(printed).toMatchObject({ printed: true });
    const lines = readableLines(decodeEscPos(printer!.printedJobs().at(-1)!, 'epson'));
    expect(lines.slice(0, 2)).toEqual([STORE, PROOF_TITLE]);
    expect(lines.join('\n')).not.toContain('練習商店');
    await service!.reprintProof({ orderNo, by: '王店長', reason: '卡紙' });
    expect(head()).toBe(STORE);
  });

  it('the void notice, the allowance slip and the summary print the same name', async () => {
    const { journal, head } = await setUp();
    const orderNo = issuedSale(journal, 'AB12345678');
    await service!.printVoidNotice({ orderNo, notice: { ...VOID, sellerName: STORE } });
    expect(head()).toBe(STORE);
    expect(readableLines(decodeEscPos(printer!.printedJobs().at(-1)!, 'epson'))).toContain(VOID_TITLE);
    await service!.printAllowanceSlip({ orderNo, slip: { ...ALLOWANCE, sellerName: STORE } });
    expect(readableLines(decodeEscPos(printer!.printedJobs().at(-1)!, 'epson')).join('\n')).toContain(STORE);
    await service!.printSummary(journal.summary({ businessDay: '2026-11-22' }));
    expect(head()).toBe(STORE);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { REPRINT_TITLE, PROOF_TITLE } from '../../../src/main/printing/layout/proof-layout';
import { VOID_TITLE } from '../../../src/main/printing/layout/void-notice-layout';
import type { PrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService, type PrinterConfig } from '../../../src/main/printing/print-service';
import { samplePrintDataString } from '../../../src/main/printing/sample-print-data';
import { proofEnvelope } from '../../../src/main/printing/slip-content';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { parsePrintDataString, type PrintData } from '../../../src/provider/pos-profile';
import { buildPrintData } from '../../../src/training-service/print-data';
import { readCode39 } from '../../support/code39-reader';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';
import { paperOrder, businessOrder, useCheckoutRig } from '../checkout/harness';
import { issuedSale, tempJournal } from '../journal/fixtures';
import { ALLOWANCE, expectedAllowanceLines, VOID } from '../../unit/printing/returns-fixtures';

/**
 * Printing for returns and corrections over a real TCP virtual printer and a real journal: the
 * allowance slip's two copies, the void notice, 補印 with who and why, and the proof the till
 * builds itself (equal to the training service's over real HTTP; refused without the QR key, with
 * no byte sent).
 */
const QR_KEY = '5b3f1a9c7e2d4b6f8a0c1e3d5f7b9a2c';

let printer: VirtualPrinter;
let journalFiles: ReturnType<typeof tempJournal>;
let journal: Journal;
let service: PrintService;
let qrKey: string | null;

async function setUp(paperWidth: 58 | 80 = 58, chinese: 'big5' | 'raster' = 'big5') {
  printer = await VirtualPrinter.start({ model: 'epson' });
  const config: PrinterConfig = { uri: printer.uri, model: 'epson', paperWidth, chinese, timeoutMs: 1500 };
  const store: PrintJobStore = journal;
  service = new PrintService({
    store,
    printer: () => config,
    sellerName: () => '練習商店',
    qrAesKey: () => qrKey,
    transaction: (orderNo) => journal.get(orderNo),
  });
}

const lastPaper = () => decodeEscPos(printer.printedJobs().at(-1)!, 'epson');

describe('returns printing on a real journal and a TCP printer', () => {
  beforeEach(() => {
    journalFiles = tempJournal('printing-returns');
    journal = journalFiles.open();
    qrKey = QR_KEY;
  });
  afterEach(async () => {
    await service?.close();
    await printer?.close();
    journalFiles.cleanup();
  });

  for (const width of [58, 80] as const) {
    it(`prints the allowance slip twice (store, customer) on ${width} mm`, async () => {
      await setUp(width);
      const orderNo = issuedSale(journal, 'AB12345678');
      const result = await service.printAllowanceSlip({ orderNo, slip: ALLOWANCE });
      expect(result).toMatchObject({ printed: true, failure: null });
      expect(printer.printedJobs()).toHaveLength(1);
      const paper = lastPaper();
      expect(paper.cuts).toBe(2);
      expect(readableLines(paper)).toEqual([
        ...expectedAllowanceLines(width, 'store'),
        ...expectedAllowanceLines(width, 'customer'),
      ]);
      expect(journal.getPrintJob(result.jobId)).toMatchObject({ kind: 'details', state: 'printed' });
    });
  }

  it('prints the void notice: no barcode, no QR, no proof title', async () => {
    await setUp(80);
    const orderNo = issuedSale(journal, 'AB12345678');
    await service.printVoidNotice({ orderNo, notice: VOID });
    const paper = lastPaper();
    expect(readableLines(paper)).toContain(VOID_TITLE);
    expect(readableLines(paper)).toContain('發票號碼 AB12345678');
    expect(paper.barcodes).toHaveLength(0);
    expect(paper.images).toHaveLength(0);
    expect(readableLines(paper).join('\n')).not.toContain(PROOF_TITLE);
    // The preview for the screens: a PNG.
    expect(service.previewVoidNotice(VOID).png.subarray(1, 4).toString()).toBe('PNG');
    expect(service.previewAllowanceSlip(ALLOWANCE).heightDots).toBeGreaterThan(600);
  });

  it('reprints as 補印 with who and why in the journal, never a second original', async () => {
    await setUp();
    const orderNo = issuedSale(journal, 'AB12345678');
    const original = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(original).toMatchObject({ printed: true, reprint: false });
    expect(readableLines(lastPaper())).toContain(PROOF_TITLE);

    const again = await service.reprintProof({ orderNo, by: '王店長', reason: '卡紙' });
    expect(again).toMatchObject({ printed: true, reprint: true });
    expect(readableLines(lastPaper())[1]).toBe(REPRINT_TITLE);
    const job = journal.getPrintJob(again.jobId)!;
    expect(proofEnvelope(job.content)).toMatchObject({
      source: 'provider',
      reprint: { by: '王店長', reason: '卡紙' },
    });
    const entry = journal.detail(orderNo)!.entries.findLast((e) => e.kind === 'print.created')!;
    expect(JSON.parse(entry.payload.content as string)).toMatchObject({
      reprint: { by: '王店長', reason: '卡紙' },
    });

    await expect(service.reprintProof({ orderNo, by: ' ', reason: 'x' })).rejects.toMatchObject({
      code: 'reprint-who-why',
    });
  });

  it('an original that failed: the first print that succeeds is the original, every later one 補印', async () => {
    await setUp();
    const orderNo = issuedSale(journal, 'AB12345678');
    printer.setFaults({ paperOut: true });
    const failed = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(failed).toMatchObject({ printed: false, failure: 'paper-out' });
    printer.setFaults({ paperOut: false });
    const first = await service.reprintProof({ orderNo, by: '林小姐', reason: '印表機沒紙' });
    expect(first).toMatchObject({ printed: true, reprint: false });
    expect(readableLines(lastPaper())[1]).toBe(PROOF_TITLE);
    // The failed original retried now would be a second original: it prints 補印.
    const retried = await service.retry(failed.jobId);
    expect(retried).toMatchObject({ printed: true, reprint: true });
    expect(readableLines(lastPaper())[1]).toBe(REPRINT_TITLE);
  });

  it('without a QR key a sale without print data gets nothing that looks like a proof', async () => {
    await setUp();
    qrKey = null;
    const orderNo = issuedSale(journal, 'AB12345678'); // issued without a PrintDataString
    await expect(service.reprintProof({ orderNo, by: '王店長', reason: '補印' })).rejects.toMatchObject({
      code: 'proof-qr-key-missing',
      bilingual: { zh: expect.stringContaining('QR 金鑰'), en: expect.stringContaining('QR key') },
    });
    await expect(service.printBuiltProof({ orderNo })).rejects.toMatchObject({
      code: 'proof-qr-key-missing',
    });
    expect(printer.received).toHaveLength(0); // not one byte reached the printer
    expect(journal.printJobsFor(orderNo)).toHaveLength(0);

    qrKey = QR_KEY; // with the key the same reprint builds the proof (random code from the journal)
    const built = await service.reprintProof({ orderNo, by: '王店長', reason: '補印' });
    expect(built).toMatchObject({ printed: true, reprint: false });
    const paper = lastPaper();
    expect(readableLines(paper).slice(1, 4)).toEqual([PROOF_TITLE, '115年11-12月', 'AB-12345678']);
    const [left, right] = readQrPair(paper.images.at(-1)!);
    expect(left?.slice(0, 10)).toBe('AB12345678');
    expect(right?.startsWith('**')).toBe(true);
  });
});

describe('the built proof against the training service over HTTP', () => {
  const rig = useCheckoutRig('printing-built-proof', { timeoutMs: 600 });
  let printerRig: VirtualPrinter;
  let printing: PrintService;
  beforeAll(async () => {
    printerRig = await VirtualPrinter.start({ model: 'epson' });
    printing = new PrintService({
      store: rig.till.journal,
      printer: () => ({
        uri: printerRig.uri,
        model: 'epson',
        paperWidth: 58,
        chinese: 'big5',
        timeoutMs: 1500,
      }),
      sellerName: () => rig.service.config.sellerName,
      qrAesKey: () => rig.service.config.qrAesKey,
      transaction: (orderNo) => rig.till.journal.get(orderNo),
    });
  });
  afterAll(async () => {
    await printing.close();
    await printerRig.close();
  });

  const builtOf = (jobContent: string): PrintData => {
    const parsed = parsePrintDataString(proofEnvelope(jobContent).printDataString);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.data;
  };

  for (const [name, order] of [
    ['consumer', paperOrder],
    ['business', businessOrder],
  ] as const) {
    it(`a sale the service answered (${name}): the till's built proof equals the service's PrintDataString`, async () => {
      const result = await rig.till.engine.submit(order());
      expect(result.state).toBe('issued');
      const event = rig.till.issued.find((e) => e.orderNo === result.orderNo)!;
      const fromService = parsePrintDataString(event.printDataString!);
      if (!fromService.ok) throw new Error(fromService.reason);
      const printed = await printing.printBuiltProof({ orderNo: result.orderNo });
      expect(printed.printed).toBe(true);
      const built = builtOf(rig.till.journal.getPrintJob(printed.jobId)!.content);
      expect(built.Barcode).toBe(fromService.data.Barcode);
      expect(built.QRCodeLeft).toBe(fromService.data.QRCodeLeft);
      expect(built.QRCodeRight).toBe(fromService.data.QRCodeRight);
      expect(built).toEqual(fromService.data);
      // And on paper: the Code 39 and both QR codes read back as the service's.
      const paper = decodeEscPos(printerRig.printedJobs().at(-1)!, 'epson');
      const barcode = paper.barcodes[0]?.data ?? readCode39(paper.images[0]!);
      expect(barcode).toBe(fromService.data.Barcode);
      expect(readQrPair(paper.images.at(-1)!)).toEqual([
        fromService.data.QRCodeLeft,
        fromService.data.QRCodeRight,
      ]);
    });
  }

  it('a sale resolved as issued after a timeout: built from the channel’s number and random code', async () => {
    await rig.svc.fault('http-500-after-commit');
    const result = await rig.till.engine.submit(paperOrder(230));
    expect(result.state).toBe('needs-verification');
    const found = (await rig.svc.lookup(result.orderNo)) as { InvoiceNumber: string; RandomNumber?: string };
    rig.till.verification.resolve({
      orderNo: result.orderNo,
      outcome: 'issued',
      invoiceNumber: found.InvoiceNumber,
      by: '王店長',
    });
    const printed = await printing.printBuiltProof({
      orderNo: result.orderNo,
      randomNumber: found.RandomNumber!,
    });
    expect(printed).toMatchObject({ printed: true, reprint: false });
    const tx = rig.till.journal.get(result.orderNo)!;
    const serviceWouldPrint = buildPrintData({
      sellerName: rig.service.config.sellerName,
      sellerId: rig.service.config.companyId,
      qrAesKey: rig.service.config.qrAesKey,
      invoiceNumber: found.InvoiceNumber,
      randomNumber: found.RandomNumber!,
      order: tx.requestData,
    });
    const built = builtOf(rig.till.journal.getPrintJob(printed.jobId)!.content);
    expect(built.Barcode).toBe(serviceWouldPrint.Barcode);
    expect(built.QRCodeLeft).toBe(serviceWouldPrint.QRCodeLeft);
    expect(built.QRCodeRight).toBe(serviceWouldPrint.QRCodeRight);
    // A 補印 after it reuses what was built, says 補印, and needs no key lookup any more.
    const again = await printing.reprintProof({ orderNo: result.orderNo, by: '王店長', reason: '顧客遺失' });
    expect(again).toMatchObject({ printed: true, reprint: true });
    expect(builtOf(rig.till.journal.getPrintJob(again.jobId)!.content)).toEqual(built);
  });
});

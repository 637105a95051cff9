import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { PROOF_TITLE, REPRINT_TITLE } from '../../../src/main/printing/layout/proof-layout';
import type { PrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService, type PrinterConfig } from '../../../src/main/printing/print-service';
import { qrPairImage } from '../../../src/main/printing/qr-images';
import { samplePrintData, samplePrintDataString } from '../../../src/main/printing/sample-print-data';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { readCode39 } from '../../support/code39-reader';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';
import { issuedSale, tempJournal } from '../journal/fixtures';

/**
 * The print path end to end over a real TCP socket on 127.0.0.1: the print service on the real
 * journal, ESC/POS bytes to the virtual printer, and the bytes read back as a person would read
 * the paper (text lines, the barcode, the QR codes through a QR decoder).
 */
let printer: VirtualPrinter;
let journalFiles: ReturnType<typeof tempJournal>;
let journal: Journal;
let config: PrinterConfig;
let service: PrintService;

async function setUp(model: 'epson' | 'star', chinese: 'big5' | 'raster' = 'big5') {
  printer = await VirtualPrinter.start({ model });
  config = { uri: printer.uri, model, paperWidth: 58, chinese, timeoutMs: 1500 };
  const store: PrintJobStore = journal; // the Journal satisfies the print service's narrow interface
  service = new PrintService({ store, printer: () => config, sellerName: () => '練習商店' });
}

beforeEach(() => {
  journalFiles = tempJournal('printing');
  journal = journalFiles.open();
});

afterEach(async () => {
  await service?.close();
  await printer?.close();
  journalFiles.cleanup();
});

const business = samplePrintData({ buyerId: '04595252' });

describe('a proof over TCP (EPSON, Big5 text)', () => {
  beforeEach(() => setUp('epson'));

  it('decodes to the proof lines, the Code 39 content and two QR codes in one raster image', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const result = await service.printProof({ orderNo, printDataString: JSON.stringify(business) });
    expect(result).toMatchObject({ printed: true, reprint: false, failure: null });
    expect(journal.getPrintJob(result.jobId)).toMatchObject({ state: 'printed', attempts: 1 });

    const jobs = printer.printedJobs();
    expect(jobs).toHaveLength(1);
    const paper = decodeEscPos(jobs[0]!, 'epson');
    expect(readableLines(paper).slice(0, 7)).toEqual([
      '練習商店',
      PROOF_TITLE,
      '115年11-12月',
      'AB-12345678',
      '2026-11-05 14:03:09 格式 25',
      '隨機碼 0122 總計 150',
      '賣方 24549210 買方 04595252',
    ]);
    expect(readableLines(paper)).toEqual(
      expect.arrayContaining(['珍珠奶茶（大）', '2 x 52.5 105', '香雞排', '總計 150']),
    );
    expect(paper.multiByteMode).toBe(true);
    expect(paper.barcodes).toEqual([{ system: 69, data: '11512AB123456780122' }]);
    expect(paper.cuts).toBe(1);

    // ONE raster image, the two codes side by side, read back by a QR decoder.
    expect(paper.images).toHaveLength(1);
    const image = paper.images[0]!;
    expect(image.width).toBe(384);
    expect(readQrPair(image)).toEqual([business.QRCodeLeft, business.QRCodeRight]);
    // Geometry in dots, as printed: 3-dot modules, version ≥ 6, quiet zone ≥ 16 dots, coding area ≥ 120 dots.
    const expected = qrPairImage(business.QRCodeLeft, business.QRCodeRight, 384);
    expect(expected.version).toBeGreaterThanOrEqual(6);
    const firstBlackRow = image.pixels.findIndex((dot) => dot === 1);
    const top = Math.floor(firstBlackRow / image.width);
    expect(top).toBeGreaterThanOrEqual(16);
    let run = 0;
    for (let x = firstBlackRow % image.width; image.pixels[top * image.width + x] === 1; x++) run++;
    expect(run).toBe(7 * 3); // a finder pattern is 7 modules of 3 dots
    expect(firstBlackRow % image.width).toBe(expected.symbolX[0]);
    expect(image.pixels[top * image.width + expected.symbolX[1]]).toBe(1); // right code's top on the same row
    expect(expected.symbolDots).toBeGreaterThanOrEqual(120);
  });

  it('prints 電子發票證明聯補印 the second time a proof of the order prints', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const content = samplePrintDataString();
    await service.printProof({ orderNo, printDataString: content });
    const second = await service.printProof({ orderNo, printDataString: content });
    expect(second.reprint).toBe(true);
    const [first, again] = printer.printedJobs().map((bytes) => readableLines(decodeEscPos(bytes, 'epson')));
    expect(first![1]).toBe(PROOF_TITLE);
    expect(again![1]).toBe(REPRINT_TITLE);
  });

  it('kicks the cash drawer on a cash sale, once', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    await service.printProof({ orderNo, printDataString: samplePrintDataString(), openDrawer: true });
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    expect(paper.drawerKicks).toBe(1);
    expect(printer.printedJobs()[0]!.includes(Buffer.from([0x1b, 0x70, 0x00, 25, 250]))).toBe(true);
  });
});

describe('failures leave the job pending, and a retry completes it', () => {
  beforeEach(() => setUp('epson'));

  it('printer offline: pending with the reason; the retry prints the same content', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    await printer.goOffline();
    const failed = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(failed).toMatchObject({ printed: false, failure: 'offline' });
    expect(journal.get(orderNo)?.state).toBe('issued'); // the invoice stays issued
    expect(journal.pendingPrintJobs().map((job) => job.id)).toEqual([failed.jobId]);
    expect(journal.getPrintJob(failed.jobId)?.lastError).toMatch(/^offline: ECONNREFUSED/);
    expect(await service.status()).toMatchObject({ state: 'offline' });

    await printer.goOnline();
    const retried = await service.retry(failed.jobId);
    expect(retried).toMatchObject({ jobId: failed.jobId, printed: true, reprint: false });
    expect(journal.pendingPrintJobs()).toEqual([]);
    expect(journal.getPrintJob(failed.jobId)).toMatchObject({ state: 'printed', attempts: 2 });
    const lines = readableLines(decodeEscPos(printer.printedJobs()[0]!, 'epson'));
    expect(lines[1]).toBe(PROOF_TITLE); // not 補印: the first print never came out
    await expect(service.retry(failed.jobId)).rejects.toThrow(/already printed/);
  });

  it('connection dropped mid-job: pending, and the retry prints it whole', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    printer.setFaults({ dropAfterBytes: 600 });
    const failed = await service.printProof({ orderNo, printDataString: JSON.stringify(business) });
    expect(failed).toMatchObject({ printed: false, failure: 'connection-lost' });
    expect(printer.received.at(-1)).toMatchObject({ dropped: true });
    expect(printer.received.at(-1)!.bytes.length).toBe(600);
    expect(journal.getPrintJob(failed.jobId)).toMatchObject({ state: 'pending', attempts: 1 });

    printer.setFaults({ dropAfterBytes: null });
    expect((await service.retry(failed.jobId)).printed).toBe(true);
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    expect(readQrPair(paper.images[0]!)).toEqual([business.QRCodeLeft, business.QRCodeRight]);
    expect(paper.barcodes[0]!.data).toBe(business.Barcode);
  });

  it('paper out and cover open: refused before printing, with the reason', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    printer.setFaults({ paperOut: true });
    expect(await service.status()).toMatchObject({ state: 'paper-out' });
    const noPaper = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(noPaper).toMatchObject({ printed: false, failure: 'paper-out' });
    printer.setFaults({ paperOut: false, coverOpen: true });
    expect(await service.status()).toMatchObject({ state: 'cover-open' });
    const coverOpen = await service.retry(noPaper.jobId);
    expect(coverOpen).toMatchObject({ printed: false, failure: 'cover-open' });
    expect(printer.printedJobs()).toEqual([]);

    printer.setFaults({ coverOpen: false, paperNearEnd: true });
    expect(await service.status()).toMatchObject({ state: 'online', paperNearEnd: true });
    expect((await service.retry(noPaper.jobId)).printed).toBe(true);
    expect(journal.getPrintJob(noPaper.jobId)).toMatchObject({ state: 'printed', attempts: 3 });
  });

  it('a printer that never answers is offline for status and a timeout for a job', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    config.timeoutMs = 300;
    printer.setFaults({ silent: true });
    expect(await service.status()).toMatchObject({ state: 'offline' });
    const result = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    expect(result).toMatchObject({ printed: false, failure: 'timeout' });
  });

  it('an unreadable PrintDataString fails the print, not the invoice', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const result = await service.printProof({ orderNo, printDataString: '{not json' });
    expect(result).toMatchObject({ printed: false, failure: 'bad-content' });
    expect(journal.get(orderNo)?.state).toBe('issued');
    expect(printer.received).toEqual([]);
  });
});

describe('raster mode and Star', () => {
  it('raster mode sends the text as images only', async () => {
    await setUp('epson', 'raster');
    const orderNo = issuedSale(journal, 'AB12345678');
    expect((await service.printProof({ orderNo, printDataString: JSON.stringify(business) })).printed).toBe(
      true,
    );
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    expect(paper.textBytes.every((bytes) => bytes.every((b) => b < 0x80))).toBe(true);
    expect(readableLines(paper)).toEqual([]);
    expect(paper.images.length).toBeGreaterThanOrEqual(3); // text above, QR pair, details below
    expect(paper.images.some((image) => readQrPair(image)[0] === business.QRCodeLeft)).toBe(true);
    expect(paper.barcodes[0]!.data).toBe(business.Barcode);
  });

  it('a Star printer gets Big5 in its own multi-byte mode, the barcode drawn, the same QR codes', async () => {
    await setUp('star');
    const orderNo = issuedSale(journal, 'AB12345678');
    expect(await service.status()).toMatchObject({ state: 'online' });
    expect((await service.printProof({ orderNo, printDataString: JSON.stringify(business) })).printed).toBe(
      true,
    );
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'star');
    expect(paper.commands).toContain('ESC p');
    expect(readableLines(paper).slice(0, 4)).toEqual([
      '練習商店',
      PROOF_TITLE,
      '115年11-12月',
      'AB-12345678',
    ]);
    expect(paper.images.map((image) => readCode39(image)).filter(Boolean)).toEqual([business.Barcode]);
    expect(paper.images.some((image) => readQrPair(image)[1] === business.QRCodeRight)).toBe(true);
    printer.setFaults({ paperOut: true });
    expect(await service.status()).toMatchObject({ state: 'paper-out' });
  });
});

describe('other slips and the preview', () => {
  beforeEach(() => setUp('epson'));

  it('prints the test slip, a details slip and the day summary', async () => {
    expect((await service.testPrint()).printed).toBe(true);
    const orderNo = issuedSale(journal, 'AB12345679', { operation: 'orderWithoutPrint' });
    const details = await service.printDetails({
      orderNo,
      details: {
        sellerName: '練習商店',
        sellerId: '24549210',
        orderNo,
        invoiceNumber: 'AB12345679',
        dateTime: '2026-11-22T11:00:02',
        loveCode: '8585',
        lines: [{ name: '珍珠奶茶', quantity: 1, unitPrice: 150, subTotal: 150 }],
        totalAmount: 150,
      },
    });
    expect(details.printed).toBe(true);
    expect((await service.printSummary(journal.summary({ businessDay: '2026-11-22' }))).printed).toBe(true);
    const [test, slip, summary] = printer
      .printedJobs()
      .map((bytes) => readableLines(decodeEscPos(bytes, 'epson')));
    expect(test).toContain('列印測試');
    expect(slip).toEqual(expect.arrayContaining(['交易明細', '捐贈 愛心碼 8585', '總計 NT$150']));
    expect(summary).toEqual(expect.arrayContaining(['日結報表', '營業日 2026-11-22']));
  });

  it('renders the preview PNG of a job and of an order', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const { jobId } = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    const byJob = await service.preview({ jobId });
    const byOrder = await service.preview({ orderNo });
    expect(byJob?.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(byOrder?.job.id).toBe(jobId);
    expect(byJob?.heightDots).toBe(720); // a consumer proof is 9 cm
    expect(await service.preview({ orderNo: 'NO-SUCH' })).toBeNull();
  });

  it('finds the proof of an order for the preview after a restart (the jobs are in the journal)', async () => {
    const orderNo = issuedSale(journal, 'AB12345678');
    const { jobId } = await service.printProof({ orderNo, printDataString: samplePrintDataString() });
    const restarted = new PrintService({ store: journal, printer: () => config });
    expect((await restarted.preview({ orderNo }))?.job.id).toBe(jobId);
    await restarted.close();
  });
});

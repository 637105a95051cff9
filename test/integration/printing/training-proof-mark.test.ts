import { afterEach, describe, expect, it } from 'vitest';
import { fromPng } from '../../../src/main/printing/bitmap';
import {
  PROOF_TITLE,
  TRAINING_MARK_EN,
  TRAINING_MARK_ZH,
  proofSlip,
} from '../../../src/main/printing/layout/proof-layout';
import {
  shiftCloseSlip,
  TRAINING_SLIP_MARK,
  xReportSlip,
} from '../../../src/main/printing/layout/shift-layout';
import type { Slip } from '../../../src/main/printing/layout/slip';
import { paperOf, PROOF_COLUMNS } from '../../../src/main/printing/paper';
import { MemoryPrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService } from '../../../src/main/printing/print-service';
import { samplePrintData } from '../../../src/main/printing/sample-print-data';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { displayWidth } from '../../../src/shared/domain';
import type { TransactionRecord } from '../../../src/main/journal/types';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';

/**
 * Issue 15, honest in training: a proof of a training sale says 練習用，非統一發票 (and in
 * English) in a band above and a band below the regulated layout, on paper (Big5 text and
 * raster, 58 and 80 mm) and in the preview; the barcode and both QR codes stay whole and
 * readable; a real sale's proof has no band.
 */
let printer: VirtualPrinter | null = null;
afterEach(async () => {
  await printer?.close();
  printer = null;
});

const sale = (training: boolean) => ({ training }) as unknown as TransactionRecord;

async function printed(paperWidth: 58 | 80, chinese: 'big5' | 'raster', training: boolean, buyerId?: string) {
  printer = await VirtualPrinter.start({ model: 'epson' });
  const config = { uri: printer.uri, model: 'epson' as const, paperWidth, chinese };
  const data = samplePrintData(buyerId ? { buyerId } : {});
  const service = new PrintService({
    store: new MemoryPrintJobStore(),
    printer: () => config,
    transaction: () => sale(training),
  });
  const result = await service.printProof({ orderNo: 'T01-1', printDataString: JSON.stringify(data) });
  expect(result).toMatchObject({ printed: true });
  const preview = await service.preview({ orderNo: 'T01-1' });
  await service.close();
  return { data, paper: decodeEscPos(printer.printedJobs()[0]!, 'epson'), preview: preview! };
}

describe('the training band on the proof (layout model)', () => {
  it.each([undefined, '04595252'])(
    'sits above and below, full width, around the regulated order (buyer %s)',
    (buyerId) => {
      const slip = proofSlip(samplePrintData(buyerId ? { buyerId } : {}), { reprint: false, training: true });
      const texts = slip.blocks.flatMap((block, index) =>
        block.kind === 'text' ? [{ index, text: block.text.trim() }] : [],
      );
      const marks = texts.filter((line) => line.text === TRAINING_MARK_ZH).map((line) => line.index);
      const english = texts.filter((line) => line.text === TRAINING_MARK_EN).map((line) => line.index);
      expect(marks).toHaveLength(2);
      expect(english).toHaveLength(2);
      const barcode = slip.blocks.findIndex((block) => block.kind === 'code39');
      const qr = slip.blocks.findIndex((block) => block.kind === 'qr-pair');
      const title = texts.find((line) => line.text === PROOF_TITLE)!.index;
      expect(marks[0]).toBeLessThan(title);
      expect(marks[1]).toBeGreaterThan(qr);
      expect(barcode).toBeGreaterThan(english[0]!);
      expect(slip.blocks.at(-1)).toMatchObject({ kind: 'text' }); // the closing rule comes last
      for (const block of slip.blocks) {
        if (block.kind !== 'text') continue;
        expect(displayWidth(block.text)).toBe(block.style.wide ? PROOF_COLUMNS / 2 : PROOF_COLUMNS);
      }
    },
  );

  it('leaves a real sale’s proof without a band', () => {
    const slip = proofSlip(samplePrintData(), { reprint: false });
    expect(slip.blocks.some((block) => block.kind === 'text' && block.text.includes(TRAINING_MARK_ZH))).toBe(
      false,
    );
  });
});

describe.each([58, 80] as const)('a training proof printed on %i mm paper', (paperWidth) => {
  it('prints the mark twice in Big5 text, the barcode and the QR pair intact', async () => {
    const { data, paper } = await printed(paperWidth, 'big5', true);
    const lines = readableLines(paper);
    expect(lines.filter((line) => line === TRAINING_MARK_ZH)).toHaveLength(2);
    expect(lines.filter((line) => line === TRAINING_MARK_EN)).toHaveLength(2);
    expect(lines.indexOf(TRAINING_MARK_ZH)).toBeLessThan(lines.indexOf(PROOF_TITLE));
    expect(lines.lastIndexOf(TRAINING_MARK_ZH)).toBeGreaterThan(lines.indexOf(PROOF_TITLE));
    for (const line of paper.lines)
      expect(displayWidth(line)).toBeLessThanOrEqual(paperOf(paperWidth).columns);
    expect(paper.barcodes.map((code) => code.data)).toEqual([data.Barcode]);
    expect(paper.images).toHaveLength(1);
    expect(readQrPair(paper.images[0]!)).toEqual([data.QRCodeLeft, data.QRCodeRight]);
  });

  it('prints no band for a real sale', async () => {
    const { paper } = await printed(paperWidth, 'big5', false);
    expect(
      readableLines(paper).some((line) => line.includes(TRAINING_MARK_ZH) || line.includes('TRAINING')),
    ).toBe(false);
  });

  it('draws the bands in raster mode and in the preview: taller than a real proof, within the paper', async () => {
    const training = await printed(paperWidth, 'raster', true, '04595252');
    await printer?.close();
    const real = await printed(paperWidth, 'raster', false, '04595252');
    const height = (images: { height: number }[]) => images.reduce((sum, image) => sum + image.height, 0);
    expect(height(training.paper.images)).toBeGreaterThan(height(real.paper.images) + 4 * 30);
    for (const image of training.paper.images)
      expect(image.width).toBeLessThanOrEqual(paperOf(paperWidth).dots);

    expect(training.preview.heightDots).toBeGreaterThan(real.preview.heightDots + 4 * 30);
    expect(training.preview.widthDots).toBe(real.preview.widthDots);
    const picture = fromPng(training.preview.png);
    expect(picture.width).toBe(training.preview.widthDots + 24);
  });
});

describe('the shift slips printed in training mode', () => {
  const figures = {
    float: 1000,
    sales: { count: 2, amount: 300 },
    returns: { count: 0, amount: 0 },
    net: [{ method: 'cash', amount: 300 }],
    paidIn: 0,
    paidOut: 0,
    expectedCash: 1300,
    pending: 0,
  };
  const shift = {
    shiftId: 1,
    number: 1,
    tillId: 'T01',
    businessDay: '2026-05-04',
    state: 'closed' as const,
    openedBy: '王小明',
    openedAt: '2026-05-04T09:00:03+08:00',
    closedBy: '王小明',
    closedAt: '2026-05-04T17:30:00+08:00',
    figures,
    reconciliation: null,
    count: null,
  };
  const lines = (slip: Slip) =>
    slip.blocks.flatMap((block) => (block.kind === 'text' ? [block.text.trim()] : []));

  it.each([58, 80] as const)(
    'say 練習模式 under the title of the X report and the close slip (%i mm)',
    (width) => {
      const paper = paperOf(width);
      for (const training of [true, false]) {
        const x = xReportSlip(
          { layout: 'x-report', sellerName: '練習商店', shift, figures, at: shift.closedAt, training },
          paper,
        );
        const close = shiftCloseSlip(
          { layout: 'shift-close', sellerName: '練習商店', shift, training },
          paper,
        );
        for (const slip of [x, close]) {
          expect(lines(slip).includes(TRAINING_SLIP_MARK)).toBe(training);
          for (const block of slip.blocks) {
            if (block.kind === 'text')
              expect(displayWidth(block.text)).toBe(block.style.wide ? paper.columns / 2 : paper.columns);
          }
        }
      }
    },
  );
});

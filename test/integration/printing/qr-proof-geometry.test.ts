import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { crop, toRgba, type Bitmap } from '../../../src/main/printing/bitmap';
import { paperOf } from '../../../src/main/printing/paper';
import { MemoryPrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService } from '../../../src/main/printing/print-service';
import { samplePrintData } from '../../../src/main/printing/sample-print-data';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { decodeEscPos } from '../../support/escpos-decoder';
import { parseQrPair } from '../../support/qr-records';

/**
 * Issue 11 item 11, read off the printed bytes: the proof's QR pair as the printer receives it
 * (ESC/POS raster), each code found and measured in dots and decoded by jsQR alone. Each code's
 * coding area is at least 1.5 cm (120 dots at 8 dots/mm) with whole-dot modules and a 0.2 cm
 * (16-dot) quiet zone around it; both the same size, tops aligned, within the paper; and each
 * code's records parse alone.
 */
let printer: VirtualPrinter | null = null;
afterEach(async () => {
  await printer?.close();
  printer = null;
});

interface Measured {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  text: string;
  version: number;
}

/** The black column runs of the image, split where ≥ 13 white columns separate them (inside a symbol at most 4). */
function measure(image: Bitmap): Measured[] {
  const columnBlack = (x: number, from = 0, to = image.height) => {
    for (let y = from; y < to; y++) if (image.pixels[y * image.width + x]) return true;
    return false;
  };
  const runs: Array<[number, number]> = [];
  for (let x = 0; x < image.width; x++) {
    if (!columnBlack(x)) continue;
    const last = runs.at(-1);
    if (last && x - last[1] <= 12) last[1] = x;
    else runs.push([x, x]);
  }
  return runs.map(([x0, x1]) => {
    let y0 = -1;
    let y1 = -1;
    for (let y = 0; y < image.height; y++) {
      for (let x = x0; x <= x1; x++) {
        if (image.pixels[y * image.width + x]) {
          if (y0 < 0) y0 = y;
          y1 = y;
          break;
        }
      }
    }
    // jsQR reads the code alone: its own quiet zone and nothing of the other code.
    const margin = 16;
    const cell = crop(image, x0 - margin, y0 - margin, x1 - x0 + 1 + 2 * margin, y1 - y0 + 1 + 2 * margin);
    const code = jsQR(toRgba(cell), cell.width, cell.height);
    if (!code) throw new Error(`no QR code read at x ${x0}-${x1}`);
    return { x0, x1, y0, y1, text: code.data, version: code.version };
  });
}

/** A provider that packs the left code up to about 240 bytes (its own budget, not ours). */
function providerPrintData(leftBytes: number) {
  const items = Array.from({ length: 16 }, (_, i) => ({ name: `品項${i}`, quantity: 1, unitPrice: 25 + i }));
  const data = samplePrintData({ items });
  const fixed = data.QRCodeLeft.slice(0, 77);
  const records = items.map((item) => `:${item.name}:${item.quantity}:${item.unitPrice}`);
  let left = `${fixed}:**********:${items.length}:${items.length}:1`;
  let onLeft = 0;
  while (Buffer.byteLength(left + records[onLeft]!) <= leftBytes) left += records[onLeft++]!;
  return { ...data, QRCodeLeft: left, QRCodeRight: `**${records.slice(onLeft).join('')}` };
}

const cases = [
  ['a consumer proof (short texts)', () => samplePrintData()],
  [
    'the three-item example',
    () =>
      samplePrintData({
        items: [
          { name: '乾電池', quantity: 1, unitPrice: 105 },
          { name: '口罩', quantity: 1, unitPrice: 210 },
          { name: '牛奶', quantity: 1, unitPrice: 25 },
        ],
      }),
  ],
  [
    'a business proof with many items',
    () =>
      samplePrintData({
        buyerId: '04595252',
        items: Array.from({ length: 9 }, (_, i) => ({
          name: `綜合商品${i}`,
          quantity: 2,
          unitPrice: 30 + i,
        })),
      }),
  ],
  ['a provider left text of about 240 bytes', () => providerPrintData(240)],
] as const;

describe.each([58, 80] as const)('the QR pair as printed on %i mm paper', (paperWidth) => {
  it.each(cases)('%s', async (_, make) => {
    const data = make();
    printer = await VirtualPrinter.start({ model: 'epson' });
    const config = { uri: printer.uri, model: 'epson' as const, paperWidth, chinese: 'big5' as const };
    const service = new PrintService({ store: new MemoryPrintJobStore(), printer: () => config });
    const result = await service.printProof({ orderNo: 'T01-1', printDataString: JSON.stringify(data) });
    expect(result).toMatchObject({ printed: true });
    await service.close();

    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    expect(paper.images).toHaveLength(1); // Big5 text: the QR pair is the proof's one raster image
    const image = paper.images[0]!;
    expect(image.width).toBeLessThanOrEqual(paperOf(paperWidth).dots);
    const [left, right] = measure(image);
    expect([left, right].map((code) => code?.text)).toEqual([data.QRCodeLeft, data.QRCodeRight]);

    for (const code of [left!, right!]) {
      const side = code.x1 - code.x0 + 1;
      const modules = 17 + 4 * code.version;
      expect(code.y1 - code.y0 + 1).toBe(side); // square
      expect(side % modules).toBe(0); // every module a whole number of dots
      expect(side).toBeGreaterThanOrEqual(120); // 1.5 cm coding area, quiet zone not counted
      expect(code.y0).toBeGreaterThanOrEqual(16); // quiet zone above, inside the image
      expect(image.height - 1 - code.y1).toBeGreaterThanOrEqual(16); // and below
    }
    expect(left!.version).toBeGreaterThanOrEqual(6);
    expect(right!.version).toBe(left!.version);
    expect(right!.x1 - right!.x0).toBe(left!.x1 - left!.x0); // the same size
    expect(right!.y0).toBe(left!.y0); // tops aligned
    expect(left!.x0).toBeGreaterThanOrEqual(16); // quiet zones at the sides and between
    expect(right!.x0 - left!.x1 - 1).toBeGreaterThanOrEqual(32);
    expect(image.width - 1 - right!.x1).toBeGreaterThanOrEqual(16);

    // Each code's records parse alone into name, quantity and price.
    const parsed = parseQrPair(left!.text, right!.text);
    const names = [...parsed.left.records, ...parsed.right].map((record) => record.name);
    expect(names).toEqual(data.Details.slice(0, names.length).map((item) => item.ProductName));
    expect(parsed.left.total).toBe(data.Details.length);
  });
});

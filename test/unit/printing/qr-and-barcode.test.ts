import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { crop, toRgba } from '../../../src/main/printing/bitmap';
import { code39Bitmap } from '../../../src/main/printing/code39';
import { MIN_QR_SIDE_DOTS, qrPairImage, QR_QUIET_DOTS } from '../../../src/main/printing/qr-images';
import { samplePrintData } from '../../../src/main/printing/sample-print-data';
import { readCode39 } from '../../support/code39-reader';
import { readQrPair } from '../../support/escpos-decoder';

describe('QR pair image (203 dpi)', () => {
  const data = samplePrintData({ buyerId: '04595252' });
  const pair = qrPairImage(data.QRCodeLeft, data.QRCodeRight, 384);

  it('is version 6 or higher with error correction L, the same size, tops aligned', () => {
    expect(pair.version).toBeGreaterThanOrEqual(6);
    expect(pair.moduleDots).toBe(3);
    expect(pair.symbolDots).toBe((17 + 4 * pair.version) * pair.moduleDots);
    const decoded = [pair.symbolX[0], pair.symbolX[1]].map((x) => {
      const cell = crop(
        pair.bitmap,
        x - pair.quietDots,
        0,
        pair.symbolDots + 2 * pair.quietDots,
        pair.bitmap.height,
      );
      return jsQR(toRgba(cell), cell.width, cell.height);
    });
    expect(decoded.map((code) => code?.version)).toEqual([pair.version, pair.version]);
    expect(decoded.map((code) => code?.data)).toEqual([data.QRCodeLeft, data.QRCodeRight]);
    // Tops aligned: the finder patterns start on the same row.
    expect(decoded[0]!.location.topLeftCorner.y).toBeCloseTo(decoded[1]!.location.topLeftCorner.y, 0);
  });

  it('is at least 1.5 cm square without its quiet zone, and the quiet zones are white', () => {
    expect(pair.symbolDots).toBeGreaterThanOrEqual(MIN_QR_SIDE_DOTS);
    expect(pair.quietDots).toBeGreaterThanOrEqual(Math.max(QR_QUIET_DOTS, 4 * pair.moduleDots));
    const { bitmap } = pair;
    const blackIn = (x0: number, y0: number, w: number, h: number) => {
      let n = 0;
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++) n += bitmap.pixels[y * bitmap.width + x]!;
      return n;
    };
    for (const x of pair.symbolX) {
      expect(blackIn(x - pair.quietDots, 0, pair.quietDots, bitmap.height)).toBe(0); // left
      expect(blackIn(x + pair.symbolDots, 0, pair.quietDots, bitmap.height)).toBe(0); // right
      expect(blackIn(x, 0, pair.symbolDots, pair.quietDots)).toBe(0); // top
      expect(blackIn(x, pair.symbolY + pair.symbolDots, pair.symbolDots, pair.quietDots)).toBe(0); // bottom
      // The finder pattern's corner module is black: the symbol starts where we say.
      expect(blackIn(x, pair.symbolY, pair.moduleDots, pair.moduleDots)).toBe(pair.moduleDots ** 2);
    }
    expect(readQrPair(bitmap)).toEqual([data.QRCodeLeft, data.QRCodeRight]);
  });

  it('refuses codes that cannot be printed side by side', () => {
    expect(() => qrPairImage('x'.repeat(1500), 'y', 384)).toThrow(/do not fit/);
  });
});

describe('Code 39', () => {
  it('draws the 19-character proof barcode within 58 mm and reads back', () => {
    const bitmap = code39Bitmap('11512AB123456780122');
    expect(bitmap.width).toBeLessThanOrEqual(384);
    expect(readCode39(bitmap)).toBe('11512AB123456780122');
  });

  it('refuses characters Code 39 does not have', () => {
    expect(() => code39Bitmap('ab')).toThrow(/Not Code 39/);
  });
});

describe('Star raster', () => {
  it('has the bytes of node-thermal-printer’s own Star image encoder', async () => {
    const { starRaster } = await import('../../../src/main/printing/escpos/star-writer');
    const { ThermalPrinter, PrinterTypes } = await import('node-thermal-printer');
    const bitmap = code39Bitmap('A1', { height: 30 });
    const library = new ThermalPrinter({ type: PrinterTypes.STAR, interface: '' }) as unknown as {
      printer: { printImageBuffer(w: number, h: number, d: Uint8ClampedArray): Buffer };
    };
    const expected = library.printer.printImageBuffer(bitmap.width, bitmap.height, toRgba(bitmap));
    expect(starRaster(bitmap).equals(expected)).toBe(true);
  });
});

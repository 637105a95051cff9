import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { encodeBig5, renderEscPos } from '../../../src/main/printing/escpos/render-escpos';
import { proofSlip } from '../../../src/main/printing/layout/proof-layout';
import { SlipBuilder } from '../../../src/main/printing/layout/slip';
import { loadRasterFont } from '../../../src/main/printing/raster-font';
import { drawTextLine } from '../../../src/main/printing/raster-text';
import { samplePrintData } from '../../../src/main/printing/sample-print-data';
import { containsBitmap, decodeEscPos, readableLines } from '../../support/escpos-decoder';

const font = loadRasterFont();

describe('Big5 (CP950) text', () => {
  it('round-trips the Chinese lines of a proof byte for byte', () => {
    for (const line of [
      '電子發票證明聯補印',
      '115年11-12月',
      '隨機碼 0122  總計 150',
      '珍珠奶茶（大）',
      '賣方 24549210',
    ]) {
      const bytes = encodeBig5(line)!;
      expect(bytes).not.toBeNull();
      expect(iconv.decode(bytes, 'cp950')).toBe(line);
    }
    // 電 is B9 71 in Big5.
    expect([...encodeBig5('電')!]).toEqual([0xb9, 0x71]);
  });

  it('refuses a line CP950 cannot carry, so that it is drawn instead', () => {
    expect(encodeBig5('𠀀 emoji 😀')).toBeNull();
    const b = new SlipBuilder(32).line('普通的一行').line('罕字𠀀');
    const bytes = renderEscPos(
      { kind: 'test', widthDots: 384, columns: 32, blocks: b.blocks },
      { model: 'epson', chinese: 'big5', font: () => font },
    );
    const decoded = decodeEscPos(bytes, 'epson');
    expect(readableLines(decoded)).toEqual(['普通的一行']);
    expect(decoded.images).toHaveLength(1);
  });

  it('selects Chinese mode (EPSON FS &, Star ESC p) and leaves it before the cut', () => {
    const slip = proofSlip(samplePrintData(), { reprint: false });
    const epson = decodeEscPos(
      renderEscPos(slip, { model: 'epson', chinese: 'big5', font: () => font }),
      'epson',
    );
    expect(epson.commands).toContain('FS &');
    expect(epson.commands.indexOf('FS .')).toBeLessThan(epson.commands.indexOf('GS V'));
    const star = decodeEscPos(
      renderEscPos(slip, { model: 'star', chinese: 'big5', font: () => font }),
      'star',
    );
    expect(star.commands).toContain('ESC p');
    expect(readableLines(star)).toContain('電子發票證明聯');
  });
});

describe('raster mode', () => {
  it('sends no Chinese text bytes, but images holding the text', () => {
    const slip = proofSlip(samplePrintData(), { reprint: false });
    const decoded = decodeEscPos(
      renderEscPos(slip, { model: 'epson', chinese: 'raster', font: () => font }),
      'epson',
    );
    const highBytes = decoded.textBytes.reduce((n, bytes) => n + bytes.filter((b) => b >= 0x80).length, 0);
    expect(highBytes).toBe(0);
    expect(decoded.commands).not.toContain('FS &');
    expect(readableLines(decoded)).toEqual([]);
    const title = slip.blocks.find((block) => block.kind === 'text' && block.text.includes('電子發票證明聯'));
    if (title?.kind !== 'text') throw new Error('no title');
    const drawn = drawTextLine(font, title.text, 384, title.style);
    expect(decoded.images.some((image) => containsBitmap(image, drawn))).toBe(true);
    expect(decoded.barcodes).toEqual([{ system: 69, data: '11512AB123456780122' }]);
  });

  it('has the Unifont glyphs a receipt needs, half and full width', () => {
    expect(font.glyph('A'.codePointAt(0)!)?.width).toBe(8);
    expect(font.glyph('電'.codePointAt(0)!)?.width).toBe(16);
    expect(font.glyph('（'.codePointAt(0)!)?.width).toBe(16);
    expect(font.size).toBeGreaterThan(29_000);
  });
});

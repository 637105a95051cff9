import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EpsonWriter } from '../../../src/main/printing/escpos/epson-writer';
import { renderEscPos } from '../../../src/main/printing/escpos/render-escpos';
import { StarWriter } from '../../../src/main/printing/escpos/star-writer';
import type { PrinterModel } from '../../../src/main/printing/escpos/writer';
import { SlipBuilder } from '../../../src/main/printing/layout/slip';
import { loadRasterFont } from '../../../src/main/printing/raster-font';
import { decodeEscPos } from '../../support/escpos-decoder';

/**
 * Only the writer's own commands are commands: a text that carries control characters (a
 * product name with ESC p or GS V that got past the input checks) prints them as `?`.
 */
const font = loadRasterFont();
// ESC p 0 25 50 (drawer), GS V 1 (cut), ESC @ (reset), DLE DC4 (real-time drawer pulse).
const DRAWER_AND_CUT = '可樂\u001bp\u0000\u00192 雪碧\u001dV\u0001 \u001b@\u0010\u0014\u0001\u0000\u0003';

const render = (texts: string[], model: PrinterModel, chinese: 'big5' | 'raster' = 'big5') => {
  const b = new SlipBuilder(32);
  for (const text of texts) b.line(text);
  return renderEscPos(
    { kind: 'details', widthDots: 384, columns: 32, blocks: b.blocks },
    { model, chinese, font: () => font },
  );
};

describe('ESC/POS text carries no commands of its own', () => {
  it.each(['epson', 'star'] as const)(
    '%s: a name with ESC p and GS V kicks no drawer and cuts once',
    (model) => {
      const decoded = decodeEscPos(render([DRAWER_AND_CUT], model), model);
      expect(decoded.drawerKicks).toBe(0);
      expect(decoded.cuts).toBe(1);
      for (const bytes of decoded.textBytes) {
        expect([...bytes].filter((byte) => byte < 0x20 || byte === 0x7f)).toEqual([]);
      }
      expect(decoded.lines.join('')).toContain('可樂?p??2 雪碧?V?');
      // The same slip as if the name had `?` where the controls were: no other command came out.
      expect(decoded.commands).toEqual(
        // eslint-disable-next-line no-control-regex -- the oracle is written out apart from the code
        decodeEscPos(render([DRAWER_AND_CUT.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')], model), model)
          .commands,
      );
    },
  );

  it('filters the bytes a writer is handed as text, whatever encoded them', () => {
    for (const writer of [new EpsonWriter(), new StarWriter()]) {
      writer.init();
      writer.textLine(Buffer.from([0x41, 0x1b, 0x70, 0x00, 0x19, 0xfa, 0x1d, 0x56, 0x01, 0x7f, 0xb9, 0x71]));
      const decoded = decodeEscPos(writer.bytes(), writer.model);
      expect(decoded.drawerKicks).toBe(0);
      expect(decoded.cuts).toBe(0);
      expect(Buffer.concat(decoded.textBytes)).toEqual(
        Buffer.from([0x41, 0x3f, 0x70, 0x3f, 0x3f, 0xfa, 0x3f, 0x56, 0x3f, 0x3f, 0xb9, 0x71]),
      );
    }
  });

  it('refuses Code 39 data that is not Code 39 rather than send it inside GS k', () => {
    const writer = new EpsonWriter();
    expect(() => writer.code39('11512AB\u001d12345678')).toThrow(/Not Code 39/);
    expect(writer.code39('11512AB123456780122')).toBe(true);
  });

  it('for any text: the commands are those of the text with every control replaced', () => {
    const controlHeavy = fc.string({
      unit: fc.oneof(
        fc.integer({ min: 0, max: 0x1f }).map((cp) => String.fromCharCode(cp)),
        fc.constantFrom('\u007f', '\u0085', '\u009b', '\u202e', '\u2066', 'p', 'V', 'A', '可', '樂', ' '),
      ),
      maxLength: 24,
    });
    fc.assert(
      fc.property(controlHeavy, fc.constantFrom<PrinterModel>('epson', 'star'), (text, model) => {
        const decoded = decodeEscPos(render([text], model), model);
        expect(decoded.drawerKicks).toBe(0);
        expect(decoded.cuts).toBe(1);
        const clean = text.replace(
          // eslint-disable-next-line no-control-regex -- the oracle is written out apart from the code
          /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
          '?',
        );
        expect(decoded.commands).toEqual(decodeEscPos(render([clean], model), model).commands);
      }),
      { seed: 4711, numRuns: 60 },
    );
  });

  it('draws a raster slip with controls in its text without sending them', () => {
    const decoded = decodeEscPos(render([DRAWER_AND_CUT], 'epson', 'raster'), 'epson');
    expect(decoded.drawerKicks).toBe(0);
    expect(decoded.cuts).toBe(1);
    expect(decoded.textBytes).toEqual([]);
  });
});

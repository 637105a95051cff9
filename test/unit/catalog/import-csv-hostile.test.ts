import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from '../../../src/main/catalog/import-csv';

const HEADER = 'code,barcode,name,category,price,taxType';
const GOOD = 'A001,4710088410015,可樂,飲料,30,taxable';

describe('a catalog CSV with hidden characters is refused whole', () => {
  it('names the line and the column of a product name with ESC p (drawer kick) and GS V (cut)', () => {
    const result = parseCatalogCsv(
      [
        HEADER,
        GOOD,
        'A002,,"雪碧\u001bp\u0000\u0019\u00fa",飲料,25,',
        'A003,,"綠茶\u001dV\u0001",飲料,20,',
      ].join('\r\n'),
    );
    expect(result).toMatchObject({ ok: false, errorCount: 2, rowCount: 3 });
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        line: 3,
        message: {
          zh: '第 3 行第 3 欄「name」含有看不見的控制字元 U+001B (ESC)（第 3 個字元），整個檔案未匯入',
          en: 'Line 3, column 3 "name" contains an invisible control character U+001B (ESC) at position 3: nothing was imported',
        },
      },
      {
        line: 4,
        message: {
          zh: '第 4 行第 3 欄「name」含有看不見的控制字元 U+001D (GS)（第 3 個字元），整個檔案未匯入',
          en: 'Line 4, column 3 "name" contains an invisible control character U+001D (GS) at position 3: nothing was imported',
        },
      },
    ]);
  });

  it('checks every cell, extra columns and the header too, and a line break inside quotes', () => {
    const cases: Array<[string, number, RegExp]> = [
      [`${HEADER},note\r\n${GOOD},"a\u202eb"`, 2, /column 7 "note".*U\+202E/],
      [`${HEADER}\r\n"A\u0000",,可樂,飲料,30,`, 2, /column 1 "code".*U\+0000 \(NUL\)/],
      [`${HEADER}\r\nA001,,"可\n樂",飲料,30,`, 2, /column 3 "name".*U\+000A \(LF\)/],
      [`${HEADER}\r\nA001,,可樂,"飲\u0085料",30,`, 2, /column 4 "category".*U\+0085/],
      [`code,barcode,"na\u001bme",category,price\r\n${GOOD}`, 1, /Line 1, column 3 contains/],
      [`${HEADER}\r\nA001,,可樂\t冰,飲料,30,`, 2, /U\+0009 \(TAB\)/],
    ];
    for (const [text, line, message] of cases) {
      const result = parseCatalogCsv(text);
      expect(result.ok, text).toBe(false);
      if (result.ok) continue;
      expect(result.errors[0]!.line, text).toBe(line);
      expect(result.errors[0]!.message.en, text).toMatch(message);
    }
  });

  it('finds no tax type in a cell that names a member of Object.prototype', () => {
    for (const tax of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = parseCatalogCsv(`${HEADER}\r\nA001,,可樂,飲料,30,${tax}`);
      expect(result.ok, tax).toBe(false);
      expect(({} as Record<string, unknown>).count).toBeUndefined();
    }
  });

  it('refuses any file with a hidden character anywhere and accepts the same file without it', () => {
    const cell = fc.stringMatching(/^[A-Za-z0-9一-龥]{1,8}$/);
    const hidden = fc
      .oneof(
        fc.integer({ min: 0, max: 0x1f }),
        fc.integer({ min: 0x7f, max: 0x9f }),
        fc.constantFrom(0x202e, 0x2066),
      )
      .map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(cell, cell, hidden, fc.integer({ min: 0, max: 1 }), (name, category, bad, where) => {
        const row = (n: string, c: string) => `A001,,"${n}","${c}",30,`;
        expect(parseCatalogCsv(`${HEADER}\r\n${row(name, category)}`).ok).toBe(true);
        const hostile = where === 0 ? row(name + bad, category) : row(name, bad + category);
        const result = parseCatalogCsv(`${HEADER}\r\n${hostile}`);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors[0]!.message.zh).toMatch(/整個檔案未匯入$/);
      }),
      { seed: 1122, numRuns: 100 },
    );
  });
});

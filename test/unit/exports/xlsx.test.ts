import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisibleText } from '../../../src/shared/domain';
import type { SheetColumn } from '../../../src/main/exports/sheets';
import { NTD_FORMAT, TIME_FORMAT, cellLineBreaks, workbookOf } from '../../../src/main/exports/xlsx';

/**
 * Issue 26, item 3: any text the exports write into an .xlsx cell comes back from the file
 * unchanged (written with exceljs, read back with exceljs: what Excel and Calc load), leading zeros
 * and CJK included; a control character an xlsx cannot carry is refused before any file exists.
 */
type Row = { id: string; text: string };
const COLUMNS: readonly SheetColumn<Row>[] = [
  { key: 'id', title: { zh: '統一編號', en: 'Tax ID' }, kind: 'id', value: (r) => r.id },
  { key: 'text', title: { zh: '品名', en: 'Item' }, kind: 'text', value: (r) => r.text },
];
const AT = new Date('2026-11-22T04:00:00Z');

async function roundTrip(rows: Row[]): Promise<ExcelJS.Worksheet> {
  const { buffer } = await workbookOf([{ name: '交易', columns: COLUMNS, rows } as never], 'zh', AT);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.getWorksheet('交易')!;
}

// The controls an xlsx (XML 1.0) cannot hold, and the C1 controls: the export refuses them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/u;
const writable = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc
      .array(fc.constantFrom('0', '0', '1', '/', '+', '=', '-', '茶', '統', '編', ' ', '"', '\t', 'E', '.'), {
        maxLength: 12,
      })
      .map((chars) => chars.join('')),
  )
  // Lone surrogates are not text (no UTF-8 form); the journal's JSON could not hold them either.
  .filter((text) => !CONTROL.test(text) && !/[\ud800-\udfff]/u.test(text) && text !== '');

describe('the XLSX cells', () => {
  it('brings any text cell back unchanged, leading zeros and CJK included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ id: writable, text: writable }), { minLength: 1, maxLength: 5 }),
        async (rows) => {
          const sheet = await roundTrip(rows);
          rows.forEach((row, i) => {
            const cells = sheet.getRow(i + 2);
            // A line break reads back as LF, as Excel writes one (CR LF and a bare CR alike).
            expect(cells.getCell(1).value).toBe(cellLineBreaks(row.id));
            expect(cells.getCell(2).value).toBe(cellLineBreaks(row.text));
            expect(cells.getCell(1).type).toBe(ExcelJS.ValueType.String);
            expect(cells.getCell(1).numFmt).toBe('@');
          });
        },
      ),
      { numRuns: 40 },
    );
    const breaks = await roundTrip([{ id: 'a\rb', text: '第一行\r\n第二行\n第三行' }]);
    expect(breaks.getRow(2).getCell(1).value).toBe('a\nb');
    expect(breaks.getRow(2).getCell(2).value).toBe('第一行\n第二行\n第三行');
    const sheet = await roundTrip([{ id: '04595257', text: '珍珠奶茶 0800' }]);
    expect(sheet.getRow(2).getCell(1).value).toBe('04595257');
    expect(sheet.getRow(1).getCell(1).value).toBe('統一編號');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('refuses a control character before writing, naming the sheet, row and column', async () => {
    await fc.assert(
      fc.asyncProperty(
        writable,
        fc.integer({ min: 0, max: 0x9f }).filter((c) => CONTROL.test(String.fromCharCode(c))),
        writable,
        async (before, code, after) => {
          const text = `${before}${String.fromCharCode(code)}${after}`;
          await expect(roundTrip([{ id: '04595257', text }])).rejects.toMatchObject({
            code: 'journal-invalid',
            bilingual: {
              zh: expect.stringContaining('第 2 列「品名」'),
              en: expect.stringContaining('row 2, "品名"'),
            },
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never meets one from the journal: the plain-text rule every outside text passes refuses them', () => {
    // Every C0/C1 control the export refuses (tab, LF and CR too) fails the rule the contract,
    // the CSV import and the settings apply before anything reaches the journal.
    for (let code = 0; code <= 0x9f; code++) {
      const char = String.fromCharCode(code);
      if (CONTROL.test(char)) expect(isVisibleText(`a${char}b`), `U+${code.toString(16)}`).toBe(false);
    }
  });

  it('formats money as NT$ numbers and times as dates showing the Taipei clock', async () => {
    type Money = { amount: number; at: string };
    const columns: readonly SheetColumn<Money>[] = [
      { key: 'amount', title: { zh: '金額', en: 'Amount' }, kind: 'money', value: (r) => r.amount },
      { key: 'time', title: { zh: '時間（台北）', en: 'Time (Taipei)' }, kind: 'time', value: (r) => r.at },
    ];
    const { buffer } = await workbookOf(
      [{ name: '現金', columns, rows: [{ amount: -1234, at: '2026-11-22 23:59:30' }] } as never],
      'zh',
      AT,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = book.getWorksheet('現金')!.getRow(2);
    expect(row.getCell(1)).toMatchObject({ value: -1234, numFmt: NTD_FORMAT });
    // Excel dates have no zone: the serial is Taipei's wall clock.
    expect(row.getCell(2).numFmt).toBe(TIME_FORMAT);
    expect((row.getCell(2).value as Date).toISOString()).toBe('2026-11-22T23:59:30.000Z');
  });
});

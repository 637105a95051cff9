import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from '../../../src/main/catalog/import-csv';

const header = 'code,barcode,name,category,price,taxType';

describe('parseCatalogCsv', () => {
  it('reads the sample catalog: about 60 products in every tax type, all barcodes valid', () => {
    const parsed = parseCatalogCsv(readFileSync('assets/sample-catalog.csv', 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.products.length).toBeGreaterThanOrEqual(55);
    const types = new Set(parsed.products.map((p) => p.taxType));
    expect(types).toEqual(new Set(['taxable', 'zero', 'exempt']));
    const categories = new Set(parsed.products.map((p) => p.category));
    for (const category of ['飲料', '零食', '便當', '日用品', '書報']) expect(categories).toContain(category);
    expect(parsed.products.filter((p) => p.category === '書報').every((p) => p.taxType === 'exempt')).toBe(
      true,
    );
    // Every packaged product has a valid Taiwanese EAN-13; the one without a barcode is the weighed
    // product a scale label finds by its code (issue 24, item 9).
    const withBarcode = parsed.products.filter((p) => p.barcode);
    expect(withBarcode.every((p) => /^471\d{10}$/.test(p.barcode))).toBe(true);
    const weighed = parsed.products.filter((p) => !p.barcode);
    expect(weighed.map((p) => [p.code, p.name])).toEqual([['01234', '台灣芭樂 秤重 每公斤']]);
  });

  it('accepts Chinese headers in any order, tax types in Chinese or as codes, and no barcode column', () => {
    const parsed = parseCatalogCsv(
      '品名,售價,品號,類別,稅別\n可樂,35,A1,飲料,應稅\n報紙,15,A2,書報,3\n運費,"1,200",A3,服務,零稅率\n',
    );
    expect(parsed).toEqual({
      ok: true,
      products: [
        { code: 'A1', barcode: '', name: '可樂', category: '飲料', price: 35, taxType: 'taxable' },
        { code: 'A2', barcode: '', name: '報紙', category: '書報', price: 15, taxType: 'exempt' },
        { code: 'A3', barcode: '', name: '運費', category: '服務', price: 1200, taxType: 'zero' },
      ],
    });
  });

  it('reports every bad row by its line number, and nothing is imported', () => {
    const text = [
      header,
      'P1,4006381333931,好商品,飲料,35,taxable',
      'P2,4006381333932,壞條碼,飲料,35,taxable', // check digit
      'P1,,重複品號,飲料,35,taxable', // duplicate code
      'P4,,有:冒號,飲料,35,taxable', // QR separator in the name
      'P5,,負價,飲料,-3,taxable', // price
      'P6,,稅別錯,飲料,35,vat', // tax type
      'P7,,少欄位,飲料,35', // field count
      'P8,4006381333931,重複條碼,飲料,20,', // duplicate barcode
      'P9,,沒有類別,,20,taxable',
    ].join('\n');
    const parsed = parseCatalogCsv(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.rowCount).toBe(9);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(parsed.errors[0]!.message.zh).toContain('條碼「4006381333932」');
    expect(parsed.errors[1]!.message.en).toContain('repeats line 2');
    expect(parsed.errors[2]!.message.zh).toContain('「:」');
    expect(parsed.errors[3]!.message.en).toContain('Price "-3"');
    expect(parsed.errors[4]!.message.en).toContain('Tax type "vat"');
    expect(parsed.errors[5]!.message.zh).toContain('欄位數 5 與標題列 6 不符');
    expect(parsed.errors[6]!.message.zh).toContain('與第 2 行重複');
    expect(parsed.errors[7]!.message.en).toContain('category');
  });

  it('refuses a file without the required columns, an empty file, a header alone and broken quoting', () => {
    const missing = parseCatalogCsv('code,name\nP1,可樂\n');
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.errors.map((e) => e.line)).toEqual([1, 1]);
      expect(missing.errors.map((e) => e.message.en).join()).toMatch(/category.*price/s);
    }
    expect(parseCatalogCsv('')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parseCatalogCsv(`${header}\n`)).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parseCatalogCsv(`${header}\nP1,,"open,飲料,3,taxable\n`)).toMatchObject({
      ok: false,
      errors: [{ line: 2, message: { zh: expect.stringContaining('引號') } }],
    });
  });

  it('caps the report at 100 rows but counts them all', () => {
    const rows = Array.from({ length: 250 }, (_, i) => `P${i},,名,類,abc,taxable`);
    const parsed = parseCatalogCsv([header, ...rows].join('\n'));
    expect(parsed).toMatchObject({ ok: false, errorCount: 250, rowCount: 250 });
    if (!parsed.ok) expect(parsed.errors).toHaveLength(100);
  });

  it('in a merge, refuses a barcode that another existing product keeps', () => {
    const existing = [
      {
        code: 'OLD',
        barcode: '4006381333931',
        name: '舊',
        category: '飲料',
        price: 10,
        taxType: 'taxable' as const,
      },
    ];
    const clash = parseCatalogCsv(`${header}\nNEW,4006381333931,新,飲料,20,taxable`, { existing });
    expect(clash).toMatchObject({ ok: false, errors: [{ line: 2 }] });
    // The same product updated in the merge keeps its barcode.
    const update = parseCatalogCsv(`${header}\nOLD,4006381333931,舊改,飲料,20,taxable`, { existing });
    expect(update.ok).toBe(true);
  });
});

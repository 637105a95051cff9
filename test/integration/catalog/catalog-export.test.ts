import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/ipc/contract/catalog';
import { PIN, useShiftRig } from '../shifts/harness';

/**
 * Issue 28, item 4: the catalog exported from a real till core (real SQLite catalog and journal,
 * real files): CSV in the import's format that imports back to the same catalog, the .xlsx beside
 * it, the supervisor PIN checked in main and a journal record of each export.
 */
describe('exporting the catalog', () => {
  const rig = useShiftRig('catalog-export');
  const all = async () =>
    (await rig.call<{ products: Product[] }>('catalog.products', { query: '', limit: 500 })).products;
  const exports = () => {
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    try {
      return db
        .prepare<[], { payload: string }>(
          "SELECT payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id",
        )
        .all()
        .map((row) => JSON.parse(row.payload) as { action: string; detail: Record<string, unknown> })
        .filter((a) => a.action === 'catalog.export');
    } finally {
      db.close();
    }
  };

  it('CSV: the file imports back to the same catalog (a product with two barcodes, a scale code, retired)', async () => {
    await rig.call('catalog.loadSample', { pin: PIN });
    await rig.call('catalog.saveProduct', {
      product: {
        code: 'N001',
        name: '=冷泡茶, "無糖" 500ml',
        price: 30,
        barcodes: ['4710000000028', '96385074'],
        category: '飲料',
        taxType: 'zero',
        ageCheck: false,
        scaleCode: '05678',
        retired: true,
      },
      original: null,
      pin: PIN,
    });
    const before = await all();
    const folder = join(rig.dir, 'usb');
    mkdirSync(folder);
    const first = await rig.call<{ file: string; productCount: number }>('catalog.export', {
      folder,
      format: 'csv',
      pin: PIN,
    });
    expect(first.productCount).toBe(before.length);
    expect(first.file).toMatch(/catalog-\d{8}-\d{6}\.csv$/);
    // A second export never overwrites the first.
    const second = await rig.call<{ file: string }>('catalog.export', { folder, format: 'csv', pin: PIN });
    expect(second.file).not.toBe(first.file);
    expect(readFileSync(second.file, 'utf8')).toBe(readFileSync(first.file, 'utf8'));

    await rig.call('catalog.import', {
      source: { kind: 'path', path: first.file },
      mode: 'replace',
      pin: PIN,
    });
    expect(await all()).toEqual(before);
    expect(exports().map((e) => e.detail)).toEqual([
      { format: 'csv', file: first.file, productCount: before.length },
      { format: 'csv', file: second.file, productCount: before.length },
    ]);
  });

  it('xlsx: a sheet with the import’s column names and a row per product; a wrong PIN writes nothing', async () => {
    const folder = join(rig.dir, 'usb');
    const wrong = await rig.refusal('catalog.export', { folder, format: 'xlsx', pin: '0000' });
    expect(wrong.message.zh).toBe('主管 PIN 不正確，未匯出任何檔案。');
    expect(readdirSync(folder).filter((f) => f.endsWith('.xlsx'))).toEqual([]);

    const { file } = await rig.call<{ file: string }>('catalog.export', { folder, format: 'xlsx', pin: PIN });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('商品');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '品號',
      '條碼',
      '品名',
      '類別',
      '售價',
      '稅別',
      '菸酒',
      '其他條碼',
      '秤重品號',
      '停售',
    ]);
    expect(sheet.rowCount).toBe((await all()).length + 1);
    const n001 = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(1).value === 'N001')!;
    expect(n001.values).toEqual([
      undefined,
      'N001',
      '4710000000028',
      '=冷泡茶, "無糖" 500ml',
      '飲料',
      30,
      'zero',
      '否',
      '96385074',
      '05678',
      '是',
    ]);
    expect(exports().at(-1)?.detail).toMatchObject({ format: 'xlsx', file });
  });
});

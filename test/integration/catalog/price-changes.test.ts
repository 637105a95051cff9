import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiDateTime } from '../../../src/shared/domain';
import { PIN, useShiftRig } from '../shifts/harness';

/**
 * Issue 28, item 2: the day's price changes as a table of the day export (the closing screen's),
 * read from the journal's `catalog.product-saved` records on a real till core: who, when, the
 * product, old and new price; an added product or an edit that kept the price is no change.
 */
describe('the day’s price changes in the day export', () => {
  const rig = useShiftRig('price-changes');
  const saved = () => {
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    try {
      return db
        .prepare<[], { at: string; payload: string }>(
          "SELECT at, payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id",
        )
        .all()
        .map((row) => ({ at: row.at, ...(JSON.parse(row.payload) as { action: string; by: string }) }))
        .filter((a) => a.action === 'catalog.product-saved');
    } finally {
      db.close();
    }
  };
  const save = (price: number, name = '冷泡茶 500ml', original: string | null = 'N001') =>
    rig.call('catalog.saveProduct', {
      product: {
        code: 'N001',
        name,
        price,
        barcodes: ['4710000000028'],
        category: '飲料',
        taxType: 'taxable',
        ageCheck: false,
        scaleCode: '',
        retired: false,
      },
      original,
      pin: PIN,
    });

  it('CSV and xlsx: a row per price change, in both languages', async () => {
    await save(30, '冷泡茶 500ml', null);
    await save(35);
    await save(35, '冷泡茶（無糖）500ml');
    await save(40, '冷泡茶（無糖）500ml');
    const records = saved();
    expect(records).toHaveLength(4);
    const day = taipeiDateTime(new Date(records[0]!.at)).slice(0, 10);
    const time = (i: number) => taipeiDateTime(new Date(records[i]!.at)).replace('T', ' ');
    const by = records[1]!.by;
    const folder = join(rig.dir, 'usb');
    mkdirSync(folder);

    const csv = await rig.call<{ files: { table: string; file: string; rows: number }[] }>('journal.export', {
      businessDay: day,
      format: 'csv',
      folder,
      pin: PIN,
    });
    const prices = csv.files.find((f) => f.table === 'prices')!;
    expect(prices.file).toMatch(new RegExp(`journal-${day}-prices\\.csv$`));
    expect(prices.rows).toBe(2);
    expect(
      readFileSync(prices.file, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n'),
    ).toEqual([
      '時間（台北）,營業日,變更人員,品號,品名,原售價,新售價',
      `${time(1)},${day},${by},"N001",冷泡茶 500ml,30,35`,
      `${time(3)},${day},${by},"N001",冷泡茶（無糖）500ml,35,40`,
      '',
    ]);

    const xlsx = await rig.call<{ file: string }>('journal.export', {
      businessDay: day,
      format: 'xlsx',
      folder,
      headers: 'en',
      pin: PIN,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx.file);
    const sheet = book.getWorksheet('Price changes')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Time (Taipei)',
      'Business day',
      'Changed by',
      'Product code',
      'Product name',
      'Old price',
      'New price',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(2).values as unknown[]).slice(3)).toEqual([by, 'N001', '冷泡茶 500ml', 30, 35]);
    expect((sheet.getRow(3).values as unknown[]).slice(3)).toEqual([
      by,
      'N001',
      '冷泡茶（無糖）500ml',
      35,
      40,
    ]);
  });
});

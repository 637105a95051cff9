import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from '../../../src/main/catalog/import-csv';
import { openProductStore } from '../../../src/main/catalog/product-store';
import { makeTempDir } from '../../support/temp-dir';

/** Issue 24, item 10: products marked 菸酒 carry an age-check flag from the file to the store. */
describe('the 菸酒 age-check flag', () => {
  it('is read from an ageCheck (菸酒) column in words or codes; empty is no check', () => {
    const parsed = parseCatalogCsv(
      'code,name,category,price,菸酒\nB1,台灣啤酒,飲料,40,是\nB2,長壽菸,菸,125,1\nB3,可樂,飲料,35,\nB4,雪碧,飲料,35,否\n',
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.products.map((p) => [p.code, p.ageCheck === true])).toEqual([
      ['B1', true],
      ['B2', true],
      ['B3', false],
      ['B4', false],
    ]);
  });

  it('refuses a value that is neither yes nor no, by line, and imports nothing', () => {
    const parsed = parseCatalogCsv('code,name,category,price,ageCheck\nB1,台灣啤酒,飲料,40,maybe\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[0]!.line).toBe(2);
    expect(parsed.errors[0]!.message.zh).toContain('菸酒（年齡確認）「maybe」不正確');
    expect(parsed.errors[0]!.message.en).toContain('Age check "maybe"');
  });

  it('marks the sample catalog’s beer 菸酒 and nothing else', () => {
    const parsed = parseCatalogCsv(readFileSync('assets/sample-catalog.csv', 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.products.filter((p) => p.ageCheck).map((p) => p.name)).toEqual(['金牌台灣啤酒 330ml']);
  });

  it('is kept by the store, and a catalog file from before the flag opens with every product unflagged', () => {
    const temp = makeTempDir('age-check-store');
    try {
      const file = join(temp.dir, 'catalog.sqlite');
      // The table as it was before the flag.
      const old = new Database(file);
      old.exec(`CREATE TABLE products (position INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE,
        barcode TEXT NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL, price REAL NOT NULL,
        tax_type TEXT NOT NULL CHECK (tax_type IN ('taxable', 'zero', 'exempt')))`);
      old.prepare("INSERT INTO products VALUES (0, 'A1', '', '可樂', '飲料', 35, 'taxable')").run();
      old.close();
      const store = openProductStore(file);
      expect(store.all()).toEqual([
        { code: 'A1', barcode: '', name: '可樂', category: '飲料', price: 35, taxType: 'taxable' },
      ]);
      store.replaceAll([
        {
          code: 'B1',
          barcode: '',
          name: '台灣啤酒',
          category: '飲料',
          price: 40,
          taxType: 'taxable',
          ageCheck: true,
        },
      ]);
      store.close();
      const again = openProductStore(file);
      expect(again.all()[0]!.ageCheck).toBe(true);
      again.close();
    } finally {
      temp.remove();
    }
  });
});

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Product, ProductTaxType } from '../../shared/ipc/contract/catalog';

/**
 * The catalog on disk: one SQLite table in catalog order. A replace runs in one transaction, so
 * a crash mid-import leaves the previous catalog whole.
 */
export interface ProductStore {
  all(): Product[];
  replaceAll(products: readonly Product[]): void;
  close(): void;
}

interface ProductRow {
  code: string;
  barcode: string;
  name: string;
  category: string;
  price: number;
  tax_type: ProductTaxType;
  age_check: number;
}

export function openProductStore(file: string): ProductStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS products (
      position INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      barcode TEXT NOT NULL,
      name TEXT NOT NULL,
      category TEXT NOT NULL,
      price REAL NOT NULL,
      tax_type TEXT NOT NULL CHECK (tax_type IN ('taxable', 'zero', 'exempt')),
      age_check INTEGER NOT NULL DEFAULT 0
    )`);
  // A catalog written before the 菸酒 flag (issue 24, item 10): the column joins, every product unflagged.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(products)').all();
  if (!columns.some((column) => column.name === 'age_check')) {
    db.exec('ALTER TABLE products ADD COLUMN age_check INTEGER NOT NULL DEFAULT 0');
  }
  const selectAll = db.prepare<[], ProductRow>(
    'SELECT code, barcode, name, category, price, tax_type, age_check FROM products ORDER BY position',
  );
  const insert = db.prepare(
    'INSERT INTO products (position, code, barcode, name, category, price, tax_type, age_check) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const replace = db.transaction((products: readonly Product[]) => {
    db.exec('DELETE FROM products');
    products.forEach((p, i) =>
      insert.run(i, p.code, p.barcode, p.name, p.category, p.price, p.taxType, p.ageCheck ? 1 : 0),
    );
  });
  return {
    all: () =>
      selectAll.all().map((row) => ({
        code: row.code,
        barcode: row.barcode,
        name: row.name,
        category: row.category,
        price: row.price,
        taxType: row.tax_type,
        ...(row.age_check ? { ageCheck: true } : {}),
      })),
    replaceAll: (products) => replace(products),
    close: () => db.close(),
  };
}

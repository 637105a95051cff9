import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Product, ProductTaxType } from '../../shared/ipc/contract/catalog';

/**
 * The catalog on disk: one SQLite table in catalog order. A replace and a batch each run in one
 * transaction, so a crash mid-import or mid-batch leaves the previous catalog whole.
 */
export interface ProductStore {
  all(): Product[];
  replaceAll(products: readonly Product[]): void;
  /**
   * A batch of product changes, applied in ONE transaction: all of them or, on any failure, none.
   * The one way a catalog changes piece by piece: the Products screen's save is a batch of one;
   * head office's pull (issue 28, later) is a batch of many with the catalog `version` it brings,
   * which is kept with the products it describes. The caller checks the batch first (the store
   * only keeps codes unique) and rebuilds its index after the commit, between sales: a cart keeps
   * the prices it was scanned at, since its lines carry them.
   */
  applyBatch(batch: CatalogBatch): void;
  /**
   * The same batch in the same ONE transaction, written `sliceSize` products at a time with
   * `pause()` between slices, so a large batch (head office's 1,000 prices) never holds the main
   * thread for its whole length. Nothing else may write the store until it settles (the catalog
   * service refuses edits meanwhile); a crash or an error before COMMIT leaves none of it.
   */
  applyBatchInSlices(batch: CatalogBatch, pause: () => Promise<void>, sliceSize?: number): Promise<void>;
  /** The version of the last batch that named one; null for a catalog only ever imported or edited here. */
  version(): string | null;
  close(): void;
}

/** Products to add or change: `replaces` names the code a product had before (a code changed); new codes are added at the end. */
export interface CatalogBatch {
  upserts: ReadonlyArray<{ replaces?: string; product: Product }>;
  version?: string;
}

const columnsOf = (p: Product) =>
  [
    p.code,
    p.barcode,
    p.name,
    p.category,
    p.price,
    p.taxType,
    p.ageCheck ? 1 : 0,
    (p.moreBarcodes ?? []).join(' '),
    p.scaleCode ?? '',
    p.retired ? 1 : 0,
  ] as const;

interface ProductRow {
  code: string;
  barcode: string;
  name: string;
  category: string;
  price: number;
  tax_type: ProductTaxType;
  age_check: number;
  more_barcodes: string;
  scale_code: string;
  retired: number;
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
      age_check INTEGER NOT NULL DEFAULT 0,
      more_barcodes TEXT NOT NULL DEFAULT '',
      scale_code TEXT NOT NULL DEFAULT '',
      retired INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  // A catalog written before these columns (the 菸酒 flag, the Products screen's fields): they
  // join with their defaults, every product unflagged, active, with its one barcode.
  const columns = new Set(
    db
      .prepare<[], { name: string }>('PRAGMA table_info(products)')
      .all()
      .map((column) => column.name),
  );
  for (const [name, definition] of [
    ['age_check', 'INTEGER NOT NULL DEFAULT 0'],
    ['more_barcodes', "TEXT NOT NULL DEFAULT ''"],
    ['scale_code', "TEXT NOT NULL DEFAULT ''"],
    ['retired', 'INTEGER NOT NULL DEFAULT 0'],
  ] as const) {
    if (!columns.has(name)) db.exec(`ALTER TABLE products ADD COLUMN ${name} ${definition}`);
  }
  const selectAll = db.prepare<[], ProductRow>(
    'SELECT code, barcode, name, category, price, tax_type, age_check, more_barcodes, scale_code, retired FROM products ORDER BY position',
  );
  const insert = db.prepare(
    'INSERT INTO products (position, code, barcode, name, category, price, tax_type, age_check, more_barcodes, scale_code, retired) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const replace = db.transaction((products: readonly Product[]) => {
    db.exec('DELETE FROM products');
    products.forEach((p, i) => insert.run(i, ...columnsOf(p)));
  });
  const positionOf = db.prepare<[string], { position: number }>(
    'SELECT position FROM products WHERE code = ?',
  );
  const lastPosition = db.prepare<[], { last: number | null }>('SELECT MAX(position) AS last FROM products');
  const update = db.prepare(
    'UPDATE products SET code = ?, barcode = ?, name = ?, category = ?, price = ?, tax_type = ?, ' +
      'age_check = ?, more_barcodes = ?, scale_code = ?, retired = ? WHERE position = ?',
  );
  const setVersion = db.prepare("INSERT OR REPLACE INTO catalog_meta (key, value) VALUES ('version', ?)");
  const getVersion = db.prepare<[], { value: string }>(
    "SELECT value FROM catalog_meta WHERE key = 'version'",
  );
  const upsert = ({ replaces, product }: CatalogBatch['upserts'][number]) => {
    const at = positionOf.get(replaces ?? product.code);
    if (at) update.run(...columnsOf(product), at.position);
    else insert.run((lastPosition.get()?.last ?? -1) + 1, ...columnsOf(product));
  };
  const apply = db.transaction((batch: CatalogBatch) => {
    for (const change of batch.upserts) upsert(change);
    if (batch.version !== undefined) setVersion.run(batch.version);
  });
  async function applyInSlices(batch: CatalogBatch, pause: () => Promise<void>, sliceSize = 100) {
    db.exec('BEGIN IMMEDIATE');
    try {
      for (let i = 0; i < batch.upserts.length; i += sliceSize) {
        for (const change of batch.upserts.slice(i, i + sliceSize)) upsert(change);
        await pause();
      }
      if (batch.version !== undefined) setVersion.run(batch.version);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
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
        ...(row.more_barcodes ? { moreBarcodes: row.more_barcodes.split(' ') } : {}),
        ...(row.scale_code ? { scaleCode: row.scale_code } : {}),
        ...(row.retired ? { retired: true } : {}),
      })),
    replaceAll: (products) => replace(products),
    applyBatch: (batch) => apply(batch),
    applyBatchInSlices: (batch, pause, sliceSize) => applyInSlices(batch, pause, sliceSize),
    version: () => getVersion.get()?.value ?? null,
    close: () => db.close(),
  };
}

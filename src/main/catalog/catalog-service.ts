import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ImportResult,
  Product,
  ProductDraft,
  SaveProductResult,
} from '../../shared/ipc/contract/catalog';
import { TillError } from '../core/errors';
import { decodeCatalogFile } from './decode-text';
import { parseCatalogCsv } from './import-csv';
import { checkProductDraft } from './product-edit';
import type { CatalogBatch, ProductStore } from './product-store';
import { SearchIndex } from './search-index';

export const MAX_CATALOG_FILE_BYTES = 50 * 1024 * 1024;

export type ImportSource = { kind: 'path'; path: string } | { kind: 'text'; text: string; fileName: string };

export interface CatalogService {
  readonly index: SearchIndex;
  import(source: ImportSource, mode: 'replace' | 'merge'): ImportResult;
  loadSample(): ImportResult;
  /** One product added or changed (the Products screen); refused with every reason, nothing changed. */
  saveProduct(draft: ProductDraft, original: string | null): SaveProductResult;
  /**
   * A batch of changes (head office's pull) in one transaction, then the index the next scan
   * reads, built in slices with `pause()` between them and swapped in at once: the counter never
   * waits for a whole catalog's index, and a lookup meanwhile finds the previous catalog whole.
   * Call it between sales: a cart keeps the prices it was scanned at either way.
   */
  applyBatch(batch: CatalogBatch, pause?: () => Promise<void>): Promise<void>;
  /** The catalog's version as the last batch named it (null: never set). */
  version(): string | null;
  close(): void;
}

export interface CatalogServiceOptions {
  store: ProductStore;
  /** Where the training sample lives (assets/sample-catalog.csv). */
  samplePath: string;
  /** Called after every successful import, e.g. to tell the renderer. */
  onChange?(productCount: number): void;
}

export function createCatalogService(options: CatalogServiceOptions): CatalogService {
  let index = new SearchIndex(options.store.all());
  /** A batch being written and indexed: a change made meanwhile would be lost when its index is swapped in. */
  let applying = false;
  const refuseWhileApplying = (what: { zh: string; en: string }) => {
    if (!applying) return;
    throw new TillError('catalog-updating', {
      zh: `正在套用總部的商品更新，請稍候再試。${what.zh}`,
      en: `Head office's catalog update is being applied: try again in a moment. ${what.en}`,
    });
  };

  function importText(text: string, mode: 'replace' | 'merge'): ImportResult {
    refuseWhileApplying({ zh: '商品未變更。', en: 'The catalog was not changed.' });
    const existing = index.products;
    const parsed = parseCatalogCsv(text, mode === 'merge' ? { existing } : {});
    if (!parsed.ok)
      return {
        status: 'rejected',
        errors: parsed.errors,
        errorCount: parsed.errorCount,
        rowCount: parsed.rowCount,
      };
    const products = mode === 'merge' ? merge(existing, parsed.products) : parsed.products;
    options.store.replaceAll(products);
    index = new SearchIndex(products);
    options.onChange?.(products.length);
    return {
      status: 'imported',
      productCount: products.length,
      categoryCount: index.categories().length,
      mode,
    };
  }

  function saveProduct(draft: ProductDraft, original: string | null): SaveProductResult {
    refuseWhileApplying({ zh: '商品未變更。', en: 'The product was not changed.' });
    const checked = checkProductDraft(draft, original, index);
    if (!checked.ok) {
      throw new TillError('product-refused', {
        zh: `${checked.reasons.map((r) => r.zh).join('；')}。商品未變更。`,
        en: `${checked.reasons.map((r) => r.en).join('; ')}. The product was not changed.`,
      });
    }
    const before = original === null ? null : index.byProductCode(original);
    const product = checked.product;
    options.store.applyBatch({ upserts: [{ ...(before ? { replaces: before.code } : {}), product }] });
    // The new index in memory without reading the store back: the one product in its place.
    const products = before
      ? index.products.map((p) => (p === before ? product : p))
      : [...index.products, product];
    index = new SearchIndex(products);
    options.onChange?.(products.length);
    return {
      product,
      added: before === null,
      priceChange:
        before && before.price !== product.price ? { old: before.price, new: product.price } : null,
    };
  }

  return {
    get index() {
      return index;
    },
    saveProduct,
    async applyBatch(batch, pause = () => new Promise<void>((resolve) => setImmediate(resolve))) {
      if (applying) throw new Error('a catalog batch is already being applied');
      applying = true;
      try {
        await options.store.applyBatchInSlices(batch, pause);
        // The products in memory as the store now holds them (never read back: 100,000 rows).
        const before = index;
        const products = [...before.products];
        const added = new Map<string, number>();
        for (const { replaces, product } of batch.upserts) {
          const code = (replaces ?? product.code).toLowerCase();
          const at = added.get(code) ?? before.positionOf(code);
          if (at >= 0) products[at] = product;
          else added.set(product.code.toLowerCase(), products.push(product) - 1);
        }
        index = await SearchIndex.build(products, { previous: before, pause });
        options.onChange?.(index.size);
      } finally {
        applying = false;
      }
    },
    version: () => options.store.version(),
    import(source, mode) {
      if (source.kind === 'text') return importText(source.text, mode);
      return importText(readCatalogFile(source.path), mode);
    },
    loadSample() {
      return importText(readCatalogFile(options.samplePath), 'replace');
    },
    close: () => options.store.close(),
  };
}

/** New rows replace products with the same code in place; the others follow in file order. */
function merge(existing: readonly Product[], incoming: readonly Product[]): Product[] {
  const byCode = new Map(incoming.map((product) => [product.code, product]));
  const merged = existing.map((product) => {
    const update = byCode.get(product.code);
    if (update) byCode.delete(product.code);
    return update ?? product;
  });
  return [...merged, ...byCode.values()];
}

function readCatalogFile(path: string): string {
  // Only catalog files: a path typed on the screen must not turn any file of this computer into row errors.
  if (!/\.(csv|txt)$/i.test(path)) {
    throw new TillError('catalog-file-type', {
      zh: '商品檔必須是 .csv（或 .txt）檔案',
      en: 'A catalog file is a .csv (or .txt) file',
    });
  }
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    throw new TillError('catalog-file-missing', {
      zh: `找不到商品檔：${path}`,
      en: `Catalog file not found: ${path}`,
    });
  }
  if (size > MAX_CATALOG_FILE_BYTES) {
    throw new TillError('catalog-file-too-large', {
      zh: '商品檔超過 50 MB，請分批匯入',
      en: 'The catalog file is over 50 MB: import it in parts',
    });
  }
  return decodeCatalogFile(readFileSync(path)).text;
}

/** The sample catalog beside the sources (tsx, tests), beside the built main bundle (out/main), or in the app's resources. */
export function findSampleCatalog(fromDir: string): string {
  // Packaged Electron: electron-builder's extraResources puts it under process.resourcesPath.
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  const candidates = [
    join(fromDir, '../../../assets/sample-catalog.csv'),
    join(fromDir, '../../assets/sample-catalog.csv'),
    join(fromDir, '../assets/sample-catalog.csv'),
    ...(resources ? [join(resources, 'assets/sample-catalog.csv')] : []),
  ];
  return candidates.find((path) => existsSync(path)) ?? candidates[0]!;
}

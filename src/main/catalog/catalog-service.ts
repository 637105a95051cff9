import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportResult, Product } from '../../shared/ipc/contract/catalog';
import { TillError } from '../core/errors';
import { decodeCatalogFile } from './decode-text';
import { parseCatalogCsv } from './import-csv';
import type { ProductStore } from './product-store';
import { SearchIndex } from './search-index';

export const MAX_CATALOG_FILE_BYTES = 50 * 1024 * 1024;

export type ImportSource = { kind: 'path'; path: string } | { kind: 'text'; text: string; fileName: string };

export interface CatalogService {
  readonly index: SearchIndex;
  import(source: ImportSource, mode: 'replace' | 'merge'): ImportResult;
  loadSample(): ImportResult;
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

  function importText(text: string, mode: 'replace' | 'merge'): ImportResult {
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

  return {
    get index() {
      return index;
    },
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

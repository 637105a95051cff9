import { join } from 'node:path';
import type { catalogMethods, ImportResult } from '../../shared/ipc/contract/catalog';
import type { EventSink, HandlersFor } from '../core/handlers';
import { TillError } from '../core/errors';
import type { SupervisorGate } from '../settings/supervisor';
import { createCatalogService, findSampleCatalog, type CatalogService } from './catalog-service';
import { exportCatalogFile } from './export-files';
import { checkProductDraft } from './product-edit';
import { openProductStore } from './product-store';

export interface CatalogCapability {
  handlers: HandlersFor<typeof catalogMethods>;
  service: CatalogService;
  close(): void;
}

export interface CatalogCapabilityOptions {
  dataDir: string;
  events: EventSink;
  /** Defaults to assets/sample-catalog.csv of the project (or beside the built app). */
  samplePath?: string;
  /** An import replaces every price: the supervisor PIN, and a journal record. */
  supervisor: SupervisorGate;
  /**
   * Whether a sale is being paid right now (its request on its way): a product edit then waits,
   * refused with the reason, so a sale is never priced from a catalog that changed under it.
   */
  salePaying?: () => boolean;
}

const importDetail = (result: ImportResult) =>
  result.status === 'imported'
    ? { status: result.status, mode: result.mode, productCount: result.productCount }
    : { status: result.status, errorCount: result.errorCount, rowCount: result.rowCount };

/** The catalog capability: its store in `<dataDir>/catalog.sqlite`, its index in memory. */
export function createCatalogCapability(options: CatalogCapabilityOptions): CatalogCapability {
  const service = createCatalogService({
    store: openProductStore(join(options.dataDir, 'catalog.sqlite')),
    samplePath: options.samplePath ?? findSampleCatalog(import.meta.dirname),
    onChange: (productCount) => options.events.publish('catalog.changed', { productCount }),
  });
  return {
    service,
    handlers: {
      'catalog.search': async ({ query, category, limit }) => service.index.search(query, category, limit),
      'catalog.lookup': async ({ code }) => ({ product: service.index.lookup(code) }),
      'catalog.categories': async () => ({
        categories: service.index.categories(),
        productCount: service.index.size,
      }),
      'catalog.import': async ({ source, mode, pin, by }) =>
        options.supervisor.run(
          { pin, by },
          {
            action: 'catalog.import',
            required: { zh: '匯入商品需要主管 PIN。', en: 'Importing the catalog needs the supervisor PIN.' },
            wrong: {
              zh: '主管 PIN 不正確，商品未變更。',
              en: 'Wrong supervisor PIN: the catalog was not changed.',
            },
            detail: (result) => ({
              source: source.kind === 'path' ? source.path : source.fileName,
              ...importDetail(result),
            }),
          },
          () => service.import(source, mode),
        ),
      'catalog.products': async ({ query, category, limit }) =>
        service.index.search(query, category, limit, true),
      'catalog.checkProduct': async ({ product, original }) => {
        const checked = checkProductDraft(product, original, service.index);
        return { problems: checked.ok ? [] : checked.problems };
      },
      'catalog.saveProduct': async ({ product, original, pin, by }) => {
        if (options.salePaying?.()) {
          throw new TillError('sale-in-progress', {
            zh: '正在結帳：請等這筆交易完成後再變更商品，商品未變更。',
            en: 'A sale is being paid: change the product once it is done. The product was not changed.',
          });
        }
        return options.supervisor.run(
          { pin, by },
          {
            action: 'catalog.product-saved',
            required: { zh: '變更商品需要主管 PIN。', en: 'Changing a product needs the supervisor PIN.' },
            wrong: {
              zh: '主管 PIN 不正確，商品未變更。',
              en: 'Wrong supervisor PIN: the product was not changed.',
            },
            // Price history: who (the record's `by`), when (its time), the product, old and new.
            detail: (result) => ({
              code: result.product.code,
              name: result.product.name,
              change: result.added ? 'added' : 'edited',
              ...(original !== null && original !== result.product.code ? { previousCode: original } : {}),
              price: result.product.price,
              ...(result.priceChange ? { oldPrice: result.priceChange.old } : {}),
              ...(result.product.retired ? { retired: true } : {}),
            }),
          },
          () => service.saveProduct(product, original),
        );
      },
      'catalog.export': async ({ folder, format, headers, pin, by }) =>
        options.supervisor.run(
          { pin, by },
          {
            action: 'catalog.export',
            required: { zh: '匯出商品需要主管 PIN。', en: 'Exporting the catalog needs the supervisor PIN.' },
            wrong: {
              zh: '主管 PIN 不正確，未匯出任何檔案。',
              en: 'Wrong supervisor PIN: nothing was exported.',
            },
            detail: (result) => ({ format, file: result.file, productCount: result.productCount }),
          },
          async () => {
            const products = service.index.products;
            const file = await exportCatalogFile(products, { folder, format, headers, at: new Date() });
            return { file, productCount: products.length };
          },
        ),
      'catalog.loadSample': async ({ pin, by }) =>
        options.supervisor.run(
          { pin, by },
          {
            action: 'catalog.load-sample',
            required: {
              zh: '載入範例商品需要主管 PIN。',
              en: 'Loading the sample catalog needs the supervisor PIN.',
            },
            wrong: {
              zh: '主管 PIN 不正確，商品未變更。',
              en: 'Wrong supervisor PIN: the catalog was not changed.',
            },
            detail: importDetail,
          },
          () => service.loadSample(),
        ),
    },
    close: () => service.close(),
  };
}

import { join } from 'node:path';
import type { catalogMethods } from '../../shared/ipc/contract/catalog';
import type { EventSink, HandlersFor } from '../core/handlers';
import { createCatalogService, findSampleCatalog, type CatalogService } from './catalog-service';
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
}

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
      'catalog.import': async ({ source, mode }) => service.import(source, mode),
      'catalog.loadSample': async () => service.loadSample(),
    },
    close: () => service.close(),
  };
}

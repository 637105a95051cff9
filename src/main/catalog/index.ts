// The catalog's door for other rooms: head office imports its catalog file with the till's own
// reader and rules (issue 28), so a file the till accepts head office accepts, and the reverse.
export { parseCatalogCsv, type CatalogParse } from './import-csv';
export { decodeCatalogFile } from './decode-text';
export type { CatalogBatch } from './product-store';

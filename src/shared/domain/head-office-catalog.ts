/**
 * Head office's catalog (issue 28) as rules both sides share: the chain keeps every product, a
 * store may override any of its fields (a store's price over the chain's) or keep a product of its
 * own; every change head office commits takes the next catalog version, and a till asks for what
 * changed after the version it runs. The SQL (head-office/schema.ts step 3) keeps the rows; what
 * a row means is decided here, once, so the till, the export and the tests read it alike.
 */

export type CatalogTaxType = 'taxable' | 'zero' | 'exempt';

/** The fields head office manages (the till's CSV import's columns). */
export interface CatalogFields {
  barcode: string;
  name: string;
  category: string;
  price: number;
  taxType: CatalogTaxType;
  ageCheck: boolean;
}

export const CATALOG_FIELD_NAMES = ['barcode', 'name', 'category', 'price', 'taxType', 'ageCheck'] as const;

/** The chain's row has every field; a store's row only those it overrides (the others follow the chain). */
export type CatalogOverride = Partial<CatalogFields>;

/** A product as a till sells it in one store: the store's value where it has one, else the chain's. */
export interface ResolvedCatalogProduct extends CatalogFields {
  code: string;
}

/**
 * One code's product in one store. Null when neither row gives every field: a store's price for
 * a product the chain does not have is no product (head office refuses to write one).
 */
export function resolveCatalogProduct(
  code: string,
  chain: CatalogOverride | null,
  store: CatalogOverride | null,
): ResolvedCatalogProduct | null {
  const resolved: Partial<ResolvedCatalogProduct> = { code };
  for (const field of CATALOG_FIELD_NAMES) {
    const value = store?.[field] ?? chain?.[field];
    if (value === undefined) return null;
    (resolved as Record<string, unknown>)[field] = value;
  }
  return resolved as ResolvedCatalogProduct;
}

/** What a till receives for one code: both rows as head office holds them now. */
export interface CatalogChange {
  code: string;
  chain: CatalogOverride | null;
  store: CatalogOverride | null;
}

/** A pull's answer: the version the till runs once it applies `changes`. */
export interface CatalogPull {
  version: number;
  changes: CatalogChange[];
}

/**
 * A till's next version: never lower than the one it runs (a head office restored from an older
 * backup says less; the till keeps what it has rather than go back and ask for everything again).
 */
export function nextCatalogVersion(running: number | null, pulled: number): number {
  return running === null ? pulled : Math.max(running, pulled);
}

/** Whether a store row changes anything: every field it names equals the chain's is no override. */
export function overrideChanges(chain: CatalogOverride | null, store: CatalogOverride): boolean {
  return CATALOG_FIELD_NAMES.some((field) => store[field] !== undefined && store[field] !== chain?.[field]);
}

/** A row's fields after an import or a price set: only the fields that differ count as a change. */
export function changedFields(
  before: CatalogOverride | null,
  after: CatalogOverride,
): CatalogOverride | null {
  const changed: CatalogOverride = {};
  let any = false;
  for (const field of CATALOG_FIELD_NAMES) {
    const value = after[field];
    if (value === undefined || before?.[field] === value) continue;
    (changed as Record<string, unknown>)[field] = value;
    any = true;
  }
  return any ? changed : null;
}

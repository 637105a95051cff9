import type pg from 'pg';
import {
  CATALOG_FIELD_NAMES,
  changedFields,
  resolveCatalogProduct,
  type Bilingual,
  type CatalogOverride,
  type CatalogTaxType,
  type ResolvedCatalogProduct,
} from '../../shared/domain';

/**
 * Head office's catalog from the owner's side (`hq catalog …`): writes in ONE transaction each,
 * under the catalog state's row lock, so versions are committed in order; a write that would give
 * two products of one store the same barcode is refused before anything is written. Only fields
 * that differ from what head office holds count as a change: importing the same file twice makes
 * no new version, and a till asked for changes gets none.
 */

/** The chain's scope in `hq.catalog_items` (a store id can never be `*`). */
export const CHAIN = '*';

export class CatalogRefused extends Error {
  constructor(readonly reasons: Bilingual[]) {
    super(reasons.map((reason) => reason.en).join('; '));
    this.name = 'CatalogRefused';
  }
}

export interface CatalogWrite {
  /** `*` for the chain, else the store whose values override the chain's. */
  scope: string;
  rows: ReadonlyArray<{ code: string; fields: CatalogOverride }>;
  action: 'import' | 'set-price';
  by: string;
  /** set-price: the code must exist (in the chain, or as the store's own product). */
  existingOnly?: boolean;
}

export interface CatalogWriteResult {
  /** The catalog's version after the write (unchanged when nothing changed). */
  version: number;
  changed: number;
  added: number;
  storeCreated: boolean;
}

interface ItemRow {
  scope: string;
  code: string;
  barcode: string | null;
  name: string | null;
  category: string | null;
  price: string | null;
  tax_type: CatalogTaxType | null;
  age_check: boolean | null;
}

function fieldsOf(row: ItemRow): CatalogOverride {
  const fields: CatalogOverride = {};
  if (row.barcode !== null) fields.barcode = row.barcode;
  if (row.name !== null) fields.name = row.name;
  if (row.category !== null) fields.category = row.category;
  if (row.price !== null) fields.price = Number(row.price);
  if (row.tax_type !== null) fields.taxType = row.tax_type;
  if (row.age_check !== null) fields.ageCheck = row.age_check;
  return fields;
}

const SELECT_ITEMS =
  'SELECT scope, code, barcode, name, category, price, tax_type, age_check FROM hq.catalog_items';
const MAX_REASONS = 20;

export async function writeCatalog(client: pg.ClientBase, write: CatalogWrite): Promise<CatalogWriteResult> {
  await client.query('BEGIN');
  try {
    const result = await writeInTransaction(client, write);
    await client.query(result.changed > 0 || result.storeCreated ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function writeInTransaction(client: pg.ClientBase, write: CatalogWrite): Promise<CatalogWriteResult> {
  // The state row's lock: one catalog write at a time, versions in commit order.
  const state = await client.query<{ version: string }>(
    'SELECT version FROM hq.catalog_state WHERE id = 1 FOR UPDATE',
  );
  const current = Number(state.rows[0]?.version ?? 0);
  let storeCreated = false;
  if (write.scope !== CHAIN) {
    const created = await client.query(
      `INSERT INTO hq.stores (store_id, company_id) SELECT $1, company_id FROM hq.meta WHERE id = 1
       ON CONFLICT DO NOTHING`,
      [write.scope],
    );
    storeCreated = (created.rowCount ?? 0) > 0;
  }
  const codes = write.rows.map((row) => row.code);
  const existing = await client.query<ItemRow>(`${SELECT_ITEMS} WHERE code = ANY($1) AND scope IN ($2, $3)`, [
    codes,
    CHAIN,
    write.scope,
  ]);
  const chainRows = new Map<string, CatalogOverride>();
  const scopeRows = new Map<string, CatalogOverride>();
  for (const row of existing.rows) {
    if (row.scope === CHAIN) chainRows.set(row.code, fieldsOf(row));
    if (row.scope === write.scope) scopeRows.set(row.code, fieldsOf(row));
  }

  const reasons: Bilingual[] = [];
  const changes: { code: string; after: CatalogOverride; added: boolean }[] = [];
  for (const { code, fields } of write.rows) {
    const before = scopeRows.get(code) ?? null;
    if (write.existingOnly && !chainRows.has(code) && !before) {
      reasons.push({
        zh: `總部商品資料沒有品號 ${code} 的商品`,
        en: `Head office's catalog has no product with the code ${code}`,
      });
      continue;
    }
    const changed = changedFields(before, fields);
    if (!changed) continue;
    const after = { ...before, ...changed };
    // A store's own product (no chain row) needs every field, as the chain's do.
    if (!chainRows.has(code) && !resolveCatalogProduct(code, null, after)) {
      reasons.push({
        zh: `品號 ${code} 不在總部的連鎖商品中，門市須提供完整的商品資料`,
        en: `Code ${code} is not in the chain's catalog: a store's own product needs every field`,
      });
      continue;
    }
    changes.push({ code, after, added: before === null });
  }
  if (reasons.length === 0 && changes.some((change) => change.after.barcode !== undefined)) {
    reasons.push(...(await barcodeClashes(client, write.scope, changes)));
  }
  if (reasons.length > 0) throw new CatalogRefused(reasons.slice(0, MAX_REASONS));
  if (changes.length === 0) return { version: current, changed: 0, added: 0, storeCreated };

  const version = current + 1;
  await client.query('UPDATE hq.catalog_state SET version = $1 WHERE id = 1', [version]);
  const column = <K extends (typeof CATALOG_FIELD_NAMES)[number]>(field: K) =>
    changes.map((change) => change.after[field] ?? null);
  await client.query(
    `INSERT INTO hq.catalog_items AS i (scope, code, barcode, name, category, price, tax_type, age_check,
       version, changed_by)
     SELECT $1, u.code, u.barcode, u.name, u.category, u.price, u.tax_type, u.age_check, $9, $10
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::boolean[])
       AS u (code, barcode, name, category, price, tax_type, age_check)
     ON CONFLICT (scope, code) DO UPDATE SET barcode = EXCLUDED.barcode, name = EXCLUDED.name,
       category = EXCLUDED.category, price = EXCLUDED.price, tax_type = EXCLUDED.tax_type,
       age_check = EXCLUDED.age_check, version = EXCLUDED.version, changed_by = EXCLUDED.changed_by,
       changed_at = now()`,
    [
      write.scope,
      changes.map((change) => change.code),
      column('barcode'),
      column('name'),
      column('category'),
      column('price'),
      column('taxType'),
      column('ageCheck'),
      version,
      write.by,
    ],
  );
  const added = changes.filter((change) => change.added).length;
  await client.query(
    'INSERT INTO hq.catalog_log (version, by_name, scope, action, detail) VALUES ($1, $2, $3, $4, $5)',
    [
      version,
      write.by,
      write.scope,
      write.action,
      JSON.stringify({
        changed: changes.length,
        added,
        // A price set names its product and price (the history a person reads back).
        ...(write.action === 'set-price' && changes[0]
          ? { code: changes[0].code, price: changes[0].after.price }
          : {}),
      }),
    ],
  );
  return { version, changed: changes.length, added, storeCreated };
}

/**
 * Two products of one store with one barcode after the write. A chain write reaches every store
 * (each sees the chain's barcode where it sets none of its own); a store's write only that store.
 */
async function barcodeClashes(
  client: pg.ClientBase,
  scope: string,
  changes: ReadonlyArray<{ code: string; after: CatalogOverride }>,
): Promise<Bilingual[]> {
  const rows = await client.query<{ scope: string; code: string; barcode: string }>(
    `SELECT scope, code, barcode FROM hq.catalog_items WHERE barcode IS NOT NULL AND barcode <> ''
       AND (scope = $1 OR scope = $2 OR $2 = $1)`,
    [CHAIN, scope],
  );
  const byScope = new Map<string, Map<string, string>>();
  const barcodesOf = (name: string) => {
    let found = byScope.get(name);
    if (!found) byScope.set(name, (found = new Map()));
    return found;
  };
  barcodesOf(CHAIN);
  barcodesOf(scope);
  for (const row of rows.rows) barcodesOf(row.scope).set(row.code, row.barcode);
  for (const change of changes) {
    if (change.after.barcode !== undefined) barcodesOf(scope).set(change.code, change.after.barcode);
  }
  const chain = byScope.get(CHAIN)!;
  const changed = new Set(changes.map((change) => change.code));
  const reasons: Bilingual[] = [];
  const seen = new Set<string>();
  for (const [store, own] of byScope) {
    // The store's barcodes: its own where it has one, else the chain's.
    const effective = new Map(chain);
    if (store !== CHAIN) for (const [code, barcode] of own) effective.set(code, barcode);
    const holders = new Map<string, string>();
    for (const [code, barcode] of effective) {
      if (barcode === '') continue;
      const other = holders.get(barcode);
      if (other === undefined) {
        holders.set(barcode, code);
        continue;
      }
      if (!changed.has(code) && !changed.has(other)) continue;
      const key = `${barcode}|${[code, other].sort().join('|')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const where =
        store === CHAIN
          ? { zh: '連鎖商品', en: "the chain's catalog" }
          : { zh: `門市 ${store}`, en: `store ${store}` };
      reasons.push({
        zh: `條碼 ${barcode} 在${where.zh}中同時屬於品號 ${other} 與 ${code}`,
        en: `Barcode ${barcode} would belong to both ${other} and ${code} in ${where.en}`,
      });
    }
  }
  return reasons;
}

export interface CatalogExportRow extends ResolvedCatalogProduct {
  /** Where the product's values come from in this store: chain only, the store over the chain, or the store's own. */
  source: 'chain' | 'store' | 'own';
}

/** The catalog as one store sells it (or the chain's alone), in the order products were added. */
export async function readCatalog(client: pg.ClientBase, store: string | null): Promise<CatalogExportRow[]> {
  const scope = store ?? CHAIN;
  const rows = await client.query<ItemRow>(`${SELECT_ITEMS} WHERE scope IN ($1, $2) ORDER BY ordinal`, [
    CHAIN,
    scope,
  ]);
  const chain = new Map<string, CatalogOverride>();
  const own = new Map<string, CatalogOverride>();
  const order: string[] = [];
  for (const row of rows.rows) {
    if (!chain.has(row.code) && !own.has(row.code)) order.push(row.code);
    (row.scope === CHAIN ? chain : own).set(row.code, fieldsOf(row));
  }
  const products: CatalogExportRow[] = [];
  for (const code of order) {
    const chainRow = chain.get(code) ?? null;
    const storeRow = store === null ? null : (own.get(code) ?? null);
    const product = resolveCatalogProduct(code, chainRow, storeRow);
    if (!product) continue;
    products.push({ ...product, source: storeRow === null ? 'chain' : chainRow === null ? 'own' : 'store' });
  }
  return products;
}

/** Marks a store centrally managed (its tills refuse local price edits) or not. */
export async function setCatalogManaged(
  client: pg.ClientBase,
  store: string,
  managed: boolean,
  by: string,
): Promise<{ changed: boolean }> {
  await client.query(
    `INSERT INTO hq.stores (store_id, company_id) SELECT $1, company_id FROM hq.meta WHERE id = 1
     ON CONFLICT DO NOTHING`,
    [store],
  );
  const result = await client.query(
    `WITH changed AS (UPDATE hq.stores SET catalog_managed = $2 WHERE store_id = $1 AND catalog_managed <> $2
                      RETURNING store_id)
     INSERT INTO hq.till_events (till_id, event, by_name, detail)
     SELECT '*', 'catalog-managed', $3, jsonb_build_object('store', store_id, 'managed', $2::boolean) FROM changed
     RETURNING id`,
    [store, managed, by],
  );
  return { changed: (result.rowCount ?? 0) > 0 };
}

/** The catalog in the till's import format (the header the till's import reads, the same order). */
export function catalogCsv(products: readonly ResolvedCatalogProduct[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = ['code,barcode,name,category,price,taxType,ageCheck'];
  for (const p of products) {
    lines.push(
      [p.code, p.barcode, p.name, p.category, String(p.price), p.taxType, p.ageCheck ? '1' : '0']
        .map(cell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

import type pg from 'pg';
import { z } from 'zod';
import {
  findHiddenCharacter,
  MAX_SHELF_PRICE,
  nextCatalogVersion,
  PRODUCT_CODE_PATTERN,
  resolveCatalogProduct,
  validateBarcode,
  validateCategory,
  validateProductName,
  type Bilingual,
  type CatalogOverride,
  type ResolvedCatalogProduct,
} from '../../shared/domain';
import type { Product } from '../../shared/ipc/contract/catalog';
import type { CatalogBatch } from '../catalog';
import type { TillIdentity } from './feed';

/**
 * The till's side of head office's catalog (issue 28): ask for what changed after the version it
 * runs, check every product as the till's own import would (head office is trusted no more than a
 * file: a name with a control character, an unknown tax type, a bad check digit refuse the whole
 * pull, nothing applied), resolve the store's values over the chain's, and plan ONE batch against
 * the catalog the till has: local extras (more barcodes, a scale code, retired) kept, a barcode
 * another local product holds refused by name.
 */
export type CatalogPullResult =
  | { kind: 'ok'; version: number; managed: boolean; products: ResolvedCatalogProduct[] }
  | { kind: 'unknown-till' | 'other-machine' | 'refused'; reason: Bilingual };

const Fields = z
  .object({
    barcode: z.string(),
    name: z.string(),
    category: z.string(),
    price: z.number(),
    taxType: z.string(),
    ageCheck: z.boolean(),
  })
  .partial()
  .strict();

const Answer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    version: z.number().int().nonnegative(),
    managed: z.boolean(),
    changes: z.array(
      z.object({ code: z.string(), chain: Fields.nullable(), store: Fields.nullable() }).strict(),
    ),
  }),
  z.object({ status: z.enum(['unknown-till', 'other-machine', 'bad-input']) }),
]);

const TAX_TYPES: ReadonlySet<string> = new Set(['taxable', 'zero', 'exempt']);

export async function pullCatalog(
  client: pg.ClientBase,
  identity: TillIdentity,
  running: number | null,
  since: number | null,
): Promise<CatalogPullResult> {
  const result = await client.query<{ answer: unknown }>(
    'SELECT hq.catalog_changes($1, $2, $3, $4) AS answer',
    [identity.tillId, identity.installId, running, since ?? 0],
  );
  return readAnswer(result.rows[0]?.answer, running);
}

/** Head office's answer, checked field by field (exported for the tests of hostile answers). */
export function readAnswer(raw: unknown, running: number | null): CatalogPullResult {
  const parsed = Answer.safeParse(raw);
  if (!parsed.success) {
    return {
      kind: 'refused',
      reason: {
        zh: '總部的商品資料無法辨識，未套用任何變更',
        en: "Head office's catalog answer cannot be read: nothing was applied",
      },
    };
  }
  const answer = parsed.data;
  if (answer.status === 'unknown-till') {
    return {
      kind: 'unknown-till',
      reason: { zh: '總部尚未登記此收銀機', en: 'Head office has not registered this till yet' },
    };
  }
  if (answer.status !== 'ok') {
    return {
      kind: answer.status === 'other-machine' ? 'other-machine' : 'refused',
      reason: {
        zh: '總部拒絕提供商品資料給此電腦',
        en: 'Head office refused this PC its catalog',
      },
    };
  }
  const reasons: Bilingual[] = [];
  const products: ResolvedCatalogProduct[] = [];
  for (const change of answer.changes) {
    const problems = [...problemsOf(change.code, change.chain), ...problemsOf(change.code, change.store)];
    const product = resolveCatalogProduct(
      change.code,
      change.chain as CatalogOverride | null,
      change.store as CatalogOverride | null,
    );
    if (!product && problems.length === 0) {
      problems.push({
        zh: `品號 ${safe(change.code)} 的商品資料不完整`,
        en: `Product ${safe(change.code)} is incomplete`,
      });
    }
    if (problems.length > 0) {
      reasons.push(...problems);
      continue;
    }
    products.push(product!);
  }
  if (reasons.length > 0) return { kind: 'refused', reason: refusalOf(reasons) };
  return {
    kind: 'ok',
    version: nextCatalogVersion(running, answer.version),
    managed: answer.managed,
    products,
  };
}

/** A code as it may be shown: a hostile one is named by its length, never printed. */
const safe = (code: string) => (findHiddenCharacter(code) || code.length > 32 ? `(${code.length})` : code);

function problemsOf(code: string, fields: z.infer<typeof Fields> | null): Bilingual[] {
  const problems: Bilingual[] = [];
  if (!PRODUCT_CODE_PATTERN.test(code)) {
    problems.push({ zh: `品號「${safe(code)}」不正確`, en: `Product code "${safe(code)}" is not valid` });
    return problems;
  }
  if (!fields) return problems;
  const at = { zh: `品號 ${code}：`, en: `Product ${code}: ` };
  const add = (reason: Bilingual) => problems.push({ zh: at.zh + reason.zh, en: at.en + reason.en });
  if (fields.name !== undefined) {
    const name = validateProductName(fields.name);
    if (!name.ok) add(name.reason);
  }
  if (fields.category !== undefined) {
    const category = validateCategory(fields.category);
    if (!category.ok) add(category.reason);
  }
  if (fields.barcode !== undefined && fields.barcode !== '') {
    const barcode = validateBarcode(fields.barcode);
    if (!barcode.ok) add(barcode.reason);
  }
  if (fields.price !== undefined && !(fields.price > 0 && fields.price <= MAX_SHELF_PRICE)) {
    add({ zh: `售價 ${fields.price} 不正確`, en: `a price of ${fields.price} is not valid` });
  }
  if (fields.taxType !== undefined && !TAX_TYPES.has(fields.taxType)) {
    add({
      zh: `稅別「${safe(fields.taxType)}」不是應稅、零稅率或免稅`,
      en: `tax type "${safe(fields.taxType)}" is not taxable, zero or exempt`,
    });
  }
  return problems;
}

function refusalOf(reasons: Bilingual[]): Bilingual {
  const shown = reasons.slice(0, 5);
  const more = reasons.length - shown.length;
  return {
    zh: `總部的商品資料有誤，未套用任何變更：${shown.map((r) => r.zh).join('；')}${more > 0 ? `；另有 ${more} 項` : ''}`,
    en: `Head office's catalog has errors, nothing was applied: ${shown.map((r) => r.en).join('; ')}${more > 0 ? `; ${more} more` : ''}`,
  };
}

/** What the plan reads of the till's catalog (the catalog's SearchIndex). */
export interface CatalogLookup {
  byProductCode(code: string): Product | null;
  byBarcode(code: string): Product | null;
}

export type CatalogPlan = { ok: true; batch: CatalogBatch } | { ok: false; reason: Bilingual };

/**
 * The batch for the till's store: each product as head office resolves it, with what only the till
 * keeps (more barcodes, a scale code, retired) carried over; a barcode a product outside the
 * change still holds is refused, the whole batch with it.
 */
export function planCatalogBatch(
  catalog: CatalogLookup,
  products: readonly ResolvedCatalogProduct[],
  version: number,
): CatalogPlan {
  const incoming = new Map<string, ResolvedCatalogProduct>();
  for (const product of products) incoming.set(product.code.toLowerCase(), product);
  const upserts: CatalogBatch['upserts'][number][] = [];
  const reasons: Bilingual[] = [];
  const taken = new Map<string, string>();
  for (const product of products) {
    const before = catalog.byProductCode(product.code);
    if (product.barcode !== '') {
      const holder = catalog.byBarcode(product.barcode);
      const holderMoves =
        holder !== null && holder.code.toLowerCase() !== product.code.toLowerCase()
          ? incoming.get(holder.code.toLowerCase())
          : undefined;
      const clash =
        (holder !== null &&
          holder.code.toLowerCase() !== product.code.toLowerCase() &&
          (holderMoves === undefined || holderMoves.barcode === product.barcode)) ||
        (taken.has(product.barcode) && taken.get(product.barcode) !== product.code);
      if (clash) {
        reasons.push({
          zh: `條碼 ${product.barcode} 已屬於本機的「${holder?.name ?? taken.get(product.barcode)}」`,
          en: `Barcode ${product.barcode} already belongs to "${holder?.name ?? taken.get(product.barcode)}" on this till`,
        });
        continue;
      }
      taken.set(product.barcode, product.code);
    }
    const next: Product = {
      code: product.code,
      barcode: product.barcode,
      name: product.name,
      category: product.category,
      price: product.price,
      taxType: product.taxType,
      ...(product.ageCheck ? { ageCheck: true } : {}),
      ...(before?.moreBarcodes ? { moreBarcodes: before.moreBarcodes } : {}),
      ...(before?.scaleCode ? { scaleCode: before.scaleCode } : {}),
      ...(before?.retired ? { retired: true } : {}),
    };
    upserts.push({ ...(before ? { replaces: before.code } : {}), product: next });
  }
  if (reasons.length > 0) return { ok: false, reason: refusalOf(reasons) };
  return { ok: true, batch: { upserts, version: String(version) } };
}

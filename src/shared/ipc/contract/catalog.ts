import { z } from 'zod';
import { MAX_NTD } from '../../domain/money';
import { BilingualText, method, noInput, PlainText } from './define';
import { SupervisorFields } from './settings';

/** How a product is taxed: the line's `ItemTaxType` (1 taxable, 2 zero-rated, 3 exempt). */
export const ProductTaxType = z.enum(['taxable', 'zero', 'exempt']);
export type ProductTaxType = z.infer<typeof ProductTaxType>;

/** One product as the till sells it: a tax-inclusive shelf price in NT$. */
export const Product = z.object({
  /** The shop's own product code (品號), unique. */
  code: z.string().min(1).max(32),
  /** EAN-13 / EAN-8 / UPC-A, check digit verified; '' when the product has none. */
  barcode: z.string().max(14),
  name: z.string().min(1).max(256),
  category: z.string().min(1).max(40),
  /** Tax-inclusive unit price; whole dollars or cents for weighed goods. */
  price: z.number().positive().max(MAX_NTD),
  taxType: ProductTaxType,
  /**
   * 菸酒 (tobacco and alcohol): the sell screen asks the cashier to confirm the customer is 18 or
   * over before the line goes into the cart, and the sale records the answer. Absent: false.
   */
  ageCheck: z.boolean().optional(),
  /** Other barcodes of the same product (a multipack, an old label), each unique in the catalog. */
  moreBarcodes: z.array(z.string().max(14)).max(9).optional(),
  /** The product code a scale label carries (秤重條碼), when it is not the product's own code. */
  scaleCode: z.string().max(32).optional(),
  /** Retired (停售): not sold any more, kept so that history and the Products screen still find it. */
  retired: z.boolean().optional(),
});
export type Product = z.infer<typeof Product>;

/** One bad row of an import, by its line number in the file (the header is line 1). */
export const ImportRowError = z.object({
  line: z.number().int().positive(),
  message: BilingualText,
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** An import either replaced the catalog completely or changed nothing at all. */
export const ImportResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('imported'),
    productCount: z.number().int().nonnegative(),
    categoryCount: z.number().int().nonnegative(),
    mode: z.enum(['replace', 'merge']),
  }),
  z.object({
    status: z.literal('rejected'),
    /** The first bad rows (at most 100), in file order. */
    errors: z.array(ImportRowError),
    errorCount: z.number().int().nonnegative(),
    rowCount: z.number().int().nonnegative(),
  }),
]);
export type ImportResult = z.infer<typeof ImportResult>;

export const CatalogSearchResult = z.object({
  products: z.array(Product),
  /** How many products match in all; `products` holds the first `limit`. */
  total: z.number().int().nonnegative(),
});
export type CatalogSearchResult = z.infer<typeof CatalogSearchResult>;

export const CatalogCategories = z.object({
  categories: z.array(z.object({ name: z.string(), count: z.number().int().positive() })),
  productCount: z.number().int().nonnegative(),
});
export type CatalogCategories = z.infer<typeof CatalogCategories>;

/**
 * A product as the Products screen sends it (add or edit). Shape only: the rules (check digits,
 * a barcode another product has, the price's limits) are the catalog's, with reasons in words.
 */
export const ProductDraft = z
  .object({
    code: PlainText(40),
    name: PlainText(300),
    /** NT$, tax included, whole dollars (validateShelfPrice). */
    price: z.number().finite(),
    /** The first is the product's main barcode; none for a product sold by its code. */
    barcodes: z.array(PlainText(20)).max(10),
    category: PlainText(60),
    taxType: ProductTaxType,
    ageCheck: z.boolean(),
    /** '' when the scale labels use the product's own code (or it is not weighed). */
    scaleCode: PlainText(40),
    retired: z.boolean(),
  })
  .strict();
export type ProductDraft = z.infer<typeof ProductDraft>;

export const SaveProductResult = z.object({
  product: Product,
  added: z.boolean(),
  /** The shelf price before and after, when it changed (a journal record of its own). */
  priceChange: z.object({ old: z.number(), new: z.number() }).nullable(),
});
export type SaveProductResult = z.infer<typeof SaveProductResult>;

/**
 * One reason a draft is refused, with the field it belongs to, so the Products screen shows it
 * under that field (`index`: which of the barcodes).
 */
export const ProductProblem = z.object({
  field: z.enum(['code', 'name', 'price', 'barcode', 'category', 'scaleCode']),
  index: z.number().int().nonnegative().optional(),
  message: BilingualText,
});
export type ProductProblem = z.infer<typeof ProductProblem>;

export const catalogMethods = {
  'catalog.search': method(
    'The sell screen: products by name, code or barcode (every word must match), optionally in one category.',
    z
      .object({
        query: z.string().max(100),
        category: z.string().max(40).nullable().default(null),
        limit: z.number().int().min(1).max(500).default(60),
      })
      .strict(),
    CatalogSearchResult,
  ),
  'catalog.lookup': method(
    'A scan: the product with exactly this barcode or product code, or null.',
    z.object({ code: z.string().min(1).max(64) }).strict(),
    z.object({ product: Product.nullable() }),
  ),
  'catalog.categories': method(
    'The category tabs of the product grid, in catalog order.',
    noInput,
    CatalogCategories,
  ),
  'catalog.import': method(
    'Imports a CSV catalog (a file on this computer, or the text of a file the cashier picked). ' +
      'Every row is checked first; one bad row and nothing changes.',
    z
      .object({
        source: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('path'), path: PlainText(1024).min(1) }),
          z.object({
            kind: z.literal('text'),
            text: z.string().max(20_000_000),
            fileName: PlainText(256),
          }),
        ]),
        /** replace: the file becomes the whole catalog; merge: its rows add to or update the catalog by code. */
        mode: z.enum(['replace', 'merge']).default('replace'),
        /** Replacing prices is a supervisor's act: the PIN is checked in main and the import recorded. */
        ...SupervisorFields,
      })
      .strict(),
    ImportResult,
  ),
  'catalog.products': method(
    'The Products screen: products by name, code or barcode, optionally in one category, retired ones included.',
    z
      .object({
        query: z.string().max(100),
        category: z.string().max(40).nullable().default(null),
        limit: z.number().int().min(1).max(500).default(200),
      })
      .strict(),
    CatalogSearchResult,
  ),
  'catalog.saveProduct': method(
    'Adds a product (`original` null) or changes the product whose code was `original`. Needs the ' +
      'supervisor PIN; the change (a price change with the old and new price) is a journal record, ' +
      'and the next scan sells it so. Refused, with the reason, while a sale is being paid.',
    z
      .object({
        product: ProductDraft,
        original: PlainText(40).nullable(),
        ...SupervisorFields,
      })
      .strict(),
    SaveProductResult,
  ),
  'catalog.checkProduct': method(
    'The Products screen before a save: every reason the draft would be refused (check digits, a ' +
      'barcode or code another product has, by its name), each with its field. Changes nothing.',
    z.object({ product: ProductDraft, original: PlainText(40).nullable() }).strict(),
    z.object({ problems: z.array(ProductProblem) }),
  ),
  'catalog.export': method(
    "Writes the catalog into a folder on this computer: CSV in exactly the import's format (it " +
      "imports back to the same catalog) or .xlsx beside the day's exports. Never overwrites a " +
      'file. Needs the supervisor PIN; recorded in the journal.',
    z
      .object({
        folder: PlainText(1024).min(1),
        format: z.enum(['csv', 'xlsx']),
        /** The .xlsx column titles: the import's Chinese or English names. */
        headers: z.enum(['zh', 'en']).default('zh'),
        ...SupervisorFields,
      })
      .strict(),
    z.object({ file: z.string(), productCount: z.number().int().nonnegative() }),
  ),
  'catalog.loadSample': method(
    'Replaces the catalog with the built-in sample (about 60 convenience-store products) for training. Needs the supervisor PIN.',
    z.object(SupervisorFields).strict(),
    ImportResult,
  ),
};

export const catalogEvents = {
  /** The catalog changed (an import): the sell screen reloads its categories and results. */
  'catalog.changed': z.object({ productCount: z.number().int().nonnegative() }),
};

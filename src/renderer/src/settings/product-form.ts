import { validateShelfPrice, type Bilingual } from '../../../shared/domain';
import type {
  Product,
  ProductDraft,
  ProductProblem,
  ProductTaxType,
} from '../../../shared/ipc/contract/catalog';

/**
 * The Products screen's form as the supervisor types it: every field text, so a half-typed price
 * stays on screen as typed. Main checks the draft (catalog.checkProduct, then again on save); only
 * a price that is no number at all is caught here, since the contract carries a number.
 */
export interface ProductForm {
  code: string;
  name: string;
  price: string;
  /** Always at least one field; the first is the main barcode. */
  barcodes: string[];
  category: string;
  taxType: ProductTaxType;
  ageCheck: boolean;
  scaleCode: string;
  retired: boolean;
}

/** A product has at most 10 barcodes (its main one and 9 more). */
export const MAX_BARCODES = 10;

export const emptyForm = (category = ''): ProductForm => ({
  code: '',
  name: '',
  price: '',
  barcodes: [''],
  category,
  taxType: 'taxable',
  ageCheck: false,
  scaleCode: '',
  retired: false,
});

export function formOf(product: Product): ProductForm {
  const barcodes = [product.barcode, ...(product.moreBarcodes ?? [])].filter((code) => code !== '');
  return {
    code: product.code,
    name: product.name,
    price: String(product.price),
    barcodes: barcodes.length > 0 ? barcodes : [''],
    category: product.category,
    taxType: product.taxType,
    ageCheck: product.ageCheck ?? false,
    scaleCode: product.scaleCode ?? '',
    retired: product.retired ?? false,
  };
}

export type DraftOf = { ok: true; draft: ProductDraft } | { ok: false; problems: ProductProblem[] };

/** The draft main checks: the price as a number (the shelf price's own wording when it is none). */
export function draftOf(form: ProductForm): DraftOf {
  const price = validateShelfPrice(form.price);
  // A number main can judge goes to main (its limits, its words); text that is no number stops here.
  const value = price.ok ? price.value : Number(form.price.trim().replace(/^NT\$/i, '').replaceAll(',', ''));
  if (form.price.trim() === '' || !Number.isFinite(value)) {
    return {
      ok: false,
      problems: [
        {
          field: 'price',
          message: price.ok ? { zh: '請輸入售價', en: 'Type a price' } : price.reason,
        },
      ],
    };
  }
  return {
    ok: true,
    draft: {
      code: form.code,
      name: form.name,
      price: value,
      barcodes: form.barcodes.filter((code) => code.trim() !== ''),
      category: form.category,
      taxType: form.taxType,
      ageCheck: form.ageCheck,
      scaleCode: form.scaleCode,
      retired: form.retired,
    },
  };
}

/**
 * Main's reasons placed by their field. The barcodes sent leave out the empty fields, so a
 * problem's index (among those sent) is turned back into the field's index on screen.
 */
export interface FieldProblems {
  code: Bilingual[];
  name: Bilingual[];
  price: Bilingual[];
  category: Bilingual[];
  scaleCode: Bilingual[];
  /** By the index of the barcode field on screen. */
  barcodes: Bilingual[][];
}

export function problemsByField(form: ProductForm, problems: readonly ProductProblem[]): FieldProblems {
  const sentAt = form.barcodes.flatMap((code, index) => (code.trim() === '' ? [] : [index]));
  const placed: FieldProblems = {
    code: [],
    name: [],
    price: [],
    category: [],
    scaleCode: [],
    barcodes: form.barcodes.map(() => []),
  };
  for (const problem of problems) {
    if (problem.field === 'barcode') {
      const at = sentAt[problem.index ?? 0] ?? 0;
      placed.barcodes[at]?.push(problem.message);
    } else placed[problem.field].push(problem.message);
  }
  return placed;
}

/** No problem anywhere. */
export const noProblems = (placed: FieldProblems): boolean =>
  placed.code.length +
    placed.name.length +
    placed.price.length +
    placed.category.length +
    placed.scaleCode.length +
    placed.barcodes.flat().length ===
  0;

/** Whether the form says something other than the product it started from (or an empty form). */
export function formChanged(form: ProductForm, start: ProductForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(start);
}

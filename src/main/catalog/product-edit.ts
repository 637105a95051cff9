import {
  PRODUCT_CODE_PATTERN,
  validateBarcode,
  validateCategory,
  validateProductName,
  validateShelfPrice,
  type Bilingual,
} from '../../shared/domain';
import type { Product, ProductDraft, ProductProblem } from '../../shared/ipc/contract/catalog';
import type { SearchIndex } from './search-index';

export type ProductCheck =
  { ok: true; product: Product } | { ok: false; reasons: Bilingual[]; problems: ProductProblem[] };

/**
 * A product as the Products screen sends it, checked against the catalog it joins: every reason at
 * once, each in the glossary's words; a barcode or code another product has is refused by that
 * product's name, so the supervisor knows where to look. Nothing is written here.
 */
export function checkProductDraft(
  draft: ProductDraft,
  original: string | null,
  catalog: SearchIndex,
): ProductCheck {
  // Each reason with the field it belongs to: the Products screen shows it under that field.
  const problems: ProductProblem[] = [];
  const add = (field: ProductProblem['field'], message: Bilingual, index?: number): void => {
    problems.push({ field, message, ...(index === undefined ? {} : { index }) });
  };
  const existing = original === null ? null : catalog.byProductCode(original);
  if (original !== null && !existing) {
    add('code', { zh: `找不到品號 ${original} 的商品`, en: `No product has the code ${original}` });
  }
  // Someone else: another product than the one being changed.
  const other = (product: Product | null) =>
    product !== null && (existing === null || product.code !== existing.code) ? product : null;

  const code = draft.code.trim();
  if (!PRODUCT_CODE_PATTERN.test(code)) {
    add('code', {
      zh: `品號「${code}」不正確（1 到 32 個英數字或 . _ -）`,
      en: `Product code "${code}" is not 1-32 letters, digits or . _ -`,
    });
  } else {
    const holder = other(catalog.byProductCode(code));
    if (holder) {
      add('code', {
        zh: `品號 ${code} 已是「${holder.name}」的品號`,
        en: `Product code ${code} already belongs to "${holder.name}"`,
      });
    }
  }

  const name = validateProductName(draft.name);
  if (!name.ok) add('name', name.reason);
  const price = validateShelfPrice(draft.price);
  if (!price.ok) add('price', price.reason);
  const category = validateCategory(draft.category);
  if (!category.ok) add('category', category.reason);

  const barcodes: string[] = [];
  draft.barcodes.forEach((typed, index) => {
    if (typed.trim() === '') return;
    const checked = validateBarcode(typed);
    if (!checked.ok) return add('barcode', checked.reason, index);
    if (barcodes.includes(checked.value)) {
      return add(
        'barcode',
        { zh: `條碼 ${checked.value} 重複輸入`, en: `Barcode ${checked.value} is entered twice` },
        index,
      );
    }
    const holder = other(catalog.byBarcode(checked.value));
    if (holder) {
      return add(
        'barcode',
        {
          zh: `條碼 ${checked.value} 已屬於「${holder.name}」（${holder.code}）`,
          en: `Barcode ${checked.value} already belongs to "${holder.name}" (${holder.code})`,
        },
        index,
      );
    }
    barcodes.push(checked.value);
  });

  const scaleCode = draft.scaleCode.trim();
  if (scaleCode !== '') {
    const holder = other(catalog.lookup(scaleCode));
    if (!PRODUCT_CODE_PATTERN.test(scaleCode)) {
      add('scaleCode', {
        zh: `秤重品號「${scaleCode}」不正確（1 到 32 個英數字或 . _ -）`,
        en: `Scale product code "${scaleCode}" is not 1-32 letters, digits or . _ -`,
      });
    } else if (holder) {
      add('scaleCode', {
        zh: `秤重品號 ${scaleCode} 已屬於「${holder.name}」（${holder.code}）`,
        en: `Scale product code ${scaleCode} already belongs to "${holder.name}" (${holder.code})`,
      });
    }
  }

  if (problems.length > 0 || !name.ok || !price.ok || !category.ok) {
    return { ok: false, problems, reasons: problems.map((p) => p.message) };
  }
  const [barcode = '', ...moreBarcodes] = barcodes;
  return {
    ok: true,
    product: {
      code,
      barcode,
      name: name.value,
      category: category.value,
      price: price.value,
      taxType: draft.taxType,
      ...(draft.ageCheck ? { ageCheck: true } : {}),
      ...(moreBarcodes.length > 0 ? { moreBarcodes } : {}),
      ...(scaleCode !== '' ? { scaleCode } : {}),
      ...(draft.retired ? { retired: true } : {}),
    },
  };
}

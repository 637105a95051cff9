import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProductDraft } from '../../../src/main/catalog/product-edit';
import { SearchIndex } from '../../../src/main/catalog/search-index';
import {
  draftOf,
  emptyForm,
  formChanged,
  formOf,
  noProblems,
  problemsByField,
} from '../../../src/renderer/src/settings/product-form';
import { withCheckDigit } from '../../../src/shared/domain';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const COLA: Product = {
  code: 'P004',
  barcode: '4710088001689',
  name: '可口可樂 600ml',
  category: '飲料',
  price: 35,
  taxType: 'taxable',
  moreBarcodes: ['96385074'],
  scaleCode: '05678',
};
const catalog = new SearchIndex([COLA]);

/**
 * Issue 28: 商品管理's form. Each of main's reasons lands under the field it is about (the barcode
 * field by its place on screen, empty fields skipped when sent), and a product opened and saved
 * unchanged is the same product.
 */
describe('the Products screen form', () => {
  it('main names the field of each reason: a wrong check digit, the cola’s barcode, an empty name', () => {
    const form = {
      ...emptyForm('飲料'),
      code: 'N001',
      price: '45',
      barcodes: ['', '4710000000027', COLA.barcode],
    };
    const drafted = draftOf(form);
    expect(drafted.ok).toBe(true);
    if (!drafted.ok) return;
    const checked = checkProductDraft(drafted.draft, null, catalog);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const placed = problemsByField(form, checked.problems);
    expect(placed.name).toEqual([{ zh: '品名不可空白', en: 'A product name cannot be empty' }]);
    expect(placed.barcodes[0]).toEqual([]);
    expect(placed.barcodes[1]?.[0]?.zh).toBe('條碼 4710000000027 的檢查碼不符（最後一碼應為 8）');
    expect(placed.barcodes[2]?.[0]?.zh).toBe(`條碼 ${COLA.barcode} 已屬於「可口可樂 600ml」（P004）`);
    expect(placed.code).toEqual([]);
    expect(noProblems(placed)).toBe(false);
  });

  it('a code or scale code another product has is refused by its name, under that field', () => {
    const form = {
      ...formOf({ ...COLA, code: 'N002', barcode: '', moreBarcodes: [] }),
      scaleCode: '05678',
      code: 'P004',
    };
    const drafted = draftOf(form);
    if (!drafted.ok) throw new Error('price');
    const checked = checkProductDraft(drafted.draft, null, catalog);
    if (checked.ok) throw new Error('accepted');
    const placed = problemsByField(form, checked.problems);
    expect(placed.code.map((r) => r.zh)).toEqual(['品號 P004 已是「可口可樂 600ml」的品號']);
    expect(placed.scaleCode.map((r) => r.zh)).toEqual(['秤重品號 05678 已屬於「可口可樂 600ml」（P004）']);
  });

  it('a price that is no number stops in the screen with the shelf price’s words; an empty one asks for it', () => {
    expect(draftOf({ ...emptyForm(), price: '四十' })).toEqual({
      ok: false,
      problems: [
        { field: 'price', message: { zh: '售價「四十」不是金額', en: 'Price "四十" is not an amount' } },
      ],
    });
    expect(draftOf({ ...emptyForm(), price: ' ' })).toMatchObject({
      ok: false,
      problems: [{ field: 'price' }],
    });
    // A number main judges (its limit, in its words): sent as typed.
    expect(draftOf({ ...emptyForm(), price: 'NT$1,200' })).toMatchObject({
      ok: true,
      draft: { price: 1200 },
    });
    expect(draftOf({ ...emptyForm(), price: '-5' })).toMatchObject({ ok: true, draft: { price: -5 } });
  });

  it('any product, opened and saved unchanged, is the same product and an unchanged form', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    fc.assert(
      fc.property(
        fc.record({
          code: fc.stringMatching(/^[A-Za-z0-9._-]{1,32}$/),
          name: fc.stringMatching(/^[A-Za-z0-9一-龥]([A-Za-z0-9 一-龥]{0,30}[A-Za-z0-9一-龥])?$/),
          category: fc.stringMatching(/^[A-Za-z一-龥]{1,40}$/),
          price: fc.integer({ min: 1, max: 1_000_000 }),
          taxType: fc.constantFrom('taxable' as const, 'zero' as const, 'exempt' as const),
          ageCheck: fc.boolean(),
          retired: fc.boolean(),
          bodies: fc.uniqueArray(digits(12), { maxLength: 4 }),
          scaleCode: fc.option(fc.stringMatching(/^[0-9]{5}$/), { nil: undefined }),
        }),
        ({ bodies, ageCheck, retired, scaleCode, ...rest }) => {
          const barcodes = bodies.map((body) => withCheckDigit(body));
          const product: Product = {
            ...rest,
            barcode: barcodes[0] ?? '',
            ...(ageCheck ? { ageCheck } : {}),
            ...(barcodes.length > 1 ? { moreBarcodes: barcodes.slice(1) } : {}),
            ...(scaleCode ? { scaleCode } : {}),
            ...(retired ? { retired } : {}),
          };
          const form = formOf(product);
          expect(formChanged(form, formOf(product))).toBe(false);
          const drafted = draftOf(form);
          if (!drafted.ok) throw new Error('price refused');
          const checked = checkProductDraft(drafted.draft, product.code, new SearchIndex([product]));
          expect(checked).toEqual({ ok: true, product });
        },
      ),
    );
  });
});

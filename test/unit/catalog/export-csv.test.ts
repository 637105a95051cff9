import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogCsv } from '../../../src/main/catalog/export-csv';
import { parseCatalogCsv } from '../../../src/main/catalog/import-csv';
import { withCheckDigit } from '../../../src/shared/domain';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** Visible text as a shop types it: letters, CJK, digits, spaces inside, and the CSV's hard cases. */
const text = (max: number) =>
  fc
    .array(fc.constantFrom('a', 'Z', '茶', '飲', '1', ' ', ',', '"', '=', '-', '+', '@', "'", '/', '（'), {
      minLength: 1,
      maxLength: max,
    })
    .map((chars) => chars.join('').trim())
    .filter((s) => s !== '' && !s.includes(':'));

/** A catalog the import accepts: unique codes and barcodes, prices with at most 2 decimals. */
const catalogs = fc
  .uniqueArray(
    fc.record({
      code: fc.stringMatching(/^[A-Za-z0-9._-]{1,32}$/),
      bodies: fc.uniqueArray(digits(12), { maxLength: 3 }),
      name: text(30),
      category: text(12),
      cents: fc.integer({ min: 1, max: 99_999_999 }),
      taxType: fc.constantFrom('taxable' as const, 'zero' as const, 'exempt' as const),
      ageCheck: fc.boolean(),
      scaleCode: fc.option(fc.stringMatching(/^[0-9A-Z]{1,8}$/), { nil: undefined }),
      retired: fc.boolean(),
    }),
    { selector: (r) => r.code, minLength: 1, maxLength: 20 },
  )
  .map((rows) => {
    const seen = new Set<string>();
    return rows.map(({ bodies, cents, ageCheck, retired, scaleCode, ...rest }): Product => {
      const barcodes = bodies.map((b) => withCheckDigit(b)).filter((b) => !seen.has(b) && seen.add(b));
      return {
        ...rest,
        barcode: barcodes[0] ?? '',
        price: cents / 100,
        ...(ageCheck ? { ageCheck } : {}),
        ...(barcodes.length > 1 ? { moreBarcodes: barcodes.slice(1) } : {}),
        ...(scaleCode ? { scaleCode } : {}),
        ...(retired ? { retired } : {}),
      };
    });
  });

/**
 * Issue 28, item 4: the catalog exported as CSV in exactly the import's format. Import → export
 * → import changes nothing, for any catalog the import accepts (names with commas, quotes, a
 * leading = or -, several barcodes, a scale code, retired products).
 */
describe('the catalog CSV export', () => {
  it('a round trip through the export and the import gives back the same catalog, and the same file', () => {
    fc.assert(
      fc.property(catalogs, (products) => {
        const file = catalogCsv(products);
        const back = parseCatalogCsv(file);
        if (!back.ok) throw new Error(JSON.stringify(back.errors.slice(0, 3)));
        expect(back.products).toEqual(products);
        expect(catalogCsv(back.products)).toBe(file);
      }),
      { numRuns: 200 },
    );
  });

  it('writes the sample’s columns first, then the ones the Products screen adds', () => {
    const file = catalogCsv([
      {
        code: 'P017',
        barcode: '4710088003898',
        name: '=金牌台灣啤酒, 330ml',
        category: '酒類',
        price: 45,
        taxType: 'taxable',
        ageCheck: true,
        moreBarcodes: ['96385074'],
        retired: true,
      },
    ]);
    expect(file).toBe(
      '\uFEFFcode,barcode,name,category,price,taxType,ageCheck,moreBarcodes,scaleCode,retired\r\n' +
        `P017,4710088003898,"'=金牌台灣啤酒, 330ml",酒類,45,taxable,1,96385074,,1\r\n`,
    );
    expect(parseCatalogCsv(file)).toMatchObject({ ok: true, products: [{ name: '=金牌台灣啤酒, 330ml' }] });
  });
});

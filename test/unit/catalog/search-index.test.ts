import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../src/main/catalog/search-index';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const p = (code: string, barcode: string, name: string, category: string, price = 10): Product => ({
  code,
  barcode,
  name,
  category,
  price,
  taxType: 'taxable',
});

const products = [
  p('P001', '4710088001177', '百事可樂 600ml', '飲料'),
  p('P002', '4710088001344', '可口可樂 600ml', '飲料'),
  p('P003', '4710105001173', '可樂果 原味', '零食'),
  p('P004', '', '聯合報', '書報'),
  p('AB12', '96385074', 'Coffee Latte', '飲料'),
];

describe('SearchIndex', () => {
  const index = new SearchIndex(products);

  it('finds by name, product code or barcode, case and width folded', () => {
    expect(index.search('可樂', null, 10).products.map((x) => x.code)).toEqual(['P003', 'P001', 'P002']);
    expect(index.search('p004', null, 10).products.map((x) => x.code)).toEqual(['P004']);
    expect(index.search('4710088001344', null, 10).products.map((x) => x.code)).toEqual(['P002']);
    // Full-width digits from a Chinese IME, upper-case latin.
    expect(index.search('４７１００８８００１３４４', null, 10).products.map((x) => x.code)).toEqual([
      'P002',
    ]);
    expect(index.search('COFFEE', null, 10).products.map((x) => x.code)).toEqual(['AB12']);
  });

  it('needs every word to match, ranks names that start with the query first, counts all matches', () => {
    expect(index.search('可樂 600', null, 10).products.map((x) => x.code)).toEqual(['P001', 'P002']);
    const limited = index.search('可', null, 1);
    expect(limited.total).toBe(3);
    expect(limited.products.map((x) => x.code)).toEqual(['P002']);
  });

  it('ranks an exact code or barcode first and filters by category', () => {
    expect(index.search('ab12', null, 10).products[0]!.code).toBe('AB12');
    expect(index.search('可樂', '零食', 10)).toEqual({ products: [products[2]], total: 1 });
    expect(index.search('', '飲料', 2)).toEqual({ products: [products[0], products[1]], total: 3 });
    expect(index.search('聯合', '飲料', 10)).toEqual({ products: [], total: 0 });
  });

  it('never matches across two products or two fields', () => {
    // P001's category is followed by P002's code in the index: that is no match.
    expect(index.search('飲料p002', null, 10).total).toBe(0);
    expect(index.search('600ml飲料', null, 10).total).toBe(0);
    // Words are separate terms, each matched on its own.
    expect(index.search('飲料 p002', null, 10).products.map((x) => x.code)).toEqual(['P002']);
  });

  it('looks up scans by barcode, then code; unknown codes give null', () => {
    expect(index.lookup('96385074')?.code).toBe('AB12');
    expect(index.lookup(' p003 ')?.code).toBe('P003');
    expect(index.lookup('0000000000000')).toBeNull();
  });

  it('lists categories in catalog order with counts', () => {
    expect(index.categories()).toEqual([
      { name: '飲料', count: 3 },
      { name: '零食', count: 1 },
      { name: '書報', count: 1 },
    ]);
  });
});

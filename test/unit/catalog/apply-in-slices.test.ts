import { describe, expect, it } from 'vitest';
import { createCatalogService } from '../../../src/main/catalog/catalog-service';
import { openProductStore } from '../../../src/main/catalog/product-store';
import { SearchIndex } from '../../../src/main/catalog/search-index';
import { withCheckDigit } from '../../../src/shared/domain';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const product = (i: number, price = 10 + i): Product => ({
  code: `P${i}`,
  barcode: withCheckDigit(String(471000000000 + i)),
  name: `商品 ${i}`,
  category: i % 2 ? '飲料' : '零食',
  price,
  taxType: 'taxable',
});

/**
 * Head office's batch at the till (issue 28): written in slices inside ONE transaction and indexed
 * in slices, with the counter's work between them; whole or not at all, and the index it swaps in
 * answers exactly as one built from scratch.
 */
describe('a batch applied in slices', () => {
  it('lets other work run between slices, finds the old catalog meanwhile, and the new one after', async () => {
    const store = openProductStore(':memory:');
    store.replaceAll(Array.from({ length: 50 }, (_, i) => product(i)));
    const service = createCatalogService({ store, samplePath: '' });
    const seen: number[] = [];
    let pauses = 0;
    const pause = async () => {
      pauses++;
      // A scan between slices: the previous catalog, whole.
      seen.push(service.index.lookup('P3')!.price);
    };
    await service.applyBatch(
      { version: '7', upserts: Array.from({ length: 30 }, (_, i) => ({ product: product(i, 100 + i) })) },
      pause,
    );
    expect(pauses).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([13]));
    expect(service.index.lookup('P3')!.price).toBe(103);
    expect(service.index.lookup('P40')!.price).toBe(50);
    expect(store.version()).toBe('7');
    expect(store.all().map((p) => p.price)).toEqual(service.index.products.map((p) => p.price));
  });

  it('refuses a product save and an import while it runs, and nothing of a failed batch stays', async () => {
    const store = openProductStore(':memory:');
    store.replaceAll([product(1), product(2)]);
    const service = createCatalogService({ store, samplePath: '' });
    const refused: string[] = [];
    const pause = async () => {
      try {
        service.import(
          { kind: 'text', text: 'code,name,category,price\nX1,x,y,1\n', fileName: 'x.csv' },
          'merge',
        );
      } catch (error) {
        refused.push((error as { code: string }).code);
      }
    };
    await expect(
      service.applyBatch(
        {
          version: '2',
          // The last change (past the first slice) takes the first product's code: UNIQUE refuses it.
          upserts: [
            { product: product(1, 99) },
            ...Array.from({ length: 150 }, (_, i) => ({ product: product(10 + i) })),
            { replaces: 'P2', product: { ...product(2), code: 'P1' } },
          ],
        },
        pause,
      ),
    ).rejects.toThrow(/UNIQUE/);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set(['catalog-updating']));
    expect(store.all().map((p) => [p.code, p.price])).toEqual([
      ['P1', 11],
      ['P2', 12],
    ]);
    expect(store.version()).toBeNull();
  });

  it('builds, in slices and from a previous index, the index a fresh build gives', async () => {
    const before = Array.from({ length: 40 }, (_, i) => product(i));
    const previous = new SearchIndex(before);
    const after = before.map((p, i) =>
      i % 3 === 0 ? { ...p, price: p.price + 1 } : i % 5 === 0 ? { ...p, name: `新品 ${i}` } : p,
    );
    after.push(product(99));
    const priceOnly = before.map((p, i) => (i % 3 === 0 ? { ...p, price: p.price + 1 } : p));
    for (const products of [after, priceOnly]) {
      const built = await SearchIndex.build(products, { previous, sliceSize: 7, pause: async () => {} });
      const fresh = new SearchIndex(products);
      for (const query of ['新品', '商品 1', 'p3', '4710000000', '']) {
        expect(built.search(query, null, 100)).toEqual(fresh.search(query, null, 100));
        expect(built.search(query, '飲料', 100)).toEqual(fresh.search(query, '飲料', 100));
      }
      for (const p of products) expect(built.lookup(p.barcode)).toEqual(fresh.lookup(p.barcode));
      expect(built.categories()).toEqual(fresh.categories());
    }
  });
});

import { describe, expect, it } from 'vitest';
import { openProductStore } from '../../../src/main/catalog/product-store';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const product = (code: string, price: number): Product => ({
  code,
  barcode: '',
  name: `商品 ${code}`,
  category: '飲料',
  price,
  taxType: 'taxable',
});

/**
 * The store's one way to change a catalog piece by piece (issue 28): a batch with its catalog
 * version, applied whole or not at all, so a till never runs half of a head-office change.
 */
describe('ProductStore.applyBatch', () => {
  it('changes, adds and renames in one go, and keeps the batch’s version', () => {
    const store = openProductStore(':memory:');
    store.replaceAll([product('A1', 10), product('A2', 20)]);
    expect(store.version()).toBeNull();
    store.applyBatch({
      version: 'hq-7',
      upserts: [
        { product: product('A1', 11) },
        { replaces: 'A2', product: product('B2', 22) },
        { product: product('A3', 30) },
      ],
    });
    expect(store.all().map((p) => [p.code, p.price])).toEqual([
      ['A1', 11],
      ['B2', 22],
      ['A3', 30],
    ]);
    expect(store.version()).toBe('hq-7');
    store.close();
  });

  it('one change that cannot be kept (a code twice) and none of the batch is: prices and version as before', () => {
    const store = openProductStore(':memory:');
    store.replaceAll([product('A1', 10), product('A2', 20)]);
    store.applyBatch({ version: 'hq-1', upserts: [] });
    expect(() =>
      store.applyBatch({
        version: 'hq-2',
        upserts: [{ product: product('A1', 99) }, { replaces: 'A2', product: product('A1', 5) }],
      }),
    ).toThrow(/UNIQUE/);
    expect(store.all().map((p) => [p.code, p.price])).toEqual([
      ['A1', 10],
      ['A2', 20],
    ]);
    expect(store.version()).toBe('hq-1');
    store.close();
  });
});

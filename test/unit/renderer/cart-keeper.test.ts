import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_IN_PROGRESS_KEY,
  keepCartAcrossReloads,
  parseKeptCart,
  RECOVERED_NOTICE,
} from '../../../src/renderer/src/sell/cart-keeper';
import { cartTotals } from '../../../src/renderer/src/sell/cart-math';
import { useCart } from '../../../src/renderer/src/sell/cart-store';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const cola: Product = {
  code: 'P004',
  barcode: '4710088001689',
  name: '可口可樂 600ml',
  category: '飲料',
  price: 35,
  taxType: 'taxable',
};
const paper: Product = {
  code: 'P054',
  barcode: '4713302001175',
  name: '聯合報',
  category: '書報',
  price: 15,
  taxType: 'exempt',
};
const cart = () => useCart.getState();

/** sessionStorage as a window keeps it across a reload: one map both "lives" share. */
function sessionStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('the cart in progress survives a reload of the window (a renderer crash)', () => {
  let stop: (() => void) | null = null;
  beforeEach(() => cart().clear());
  afterEach(() => {
    stop?.();
    stop = null;
  });

  it('keeps every change; after the reload the same lines, discount and total are back, with the notice', () => {
    const storage = sessionStore();
    stop = keepCartAcrossReloads(storage, { search: '' });
    cart().addProduct(cola);
    cart().addProduct(paper);
    cart().setQuantity(cart().lines[0]!.id, 3);
    cart().setOrderDiscount({ kind: 'amount', value: 10 });
    const before = cartTotals(cart().lines, cart().orderDiscount);
    expect(before.total).toBe(110);
    stop();

    // The crash: the page's memory is gone; the storage is not.
    cart().clear();
    const forget = vi.fn();
    stop = keepCartAcrossReloads(storage, { search: '?token=abc&recovered=1' }, forget);
    expect(cart().lines.map((line) => [line.code, line.quantity])).toEqual([
      ['P004', 3],
      ['P054', 1],
    ]);
    expect(cartTotals(cart().lines, cart().orderDiscount)).toEqual(before);
    expect(cart().notice).toEqual({ tone: 'info', text: RECOVERED_NOTICE });
    expect(forget).toHaveBeenCalledOnce();
  });

  it('a finished sale (the cart cleared) leaves nothing to restore; a plain reload says nothing', () => {
    const storage = sessionStore();
    stop = keepCartAcrossReloads(storage, { search: '' });
    cart().addProduct(cola);
    expect(storage.map.has(CART_IN_PROGRESS_KEY)).toBe(true);
    cart().clear();
    expect(storage.map.has(CART_IN_PROGRESS_KEY)).toBe(false);
    stop();
    stop = keepCartAcrossReloads(storage, { search: '?token=abc' });
    expect(cart().lines).toEqual([]);
    expect(cart().notice).toBeNull();
  });

  it('drops what is not a cart (damaged, older shape, a forged discount) instead of putting it back wrong', () => {
    expect(parseKeptCart(null)).toBeNull();
    expect(parseKeptCart('{')).toBeNull();
    expect(parseKeptCart(JSON.stringify({ lines: [{ code: 'P004' }], orderDiscount: null }))).toBeNull();
    const line = {
      id: 1,
      code: 'P004',
      name: 'x',
      listPrice: 35,
      quantity: 1,
      discount: 0,
      voided: false,
      priceOverride: null,
      taxType: 'taxable',
    };
    expect(
      parseKeptCart(JSON.stringify({ lines: [line], orderDiscount: { kind: 'free', value: 1 } })),
    ).toBeNull();
    expect(parseKeptCart(JSON.stringify({ lines: [line], orderDiscount: null }))?.lines).toHaveLength(1);
  });
});

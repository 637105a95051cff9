import { beforeEach, describe, expect, it } from 'vitest';
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
const total = () => cartTotals(cart().lines, cart().orderDiscount).total;

describe('the cart store', () => {
  beforeEach(() => cart().clear());

  it('adds a product, and a second scan of it raises the quantity of its line', () => {
    cart().addProduct(cola);
    cart().addProduct(paper);
    cart().addProduct(cola);
    expect(cart().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['P004', 2],
      ['P054', 1],
    ]);
    expect(cart().selectedId).toBe(cart().lines[0]!.id);
    expect(total()).toBe(85);
  });

  it('starts a new line for a product whose line has a price or a discount of its own', () => {
    cart().addProduct(cola);
    const first = cart().lines[0]!.id;
    expect(cart().setPrice(first, 30)).toBe(true);
    cart().addProduct(cola);
    expect(cart().lines.map((l) => [l.quantity, l.priceOverride])).toEqual([
      [1, 30],
      [1, null],
    ]);
  });

  it('refuses a bad quantity, price or discount with a reason, and changes nothing', () => {
    cart().addProduct(cola);
    const id = cart().lines[0]!.id;
    expect(cart().setQuantity(id, 0)).toBe(false);
    expect(cart().notice?.text.zh).toContain('數量必須是 1 到 9999 的整數');
    expect(cart().setQuantity(id, 1.5)).toBe(false);
    expect(cart().setPrice(id, 0)).toBe(false);
    expect(cart().setPrice(id, 12.345)).toBe(false);
    expect(cart().setLineDiscount(id, 36)).toBe(false);
    expect(cart().notice?.text.en).toBe("A discount of 36 is more than the line's 35");
    expect(cart().lines[0]).toMatchObject({ quantity: 1, priceOverride: null, discount: 0 });
    expect(total()).toBe(35);
  });

  it('keeps a discount within the line when the quantity or price drops', () => {
    cart().addProduct(cola, 3);
    const id = cart().lines[0]!.id;
    expect(cart().setLineDiscount(id, 60)).toBe(true);
    expect(total()).toBe(45);
    expect(cart().setQuantity(id, 1)).toBe(true);
    expect(cart().lines[0]!.discount).toBe(35);
    expect(total()).toBe(0);
    // Setting the catalog price back clears the override.
    expect(cart().setPrice(id, 35)).toBe(true);
    expect(cart().lines[0]!.priceOverride).toBeNull();
  });

  it('voids a line (out of the total, still selected) and restores it', () => {
    cart().addProduct(cola);
    cart().addProduct(paper);
    const id = cart().lines[0]!.id;
    cart().voidLine(id);
    expect(cart().selectedId).toBe(id);
    expect(total()).toBe(15);
    cart().restoreLine(id);
    expect(total()).toBe(50);
  });

  it('moves the selection with the arrow keys over lines that are not voided', () => {
    cart().addProduct(cola);
    cart().addProduct(paper);
    const [a, b] = cart().lines.map((l) => l.id);
    cart().selectNext(-1);
    expect(cart().selectedId).toBe(a);
    cart().selectNext(-1);
    expect(cart().selectedId).toBe(a);
    cart().selectNext(1);
    expect(cart().selectedId).toBe(b);
  });
});

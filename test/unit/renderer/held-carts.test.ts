import { beforeEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../src/renderer/src/sell/cart-math';
import { useCart } from '../../../src/renderer/src/sell/cart-store';
import { MAX_HELD_CARTS, parseHeldCarts, useHeldCarts } from '../../../src/renderer/src/sell/held-carts';

const line = (patch: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  code: 'P001',
  name: '綠茶',
  taxType: 'taxable',
  listPrice: 25,
  priceOverride: null,
  quantity: 2,
  discount: 0,
  voided: false,
  ...patch,
});

describe('held carts', () => {
  beforeEach(() => useHeldCarts.setState({ carts: [] }));

  it('holds several carts with their time and total, and takes one back by id', () => {
    const first = useHeldCarts.getState().hold([line()], null, new Date('2026-11-23T02:00:00Z'))!;
    const second = useHeldCarts
      .getState()
      .hold(
        [line({ quantity: 1, listPrice: 35 })],
        { kind: 'amount', value: 5 },
        new Date('2026-11-23T02:05:00Z'),
      )!;
    expect(first.total).toBe(50);
    expect(second.total).toBe(30);
    expect(useHeldCarts.getState().carts.map((c) => c.heldAt)).toEqual([
      '2026-11-23T02:00:00.000Z',
      '2026-11-23T02:05:00.000Z',
    ]);
    expect(useHeldCarts.getState().take(first.id)?.total).toBe(50);
    expect(useHeldCarts.getState().carts).toHaveLength(1);
    expect(useHeldCarts.getState().take(first.id)).toBeNull();
  });

  it('refuses more than the maximum', () => {
    for (let i = 0; i < MAX_HELD_CARTS; i++)
      expect(useHeldCarts.getState().hold([line()], null)).not.toBeNull();
    expect(useHeldCarts.getState().hold([line()], null)).toBeNull();
  });

  it('reads back only what is a held cart (a restart with an older or broken entry)', () => {
    const good = {
      id: 'a',
      heldAt: '2026-11-23T02:00:00Z',
      lines: [line()],
      orderDiscount: null,
      total: 50,
      itemCount: 2,
    };
    expect(parseHeldCarts(JSON.stringify([good, { id: 'b' }, 3, null]))).toEqual([good]);
    expect(parseHeldCarts('not json')).toEqual([]);
    expect(parseHeldCarts(null)).toEqual([]);
    expect(parseHeldCarts(JSON.stringify([{ ...good, lines: [{ ...line(), taxType: 'bogus' }] }]))).toEqual(
      [],
    );
  });

  it('restores a held cart with fresh line ids, the last line selected', () => {
    useCart.getState().clear();
    useCart.getState().addProduct({
      code: 'P9',
      barcode: '',
      name: 'x',
      category: '',
      price: 10,
      taxType: 'taxable',
    } as never);
    const existing = useCart.getState().lines[0]!.id;
    useCart.getState().restore([line({ id: existing }), line({ id: existing + 1, code: 'P2' })], null);
    const ids = useCart.getState().lines.map((l) => l.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(existing);
    expect(useCart.getState().selectedId).toBe(ids[1]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { useAgeCheck } from '../../../src/renderer/src/sell/age-check';
import { toCheckoutLines } from '../../../src/renderer/src/sell/cart-math';
import { useCart } from '../../../src/renderer/src/sell/cart-store';
import { sellProduct } from '../../../src/renderer/src/sell/sell-actions';
import { parseHeldCarts } from '../../../src/renderer/src/sell/held-carts';
import type { Product } from '../../../src/shared/ipc/contract/catalog';

const beer: Product = {
  code: 'P017',
  barcode: '4710088003898',
  name: '金牌台灣啤酒 330ml',
  category: '飲料',
  price: 40,
  taxType: 'taxable',
  ageCheck: true,
};
const cigarettes: Product = { ...beer, code: 'T001', barcode: '', name: '長壽菸', price: 125 };
const cola: Product = {
  ...beer,
  code: 'P004',
  barcode: '4710088001689',
  name: '可口可樂 600ml',
  price: 35,
  ageCheck: false,
};

/** Issue 24, item 10: a 菸酒 product is sold only once the cashier confirms the customer's age. */
describe('the age check on the sell screen', () => {
  beforeEach(() => {
    useCart.getState().clear();
    useAgeCheck.setState({ pending: null, resolve: null });
  });

  it('asks before a 菸酒 product goes into the cart; confirmed, the line carries the time of the answer', async () => {
    const sold = sellProduct(beer);
    expect(useAgeCheck.getState().pending?.code).toBe('P017');
    expect(useCart.getState().lines).toEqual([]);
    useAgeCheck.getState().answer(true);
    expect(await sold).toBe(true);
    const [line] = useCart.getState().lines;
    expect(line!.code).toBe('P017');
    expect(Date.parse(line!.ageCheckedAt!)).not.toBeNaN();
    expect(toCheckoutLines(useCart.getState().lines, null)[0]!.ageCheck).toEqual({
      code: 'P017',
      answer: 'confirmed',
      at: line!.ageCheckedAt,
    });
  });

  it('not confirmed (Esc): nothing is sold, the cashier is told why, and the refusal is recorded', async () => {
    let recorded = 0;
    const sold = sellProduct(beer, undefined, () => {
      recorded++;
    });
    useAgeCheck.getState().answer(false);
    expect(await sold).toBe(false);
    expect(recorded).toBe(1);
    expect(useCart.getState().lines).toEqual([]);
    expect(useCart.getState().notice?.text.zh).toBe('未販售 金牌台灣啤酒 330ml：未確認顧客年滿18歲');
  });

  it('asks once per cart; other products never ask; a held cart keeps the answer', async () => {
    expect(await sellProduct(cola)).toBe(true);
    expect(useAgeCheck.getState().pending).toBeNull();
    const first = sellProduct(beer);
    useAgeCheck.getState().answer(true);
    await first;
    expect(await sellProduct(cigarettes)).toBe(true);
    expect(useAgeCheck.getState().pending).toBeNull();
    const lines = useCart.getState().lines;
    expect(lines.map((l) => l.ageCheckedAt !== undefined)).toEqual([false, true, true]);
    expect(lines[2]!.ageCheckedAt).toBe(lines[1]!.ageCheckedAt);
    const held = parseHeldCarts(
      JSON.stringify([
        {
          id: 'h1',
          heldAt: '2026-11-27T08:00:00.000Z',
          lines,
          orderDiscount: null,
          total: 200,
          itemCount: 3,
        },
      ]),
    );
    expect(held[0]?.lines[1]!.ageCheckedAt).toBe(lines[1]!.ageCheckedAt);
  });

  it('a second 菸酒 product while the question is open is refused, not asked over it', async () => {
    const first = sellProduct(beer);
    expect(await sellProduct(cigarettes)).toBe(false);
    expect(useAgeCheck.getState().pending?.code).toBe('P017');
    useAgeCheck.getState().answer(true);
    expect(await first).toBe(true);
    expect(useCart.getState().lines.map((l) => l.code)).toEqual(['P017']);
  });
});

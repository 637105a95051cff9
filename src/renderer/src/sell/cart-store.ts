import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain';
import type { Product } from '../../../shared/ipc/contract/catalog';
import {
  cartTotals,
  grossOf,
  MAX_LINES,
  MAX_QUANTITY,
  type CartLine,
  type CartTotals,
  type OrderDiscount,
} from './cart-math';

/**
 * The cart of the sale in progress. Every change goes through an action that checks it, so the
 * cart is never in a state the checkout would refuse for a reason the cashier could have seen.
 */
interface CartState {
  lines: CartLine[];
  orderDiscount: OrderDiscount;
  selectedId: number | null;
  /** The last thing that went wrong (an unknown barcode, a bad quantity), shown until the next action. */
  notice: { tone: 'error' | 'info'; text: Bilingual } | null;
  /** Bumped on each add, so the screen can flash and scroll to the line. */
  lastAddedId: number | null;

  /** `ageCheckedAt`: a 菸酒 product's age check, confirmed then (sell-actions asks first). */
  addProduct(product: Product, quantity?: number, ageCheckedAt?: string): void;
  /**
   * A line from a scale label: one piece at the label's price (or weight × the catalog price),
   * never merged with another line; `note` (the weight) goes after the name.
   */
  addScaled(product: Product, price: number, note?: string, ageCheckedAt?: string): void;
  select(id: number | null): void;
  selectNext(step: 1 | -1): void;
  setQuantity(id: number, quantity: number): boolean;
  setPrice(id: number, price: number | null): boolean;
  setLineDiscount(id: number, amount: number): boolean;
  setOrderDiscount(discount: OrderDiscount): void;
  voidLine(id: number): void;
  restoreLine(id: number): void;
  setNotice(notice: CartState['notice']): void;
  clear(): void;
  /** Puts back a held cart's lines (new line ids: they must not clash with lines added since). */
  restore(lines: readonly CartLine[], orderDiscount: OrderDiscount): void;
}

let nextId = 1;

const sameProduct = (line: CartLine, product: Product) =>
  !line.voided && line.code === product.code && line.priceOverride === null && line.discount === 0;

export const useCart = create<CartState>((set, get) => {
  const update = (id: number, change: (line: CartLine) => CartLine) =>
    set((state) => ({
      lines: state.lines.map((line) => (line.id === id ? change(line) : line)),
      notice: null,
    }));
  const refuse = (zh: string, en: string) => {
    set({ notice: { tone: 'error', text: { zh, en } } });
    return false;
  };
  const find = (id: number) => get().lines.find((line) => line.id === id);
  /** A new line at the end of the cart, selected; refused once the cart holds MAX_LINES. */
  const append = (
    product: Product,
    fields: Pick<CartLine, 'name' | 'priceOverride' | 'quantity' | 'ageCheckedAt'>,
  ): void => {
    const { lines } = get();
    if (lines.filter((line) => !line.voided).length >= MAX_LINES) {
      refuse(
        `一筆交易最多 ${MAX_LINES} 項，請先結帳`,
        `At most ${MAX_LINES} lines per sale: check this one out first`,
      );
      return;
    }
    const line: CartLine = {
      id: nextId++,
      code: product.code,
      taxType: product.taxType,
      listPrice: product.price,
      discount: 0,
      voided: false,
      ...fields,
    };
    set({ lines: [...lines, line], selectedId: line.id, lastAddedId: line.id, notice: null });
  };

  return {
    lines: [],
    orderDiscount: null,
    selectedId: null,
    notice: null,
    lastAddedId: null,

    addProduct(product, quantity = 1, ageCheckedAt) {
      const { lines } = get();
      const existing = lines.find((line) => sameProduct(line, product));
      if (existing && existing.quantity + quantity <= MAX_QUANTITY) {
        update(existing.id, (line) => ({ ...line, quantity: line.quantity + quantity }));
        set({ selectedId: existing.id, lastAddedId: existing.id });
        return;
      }
      append(product, {
        name: product.name,
        priceOverride: null,
        quantity,
        ...(ageCheckedAt ? { ageCheckedAt } : {}),
      });
    },

    addScaled(product, price, note, ageCheckedAt) {
      if (!(price > 0) || price > 9_999_999) {
        refuse('秤重條碼的金額不正確', 'The scale label’s amount is not valid');
        return;
      }
      append(product, {
        name: note ? `${product.name} ${note}` : product.name,
        priceOverride: price === product.price ? null : price,
        quantity: 1,
        ...(ageCheckedAt ? { ageCheckedAt } : {}),
      });
    },

    select: (id) => set({ selectedId: id }),

    selectNext(step) {
      const { lines, selectedId } = get();
      const active = lines.filter((line) => !line.voided);
      if (active.length === 0) return;
      const at = active.findIndex((line) => line.id === selectedId);
      const next = at < 0 ? active.length - 1 : Math.min(active.length - 1, Math.max(0, at + step));
      set({ selectedId: active[next]!.id });
    },

    setQuantity(id, quantity) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        return refuse(
          `數量必須是 1 到 ${MAX_QUANTITY} 的整數`,
          `The quantity must be a whole number from 1 to ${MAX_QUANTITY}`,
        );
      }
      const line = find(id);
      if (!line) return false;
      // A discount larger than the new amount would make the line negative: drop it back to the amount.
      update(id, (l) => {
        const changed = { ...l, quantity };
        return { ...changed, discount: Math.min(l.discount, grossOf(changed)) };
      });
      return true;
    },

    setPrice(id, price) {
      if (price !== null && (!(price > 0) || price > 9_999_999 || Math.round(price * 100) !== price * 100)) {
        return refuse(
          '單價必須大於 0，最多 2 位小數',
          'The unit price must be above 0 with at most 2 decimals',
        );
      }
      update(id, (l) => {
        const changed = { ...l, priceOverride: price === l.listPrice ? null : price };
        return { ...changed, discount: Math.min(l.discount, grossOf(changed)) };
      });
      return true;
    },

    setLineDiscount(id, amount) {
      const line = find(id);
      if (!line) return false;
      if (!Number.isInteger(amount) || amount < 0) {
        return refuse('折扣必須是整數元', 'A discount is a whole number of dollars');
      }
      if (amount > grossOf(line)) {
        return refuse(
          `折扣 ${amount} 元大於這項的金額 ${grossOf(line)} 元`,
          `A discount of ${amount} is more than the line's ${grossOf(line)}`,
        );
      }
      update(id, (l) => ({ ...l, discount: amount }));
      return true;
    },

    setOrderDiscount: (orderDiscount) => set({ orderDiscount, notice: null }),

    voidLine(id) {
      // The voided line stays selected, so that F8 again restores it.
      update(id, (l) => ({ ...l, voided: true }));
      set({ selectedId: id });
    },

    restoreLine(id) {
      update(id, (l) => ({ ...l, voided: false }));
      set({ selectedId: id });
    },

    setNotice: (notice) => set({ notice }),

    clear: () => set({ lines: [], orderDiscount: null, selectedId: null, notice: null, lastAddedId: null }),

    restore(lines, orderDiscount) {
      const restored = lines.map((line) => ({ ...line, id: nextId++ }));
      const last = restored.filter((line) => !line.voided).at(-1) ?? restored.at(-1) ?? null;
      set({
        lines: restored,
        orderDiscount,
        selectedId: last?.id ?? null,
        lastAddedId: last?.id ?? null,
        notice: null,
      });
    },
  };
});

let lastTotals: { lines: readonly CartLine[]; discount: OrderDiscount; totals: CartTotals } | null = null;

/**
 * The cart's totals, worked out once per change of the lines or the order discount (each change
 * makes new ones), however many places show them: the sell screen, its totals, the checkout.
 */
function totalsOf(lines: readonly CartLine[], discount: OrderDiscount): CartTotals {
  if (lastTotals?.lines !== lines || lastTotals.discount !== discount) {
    lastTotals = { lines, discount, totals: cartTotals(lines, discount) };
  }
  return lastTotals.totals;
}

/** The totals of the cart as it is now, for event handlers. */
export function currentCartTotals(): CartTotals {
  const { lines, orderDiscount } = useCart.getState();
  return totalsOf(lines, orderDiscount);
}

/** The totals of the cart for a component, which renders again when they change. */
export function useCartTotals(): CartTotals {
  const lines = useCart((state) => state.lines);
  const orderDiscount = useCart((state) => state.orderDiscount);
  return totalsOf(lines, orderDiscount);
}

/** The selected line, voided or not (null: none): of a render's cart, or of the cart as it is now. */
export function selectedLine(
  cart: Pick<CartState, 'lines' | 'selectedId'> = useCart.getState(),
): CartLine | null {
  return cart.lines.find((line) => line.id === cart.selectedId) ?? null;
}

import { create } from 'zustand';
import { cartTotals, type CartLine, type OrderDiscount } from './cart-math';

/**
 * Carts put aside (掛單) so a customer who forgot something does not block the queue: several at
 * once, each with the time it was held and its total, recalled in any order.
 *
 * Kept in the renderer's store and mirrored to localStorage: a held cart is not a sale (nothing
 * was issued, nothing is owed to the journal or the tax office), so it needs no journal entry and
 * no IPC; localStorage survives a restart of the app or a reload of the window (Electron keeps it
 * in the profile directory), which is all a held cart needs. A cart that cannot be read back (an
 * older shape) is dropped rather than put back wrong.
 */
export interface HeldCart {
  id: string;
  heldAt: string;
  lines: CartLine[];
  orderDiscount: OrderDiscount;
  total: number;
  itemCount: number;
}

export const HELD_CARTS_KEY = 'till.heldCarts.v1';
export const MAX_HELD_CARTS = 20;

interface HeldCartsState {
  carts: HeldCart[];
  /** Puts a cart aside; false when there are already MAX_HELD_CARTS. */
  hold(lines: readonly CartLine[], orderDiscount: OrderDiscount, now?: Date): HeldCart | null;
  /** Takes a held cart out of the list and returns it. */
  take(id: string): HeldCart | null;
}

export const isLine = (value: unknown): value is CartLine => {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.code === 'string' &&
    typeof line.name === 'string' &&
    typeof line.listPrice === 'number' &&
    typeof line.quantity === 'number' &&
    typeof line.discount === 'number' &&
    typeof line.voided === 'boolean' &&
    (line.priceOverride === null || typeof line.priceOverride === 'number') &&
    (line.ageCheckedAt === undefined || typeof line.ageCheckedAt === 'string') &&
    ['taxable', 'zero', 'exempt'].includes(line.taxType as string)
  );
};

/** Reads the held carts back; anything that is not a held cart is left out. */
export function parseHeldCarts(raw: string | null): HeldCart[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (cart): cart is HeldCart =>
        typeof cart === 'object' &&
        cart !== null &&
        typeof (cart as HeldCart).id === 'string' &&
        typeof (cart as HeldCart).heldAt === 'string' &&
        Array.isArray((cart as HeldCart).lines) &&
        (cart as HeldCart).lines.every(isLine) &&
        typeof (cart as HeldCart).total === 'number',
    );
  } catch {
    return [];
  }
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const save = (carts: HeldCart[]) => {
  try {
    storage()?.setItem(HELD_CARTS_KEY, JSON.stringify(carts));
  } catch {
    // storage full or refused: the carts stay held for this session
  }
};

export const useHeldCarts = create<HeldCartsState>((set, get) => ({
  carts: parseHeldCarts(storage()?.getItem(HELD_CARTS_KEY) ?? null),

  hold(lines, orderDiscount, now = new Date()) {
    const { carts } = get();
    if (carts.length >= MAX_HELD_CARTS) return null;
    const totals = cartTotals(lines, orderDiscount);
    const cart: HeldCart = {
      id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
      heldAt: now.toISOString(),
      lines: lines.map((line) => ({ ...line })),
      orderDiscount,
      total: totals.total,
      itemCount: totals.itemCount,
    };
    const next = [...carts, cart];
    set({ carts: next });
    save(next);
    return cart;
  },

  take(id) {
    const cart = get().carts.find((held) => held.id === id) ?? null;
    if (!cart) return null;
    const next = get().carts.filter((held) => held.id !== id);
    set({ carts: next });
    save(next);
    return cart;
  },
}));

import type { Bilingual } from '../../../shared/domain';
import type { CartLine, OrderDiscount } from './cart-math';
import { useCart } from './cart-store';
import { isLine } from './held-carts';

/**
 * The cart in progress survives a reload of the window (issue 23): when the renderer crashes,
 * the shell reloads it (src/main/shell/crash-recovery.ts) and the cashier finds the customer's
 * lines still there. It is kept in sessionStorage, which a reload keeps and closing the till
 * clears: a cart is not a sale, so it belongs to this window's life, not to the journal (held
 * carts, which outlive a restart, are in localStorage: held-carts.ts).
 */
export const CART_IN_PROGRESS_KEY = 'till.cartInProgress.v1';

/** What the sell screen says after the shell reloaded a crashed window (`?recovered=1`). */
export const RECOVERED_NOTICE: Bilingual = {
  zh: '收銀畫面曾停止回應，已自動重新載入；購物清單已保留，請核對後繼續。',
  en: 'The till’s screen stopped responding and was reloaded; the cart was kept. Check it and go on.',
};

interface KeptCart {
  lines: CartLine[];
  orderDiscount: OrderDiscount;
}

/** Reads a kept cart back; anything that is not one (an older shape, a damaged value) is dropped. */
export function parseKeptCart(raw: string | null): KeptCart | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<KeptCart> | null;
    if (!parsed || !Array.isArray(parsed.lines) || !parsed.lines.every(isLine)) return null;
    if (parsed.lines.length === 0) return null;
    const discount = parsed.orderDiscount ?? null;
    const discountOk =
      discount === null ||
      ((discount.kind === 'amount' || discount.kind === 'percent') && Number.isFinite(discount.value));
    return discountOk ? { lines: parsed.lines, orderDiscount: discount } : null;
  } catch {
    return null;
  }
}

/**
 * Puts back the kept cart, says so after a crash, then keeps every change. Returns the
 * unsubscribe (tests). `storage` and `location` are the window's unless a test passes its own.
 */
export function keepCartAcrossReloads(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  location: { search: string } | null,
  forgetRecovered: () => void = () => {},
): () => void {
  const kept = parseKeptCart(storage?.getItem(CART_IN_PROGRESS_KEY) ?? null);
  if (kept) useCart.getState().restore(kept.lines, kept.orderDiscount);
  if (location && new URLSearchParams(location.search).get('recovered') === '1') {
    useCart.getState().setNotice({ tone: 'info', text: RECOVERED_NOTICE });
    // A later reload of its own is not a crash: the notice is for this one.
    forgetRecovered();
  }
  return useCart.subscribe((state, before) => {
    if (state.lines === before.lines && state.orderDiscount === before.orderDiscount) return;
    try {
      if (state.lines.length === 0) storage?.removeItem(CART_IN_PROGRESS_KEY);
      else
        storage?.setItem(
          CART_IN_PROGRESS_KEY,
          JSON.stringify({ lines: state.lines, orderDiscount: state.orderDiscount }),
        );
    } catch {
      // storage full or refused: the cart stays on screen, only a crash would lose it
    }
  });
}

import { create } from 'zustand';
import type { Product } from '../../../shared/ipc/contract/catalog';
import type { CartLine } from './cart-math';

/**
 * The age check of a 菸酒 product (issue 24, item 10): before such a product goes into the cart
 * the cashier answers one question, 已確認年滿18歲 or not sold. One question per cart: the customer
 * at the counter is the same for every 菸酒 line of it, so later ones carry the first answer's time.
 */
interface AgeCheckState {
  /** The product waiting for the cashier's answer; null when no question is open. */
  pending: Product | null;
  resolve: ((confirmed: boolean) => void) | null;
  ask(product: Product): Promise<boolean>;
  answer(confirmed: boolean): void;
}

export const useAgeCheck = create<AgeCheckState>((set, get) => ({
  pending: null,
  resolve: null,
  ask(product) {
    // A second question while one is open would lose the first: the caller refuses the scan instead.
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ pending: product, resolve }));
  },
  answer(confirmed) {
    const { resolve } = get();
    set({ pending: null, resolve: null });
    resolve?.(confirmed);
  },
}));

/** The cart's earlier confirmation (any 菸酒 line, voided or not), or null when none was asked yet. */
export function confirmedAt(lines: readonly CartLine[]): string | null {
  return lines.find((line) => line.ageCheckedAt !== undefined)?.ageCheckedAt ?? null;
}

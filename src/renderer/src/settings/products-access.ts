import { create } from 'zustand';

/**
 * The Products screen is reached from Settings, past the supervisor PIN typed there: Settings hands
 * that PIN over (Settings itself forgets it when it closes) and takes it back on the way back.
 * Main checks it again for every save; it is kept only while the Products screen is open.
 */
interface ProductsAccess {
  open: boolean;
  /** The supervisor PIN; null when the till runs without one. */
  pin: string | null;
  enter(pin: string | null): void;
  leave(): void;
}

export const useProductsAccess = create<ProductsAccess>((set) => ({
  open: false,
  pin: null,
  enter: (pin) => set({ open: true, pin }),
  leave: () => set({ open: false, pin: null }),
}));

import { create } from 'zustand';
import type { Product } from '../../../shared/ipc/contract/catalog';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';

/**
 * The product grid's state: the category tabs and the results of the current search. The index
 * lives in main (catalog.search); a search ignores the selected category (the tiles then say which
 * category each hit is in). Here every keystroke asks again, with at most one request in
 * flight and only the newest query's answer shown, so fast typing never shows stale results.
 */
export const GRID_LIMIT = 60;

interface CatalogState {
  query: string;
  category: string | null;
  categories: { name: string; count: number }[];
  productCount: number;
  results: Product[];
  total: number;
  /** The query the shown results belong to. */
  shownQuery: string;
  error: IpcError | null;
  setQuery(query: string): void;
  setCategory(category: string | null): void;
  loadCategories(): Promise<void>;
  refresh(): void;
}

export const useCatalog = create<CatalogState>((set, get) => {
  let inFlight = false;
  let pending = false;

  async function run(): Promise<void> {
    if (inFlight) {
      pending = true;
      return;
    }
    inFlight = true;
    try {
      do {
        pending = false;
        const { query, category } = get();
        // A search looks through the whole catalog (issue 24: 拿鐵 was 找不到 with 便當 still
        // selected from the last sale); the category strip only browses.
        const result = await callTill('catalog.search', {
          query,
          category: query.trim() === '' ? category : null,
          limit: GRID_LIMIT,
        });
        // A newer query arrived while this one ran: its answer is coming, skip this one.
        if (pending) continue;
        if (result.ok) {
          set({ results: result.value.products, total: result.value.total, shownQuery: query, error: null });
        } else set({ error: result.error });
      } while (pending);
    } finally {
      inFlight = false;
    }
  }

  return {
    query: '',
    category: null,
    categories: [],
    productCount: 0,
    results: [],
    total: 0,
    shownQuery: '',
    error: null,
    setQuery(query) {
      set({ query });
      void run();
    },
    setCategory(category) {
      // Picking a category browses it: a search left in the box would hide what was picked.
      set({ category, query: '' });
      void run();
    },
    async loadCategories() {
      const result = await callTill('catalog.categories', {});
      if (!result.ok) {
        set({ error: result.error });
        return;
      }
      const { categories, productCount } = result.value;
      const category = get().category;
      set({
        categories,
        productCount,
        category: category && categories.some((c) => c.name === category) ? category : null,
      });
      void run();
    },
    refresh: () => void run(),
  };
});

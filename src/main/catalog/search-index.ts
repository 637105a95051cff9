import type { Product } from '../../shared/ipc/contract/catalog';

/**
 * The catalog in memory, built for the counter: a scan is one Map look-up, and a search is a
 * substring scan over ONE folded text of all products (code, barcode, name, category per line),
 * which V8 walks with a native indexOf instead of 100,000 small string tests. Offsets map back to
 * products by binary search.
 */
export interface CatalogSearch {
  products: Product[];
  total: number;
}

/** Case, width (full-width digits from a Chinese IME) and compatibility forms folded away. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export class SearchIndex {
  readonly products: readonly Product[];
  private readonly byCode = new Map<string, number>();
  private readonly byBarcode = new Map<string, number>();
  private readonly haystack: string;
  /** Where each product's line starts in the haystack (ascending). */
  private readonly starts: Int32Array;
  private readonly categoryMembers = new Map<string, number[]>();

  constructor(products: readonly Product[]) {
    this.products = products;
    this.starts = new Int32Array(products.length);
    const lines = new Array<string>(products.length);
    let offset = 0;
    products.forEach((product, i) => {
      this.byCode.set(product.code.toLowerCase(), i);
      if (product.barcode) this.byBarcode.set(product.barcode, i);
      const line = foldForSearch(`${product.code}\t${product.barcode}\t${product.name}\t${product.category}`);
      lines[i] = line;
      this.starts[i] = offset;
      offset += line.length + 1;
      let members = this.categoryMembers.get(product.category);
      if (!members) this.categoryMembers.set(product.category, (members = []));
      members.push(i);
    });
    this.haystack = lines.join('\n');
  }

  get size(): number {
    return this.products.length;
  }

  categories(): { name: string; count: number }[] {
    return [...this.categoryMembers].map(([name, members]) => ({ name, count: members.length }));
  }

  /** A scan or a typed code: barcode first, then product code (case ignored). */
  lookup(code: string): Product | null {
    const key = foldForSearch(code.trim());
    const index = this.byBarcode.get(key) ?? this.byCode.get(key);
    return index === undefined ? null : this.products[index]!;
  }

  search(query: string, category: string | null, limit: number): CatalogSearch {
    const terms = foldForSearch(query).split(/\s+/).filter(Boolean);
    const members = category === null ? null : (this.categoryMembers.get(category) ?? []);
    if (terms.length === 0) {
      const total = members ? members.length : this.products.length;
      const picked = members
        ? members.slice(0, limit)
        : Array.from({ length: Math.min(limit, total) }, (_, i) => i);
      return { products: picked.map((i) => this.products[i]!), total };
    }
    const inCategory =
      category === null ? null : (index: number) => this.products[index]!.category === category;
    // The longest term finds the fewest candidates; the others are checked per product.
    const [first, ...rest] = [...terms].sort((a, b) => b.length - a.length) as [string, ...string[]];

    const exact = this.lookup(query);
    const exactIndex = exact ? this.indexOf(exact) : -1;
    const prefix: number[] = [];
    const other: number[] = [];
    let total = 0;
    let exactFound = false;
    let from = 0;
    for (;;) {
      const hit = this.haystack.indexOf(first, from);
      if (hit < 0) break;
      const index = this.productAt(hit);
      const lineEnd = index + 1 < this.starts.length ? this.starts[index + 1]! - 1 : this.haystack.length;
      from = lineEnd + 1;
      if (hit + first.length > lineEnd) continue; // a match across the line break is no match
      const start = this.starts[index]!;
      if (rest.length > 0) {
        const line = this.haystack.slice(start, lineEnd);
        if (rest.some((term) => !line.includes(term))) continue;
      }
      if (inCategory && !inCategory(index)) continue;
      total++;
      if (index === exactIndex) {
        exactFound = true;
        continue;
      }
      // Names that start with the query rank first: 可 finds 可口可樂 before 百事可樂.
      if (prefix.length + other.length < limit * 4) {
        const nameStart = this.haystack.indexOf('\t', this.haystack.indexOf('\t', start) + 1) + 1;
        (this.haystack.startsWith(first, nameStart) ? prefix : other).push(index);
      }
    }
    const ranked = [...(exactFound ? [exactIndex] : []), ...prefix, ...other].slice(0, limit);
    return { products: ranked.map((i) => this.products[i]!), total };
  }

  private indexOf(product: Product): number {
    return this.byCode.get(product.code.toLowerCase()) ?? -1;
  }

  private productAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

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
  private readonly barcodes = new Map<string, number>();
  private readonly byScaleCode = new Map<string, number>();
  private readonly haystack: string;
  /** Where each product's line starts in the haystack (ascending). */
  private readonly starts: Int32Array;
  private readonly categoryMembers = new Map<string, number[]>();
  private readonly anyRetired: boolean;

  constructor(products: readonly Product[]) {
    this.products = products;
    this.starts = new Int32Array(products.length);
    const lines = new Array<string>(products.length);
    let offset = 0;
    products.forEach((product, i) => {
      this.byCode.set(product.code.toLowerCase(), i);
      if (product.barcode) this.barcodes.set(product.barcode, i);
      for (const more of product.moreBarcodes ?? []) this.barcodes.set(more, i);
      // A scale label names its product by this code: after the product codes, never over one.
      if (product.scaleCode) this.byScaleCode.set(product.scaleCode.toLowerCase(), i);
      const barcodes = [product.barcode, ...(product.moreBarcodes ?? [])].join(' ');
      const line = foldForSearch(`${product.code}\t${barcodes}\t${product.name}\t${product.category}`);
      lines[i] = line;
      this.starts[i] = offset;
      offset += line.length + 1;
      let members = this.categoryMembers.get(product.category);
      if (!members) this.categoryMembers.set(product.category, (members = []));
      members.push(i);
    });
    this.haystack = lines.join('\n');
    this.anyRetired = products.some((product) => product.retired);
  }

  get size(): number {
    return this.products.length;
  }

  categories(): { name: string; count: number }[] {
    return [...this.categoryMembers].map(([name, members]) => ({ name, count: members.length }));
  }

  /**
   * A scan or a typed code: barcode first, then product code (case ignored), then a scale
   * product code. A retired product is found too: the sell screen says it is not sold.
   */
  lookup(code: string): Product | null {
    const key = foldForSearch(code.trim());
    const index = this.barcodes.get(key) ?? this.byCode.get(key) ?? this.byScaleCode.get(key);
    return index === undefined ? null : this.products[index]!;
  }

  /** Retired products only with `includeRetired` (the Products screen): the sell screen's grid never offers them. */
  search(query: string, category: string | null, limit: number, includeRetired = false): CatalogSearch {
    const terms = foldForSearch(query).split(/\s+/).filter(Boolean);
    const members = category === null ? null : (this.categoryMembers.get(category) ?? []);
    const shown = (index: number) => includeRetired || !this.products[index]!.retired;
    if (terms.length === 0) {
      if (!includeRetired && this.anyRetired) {
        const listed = (members ?? this.products.map((_, i) => i)).filter(shown);
        return { products: listed.slice(0, limit).map((i) => this.products[i]!), total: listed.length };
      }
      const total = members ? members.length : this.products.length;
      const picked = members
        ? members.slice(0, limit)
        : Array.from({ length: Math.min(limit, total) }, (_, i) => i);
      return { products: picked.map((i) => this.products[i]!), total };
    }
    const inCategory =
      category === null && (includeRetired || !this.anyRetired)
        ? null
        : (index: number) =>
            (category === null || this.products[index]!.category === category) && shown(index);
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

  /** The product with exactly this code (case ignored), or null. */
  byProductCode(code: string): Product | null {
    const index = this.byCode.get(foldForSearch(code.trim()));
    return index === undefined ? null : this.products[index]!;
  }

  /** The product that has this barcode (main or another of its own), or null. */
  byBarcode(code: string): Product | null {
    const index = this.barcodes.get(code.trim());
    return index === undefined ? null : this.products[index]!;
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

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

/**
 * Builds an index a slice of products at a time, so that a large change (head office's pull) can
 * be indexed between the counter's events instead of in one long block; a product object the
 * previous index already had keeps its folded line (a price change folds nothing again).
 */
class IndexBuilder {
  readonly byCode = new Map<string, number>();
  readonly barcodes = new Map<string, number>();
  readonly byScaleCode = new Map<string, number>();
  readonly categoryMembers = new Map<string, number[]>();
  readonly starts: Int32Array;
  readonly lines: string[];
  /** The haystack a slice at a time: one long join at the end would be one long block. */
  readonly chunks: string[] = [];
  anyRetired = false;
  private offset = 0;
  private next = 0;

  constructor(
    readonly products: readonly Product[],
    private readonly previous: { products: readonly Product[]; lines: readonly string[] } | null,
  ) {
    this.starts = new Int32Array(products.length);
    this.lines = new Array<string>(products.length);
  }

  /** Indexes up to `count` more products; true once every product is in. */
  step(count: number): boolean {
    const end = Math.min(this.products.length, this.next + count);
    for (let i = this.next; i < end; i++) {
      const product = this.products[i]!;
      this.byCode.set(product.code.toLowerCase(), i);
      if (product.barcode) this.barcodes.set(product.barcode, i);
      for (const more of product.moreBarcodes ?? []) this.barcodes.set(more, i);
      // A scale label names its product by this code: after the product codes, never over one.
      if (product.scaleCode) this.byScaleCode.set(product.scaleCode.toLowerCase(), i);
      const line =
        this.previous?.products[i] === product
          ? this.previous.lines[i]!
          : foldForSearch(
              `${product.code}\t${[product.barcode, ...(product.moreBarcodes ?? [])].join(' ')}\t${product.name}\t${product.category}`,
            );
      this.lines[i] = line;
      this.starts[i] = this.offset;
      this.offset += line.length + 1;
      let members = this.categoryMembers.get(product.category);
      if (!members) this.categoryMembers.set(product.category, (members = []));
      members.push(i);
      if (product.retired) this.anyRetired = true;
    }
    if (end > this.next) this.chunks.push(this.lines.slice(this.next, end).join('\n'));
    this.next = end;
    return end === this.products.length;
  }
}

/** Whether two catalogs differ only in what the index does not read (price, tax type, age check). */
function sameSearchFields(before: readonly Product[], after: readonly Product[]): boolean {
  if (before.length !== after.length) return false;
  const barcodes = (p: Product) => [p.barcode, ...(p.moreBarcodes ?? [])].join(' ');
  for (let i = 0; i < after.length; i++) {
    const a = before[i]!;
    const b = after[i]!;
    if (a === b) continue;
    if (
      a.code !== b.code ||
      a.name !== b.name ||
      a.category !== b.category ||
      barcodes(a) !== barcodes(b) ||
      (a.scaleCode ?? '') !== (b.scaleCode ?? '') ||
      (a.retired ?? false) !== (b.retired ?? false)
    ) {
      return false;
    }
  }
  return true;
}

export class SearchIndex {
  readonly products: readonly Product[];
  private readonly byCode: Map<string, number>;
  private readonly barcodes: Map<string, number>;
  private readonly byScaleCode: Map<string, number>;
  private readonly haystack: string;
  /** Each product's folded line, kept so that the next index reuses the unchanged ones. */
  private readonly lines: readonly string[];
  /** Where each product's line starts in the haystack (ascending). */
  private readonly starts: Int32Array;
  private readonly categoryMembers: Map<string, number[]>;
  private readonly anyRetired: boolean;

  constructor(products: readonly Product[], built?: IndexBuilder | SearchIndex) {
    if (built instanceof SearchIndex) {
      // The same products in the same places, only what no search reads changed (a price): the
      // previous index's maps and text hold as they are.
      this.products = products;
      this.byCode = built.byCode;
      this.barcodes = built.barcodes;
      this.byScaleCode = built.byScaleCode;
      this.lines = built.lines;
      this.starts = built.starts;
      this.categoryMembers = built.categoryMembers;
      this.anyRetired = built.anyRetired;
      this.haystack = built.haystack;
      return;
    }
    let builder = built;
    if (!builder) {
      builder = new IndexBuilder(products, null);
      builder.step(products.length);
    }
    this.products = builder.products;
    this.byCode = builder.byCode;
    this.barcodes = builder.barcodes;
    this.byScaleCode = builder.byScaleCode;
    this.lines = builder.lines;
    this.starts = builder.starts;
    this.categoryMembers = builder.categoryMembers;
    this.anyRetired = builder.anyRetired;
    this.haystack = builder.chunks.join('\n');
  }

  /**
   * The same index as `new SearchIndex(products)`, built `sliceSize` products at a time with
   * `pause()` between slices (the main thread's other work goes first), reusing `previous`'s
   * folded lines for the product objects it shares.
   */
  static async build(
    products: readonly Product[],
    options: { previous?: SearchIndex; sliceSize?: number; pause: () => Promise<void> },
  ): Promise<SearchIndex> {
    if (options.previous && sameSearchFields(options.previous.products, products)) {
      return new SearchIndex(products, options.previous);
    }
    const previous = options.previous
      ? { products: options.previous.products, lines: options.previous.lines }
      : null;
    const builder = new IndexBuilder(products, previous);
    const slice = Math.max(1, options.sliceSize ?? 1_000);
    while (!builder.step(slice)) await options.pause();
    await options.pause();
    return new SearchIndex(products, builder);
  }

  /** Where the product with this code is in catalog order (case ignored), or -1. */
  positionOf(code: string): number {
    return this.byCode.get(code.trim().toLowerCase()) ?? -1;
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

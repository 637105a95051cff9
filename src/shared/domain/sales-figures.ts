import type { Bilingual } from './i18n';

/**
 * The day's one set of sales figures (issue 22, item 15): gross, voids, allowances and net, each
 * per payment method, that the closing screen, the day summary, its slip and CSV, and the Z
 * report and its slip all show; plus what an accountant checks on the Z: the first and last
 * invoice number used per track, and every void and allowance by number.
 *
 *   net = gross − voids − allowances          (per method, and in total)
 *
 * - gross: the payments of every invoice issued on the day, voided since or not (it was issued);
 * - voids: each done void of the day, at the voided invoice's payments (what it took off the
 *   day's invoices, whether the money went back or, for a 改開, stayed on the new invoice);
 * - allowances: each done allowance of the day at what it refunded; an allowance's void takes it
 *   back (negative).
 *
 * A 改開 is a void of the old number and an issue of the new one: both show here, and its money
 * nets out (old gross − its void + new gross = the money taken once). The drawer's side of it
 * (no refund, no new cash taken) is drawer.ts's, fed by the journal.
 */
export const FIGURE_PARTS = ['gross', 'voids', 'allowances', 'net'] as const;
export type FigurePart = (typeof FIGURE_PARTS)[number];
export type FigureRow = Record<FigurePart, number>;

export const FIGURE_PART_LABEL: Readonly<Record<FigurePart, Bilingual>> = {
  gross: { zh: '開立', en: 'Gross' },
  voids: { zh: '作廢', en: 'Voids' },
  allowances: { zh: '折讓', en: 'Allowances' },
  net: { zh: '淨額', en: 'Net' },
};

/** [method, amount] pairs, as the journal stores payments and refunds. */
export type MethodPairs = ReadonlyArray<readonly [string, number]>;

export interface FigureSale {
  /** Null while no invoice number was given (not issued). */
  invoiceNumber: string | null;
  /** Only `issued` counts: the invoice stands or stood on this day. */
  state: string;
  payments: MethodPairs;
}

export interface FigureReturn {
  kind: 'void' | 'allowance' | 'allowance-void';
  /** Only `done` counts: a pending or refused return took nothing off. */
  state: string;
  /** The invoice voided or allowed against. */
  invoiceNumber: string;
  /** The allowance's own number (折讓單號), when it has one. */
  allowanceNumber: string | null;
  totalAmount: number;
  /** Cash and card given back. */
  refunds: MethodPairs;
  /** A void: the voided invoice's payments (what the void takes off gross). */
  salePayments: MethodPairs;
  /** A 改開's void: the money stays, on the new invoice. */
  reissue: boolean;
}

export interface SalesFigures {
  /** Per payment method, cash, card, other first, then any other name alphabetically. */
  byMethod: Array<{ method: string } & FigureRow>;
  total: FigureRow;
  issuedCount: number;
  /** Per track (the invoice number's 2-letter prefix): the first and last number used. */
  tracks: Array<{ track: string; first: string; last: string; count: number }>;
  voids: Array<{ invoiceNumber: string; amount: number; reissue: boolean }>;
  allowances: Array<{ allowanceNumber: string | null; invoiceNumber: string; amount: number }>;
}

const METHOD_ORDER = ['cash', 'card', 'other'];
function methodOrder(a: string, b: string): number {
  const ra = METHOD_ORDER.indexOf(a) < 0 ? METHOD_ORDER.length : METHOD_ORDER.indexOf(a);
  const rb = METHOD_ORDER.indexOf(b) < 0 ? METHOD_ORDER.length : METHOD_ORDER.indexOf(b);
  return ra - rb || (a < b ? -1 : a > b ? 1 : 0);
}

const emptyRow = (): FigureRow => ({ gross: 0, voids: 0, allowances: 0, net: 0 });

/** The figures of these sales and returns (one day's, one till's or all tills'). */
export function salesFigures(sales: Iterable<FigureSale>, returns: Iterable<FigureReturn>): SalesFigures {
  // Keyed by method names from the journal: a Map, so no name reaches Object.prototype.
  const rows = new Map<string, FigureRow>();
  const rowOf = (method: string) => {
    let row = rows.get(method);
    if (!row) rows.set(method, (row = emptyRow()));
    return row;
  };
  const tracks = new Map<string, { first: string; last: string; count: number }>();
  let issuedCount = 0;
  for (const sale of sales) {
    if (sale.state !== 'issued') continue;
    issuedCount++;
    for (const [method, amount] of sale.payments) rowOf(method).gross += amount;
    if (sale.invoiceNumber === null) continue;
    const track = sale.invoiceNumber.slice(0, 2);
    const seen = tracks.get(track);
    if (!seen) tracks.set(track, { first: sale.invoiceNumber, last: sale.invoiceNumber, count: 1 });
    else {
      seen.count++;
      if (sale.invoiceNumber < seen.first) seen.first = sale.invoiceNumber;
      if (sale.invoiceNumber > seen.last) seen.last = sale.invoiceNumber;
    }
  }
  const voids: SalesFigures['voids'] = [];
  const allowances: SalesFigures['allowances'] = [];
  for (const record of returns) {
    if (record.state !== 'done') continue;
    if (record.kind === 'void') {
      for (const [method, amount] of record.salePayments) rowOf(method).voids += amount;
      voids.push({
        invoiceNumber: record.invoiceNumber,
        amount: record.totalAmount,
        reissue: record.reissue,
      });
      continue;
    }
    const sign = record.kind === 'allowance-void' ? -1 : 1;
    for (const [method, amount] of record.refunds) rowOf(method).allowances += sign * amount;
    allowances.push({
      allowanceNumber: record.allowanceNumber,
      invoiceNumber: record.invoiceNumber,
      amount: sign * record.totalAmount,
    });
  }
  const total = emptyRow();
  const byMethod = [...rows]
    .sort(([a], [b]) => methodOrder(a, b))
    .map(([method, row]) => {
      row.net = row.gross - row.voids - row.allowances;
      for (const part of FIGURE_PARTS) total[part] += row[part];
      return { method, ...row };
    });
  const byNumber = <T extends { invoiceNumber: string }>(a: T, b: T) =>
    a.invoiceNumber < b.invoiceNumber ? -1 : a.invoiceNumber > b.invoiceNumber ? 1 : 0;
  return {
    byMethod,
    total,
    issuedCount,
    tracks: [...tracks]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([track, seen]) => ({ track, ...seen })),
    voids: voids.sort(byNumber),
    allowances: allowances.sort(byNumber),
  };
}

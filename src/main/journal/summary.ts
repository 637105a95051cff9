import type Database from 'better-sqlite3';
import {
  allocateNtd,
  emptyDrawer,
  includedTax,
  salesFigures,
  type FigureReturn,
  type FigureSale,
} from '../../shared/domain';
import { InvoiceKindSchema } from '../../shared/ipc/contract/checkout';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { posOperations, type InvoiceKind, type PosOperation } from '../../provider/pos-profile';
import { chainHead } from './chain';
import { dayDrawers } from './shift-entries';
import { paymentPairs, summaryMethodKey } from './rows';
import {
  TX_STATES,
  type AmountCount,
  type DaySummary,
  type KindFigures,
  type ReturnKind,
  type ReturnState,
  type SummaryBlock,
  type TxState,
} from './types';
import { check } from './validate';

/**
 * The end-of-day figures of one business day (optionally one till): counts and totals per
 * outcome, per operation and per payment method, training apart, plus the chain head to anchor.
 * One grouped query plus one pass over the day's compact payments column; then the day's returns
 * (voids, allowances, allowance voids), and gross − returns = net per payment method; and the
 * invoices as the return counts them (`invoices`: standing ones per kind with their tax).
 */
function emptyBlock(): SummaryBlock {
  const zero = (): AmountCount => ({ count: 0, amount: 0 });
  return {
    count: 0,
    totalAmount: 0,
    taxAmount: 0,
    byState: Object.fromEntries(TX_STATES.map((s) => [s, zero()])) as Record<TxState, AmountCount>,
    byOperation: Object.fromEntries(posOperations.map((o) => [o, zero()])) as Record<
      PosOperation,
      AmountCount
    >,
    // Keyed by what the journal holds: no prototype, so no name can reach Object.prototype.
    byPaymentMethod: Object.create(null) as Record<string, AmountCount>,
    issued: zero(),
    invoices: {
      standing: zero(),
      voided: zero(),
      byKind: Object.fromEntries(
        InvoiceKindSchema.options.map((kind) => [kind, { count: 0, amount: 0, tax: 0 }]),
      ) as Record<InvoiceKind, KindFigures>,
      tax: { business: 0, consumer: 0, total: 0 },
      allowanceTax: 0,
    },
    returns: {
      voids: zero(),
      allowances: zero(),
      allowanceVoids: zero(),
      pending: zero(),
      amount: 0,
      byPaymentMethod: Object.create(null) as Record<string, AmountCount>,
    },
    net: { amount: 0, byPaymentMethod: Object.create(null) as Record<string, AmountCount> },
    expectedCash: 0,
    drawer: emptyDrawer(),
    figures: salesFigures([], []),
  };
}

/** Not a 改開's new sale (its body names the voided sale it replaces): a sale that took money. */
const NOT_REISSUE = `body ->> '$.reissueOf' IS NULL`;

export function daySummary(
  db: Database.Database,
  options: { businessDay: string; tillId?: string },
  now: Date,
): DaySummary {
  check(BusinessDay, options.businessDay, { zh: '營業日', en: 'business day' });
  const tillFilter = options.tillId === undefined ? '' : 'AND till_id = @tillId';
  const params = { day: options.businessDay, tillId: options.tillId ?? null };
  const blocks = { sales: emptyBlock(), training: emptyBlock() };

  const groups = db
    .prepare(
      `SELECT training, state, operation, count(*) AS n, sum(total_amount) AS total
       FROM transactions WHERE business_day = @day ${tillFilter}
       GROUP BY training, state, operation`,
    )
    .all(params) as {
    training: number;
    state: TxState;
    operation: PosOperation;
    n: number;
    total: number;
  }[];
  for (const g of groups) {
    const block = g.training ? blocks.training : blocks.sales;
    block.count += g.n;
    block.totalAmount += g.total;
    add(block.byState, g.state, g.n, g.total);
    add(block.byOperation, g.operation, g.n, g.total);
    if (g.state === 'issued') {
      block.issued.count += g.n;
      block.issued.amount += g.total;
    }
  }

  invoiceFigures(db, tillFilter, params, blocks);

  // Per payment method from the compact payments column. A 改開's new sale took no money (the
  // customer paid once, for the voided invoice it replaces): not money taken (issue 22, item 2).
  const payments = db
    .prepare(
      `SELECT training, payments FROM transactions
       WHERE business_day = @day AND ${NOT_REISSUE} ${tillFilter}`,
    )
    .iterate(params) as IterableIterator<{ training: number; payments: string }>;
  for (const row of payments) {
    const target = (row.training ? blocks.training : blocks.sales).byPaymentMethod;
    const seen = new Set<string>();
    for (const [stored, amount] of paymentPairs(row.payments)) {
      const method = summaryMethodKey(stored);
      add(target, method, seen.has(method) ? 0 : 1, amount);
      seen.add(method);
    }
  }

  // The day's returns: what was made at this till on this day, whatever day the sale was.
  const returns = db
    .prepare(
      `SELECT training, kind, state, total_amount, tax_amount, refunds, reissue IS NOT NULL AS reissue
       FROM returns WHERE business_day = @day ${tillFilter}`,
    )
    .iterate(params) as IterableIterator<{
    training: number;
    kind: ReturnKind;
    state: ReturnState;
    total_amount: number;
    tax_amount: number;
    refunds: string;
    reissue: number;
  }>;
  for (const row of returns) {
    const block = row.training ? blocks.training : blocks.sales;
    const r = block.returns;
    if (row.state === 'in-flight' || row.state === 'needs-verification') {
      r.pending.count++;
      r.pending.amount += row.total_amount;
      continue;
    }
    if (row.state !== 'done') continue; // rejected, not delivered, not done: nothing moved
    // An allowance void undoes an allowance: its amount and any money taken back count back in.
    const sign = row.kind === 'allowance-void' ? -1 : 1;
    const slot = row.kind === 'void' ? r.voids : row.kind === 'allowance' ? r.allowances : r.allowanceVoids;
    slot.count++;
    slot.amount += row.total_amount;
    r.amount += sign * row.total_amount;
    if (row.kind !== 'void') block.invoices.allowanceTax += sign * row.tax_amount;
    // A 改開's void gave nothing back: the money stays, on the new invoice (item 2).
    if (row.reissue) continue;
    for (const [stored, amount] of paymentPairs(row.refunds)) {
      add(r.byPaymentMethod, summaryMethodKey(stored), 1, sign * amount);
    }
  }
  for (const block of [blocks.sales, blocks.training]) {
    block.net.amount = block.issued.amount - block.returns.amount;
    for (const [method, gross] of Object.entries(block.byPaymentMethod)) {
      add(block.net.byPaymentMethod, method, gross.count, gross.amount);
    }
    for (const [method, out] of Object.entries(block.returns.byPaymentMethod)) {
      // A method only refunded today (the sale was another day) still gets a row of its own.
      const known = Object.hasOwn(block.net.byPaymentMethod, method);
      add(block.net.byPaymentMethod, method, known ? 0 : out.count, -out.amount);
    }
  }
  // The drawer's expected cash as everywhere else (shared/domain/drawer.ts): floats and paid-in /
  // paid-out besides the cash taken and refunded, each refund on the day the drawer paid it.
  const drawers = dayDrawers(db, options.businessDay, options.tillId ?? null);
  for (const [block, drawer] of [
    [blocks.sales, drawers.sales],
    [blocks.training, drawers.training],
  ] as const) {
    block.drawer = drawer;
    block.expectedCash = drawer.expected;
  }
  const figures = dayFigureInputs(db, tillFilter, params);
  blocks.sales.figures = salesFigures(figures.sales[0], figures.returns[0]);
  blocks.training.figures = salesFigures(figures.sales[1], figures.returns[1]);

  return {
    businessDay: options.businessDay,
    tillId: options.tillId ?? null,
    generatedAt: now.toISOString(),
    ...blocks,
    chainHead: chainHead(db),
  };
}

/**
 * What the one set of figures (shared/domain/sales-figures.ts) is made from: the day's sales with
 * their invoice numbers and payments, the day's returns with the voided sale's payments. Index 0
 * the real sales, 1 training.
 */
function dayFigureInputs(
  db: Database.Database,
  tillFilter: string,
  params: { day: string; tillId: string | null },
): { sales: [FigureSale[], FigureSale[]]; returns: [FigureReturn[], FigureReturn[]] } {
  const sales: [FigureSale[], FigureSale[]] = [[], []];
  const saleRows = db
    .prepare(
      `SELECT training, invoice_number, state, payments FROM transactions
       WHERE business_day = @day AND state = 'issued' ${tillFilter}`,
    )
    .iterate(params) as IterableIterator<{
    training: number;
    invoice_number: string | null;
    state: string;
    payments: string;
  }>;
  for (const row of saleRows) {
    sales[row.training ? 1 : 0].push({
      invoiceNumber: row.invoice_number,
      state: row.state,
      payments: named(row.payments),
    });
  }
  const returns: [FigureReturn[], FigureReturn[]] = [[], []];
  const returnRows = db
    .prepare(
      `SELECT r.training, r.kind, r.state, r.invoice_number, r.allowance_number, r.total_amount,
         r.refunds, t.payments, r.reissue IS NOT NULL AS reissue
       FROM returns r JOIN transactions t ON t.order_no = r.order_no
       WHERE r.business_day = @day AND r.state = 'done' ${tillFilter.replace('till_id', 'r.till_id')}`,
    )
    .iterate(params) as IterableIterator<{
    training: number;
    kind: ReturnKind;
    state: string;
    invoice_number: string;
    allowance_number: string | null;
    total_amount: number;
    refunds: string;
    payments: string;
    reissue: number;
  }>;
  for (const row of returnRows) {
    returns[row.training ? 1 : 0].push({
      kind: row.kind,
      state: row.state,
      invoiceNumber: row.invoice_number,
      allowanceNumber: row.allowance_number,
      totalAmount: row.total_amount,
      refunds: named(row.refunds),
      salePayments: named(row.payments),
      reissue: row.reissue === 1,
    });
  }
  return { sales, returns };
}

const named = (pairs: string): Array<[string, number]> =>
  paymentPairs(pairs).map(([method, amount]) => [summaryMethodKey(method), amount]);

/**
 * The issued sales of the day, standing or voided since, per invoice kind; then the tax as the
 * return counts it. A business (B) invoice states its tax; a consumer (C) invoice's `sales_amount`
 * is its taxable part tax included, and the tax inside is taken out of the day's C sum (once, as
 * the return takes it out of the period's), then shared over the C kinds so they add up to it.
 */
function invoiceFigures(
  db: Database.Database,
  tillFilter: string,
  params: { day: string; tillId: string | null },
  blocks: { sales: SummaryBlock; training: SummaryBlock },
): void {
  const groups = db
    .prepare(
      `SELECT training, invoice_kind AS kind, count(*) AS n, sum(total_amount) AS total,
         sum(sales_amount) AS sales, sum(tax_amount) AS tax,
         EXISTS (SELECT 1 FROM returns r
                 WHERE r.order_no = t.order_no AND r.kind = 'void' AND r.state = 'done') AS voided
       FROM transactions t WHERE business_day = @day AND state = 'issued' ${tillFilter}
       GROUP BY training, invoice_kind, voided`,
    )
    .all(params) as {
    training: number;
    kind: string;
    n: number;
    total: number;
    sales: number;
    tax: number;
    voided: number;
  }[];
  const consumerSales = new Map<SummaryBlock, Map<InvoiceKind, number>>();
  for (const g of groups) {
    const block = g.training ? blocks.training : blocks.sales;
    const figures = block.invoices;
    if (g.voided) {
      figures.voided.count += g.n;
      figures.voided.amount += g.total;
      continue;
    }
    figures.standing.count += g.n;
    figures.standing.amount += g.total;
    // The kind is checked against the contract when the sale is written; own keys only all the same.
    if (!Object.hasOwn(figures.byKind, g.kind)) continue;
    const kind = g.kind as InvoiceKind;
    const slot = figures.byKind[kind];
    slot.count += g.n;
    slot.amount += g.total;
    if (kind === 'business') {
      slot.tax += g.tax;
      figures.tax.business += g.tax;
    } else {
      const sales = consumerSales.get(block) ?? new Map<InvoiceKind, number>();
      sales.set(kind, (sales.get(kind) ?? 0) + g.sales);
      consumerSales.set(block, sales);
    }
  }
  for (const block of [blocks.sales, blocks.training]) {
    const figures = block.invoices;
    const sales = [...(consumerSales.get(block) ?? new Map<InvoiceKind, number>())];
    figures.tax.consumer = includedTax(sales.reduce((sum, [, amount]) => sum + amount, 0));
    const shares = allocateNtd(
      figures.tax.consumer,
      sales.map(([, amount]) => amount),
    );
    sales.forEach(([kind], i) => (figures.byKind[kind].tax += shares[i]!));
    figures.tax.total = figures.tax.business + figures.tax.consumer;
    block.taxAmount = figures.tax.total;
  }
}

// Where a stored payment method's name is read (rows.ts), kept here for the summary's readers.
export { summaryMethodKey, UNKNOWN_PAYMENT_METHOD } from './rows';

function add(target: Record<string, AmountCount>, key: string, count: number, amount: number): void {
  // Own keys only: an inherited member (`constructor`, `toString`) is never a slot to add to.
  const slot = Object.hasOwn(target, key) ? target[key]! : (target[key] = { count: 0, amount: 0 });
  slot.count += count;
  slot.amount += amount;
}

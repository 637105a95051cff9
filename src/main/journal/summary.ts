import type Database from 'better-sqlite3';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { posOperations, type PosOperation } from '../../provider/pos-profile';
import { chainHead } from './chain';
import { paymentPairs } from './rows';
import {
  TX_STATES,
  type AmountCount,
  type DaySummary,
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
 * (voids, allowances, allowance voids), and gross − returns = net per payment method.
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
  };
}

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
      `SELECT training, state, operation, count(*) AS n, sum(total_amount) AS total, sum(tax_amount) AS tax
       FROM transactions WHERE business_day = @day ${tillFilter}
       GROUP BY training, state, operation`,
    )
    .all(params) as {
    training: number;
    state: TxState;
    operation: PosOperation;
    n: number;
    total: number;
    tax: number;
  }[];
  for (const g of groups) {
    const block = g.training ? blocks.training : blocks.sales;
    block.count += g.n;
    block.totalAmount += g.total;
    block.taxAmount += g.tax;
    add(block.byState, g.state, g.n, g.total);
    add(block.byOperation, g.operation, g.n, g.total);
    if (g.state === 'issued') {
      block.issued.count += g.n;
      block.issued.amount += g.total;
    }
  }

  // Per payment method from the compact payments column (no JSON body parsing).
  const payments = db
    .prepare(`SELECT training, payments FROM transactions WHERE business_day = @day ${tillFilter}`)
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
      `SELECT training, kind, state, total_amount, refunds FROM returns WHERE business_day = @day ${tillFilter}`,
    )
    .iterate(params) as IterableIterator<{
    training: number;
    kind: ReturnKind;
    state: ReturnState;
    total_amount: number;
    refunds: string;
  }>;
  for (const row of returns) {
    const r = (row.training ? blocks.training : blocks.sales).returns;
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
    block.expectedCash = Object.hasOwn(block.net.byPaymentMethod, 'cash')
      ? block.net.byPaymentMethod.cash!.amount
      : 0;
  }

  return {
    businessDay: options.businessDay,
    tillId: options.tillId ?? null,
    generatedAt: now.toISOString(),
    ...blocks,
    chainHead: chainHead(db),
  };
}

/** The key a stored method name is summed under when it is not a plain name. */
export const UNKNOWN_PAYMENT_METHOD = 'unknown';

/**
 * A payment method as the summary names it. Since the contract closed the set, new sales carry
 * only cash/card/other; an older journal may hold anything the contract once let through
 * (`__proto__`, `constructor`, control characters). A plain lower-case name (`line-pay`) is
 * shown as it is; anything else is summed as `unknown`, so that no consumer of the summary
 * (zod, the closing screen, the CSV, the slip) drops or misreads it.
 */
export function summaryMethodKey(method: unknown): string {
  return typeof method === 'string' && /^[a-z][a-z0-9-]{0,31}$/.test(method) && !(method in Object.prototype)
    ? method
    : UNKNOWN_PAYMENT_METHOD;
}

function add(target: Record<string, AmountCount>, key: string, count: number, amount: number): void {
  // Own keys only: an inherited member (`constructor`, `toString`) is never a slot to add to.
  const slot = Object.hasOwn(target, key) ? target[key]! : (target[key] = { count: 0, amount: 0 });
  slot.count += count;
  slot.amount += amount;
}

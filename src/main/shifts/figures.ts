import {
  drawerCash,
  movementPart,
  type CashMovementKind,
  type DrawerCash,
  type DrawerEvent,
} from '../../shared/domain';
import {
  DENOMINATIONS,
  type DenominationCount,
  type MethodReconciliation,
  type ShiftFigures,
} from '../../shared/ipc/contract/shifts';
import type { RangeReturn, RangeSale, SummaryBlock } from '../journal/journal';

/**
 * The money of a shift and of a day, as pure functions of what the journal holds. The rules are
 * the day summary's (journal/summary.ts), so that a day's shifts add up to its summary and the Z
 * report equals it: every sale begun counts as money taken by its payments (a rejected or 待確認
 * one too: the customer paid; a person settles it later), a return counts once it is done (a void
 * or an allowance pays out, an allowance void takes back), and a method is a plain name.
 */

/** NT$ in a count by denomination: Σ denomination × pieces. */
export function countTotal(count: DenominationCount): number {
  let total = 0;
  for (const denomination of DENOMINATIONS) total += denomination * (count[`${denomination}`] ?? 0);
  return total;
}

/** A count with only the denominations present, largest first (how it is stored and printed). */
export function normalizeCount(count: DenominationCount): DenominationCount {
  const out: DenominationCount = {};
  for (const denomination of DENOMINATIONS) {
    const pieces = count[`${denomination}`];
    if (pieces !== undefined && pieces > 0) out[`${denomination}`] = pieces;
  }
  return out;
}

export interface CashMovementAmount {
  kind: CashMovementKind;
  amount: number;
}

/** cash, card, other, then any other name (an older journal's) in alphabetical order. */
const METHOD_RANK: Readonly<Record<string, number>> = Object.assign(Object.create(null) as object, {
  cash: 0,
  card: 1,
  other: 2,
});
const rank = (method: string) => (Object.hasOwn(METHOD_RANK, method) ? METHOD_RANK[method]! : 3);
export function byMethod(a: { method: string }, b: { method: string }): number {
  return rank(a.method) - rank(b.method) || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0);
}

/** Keyed by payment method names from the journal: no prototype, so no name reaches Object.prototype. */
function methodMap(): Map<string, number> {
  return new Map<string, number>();
}
const add = (map: Map<string, number>, method: string, amount: number) =>
  map.set(method, (map.get(method) ?? 0) + amount);

const PENDING: ReadonlySet<string> = new Set(['in-flight', 'needs-verification']);

/**
 * A shift's figures from its float (or the drawer it took over), the sales begun in it, the
 * returns that settled in it and its paid-in / paid-out / cash drops: net per method = taken − refunded, and
 * the drawer's expected cash with its parts (shared/domain/drawer.ts).
 */
export function shiftFigures(input: {
  float: number;
  /** The float is a drawer taken over as counted, not new money. */
  takenOver?: boolean;
  sales: readonly RangeSale[];
  returns: readonly RangeReturn[];
  movements: readonly CashMovementAmount[];
}): ShiftFigures {
  const net = methodMap();
  const events: DrawerEvent[] = [{ part: input.takenOver ? 'takenOver' : 'floats', amount: input.float }];
  let issuedCount = 0;
  let issuedAmount = 0;
  let pending = 0;
  for (const sale of input.sales) {
    for (const [method, amount] of sale.payments) {
      add(net, method, amount);
      if (method === 'cash') events.push({ part: 'cashSales', amount });
    }
    if (sale.state === 'issued') {
      issuedCount++;
      issuedAmount += sale.totalAmount;
    }
    if (PENDING.has(sale.state)) pending++;
  }
  let returnCount = 0;
  let returnAmount = 0;
  for (const record of input.returns) {
    if (record.state !== 'done') continue; // pending or refused returns moved no money yet
    const sign = record.kind === 'allowance-void' ? -1 : 1;
    returnCount++;
    returnAmount += sign * record.totalAmount;
    for (const [method, amount] of record.refunds) {
      add(net, method, -sign * amount);
      if (method === 'cash') events.push({ part: 'cashRefunds', amount: sign * amount });
    }
  }
  for (const movement of input.movements) {
    events.push({ part: movementPart(movement.kind), amount: movement.amount });
  }
  const drawer = drawerCash(events);
  return {
    float: input.float,
    sales: { count: issuedCount, amount: issuedAmount },
    returns: { count: returnCount, amount: returnAmount },
    net: [...net].map(([method, amount]) => ({ method, amount })).sort(byMethod),
    paidIn: drawer.paidIn,
    paidOut: drawer.paidOut,
    cashDrops: drawer.cashDrops,
    expectedCash: drawer.expected,
    drawer,
    pending,
  };
}

/**
 * Expected vs counted per method once the count is in: cash against the drawer's expected cash,
 * every other method of the shift against its net (counted as entered, else taken as expected).
 * over/short = counted − expected: positive over, negative short.
 */
export function reconcile(
  figures: ShiftFigures,
  countedCash: number,
  otherCounted: ReadonlyArray<{ method: string; amount: number }>,
): MethodReconciliation[] {
  const entered = methodMap();
  for (const { method, amount } of otherCounted) if (method !== 'cash') entered.set(method, amount);
  const rows: MethodReconciliation[] = [
    {
      method: 'cash',
      expected: figures.expectedCash,
      counted: countedCash,
      overShort: countedCash - figures.expectedCash,
    },
  ];
  const methods = new Set<string>([...figures.net.map((row) => row.method), ...entered.keys()]);
  methods.delete('cash');
  for (const method of methods) {
    const expected = figures.net.find((row) => row.method === method)?.amount ?? 0;
    const counted = entered.get(method) ?? expected;
    rows.push({ method, expected, counted, overShort: counted - expected });
  }
  return rows.sort(byMethod);
}

/** The day's reconciliation: each method's expected, counted and over/short summed over its shifts. */
export function sumReconciliations(
  shifts: ReadonlyArray<readonly MethodReconciliation[]>,
): MethodReconciliation[] {
  const sums = new Map<string, MethodReconciliation>();
  for (const rows of shifts) {
    for (const row of rows) {
      const sum = sums.get(row.method) ?? { method: row.method, expected: 0, counted: 0, overShort: 0 };
      sum.expected += row.expected;
      sum.counted = sum.counted === null || row.counted === null ? null : sum.counted + row.counted;
      sum.overShort = sum.overShort === null || row.overShort === null ? null : sum.overShort + row.overShort;
      sums.set(row.method, sum);
    }
  }
  return [...sums.values()].sort(byMethod);
}

/**
 * The Z report's figures: the day summary's block (sales that stand as issued, returns done, net
 * per method, the day's drawer with its parts). A drawer taken over within the day is the same
 * cash: the day's float is the new money put in (and a drawer taken over from another day).
 */
export function dayFigures(block: SummaryBlock): ShiftFigures {
  const drawer: DrawerCash = block.drawer;
  const r = block.returns;
  return {
    float: drawer.floats + drawer.takenOver,
    sales: { count: block.issued.count, amount: block.issued.amount },
    returns: { count: r.voids.count + r.allowances.count + r.allowanceVoids.count, amount: r.amount },
    net: Object.entries(block.net.byPaymentMethod)
      .map(([method, value]) => ({ method, amount: value.amount }))
      .sort(byMethod),
    paidIn: drawer.paidIn,
    paidOut: drawer.paidOut,
    cashDrops: drawer.cashDrops,
    expectedCash: drawer.expected,
    drawer,
    pending: block.byState['in-flight'].count + block.byState['needs-verification'].count,
  };
}

/**
 * The day's reconciliation from its shifts': each method summed, except that a drawer taken over
 * by a later shift of the day did not leave the till: its count is that shift's taken-over cash,
 * so it is neither counted out nor expected twice. The over/short is the shifts' sum all the same.
 */
export function dayReconciliation(
  shifts: ReadonlyArray<{ reconciliation: readonly MethodReconciliation[]; takenOverWithinDay: number }>,
): MethodReconciliation[] {
  const rows = sumReconciliations(shifts.map((shift) => shift.reconciliation));
  const carried = shifts.reduce((sum, shift) => sum + shift.takenOverWithinDay, 0);
  const cash = rows.find((row) => row.method === 'cash');
  if (cash && carried !== 0) {
    cash.expected -= carried;
    if (cash.counted !== null) cash.counted -= carried;
  }
  return rows;
}

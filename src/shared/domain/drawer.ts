import type { Bilingual } from './i18n';

/**
 * The drawer's expected cash (issue 22, item 7): one rule, with its parts named, that the day
 * summary, the shift close, the X and Z reports, their slips, the closing screen and the exports
 * all show. It is a sum over exactly the events that moved cash through a drawer, each counted
 * where and when the cash moved (a refund when its return settled and the drawer opened, not when
 * the return began):
 *
 *   expected = floats + taken over + cash sales − cash refunds + paid-in − paid-out − cash drops
 *
 * - floats: new money put into the drawer when a shift opened;
 * - taken over: a drawer carried over as it was counted (a shift that took over the drawer of
 *   the shift before it, item 14): the same cash, not new money, so a day that holds both shifts
 *   counts it once, as the first shift's float and movements;
 * - cash sales: the cash part of every sale begun (what the drawer kept, change given back);
 * - cash refunds: cash paid back by done voids and allowances, less cash taken back by an
 *   allowance's void (a negative refund);
 * - paid-in / paid-out: change brought in, petty cash paid out (a supervisor's PIN, a reason);
 * - cash drops (中途收大鈔, issue 24 item 10): large notes taken from the drawer to the safe
 *   mid-shift, recorded like a paid-out with the PIN. The money is still the store's, only no
 *   longer in the drawer, so it is a part of its own: the close counts a drawer without it, and
 *   the day's figures show what went to the safe apart from what was spent.
 */
export const DRAWER_PARTS = [
  'floats',
  'takenOver',
  'cashSales',
  'cashRefunds',
  'paidIn',
  'paidOut',
  'cashDrops',
] as const;
export type DrawerPart = (typeof DRAWER_PARTS)[number];

export type DrawerCash = Record<DrawerPart, number> & { expected: number };

/** One event that moved cash: its part and its amount as that part counts it (a refund positive). */
export interface DrawerEvent {
  part: DrawerPart;
  amount: number;
}

/** Into the drawer (+1) or out of it (−1), as each part is shown. */
export const DRAWER_PART_SIGN: Readonly<Record<DrawerPart, 1 | -1>> = {
  floats: 1,
  takenOver: 1,
  cashSales: 1,
  cashRefunds: -1,
  paidIn: 1,
  paidOut: -1,
  cashDrops: -1,
};

/** The parts' words on screens, slips and exports (the glossary's). */
export const DRAWER_PART_LABEL: Readonly<Record<DrawerPart | 'expected', Bilingual>> = {
  floats: { zh: '開班零用金', en: 'Opening floats' },
  takenOver: { zh: '接手錢櫃', en: 'Drawer taken over' },
  cashSales: { zh: '現金收款', en: 'Cash sales' },
  cashRefunds: { zh: '現金退款', en: 'Cash refunds' },
  paidIn: { zh: '收入（補零錢）', en: 'Paid in' },
  paidOut: { zh: '支出（零用金）', en: 'Paid out' },
  cashDrops: { zh: '中途收大鈔', en: 'Cash drops' },
  expected: { zh: '應有現金', en: 'Expected cash' },
};

export const emptyDrawer = (): DrawerCash => ({
  floats: 0,
  takenOver: 0,
  cashSales: 0,
  cashRefunds: 0,
  paidIn: 0,
  paidOut: 0,
  cashDrops: 0,
  expected: 0,
});

/**
 * Cash moved through the drawer outside a sale during a shift, each with a supervisor's PIN and
 * a reason (journal kind `shift.cash-movement`): in (paid-in), out and spent (paid-out), out to
 * the safe (cash drop).
 */
export const CASH_MOVEMENT_KINDS = ['paid-in', 'paid-out', 'cash-drop'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

const MOVEMENT_PART: Readonly<Record<CashMovementKind, DrawerPart>> = {
  'paid-in': 'paidIn',
  'paid-out': 'paidOut',
  'cash-drop': 'cashDrops',
};
/** The drawer part a cash movement counts in. */
export const movementPart = (kind: CashMovementKind): DrawerPart => MOVEMENT_PART[kind];

/** Why an amount may not leave the drawer outside a sale (a paid-out, a cash drop). */
export type CashOutProblem = 'not-whole' | 'not-positive' | 'beyond-drawer';

/**
 * The rule for cash taken out of the drawer outside a sale: a whole NT$ above zero, no more than
 * the drawer should hold now (`expected`, every sale, refund and movement so far included).
 * Null: it may go out.
 */
export function cashOutProblem(amount: number, expected: number): CashOutProblem | null {
  if (!Number.isInteger(amount)) return 'not-whole';
  if (amount <= 0) return 'not-positive';
  if (amount > expected) return 'beyond-drawer';
  return null;
}

/** The expected cash of these events, with each part's sum. */
export function drawerCash(events: Iterable<DrawerEvent>): DrawerCash {
  const drawer = emptyDrawer();
  for (const event of events) drawer[event.part] += event.amount;
  drawer.expected = expectedOf(drawer);
  return drawer;
}

/** expected = Σ sign × part. */
export function expectedOf(parts: Readonly<Record<DrawerPart, number>>): number {
  let expected = 0;
  for (const part of DRAWER_PARTS) expected += DRAWER_PART_SIGN[part] * parts[part];
  return expected;
}

/** Two drawers' parts added (two tills, two shifts that are not one drawer). */
export function addDrawers(a: DrawerCash, b: DrawerCash): DrawerCash {
  const sum = emptyDrawer();
  for (const part of DRAWER_PARTS) sum[part] = a[part] + b[part];
  sum.expected = expectedOf(sum);
  return sum;
}

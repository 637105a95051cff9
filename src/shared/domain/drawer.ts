import type { Bilingual } from './i18n';

/**
 * The drawer's expected cash (issue 22, item 7): one rule, with its parts named, that the day
 * summary, the shift close, the X and Z reports, their slips, the closing screen and the exports
 * all show. It is a sum over exactly the events that moved cash through a drawer, each counted
 * where and when the cash moved (a refund when its return settled and the drawer opened, not when
 * the return began):
 *
 *   expected = floats + taken over + cash sales − cash refunds + paid-in − paid-out
 *
 * - floats: new money put into the drawer when a shift opened;
 * - taken over: a drawer carried over as it was counted (a shift that took over the drawer of
 *   the shift before it, item 14): the same cash, not new money, so a day that holds both shifts
 *   counts it once, as the first shift's float and movements;
 * - cash sales: the cash part of every sale begun (what the drawer kept, change given back);
 * - cash refunds: cash paid back by done voids and allowances, less cash taken back by an
 *   allowance's void (a negative refund).
 *
 * There is no "cash drop" (money taken to the safe mid-shift) in this till: a paid-out is how
 * cash leaves the drawer.
 */
export const DRAWER_PARTS = ['floats', 'takenOver', 'cashSales', 'cashRefunds', 'paidIn', 'paidOut'] as const;
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
};

/** The parts' words on screens, slips and exports (the glossary's). */
export const DRAWER_PART_LABEL: Readonly<Record<DrawerPart | 'expected', Bilingual>> = {
  floats: { zh: '開班零用金', en: 'Opening floats' },
  takenOver: { zh: '接手錢櫃', en: 'Drawer taken over' },
  cashSales: { zh: '現金收款', en: 'Cash sales' },
  cashRefunds: { zh: '現金退款', en: 'Cash refunds' },
  paidIn: { zh: '收入（補零錢）', en: 'Paid in' },
  paidOut: { zh: '支出（零用金）', en: 'Paid out' },
  expected: { zh: '應有現金', en: 'Expected cash' },
};

export const emptyDrawer = (): DrawerCash => ({
  floats: 0,
  takenOver: 0,
  cashSales: 0,
  cashRefunds: 0,
  paidIn: 0,
  paidOut: 0,
  expected: 0,
});

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

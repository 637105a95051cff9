import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  CASH_MOVEMENT_KINDS,
  drawerCash,
  isVisibleText,
  MAX_NTD,
  movementPart,
  type DrawerCash,
  type DrawerEvent,
} from '../../shared/domain';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { NtdAmount, SalesFigures } from '../../shared/ipc/contract/journal';
import { DenominationCount, MethodReconciliation, ShiftFigures } from '../../shared/ipc/contract/shifts';
import { TillError } from '../core/errors';
import { appendEntry } from './chain';
import { invalid } from './errors';
import { TILL_ID_PATTERN } from './order-numbers';
import { paymentPairs, summaryMethodKey } from './rows';
import { statement } from './statements';
import type { MethodAmounts, ReturnKind, ReturnState, ShiftEntryKind, TxState } from './types';
import { SHIFT_ENTRY_KINDS } from './types';

/*
 * Cashiers, sign-ins, shifts, paid-in / paid-out / cash drops, Z reports and declined age checks
 * (a counter event of no sale) as chained entries with no order number. Their payloads are checked
 * here, so that whoever reads them (the shifts capability, a head office replicating the journal)
 * can rely on their shape; nothing is derived from them into a table (the chain check has nothing
 * to replay), and the figures of a shift are read from the sales and returns whose first entry
 * lies between its opening and its closing.
 *
 * Names are the person's name as the supervisor typed it (≤ 40 visible characters); ids are the
 * cashier ids of the contract. PIN hashes are never here (they live in the secret store).
 */

const Name = z.string().min(1).max(40).refine(isVisibleText, 'visible characters only');
const CashierIdText = z.string().regex(/^[A-Za-z0-9]{1,12}$/);
const TillIdText = z.string().regex(TILL_ID_PATTERN);
const Amount = z.number().int().min(0).max(MAX_NTD);
const EntryId = z.number().int().positive();

const payloads = {
  'cashier.saved': z
    .object({
      cashierId: CashierIdText,
      name: Name,
      active: z.boolean(),
      supervisor: z.boolean(),
      /** A new PIN was set by this save (the hash itself is in the secret store). */
      pinChanged: z.boolean(),
      by: Name,
    })
    .strict(),
  'session.signed-in': z.object({ tillId: TillIdText, cashierId: CashierIdText, name: Name }).strict(),
  'session.signed-out': z
    .object({
      tillId: TillIdText,
      cashierId: CashierIdText,
      name: Name,
      /** `idle`: the till locked by itself; `deactivated`: the supervisor made the cashier inactive. */
      reason: z.enum(['signed-out', 'idle', 'deactivated']),
    })
    .strict(),
  'shift.opened': z
    .object({
      tillId: TillIdText,
      businessDay: BusinessDay,
      number: z.number().int().min(1).max(999),
      training: z.boolean(),
      cashierId: CashierIdText,
      name: Name,
      float: DenominationCount,
      floatAmount: Amount,
      /**
       * The shift (its opening's entry id) whose drawer this one took over as it was counted: the
       * float is that count, the same cash, not new money (issue 22, item 14). Absent: a float
       * counted and put in.
       */
      takenOverFrom: EntryId.optional(),
    })
    .strict(),
  'shift.cash-movement': z
    .object({
      shiftId: EntryId,
      tillId: TillIdText,
      /** `cash-drop`: large notes to the safe mid-shift (issue 24); a till before it reads none. */
      kind: z.enum(CASH_MOVEMENT_KINDS),
      amount: Amount.min(1),
      reason: z.string().min(1).max(40).refine(isVisibleText, 'visible characters only'),
      /** The signed-in cashier; `by` is who the supervisor's PIN was given for. */
      cashierId: CashierIdText.nullable(),
      by: Name,
      /** The signed-in cashier's name (issue 22: named beside the supervisor who approved). */
      name: Name.optional(),
      /** The supervisor who approved it with the PIN, when named (issue 22, item 7). */
      approvedBy: Name.optional(),
    })
    .strict(),
  'shift.closed': z
    .object({
      shiftId: EntryId,
      tillId: TillIdText,
      businessDay: BusinessDay,
      number: z.number().int().min(1),
      training: z.boolean(),
      cashierId: CashierIdText,
      name: Name,
      /** The blind count by denomination, and its sum. */
      count: DenominationCount,
      countedCash: Amount,
      /** The drawer's expected cash (float + net cash + paid-in − paid-out − drops) and counted − expected. */
      expectedCash: NtdAmount,
      cashOverShort: NtdAmount,
      figures: ShiftFigures,
      reconciliation: z.array(MethodReconciliation),
    })
    .strict(),
  'day.z-report': z
    .object({
      tillId: TillIdText,
      businessDay: BusinessDay,
      number: z.number().int().min(1),
      training: z.boolean(),
      madeBy: Name,
      /** The supervisor who approved it with the PIN, when named (issue 22, item 7). */
      approvedBy: Name.optional(),
      /** The head the report anchors: the last entry before it. */
      chainHead: z.object({
        entryId: z.number().int().nonnegative(),
        hash: z.string().regex(/^[0-9a-f]{64}$/),
      }),
      shiftIds: z.array(EntryId),
      figures: ShiftFigures,
      /** Gross, voids, allowances, net per method; tracks; voids and allowances by number (item 15). */
      sales: SalesFigures.optional(),
      invoices: z.array(
        z.object({
          kind: z.string(),
          count: z.number().int(),
          amount: NtdAmount,
          tax: NtdAmount,
        }),
      ),
      reconciliation: z.array(MethodReconciliation),
      /**
       * Of the standing invoices, those issued offline with the till's own numbers (invoice mode,
       * issue 27), and how many of the day's offline invoices still waited for their upload.
       */
      offline: z
        .object({ count: z.number().int(), amount: NtdAmount, waitingUpload: z.number().int() })
        .optional(),
    })
    .strict(),
  /**
   * A 菸酒 product the cashier did not sell at the age check (不販售 / Esc, issue 24 item 10): who,
   * when (the entry's time), which product. A confirmed check goes with its sale line instead.
   */
  'counter.age-check-declined': z
    .object({
      tillId: TillIdText,
      businessDay: BusinessDay,
      training: z.boolean(),
      code: z.string().min(1).max(40).refine(isVisibleText, 'visible characters only'),
      product: z.string().min(1).max(300).refine(isVisibleText, 'visible characters only'),
      answer: z.literal('declined'),
      /** The signed-in cashier; both null on a till without cashiers. */
      cashierId: CashierIdText.nullable(),
      name: Name.nullable(),
    })
    .strict(),
} satisfies Record<ShiftEntryKind, z.ZodType>;

export type ShiftEntryPayload<K extends ShiftEntryKind> = z.output<(typeof payloads)[K]>;

export interface ShiftEntry<K extends ShiftEntryKind = ShiftEntryKind> {
  entryId: number;
  at: string;
  kind: K;
  payload: ShiftEntryPayload<K>;
}

/** Appends one entry after checking its payload; refused (nothing written) when malformed. */
export function appendShiftEntry<K extends ShiftEntryKind>(
  db: Database.Database,
  kind: K,
  payload: ShiftEntryPayload<K>,
  at: Date,
): ShiftEntry<K> {
  if (!(SHIFT_ENTRY_KINDS as readonly string[]).includes(kind)) {
    throw invalid(`不明的紀錄種類「${String(kind)}」`, `Unknown entry kind "${String(kind)}"`);
  }
  const parsed = payloads[kind].safeParse(payload);
  if (!parsed.success) {
    const where = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
      .join('; ');
    throw invalid(`${kind} 的內容不正確（${where}）`, `${kind} is malformed (${where})`);
  }
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind,
    orderNo: null,
    payload: parsed.data as Record<string, unknown>,
  });
  return { entryId: entry.id, at: entry.at, kind, payload: parsed.data as ShiftEntryPayload<K> };
}

/**
 * The entries of these kinds through the order-less index, oldest first (or the newest `limit`
 * first); `tillId` and `businessDay` keep one till's and one day's (cashiers are the store's:
 * they have neither). An entry that does not parse (written by a newer till) is left out rather
 * than guessed at.
 */
export function listShiftEntries<K extends ShiftEntryKind>(
  db: Database.Database,
  options: {
    kinds: readonly K[];
    tillId?: string;
    businessDay?: string;
    afterEntryId?: number;
    newestFirst?: boolean;
    limit?: number;
  },
): ShiftEntry<K>[] {
  const kinds = options.kinds.filter((kind) => (SHIFT_ENTRY_KINDS as readonly string[]).includes(kind));
  if (kinds.length === 0) return [];
  const rows = statement(
    db,
    `SELECT id, at, kind, payload FROM entries
     WHERE order_no IS NULL AND kind IN (${kinds.map(() => '?').join(', ')}) AND id > ?
       AND (? IS NULL OR json_extract(payload, '$.tillId') = ?)
       AND (? IS NULL OR json_extract(payload, '$.businessDay') = ?)
     ORDER BY id ${options.newestFirst ? 'DESC' : 'ASC'} LIMIT ?`,
  ).all(
    ...kinds,
    options.afterEntryId ?? 0,
    options.tillId ?? null,
    options.tillId ?? null,
    options.businessDay ?? null,
    options.businessDay ?? null,
    options.limit ?? -1,
  ) as { id: number; at: string; kind: K; payload: string }[];
  const out: ShiftEntry<K>[] = [];
  for (const row of rows) {
    let payload: unknown;
    try {
      payload = JSON.parse(row.payload);
    } catch {
      continue;
    }
    const parsed = payloads[row.kind].safeParse(payload);
    if (!parsed.success) continue;
    out.push({ entryId: row.id, at: row.at, kind: row.kind, payload: parsed.data as ShiftEntryPayload<K> });
  }
  return out;
}

/** Which entries a shift covers: after its opening, before its closing (or the head). */
export interface EntryRange {
  tillId: string;
  training: boolean;
  afterEntryId: number;
  /** Exclusive; null: up to the head (an open shift). */
  beforeEntryId: number | null;
}

/** A sale whose `tx.begun` lies in the range, as it stands now. */
export interface RangeSale {
  orderNo: string;
  state: TxState;
  totalAmount: number;
  /** Per payment method as the day summary names them (`summaryMethodKey`). */
  payments: MethodAmounts;
}

/** A return that settled as done in the range (its money moved then), as it stands now. */
export interface RangeReturn {
  returnId: number;
  kind: ReturnKind;
  state: ReturnState;
  totalAmount: number;
  refunds: MethodAmounts;
}

const rangeParams = (range: EntryRange) => ({
  after: range.afterEntryId,
  before: range.beforeEntryId ?? Number.MAX_SAFE_INTEGER,
  till: range.tillId,
  training: range.training ? 1 : 0,
});

const named = (pairs: [string, number][]): MethodAmounts =>
  pairs.map(([method, amount]) => [summaryMethodKey(method), amount]);

/**
 * The sales of a till begun in the range (the money the cashier took then, whatever became of
 * the request): a walk over the range's entries by id, so a shift costs what it holds.
 */
export function salesInRange(db: Database.Database, range: EntryRange): RangeSale[] {
  const rows = statement(
    db,
    `SELECT t.order_no, t.state, t.total_amount, t.payments
     FROM entries e JOIN transactions t ON t.order_no = e.order_no
     WHERE e.id > @after AND e.id < @before AND e.kind = 'tx.begun'
       AND t.till_id = @till AND t.training = @training
       -- A 改開's new sale took no money: the customer paid once, for the voided invoice (item 2).
       AND t.body ->> '$.reissueOf' IS NULL
     ORDER BY e.id`,
  ).all(rangeParams(range)) as { order_no: string; state: TxState; total_amount: number; payments: string }[];
  return rows.map((row) => ({
    orderNo: row.order_no,
    state: row.state,
    totalAmount: row.total_amount,
    payments: named(paymentPairs(row.payments)),
  }));
}

/**
 * The entry at which a return became done: its money moved through the drawer then (the answer
 * came and the drawer opened), which for a 待確認 one settled later by the status query or by
 * hand is the settling entry, not the `return.begun` (issue 22, item 5). Done is final: one such
 * entry per done return.
 */
export const SETTLED_ENTRY_SQL = `(e.kind = 'return.done'
  OR (e.kind = 'return.resolved' AND json_extract(e.payload, '$.state') = 'done'))`;

/** The returns made at this till (its drawer paid them) that settled as done in the range. */
export function returnsInRange(db: Database.Database, range: EntryRange): RangeReturn[] {
  const rows = statement(
    db,
    // A 改開's void paid nothing back: the money stays, on the new invoice (item 2).
    `SELECT r.id, r.kind, r.state, r.total_amount,
       CASE WHEN r.reissue IS NULL THEN r.refunds ELSE '[]' END AS refunds
     FROM entries e JOIN returns r ON r.id = json_extract(e.payload, '$.returnId')
     WHERE e.id > @after AND e.id < @before AND ${SETTLED_ENTRY_SQL}
       AND r.till_id = @till AND r.training = @training
     ORDER BY e.id`,
  ).all(rangeParams(range)) as {
    id: number;
    kind: ReturnKind;
    state: ReturnState;
    total_amount: number;
    refunds: string;
  }[];
  return rows.map((row) => ({
    returnId: row.id,
    kind: row.kind,
    state: row.state,
    totalAmount: row.total_amount,
    refunds: named(paymentPairs(row.refunds)),
  }));
}

/** Sales and returns of this till whose request is being sent right now (state `in-flight`). */
export function inFlightAt(db: Database.Database, tillId: string): { sales: number; returns: number } {
  return {
    sales: statement(db, `SELECT count(*) FROM transactions WHERE state = 'in-flight' AND till_id = ?`)
      .pluck()
      .get(tillId) as number,
    returns: statement(db, `SELECT count(*) FROM returns WHERE state = 'in-flight' AND till_id = ?`)
      .pluck()
      .get(tillId) as number,
  };
}

/** The UTC bounds of a Taipei business day, as the journal's ISO `at` strings compare. */
export function businessDayBounds(day: string): { from: string; to: string } {
  const start = Date.parse(`${day}T00:00:00+08:00`);
  return { from: new Date(start).toISOString(), to: new Date(start + 86_400_000).toISOString() };
}

/**
 * The day's drawers (one till's, or every till's added), real and training apart: every event
 * that moved cash that day, each once (shared/domain/drawer.ts):
 *
 * - each shift opened that day: its float, or, when it took over a drawer, `takenOver`, unless
 *   the drawer it took over is of a shift of the same day and till (then it is the same cash,
 *   already in the day through that shift);
 * - each paid-in, paid-out and cash drop of those shifts;
 * - the cash part of every sale of the day (whatever became of its request: the customer paid);
 * - the cash of every return that settled as done that day (a refund when the drawer paid it,
 *   an allowance void's cash taken back as a negative refund), whatever day it began.
 */
export function dayDrawers(
  db: Database.Database,
  day: string,
  tillId: string | null,
): { sales: DrawerCash; training: DrawerCash } {
  const events = { sales: [] as DrawerEvent[], training: [] as DrawerEvent[] };
  const into = (training: boolean | number) => (training ? events.training : events.sales);
  const till = tillId === null ? {} : { tillId };
  const opened = listShiftEntries(db, { kinds: ['shift.opened'], businessDay: day, ...till });
  const shifts = new Map(opened.map((entry) => [entry.entryId, entry.payload]));
  for (const { payload } of opened) {
    const from = payload.takenOverFrom;
    if (from === undefined) into(payload.training).push({ part: 'floats', amount: payload.floatAmount });
    else if (shifts.get(from)?.tillId !== payload.tillId) {
      into(payload.training).push({ part: 'takenOver', amount: payload.floatAmount });
    }
  }
  if (shifts.size > 0) {
    const movements = listShiftEntries(db, {
      kinds: ['shift.cash-movement'],
      afterEntryId: Math.min(...shifts.keys()),
      ...till,
    });
    for (const { payload } of movements) {
      const shift = shifts.get(payload.shiftId);
      if (shift) into(shift.training).push({ part: movementPart(payload.kind), amount: payload.amount });
    }
  }
  const sales = statement(
    db,
    // A 改開's new sale took no cash: the customer paid once, for the invoice it replaces (item 2).
    `SELECT training, payments FROM transactions
     WHERE business_day = @day AND (@tillId IS NULL OR till_id = @tillId)
       AND body ->> '$.reissueOf' IS NULL`,
  ).iterate({ day, tillId }) as IterableIterator<{ training: number; payments: string }>;
  for (const row of sales) into(row.training).push({ part: 'cashSales', amount: cashOf(row.payments) });
  const settled = statement(
    db,
    // A done return is final: its row last moved at the entry that settled it (derive.ts).
    // A 改開's void paid nothing back: the money stays, on the new invoice (item 2).
    `SELECT training, kind, refunds FROM returns
     WHERE state = 'done' AND reissue IS NULL AND updated_at >= @from AND updated_at < @to
       AND (@tillId IS NULL OR till_id = @tillId)`,
  ).iterate({ ...businessDayBounds(day), tillId }) as IterableIterator<{
    training: number;
    kind: ReturnKind;
    refunds: string;
  }>;
  for (const row of settled) {
    const sign = row.kind === 'allowance-void' ? -1 : 1;
    into(row.training).push({ part: 'cashRefunds', amount: sign * cashOf(row.refunds) });
  }
  return { sales: drawerCash(events.sales), training: drawerCash(events.training) };
}

/** The cash in a stored payments or refunds column (a method named `cash`). */
function cashOf(pairs: string): number {
  let cash = 0;
  for (const [method, amount] of paymentPairs(pairs)) if (summaryMethodKey(method) === 'cash') cash += amount;
  return cash;
}

/** After the Z report the day is closed at this till (issue 22, item 6). */
export const dayClosed = (businessDay: string, number: number) => {
  const z = `Z${String(number).padStart(4, '0')}`;
  return new TillError('day-closed', {
    zh: `營業日 ${businessDay} 已做日結（${z}），本日不能再開班、銷售或退貨：請於下一個營業日再開班。未執行。`,
    en: `Business day ${businessDay} is closed by its Z report (${z}): no shift, sale or return on it any more; open the next shift on the next business day. Nothing was done.`,
  });
};

/**
 * Refuses a shift or a sale on a business day whose Z report this till made in this mode: the Z
 * closed the day, and a sale after it would be in no Z report. Checked inside the write of the
 * shift's or the sale's first entry, so nothing (not even an order number) is used.
 */
export function refuseClosedDay(
  db: Database.Database,
  tillId: string,
  training: boolean,
  businessDay: string,
): void {
  // On the sale's path: one look-up in the file's own index of Z reports (entries_z_day), where
  // a scan of the order-less entries grew with the journal.
  const number = statement(
    db,
    `SELECT json_extract(payload, '$.number') FROM entries
     WHERE kind = 'day.z-report' AND json_extract(payload, '$.tillId') = ?
       AND json_extract(payload, '$.training') = ? AND json_extract(payload, '$.businessDay') = ?`,
  )
    .pluck()
    .get(tillId, training ? 1 : 0, businessDay) as number | undefined;
  if (number !== undefined) throw dayClosed(businessDay, number);
}

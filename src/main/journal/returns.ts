import type Database from 'better-sqlite3';
import { z } from 'zod';
import { taipeiBusinessDay, type Bilingual } from '../../shared/domain';
import { PlainText } from '../../shared/ipc/contract/define';
import { appendEntry, type NewEntry } from './chain';
import { nextReturnRow, type ReturnBegunPayload } from './derive';
import { invalid, JournalError, notFound, refusedReturnTransition, RETURN_KIND_LABELS } from './errors';
import { findTx } from './queries';
import {
  findReturn,
  returnedLinesOf,
  returnsOfOrder,
  standingAllowances,
  voidStateOf,
} from './return-queries';
import { paymentPairs, returnExchangeFromEntry, toReturnRecord, type ReturnRow, type TxRow } from './rows';
import * as moves from './operation-moves';
import type { OperationTable } from './operation-moves';
import { saveRow, statement } from './statements';
import {
  RESENDABLE_RETURN_STATES,
  RETURN_EXCHANGE_OUTCOMES,
  type JournalEntry,
  type MethodAmounts,
  type NewReturn,
  type ReasonInput,
  type RejectionInput,
  type ReturnDoneInput,
  type ReturnExchangeInput,
  type ReturnExchangeRecord,
  type ReturnLine,
  type ReturnRecord,
  type ReturnResolutionInput,
  type ReturnState,
  type ReturnTotals,
} from './types';
import { assertTillId } from './order-numbers';
import { refuseClosedDay } from './shift-entries';
import { check } from './validate';

/**
 * The returns state machine (void, allowance, allowance void), with a sale's discipline: each
 * function runs inside the caller's write transaction, checks the move, appends the entry (with
 * the sale's order number, so the chain check replays the sale and its returns together) and
 * saves the row the entry derives (derive.ts), or throws and changes nothing.
 *
 *   in-flight → done | rejected | not-delivered | needs-verification
 *   needs-verification → done | not-done (a person, or the status query)
 *   not-delivered | not-done → in-flight (resend: same record, same prefix, attempt + 1)
 */

const iso = (date: Date) => date.toISOString();

// ------------------------------------------------------------------ allowance prefixes

/** `AllowanceNumberPrefix`: at most 10 characters (provider profile §4). */
export const MAX_ALLOWANCE_PREFIX_LENGTH = 10;
/**
 * Characters of the sequence after the till id, base 36 (0-9, A-Z): a fixed width, so the
 * prefixes of two tills never coincide (`T0` + 4 vs `T01` + 4 differ in length), and 36⁴ =
 * 1,679,616 allowances per till. Till ids of up to 6 characters (what Settings allows) fit.
 */
export const ALLOWANCE_SEQ_CHARS = 4;
const ALLOWANCE_PREFIX_PATTERN = /^[A-Z0-9]{1,10}$/;
const ALLOWANCE_NUMBER_PATTERN = /^[A-Z0-9]{1,20}$/;

/**
 * The next allowance prefix of this till: the till id and a 4-character base-36 sequence kept in
 * the journal (`T01` → `T010001`, whose first allowance number is the profile's `T010001001`),
 * committed before it is returned, never handed out again. The sequence is the till's, not the
 * day's: the service keeps a prefix unique forever.
 */
export function allocateAllowancePrefix(db: Database.Database, tillId: string): string {
  assertTillId(tillId);
  if (tillId.length > MAX_ALLOWANCE_PREFIX_LENGTH - ALLOWANCE_SEQ_CHARS) {
    throw invalid(
      `收銀機編號「${tillId}」超過 6 個字元，折讓單號字首（最多 10 字元）放不下`,
      `Till id "${tillId}" is longer than 6 characters: the allowance prefix (at most 10) has no room for it`,
    );
  }
  const row = statement(
    db,
    `INSERT INTO allowance_counters (till_id, last_seq) VALUES (?, 1)
     ON CONFLICT (till_id) DO UPDATE SET last_seq = last_seq + 1
     RETURNING last_seq`,
  ).get(tillId) as { last_seq: number };
  if (row.last_seq >= 36 ** ALLOWANCE_SEQ_CHARS) {
    throw new JournalError('journal-refused', {
      zh: `收銀機 ${tillId} 的折讓單號字首已用完`,
      en: `Till ${tillId} has used every allowance prefix`,
    });
  }
  return `${tillId}${row.last_seq.toString(36).toUpperCase().padStart(ALLOWANCE_SEQ_CHARS, '0')}`;
}

// ------------------------------------------------------------------ input checks

const date = z.instanceof(Date).refine((d) => !Number.isNaN(d.getTime()), 'invalid date');
const amount = z.number().int().min(1).max(99_999_999);
const methodAmounts = z
  .array(z.tuple([z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a payment method'), amount]))
  .max(10)
  .refine((pairs) => new Set(pairs.map(([method]) => method)).size === pairs.length, 'a method twice');
const person = PlainText(100).refine((s) => s.trim().length > 0, 'who did it is required');
const common = {
  orderNo: z.string().min(1).max(30),
  tillId: z.string(),
  reason: PlainText(20).refine((s) => s.trim().length > 0, 'a reason is required'),
  by: person,
  at: date.optional(),
};
const returnLine = z
  .object({
    sequence: z.string().regex(/^\d{3}$/, 'a line sequence: 001, 002, …'),
    quantity: z.number().finite().min(0),
    refundAmount: amount,
    amount: z.number().int().min(0),
    tax: z.number().int().min(0),
  })
  .strict()
  .refine((line) => line.amount + line.tax === line.refundAmount, 'amount + tax must equal refundAmount');
const newReturn = z.discriminatedUnion('kind', [
  z
    .object({
      ...common,
      kind: z.literal('void'),
      refunds: methodAmounts,
      // 改開: the invoice choice as the checkout takes it (checked there before the void is sent).
      reissue: z
        .object({ invoice: z.object({ kind: z.string() }).passthrough() })
        .strict()
        .optional(),
    })
    .strict(),
  z
    .object({
      ...common,
      kind: z.literal('allowance'),
      lines: z
        .array(returnLine)
        .min(1)
        .max(100)
        .refine((lines) => new Set(lines.map((l) => l.sequence)).size === lines.length, 'a line twice'),
      refunds: methodAmounts.min(1),
      allowancePrefix: z.string().regex(ALLOWANCE_PREFIX_PATTERN, 'at most 10 of A-Z 0-9').optional(),
    })
    .strict(),
  z
    .object({
      ...common,
      kind: z.literal('allowance-void'),
      allowanceReturnId: z.number().int().min(1),
      takenBack: methodAmounts.optional(),
    })
    .strict(),
]);
const returnExchange = z.object({
  operation: z.string().min(1).max(60),
  requestTimestamp: z.string().max(40).optional(),
  httpStatus: z.number().int().min(0).max(999).nullable(),
  statusCode: z.number().int().nullable(),
  resultMessage: z.string().max(2000).nullable(),
  durationMs: z.number().finite().min(0),
  outcome: z.enum(RETURN_EXCHANGE_OUTCOMES as [string, ...string[]]),
  error: z.string().max(2000).optional(),
  at: date.optional(),
});
const allowanceNumber = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(ALLOWANCE_NUMBER_PATTERN, 'an allowance number: A-Z 0-9'));
const doneInput = z.object({
  allowanceNumber: allowanceNumber.optional(),
  statusCode: z.number().int().nullable().optional(),
  resultMessage: z.string().max(2000).nullable().optional(),
  at: date.optional(),
});
const resolution = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('done'),
    allowanceNumber: allowanceNumber.optional(),
    by: person,
    note: z.string().max(500).optional(),
    at: date.optional(),
  }),
  z.object({
    outcome: z.literal('not-done'),
    by: person,
    note: z.string().max(500).optional(),
    at: date.optional(),
  }),
]);

// ------------------------------------------------------------------ helpers

function requireReturn(db: Database.Database, id: number): ReturnRow {
  const found = findReturn(db, id);
  if (!found) {
    throw new JournalError('journal-not-found', {
      zh: `找不到退貨紀錄 ${id}`,
      en: `No return ${id} in the journal`,
    });
  }
  // The row as stored, without the read-only `voided_by` and `reissue_state`: what derive.ts moves on from.
  const { voided_by: _voidedBy, reissue_state: _reissueState, ...row } = found;
  return row;
}

function requireState(found: ReturnRow, allowed: readonly ReturnState[], action: Bilingual): void {
  if (!allowed.includes(found.state))
    throw refusedReturnTransition(found.id, found.kind, found.state, action, allowed);
}

function commit(db: Database.Database, before: ReturnRow | null, entry: NewEntry): ReturnRecord {
  const appended: JournalEntry = appendEntry(db, entry);
  const row = nextReturnRow(before, appended)!;
  saveRow(db, 'returns', 'id', row);
  return toReturnRecord(findReturn(db, row.id)!);
}

const refused = (zh: string, en: string) => new JournalError('journal-refused', { zh, en });

/** Refunds go back by the sale's own payment methods, never more than was paid by one. */
function checkRefunds(sale: TxRow, refunds: MethodAmounts, total: number, allowEmpty: boolean): void {
  const paid = new Map<string, number>();
  for (const [method, value] of paymentPairs(sale.payments))
    paid.set(method, (paid.get(method) ?? 0) + value);
  for (const [method, value] of refunds) {
    if (!paid.has(method)) {
      throw invalid(
        `退款方式「${method}」不是原交易的付款方式`,
        `Refund method "${method}" is not one the sale was paid with`,
      );
    }
    if (value > paid.get(method)!) {
      throw invalid(
        `「${method}」退款 ${value} 元超過原交易以此方式支付的金額`,
        `The "${method}" refund of ${value} exceeds what the sale was paid by it`,
      );
    }
  }
  const sum = refunds.reduce((s, [, value]) => s + value, 0);
  if (!(allowEmpty && refunds.length === 0) && sum !== total) {
    throw invalid(`退款合計 ${sum} 元與應退金額 ${total} 元不同`, `The refunds total ${sum}, not ${total}`);
  }
}

/** Whether a void may be sent for this sale now (no other void standing, no allowance standing). */
function checkVoidAllowed(db: Database.Database, sale: TxRow, except: number | null): void {
  const other = statement(
    db,
    `SELECT id FROM returns WHERE order_no = ? AND kind = 'void' AND state IN ('in-flight','needs-verification','done') AND id <> ?`,
  )
    .pluck()
    .get(sale.order_no, except ?? 0) as number | undefined;
  if (other !== undefined) {
    throw refused(
      `訂單 ${sale.order_no} 已有作廢紀錄 ${other}（已完成或待確認），不能再作廢`,
      `Order ${sale.order_no} already has void ${other} (done or not yet settled): it cannot be voided again`,
    );
  }
  if (standingAllowances(db, sale.order_no).length > 0) {
    throw refused(
      `訂單 ${sale.order_no} 有折讓，請先作廢折讓或改用折讓`,
      `Order ${sale.order_no} has allowances standing: void them first, or make an allowance instead`,
    );
  }
}

/** Whether these allowance lines fit what was sold minus what standing allowances returned. */
function checkAllowanceAllowed(
  db: Database.Database,
  sale: TxRow,
  lines: readonly ReturnLine[],
  except: number | null,
): void {
  if (voidStateOf(db, sale.order_no) !== 'none') {
    throw refused(
      `訂單 ${sale.order_no} 已作廢或作廢待確認，不能折讓`,
      `Order ${sale.order_no} is voided or has a void not yet settled: no allowance`,
    );
  }
  const available = returnedLinesOf(db, sale, except);
  for (const line of lines) {
    const left = available.find((candidate) => candidate.sequence === line.sequence);
    if (!left) {
      throw invalid(`原交易沒有第 ${line.sequence} 項`, `The sale has no line ${line.sequence}`);
    }
    if (line.quantity > left.remainingQuantity || line.refundAmount > left.remainingAmount) {
      throw invalid(
        `第 ${line.sequence} 項可退數量 ${left.remainingQuantity}、金額 ${left.remainingAmount} 元，不足本次折讓`,
        `Line ${line.sequence} has ${left.remainingQuantity} left to return for ${left.remainingAmount}: less than this allowance`,
      );
    }
  }
}

/** Whether this allowance can still be voided: done, with its number, not undone by another. */
function checkAllowanceVoidAllowed(
  db: Database.Database,
  orderNo: string,
  targetId: number,
  except: number | null,
): ReturnRow {
  const target = findReturn(db, targetId);
  if (!target || target.order_no !== orderNo || target.kind !== 'allowance') {
    throw invalid(`訂單 ${orderNo} 沒有折讓 ${targetId}`, `Order ${orderNo} has no allowance ${targetId}`);
  }
  if (target.state !== 'done' || target.allowance_number === null) {
    throw refused(
      `折讓 ${targetId} 尚未完成，不能作廢`,
      `Allowance ${targetId} is not done: it cannot be voided`,
    );
  }
  const other = statement(
    db,
    `SELECT id FROM returns WHERE target_id = ? AND kind = 'allowance-void' AND state IN ('in-flight','needs-verification','done') AND id <> ?`,
  )
    .pluck()
    .get(targetId, except ?? 0) as number | undefined;
  if (other !== undefined) {
    throw refused(
      `折讓 ${targetId} 已有作廢紀錄 ${other}（已完成或待確認）`,
      `Allowance ${targetId} already has allowance void ${other} (done or not yet settled)`,
    );
  }
  const { voided_by: _voidedBy, reissue_state: _reissueState, ...row } = target;
  return row;
}

function checkAllowanceNumber(
  db: Database.Database,
  found: ReturnRow,
  number: string | undefined,
): string | null {
  if (found.kind !== 'allowance') return null;
  if (number === undefined) {
    throw invalid('折讓完成時須有折讓單號', 'A done allowance needs its AllowanceNumber');
  }
  if (found.allowance_prefix !== null && !number.startsWith(found.allowance_prefix)) {
    throw invalid(
      `折讓單號 ${number} 不是以本折讓的字首 ${found.allowance_prefix} 開頭`,
      `Allowance number ${number} does not start with this allowance's prefix ${found.allowance_prefix}`,
    );
  }
  const other = statement(
    db,
    `SELECT id FROM returns WHERE allowance_number = ? AND kind = 'allowance' AND id <> ?`,
  )
    .pluck()
    .get(number, found.id) as number | undefined;
  if (other !== undefined) {
    throw invalid(
      `折讓單號 ${number} 已屬於折讓 ${other}`,
      `Allowance number ${number} already belongs to return ${other}`,
    );
  }
  return number;
}

// ------------------------------------------------------------------ moves

export function beginReturn(db: Database.Database, input: NewReturn, now: Date): ReturnRecord {
  const parsed = check(newReturn, input, { zh: '退貨資料', en: 'return' }) as NewReturn;
  assertTillId(parsed.tillId);
  const sale = findTx(db, parsed.orderNo);
  if (!sale) throw notFound(parsed.orderNo);
  if (sale.state !== 'issued' || sale.invoice_number === null) {
    throw refused(
      `訂單 ${sale.order_no} 沒有已開立的發票，不能${RETURN_KIND_LABELS[parsed.kind].zh}`,
      `Order ${sale.order_no} has no issued invoice: no ${RETURN_KIND_LABELS[parsed.kind].en.toLowerCase()}`,
    );
  }
  const at = parsed.at ?? now;
  // The Z closed the day at this till: a return begun after it would be in no Z report (issue
  // 22, items 6 and 15), refused as a sale is, before anything (not even a prefix) is used.
  refuseClosedDay(db, parsed.tillId, sale.training === 1, taipeiBusinessDay(at));
  let totals: ReturnTotals;
  let refunds: MethodAmounts;
  let lines: ReturnLine[] = [];
  let allowancePrefix: string | null = null;
  let allowanceNumber: string | null = null;
  let targetReturnId: number | null = null;
  if (parsed.kind === 'void') {
    checkVoidAllowed(db, sale, null);
    totals = {
      totalAmount: sale.total_amount,
      salesAmount: sale.total_amount - sale.tax_amount,
      taxAmount: sale.tax_amount,
    };
    checkRefunds(sale, parsed.refunds, sale.total_amount, true);
    refunds = parsed.refunds;
  } else if (parsed.kind === 'allowance') {
    const saleLines = (JSON.parse(sale.body) as { lines: { name: string }[] }).lines;
    lines = parsed.lines.map((line) => ({
      sequence: line.sequence,
      name: saleLines[Number(line.sequence) - 1]?.name ?? '',
      quantity: line.quantity,
      refundAmount: line.refundAmount,
      amount: line.amount,
      tax: line.tax,
    }));
    checkAllowanceAllowed(db, sale, lines, null);
    totals = {
      totalAmount: lines.reduce((s, l) => s + l.refundAmount, 0),
      salesAmount: lines.reduce((s, l) => s + l.amount, 0),
      taxAmount: lines.reduce((s, l) => s + l.tax, 0),
    };
    checkRefunds(sale, parsed.refunds, totals.totalAmount, false);
    refunds = parsed.refunds;
    allowancePrefix = parsed.allowancePrefix ?? allocateAllowancePrefix(db, parsed.tillId);
    const used = statement(db, 'SELECT id FROM returns WHERE allowance_prefix = ?')
      .pluck()
      .get(allowancePrefix) as number | undefined;
    if (used !== undefined) {
      throw invalid(
        `折讓單號字首 ${allowancePrefix} 已用於折讓 ${used}，字首不可重複使用`,
        `Allowance prefix ${allowancePrefix} is already used by return ${used}: a prefix is never reused`,
      );
    }
  } else {
    const target = checkAllowanceVoidAllowed(db, sale.order_no, parsed.allowanceReturnId, null);
    totals = {
      totalAmount: target.total_amount,
      salesAmount: target.sales_amount,
      taxAmount: target.tax_amount,
    };
    refunds = parsed.takenBack ?? [];
    if (refunds.length > 0) checkRefunds(sale, refunds, target.total_amount, true);
    allowanceNumber = target.allowance_number;
    targetReturnId = target.id;
  }
  // The id SQLite would give the row: the entry names the return before the row exists.
  const id = statement(db, 'SELECT coalesce(max(id), 0) + 1 FROM returns').pluck().get() as number;
  const payload: ReturnBegunPayload = {
    returnId: id,
    kind: parsed.kind,
    state: 'in-flight',
    attempt: 1,
    invoiceNumber: sale.invoice_number,
    tillId: parsed.tillId,
    companyId: sale.company_id,
    businessDay: taipeiBusinessDay(at),
    training: sale.training === 1,
    reason: parsed.reason,
    by: parsed.by,
    allowancePrefix,
    allowanceNumber,
    targetReturnId,
    totals,
    refunds,
    lines,
    // Only on a 改開, so that every other return's entry reads as before.
    ...(parsed.kind === 'void' && parsed.reissue
      ? { reissue: { invoice: { ...parsed.reissue.invoice } } }
      : {}),
  };
  return commit(db, null, {
    at: iso(at),
    kind: 'return.begun',
    orderNo: sale.order_no,
    payload: payload as unknown as Record<string, unknown>,
  });
}

/** The returns' table for the moves every provider-operation record shares (operation-moves.ts). */
const RETURNS: OperationTable<ReturnRow, ReturnRecord, number> = {
  prefix: 'return',
  require: requireReturn,
  idPayload: (id) => ({ returnId: id }),
  refuse: (found, action, allowed) =>
    refusedReturnTransition(found.id, found.kind, found.state, action, allowed as readonly ReturnState[]),
  save: (db, before, entry) => {
    const row = nextReturnRow(before, entry)!;
    saveRow(db, 'returns', 'id', row);
    return row;
  },
  record: (db, row) => toReturnRecord(findReturn(db, row.id)!),
};

export function recordReturnExchange(
  db: Database.Database,
  id: number,
  input: ReturnExchangeInput,
  now: Date,
): ReturnExchangeRecord {
  const { entry, payload } = moves.recordExchange(db, RETURNS, id, input, { schema: returnExchange }, now);
  return returnExchangeFromEntry(
    entry.id,
    entry.at,
    payload as Parameters<typeof returnExchangeFromEntry>[2],
  );
}

export function markReturnDone(
  db: Database.Database,
  id: number,
  input: ReturnDoneInput,
  now: Date,
): ReturnRecord {
  const parsed = check(doneInput, input, { zh: '完成結果', en: 'done result' });
  const found = requireReturn(db, id);
  requireState(found, ['in-flight'], { zh: '記為已完成', en: 'marked done' });
  const number = checkAllowanceNumber(db, found, parsed.allowanceNumber);
  return commit(db, found, {
    at: iso(parsed.at ?? now),
    kind: 'return.done',
    orderNo: found.order_no,
    payload: {
      returnId: id,
      state: 'done',
      allowanceNumber: number,
      statusCode: parsed.statusCode ?? null,
      resultMessage: parsed.resultMessage ?? null,
    },
  });
}

export function markReturnRejected(
  db: Database.Database,
  id: number,
  input: RejectionInput,
  now: Date,
): ReturnRecord {
  return moves.markRejected(db, RETURNS, id, input, now);
}

export function markReturnOpen(
  db: Database.Database,
  id: number,
  state: 'not-delivered' | 'needs-verification',
  input: ReasonInput,
  now: Date,
): ReturnRecord {
  return moves.markOpen(db, RETURNS, id, state, input, now);
}

export function resolveReturn(
  db: Database.Database,
  id: number,
  input: ReturnResolutionInput,
  now: Date,
): ReturnRecord {
  const parsed = check(resolution, input, { zh: '確認結果', en: 'resolution' });
  const found = requireReturn(db, id);
  requireState(found, ['needs-verification'], { zh: '確認結果', en: 'resolved' });
  const number = parsed.outcome === 'done' ? checkAllowanceNumber(db, found, parsed.allowanceNumber) : null;
  const at = iso(parsed.at ?? now);
  return commit(db, found, {
    at,
    kind: 'return.resolved',
    orderNo: found.order_no,
    payload: {
      returnId: id,
      state: parsed.outcome,
      outcome: parsed.outcome,
      by: parsed.by,
      at,
      allowanceNumber: number,
      note: parsed.note ?? null,
    },
  });
}

/**
 * not-delivered | not-done → in-flight: the SAME return (same prefix, same lines), attempt + 1.
 * Checked again against what stands now: another return may have been made meanwhile.
 */
export function resendReturn(
  db: Database.Database,
  id: number,
  options: { by?: string; at?: Date },
  now: Date,
): ReturnRecord {
  const found = requireReturn(db, id);
  requireState(found, RESENDABLE_RETURN_STATES, { zh: '重新送出', en: 'resent' });
  const sale = findTx(db, found.order_no)!;
  if (found.kind === 'void') checkVoidAllowed(db, sale, id);
  else if (found.kind === 'allowance')
    checkAllowanceAllowed(db, sale, JSON.parse(found.lines) as ReturnLine[], id);
  else checkAllowanceVoidAllowed(db, found.order_no, found.target_id!, id);
  return commit(db, found, {
    at: iso(options.at ?? now),
    kind: 'return.resent',
    orderNo: found.order_no,
    payload: {
      returnId: id,
      state: 'in-flight',
      from: found.state,
      attempt: found.attempt + 1,
      by: options.by ?? null,
    },
  });
}

/**
 * 改開: a new sale that names `reissueOf` pays the reissue that sale's void owes, in the same
 * write as its `tx.begun` (a crash cannot leave a reissue made and still owed, so it is never
 * made twice). A second new sale while one stands or may stand is refused; after one rejected
 * or not issued, the reissue is owed again and a new one may pay it. A void made without a
 * reissue owes none: nothing is linked.
 */
export function linkReissue(
  db: Database.Database,
  reissueOf: string,
  reissueOrderNo: string,
  at: Date,
): ReturnRecord | null {
  const owing = returnsOfOrder(db, reissueOf).filter((row) => row.kind === 'void' && row.reissue !== null);
  if (owing.length === 0) return null;
  const record = owing.map(toReturnRecord).find((r) => r.state === 'done' && r.reissue?.owed);
  if (!record) {
    const paid = owing.map(toReturnRecord).find((r) => r.reissue?.orderNo && !r.reissue.owed);
    throw refused(
      paid
        ? `訂單 ${reissueOf} 已改開為訂單 ${paid.reissue!.orderNo}，不能再改開`
        : `訂單 ${reissueOf} 的作廢尚未完成，不能改開`,
      paid
        ? `Order ${reissueOf} was already reissued as order ${paid.reissue!.orderNo}`
        : `Order ${reissueOf} is not voided yet: it cannot be reissued`,
    );
  }
  const { voided_by: _voidedBy, reissue_state: _reissueState, ...row } = findReturn(db, record.id)!;
  return commit(db, row, {
    at: iso(at),
    kind: 'return.reissued',
    orderNo: reissueOf,
    payload: { returnId: record.id, reissueOrderNo },
  });
}

/** At startup: every return left in flight by a crash becomes needs-verification. */
export function recoverInFlightReturns(db: Database.Database, at: Date): ReturnRecord[] {
  const inFlight = statement(db, `SELECT id FROM returns WHERE state = 'in-flight' ORDER BY id`)
    .pluck()
    .all() as number[];
  const reason =
    '程式中斷時仍在傳送中，請查詢發票狀態確認是否已完成 / The till stopped while this was in flight: check the invoice status';
  return moves.recover(db, RETURNS, inFlight, reason, at);
}

import type Database from 'better-sqlite3';
import { taipeiBusinessDay } from '../../shared/domain';
import { statement } from './statements';
import { invalid, JournalError } from './errors';
import type { OrderGap } from './types';

/**
 * Order numbers (the provider's `BillingNo`): `<till>-<YYYYMMDD>-<seq>`, e.g. `T01-20261122-000123`.
 * Unique per seller because the till id is in it; never reused because the per-till daily
 * sequence is committed (synchronous=FULL) before the number is handed out. At most 29 characters
 * of [A-Z0-9-], within the BillingNo limit we keep (30).
 */
export const TILL_ID_PATTERN = /^[A-Z0-9]{1,12}$/;
export const ORDER_NO_PATTERN = /^([A-Z0-9]{1,12})-(\d{8})-(\d{6,7})$/;
export const MAX_ORDER_NO_LENGTH = 30;
const MAX_DAILY_SEQ = 9_999_999;

export function assertTillId(tillId: string): void {
  if (!TILL_ID_PATTERN.test(tillId)) {
    throw invalid(
      `收銀機編號「${tillId}」須為 1 到 12 個大寫英文字母或數字`,
      `Till id "${tillId}" must be 1 to 12 capital letters or digits`,
    );
  }
}

export function formatOrderNo(tillId: string, day: string, seq: number): string {
  return `${tillId}-${day.replace(/-/g, '')}-${String(seq).padStart(6, '0')}`;
}

export function parseOrderNo(orderNo: string): { tillId: string; day: string; seq: number } | null {
  const match = ORDER_NO_PATTERN.exec(orderNo);
  if (!match) return null;
  const [, tillId, ymd, seq] = match as unknown as [string, string, string, string];
  return { tillId, day: `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`, seq: Number(seq) };
}

/** Any order number the journal accepts (ours, or a migrated one): the BillingNo's character set. */
export function isAcceptableOrderNo(orderNo: string): boolean {
  return orderNo.length >= 1 && orderNo.length <= MAX_ORDER_NO_LENGTH && /^[A-Z0-9-]+$/.test(orderNo);
}

/** Allocates the next number for this till and Taipei business day; run inside a write transaction. */
export function allocateOrderNo(db: Database.Database, tillId: string, instant: Date): string {
  assertTillId(tillId);
  if (Number.isNaN(instant.getTime())) throw invalid('時間不正確', 'The instant is not a valid date');
  const day = taipeiBusinessDay(instant);
  const row = statement(
    db,
    `INSERT INTO order_counters (till_id, day, last_seq) VALUES (?, ?, 1)
     ON CONFLICT (till_id, day) DO UPDATE SET last_seq = last_seq + 1
     RETURNING last_seq`,
  ).get(tillId, day) as { last_seq: number };
  if (row.last_seq > MAX_DAILY_SEQ) {
    throw new JournalError('journal-refused', {
      zh: `收銀機 ${tillId} 今日的訂單編號已用完`,
      en: `Till ${tillId} has used every order number for ${day}`,
    });
  }
  return formatOrderNo(tillId, day, row.last_seq);
}

const GAP_LIST_LIMIT = 50;

/**
 * Per till and business day: the numbers the counter handed out (1 … last_seq, and any sold
 * beyond it) that have no transaction. The engine takes a number and writes its sale in one
 * commit, so on a till a gap means a sale was removed (the last ones of a day, say, which leaves
 * the chain itself consistent) or a number was taken by a tool and not used. One range read of
 * the order-number key per counter row; a day without gaps costs one count.
 */
export function findOrderGaps(db: Database.Database): OrderGap[] {
  const counters = statement(
    db,
    'SELECT till_id, day, last_seq FROM order_counters ORDER BY day, till_id',
  ).all() as { till_id: string; day: string; last_seq: number }[];
  const gaps: OrderGap[] = [];
  for (const counter of counters) {
    const prefix = `${counter.till_id}-${counter.day.replace(/-/g, '')}-`;
    // Order numbers are [A-Z0-9-]: every one with this prefix sorts before the prefix ending in '.'.
    const range = { lo: prefix, hi: `${prefix.slice(0, -1)}.`, cut: prefix.length + 1 };
    const summary = statement(
      db,
      `SELECT count(*) AS n, max(CAST(substr(order_no, @cut) AS INTEGER)) AS top
       FROM transactions WHERE order_no >= @lo AND order_no < @hi`,
    ).get(range) as { n: number; top: number | null };
    const top = Math.max(counter.last_seq, summary.top ?? 0);
    if (summary.n === top) continue;
    const sold = new Set(
      (
        statement(
          db,
          'SELECT CAST(substr(order_no, @cut) AS INTEGER) FROM transactions WHERE order_no >= @lo AND order_no < @hi',
        )
          .pluck()
          .all(range) as number[]
      ).filter((seq) => Number.isInteger(seq)),
    );
    const missing: number[] = [];
    let missingCount = 0;
    for (let seq = 1; seq <= top; seq++) {
      if (sold.has(seq)) continue;
      missingCount++;
      if (missing.length < GAP_LIST_LIMIT) missing.push(seq);
    }
    if (missingCount > 0) {
      gaps.push({
        tillId: counter.till_id,
        businessDay: counter.day,
        lastHandedOut: counter.last_seq,
        missingCount,
        missing,
      });
    }
  }
  return gaps;
}

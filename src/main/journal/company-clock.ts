import type Database from 'better-sqlite3';
import { invalid, JournalError } from './errors';
import { statement } from './statements';

/** How many handed-out seconds are remembered per company: far more than any window holds. */
const KEPT_TIMESTAMPS = 10_000;

/**
 * Reservations between two prunings on one connection. Finding the 10,000th newest second walks
 * 10,000 index entries: done at every sale it was the largest cost of the sale's first commit,
 * growing with the table. Once in PRUNE_EVERY (and at each connection's first reservation) keeps
 * the table under KEPT_TIMESTAMPS + PRUNE_EVERY rows per company and connection, and never drops
 * one of the newest KEPT_TIMESTAMPS.
 */
const PRUNE_EVERY = 1_000;
const sinceLastPrune = new WeakMap<Database.Database, Map<string, number>>();

/**
 * Only the newest seconds can matter (at most window + 1 of them fall in any window); the clock
 * itself cannot say which are old, since it may be the thing that was wrong: so the table keeps
 * the newest KEPT_TIMESTAMPS whatever their age.
 */
function pruneNow(db: Database.Database, companyId: string): void {
  let counts = sinceLastPrune.get(db);
  if (!counts) sinceLastPrune.set(db, (counts = new Map()));
  const since = counts.get(companyId);
  if (since !== undefined && since < PRUNE_EVERY) {
    counts.set(companyId, since + 1);
    return;
  }
  statement(
    db,
    `DELETE FROM request_timestamps WHERE company_id = ? AND ts < (
       SELECT ts FROM request_timestamps WHERE company_id = ? ORDER BY ts DESC LIMIT 1 OFFSET ?)`,
  ).run(companyId, companyId, KEPT_TIMESTAMPS - 1);
  counts.set(companyId, 1);
}

/**
 * The request `Timestamp` per company (provider profile §1: accepted within `window` seconds of
 * the service's clock, never twice for one key pair, also across restarts).
 *
 * - Normally `max(now, last + 1)`: a second is never handed out twice, even when the clock jumps
 *   back a little (a correction of a few minutes continues from `last + 1`).
 * - Seconds handed out more than `window` ahead of now are left aside: when the PC clock was
 *   ahead and has been corrected, they were refused by the service, so the clock restarts from
 *   now, skipping only the seconds it handed out that the service could accept (kept in
 *   `request_timestamps`). Without this, one sale with the clock a week ahead made every later
 *   sale `Timestamp expired`, for good.
 * - The same rule, when the PC clock is the one that jumped back, sends the till's own time: the
 *   service refuses it, and the cashier is told the till's clock is slow (an invoice with a wrong
 *   date must not go out quietly). The seconds left aside count again once the clock is right.
 * - It never hands out a timestamp beyond `now + window`: that request could only be refused. A
 *   till that sells faster than one sale a second for longer than the window is told to wait.
 *
 * Stored before it is returned; runs inside the caller's write transaction.
 */
export function reserveTimestamp(
  db: Database.Database,
  companyId: string,
  nowEpochSeconds: number,
  windowSeconds: number,
): string {
  // A key pair other than the POS one has a timestamp space of its own: `<companyId>:<pair>`
  // (the standard API's `24549210:standard`, see invoice-service/standard-client.ts).
  if (!/^\d{8}(:[a-z]{1,16})?$/.test(companyId)) {
    throw invalid(`賣方統一編號「${companyId}」須為 8 位數字`, `Company id "${companyId}" must be 8 digits`);
  }
  if (!Number.isSafeInteger(nowEpochSeconds) || nowEpochSeconds <= 0) {
    throw invalid('時間戳記必須是正整數秒', 'The current time must be whole epoch seconds');
  }
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 1) {
    throw invalid('時間戳記的有效範圍必須是正整數秒', 'The timestamp window must be whole seconds');
  }
  const now = nowEpochSeconds;
  const ceiling = now + windowSeconds;
  pruneNow(db, companyId);
  // The highest second handed out that the service could accept now. Those beyond the window
  // are left aside, not forgotten: once the clock reaches them again they count. Two scalar
  // look-ups, each one step down the primary key: a max() over a UNION of the two walked every
  // kept second of the company at every sale.
  const found = statement(
    db,
    `SELECT (SELECT max(ts) FROM request_timestamps WHERE company_id = ? AND ts <= ?) AS kept,
       (SELECT last_timestamp FROM company_clock WHERE company_id = ? AND last_timestamp <= ?) AS clock`,
  ).get(companyId, ceiling, companyId, ceiling) as { kept: number | null; clock: number | null };
  const highest = Math.max(found.kept ?? now - 1, found.clock ?? now - 1);
  const next = Math.max(now, highest + 1);
  if (next > ceiling) {
    const wait = next - ceiling;
    throw new JournalError('journal-refused', {
      zh: `送出的發票請求太密集（每秒最多一張），請等 ${wait} 秒後再結帳；未送出任何資料。`,
      en: `Too many invoice requests in a row (one a second at most): wait ${wait} s and check out again; nothing was sent.`,
    });
  }
  statement(
    db,
    `INSERT INTO company_clock (company_id, last_timestamp) VALUES (?, ?)
     ON CONFLICT (company_id) DO UPDATE SET last_timestamp = max(last_timestamp, excluded.last_timestamp)`,
  ).run(companyId, next);
  statement(db, 'INSERT OR IGNORE INTO request_timestamps (company_id, ts) VALUES (?, ?)').run(
    companyId,
    next,
  );
  return String(next);
}

import type Database from 'better-sqlite3';
import { invalid, JournalError } from './errors';
import { statement } from './statements';

/**
 * The request `Timestamp` per company (provider profile §1: accepted within `window` seconds of
 * the service's clock, never twice for one key pair, also across restarts).
 *
 * - Normally `max(now, last + 1)`: a second is never handed out twice, even when the clock jumps
 *   back a little (a correction of a few minutes continues from `last + 1`).
 * - A timestamp more than `window` ahead of now was never accepted (the service's clock cannot
 *   have been that far ahead), so when the stored one is, the PC clock was ahead and has been
 *   corrected: the clock restarts from now and skips only the seconds it handed out that the
 *   service could still have accepted (kept in `request_timestamps`). Without this, one sale with
 *   the clock a week ahead made every later sale `Timestamp expired`, for good.
 * - It never hands out a timestamp beyond `now + window`: that request could only be refused. A
 *   till that sells faster than one sale a second for longer than the window is told to wait.
 *
 * Stored before it is returned; runs inside the caller's write transaction.
 */
/** How many handed-out seconds are remembered per company: far more than any window holds. */
const KEPT_TIMESTAMPS = 10_000;

export function reserveTimestamp(
  db: Database.Database,
  companyId: string,
  nowEpochSeconds: number,
  windowSeconds: number,
): string {
  if (!/^\d{8}$/.test(companyId)) {
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
  const last = statement(db, 'SELECT last_timestamp FROM company_clock WHERE company_id = ?')
    .pluck()
    .get(companyId) as number | undefined;

  // Only the newest seconds can matter (at most window + 1 of them fall in any window); the
  // clock itself cannot say which are old, since it may be the thing that was wrong.
  statement(
    db,
    `DELETE FROM request_timestamps WHERE company_id = ? AND ts < (
       SELECT ts FROM request_timestamps WHERE company_id = ? ORDER BY ts DESC LIMIT 1 OFFSET ?)`,
  ).run(companyId, companyId, KEPT_TIMESTAMPS - 1);
  let next: number;
  if (last !== undefined && last > ceiling) {
    // The stored ones above the window were refused by the service: they are not "used".
    statement(db, 'DELETE FROM request_timestamps WHERE company_id = ? AND ts > ?').run(companyId, ceiling);
    const highest = statement(db, 'SELECT max(ts) FROM request_timestamps WHERE company_id = ?')
      .pluck()
      .get(companyId) as number | null;
    next = Math.max(now, (highest ?? now - 1) + 1);
  } else {
    next = Math.max(now, (last ?? now - 1) + 1);
  }
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
     ON CONFLICT (company_id) DO UPDATE SET last_timestamp = excluded.last_timestamp`,
  ).run(companyId, next);
  statement(db, 'INSERT OR IGNORE INTO request_timestamps (company_id, ts) VALUES (?, ?)').run(
    companyId,
    next,
  );
  return String(next);
}

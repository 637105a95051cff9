import type Database from 'better-sqlite3';
import { statement } from './statements';
import { invalid } from './errors';

/**
 * The request `Timestamp` per company: epoch seconds that only move forward, so a timestamp is
 * never used twice (the provider rejects reuse, also across restarts), even when the clock jumps
 * back. Stored before it is returned; run inside a write transaction.
 */
export function reserveTimestamp(db: Database.Database, companyId: string, nowEpochSeconds: number): string {
  if (!/^\d{8}$/.test(companyId)) {
    throw invalid(`賣方統一編號「${companyId}」須為 8 位數字`, `Company id "${companyId}" must be 8 digits`);
  }
  if (!Number.isSafeInteger(nowEpochSeconds) || nowEpochSeconds <= 0) {
    throw invalid('時間戳記必須是正整數秒', 'The current time must be whole epoch seconds');
  }
  const row = statement(
    db,
    `INSERT INTO company_clock (company_id, last_timestamp) VALUES (?, ?)
     ON CONFLICT (company_id) DO UPDATE SET last_timestamp = max(excluded.last_timestamp, last_timestamp + 1)
     RETURNING last_timestamp`,
  ).get(companyId, nowEpochSeconds) as { last_timestamp: number };
  return String(row.last_timestamp);
}

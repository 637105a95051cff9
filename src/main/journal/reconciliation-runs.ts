import type Database from 'better-sqlite3';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { appendEntry, latestEntriesOfKind } from './chain';
import { invalid } from './errors';
import { checkBy } from './supervisor-actions';
import type { ReconciliationRunInput, ReconciliationRunRecord } from './types';

/**
 * Reconciliation runs as chained entries of their own (kind `reconciliation.run`, no order
 * number), like supervisor actions: no state row changes, so the chain check replays nothing for
 * them, but an edited or deleted record breaks the chain. Only figures go in (counts, days, who):
 * never a secret, never a provider's text.
 */
const TRIGGERS: ReadonlySet<string> = new Set(['closing', 'on-demand', 'background', 'store', 'cli']);

const TILL_ID = /^[A-Za-z0-9._-]{1,40}$/;

const count = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function recordReconciliationRun(
  db: Database.Database,
  input: ReconciliationRunInput,
  at: Date,
): ReconciliationRunRecord {
  if (!TRIGGERS.has(input.trigger)) {
    throw invalid(
      `不明的核對方式「${String(input.trigger)}」`,
      `Unknown reconciliation trigger "${String(input.trigger)}"`,
    );
  }
  if (
    !Array.isArray(input.businessDays) ||
    input.businessDays.length === 0 ||
    input.businessDays.length > 400 ||
    !input.businessDays.every((day) => BusinessDay.safeParse(day).success)
  ) {
    throw invalid(
      '營業日須為 1 到 400 個 YYYY-MM-DD 日期',
      'Business days must be 1 to 400 YYYY-MM-DD dates',
    );
  }
  if (!count(input.checked) || !count(input.requests) || typeof input.complete !== 'boolean') {
    throw invalid('核對數量須為非負整數', 'Reconciliation figures must be whole numbers, not negative');
  }
  // Keys are our own finding kinds; still checked, since they become JSON keys of a chained entry.
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(input.counts ?? {})) {
    if (!/^[a-z][a-z-]{0,39}$/.test(key) || !count(value)) {
      throw invalid('核對結果的項目不正確', 'A reconciliation count is malformed');
    }
    counts[key] = value;
  }
  const by = input.by ?? null;
  if (by !== null) checkBy(by);
  const tills = input.tills ?? [];
  if (!Array.isArray(tills) || tills.length > 64 || !tills.every((till) => TILL_ID.test(till))) {
    throw invalid('收銀機代號不正確', 'A till id is malformed');
  }
  const payload = {
    trigger: input.trigger,
    businessDays: [...input.businessDays],
    checked: input.checked,
    requests: input.requests,
    complete: input.complete,
    counts,
    by,
    tills: [...tills],
  };
  const entry = appendEntry(db, { at: at.toISOString(), kind: 'reconciliation.run', orderNo: null, payload });
  return { entryId: entry.id, at: entry.at, ...payload };
}

/** Reconciliation runs, newest first (at most `limit`). */
export function listReconciliationRuns(db: Database.Database, limit: number): ReconciliationRunRecord[] {
  return latestEntriesOfKind<Omit<ReconciliationRunRecord, 'entryId' | 'at'>>(
    db,
    'reconciliation.run',
    limit,
  ).map(({ id, at, payload }) => ({ entryId: id, at, ...payload }));
}

import type Database from 'better-sqlite3';
import { appendEntry } from './chain';
import { invalid } from './errors';
import { statement } from './statements';
import type { SupervisorActionInput, SupervisorActionKind, SupervisorActionRecord } from './types';

/**
 * Supervisor actions (anything done with the PIN) as chained entries of their own, with no order
 * number: the state rows do not change, so the chain check replays nothing for them, but an
 * edited or deleted record breaks the chain like any other entry.
 */
const ACTIONS: ReadonlySet<SupervisorActionKind> = new Set<SupervisorActionKind>([
  'settings.update',
  'settings.set-pin',
  'catalog.import',
  'catalog.load-sample',
  'journal.export',
  'printing.open-drawer',
  'printing.reprint',
  'verification.resolve',
  'checkout.resubmit',
  'journal.chain-broken-acknowledged',
  'reconciliation.store',
  'reconciliation.accept',
  'shift.x-report',
  'day.z-report-copy',
  'training.drill',
]);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function recordSupervisorAction(
  db: Database.Database,
  input: SupervisorActionInput,
  at: Date,
): SupervisorActionRecord {
  if (!ACTIONS.has(input.action)) {
    throw invalid(
      `不明的主管操作「${String(input.action)}」`,
      `Unknown supervisor action "${String(input.action)}"`,
    );
  }
  if (
    typeof input.by !== 'string' ||
    input.by.length === 0 ||
    input.by.length > 40 ||
    CONTROL.test(input.by)
  ) {
    throw invalid('操作人員名稱須為 1 到 40 個可見字元', 'Who did it must be 1 to 40 visible characters');
  }
  const detail = input.detail ?? {};
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind: 'supervisor.action',
    orderNo: null,
    payload: { action: input.action, by: input.by, detail },
  });
  return { entryId: entry.id, at: entry.at, action: input.action, by: input.by, detail };
}

export function listSupervisorActions(db: Database.Database, limit: number): SupervisorActionRecord[] {
  const rows = statement(
    db,
    `SELECT id, at, payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id DESC LIMIT ?`,
  ).all(Math.max(1, Math.min(limit, 10_000))) as { id: number; at: string; payload: string }[];
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as {
      action: SupervisorActionKind;
      by: string;
      detail: Record<string, unknown>;
    };
    return { entryId: row.id, at: row.at, action: payload.action, by: payload.by, detail: payload.detail };
  });
}

import type Database from 'better-sqlite3';
import { isVisibleText } from '../../shared/domain/plain-text';
import { appendEntry, latestEntriesOfKind } from './chain';
import { invalid } from './errors';
import type {
  SupervisorActionInput,
  SupervisorActionKind,
  SupervisorActionRecord,
  TillKeyPin,
} from './types';

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
  'catalog.product-saved',
  'catalog.export',
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
  'reconciliation.till-key',
  'head-office.claim-resolved',
  'invoice-mode.top-up',
  'invoice-mode.blank-report',
]);

/**
 * Who did it: 1 to 40 characters of visible text (the one plain-text rule). Supervisor actions and
 * reconciliation runs both name a person this way.
 */
export function checkBy(by: unknown): asserts by is string {
  if (typeof by !== 'string' || by.length === 0 || by.length > 40 || !isVisibleText(by)) {
    throw invalid('操作人員名稱須為 1 到 40 個可見字元', 'Who did it must be 1 to 40 visible characters');
  }
}

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
  checkBy(input.by);
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
  return latestEntriesOfKind<{ action: SupervisorActionKind; by: string; detail: Record<string, unknown> }>(
    db,
    'supervisor.action',
    limit,
  ).map(({ id, at, payload }) => ({
    entryId: id,
    at,
    action: payload.action,
    by: payload.by,
    detail: payload.detail,
  }));
}

/** Every `reconciliation.till-key` record, oldest first (never cut to the latest N: a pin stays). */
export function listTillKeyPins(db: Database.Database): TillKeyPin[] {
  const rows = db
    .prepare(
      `SELECT at, payload FROM entries WHERE kind = 'supervisor.action'
         AND json_extract(payload, '$.action') = 'reconciliation.till-key' ORDER BY id`,
    )
    .all() as { at: string; payload: string }[];
  const pins: TillKeyPin[] = [];
  for (const row of rows) {
    const { by, detail } = JSON.parse(row.payload) as { by: string; detail: Record<string, unknown> };
    const { tillId, publicKey, fingerprint } = detail;
    if (typeof tillId === 'string' && typeof publicKey === 'string' && typeof fingerprint === 'string')
      pins.push({ tillId, publicKey, fingerprint, at: row.at, by });
  }
  return pins;
}

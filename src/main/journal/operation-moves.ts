import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { Bilingual } from '../../shared/domain';
import { appendEntry, type NewEntry } from './chain';
import type { EntryKind, JournalEntry, ReasonInput, RejectionInput } from './types';
import { check, reasonInput, rejectionInput } from './validate';

/**
 * The moves every provider-operation record makes the same way, whatever its table: a sale
 * (`transactions`, by order number, `tx.*` entries) or a return (`returns`, by id, `return.*`
 * entries carrying `returnId`). Each runs inside the caller's write transaction, checks the move,
 * appends the entry and saves the row it derives, or throws and changes nothing:
 *
 *   in-flight → rejected | not-delivered | needs-verification (`markRejected`, `markOpen`)
 *   each answer's exchange, the state unchanged (`recordExchange`)
 *   in-flight left by a crash → needs-verification at the next start (`recover`: the one rule)
 *
 * A new kind of record (a blank report) gives its table here and gets the same moves. An
 * invoice-mode upload batch needs none: its invoices stay `waiting` until answered, so a crash
 * leaves them to be sent again (idempotent on InvoiceID, profile §7; journal/invoice-mode.ts).
 */
export interface OperationTable<Row extends { state: string; attempt: number; order_no: string }, Rec, Id> {
  /** The entries' prefix: `tx.rejected`, `return.rejected`, … */
  prefix: 'tx' | 'return';
  /** The row as derive.ts moves on from it; throws not-found. */
  require(db: Database.Database, id: Id): Row;
  /** What names the record in each entry's payload (a return's `returnId`; a sale's order number is the entry's). */
  idPayload(id: Id): Record<string, unknown>;
  /** Refuses a move from this row's state. */
  refuse(row: Row, action: Bilingual, allowed: readonly string[]): Error;
  /** Saves the row the appended entry derives (derive.ts); returns it. */
  save(db: Database.Database, before: Row, entry: JournalEntry): Row;
  /** The record of a saved row. */
  record(db: Database.Database, saved: Row): Rec;
}

const iso = (date: Date) => date.toISOString();

function requireInFlight<Row extends { state: string; attempt: number; order_no: string }>(
  table: OperationTable<Row, unknown, never>,
  found: Row,
  action: Bilingual,
): void {
  if (found.state !== 'in-flight') throw table.refuse(found, action, ['in-flight']);
}

function commit<Row extends { state: string; attempt: number; order_no: string }, Rec, Id>(
  db: Database.Database,
  table: OperationTable<Row, Rec, Id>,
  found: Row,
  entry: NewEntry,
): Rec {
  return table.record(db, table.save(db, found, appendEntry(db, entry)));
}

/** in-flight → rejected (StatusCode 0: nothing done). */
export function markRejected<Row extends { state: string; attempt: number; order_no: string }, Rec, Id>(
  db: Database.Database,
  table: OperationTable<Row, Rec, Id>,
  id: Id,
  input: RejectionInput,
  now: Date,
): Rec {
  check(rejectionInput, input, { zh: '退回結果', en: 'rejection' });
  const found = table.require(db, id);
  requireInFlight(table as never, found, { zh: '記為被退回', en: 'marked rejected' });
  return commit(db, table, found, {
    at: iso(input.at ?? now),
    kind: `${table.prefix}.rejected` as EntryKind,
    orderNo: found.order_no,
    payload: {
      ...table.idPayload(id),
      state: 'rejected',
      statusCode: input.statusCode,
      resultMessage: input.resultMessage,
    },
  });
}

/** in-flight → not-delivered or needs-verification, with the reason. */
export function markOpen<Row extends { state: string; attempt: number; order_no: string }, Rec, Id>(
  db: Database.Database,
  table: OperationTable<Row, Rec, Id>,
  id: Id,
  state: 'not-delivered' | 'needs-verification',
  input: ReasonInput,
  now: Date,
): Rec {
  check(reasonInput, input, { zh: '原因', en: 'reason' });
  const found = table.require(db, id);
  requireInFlight(
    table as never,
    found,
    state === 'not-delivered'
      ? { zh: '記為未送達', en: 'marked not delivered' }
      : { zh: '記為待確認', en: 'marked as needing verification' },
  );
  return commit(db, table, found, {
    at: iso(input.at ?? now),
    kind: `${table.prefix}.${state}` as EntryKind,
    orderNo: found.order_no,
    payload: { ...table.idPayload(id), state, reason: input.reason },
  });
}

/** The exchange fields every record's `*.exchange` entry carries. */
export interface ExchangeFields {
  operation: string;
  requestTimestamp?: string | undefined;
  httpStatus: number | null;
  statusCode: number | null;
  resultMessage: string | null;
  durationMs: number;
  outcome: string;
  error?: string | undefined;
  at?: Date | undefined;
}

/**
 * Every HTTP exchange (or transport failure) as its own entry; the state does not change.
 * Returns the entry and the payload it carries, for the caller's record of it.
 */
export function recordExchange<Row extends { state: string; attempt: number; order_no: string }, Rec, Id>(
  db: Database.Database,
  table: OperationTable<Row, Rec, Id>,
  id: Id,
  input: ExchangeFields,
  options: { schema: z.ZodType; scrub?: <T>(value: T) => T },
  now: Date,
): { entry: JournalEntry; payload: Record<string, unknown> } {
  check(options.schema, input, { zh: '傳輸紀錄', en: 'exchange' });
  const found = table.require(db, id);
  const fields = {
    ...table.idPayload(id),
    attempt: found.attempt,
    operation: input.operation,
    requestTimestamp: input.requestTimestamp ?? null,
    httpStatus: input.httpStatus,
    statusCode: input.statusCode,
    resultMessage: input.resultMessage,
    durationMs: Math.round(input.durationMs),
    outcome: input.outcome,
    error: input.error ?? null,
  };
  const payload = options.scrub ? options.scrub(fields) : fields;
  const entry = appendEntry(db, {
    at: iso(input.at ?? now),
    kind: `${table.prefix}.exchange` as EntryKind,
    orderNo: found.order_no,
    payload,
  });
  table.save(db, found, entry);
  return { entry, payload };
}

/**
 * The one crash-recovery rule: a record left in flight by a crash may or may not have been done
 * at the provider, so it becomes needs-verification (a person or a status query settles it).
 */
export function recover<Row extends { state: string; attempt: number; order_no: string }, Rec, Id>(
  db: Database.Database,
  table: OperationTable<Row, Rec, Id>,
  ids: readonly Id[],
  reason: string,
  at: Date,
): Rec[] {
  return ids.map((id) => {
    const found = table.require(db, id);
    return commit(db, table, found, {
      at: iso(at),
      kind: `${table.prefix}.recovered` as EntryKind,
      orderNo: found.order_no,
      payload: { ...table.idPayload(id), state: 'needs-verification', from: 'in-flight', reason },
    });
  });
}

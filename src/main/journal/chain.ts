import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { findRowDifference, nextPrintJobRow, VERIFY_SLICE } from './derive';
import type { EntryRow, PrintJobRow } from './rows';
import { statement } from './statements';
import type { ChainVerification, EntryKind, JournalEntry } from './types';

/**
 * The hash chain over `entries`: hash = sha256(prev_hash + canonical JSON of the entry), where the
 * entry is `{at, id, kind, orderNo, payload}` with keys sorted at every level. Any edit of a
 * stored entry (or a deleted or reordered one) breaks the chain from there on.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level and `undefined` members dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/**
 * The canonical JSON of an entry, composed from its stored (already canonical) payload text, so
 * that verification hashes exactly the bytes in the file. Keys in code-point order.
 */
export function entryText(
  id: number,
  at: string,
  kind: string,
  orderNo: string | null,
  payloadText: string,
): string {
  return `{"at":${JSON.stringify(at)},"id":${id},"kind":${JSON.stringify(kind)},"orderNo":${
    orderNo === null ? 'null' : JSON.stringify(orderNo)
  },"payload":${payloadText}}`;
}

export function entryHash(prevHash: string, text: string): string {
  return createHash('sha256')
    .update(prevHash + text, 'utf8')
    .digest('hex');
}

export interface ChainHead {
  entryId: number;
  hash: string;
}

export function chainHead(db: Database.Database): ChainHead {
  const row = statement(db, 'SELECT id, hash FROM entries ORDER BY id DESC LIMIT 1').get() as
    { id: number; hash: string } | undefined;
  return row ? { entryId: row.id, hash: row.hash } : { entryId: 0, hash: GENESIS_HASH };
}

/**
 * Appends one entry after the current head. Must run inside a write (IMMEDIATE) transaction so
 * that two tills sharing the file cannot both append after the same head.
 */
export interface NewEntry {
  at: string;
  kind: EntryKind;
  orderNo: string | null;
  payload: Record<string, unknown>;
}

export function appendEntry(db: Database.Database, entry: NewEntry): JournalEntry {
  const head = chainHead(db);
  const id = head.entryId + 1;
  const payloadText = canonicalJson(entry.payload);
  const hash = entryHash(head.hash, entryText(id, entry.at, entry.kind, entry.orderNo, payloadText));
  statement(
    db,
    'INSERT INTO entries (id, at, kind, order_no, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, entry.at, entry.kind, entry.orderNo, payloadText, head.hash, hash);
  return {
    id,
    at: entry.at,
    kind: entry.kind,
    orderNo: entry.orderNo,
    payload: entry.payload,
    prevHash: head.hash,
    hash,
  };
}

/**
 * Walks the whole chain, then replays each order's entries to check that the state rows are what
 * the entries say (derive.ts): the rows are derived, so an edit there is caught too.
 */
/** Checks the whole chain in one go (CLI, tests): the connection is busy until it is done. */
export function verifyChain(db: Database.Database): ChainVerification {
  const steps = chainVerification(db);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same check in slices of a few thousand entries, letting other work run in between: on a
 * till with a year of sales it takes seconds, and the cashier keeps selling meanwhile. Meant for
 * its own read-only connection inside one read transaction (a snapshot), as `Journal` uses it.
 */
export async function verifyChainInSlices(db: Database.Database): Promise<ChainVerification> {
  const steps = chainVerification(db);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* chainVerification(db: Database.Database): Generator<void, ChainVerification> {
  let prevHash = GENESIS_HASH;
  let expectedId = 1;
  let count = 0;
  /** Print jobs of no order (summary, test slips): few, and not reached through the order index. */
  const orderlessJobs = new Map<number, PrintJobRow>();
  const broken = (
    entryId: number | null,
    orderNo: string | null,
    zh: string,
    en: string,
  ): ChainVerification => ({
    ok: false,
    entries: count,
    brokenEntryId: entryId,
    orderNo,
    reason: { zh, en },
  });

  const rows = db
    .prepare('SELECT id, at, kind, order_no, payload, prev_hash, hash FROM entries ORDER BY id')
    .iterate();
  for (const raw of rows) {
    const row = raw as EntryRow;
    if (++count % VERIFY_SLICE === 0) yield;
    if (row.id !== expectedId) {
      return broken(row.id, row.order_no, `第 ${expectedId} 筆紀錄遺失`, `Entry ${expectedId} is missing`);
    }
    if (row.prev_hash !== prevHash) {
      return broken(
        row.id,
        row.order_no,
        `第 ${row.id} 筆紀錄的前一筆雜湊不符`,
        `Entry ${row.id}: previous hash does not match`,
      );
    }
    const hash = entryHash(prevHash, entryText(row.id, row.at, row.kind, row.order_no, row.payload));
    if (hash !== row.hash) {
      return broken(row.id, row.order_no, `第 ${row.id} 筆紀錄已被修改`, `Entry ${row.id} was modified`);
    }
    if (row.order_no === null && row.kind.startsWith('print.')) {
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(row.payload) as Record<string, unknown>;
      } catch {
        return broken(row.id, null, `第 ${row.id} 筆紀錄無法讀取`, `Entry ${row.id} is unreadable`);
      }
      const job = nextPrintJobRow(orderlessJobs.get(payload.jobId as number) ?? null, {
        at: row.at,
        kind: row.kind,
        orderNo: null,
        payload,
      });
      if (job) orderlessJobs.set(job.id, job);
    }
    prevHash = row.hash;
    expectedId++;
  }

  const difference = yield* findRowDifference(db, orderlessJobs);
  if (difference) return broken(null, difference.orderNo, difference.zh, difference.en);
  return { ok: true, entries: count, head: { entryId: expectedId - 1, hash: prevHash } };
}

import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ChainVerification, EntryKind, JournalEntry, TxState } from './types';

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
  const row = db.prepare('SELECT id, hash FROM entries ORDER BY id DESC LIMIT 1').get() as
    { id: number; hash: string } | undefined;
  return row ? { entryId: row.id, hash: row.hash } : { entryId: 0, hash: GENESIS_HASH };
}

/**
 * Appends one entry after the current head. Must run inside a write (IMMEDIATE) transaction so
 * that two tills sharing the file cannot both append after the same head.
 */
export function appendEntry(
  db: Database.Database,
  entry: { at: string; kind: EntryKind; orderNo: string | null; payload: Record<string, unknown> },
): JournalEntry {
  const head = chainHead(db);
  const id = head.entryId + 1;
  const payloadText = canonicalJson(entry.payload);
  const hash = entryHash(head.hash, entryText(id, entry.at, entry.kind, entry.orderNo, payloadText));
  db.prepare(
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

interface EntryRow {
  id: number;
  at: string;
  kind: string;
  order_no: string | null;
  payload: string;
  prev_hash: string;
  hash: string;
}

/**
 * Walks the whole chain, then checks that each transaction's stored state and invoice number are
 * what its entries say (the state table is derived, so an edit there is caught too).
 */
export function verifyChain(db: Database.Database): ChainVerification {
  let prevHash = GENESIS_HASH;
  let expectedId = 1;
  let count = 0;
  const finalState = new Map<string, { state: TxState; invoiceNumber: string | null }>();
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
    count++;
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
    if (row.order_no !== null && row.kind.startsWith('tx.')) {
      let payload: { state?: TxState; invoiceNumber?: string | null };
      try {
        payload = JSON.parse(row.payload) as typeof payload;
      } catch {
        return broken(row.id, row.order_no, `第 ${row.id} 筆紀錄無法讀取`, `Entry ${row.id} is unreadable`);
      }
      if (payload.state) {
        const previous = finalState.get(row.order_no);
        finalState.set(row.order_no, {
          state: payload.state,
          invoiceNumber:
            payload.invoiceNumber !== undefined ? payload.invoiceNumber : (previous?.invoiceNumber ?? null),
        });
      }
    }
    prevHash = row.hash;
    expectedId++;
  }

  const stored = db.prepare('SELECT order_no, state, invoice_number FROM transactions').iterate();
  let seen = 0;
  for (const raw of stored) {
    const row = raw as { order_no: string; state: TxState; invoice_number: string | null };
    seen++;
    const expected = finalState.get(row.order_no);
    if (!expected) {
      return broken(
        null,
        row.order_no,
        `訂單 ${row.order_no} 沒有對應的日誌紀錄`,
        `Order ${row.order_no} has no journal entries`,
      );
    }
    if (expected.state !== row.state || expected.invoiceNumber !== row.invoice_number) {
      return broken(
        null,
        row.order_no,
        `訂單 ${row.order_no} 的狀態或發票號碼與日誌紀錄不符`,
        `Order ${row.order_no}: its state or invoice number differs from its journal entries`,
      );
    }
  }
  if (seen !== finalState.size) {
    return broken(null, null, '有交易紀錄被刪除', 'A transaction row was deleted');
  }
  return { ok: true, entries: count, head: { entryId: expectedId - 1, hash: prevHash } };
}

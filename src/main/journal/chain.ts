import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import { findOrderRowDifference, findRowDifference, nextPrintJobRow, VERIFY_SLICE } from './derive';
import { JournalError } from './errors';
import { findOrderGaps } from './order-numbers';
import type { EntryRow, PrintJobRow } from './rows';
import { statement } from './statements';
import type { ChainHmac, ChainVerification, EntryKind, JournalEntry } from './types';

/**
 * The hash chain over `entries`: each hash covers prev_hash + the canonical JSON of the entry
 * (`{at, id, kind, orderNo, payload}`, keys sorted at every level), so any edit of a stored entry
 * (or a deleted or reordered one) breaks the chain from there on.
 *
 * Plain SHA-256 alone can be recomputed by whoever edits the file, so a till with a chain key
 * (a random 32-byte secret from its secret store) hashes with HMAC-SHA256(key, …) instead, from
 * the entry recorded in `chain_meta.keyed_from` on: entries written before the till had a key
 * (older journals) keep verifying as plain SHA-256, and the keyed entry that follows them seals
 * their last hash. A journal opened without a key (tests, the CLI without a key file, synthetic
 * data) and with no keyed start recorded stays plain SHA-256; once a start is recorded, appending
 * without the key (or with another one) is refused, since it would break the chain.
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

/** The keyed link: HMAC-SHA256 under the till's chain key, over the same bytes as `entryHash`. */
export function keyedEntryHash(key: Buffer, prevHash: string, text: string): string {
  return createHmac('sha256', key)
    .update(prevHash + text, 'utf8')
    .digest('hex');
}

export const CHAIN_KEY_BYTES = 32;

/** Stored beside the start: tells "wrong key" from "broken chain" without revealing the key. */
export function chainKeyCheck(key: Buffer): string {
  return createHmac('sha256', key).update('till-journal-chain-key-check/v1', 'utf8').digest('hex');
}

function metaMac(key: Buffer, keyedFrom: number, keyCheck: string): string {
  return createHmac('sha256', key)
    .update(`till-journal-chain-meta/v1:${keyedFrom}:${keyCheck}`, 'utf8')
    .digest('hex');
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

interface ChainMetaRow {
  keyed_from: number;
  key_check: string;
  mac: string;
}

/** The keyed start, or null; a file older than schema 5 (migration tests) has no table: null. */
export function readChainMeta(db: Database.Database): ChainMetaRow | null {
  try {
    return (
      (statement(db, 'SELECT keyed_from, key_check, mac FROM chain_meta WHERE id = 1').get() as
        ChainMetaRow | undefined) ?? null
    );
  } catch {
    return null;
  }
}

/** How a connection hashes: set by `Journal.open`; a connection never given a key has none. */
const connectionKeys = new WeakMap<Database.Database, { key: Buffer; check: string }>();

export interface ChainKeying {
  /** The first entry hashed with the key; null: no key was ever recorded, the chain is plain SHA-256. */
  keyedFrom: number | null;
  /** This connection has the recorded key: it can append, and its checks cover the HMACs. */
  keyOk: boolean;
  /** The start was recorded by this open (the first open of this file with a key). */
  recordedNow: boolean;
}

/**
 * Gives the connection its chain key. The first time a file is opened with a key, the keyed start
 * (the next entry id) is recorded, in one write transaction so two tills cannot both record it.
 */
export function attachChainKey(db: Database.Database, key: Buffer | null, at: Date): ChainKeying {
  if (key === null) {
    connectionKeys.delete(db);
    return { keyedFrom: readChainMeta(db)?.keyed_from ?? null, keyOk: false, recordedNow: false };
  }
  if (key.length !== CHAIN_KEY_BYTES) {
    throw new JournalError('journal-invalid', {
      zh: `日誌鏈金鑰須為 ${CHAIN_KEY_BYTES} 位元組`,
      en: `The journal chain key must be ${CHAIN_KEY_BYTES} bytes`,
    });
  }
  const check = chainKeyCheck(key);
  connectionKeys.set(db, { key, check });
  let recordedNow = false;
  db.transaction(() => {
    if (readChainMeta(db)) return;
    const keyedFrom = chainHead(db).entryId + 1;
    statement(
      db,
      'INSERT INTO chain_meta (id, keyed_from, key_check, mac, recorded_at) VALUES (1, ?, ?, ?, ?)',
    ).run(keyedFrom, check, metaMac(key, keyedFrom, check), at.toISOString());
    recordedNow = true;
  }).immediate();
  const meta = readChainMeta(db)!;
  return { keyedFrom: meta.keyed_from, keyOk: sameHex(meta.key_check, check), recordedNow };
}

/** The key this connection checks and writes with (for a reader connection of the same journal). */
export function connectionChainKey(db: Database.Database): Buffer | null {
  return connectionKeys.get(db)?.key ?? null;
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

/**
 * The newest entries of one kind (at most `limit`, 1 to 10,000), with their payloads parsed: the
 * records kept as chained entries of their own (supervisor actions, reconciliation runs).
 */
export function latestEntriesOfKind<P>(
  db: Database.Database,
  kind: EntryKind,
  limit: number,
): Array<{ id: number; at: string; payload: P }> {
  const rows = statement(
    db,
    'SELECT id, at, payload FROM entries WHERE kind = ? ORDER BY id DESC LIMIT ?',
  ).all(kind, Math.max(1, Math.min(limit, 10_000))) as { id: number; at: string; payload: string }[];
  return rows.map((row) => ({ id: row.id, at: row.at, payload: JSON.parse(row.payload) as P }));
}

export function appendEntry(db: Database.Database, entry: NewEntry): JournalEntry {
  const head = chainHead(db);
  const id = head.entryId + 1;
  const payloadText = canonicalJson(entry.payload);
  const text = entryText(id, entry.at, entry.kind, entry.orderNo, payloadText);
  const meta = readChainMeta(db);
  let hash: string;
  if (meta !== null && id >= meta.keyed_from) {
    const own = connectionKeys.get(db);
    if (!own || !sameHex(own.check, meta.key_check)) throw chainKeyRefusal(own === undefined);
    hash = keyedEntryHash(own.key, head.hash, text);
  } else {
    hash = entryHash(head.hash, text);
  }
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

/** Appending to a keyed chain without its key would write a link no check can accept. */
function chainKeyRefusal(missing: boolean): JournalError {
  return new JournalError(
    'journal-refused',
    missing
      ? {
          zh: '此日誌已使用金鑰保護（HMAC），未提供金鑰時不能寫入，未寫入任何資料',
          en: 'This journal is keyed (HMAC): it cannot be written without its key. Nothing was written',
        }
      : {
          zh: '提供的金鑰不是此日誌的金鑰，未寫入任何資料',
          en: 'The key given is not this journal’s key. Nothing was written',
        },
  );
}

/**
 * Walks the whole chain, then replays each order's entries to check that the state rows are what
 * the entries say (derive.ts): the rows are derived, so an edit there is caught too. Order numbers
 * handed out without a sale are reported alongside (`orderGaps`): findings, not a broken chain.
 * `key`: the chain key, to check the HMACs; without it only the links and ids of the keyed part
 * are checked (`hmac: 'not-checked'`).
 */
/** Checks the whole chain in one go (CLI, tests): the connection is busy until it is done. */
export function verifyChain(db: Database.Database, key: Buffer | null = null): ChainVerification {
  const steps = chainVerification(db, key, null);
  for (;;) {
    const step = steps.next();
    if (step.done) return withGaps(db, step.value);
  }
}

/** Entries the start-up check covers: a year of sales takes seconds to check, the tail milliseconds. */
export const TAIL_ENTRIES = 1_000;

/**
 * The start-up check: the last `count` entries (links, hashes or HMACs, the keyed start) and the
 * state rows of the orders they touch, replayed from all of those orders' entries. The full
 * check runs in the background afterwards.
 */
export function verifyChainTail(
  db: Database.Database,
  key: Buffer | null,
  count: number = TAIL_ENTRIES,
): ChainVerification {
  const steps = chainVerification(db, key, Math.max(1, count));
  for (;;) {
    const step = steps.next();
    if (step.done) return withGaps(db, step.value);
  }
}

function withGaps(db: Database.Database, result: Verdict): ChainVerification {
  return { ...result, orderGaps: findOrderGaps(db) };
}

/**
 * The same check in slices of a few thousand entries, letting other work run in between: on a
 * till with a year of sales it takes seconds, and the cashier keeps selling meanwhile. Meant for
 * its own read-only connection inside one read transaction (a snapshot), as `Journal` uses it.
 */
export async function verifyChainInSlices(
  db: Database.Database,
  key: Buffer | null = null,
  signal?: AbortSignal,
): Promise<ChainVerification> {
  const steps = chainVerification(db, key, null);
  for (;;) {
    const step = steps.next();
    if (step.done) return withGaps(db, step.value);
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  }
}

/** A verdict before the order gaps are added (each variant of the union without them). */
type Verdict = ChainVerification extends infer V ? (V extends unknown ? Omit<V, 'orderGaps'> : never) : never;

/** `tail`: null walks every entry; a number walks only that many at the end (the start-up check). */
function* chainVerification(
  db: Database.Database,
  key: Buffer | null,
  tail: number | null,
): Generator<void, Verdict> {
  const head = chainHead(db);
  const firstId = tail === null ? 1 : Math.max(1, head.entryId - tail + 1);
  let prevHash = GENESIS_HASH;
  let expectedId = firstId;
  let count = 0;
  const meta = readChainMeta(db);
  const hmac: ChainHmac = meta === null ? 'unkeyed' : key === null ? 'not-checked' : 'checked';
  /** Print jobs of no order (summary, test slips): few, and not reached through the order index. */
  const orderlessJobs = new Map<number, PrintJobRow>();
  /** The orders the tail touches, to replay their rows. */
  const tailOrders = new Set<string>();
  const broken = (entryId: number | null, orderNo: string | null, zh: string, en: string): Verdict => ({
    ok: false,
    entries: count,
    brokenEntryId: entryId,
    orderNo,
    reason: { zh, en },
    hmac,
  });

  if (meta !== null) {
    if (key !== null) {
      const check = chainKeyCheck(key);
      if (!sameHex(check, meta.key_check)) {
        return broken(
          null,
          null,
          '提供的金鑰不是此日誌的金鑰，無法核對 HMAC',
          'The key given is not this journal’s key: the HMACs cannot be checked',
        );
      }
      if (!sameHex(metaMac(key, meta.keyed_from, check), meta.mac)) {
        return broken(
          null,
          null,
          '日誌金鑰保護的起點紀錄已被修改',
          'The record of where the keyed chain starts was altered',
        );
      }
    }
    // Recorded as the next id at the time; entries are only ever appended after it.
    if (meta.keyed_from > head.entryId + 1) {
      return broken(
        null,
        null,
        `金鑰保護自第 ${meta.keyed_from} 筆起，但日誌只剩 ${head.entryId} 筆：紀錄遭刪除`,
        `The keyed chain starts at entry ${meta.keyed_from} but the journal ends at entry ${head.entryId}: entries were removed`,
      );
    }
  }

  if (firstId > 1) {
    const before = statement(db, 'SELECT hash FROM entries WHERE id = ?').get(firstId - 1) as
      { hash: string } | undefined;
    if (!before) {
      return broken(firstId, null, `第 ${firstId - 1} 筆紀錄遺失`, `Entry ${firstId - 1} is missing`);
    }
    prevHash = before.hash;
  }

  const rows = db
    .prepare('SELECT id, at, kind, order_no, payload, prev_hash, hash FROM entries WHERE id >= ? ORDER BY id')
    .iterate(firstId);
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
    const text = entryText(row.id, row.at, row.kind, row.order_no, row.payload);
    const keyed = meta !== null && row.id >= meta.keyed_from;
    // Without the key a keyed entry's hash cannot be recomputed: its link and id were checked.
    const hash = !keyed
      ? entryHash(prevHash, text)
      : key !== null
        ? keyedEntryHash(key, prevHash, text)
        : row.hash;
    if (hash !== row.hash) {
      return broken(row.id, row.order_no, `第 ${row.id} 筆紀錄已被修改`, `Entry ${row.id} was modified`);
    }
    if (tail !== null) {
      if (row.order_no !== null) tailOrders.add(row.order_no);
    } else if (row.order_no === null && row.kind.startsWith('print.')) {
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

  if (tail !== null) {
    for (const orderNo of tailOrders) {
      const difference = findOrderRowDifference(db, orderNo);
      if (difference) return broken(null, difference.orderNo, difference.zh, difference.en);
    }
  } else {
    const difference = yield* findRowDifference(db, orderlessJobs);
    if (difference) return broken(null, difference.orderNo, difference.zh, difference.en);
  }
  return { ok: true, entries: count, head: { entryId: expectedId - 1, hash: prevHash }, hmac };
}

/**
 * A printed head (`#id` and the hash, or a prefix of it of at least 16 hex digits) as the CLI
 * takes it: `ID:HASH`, `#ID:HASH`, `#ID HASH` or just `HASH`.
 */
export interface ExpectedHead {
  entryId: number | null;
  hashPrefix: string;
}

export const MIN_HEAD_PREFIX = 16;

export function parseExpectedHead(text: string): ExpectedHead | null {
  const match = /^#?(?:(\d+)[:\s]+)?([0-9a-fA-F]+)$/.exec(text.trim());
  if (!match) return null;
  const hashPrefix = match[2]!.toLowerCase();
  if (hashPrefix.length < MIN_HEAD_PREFIX || hashPrefix.length > 64) return null;
  return { entryId: match[1] === undefined ? null : Number(match[1]), hashPrefix };
}

/** How a head is printed to be checked later: `#id:` and the first 16 hex digits of its hash. */
export function shortHead(head: ChainHead): string {
  return `#${head.entryId}:${head.hash.slice(0, MIN_HEAD_PREFIX)}`;
}

/**
 * The entry a printed head names, if it is still on the chain (its id, when given, and hash
 * match). Only meaningful after the chain itself verified: then nothing after it was rewritten,
 * and if it is gone, what was printed after it was removed or replaced.
 */
export function findHeadOnChain(db: Database.Database, expected: ExpectedHead): ChainHead | null {
  const row = (
    expected.entryId !== null
      ? statement(db, 'SELECT id, hash FROM entries WHERE id = ?').get(expected.entryId)
      : statement(db, 'SELECT id, hash FROM entries WHERE substr(hash, 1, ?) = ? ORDER BY id LIMIT 1').get(
          expected.hashPrefix.length,
          expected.hashPrefix,
        )
  ) as { id: number; hash: string } | undefined;
  if (!row || !row.hash.startsWith(expected.hashPrefix)) return null;
  return { entryId: row.id, hash: row.hash };
}

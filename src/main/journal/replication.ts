import type Database from 'better-sqlite3';
import { chainHead, readChainMeta, type ChainHead } from './chain';
import { openJournalReader } from './open-db';
import type { EntryRow } from './rows';

/**
 * The journal as a feed for head office (src/main/head-office): its entries after an id, in
 * order and in batches, exactly as stored (the payload text the hash covers, not a re-serialised
 * object), and where its keyed chain starts.
 *
 * Always on its own read-only connection (WAL: a reader never blocks the till's writes and never
 * takes the write lock); each call is one statement, so one consistent snapshot, and nothing is
 * held between calls: a catch-up of days runs between sales, not in front of them.
 */
export interface FeedEntry {
  id: number;
  at: string;
  kind: string;
  orderNo: string | null;
  /** The stored payload text, byte for byte. */
  payload: string;
  prevHash: string;
  hash: string;
}

export interface JournalFeed {
  /** The last entry (id 0 and the genesis hash when empty). */
  head(): ChainHead;
  /** The first keyed (HMAC) entry id, or null for a journal that was never keyed. */
  keyedFrom(): number | null;
  /** Up to `limit` entries with id > `afterId`, ascending. */
  entriesAfter(afterId: number, limit: number): FeedEntry[];
  /** The stored hash of one entry, or null. */
  hashOf(id: number): string | null;
  close(): void;
}

export const MAX_FEED_BATCH = 5_000;

export function openJournalFeed(path: string): JournalFeed {
  if (path === ':memory:') throw new Error('an in-memory journal has no file to feed from');
  const db: Database.Database = openJournalReader(path);
  const after = db.prepare(
    'SELECT id, at, kind, order_no, payload, prev_hash, hash FROM entries WHERE id > ? ORDER BY id LIMIT ?',
  );
  const one = db.prepare('SELECT hash FROM entries WHERE id = ?').pluck();
  return {
    head: () => chainHead(db),
    keyedFrom: () => readChainMeta(db)?.keyed_from ?? null,
    entriesAfter(afterId, limit) {
      if (!Number.isSafeInteger(afterId) || afterId < 0) throw new RangeError(`bad entry id ${afterId}`);
      const size = Math.max(1, Math.min(MAX_FEED_BATCH, Math.floor(limit)));
      return (after.all(afterId, size) as EntryRow[]).map((row) => ({
        id: row.id,
        at: row.at,
        kind: row.kind,
        orderNo: row.order_no,
        payload: row.payload,
        prevHash: row.prev_hash,
        hash: row.hash,
      }));
    },
    hashOf: (id) => (one.get(id) as string | undefined) ?? null,
    close: () => {
      if (db.open) db.close();
    },
  };
}

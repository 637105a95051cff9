import type pg from 'pg';
import { openJournalFeed, type FeedEntry, type JournalFeed } from '../journal/replication';
import {
  classifyError,
  closeQuietly,
  connectHeadOffice,
  headOfficeError,
  HeadOfficeError,
  type HeadOfficeConnection,
} from './connection';
import { ingest, register, type Head, type Refusal, type TillIdentity } from './feed';

/**
 * One sync of the journal to head office: connect, register (company, store, till, machine, chain
 * key), then send the entries after head office's last one, in batches, each batch in one
 * PostgreSQL transaction, until head office holds them all.
 *
 * - Where to start is always what head office says it holds (its last entry for this till), never
 *   a position the till keeps: after a crash on either side, the next run starts exactly there.
 * - Idempotent: a batch sent again (an answer lost, a run killed after COMMIT) is compared with
 *   what head office holds and changes nothing; head office itself checks every new entry's link
 *   and hash (schema.ts `hq.ingest`).
 * - The journal is read on its own read-only connection (replication.ts), one batch at a time,
 *   and the run yields between batches: days offline catch up between sales, never in front of
 *   one, and never under the journal's write lock.
 */
export const DEFAULT_BATCH = 500;

/** Moments a crash test stops the run at, to kill it there (each is awaited). */
export type SyncPoint = 'connected' | 'batch-read' | 'ingested' | 'committed';

export interface SyncOptions {
  journalPath: string;
  identity: TillIdentity;
  /** The till's chain key: needed (and registered) once the journal is keyed. */
  chainKey: Buffer | null;
  connection: HeadOfficeConnection;
  batchSize?: number;
  /** Asked between batches: true ends the run (the core is stopping). */
  shouldStop?: () => boolean;
  /** After each batch: what head office holds and what the journal holds. */
  onProgress?: (progress: { headOffice: Head; journalEntryId: number }) => void;
  /** The client in use (for `stop` to end it at once), null once closed. */
  onClient?: (client: pg.Client | null) => void;
  /** Test kill points; production passes none. */
  at?: (point: SyncPoint, batch: number) => void | Promise<void>;
}

export type SyncResult =
  | { kind: 'synced'; headOffice: Head; journalEntryId: number; sent: number }
  /** Cut short by `shouldStop`; `headOffice` is null when it stopped before head office answered. */
  | { kind: 'stopped'; headOffice: Head | null; journalEntryId: number; sent: number }
  | { kind: 'refused'; refusal: Refusal; headOffice: Head | null; journalEntryId: number; sent: number }
  | { kind: 'failed'; error: HeadOfficeError; headOffice: Head | null; journalEntryId: number; sent: number };

/** `ahead` answers in a row before giving up: another writer of this till keeps moving the head. */
const MAX_AHEAD = 5;

export async function syncOnce(options: SyncOptions): Promise<SyncResult> {
  const batchSize = Math.max(1, Math.min(5_000, Math.floor(options.batchSize ?? DEFAULT_BATCH)));
  let feed: JournalFeed | null = null;
  let client: pg.Client | null = null;
  let headOffice: Head | null = null;
  let journalEntryId = 0;
  let sent = 0;
  const at = async (point: SyncPoint, batch: number) => {
    if (options.at) await options.at(point, batch);
  };
  try {
    feed = openJournalFeed(options.journalPath);
    journalEntryId = feed.head().entryId;
    const keyedFrom = feed.keyedFrom();
    if (keyedFrom !== null && options.chainKey === null) {
      throw headOfficeError(
        'chain-key',
        '此日誌以金鑰保護，但讀不到本機的日誌金鑰：無法向總部證明紀錄未被修改，未傳送任何資料。',
        'This journal is keyed but this PC’s journal key cannot be read: head office could not verify it, so nothing was sent.',
      );
    }
    client = await connectHeadOffice(options.connection);
    options.onClient?.(client);
    await at('connected', 0);
    const ownHead = feed.head();
    const registered = await register(
      client,
      options.identity,
      keyedFrom === null ? null : { keyedFrom, key: options.chainKey! },
      // Kept by head office if it refuses this PC's claim of the till id (hq.claims).
      {
        ...ownHead,
        at: ownHead.entryId > 0 ? (feed.entriesAfter(ownHead.entryId - 1, 1)[0]?.at ?? null) : null,
      },
    );
    headOffice = registered.head;
    if (registered.kind === 'refused') {
      return { kind: 'refused', refusal: registered.refusal, headOffice, journalEntryId, sent };
    }
    options.onProgress?.({ headOffice, journalEntryId });

    let aheads = 0;
    for (let batchNo = 0; ; batchNo++) {
      if (options.shouldStop?.()) return { kind: 'stopped', headOffice, journalEntryId, sent };
      journalEntryId = feed.head().entryId;
      let batch: FeedEntry[] = feed.entriesAfter(headOffice.entryId, batchSize);
      if (batch.length === 0) {
        // Nothing new: head office's last entry must still be this journal's. If the journal was
        // replaced by another copy, send that entry again so head office sees the difference
        // (and refuses the till: both sides then say so).
        const ours = headOffice.entryId === 0 ? null : feed.hashOf(headOffice.entryId);
        if (headOffice.entryId === 0 || ours === headOffice.hash) {
          return { kind: 'synced', headOffice, journalEntryId, sent };
        }
        if (ours === null) {
          return {
            kind: 'refused',
            refusal: {
              code: 'journal-behind',
              entryId: headOffice.entryId,
              reason: {
                zh: `總部已有此收銀機的第 ${headOffice.entryId} 筆紀錄，本機日誌只到第 ${journalEntryId} 筆：此日誌是較舊的複本。請以 hq restore 還原，或請主管處理。`,
                en: `Head office holds this till's entry ${headOffice.entryId} but this journal ends at entry ${journalEntryId}: it is an older copy. Restore with hq restore, or have a person look into it.`,
              },
            },
            headOffice,
            journalEntryId,
            sent,
          };
        }
        batch = feed.entriesAfter(headOffice.entryId - 1, 1);
      }
      await at('batch-read', batchNo);
      await client.query('BEGIN');
      let answer;
      try {
        answer = await ingest(client, options.identity, batch);
        await at('ingested', batchNo);
        // A refusal is committed too: head office records it with the reason.
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
      await at('committed', batchNo);
      if (answer.kind === 'refused') {
        return { kind: 'refused', refusal: answer.refusal, headOffice, journalEntryId, sent };
      }
      if (answer.kind === 'ahead') {
        if (++aheads > MAX_AHEAD) {
          throw headOfficeError(
            'internal',
            '另一個程式同時以此收銀機代號傳送資料',
            'Another program is feeding head office under this till id at the same time',
          );
        }
      } else {
        aheads = 0;
        sent += answer.added;
      }
      headOffice = answer.head;
      options.onProgress?.({ headOffice, journalEntryId });
      // Between batches the till's own work goes first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    // Stopping closes the connection under a batch in flight (see the capability's stop): the error
    // that follows is ours, not head office's, and must not be reported as head office unreachable.
    if (options.shouldStop?.()) return { kind: 'stopped', headOffice, journalEntryId, sent };
    return { kind: 'failed', error: classifyError(error), headOffice, journalEntryId, sent };
  } finally {
    options.onClient?.(null);
    await closeQuietly(client);
    feed?.close();
  }
}

import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import type pg from 'pg';
import { TILL_ID_PATTERN } from '../journal/order-numbers';
import type { FeedEntry } from '../journal/replication';
import { writeRestoredJournal } from '../journal/restore-writer';
import { headOfficeError } from './connection';
import { writeInstallId } from './install-id';

/**
 * A till's journal rebuilt from head office, for a new PC (`npm run hq -- restore`): head office's
 * entries of the till written into a NEW journal file (never over an existing one), checked end to
 * end with the till's chain key as they are written and again as a whole (restore-writer.ts), the
 * order-number, allowance-prefix and timestamp counters rebuilt from what was used, so the till
 * sells on with the next numbers: nothing reused, nothing lost of what head office held.
 *
 * Then, in one transaction at head office, the till id's claim moves to the new PC's install id
 * (written beside the journal, install-id.ts), any refusal is cleared (restoring is the person's
 * act that refusal waits for) and the restore is recorded. If head office received more entries
 * of the till meanwhile (the old PC still running), nothing moves and the new file is removed.
 *
 * Sales the old PC made after its last sync are not at head office and cannot be restored: the
 * result says when head office last received an entry, so the provider's records (the
 * reconciliation) can be checked for anything after it.
 */
export interface RestoreTillOptions {
  /** The owner's connection (reads hq.till_keys). */
  client: pg.ClientBase;
  tillId: string;
  journalPath: string;
  /** Where the new PC keeps its install id (install-id.ts `installFileFor`). */
  installFile: string;
  /** Who restores (recorded at head office). */
  by: string;
  /** The new PC's install id; made here when not given. */
  installId?: string;
  batchSize?: number;
  now?: () => Date;
}

export interface RestoreTillResult {
  tillId: string;
  storeId: string;
  entries: number;
  head: { entryId: number; hash: string };
  /** The till's chain key (null: the journal was never keyed): the new PC's secret store needs it. */
  chainKey: Buffer | null;
  keyedFrom: number | null;
  installId: string;
  /** When head office last received an entry of this till (ISO), or null. */
  lastEntryAt: string | null;
  /** The till was refused at head office before the restore (cleared now). */
  wasRefused: boolean;
}

export async function restoreTill(options: RestoreTillOptions): Promise<RestoreTillResult> {
  const { client, tillId } = options;
  const now = options.now ?? (() => new Date());
  if (!TILL_ID_PATTERN.test(tillId)) {
    throw headOfficeError('bad-address', `收銀機代號「${tillId}」不正確`, `Till id "${tillId}" is not valid`);
  }
  if (existsSync(options.journalPath) || existsSync(`${options.journalPath}-wal`)) {
    throw headOfficeError(
      'bad-address',
      `日誌檔 ${options.journalPath} 已存在：還原不會覆寫既有的日誌。請指定新的位置。`,
      `A journal file already exists at ${options.journalPath}: a restore never overwrites one. Give a new path.`,
    );
  }
  const till = await client.query<{
    store_id: string;
    install_id: string;
    refused: boolean;
    last_entry_at: Date | null;
  }>(
    'SELECT store_id, install_id, refused_at IS NOT NULL AS refused, last_entry_at FROM hq.tills WHERE till_id = $1',
    [tillId],
  );
  const row = till.rows[0];
  if (!row) {
    throw headOfficeError(
      'bad-address',
      `總部沒有收銀機 ${tillId} 的資料`,
      `Head office has no till ${tillId}`,
    );
  }
  const keyRow = (
    await client.query<{ keyed_from: string; chain_key: Buffer }>(
      'SELECT keyed_from, chain_key FROM hq.till_keys WHERE till_id = $1',
      [tillId],
    )
  ).rows[0];
  const chainKey = keyRow ? Buffer.from(keyRow.chain_key) : null;
  const keyedFrom = keyRow ? Number(keyRow.keyed_from) : null;
  const batchSize = Math.max(100, Math.min(20_000, options.batchSize ?? 5_000));

  async function* batches(): AsyncGenerator<FeedEntry[]> {
    let after = 0;
    for (;;) {
      const result = await client.query<{
        id: string;
        at: string;
        kind: string;
        order_no: string | null;
        payload_text: string;
        prev_hash: string;
        hash: string;
      }>(
        `SELECT id, at, kind, order_no, payload_text, prev_hash, hash FROM hq.entries
         WHERE till_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [tillId, after, batchSize],
      );
      if (result.rows.length === 0) return;
      const batch = result.rows.map((r) => ({
        id: Number(r.id),
        at: r.at,
        kind: r.kind,
        orderNo: r.order_no,
        payload: r.payload_text,
        prevHash: r.prev_hash,
        hash: r.hash,
      }));
      after = batch[batch.length - 1]!.id;
      yield batch;
    }
  }

  const written = await writeRestoredJournal(options.journalPath, batches(), {
    chainKey,
    keyedFrom,
    now: now(),
  });
  const installId = options.installId ?? randomUUID();
  try {
    await client.query('BEGIN');
    const locked = await client.query<{ head: string | null }>(
      `SELECT (SELECT max(id) FROM hq.entries WHERE till_id = $1) AS head FROM hq.tills WHERE till_id = $1 FOR UPDATE`,
      [tillId],
    );
    const headNow = Number(locked.rows[0]?.head ?? 0);
    if (headNow !== written.head.entryId) {
      throw headOfficeError(
        'internal',
        `還原期間總部又收到收銀機 ${tillId} 的紀錄（舊電腦仍在傳送）：請先關閉舊電腦再還原。未變更任何資料。`,
        `Head office received more entries of till ${tillId} during the restore (the old PC is still feeding): stop it first, then restore. Nothing was changed.`,
      );
    }
    await client.query(
      `UPDATE hq.tills SET install_id = $2, refused_at = NULL, refused_code = NULL, refused_entry_id = NULL,
         refused_zh = NULL, refused_en = NULL
       WHERE till_id = $1`,
      [tillId, installId],
    );
    await client.query(
      `INSERT INTO hq.till_events (till_id, event, by_name, detail) VALUES ($1, 'restored', $2, $3)`,
      [
        tillId,
        options.by,
        JSON.stringify({
          entries: written.entries,
          headEntryId: written.head.entryId,
          fromInstall: row.install_id,
          toInstall: installId,
          wasRefused: row.refused,
        }),
      ],
    );
    // The new PC's claim is on its disk before head office knows it: a crash in between leaves a
    // file that a second restore replaces, never a claim the new PC cannot prove.
    writeInstallId(options.installFile, installId, now());
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    for (const file of [options.journalPath, `${options.journalPath}-wal`, `${options.journalPath}-shm`]) {
      rmSync(file, { force: true });
    }
    throw error;
  }
  return {
    tillId,
    storeId: row.store_id,
    entries: written.entries,
    head: written.head,
    chainKey,
    keyedFrom,
    installId,
    lastEntryAt: row.last_entry_at ? new Date(row.last_entry_at).toISOString() : null,
    wasRefused: row.refused,
  };
}

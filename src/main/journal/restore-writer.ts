import type Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import {
  attachChainKey,
  chainKeyCheck,
  CHAIN_KEY_BYTES,
  entryHash,
  entryText,
  GENESIS_HASH,
  keyedEntryHash,
  verifyChain,
} from './chain';
import { nextPrintJobRow, nextReturnRow, nextTxRow, type EntryFacts } from './derive';
import { JournalError } from './errors';
import { openJournalDatabase } from './open-db';
import { isAcceptableOrderNo, parseOrderNo } from './order-numbers';
import type { FeedEntry } from './replication';
import type { PrintJobRow, ReturnRow, TxRow } from './rows';
import { saveRow, statement } from './statements';
import type { ChainVerification } from './types';

/**
 * A journal file rebuilt from its entries (head office's copy, for a till on a new PC): every
 * entry written back byte for byte, each checked as it comes (id after id, link, SHA-256 or HMAC
 * under the till's key from `keyedFrom` on), the state rows derived from them by the same rules
 * the till's writers use (derive.ts), the keyed start recorded with the key, and the counters that
 * are not entries rebuilt so that nothing is handed out twice:
 *
 * - `order_counters`: per till and business day, the highest sequence sold (a number handed out
 *   goes into the journal in the same commit as its sale, so no sent number is missing);
 * - `allowance_counters`: per till, the highest allowance prefix used;
 * - `company_clock`: the latest request timestamp per key pair the exchanges carry (the POS pair
 *   under the company id, the standard pair under `<company>:standard`, as standard-client.ts
 *   names it); the clock then only moves forward from there.
 *
 * Then the whole chain is verified end to end with the key (links, HMACs, every state row), as
 * `npm run journal -- verify` would. Anything wrong: the file is removed and nothing is left.
 */
export interface RestoreOptions {
  /** The till's chain key (32 bytes); null for a journal that was never keyed. */
  chainKey: Buffer | null;
  /** The first keyed entry (head office's record of the till's `chain_meta.keyed_from`). */
  keyedFrom: number | null;
  /** When the keyed start is recorded (chain_meta.recorded_at). */
  now: Date;
}

export interface RestoreResult {
  entries: number;
  head: { entryId: number; hash: string };
  verification: Extract<ChainVerification, { ok: true }>;
}

/** The standard API's timestamp space (invoice-service/standard-client.ts `standardClockKey`). */
const STANDARD_CLOCK_SUFFIX = ':standard';

const restoreRefused = (zh: string, en: string) => new JournalError('journal-refused', { zh, en });

export async function writeRestoredJournal(
  path: string,
  batches: AsyncIterable<readonly FeedEntry[]>,
  options: RestoreOptions,
): Promise<RestoreResult> {
  if (path === ':memory:' || existsSync(path) || existsSync(`${path}-wal`)) {
    throw restoreRefused(
      `日誌檔 ${path} 已存在，不會覆寫`,
      `A journal file already exists at ${path}: it is never overwritten`,
    );
  }
  if (options.chainKey !== null && options.chainKey.length !== CHAIN_KEY_BYTES) {
    throw restoreRefused(
      `日誌鏈金鑰須為 ${CHAIN_KEY_BYTES} 位元組`,
      `The journal chain key must be ${CHAIN_KEY_BYTES} bytes`,
    );
  }
  if ((options.keyedFrom === null) !== (options.chainKey === null)) {
    throw restoreRefused(
      '金鑰與金鑰起點須同時提供',
      'The chain key and where the keyed chain starts go together',
    );
  }
  const db = openJournalDatabase(path);
  let keep = false;
  try {
    const result = await fill(db, batches, options);
    keep = true;
    return result;
  } finally {
    db.close();
    if (!keep) removeJournalFiles(path);
  }
}

function removeJournalFiles(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
}

async function fill(
  db: Database.Database,
  batches: AsyncIterable<readonly FeedEntry[]>,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const { chainKey, keyedFrom } = options;
  const insert = db.prepare(
    'INSERT INTO entries (id, at, kind, order_no, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let keyAttached = false;
  const attachKey = () => {
    // Recorded as the next id at this moment: exactly `keyedFrom` (the caller's record of it).
    const keying = attachChainKey(db, chainKey, options.now);
    if (keying.keyedFrom !== keyedFrom) {
      throw restoreRefused('金鑰起點與日誌不符', 'Where the keyed chain starts does not match the journal');
    }
    keyAttached = true;
  };

  for await (const batch of batches) {
    db.transaction(() => {
      for (const entry of batch) {
        const id = lastId + 1;
        if (entry.id !== id) {
          throw restoreRefused(`缺少第 ${id} 筆紀錄`, `Entry ${id} is missing`);
        }
        if (!isRestorableEntry(entry)) {
          throw restoreRefused(`第 ${id} 筆紀錄格式不正確`, `Entry ${id} is malformed`);
        }
        if (entry.prevHash !== prevHash) {
          throw restoreRefused(
            `第 ${id} 筆紀錄的前一筆雜湊不符`,
            `Entry ${id}: previous hash does not match`,
          );
        }
        const keyed = keyedFrom !== null && id >= keyedFrom;
        if (keyed && !keyAttached) attachKey();
        const text = entryText(id, entry.at, entry.kind, entry.orderNo, entry.payload);
        const hash = keyed ? keyedEntryHash(chainKey!, prevHash, text) : entryHash(prevHash, text);
        if (hash !== entry.hash) {
          throw restoreRefused(
            `第 ${id} 筆紀錄的雜湊不符（已被修改或金鑰不對）`,
            `Entry ${id} does not verify (modified, or the wrong key)`,
          );
        }
        insert.run(id, entry.at, entry.kind, entry.orderNo, entry.payload, entry.prevHash, entry.hash);
        deriveRows(db, entry);
        prevHash = entry.hash;
        lastId = id;
      }
    })();
    // Batches come over the network: let other work run between them.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // A key recorded after the last entry (no keyed entry yet): its start is the next id.
  if (keyedFrom !== null && !keyAttached) {
    if (keyedFrom !== lastId + 1) {
      throw restoreRefused(
        `金鑰保護自第 ${keyedFrom} 筆起，但只收到 ${lastId} 筆紀錄`,
        `The keyed chain starts at entry ${keyedFrom} but only ${lastId} entries arrived`,
      );
    }
    db.transaction(attachKey).immediate();
  }
  db.transaction(() => rebuildCounters(db)).immediate();

  const verification = verifyChain(db, chainKey);
  if (!verification.ok) {
    throw restoreRefused(
      `還原的日誌未通過核對：${verification.reason.zh}`,
      `The restored journal does not verify: ${verification.reason.en}`,
    );
  }
  if (chainKey !== null && verification.hmac !== 'checked') {
    throw restoreRefused('還原的日誌未以金鑰核對', 'The restored journal was not checked with its key');
  }
  // A key check as the till's own start-up check reads it (chain_meta.key_check).
  if (chainKey !== null) {
    const stored = statement(db, 'SELECT key_check FROM chain_meta WHERE id = 1').pluck().get() as string;
    if (stored !== chainKeyCheck(chainKey)) {
      throw restoreRefused('金鑰紀錄不符', 'The key record does not match');
    }
  }
  return { entries: lastId, head: { entryId: lastId, hash: prevHash }, verification };
}

const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const KIND_PATTERN = /^[a-z][a-z.-]{0,63}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The fields the canonical text takes as they are (the same rule head office applies). */
function isRestorableEntry(entry: FeedEntry): boolean {
  return (
    AT_PATTERN.test(entry.at) &&
    KIND_PATTERN.test(entry.kind) &&
    (entry.orderNo === null || isAcceptableOrderNo(entry.orderNo)) &&
    HASH_PATTERN.test(entry.prevHash) &&
    HASH_PATTERN.test(entry.hash) &&
    typeof entry.payload === 'string'
  );
}

/** The state row an entry moves, as the journal's writers save it (derive.ts). */
function deriveRows(db: Database.Database, entry: FeedEntry): void {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(entry.payload) as Record<string, unknown>;
  } catch {
    return; // the chain check reports an unreadable entry where it matters (print jobs)
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return;
  const facts: EntryFacts = { at: entry.at, kind: entry.kind, orderNo: entry.orderNo, payload };
  if (entry.kind.startsWith('tx.') && entry.orderNo !== null) {
    const before =
      entry.kind === 'tx.begun'
        ? null
        : ((statement(db, 'SELECT * FROM transactions WHERE order_no = ?').get(entry.orderNo) as
            TxRow | undefined) ?? null);
    const row = nextTxRow(before, facts);
    if (row && row !== before) saveRow(db, 'transactions', 'order_no', row);
  } else if (entry.kind.startsWith('print.')) {
    const jobId = payload.jobId;
    if (typeof jobId !== 'number') return;
    const before =
      entry.kind === 'print.created'
        ? null
        : ((statement(db, 'SELECT * FROM print_jobs WHERE id = ?').get(jobId) as PrintJobRow | undefined) ??
          null);
    const job = nextPrintJobRow(before, facts);
    if (job) saveRow(db, 'print_jobs', 'id', job);
  } else if (entry.kind.startsWith('return.')) {
    const returnId = payload.returnId;
    if (typeof returnId !== 'number') return;
    const before =
      entry.kind === 'return.begun'
        ? null
        : ((statement(db, 'SELECT * FROM returns WHERE id = ?').get(returnId) as ReturnRow | undefined) ??
          null);
    const row = nextReturnRow(before, facts);
    if (row && row !== before) saveRow(db, 'returns', 'id', row);
  }
}

/** The counters that are not entries, from what the entries say was used (see the header). */
function rebuildCounters(db: Database.Database): void {
  const orderCounters = new Map<string, { tillId: string; day: string; seq: number }>();
  for (const orderNo of statement(db, 'SELECT order_no FROM transactions').pluck().all() as string[]) {
    const parsed = parseOrderNo(orderNo);
    if (!parsed) continue; // a migrated number of another form: no counter of ours
    const key = `${parsed.tillId}|${parsed.day}`;
    const known = orderCounters.get(key);
    if (!known || known.seq < parsed.seq) orderCounters.set(key, parsed);
  }
  const setOrderCounter = statement(
    db,
    `INSERT INTO order_counters (till_id, day, last_seq) VALUES (?, ?, ?)
     ON CONFLICT (till_id, day) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)`,
  );
  for (const counter of orderCounters.values()) setOrderCounter.run(counter.tillId, counter.day, counter.seq);

  const prefixes = statement(
    db,
    'SELECT till_id, allowance_prefix FROM returns WHERE allowance_prefix IS NOT NULL',
  ).all() as { till_id: string; allowance_prefix: string }[];
  const allowanceCounters = new Map<string, number>();
  for (const { till_id: tillId, allowance_prefix: prefix } of prefixes) {
    // `<till><4 base-36 characters>` (returns.ts): a prefix of another form counts for nothing.
    if (!prefix.startsWith(tillId) || prefix.length !== tillId.length + 4) continue;
    const seq = parseInt(prefix.slice(tillId.length), 36);
    if (Number.isSafeInteger(seq) && seq > (allowanceCounters.get(tillId) ?? 0))
      allowanceCounters.set(tillId, seq);
  }
  const setAllowanceCounter = statement(
    db,
    `INSERT INTO allowance_counters (till_id, last_seq) VALUES (?, ?)
     ON CONFLICT (till_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)`,
  );
  for (const [tillId, seq] of allowanceCounters) setAllowanceCounter.run(tillId, seq);

  const clocks = statement(
    db,
    `SELECT t.company_id || CASE WHEN e.kind = 'return.exchange' THEN '${STANDARD_CLOCK_SUFFIX}' ELSE '' END AS clock,
            max(CAST(json_extract(e.payload, '$.requestTimestamp') AS INTEGER)) AS last
     FROM entries e JOIN transactions t ON t.order_no = e.order_no
     WHERE e.kind IN ('tx.exchange', 'return.exchange')
       AND json_extract(e.payload, '$.requestTimestamp') GLOB '[0-9]*'
     GROUP BY clock`,
  ).all() as { clock: string; last: number | null }[];
  const setClock = statement(
    db,
    `INSERT INTO company_clock (company_id, last_timestamp) VALUES (?, ?)
     ON CONFLICT (company_id) DO UPDATE SET last_timestamp = max(last_timestamp, excluded.last_timestamp)`,
  );
  for (const { clock, last } of clocks) if (last !== null && last > 0) setClock.run(clock, last);
}

import { spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryText } from '../../../src/main/journal/chain';
import { migrate } from '../../../src/main/journal/schema/migrations';
import * as txs from '../../../src/main/journal/transactions';
import { paperOf } from '../../../src/main/printing/paper';
import { summarySlip } from '../../../src/main/printing/layout/summary-layout';
import { JournalVerification } from '../../../src/shared/ipc/contract/journal';
import { readCsv } from './csv-reader';
import { beginSale, ISSUE, issuedSale, NOON_TAIPEI, refusal, sale, tempJournal } from './fixtures';
import { exporterOf } from '../../support/export-keys';

/** `npm run journal -- …`, spawned for real. */
function cli(...args: string[]) {
  const result = spawnSync('npx', ['tsx', 'src/main/exports/cli.ts', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface RawEntry {
  id: number;
  at: string;
  kind: string;
  order_no: string | null;
  payload: string;
  prev_hash: string;
  hash: string;
}

/** The attacker: a plain sqlite connection, the append-only triggers dropped. */
function attacker(path: string): Database.Database {
  const raw = new Database(path);
  raw.exec('DROP TRIGGER IF EXISTS entries_no_update; DROP TRIGGER IF EXISTS entries_no_delete;');
  return raw;
}

/** Re-hashes every entry from `fromId` on with plain SHA-256, as the old chain allowed. */
function rehashWithSha256(raw: Database.Database, fromId: number): void {
  const rows = raw.prepare('SELECT * FROM entries WHERE id >= ? ORDER BY id').all(fromId) as RawEntry[];
  let prev = (raw.prepare('SELECT hash FROM entries WHERE id = ?').get(fromId - 1) as { hash: string }).hash;
  for (const row of rows) {
    const hash = createHash('sha256')
      .update(prev + entryText(row.id, row.at, row.kind, row.order_no, row.payload), 'utf8')
      .digest('hex');
    raw.prepare('UPDATE entries SET prev_hash = ?, hash = ? WHERE id = ?').run(prev, hash, row.id);
    prev = hash;
  }
}

describe('the keyed (HMAC) journal chain', () => {
  let env: ReturnType<typeof tempJournal>;
  const key = randomBytes(32);
  let keyFile: string;
  beforeEach(() => {
    env = tempJournal('keyed-chain');
    keyFile = join(env.dir, 'chain.key');
    writeFileSync(keyFile, key.toString('hex') + '\n');
  });
  afterEach(() => env.cleanup());

  it('catches an issued sale whose total was edited and the chain re-hashed with plain SHA-256', () => {
    const journal = env.open({ chainKey: key });
    issuedSale(journal, 'AB00000001', { total: 150 });
    const target = issuedSale(journal, 'AB00000002', { total: 80 });
    issuedSale(journal, 'AB00000003', { total: 60 });
    expect(journal.verifyChain()).toMatchObject({ ok: true, hmac: 'checked' });
    journal.close();

    // Total 80 → 8 in the entry and the row, every hash from there recomputed.
    const raw = attacker(env.path);
    const begun = raw
      .prepare(`SELECT id, payload FROM entries WHERE kind = 'tx.begun' AND order_no = ?`)
      .get(target) as { id: number; payload: string };
    raw
      .prepare('UPDATE entries SET payload = ? WHERE id = ?')
      .run(begun.payload.replaceAll('"totalAmount":80', '"totalAmount":8'), begun.id);
    raw.prepare('UPDATE transactions SET total_amount = 8 WHERE order_no = ?').run(target);
    rehashWithSha256(raw, begun.id);
    raw.close();

    const reopened = env.open({ chainKey: key });
    expect(reopened.verifyChain()).toMatchObject({ ok: false, brokenEntryId: begun.id, hmac: 'checked' });
    reopened.close();

    // What the manager runs: with the key it names the entry and exits 1.
    const withKey = cli('verify', '--db', env.path, '--key-file', keyFile);
    expect(withKey.status).toBe(1);
    expect(withKey.stderr).toContain(`Entry ${begun.id} was modified`);
    expect(withKey.stderr).toContain('日誌已被竄改或損毀');
    // Without the key the links hold, and the tool says plainly that HMACs were not checked.
    const withoutKey = cli('verify', '--db', env.path);
    expect(withoutKey.stdout).toContain('the HMACs were NOT');
    expect(withoutKey.stdout).toContain('未核對 HMAC');
  }, 60_000);

  it('names the printed head when the last two sales were deleted, and reports their numbers as a gap', () => {
    const journal = env.open({ chainKey: key });
    issuedSale(journal, 'AB00000001');
    const printedCode = cliSummaryCheckCode(journal.summary({ businessDay: '2026-11-22' }).chainHead);
    const last = [issuedSale(journal, 'AB00000002'), issuedSale(journal, 'AB00000003')];
    const printedAfter = journal.chainHead();
    const printedAfterCode = `#${printedAfter.entryId}:${printedAfter.hash.slice(0, 16)}`;
    journal.close();

    const raw = attacker(env.path);
    const firstGone = raw
      .prepare('SELECT min(id) AS id FROM entries WHERE order_no IN (?, ?)')
      .get(...last) as { id: number };
    raw.prepare('DELETE FROM entries WHERE id >= ?').run(firstGone.id);
    raw.prepare('DELETE FROM transactions WHERE order_no IN (?, ?)').run(...last);
    raw.close();

    // Truncated at an entry boundary the chain itself is consistent…
    const reopened = env.open({ chainKey: key });
    const result = reopened.verifyChain();
    expect(result.ok).toBe(true);
    // …but the numbers handed out for the two sales have none.
    expect(result.orderGaps).toEqual([
      { tillId: 'T01', businessDay: '2026-11-22', lastHandedOut: 3, missingCount: 2, missing: [2, 3] },
    ]);
    reopened.close();

    // The head printed before the two sales is still there; the one printed after them is not.
    const before = cli('verify', '--db', env.path, '--key-file', keyFile, '--expect-head', printedCode);
    expect(before.status).toBe(0);
    expect(before.stdout).toContain(`The printed chain head ${printedCode} is on the chain`);
    const after = cli('verify', '--db', env.path, '--key-file', keyFile, '--expect-head', printedAfterCode);
    expect(after.status).toBe(1);
    expect(after.stderr).toContain(`The printed chain head ${printedAfterCode} is no longer on the chain`);
    expect(after.stderr).toContain(`印出的日誌鏈頭 ${printedAfterCode} 已不在鏈上`);
    expect(after.stdout).toContain('Order numbers handed out without a sale');
    expect(after.stdout).toContain('T01 2026-11-22: 2, 3');
    // The full hash works as well.
    const full = cli('verify', '--db', env.path, '--expect-head', printedAfter.hash);
    expect(full.status).toBe(1);
    // Too short a prefix is a usage error, not a pass.
    expect(cli('verify', '--db', env.path, '--expect-head', printedAfter.hash.slice(0, 8)).status).toBe(2);
  }, 90_000);

  it('reports order numbers taken without a sale through the journal.verify contract', async () => {
    const journal = env.open({ chainKey: key });
    issuedSale(journal, 'AB00000001');
    journal.nextOrderNo('T01', NOON_TAIPEI); // taken, never used
    issuedSale(journal, 'AB00000003');
    issuedSale(journal, 'AB00000009', { tillId: 'T02' });
    const result = JournalVerification.parse(await journal.verifyChainInBackground());
    expect(result).toMatchObject({ ok: true, hmac: 'checked' });
    expect(result.orderGaps).toEqual([
      { tillId: 'T01', businessDay: '2026-11-22', lastHandedOut: 3, missingCount: 1, missing: [2] },
    ]);
  });

  it('migrates an old unkeyed journal: old entries stay SHA-256, new ones are HMAC, all verify', () => {
    // What a schema-4 till wrote, plain SHA-256.
    const old = new Database(env.path);
    migrate(old, 4);
    old.transaction(() => {
      txs.begin(old, sale('T01-20261122-000001'), NOON_TAIPEI);
      txs.markIssued(old, 'T01-20261122-000001', ISSUE, NOON_TAIPEI);
    })();
    old.prepare(`INSERT INTO order_counters VALUES ('T01', '2026-11-22', 1)`).run();
    old.close();

    // Without a key (tests, tools) it opens, verifies and appends as before (2 + 3 entries).
    const unkeyed = env.open();
    expect(unkeyed.chainKeying()).toEqual({ keyedFrom: null, keyOk: false, recordedNow: false });
    expect(unkeyed.verifyChain()).toMatchObject({ ok: true, entries: 2, hmac: 'unkeyed' });
    issuedSale(unkeyed, 'AB00000002');
    unkeyed.close();

    const keyed = env.open({ chainKey: key });
    expect(keyed.chainKeying()).toEqual({ keyedFrom: 6, keyOk: true, recordedNow: true });
    issuedSale(keyed, 'AB00000003');
    expect(keyed.verifyChain()).toMatchObject({ ok: true, entries: 8, hmac: 'checked' });
    keyed.close();

    const raw = new Database(env.path, { readonly: true });
    const rows = raw.prepare('SELECT * FROM entries ORDER BY id').all() as RawEntry[];
    raw.close();
    const text = (r: RawEntry) => r.prev_hash + entryText(r.id, r.at, r.kind, r.order_no, r.payload);
    for (const row of rows) {
      const expected =
        row.id < 6
          ? createHash('sha256').update(text(row), 'utf8').digest('hex')
          : createHmac('sha256', key).update(text(row), 'utf8').digest('hex');
      expect(row.hash, `entry ${row.id}`).toBe(expected);
    }

    // Once keyed, a journal refuses to be written without its key or with another.
    const noKey = env.open();
    expect(noKey.verifyChain()).toMatchObject({ ok: true, hmac: 'not-checked' });
    const refused = refusal(() => beginSale(noKey));
    expect(refused.code).toBe('journal-refused');
    expect(refused.zh).toContain('未提供金鑰時不能寫入');
    expect(refused.en).toContain('cannot be written without its key');
    const other = env.open({ chainKey: randomBytes(32) });
    expect(other.chainKeying().keyOk).toBe(false);
    expect(refusal(() => beginSale(other)).en).toContain('not this journal’s key');
    expect(other.verifyChain()).toMatchObject({ ok: false, brokenEntryId: null });
  });

  it('refuses to move the keyed start past the head (to re-hash everything as plain SHA-256)', () => {
    const journal = env.open({ chainKey: key });
    issuedSale(journal, 'AB00000001');
    journal.close();
    const raw = new Database(env.path);
    raw.exec('DROP TRIGGER chain_meta_no_update');
    raw.prepare('UPDATE chain_meta SET keyed_from = 99').run();
    raw.close();
    expect(env.open({ chainKey: key }).verifyChain()).toMatchObject({
      ok: false,
      reason: { en: 'The record of where the keyed chain starts was altered' },
    });
    // Without the key the start beyond the last entry still shows.
    expect(env.open().verifyChain()).toMatchObject({ ok: false, hmac: 'not-checked' });
  });

  it('puts the head on the summary slip and in the exports, and the CLI accepts the printed check code', async () => {
    const journal = env.open({ chainKey: key });
    issuedSale(journal, 'AB00000001');
    const summary = journal.summary({ businessDay: '2026-11-22' });
    const head = journal.chainHead();
    expect(summary.chainHead).toEqual(head);
    const code = `#${head.entryId}:${head.hash.slice(0, 16)}`;

    const slip = summarySlip(summary, paperOf(80), '測試商店');
    const lines = slip.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    expect(lines.some((l) => l.includes('核對碼') && l.includes(code))).toBe(true);
    expect(lines.join('')).toContain(head.hash.slice(0, 32));

    const json = await exporterOf(journal).exportDayToFolder(
      { businessDay: '2026-11-22', format: 'json' },
      env.dir,
    );
    const { readFileSync } = await import('node:fs');
    const exported = JSON.parse(readFileSync(json.file, 'utf8'));
    expect(exported.chainHead).toEqual(head);
    // The export's own full check ran with the till's key: the HMACs were checked.
    expect(exported.chain).toEqual({
      verified: true,
      entries: head.entryId,
      head,
      hmac: 'checked',
      problem: null,
    });
    const csv = await exporterOf(journal).exportDayToFolder(
      { businessDay: '2026-11-22', format: 'csv' },
      env.dir,
    );
    const summaryRows = readCsv(readFileSync(csv.summaryFile!, 'utf8').slice(1));
    expect(summaryRows).toEqual(
      expect.arrayContaining([
        ['chain', 'head_entry', String(head.entryId), ''],
        ['chain', 'head_hash', head.hash, ''],
        ['chain', 'head_check', code, ''],
      ]),
    );
    journal.close();

    const checked = cli('verify', '--db', env.path, '--key-file', keyFile, '--expect-head', code);
    expect(checked.status).toBe(0);
    expect(checked.stdout).toContain('HMACs checked with the key');
    expect(checked.stdout).toContain('the 0 entries after it are intact');
  }, 60_000);
});

function cliSummaryCheckCode(head: { entryId: number; hash: string }): string {
  return `#${head.entryId}:${head.hash.slice(0, 16)}`;
}

import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SyncPoint } from '../../../src/main/head-office/replicator';
import { Journal } from '../../../src/main/journal/journal';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { childCommand, type ChildCommand } from '../../support/child-command';
import { sale } from '../journal/fixtures';
import { headOfficeEntries, identityFor, journalEntries, newKey, syncAll, useHeadOffice } from './harness';
import type { TillIdentity } from '../../../src/main/head-office/feed';

/**
 * The replicator is killed (SIGKILL) at least 110 times while three tills' journals grow, then
 * head office must hold exactly each till's entries, none twice, none missing, each checked.
 *
 * Nothing depends on the machine's speed: three lives in four stop at a moment the test chose
 * (after connecting; after reading batch k; after head office took batch k but before COMMIT;
 * after COMMIT) and say so, and are killed there, so every one of those moments is certain to be
 * hit; the fourth life is killed at a random moment after it connected (or finishes first, which
 * counts as a life, not a kill). Each life has at least a few batches of work: the test adds
 * entries (keyed sales and supervisor records, written through the Journal API by this process,
 * the till) before and during the lives.
 */
const KILLS = Number(process.env.HQ_CRASH_KILLS ?? 110);
const BATCH = 15;
const POINTS: SyncPoint[] = ['connected', 'batch-read', 'ingested', 'committed'];
const root = resolve(import.meta.dirname, '../../..');

interface CrashTill {
  tillId: string;
  path: string;
  key: Buffer;
  identity: TillIdentity;
  journal: Journal;
  sold: number;
}

describe('crash: the replicator killed at random moments, then head office holds each journal exactly', () => {
  const rig = useHeadOffice('hq-crash');
  let command: ChildCommand;
  const tills: CrashTill[] = [];

  beforeAll(async () => {
    command = await childCommand(join(import.meta.dirname, 'crash-child.ts'), rig.dir);
    for (const tillId of ['C1', 'C2', 'C3']) {
      const path = join(rig.dir, `${tillId}.sqlite`);
      seedSyntheticJournal(path, { days: 1, salesPerDay: 15, bigDaySales: 1, unsureEvery: 5, tillId });
      const key = newKey();
      // The rest of the journal is keyed: head office checks those entries' HMACs.
      const journal = Journal.open(path, { chainKey: key });
      tills.push({ tillId, path, key, identity: identityFor(tillId), journal, sold: 0 });
    }
    return () => {
      for (const t of tills) t.journal.close();
    };
  });

  /** The till at work: a sale (begun, exchange, issued) or a supervisor record, keyed. */
  function work(t: CrashTill, entries: number): void {
    const target = t.journal.chainHead().entryId + entries;
    while (t.journal.chainHead().entryId < target) {
      if (t.sold % 3 === 2) {
        t.journal.recordSupervisorAction({ action: 'journal.export', by: `s${t.sold}` });
        t.sold++;
        continue;
      }
      const orderNo = t.journal.nextOrderNo(t.tillId);
      t.journal.begin(sale(orderNo, { total: 50 + (t.sold % 200) }));
      t.journal.recordExchange(orderNo, {
        operation: 'order',
        requestTimestamp: String(1_800_000_000 + t.sold),
        httpStatus: 200,
        statusCode: 1,
        resultMessage: 'OK',
        durationMs: 12,
        outcome: 'issued',
      });
      t.journal.markIssued(orderNo, {
        invoiceNumber: `CR${String(t.sold + tills.indexOf(t) * 1_000_000).padStart(8, '0')}`,
        invoiceDateTime: '2026-11-22T11:00:00',
        randomNumber: '1234',
        printDataString: null,
      });
      t.sold++;
    }
  }

  async function headOfficeHead(tillId: string): Promise<number> {
    const result = await rig.pg.query<{ head: string | null; n: string }>(
      'SELECT max(id) AS head, count(*) AS n FROM hq.entries WHERE till_id = $1',
      [tillId],
    );
    const head = Number(result.rows[0]!.head ?? 0);
    // No entry twice and none missing below the head, after every life.
    expect(Number(result.rows[0]!.n)).toBe(head);
    return head;
  }

  type Ending = { kind: 'point'; point: SyncPoint; batch: number } | { kind: 'random'; ms: number };

  function life(t: CrashTill, ending: Ending): Promise<{ killed: boolean; marker: string }> {
    return new Promise((done, fail) => {
      const plan = {
        journalPath: t.path,
        identity: t.identity,
        keyHex: t.key.toString('hex'),
        url: rig.till.url,
        batchSize: BATCH,
        stopAt: ending.kind === 'point' ? { point: ending.point, batch: ending.batch } : null,
      };
      const child = spawn(command.file, [...command.args, JSON.stringify(plan)], {
        cwd: root,
        env: command.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      let killed = false;
      let marker = '';
      const kill = () => {
        if (killed) return;
        killed = true;
        child.kill('SIGKILL');
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('connected\n') && ending.kind === 'random' && !marker) {
          marker = 'random';
          setTimeout(kill, ending.ms);
        }
        const at = /at (\S+) (\d+)\n/.exec(out);
        if (at && !marker) {
          marker = `${at[1]} ${at[2]}`;
          kill();
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') return done({ killed: true, marker });
        if (code === 0 && /done synced/.test(out)) return done({ killed: false, marker: 'done' });
        fail(new Error(`the replicator ended by itself (code ${code}): ${out} ${err.slice(0, 2000)}`));
      });
      // The till sells on while the replicator runs.
      setTimeout(() => work(t, 4), 5);
      // A guard: a life that hangs is killed anyway.
      setTimeout(kill, 20_000);
    });
  }

  it(`survives ${KILLS} kills: head office holds exactly each till's entries, none twice`, async () => {
    let kills = 0;
    let lives = 0;
    const byPoint = new Map<string, number>();
    while (kills < KILLS) {
      const t = tills[lives % tills.length]!;
      lives++;
      const held = await headOfficeHead(t.tillId);
      if (t.journal.chainHead().entryId - held < BATCH * 4) work(t, BATCH * 4);
      const batches = Math.floor((t.journal.chainHead().entryId - held) / BATCH);
      const point = POINTS[Math.floor(Math.random() * POINTS.length)]!;
      const ending: Ending =
        lives % 4 === 0
          ? { kind: 'random', ms: Math.floor(Math.random() * 40) }
          : {
              kind: 'point',
              point,
              batch: point === 'connected' ? 0 : Math.floor(Math.random() * Math.min(3, batches)),
            };
      const result = await life(t, ending);
      if (result.killed) {
        kills++;
        const name = ending.kind === 'point' ? ending.point : 'random';
        byPoint.set(name, (byPoint.get(name) ?? 0) + 1);
      }
      const after = await headOfficeHead(t.tillId);
      expect(after).toBeGreaterThanOrEqual(held);
      // A life killed before its first COMMIT moved nothing; one killed after it moved exactly
      // its committed batches.
      if (ending.kind === 'point' && result.killed) {
        const committed =
          ending.point === 'committed' ? ending.batch + 1 : ending.point === 'connected' ? 0 : ending.batch;
        expect(after - held).toBe(committed * BATCH);
      }
    }
    for (const point of POINTS) expect(byPoint.get(point) ?? 0, point).toBeGreaterThan(5);

    for (const t of tills) {
      const result = await syncAll({
        path: t.path,
        identity: t.identity,
        key: t.key,
        connection: rig.till,
        batchSize: BATCH,
      });
      expect(result.kind).toBe('synced');
      const entries = journalEntries(t.path);
      expect(await headOfficeEntries(rig.pg, t.tillId)).toEqual(entries);
      const sales = await rig.pg.query<{ n: string }>(
        'SELECT count(*) AS n FROM hq.sales WHERE feed_till = $1',
        [t.tillId],
      );
      expect(Number(sales.rows[0]!.n)).toBe(countTransactions(t.path));
    }
    const refused = await rig.pg.query('SELECT till_id FROM hq.tills WHERE refused_at IS NOT NULL');
    expect(refused.rows).toEqual([]);
  }, 600_000);
});

/** Every transaction of the journal (any day, any state). */
function countTransactions(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS n FROM transactions').pluck().get() as number;
  } finally {
    db.close();
  }
}

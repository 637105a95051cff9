import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHeadOfficeCapability,
  type HeadOfficeCapability,
} from '../../../src/main/head-office/capability';
import { connectHeadOffice, type HeadOfficeConnection } from '../../../src/main/head-office/connection';
import { type TillIdentity } from '../../../src/main/head-office/feed';
import { migrateHeadOffice } from '../../../src/main/head-office/migrate';
import { claimsReport, runReport, tillStatus } from '../../../src/main/head-office/reports';
import { syncOnce } from '../../../src/main/head-office/replicator';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import { trainingDefaults, type TrainingService } from '../../../src/training-service';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, startService } from '../checkout/harness';
import {
  headOfficeEntries,
  journalEntries,
  openSellingTill,
  TILL_PASSWORD,
  TILL_ROLE,
  type SellingTill,
} from './harness';

/**
 * The head-office model test (issue 22, items 8-10): a fast-check state machine drives two real
 * tills (keyed journals, the checkout engine against the training service, voids over its standard
 * API, the head-office capability's replicator against a real PostgreSQL) and a hostile third login
 * holding the tills' own password, through random sequences of sales (B and C invoices, two
 * cashiers), voids, syncs, till restarts and hostile acts:
 *
 * - a till of its own in either store fed a self-made chain whose entries name a real till, its
 *   store and another company;
 * - a registration asking to move to another store (its own till, or a real till's, its install
 *   id known);
 * - a second PC claiming a real till's id with a journal of its own.
 *
 * After every step: head office holds a prefix of each real till's journal (all of it after the
 * till's sync), and no row of a real till came from another feed; every figure of the day report
 * (amounts, counts, tax by the till's summary rule) equals the till's own summary once synced;
 * each till's store view is its own store's; every refused claim is recorded and shown by `hq
 * status`, and the PC that made it does not sell under that id.
 *
 * One PostgreSQL for the file; each run starts from a fresh `hq` schema (dropped and migrated).
 * Replay: TILL_MODEL_SEED=<seed> [TILL_MODEL_PATH=<path>] [TILL_MODEL_RUNS=<n>]; the seed is
 * printed on failure.
 */
const RUNS = Number(process.env.TILL_MODEL_RUNS ?? 8);
const SEED = Number(process.env.TILL_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PATH = process.env.TILL_MODEL_PATH;
const COMPANY = trainingDefaults().companyId;
const STORES = ['S1', 'S2'] as const;
type Store = (typeof STORES)[number];

interface RealTill {
  tillId: string;
  storeId: Store;
  identity: TillIdentity;
  till: SellingTill;
  headOffice: HeadOfficeCapability;
  /** Issued sales not voided: what a void may take. */
  standing: string[];
}

interface SecondPc {
  tillId: string;
  installId: string;
  /** Its own journal and what it registers as. */
  path: string;
  identity: TillIdentity;
  headOffice: HeadOfficeCapability;
}

interface World {
  dir: string;
  tills: RealTill[];
  /** The hostile login's own tills, by store. */
  hostile: Array<{ tillId: string; storeId: Store; identity: TillIdentity }>;
  secondPcs: SecondPc[];
  made: number;
}

/** What the model knows: nothing beyond the world itself (its journals are the oracle). */
type Model = Record<string, never>;

describe('head office: the model (two tills and a hostile third login)', () => {
  const temp = makeTempDir('hq-model');
  let pgServer: TestPostgres;
  let service: TrainingService;
  let tillConnection: HeadOfficeConnection;
  let run = 0;

  beforeAll(async () => {
    pgServer = await startPostgres();
    await pgServer.query(`CREATE ROLE ${TILL_ROLE} LOGIN PASSWORD '${TILL_PASSWORD}'`);
    tillConnection = {
      url: pgServer.url({ user: TILL_ROLE, password: TILL_PASSWORD }),
      queryTimeoutMs: 30_000,
    };
    service = await startService(temp.dir, { timestampWindowSeconds: 3600 });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await pgServer?.close();
    temp.remove();
  });

  /** The owner's connection for a run's checks (one login, not one per query). */
  let owner: pg.Client | null = null;
  async function asOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    if (owner) return work(owner);
    const client = await connectHeadOffice({ url: pgServer.url() });
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  /** What head office holds of a till, as the journal file has it (harness.headOfficeEntries). */
  const heldEntries = (tillId: string) =>
    headOfficeEntries(
      { query: (sql, params) => asOwner((c) => c.query(sql, params)) } as TestPostgres,
      tillId,
    );
  const ownerQuery = (sql: string, params: unknown[] = []) => asOwner((c) => c.query(sql, params));

  /** A fresh head office: the schema dropped and migrated, the till login granted again. */
  const resetHeadOffice = () =>
    asOwner(async (client) => {
      await client.query('DROP SCHEMA IF EXISTS hq CASCADE');
      await migrateHeadOffice(client, { companyId: COMPANY });
      await client.query('SELECT hq.grant_till_role($1)', [TILL_ROLE]);
    });

  function capability(options: {
    path: string;
    identity: TillIdentity;
    key: Buffer | null;
    chainHead: () => { entryId: number };
  }): HeadOfficeCapability {
    return createHeadOfficeCapability({
      journal: { path: options.path, chainHead: options.chainHead },
      settings: () => ({ connection: tillConnection, storeId: options.identity.storeId }),
      companyId: () => options.identity.companyId,
      tillId: () => options.identity.tillId,
      installId: () => options.identity.installId,
      chainKey: () => options.key,
      logger: memoryLogger(),
      stopFile: join(options.path + '.stop.json'),
    });
  }

  function openReal(world: World, tillId: string, storeId: Store, identity?: TillIdentity, key?: Buffer) {
    const till = openSellingTill({
      dir: world.dir,
      tillId,
      service,
      ...(key ? { key } : {}),
    });
    const id = identity ?? { companyId: COMPANY, storeId, tillId, installId: randomUUID() };
    const real: RealTill = {
      tillId,
      storeId,
      identity: id,
      till,
      standing: [],
      headOffice: capability({
        path: till.path,
        identity: id,
        key: till.key,
        chainHead: () => till.journal.chainHead(),
      }),
    };
    return real;
  }

  /** A journal of the hostile's own making: synthetic sales whose payloads name `named`. */
  function forgedJournal(world: World, named: string, sales: number): string {
    const path = join(world.dir, `forged-${++world.made}.sqlite`);
    seedSyntheticJournal(path, {
      days: 1,
      salesPerDay: sales,
      bigDaySales: 1,
      unsureEvery: 4,
      tillId: named,
    });
    return path;
  }

  // ---------------------------------------------------------------- the invariants

  async function check(world: World): Promise<void> {
    const today = taipeiBusinessDay(new Date());
    for (const t of world.tills) {
      const local = journalEntries(t.till.path);
      const remote = await heldEntries(t.tillId);
      // Never a forged row: head office holds this till's journal, a prefix of it, nothing else.
      expect(remote, `${t.tillId}: entries`).toEqual(local.slice(0, remote.length));
      if (remote.length !== local.length) continue;
      // Synced: every figure is the till's own summary's.
      const summary = t.till.journal.summary({ businessDay: today }).training;
      const rows = await asOwner(
        async (c) =>
          (
            await runReport(c, {
              kind: 'day',
              from: today,
              to: today,
              storeId: null,
              tillId: t.tillId,
              group: 'till',
              training: 'include',
            })
          ).rows,
      );
      if (summary.count === 0 && summary.returns.amount === 0) {
        expect(rows, `${t.tillId}: no day`).toEqual([]);
      } else {
        expect(rows, `${t.tillId}: one row`).toHaveLength(1);
        expect(rows[0], `${t.tillId}: day report`).toMatchObject({
          store_id: t.storeId,
          till_id: t.tillId,
          transactions: summary.count,
          sales_count: summary.issued.count,
          sales_amount: summary.issued.amount,
          returns_amount: summary.returns.amount,
          net_amount: summary.net.amount,
          sales_tax: summary.taxAmount,
          returns_tax: summary.invoices.allowanceTax,
          net_tax: summary.taxAmount - summary.invoices.allowanceTax,
          pending_sales: summary.byState['needs-verification'].count,
        });
      }
    }
    const foreign = await ownerQuery(
      `SELECT count(*)::int AS n FROM hq.sales WHERE till_id <> feed_till
       UNION ALL SELECT count(*)::int FROM hq.returns WHERE till_id <> feed_till`,
    );
    expect(foreign.rows.map((r) => r.n)).toEqual([0, 0]);

    // Each till reads its own store only: the store's tills as head office registered them.
    const registered = (await ownerQuery('SELECT till_id, store_id FROM hq.tills ORDER BY till_id')) as {
      rows: Array<{ till_id: string; store_id: string }>;
    };
    for (const t of world.tills) {
      if (!registered.rows.some((r) => r.till_id === t.tillId)) continue;
      const view = await t.headOffice.storeDay(today);
      expect(view.storeId, `${t.tillId}: store`).toBe(t.storeId);
      const inStore = [
        ...world.tills.filter((o) => o.storeId === t.storeId).map((o) => o.tillId),
        ...world.hostile.filter((h) => h.storeId === t.storeId).map((h) => h.tillId),
      ];
      for (const feed of view.feeds) expect(inStore, `${t.tillId}: view`).toContain(feed.tillId);
    }
    // Every registration is in the store it first named.
    for (const row of registered.rows) {
      const store =
        world.tills.find((t) => t.tillId === row.till_id)?.storeId ??
        world.hostile.find((h) => h.tillId === row.till_id)?.storeId;
      expect(row.store_id, `${row.till_id}: registered store`).toBe(store);
    }

    // Every refused claim is recorded, shown by hq status, and that PC does not sell under the id.
    const claims = await asOwner((c) => claimsReport(c));
    expect(
      claims.rows.map((r) => `${r.till_id as string}/${r.install_id as string}`).sort(),
      'claims',
    ).toEqual(world.secondPcs.map((p) => `${p.tillId}/${p.installId}`).sort());
    const status = await asOwner((c) => tillStatus(c));
    for (const t of world.tills) {
      const row = status.rows.find((r) => r.till_id === t.tillId);
      const open = world.secondPcs.filter((p) => p.tillId === t.tillId).length;
      if (row) expect(row.open_claims, `${t.tillId}: open claims`).toBe(open);
      else expect(open).toBe(0);
    }
    for (const pc of world.secondPcs) {
      expect(() => pc.headOffice.assertCanSell(), `${pc.installId}: sells`).toThrow(/till id/);
      expect(pc.headOffice.state().stopped?.tillId).toBe(pc.tillId);
    }
  }

  // ---------------------------------------------------------------- the commands

  type Cmd = fc.AsyncCommand<Model, World>;
  const cmd = (name: string, act: (world: World) => Promise<void>): Cmd => ({
    check: () => true,
    run: async (_model, world) => {
      await act(world);
      await check(world);
    },
    toString: () => name,
  });

  const order = (kind: 'B' | 'C', total: number, cashier: string): CheckoutOrder =>
    ({
      lines: [{ name: '商品', quantity: 1, unitPrice: total, taxType: 'taxable' }],
      payments: [{ method: total % 2 === 0 ? 'cash' : 'card', amount: total }],
      invoice:
        kind === 'B'
          ? { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' }
          : { kind: total % 3 === 0 ? 'phone' : 'paper' },
      cashier,
    }) as CheckoutOrder;

  const till = fc.nat({ max: 1 });
  const commands = [
    fc
      .record({
        till,
        kind: fc.constantFrom('B' as const, 'C' as const),
        total: fc.integer({ min: 1, max: 3000 }),
        cashier: fc.constantFrom('甲', '乙'),
      })
      .map(({ till: i, kind, total, cashier }) =>
        cmd(`sell(${i}, ${kind}, ${total}, ${cashier})`, async (world) => {
          const t = world.tills[i]!;
          const sale = await t.till.engine.submit(order(kind, total, cashier));
          expect(sale.state).toBe('issued');
          t.standing.push(sale.orderNo);
        }),
      ),
    till.map((i) =>
      cmd(`void(${i})`, async (world) => {
        const t = world.tills[i]!;
        const orderNo = t.standing.pop();
        if (!orderNo) return;
        const result = await t.till.returns.submit(
          { kind: 'void', orderNo, reason: '客人取消' },
          { by: '甲' },
        );
        expect(result.state).toBe('done');
      }),
    ),
    till.map((i) =>
      cmd(`sync(${i})`, async (world) => {
        const t = world.tills[i]!;
        const state = await t.headOffice.syncNow();
        expect(state, `${t.tillId}: sync`).toMatchObject({ state: 'synced', behind: 0, stopped: null });
      }),
    ),
    till.map((i) =>
      cmd(`restart(${i})`, async (world) => {
        const t = world.tills[i]!;
        t.till.close();
        const again = openReal(world, t.tillId, t.storeId, t.identity, t.till.key);
        again.standing = t.standing;
        world.tills[i] = again;
      }),
    ),
    fc
      .record({ store: fc.constantFrom(...STORES), named: till, sales: fc.integer({ min: 1, max: 4 }) })
      .map(({ store, named, sales }) =>
        cmd(`forge(${store}, names ${named}, ${sales})`, async (world) => {
          // The hostile login's own till, fed entries that name a real till, its store and company.
          const victim = world.tills[named]!;
          const tillId = `H${run}X${world.hostile.length}`;
          const identity: TillIdentity = {
            companyId: COMPANY,
            storeId: store,
            tillId,
            installId: randomUUID(),
          };
          world.hostile.push({ tillId, storeId: store, identity });
          const path = forgedJournal(world, victim.tillId, sales);
          const result = await syncOnce({
            journalPath: path,
            identity,
            chainKey: null,
            connection: tillConnection,
          });
          expect(result.kind).toBe('synced');
        }),
      ),
    fc.record({ who: fc.nat({ max: 2 }) }).map(({ who }) =>
      cmd(`move(${who === 2 ? 'own' : who})`, async (world) => {
        // A registration asking for the other store: a real till's (its install id known) or its own.
        const target = who === 2 ? world.hostile.at(-1) : world.tills[who];
        if (!target) return;
        // Only a registration can ask to move (a till head office has never seen registers anew).
        const known = await ownerQuery('SELECT 1 FROM hq.tills WHERE till_id = $1', [target.tillId]);
        if (!known.rowCount) return;
        const identity = { ...target.identity, storeId: target.storeId === 'S1' ? 'S2' : 'S1' };
        const real = who === 2 ? null : world.tills[who]!;
        const result = await syncOnce({
          journalPath: real ? real.till.path : forgedJournal(world, target.tillId, 1),
          identity,
          chainKey: real ? real.till.key : null,
          connection: tillConnection,
        });
        expect(result.kind === 'failed' && result.error.problem, 'move').toBe('other-store');
      }),
    ),
    till.map((i) =>
      cmd(`second-pc(${i})`, async (world) => {
        const t = world.tills[i]!;
        // Only a till head office already has can be claimed by another PC.
        const known = await ownerQuery('SELECT 1 FROM hq.tills WHERE till_id = $1', [t.tillId]);
        if (!known.rowCount) return;
        const path = forgedJournal(world, t.tillId, 2);
        const identity: TillIdentity = { ...t.identity, installId: randomUUID() };
        const pc: SecondPc = {
          tillId: t.tillId,
          installId: identity.installId,
          path,
          identity,
          headOffice: capability({ path, identity, key: null, chainHead: () => ({ entryId: 0 }) }),
        };
        const state = await pc.headOffice.syncNow();
        expect(state.state).toBe('refused');
        world.secondPcs.push(pc);
      }),
    ),
    fc.constant(
      cmd('restart-second-pcs', async (world) => {
        // A refused PC restarted: its stop is read back from its data folder, before any sync.
        for (const pc of world.secondPcs) {
          pc.headOffice = capability({
            path: pc.path,
            identity: pc.identity,
            key: null,
            chainHead: () => ({ entryId: 0 }),
          });
        }
      }),
    ),
  ];

  it('keeps every invariant through random sales, syncs, restarts and hostile acts', async () => {
    const started = Date.now();
    let sequences = 0;
    let steps = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
          run++;
          sequences++;
          const t0 = Date.now();
          await resetHeadOffice();
          owner = await connectHeadOffice({ url: pgServer.url() });
          if (process.env.TILL_MODEL_DEBUG) console.info('reset', Date.now() - t0);
          const dir = join(temp.dir, `run-${run}`);
          mkdirSync(dir);
          const world: World = { dir, tills: [], hostile: [], secondPcs: [], made: 0 };
          world.tills = [openReal(world, `A${run}`, 'S1'), openReal(world, `B${run}`, 'S2')];
          try {
            const t1 = Date.now();
            await fc.asyncModelRun(() => ({ model: {} as Model, real: world }), cmds);
            if (process.env.TILL_MODEL_DEBUG) console.info('run', String(cmds), Date.now() - t1);
            steps += [...cmds].length;
            // Finally both tills sync: head office then holds exactly their journals.
            for (const t of world.tills) await t.headOffice.syncNow();
            await check(world);
            for (const t of world.tills) {
              expect(await heldEntries(t.tillId)).toEqual(journalEntries(t.till.path));
            }
          } finally {
            for (const t of world.tills) t.till.close();
            await owner?.end();
            owner = null;
          }
        }),
        { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH } : {}), endOnFailure: true },
      );
    } catch (error) {
      console.error(
        `head-office model failed: replay with TILL_MODEL_SEED=${SEED}${PATH ? ` TILL_MODEL_PATH=${PATH}` : ''} (fast-check's path is in the error)`,
      );
      throw error;
    }
    console.info(
      `head-office model: ${sequences} sequences, ${steps} steps, seed ${SEED}, ${Date.now() - started} ms`,
    );
  }, 600_000);
});

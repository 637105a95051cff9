import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { createLifecycle, type Lifecycle } from '../../../src/main/core/lifecycle';
import { connectHeadOffice } from '../../../src/main/head-office/connection';
import {
  createHeadOfficeCapability,
  type HeadOfficeCapability,
} from '../../../src/main/head-office/capability';
import { runReport, type Cell } from '../../../src/main/head-office/reports';
import { trainingDefaults, type TrainingService } from '../../../src/training-service';
import type { HeadOfficeState } from '../../../src/shared/ipc/contract/head-office';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, startService, type MemoryLogger } from '../checkout/harness';
import {
  headOfficeEntries,
  journalEntries,
  openSellingTill,
  saleOrder,
  startHeadOffice,
  type SellingTill,
} from './harness';
import type { HeadOfficeConnection } from '../../../src/main/head-office/connection';

/**
 * Three tills sell for real (the checkout engine against the training service, voids and
 * allowances over its standard API, keyed journals), each with the head-office capability running
 * as a service on its own core lifecycle. Head office goes down (pg_ctl stop) while they sell on,
 * and comes back: each till shows unreachable and how far behind it is, then catches up, and head
 * office holds exactly each till's entries. Its reports then say what each till's own day summary
 * says.
 */
const SALES_BEFORE = 8;
const SALES_DURING = 14;
const INTERVAL_MS = 150;

interface RunningTill {
  till: SellingTill;
  storeId: string;
  headOffice: HeadOfficeCapability;
  lifecycle: Lifecycle;
  logger: MemoryLogger;
  states: HeadOfficeState['state'][];
  sold: number;
}

async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  ok: (value: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('head office: three tills selling while head office goes down and comes back', () => {
  const temp = makeTempDir('hq-outage');
  let pg: TestPostgres;
  let ownerUrl: string;
  let tillConnection: HeadOfficeConnection;
  let service: TrainingService;
  const tills: RunningTill[] = [];

  beforeAll(async () => {
    const companyId = trainingDefaults().companyId;
    ({ pg, ownerUrl, till: tillConnection } = await startHeadOffice(companyId));
    service = await startService(temp.dir, { timestampWindowSeconds: 3600 });
    for (const [tillId, storeId] of [
      ['T01', 'S1'],
      ['T02', 'S1'],
      ['T03', 'S2'],
    ] as const) {
      const till = openSellingTill({ dir: temp.dir, tillId, service });
      const logger = memoryLogger();
      const lifecycle = createLifecycle(logger);
      const running: RunningTill = {
        till,
        storeId,
        lifecycle,
        logger,
        states: [],
        sold: 0,
      } as unknown as RunningTill;
      running.headOffice = createHeadOfficeCapability({
        journal: till.journal,
        settings: () => ({ connection: { ...tillConnection, connectTimeoutMs: 2000 }, storeId }),
        companyId: () => companyId,
        tillId: () => tillId,
        installId: () => installIds[tillId]!,
        chainKey: () => till.key,
        logger,
        intervalMs: INTERVAL_MS,
        batchSize: 25,
        onStateChanged: () => {
          const state = running.headOffice.state().state;
          if (running.states[running.states.length - 1] !== state) running.states.push(state);
        },
      });
      lifecycle.register(running.headOffice.service);
      await lifecycle.start();
      tills.push(running);
    }
  });

  const installIds: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
    T01: '00000000-0000-4000-8000-000000000001',
    T02: '00000000-0000-4000-8000-000000000002',
    T03: '00000000-0000-4000-8000-000000000003',
  });

  afterAll(async () => {
    for (const t of tills) {
      await t.lifecycle.stop();
      t.till.close();
    }
    await service?.close();
    await pg?.close();
    temp.remove();
  });

  /** Each till sells `count` sales, the tills taking turns; every fourth sale is voided or partly returned. */
  async function sellRound(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      for (const t of tills) {
        const n = ++t.sold;
        const sale = await t.till.engine.submit(saleOrder(n));
        expect(sale.state).toBe('issued');
        if (n % 8 === 3) {
          const result = await t.till.returns.submit(
            { kind: 'void', orderNo: sale.orderNo, reason: '客人取消' },
            { by: '店長' },
          );
          expect(result.state).toBe('done');
        } else if (n % 8 === 6) {
          const result = await t.till.returns.submit(
            {
              kind: 'allowance',
              orderNo: sale.orderNo,
              items: [{ sequence: '002', quantity: 1 }],
              reason: '退紅茶',
            },
            { by: '店長' },
          );
          expect(result.state).toBe('done');
        }
      }
    }
  }

  /** Holds a till's row at head office, so that the till's next batch waits inside its transaction. */
  async function holdTillRow(tillId: string) {
    const holder = await connectHeadOffice({ url: ownerUrl });
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM hq.tills WHERE till_id = $1 FOR UPDATE', [tillId]);
    return holder;
  }

  /** Until a till's batch is seen waiting on that row: the order of events is forced, not timed. */
  const batchWaitingAtHeadOffice = (tillId: string) =>
    waitFor(
      `a batch of ${tillId} waiting at head office`,
      async () =>
        (
          await pg.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'till' AND wait_event_type = 'Lock'`,
            [],
            'postgres',
          )
        ).rows[0]!.n,
      (n) => Number(n) > 0,
    );

  const allSynced = () =>
    waitFor(
      'every till synced',
      () => tills.map((t) => t.headOffice.state()),
      (states) => states.every((s) => s.state === 'synced' && s.behind === 0),
    );

  it('catches up exactly after head office was down', async () => {
    await sellRound(SALES_BEFORE);
    await allSynced();
    for (const t of tills)
      expect(await headOfficeEntries(pg, t.till.tillId)).toEqual(journalEntries(t.till.path));

    await pg.stop('fast');
    // The tills sell on: nothing waits for head office.
    const started = Date.now();
    await sellRound(SALES_DURING);
    const sellingMs = Date.now() - started;
    const down = await waitFor(
      'every till unreachable',
      () => tills.map((t) => t.headOffice.state()),
      (states) => states.every((s) => s.state === 'unreachable'),
    );
    for (const [i, state] of down.entries()) {
      expect(state.behind).toBe(tills[i]!.till.journal.chainHead().entryId - state.headOfficeEntryId!);
      expect(state.behind).toBeGreaterThan(SALES_DURING * 4);
      expect(state.reason?.zh).toContain('無法連線到總部資料庫');
      expect(state.reason?.en).toContain('Head office cannot be reached');
      expect(state.lastSyncedAt).not.toBeNull();
    }

    await pg.start();
    await allSynced();
    for (const t of tills) {
      const entries = journalEntries(t.till.path);
      expect(await headOfficeEntries(pg, t.till.tillId)).toEqual(entries);
      expect(t.states).toContain('unreachable');
      expect(t.states[t.states.length - 1]).toBe('synced');
    }
    // None twice: the primary key says so, and the count agrees with the journals.
    const counts = await pg.query<{ till_id: string; n: string; distinct_ids: string }>(
      'SELECT till_id, count(*) AS n, count(DISTINCT id) AS distinct_ids FROM hq.entries GROUP BY till_id ORDER BY till_id',
    );
    expect(counts.rows.map((r) => [r.till_id, Number(r.n), Number(r.distinct_ids)])).toEqual(
      tills.map((t) => [
        t.till.tillId,
        journalEntries(t.till.path).length,
        journalEntries(t.till.path).length,
      ]),
    );
    // Selling went on at the till's own pace while head office was down (a bound, not a timing).
    expect(sellingMs).toBeLessThan(60_000);
  });

  it('head office crashing in the middle of a batch loses nothing: the batch is rolled back and sent again', async () => {
    const t2 = tills[1]!;
    const holder = await holdTillRow('T02');
    const before = (await headOfficeEntries(pg, 'T02')).length;
    for (let i = 0; i < 3; i++)
      expect((await t2.till.engine.submit(saleOrder(500 + i))).state).toBe('issued');
    await batchWaitingAtHeadOffice('T02');
    await pg.stop('immediate'); // a crash: no checkpoint, the open transactions are gone
    await holder.end().catch(() => {});
    expect(t2.headOffice.state().state).not.toBe('synced');
    await pg.start();
    await allSynced();
    const entries = journalEntries(t2.till.path);
    expect(entries.length).toBeGreaterThan(before);
    for (const t of tills)
      expect(await headOfficeEntries(pg, t.till.tillId)).toEqual(journalEntries(t.till.path));
  });

  it("reports what each till's own day summary says (sales, returns, net per method, cash)", async () => {
    const client = await connectHeadOffice({ url: ownerUrl });
    try {
      const days = new Set(
        tills.flatMap((t) =>
          t.till.journal.list({ businessDay: taipeiBusinessDay(new Date()) }).map((x) => x.businessDay),
        ),
      );
      days.add(taipeiBusinessDay(new Date()));
      for (const businessDay of days) {
        const base = {
          from: businessDay,
          to: businessDay,
          storeId: null,
          group: 'till' as const,
          training: 'only' as const,
        };
        for (const t of tills) {
          const summary = t.till.journal.summary({ businessDay, tillId: t.till.tillId }).training;
          const day = await runReport(client, { ...base, kind: 'day', tillId: t.till.tillId });
          if (summary.count === 0) {
            expect(day.rows).toEqual([]);
            continue;
          }
          expect(day.rows).toHaveLength(1);
          expect(day.rows[0]).toMatchObject({
            store_id: t.storeId,
            till_id: t.till.tillId,
            business_day: businessDay,
            training: true,
            transactions: summary.count,
            sales_count: summary.issued.count,
            sales_amount: summary.issued.amount,
            returns_count:
              summary.returns.voids.count +
              summary.returns.allowances.count +
              summary.returns.allowanceVoids.count,
            returns_amount: summary.returns.amount,
            net_amount: summary.net.amount,
            pending_sales: summary.byState['needs-verification'].count,
            // The tax as the till's summary counts it (issue 22, item 9).
            sales_tax: summary.taxAmount,
            returns_tax: summary.invoices.allowanceTax,
            net_tax: summary.taxAmount - summary.invoices.allowanceTax,
          });
          const payments = await runReport(client, { ...base, kind: 'payments', tillId: t.till.tillId });
          const byMethod = Object.fromEntries(payments.rows.map((r) => [r.method as string, r]));
          expect(Object.keys(byMethod).sort()).toEqual(Object.keys(summary.net.byPaymentMethod).sort());
          for (const [method, net] of Object.entries(summary.net.byPaymentMethod)) {
            const row = byMethod[method] as Record<string, Cell>;
            expect(row.net_amount, method).toBe(net.amount);
            expect(row.taken_amount, method).toBe(summary.byPaymentMethod[method]?.amount ?? 0);
          }
          const cash = await runReport(client, { ...base, kind: 'cash-day', tillId: t.till.tillId });
          expect(cash.rows[0]).toMatchObject({ expected_cash: summary.expectedCash });
        }
        // The per-cashier rows add up to the till's.
        const cashiers = await runReport(client, { ...base, kind: 'day', tillId: null, group: 'cashier' });
        const stores = await runReport(client, { ...base, kind: 'day', tillId: null, group: 'store' });
        const sum = (rows: Record<string, Cell>[], column: string) =>
          rows.reduce((a, r) => a + (r[column] as number), 0);
        for (const column of ['sales_amount', 'returns_amount', 'net_amount', 'sales_tax', 'net_tax']) {
          expect(sum(cashiers.rows, column)).toBe(sum(stores.rows, column));
        }
        expect(new Set(cashiers.rows.map((r) => r.cashier))).toEqual(new Set(['小明', '小華', '店長']));
      }
    } finally {
      await client.end();
    }
  });

  it("shows a store's day in the closing screen from head office (the till's own store only)", async () => {
    const businessDay = taipeiBusinessDay(new Date());
    const t1 = tills[0]!;
    const day = await t1.headOffice.storeDay(businessDay);
    expect(day.storeId).toBe('S1');
    expect(day.tills.map((t) => t.tillId)).toEqual(['T01', 'T02']);
    expect(day.feeds.map((f) => [f.tillId, f.refused])).toEqual([
      ['T01', false],
      ['T02', false],
    ]);
    for (const row of day.tills) {
      const summary = tills
        .find((t) => t.till.tillId === row.tillId)!
        .till.journal.summary({ businessDay, tillId: row.tillId });
      expect(row).toMatchObject({
        training: true,
        netAmount: summary.training.net.amount,
        salesAmount: summary.training.issued.amount,
      });
    }
    const t3 = await tills[2]!.headOffice.storeDay(businessDay);
    expect(t3.tills.map((t) => t.tillId)).toEqual(['T03']);
  });

  it('stopping while a batch waits at head office: the till says behind, not unreachable, and sends it at the next start', async () => {
    const t = tills[2]!;
    await allSynced();
    // Hold T03's row so that its next batch waits inside its transaction at head office: the core
    // then stops with that batch in flight, which is what closing the till on a slow line does.
    const holder = await holdTillRow('T03');
    try {
      const before = (await headOfficeEntries(pg, 'T03')).length;
      expect((await t.till.engine.submit(saleOrder(700))).state).toBe('issued');
      await batchWaitingAtHeadOffice('T03');
      const logged = t.logger.lines.length;
      await t.lifecycle.stop();
      await holder.query('ROLLBACK');
      expect(t.headOffice.state()).toMatchObject({
        state: 'behind',
        behind: t.till.journal.chainHead().entryId - before,
        headOfficeEntryId: before,
        reason: null,
      });
      expect(t.states[t.states.length - 1]).not.toBe('unreachable');
      // Stopping is not a head-office problem: nothing goes to the log as one.
      expect(t.logger.lines.slice(logged).filter((line) => line.level !== 'info')).toEqual([]);
      // The batch was never committed; the next start sends it.
      expect((await headOfficeEntries(pg, 'T03')).length).toBe(before);
      await t.headOffice.service.start();
      try {
        await allSynced();
        expect(await headOfficeEntries(pg, 'T03')).toEqual(journalEntries(t.till.path));
      } finally {
        await t.headOffice.service.stop();
      }
    } finally {
      await holder.end().catch(() => {});
    }
  });

  it('stops with the core: no run is left behind, and a stopped till stays as it was', async () => {
    const t = tills[0]!;
    await t.lifecycle.stop();
    const before = (await headOfficeEntries(pg, 'T01')).length;
    await t.till.engine.submit(saleOrder(999));
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 4));
    expect((await headOfficeEntries(pg, 'T01')).length).toBe(before);
    const entriesOfSale = t.till.journal.chainHead().entryId - before;
    expect(entriesOfSale).toBeGreaterThanOrEqual(3);
    expect(t.headOffice.state()).toMatchObject({
      state: 'behind',
      behind: entriesOfSale,
      headOfficeEntryId: before,
    });
  });
});

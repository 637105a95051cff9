// Head office (issue 17) on a PostgreSQL server the benchmark starts itself (test/support/
// postgres.ts: initdb into a temporary folder, 127.0.0.1, fsync off as in the tests), removed at
// the end. Figures only, never asserted:
//   entries replicated per second, by batch size (keyed journal: HMACs checked by head office);
//   catch-up of a till three days offline (6,000 sales), and what a sale's journal write costs
//   meanwhile (the catch-up reads on its own connection and yields between batches);
//   the head-office day report over 1,000,000 sales from 50 tills (rows generated in PostgreSQL
//   with generate_series; HQ_BENCH_REPORT_SALES=100000 for a quick run).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectHeadOffice, type HeadOfficeConnection } from '../src/main/head-office/connection';
import { migrateHeadOffice } from '../src/main/head-office/migrate';
import { syncOnce } from '../src/main/head-office/replicator';
import { runReport, type ReportOptions } from '../src/main/head-office/reports';
import { Journal, type NewTransaction } from '../src/main/journal/journal';
import { toPosOrderData } from '../src/provider/pos-profile';
import { startPostgres } from '../test/support/postgres';

const COMPANY = '12345678';
const REPORT_SALES = Number(process.env.HQ_BENCH_REPORT_SALES ?? 1_000_000);
const REPORT_TILLS = 50;
const REPORT_DAYS = 30;
const CATCH_UP_DAYS = 3;
const CATCH_UP_SALES_PER_DAY = 2_000;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** A consumer sale as the checkout writes it (one line, cash or card). */
function newSale(orderNo: string, tillId: string, at: Date, n: number): NewTransaction {
  const total = 35 + ((n * 37) % 900);
  const lines = [
    { name: '便當', quantity: 1, unitPrice: total, subTotal: total, taxType: 'taxable' as const },
  ];
  const totals = {
    totalAmount: total,
    salesAmount: total,
    taxAmount: 0,
    zeroTaxSalesAmount: 0,
    freeTaxSalesAmount: 0,
  };
  return {
    orderNo,
    tillId,
    companyId: COMPANY,
    training: false,
    operation: 'order',
    invoice: { kind: 'paper' },
    lines,
    payments: n % 3 === 0 ? [{ method: 'card', amount: total }] : [{ method: 'cash', amount: total }],
    totals,
    requestData: toPosOrderData({
      orderNo,
      invoiceDateTime: '2026-03-01T12:00:00',
      deviceId: tillId,
      operation: 'order',
      invoiceFor: 'C',
      taxType: '1',
      ...totals,
      lines: lines.map((line) => ({ ...line, itemTaxType: '1' })),
    }),
    cashier: n % 2 ? '小明' : '小華',
    at,
  };
}

/** One sale through the Journal API: begun, exchange, issued (three keyed entries). */
function sell(journal: Journal, tillId: string, at: Date, n: number): void {
  const orderNo = journal.nextOrderNo(tillId, at);
  journal.begin(newSale(orderNo, tillId, at, n));
  journal.recordExchange(orderNo, {
    operation: 'order',
    requestTimestamp: String(Math.floor(at.getTime() / 1000)),
    httpStatus: 200,
    statusCode: 1,
    resultMessage: 'OK',
    durationMs: 40,
    outcome: 'issued',
    at,
  });
  journal.markIssued(orderNo, {
    invoiceNumber: `AB${String(n).padStart(8, '0')}`,
    invoiceDateTime: '2026-03-01T12:00:00',
    randomNumber: '1234',
    printDataString: null,
    at,
  });
}

/** A keyed journal of `days` × `perDay` sales from 2026-03-01 (Taipei), written 500 sales a commit. */
function keyedJournal(path: string, key: Buffer, tillId: string, days: number, perDay: number): number {
  const journal = Journal.open(path, { chainKey: key });
  let n = 0;
  for (let day = 0; day < days; day++) {
    const start = Date.UTC(2026, 2, 1 + day, 1); // 09:00 Taipei
    for (let i = 0; i < perDay; i += 500) {
      journal.batch(() => {
        for (let j = i; j < Math.min(perDay, i + 500); j++) {
          sell(journal, tillId, new Date(start + Math.floor((j * 12 * 3_600_000) / perDay)), ++n);
        }
      });
    }
  }
  const entries = journal.chainHead().entryId;
  journal.close();
  return entries;
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-hq-'));
  const pg = await startPostgres();
  try {
    const owner = await connectHeadOffice({ url: pg.url(), queryTimeoutMs: 3_600_000 });
    await migrateHeadOffice(owner, { companyId: COMPANY });
    const connection: HeadOfficeConnection = { url: pg.url() };

    // ---------------------------------------------------------------- throughput by batch size
    console.log(
      'Entries replicated per second (keyed journal, 3 entries a sale, one PG transaction a batch):',
    );
    const throughputKey = randomBytes(32);
    const throughputPath = join(dir, 'throughput.sqlite');
    const throughputEntries = keyedJournal(throughputPath, throughputKey, 'B00', 1, 6_000);
    for (const [i, batchSize] of [100, 500, 2_000].entries()) {
      const identity = {
        companyId: COMPANY,
        storeId: 'BENCH',
        tillId: `B0${i + 1}`,
        installId: randomUUID(),
      };
      const started = performance.now();
      const result = await syncOnce({
        journalPath: throughputPath,
        identity,
        chainKey: throughputKey,
        connection,
        batchSize,
      });
      const seconds = (performance.now() - started) / 1000;
      if (result.kind !== 'synced') throw new Error(`throughput run: ${result.kind}`);
      console.log(
        `  batch ${String(batchSize).padStart(5)}: ${fmt(throughputEntries)} entries in ${fmt(seconds, 2)} s = ${fmt(throughputEntries / seconds)} entries/s`,
      );
    }

    // ---------------------------------------------------------------- catch-up after three days offline
    const catchUpKey = randomBytes(32);
    const catchUpPath = join(dir, 'catch-up.sqlite');
    const catchUpEntries = keyedJournal(
      catchUpPath,
      catchUpKey,
      'C01',
      CATCH_UP_DAYS,
      CATCH_UP_SALES_PER_DAY,
    );
    // Baseline: what one sale's journal writes cost with nothing else running.
    const till = Journal.open(catchUpPath, { chainKey: catchUpKey });
    let n = 1_000_000;
    const saleMs = () => {
      const started = performance.now();
      till.batch(() => sell(till, 'C01', new Date(), ++n));
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(saleMs());
    const identity = { companyId: COMPANY, storeId: 'BENCH', tillId: 'C01', installId: randomUUID() };
    const during: number[] = [];
    let catching = true;
    // The till sells meanwhile, one sale every 20 ms (a busy till sells one every few seconds):
    // the catch-up must not hold any of them up.
    const selling = (async () => {
      while (catching) {
        during.push(saleMs());
        await new Promise<void>((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const result = await syncOnce({
      journalPath: catchUpPath,
      identity,
      chainKey: catchUpKey,
      connection,
      batchSize: 500,
    });
    const catchUpSeconds = (performance.now() - started) / 1000;
    catching = false;
    await selling;
    till.close();
    if (result.kind !== 'synced') throw new Error(`catch-up run: ${result.kind}`);
    console.log(
      `Catch-up, a till ${CATCH_UP_DAYS} days offline (${fmt(CATCH_UP_DAYS * CATCH_UP_SALES_PER_DAY)} sales, ${fmt(catchUpEntries)} entries, ` +
        `${fmt(result.sent)} sent with the sales made meanwhile): ${fmt(catchUpSeconds, 2)} s (${fmt(result.sent / catchUpSeconds)} entries/s)`,
    );
    console.log(
      `  a sale's journal writes: idle p50 ${fmt(quantile(idle, 0.5), 2)} ms / p99 ${fmt(quantile(idle, 0.99), 2)} ms; ` +
        `during the catch-up (${during.length} sales) p50 ${fmt(quantile(during, 0.5), 2)} ms / p99 ${fmt(quantile(during, 0.99), 2)} ms / max ${fmt(Math.max(...during), 2)} ms`,
    );

    await owner.end();

    // ---------------------------------------------------------------- the day report at scale
    // A database of its own: only generated rows in it.
    await pg.createDatabase('report');
    const reports = await connectHeadOffice({
      url: pg.url({ database: 'report' }),
      queryTimeoutMs: 3_600_000,
    });
    await migrateHeadOffice(reports, { companyId: COMPANY });
    const generated = performance.now();
    await generateSales(reports, REPORT_SALES);
    console.log(
      `Day report over ${fmt(REPORT_SALES)} sales from ${REPORT_TILLS} tills in 5 stores over ${REPORT_DAYS} days ` +
        `(generated in ${fmt((performance.now() - generated) / 1000, 1)} s):`,
    );
    const base: ReportOptions = {
      kind: 'day',
      from: '2026-04-15',
      to: '2026-04-15',
      storeId: null,
      tillId: null,
      group: 'cashier',
      training: 'exclude',
    };
    const cases: Array<[string, ReportOptions]> = [
      ['one day, per cashier', base],
      ['one day, per store', { ...base, group: 'store' }],
      ['one day, payments per till', { ...base, kind: 'payments', group: 'till' }],
      ['one day, one store per till', { ...base, group: 'till', storeId: 'ST3' }],
      [`all ${REPORT_DAYS} days, per store`, { ...base, from: null, to: null, group: 'store' }],
      ['pending (待確認) across the chain', { ...base, kind: 'pending', from: null, to: null }],
    ];
    for (const [name, options] of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < 5; run++) {
        const t0 = performance.now();
        rows = (await runReport(reports, options)).rows.length;
        times.push(performance.now() - t0);
      }
      console.log(
        `  ${name.padEnd(36)} median ${fmt(quantile(times, 0.5), 1).padStart(8)} ms  (${fmt(rows)} rows)`,
      );
    }
    await reports.end();
  } finally {
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` sales (and their payments, and a return for one sale in fifty) straight into the derived tables. */
async function generateSales(
  client: Awaited<ReturnType<typeof connectHeadOffice>>,
  count: number,
): Promise<void> {
  await client.query(
    `INSERT INTO hq.stores (store_id, company_id) SELECT 'ST' || s, $1 FROM generate_series(1, 5) s`,
    [COMPANY],
  );
  await client.query(
    `INSERT INTO hq.tills (till_id, store_id, install_id)
     SELECT 'R' || lpad(t::text, 2, '0'), 'ST' || (1 + t % 5),
       regexp_replace(md5(t::text), '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\\1-\\2-\\3-\\4-\\5')
     FROM generate_series(1, ${REPORT_TILLS}) t`,
  );
  await client.query(
    `INSERT INTO hq.sales (feed_till, order_no, till_id, company_id, business_day, training, cashier, operation,
       invoice_kind, state, attempt, total_amount, sales_amount, tax_amount, created_at, updated_at)
     SELECT till, till || '-' || to_char(day, 'YYYYMMDD') || '-' || lpad(i::text, 7, '0'), till, $1, day, false,
       CASE (i / ${REPORT_TILLS * REPORT_DAYS}) % 3 WHEN 0 THEN '小明' WHEN 1 THEN '小華' ELSE '阿美' END, 'order', 'paper',
       CASE WHEN i % 97 = 0 THEN 'needs-verification' ELSE 'issued' END, 1,
       35 + (i * 37) % 900, round((35 + (i * 37) % 900) / 1.05), (35 + (i * 37) % 900) - round((35 + (i * 37) % 900) / 1.05),
       to_char(day, 'YYYY-MM-DD') || 'T04:00:00.000Z', to_char(day, 'YYYY-MM-DD') || 'T04:00:00.000Z'
     FROM (SELECT g AS i, 'R' || lpad((1 + g % ${REPORT_TILLS})::text, 2, '0') AS till,
             date '2026-04-01' + ((g / ${REPORT_TILLS}) % ${REPORT_DAYS}) AS day
           FROM generate_series(1, $2::int) g) x`,
    [COMPANY, count],
  );
  await client.query(
    `INSERT INTO hq.sale_payments (feed_till, order_no, seq, method, amount)
     SELECT feed_till, order_no, 1, CASE WHEN total_amount % 3 = 0 THEN 'card' ELSE 'cash' END, total_amount FROM hq.sales`,
  );
  await client.query(
    `INSERT INTO hq.returns (feed_till, return_id, order_no, invoice_number, kind, state, till_id, business_day, training,
       by_name, attempt, total_amount, sales_amount, tax_amount, created_at, updated_at)
     SELECT feed_till, row_number() OVER (PARTITION BY feed_till ORDER BY order_no), order_no, NULL, 'void', 'done',
       till_id, business_day, false, '店長', 1, total_amount, sales_amount, tax_amount, created_at, updated_at
     FROM hq.sales WHERE (hashtext(order_no) % 50) = 0`,
  );
  await client.query(
    `INSERT INTO hq.return_refunds (feed_till, return_id, seq, method, amount)
     SELECT feed_till, return_id, 1, 'cash', total_amount FROM hq.returns`,
  );
  await client.query('ANALYZE hq.sales, hq.sale_payments, hq.returns, hq.return_refunds, hq.tills');
}

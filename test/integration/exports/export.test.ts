import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../../src/main/exports/export';
import type { ExportOptions } from '../../../src/main/exports/types';
import type { Journal } from '../../../src/main/journal/journal';
import { readCsv } from '../journal/csv-reader';
import { beginSale, issuedSale, NOON_TAIPEI, refusal, sale, tempJournal } from '../journal/fixtures';
import { exporterOf } from '../../support/export-keys';

async function exportText(
  journal: Journal,
  options: ExportOptions,
): Promise<{ text: string; rows: number; bytes: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const result = await exporterOf(journal).exportDay(options, out);
  out.end();
  const buffer = Buffer.concat(chunks);
  expect(result.bytes).toBe(buffer.length);
  return { text: buffer.toString('utf8'), rows: result.rows, bytes: result.bytes };
}

describe('end-of-day export and summary', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  let orders: Record<string, string>;
  beforeEach(() => {
    env = tempJournal('export');
    journal = env.open();
    const minute = (m: number) => new Date(NOON_TAIPEI.getTime() + m * 60_000);
    orders = {
      cash: issuedSale(journal, 'AB00000001', { total: 150, at: minute(1) }),
      business: issuedSale(journal, 'AB00000002', {
        total: 1050,
        at: minute(2),
        buyerTitle: '好喝公司, "台北" 分店\n二樓',
        payments: [
          { method: 'card', amount: 1000 },
          { method: 'cash', amount: 50, tendered: 100, change: 50 },
        ],
      }),
      phone: issuedSale(journal, 'AB00000003', { total: 60, at: minute(3), operation: 'orderReturnQKey' }),
      rejected: beginSale(journal, { total: 70, at: minute(4) }),
      unsure: beginSale(journal, { total: 90, at: minute(5), tillId: 'T02' }),
      training: issuedSale(journal, 'AB00000004', { total: 500, at: minute(6), training: true }),
      tomorrow: beginSale(journal, { total: 40, at: new Date('2026-11-23T03:00:00Z') }),
    };
    journal.markRejected(orders.rejected!, { statusCode: 0, resultMessage: '=HYPERLINK("x"), rejected' });
    journal.markNeedsVerification(orders.unsure!, { reason: 'timeout' });
  });
  afterEach(() => env.cleanup());

  it('writes CSV with a BOM, CRLF, proper quoting and one row per transaction of the day', async () => {
    const { text, rows } = await exportText(journal, { businessDay: '2026-11-22', format: 'csv' });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const table = readCsv(text.slice(1));
    expect(table[0]).toEqual(EXPORT_COLUMNS);
    expect(rows).toBe(6);
    expect(table).toHaveLength(7);
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name);
    expect(table.slice(1).map((r) => r[col('order_no')])).toEqual([
      orders.cash,
      orders.business,
      orders.phone,
      orders.rejected,
      orders.unsure,
      orders.training,
    ]);
    const business = table[2]!;
    expect(business[col('buyer_title')]).toBe('好喝公司, "台北" 分店\n二樓');
    expect(business[col('payments')]).toBe('card:1000;cash:50');
    expect(business[col('total_amount')]).toBe('1050');
    expect(business[col('created_at_taipei')]).toBe('2026-11-22 11:02:00');
    expect(business[col('invoice_number')]).toBe('AB00000002');
    expect(business[col('exchanges')]).toBe('1');
    // A cell Excel would run as a formula is neutralised.
    expect(table[4]![col('last_message')]).toBe(`'=HYPERLINK("x"), rejected`);
    expect(table[6]![col('training')]).toBe('1');
  });

  it('filters by till', async () => {
    const { text, rows } = await exportText(journal, {
      businessDay: '2026-11-22',
      tillId: 'T02',
      format: 'csv',
    });
    expect(rows).toBe(1);
    expect(readCsv(text.slice(1))[1]![0]).toBe(orders.unsure);
  });

  it('writes JSON with the same rows and the summary', async () => {
    const { text, rows } = await exportText(journal, { businessDay: '2026-11-22', format: 'json' });
    const doc = JSON.parse(text) as {
      businessDay: string;
      transactions: Record<string, unknown>[];
      summary: { sales: { count: number }; chainHead: { hash: string } };
    };
    expect(rows).toBe(6);
    expect(doc.businessDay).toBe('2026-11-22');
    expect(doc.transactions).toHaveLength(6);
    expect(doc.transactions[1]).toMatchObject({
      order_no: orders.business,
      total_amount: 1050,
      training: false,
      buyer_title: '好喝公司, "台北" 分店\n二樓',
      // Structured in JSON (a method is any text): the CSV's cell is `card:1000;cash:50`.
      payments: [
        { method: 'card', amount: 1000 },
        { method: 'cash', amount: 50 },
      ],
    });
    expect(Object.keys(doc.transactions[0]!)).toEqual(EXPORT_COLUMNS);
    expect(doc.summary.sales.count).toBe(5);
    expect(doc.summary.chainHead.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('heads JSON version 2 with the company, the tills, training, the full chain check, and ends with the digest', async () => {
    const { text } = await exportText(journal, { businessDay: '2026-11-22', format: 'json' });
    const doc = JSON.parse(text) as Record<string, unknown>;
    const head = journal.chainHead();
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'businessDay',
      'tillId',
      'companyId',
      'tillIds',
      'training',
      'chainHead',
      'chain',
      'transactions',
      'summary',
      'digest',
    ]);
    expect(doc).toMatchObject({
      format: 'till-journal-export',
      version: 2,
      businessDay: '2026-11-22',
      tillId: null,
      companyId: '12345678',
      tillIds: ['T01', 'T02'],
      training: true,
      chainHead: head,
      chain: { verified: true, entries: head.entryId, head, hmac: 'unkeyed', problem: null },
    });
    // SHA-256 of every byte before `,"digest"`, as written.
    const covered = text.slice(0, text.lastIndexOf(',"digest":'));
    expect(covered.endsWith('}')).toBe(true);
    expect(doc.digest).toBe(createHash('sha256').update(covered, 'utf8').digest('hex'));
    expect(text.endsWith(`,"digest":"${doc.digest as string}"}\n`)).toBe(true);

    // One till, production only: the head says so.
    const t02 = JSON.parse(
      (await exportText(journal, { businessDay: '2026-11-22', tillId: 'T02', format: 'json' })).text,
    ) as Record<string, unknown>;
    expect(t02).toMatchObject({ tillId: 'T02', tillIds: ['T02'], training: false, companyId: '12345678' });
  });

  it('hashes exactly the bytes written, across many 64 KB chunks', async () => {
    for (let i = 0; i < 400; i++) {
      beginSale(journal, { total: 10 + i, at: new Date(NOON_TAIPEI.getTime() + (10 + i) * 1000) });
    }
    const { text, bytes } = await exportText(journal, { businessDay: '2026-11-22', format: 'json' });
    expect(bytes).toBeGreaterThan(3 * 64 * 1024);
    const doc = JSON.parse(text) as { digest: string; transactions: unknown[] };
    expect(doc.transactions).toHaveLength(406);
    const covered = text.slice(0, text.lastIndexOf(',"digest":'));
    expect(doc.digest).toBe(createHash('sha256').update(covered, 'utf8').digest('hex'));
  });

  it('states the configured company, and refuses a day whose sales are another company’s', async () => {
    const given = await exportText(journal, {
      businessDay: '2026-11-22',
      format: 'json',
      companyId: '12345678',
    });
    expect(JSON.parse(given.text).companyId).toBe('12345678');

    const out = new PassThrough();
    const written: Buffer[] = [];
    out.on('data', (chunk: Buffer) => written.push(chunk));
    const refused = await exporterOf(journal)
      .exportDay({ businessDay: '2026-11-22', format: 'json', companyId: '87654321' }, out)
      .then(
        () => null,
        (error: { code: string; bilingual: { zh: string; en: string } }) => error,
      );
    expect(refused?.code).toBe('journal-invalid');
    expect(refused?.bilingual.zh).toContain('12345678');
    expect(refused?.bilingual.zh).toContain('87654321');
    expect(refused?.bilingual.en).toContain('not 87654321');
    expect(written).toEqual([]); // refused before the first byte
    await expect(
      exporterOf(journal).exportDayToFolder(
        { businessDay: '2026-11-22', format: 'json', companyId: '87654321' },
        env.dir,
      ),
    ).rejects.toMatchObject({ code: 'journal-invalid' });
    expect(readdirSync(env.dir).filter((f) => f.startsWith('journal-2026-11-22'))).toEqual([]);
    await expect(
      exporterOf(journal).exportDay(
        { businessDay: '2026-11-22', format: 'json', companyId: '1234' },
        new PassThrough(),
      ),
    ).rejects.toMatchObject({ code: 'journal-invalid' });
    // CSV is unchanged: no company in it, nothing checked.
    expect(
      (await exportText(journal, { businessDay: '2026-11-22', format: 'csv', companyId: '87654321' })).rows,
    ).toBe(6);

    // A day without rows takes the configured company, or states none.
    const empty = JSON.parse(
      (await exportText(journal, { businessDay: '2026-11-20', format: 'json', companyId: '12345678' })).text,
    ) as Record<string, unknown>;
    expect(empty).toMatchObject({ companyId: '12345678', tillIds: [], training: false, transactions: [] });
    const none = JSON.parse((await exportText(journal, { businessDay: '2026-11-20', format: 'json' })).text);
    expect(none.companyId).toBeNull();
  });

  it('takes the company from production sales: training sales carry the training service’s seller id', async () => {
    const orderNo = journal.nextOrderNo('T03', NOON_TAIPEI);
    journal.begin({ ...sale(orderNo, { training: true, total: 20 }), companyId: '24549210' });
    const mixed = JSON.parse(
      (await exportText(journal, { businessDay: '2026-11-22', format: 'json', companyId: '12345678' })).text,
    );
    expect(mixed).toMatchObject({ companyId: '12345678', training: true, tillIds: ['T01', 'T02', 'T03'] });
    // Training only: the configured company, else the training rows' own.
    const training = JSON.parse(
      (
        await exportText(journal, {
          businessDay: '2026-11-22',
          tillId: 'T03',
          format: 'json',
          companyId: '12345678',
        })
      ).text,
    );
    expect(training).toMatchObject({ companyId: '12345678', training: true, tillIds: ['T03'] });
    const unconfigured = JSON.parse(
      (await exportText(journal, { businessDay: '2026-11-22', tillId: 'T03', format: 'json' })).text,
    );
    expect(unconfigured.companyId).toBe('24549210');
    // Production sales of two companies cannot be one export's.
    const other = journal.nextOrderNo('T04', NOON_TAIPEI);
    journal.begin({ ...sale(other, { total: 20 }), companyId: '24549210' });
    await expect(
      exporterOf(journal).exportDay({ businessDay: '2026-11-22', format: 'json' }, new PassThrough()),
    ).rejects.toMatchObject({
      code: 'journal-invalid',
      bilingual: { en: expect.stringContaining('several') },
    });
  });

  it('states a chain that does not verify: an entry edited in the SQLite file', async () => {
    const head = journal.chainHead();
    journal.close();
    // The attacker: a plain connection with the append-only triggers dropped, rewriting entry 3.
    const raw = new Database(env.path);
    raw.exec('DROP TRIGGER IF EXISTS entries_no_update; DROP TRIGGER IF EXISTS entries_no_delete;');
    raw.prepare(`UPDATE entries SET payload = json_set(payload, '$.note', 'edited') WHERE id = 3`).run();
    raw.close();
    const reopened = env.open();
    const { text, rows } = await exportText(reopened, { businessDay: '2026-11-22', format: 'json' });
    expect(rows).toBe(6); // the day is still exported, with the verdict
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc.chain).toEqual({
      verified: false,
      entries: 3,
      head,
      hmac: 'unkeyed',
      problem: { zh: '第 3 筆紀錄已被修改', en: 'Entry 3 was modified' },
    });
    expect(doc.chainHead).toEqual(head);
    expect(doc.digest).toBe(
      createHash('sha256')
        .update(text.slice(0, text.lastIndexOf(',"digest":')), 'utf8')
        .digest('hex'),
    );
  });

  it('sums per outcome, operation and payment method, with training apart', () => {
    const summary = journal.summary({ businessDay: '2026-11-22' });
    expect(summary.sales).toMatchObject({
      count: 5,
      totalAmount: 150 + 1050 + 60 + 70 + 90,
      issued: { count: 3, amount: 1260 },
      byState: {
        issued: { count: 3, amount: 1260 },
        rejected: { count: 1, amount: 70 },
        'needs-verification': { count: 1, amount: 90 },
        'in-flight': { count: 0, amount: 0 },
      },
      byOperation: { order: { count: 4, amount: 1360 }, orderReturnQKey: { count: 1, amount: 60 } },
      byPaymentMethod: {
        cash: { count: 5, amount: 150 + 50 + 60 + 70 + 90 },
        card: { count: 1, amount: 1000 },
      },
    });
    expect(summary.training).toMatchObject({
      count: 1,
      totalAmount: 500,
      byPaymentMethod: { cash: { count: 1, amount: 500 } },
    });
    expect(summary.chainHead).toEqual(journal.chainHead());
    expect(journal.summary({ businessDay: '2026-11-22', tillId: 'T02' }).sales).toMatchObject({
      count: 1,
      totalAmount: 90,
    });
    expect(journal.summary({ businessDay: '2026-11-21' }).sales.count).toBe(0);
  });

  it('exports into a chosen folder atomically, CSV with its summary file', async () => {
    const csv = await exporterOf(journal).exportDayToFolder(
      { businessDay: '2026-11-22', format: 'csv' },
      env.dir,
    );
    // The day holds a training sale beside the real ones: its files' names say so (issue 15).
    expect(csv.file).toBe(join(env.dir, 'journal-2026-11-22-with-training.csv'));
    expect(csv.rows).toBe(6);
    const summaryRows = readCsv(readFileSync(csv.summaryFile!, 'utf8').slice(1));
    expect(summaryRows).toContainEqual(['sales.payment', 'card', '1', '1000']);
    expect(summaryRows).toContainEqual(['training', 'all', '1', '500']);
    const json = await exporterOf(journal).exportDayToFolder(
      { businessDay: '2026-11-22', tillId: 'T01', format: 'json' },
      env.dir,
    );
    expect(json.file).toBe(join(env.dir, 'journal-2026-11-22-T01-with-training.json'));
    expect(JSON.parse(readFileSync(json.file, 'utf8')).transactions).toHaveLength(5);
    expect(readdirSync(env.dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    await expect(
      exporterOf(journal).exportDayToFolder(
        { businessDay: '2026-11-22', format: 'csv' },
        join(env.dir, 'missing'),
      ),
    ).rejects.toMatchObject({ code: 'journal-invalid' });
    await expect(
      exporterOf(journal).exportDayToFolder({ businessDay: '2026-13', format: 'csv' }, env.dir),
    ).rejects.toMatchObject({
      code: 'journal-invalid',
    });
    expect(existsSync(join(env.dir, 'journal-2026-13.csv'))).toBe(false);
    expect(refusal(() => journal.summary({ businessDay: 'today' })).code).toBe('journal-invalid');
  });

  it('keeps writing while an export reads (separate read connection)', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const pending = exporterOf(journal).exportDay({ businessDay: '2026-11-22', format: 'json' }, out);
    beginSale(journal, { total: 10 });
    await pending;
    expect(journal.list({ businessDay: '2026-11-22' })).toHaveLength(7);
  });
});

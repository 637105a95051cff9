import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry } from '../../../src/main/journal/chain';
import { Journal, type EntryKind } from '../../../src/main/journal/journal';
import { seedSyntheticJournal } from '../../../src/main/journal/synthetic';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { hq } from './cli-io';
import { COMPANY, identityFor, syncAll, TILL_PASSWORD, TILL_ROLE } from './harness';

/**
 * `npm run hq -- …` as the owner uses it: migrate (once per company), status, reports as JSON and
 * CSV, release; exit 0 done, 1 findings or failure, 2 bad input; every refusal in both languages
 * on stderr, Traditional Chinese first.
 */
describe('npm run hq', () => {
  const temp = makeTempDir('hq-cli');
  let pg: TestPostgres;
  let url: string;
  let tillUrl: string;

  beforeAll(async () => {
    pg = await startPostgres();
    url = pg.url();
    tillUrl = pg.url({ user: TILL_ROLE, password: TILL_PASSWORD });
  });
  afterAll(async () => {
    await pg?.close();
    temp.remove();
  });

  const json = (text: string) =>
    JSON.parse(text) as { report: string; columns: string[]; rows: Record<string, unknown>[] };

  it('migrates once per company: the first run needs --company; another company is refused (exit 2)', async () => {
    const missing = await hq(['migrate', '--url', url]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^第一次建立總部資料庫須指定公司統一編號（--company）。未變更任何資料。\nThe first migrate/,
    );
    expect((await pg.query(`SELECT to_regclass('hq.meta') AS t`)).rows[0]?.t).toBeNull();

    const first = await hq(['migrate', '--url', url, '--company', COMPANY, '--company-name', '範例商行']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      from: 0,
      to: 3,
      applied: [1, 2, 3],
      companyId: COMPANY,
    });
    expect(first.stdout).not.toContain(pg.password);
    const again = await hq(['migrate', '--url', url]);
    expect(JSON.parse(again.stdout)).toMatchObject({ from: 3, to: 3, applied: [] });

    const other = await hq(['migrate', '--url', url, '--company', '87654321']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`此總部資料庫屬於另一家公司（統一編號 ${COMPANY}）`);
    expect(other.stderr).toContain('belongs to another company');

    await pg.query(`CREATE ROLE ${TILL_ROLE} LOGIN PASSWORD '${TILL_PASSWORD}'`);
    const grant = await hq(['grant-till', '--url', url, '--role', TILL_ROLE]);
    expect(grant.code).toBe(0);
  });

  it('refuses bad input with exit 2 and names a failed connection with exit 1', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['report', '--url', 'mysql://x@h/db'], 2, /postgres:\/\//],
      [['report', '--url', url, '--date', '2026-02-30'], 2, /YYYY-MM-DD/],
      [['report', '--url', url, '--what', 'everything'], 2, /--what/],
      [['report', '--url', url, '--store', 'S\u001b1'], 2, /control character/],
      [['report', '--url', url, '--from', '2026-02-02', '--to', '2026-02-01'], 2, /--from/],
      [['restore', '--url', url, '--till', 't01', '--db', join(temp.dir, 'x.sqlite')], 2, /--till/],
      [['frobnicate', '--url', url], 2, /usage/],
      [['status'], 2, /--url/],
      [
        ['status', '--url', pg.url({ password: 'wrong' })],
        1,
        /帳號或密碼錯誤[\s\S]*wrong user name or password/,
      ],
      [['status', '--url', `postgres://x@127.0.0.1:1/db`], 1, /無法連線到總部資料庫[\s\S]*cannot be reached/],
      [['status', '--url', pg.url({ database: 'nosuch' })], 1, /資料庫不存在[\s\S]*does not exist/],
    ];
    for (const [args, code, message] of cases) {
      const result = await hq(args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });

  it('reports per store, till, cashier and day as JSON or CSV; pending 待確認 and late uploads', async () => {
    const path = join(temp.dir, 'T01.sqlite');
    const seeded = seedSyntheticJournal(path, {
      days: 2,
      salesPerDay: 40,
      bigDaySales: 10,
      unsureEvery: 7,
      tillId: 'T01',
    });
    // The reconciliation's record of a run (its kind, reconciliation.run): late uploads come from it.
    const journal = Journal.open(path);
    journal.recordReconciliationRun({
      trigger: 'background',
      businessDays: seeded.days.slice(0, 2),
      checked: 80,
      requests: 2,
      complete: true,
      counts: { 'upload-late': 3, 'upload-at-risk': 1 },
    });
    journal.close();
    // A closed shift as the shifts capability records it (kind shift.closed, issue 14): the blind
    // count against the expected drawer. Written through the chain itself, as the journal does.
    const raw = new Database(path);
    raw
      .transaction(() =>
        appendEntry(raw, {
          at: '2026-01-01T14:00:00.000Z',
          kind: 'shift.closed' as EntryKind,
          orderNo: null,
          payload: {
            shiftId: 3,
            tillId: 'T01',
            businessDay: seeded.days[0]!,
            number: 1,
            training: false,
            cashierId: 'C01',
            name: '小明',
            count: {},
            countedCash: 5230,
            expectedCash: 5250,
            cashOverShort: -20,
            figures: {},
            reconciliation: [],
          },
        }),
      )
      .immediate();
    raw.close();
    const result = await syncAll({
      path,
      identity: identityFor('T01', 'TAIPEI-1'),
      key: null,
      connection: { url: tillUrl },
    });
    expect(result.kind).toBe('synced');

    const day = json(
      (await hq(['report', '--url', url, '--date', seeded.days[0]!, '--group', 'till'])).stdout,
    );
    expect(day.rows).toHaveLength(1);
    const db = new Database(path, { readonly: true });
    const issued = db
      .prepare(
        `SELECT count(*) AS n, sum(total_amount) AS amount FROM transactions WHERE business_day = ? AND state = 'issued'`,
      )
      .get(seeded.days[0]) as { n: number; amount: number };
    const pending = db
      .prepare(
        `SELECT order_no FROM transactions WHERE state = 'needs-verification' ORDER BY created_at, order_no`,
      )
      .pluck()
      .all();
    db.close();
    expect(day.rows[0]).toMatchObject({
      store_id: 'TAIPEI-1',
      till_id: 'T01',
      business_day: seeded.days[0],
      training: false,
      sales_count: issued.n,
      sales_amount: issued.amount,
      net_amount: issued.amount,
    });

    const csv = await hq([
      'report',
      '--url',
      url,
      '--what',
      'payments',
      '--from',
      seeded.days[0]!,
      '--to',
      seeded.days[1]!,
      '--format',
      'csv',
    ]);
    expect(csv.code).toBe(0);
    expect(
      csv.stdout.startsWith('\uFEFFstore_id,till_id,cashier,business_day,training,method,taken_count,'),
    ).toBe(true);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines.slice(1).every((l) => l.startsWith('TAIPEI-1,T01,Bench,'))).toBe(true);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[5]))).toEqual(new Set(['cash', 'card']));

    const waiting = json((await hq(['report', '--url', url, '--what', 'pending'])).stdout);
    expect(waiting.rows.map((r) => r.order_no)).toEqual(pending);
    expect(waiting.rows.every((r) => r.what === 'sale')).toBe(true);

    const late = json((await hq(['report', '--url', url, '--what', 'late-uploads'])).stdout);
    expect(late.rows).toEqual([
      expect.objectContaining({
        till_id: 'T01',
        uploads_late: 3,
        uploads_at_risk: 1,
        complete: true,
        checked: 80,
      }),
    ]);
    const shifts = json(
      (await hq(['report', '--url', url, '--what', 'cash', '--date', seeded.days[0]!])).stdout,
    );
    expect(shifts.rows).toEqual([
      expect.objectContaining({
        store_id: 'TAIPEI-1',
        till_id: 'T01',
        shift: 1,
        cashier: '小明',
        expected_cash: 5250,
        counted_cash: 5230,
        over_short: -20,
      }),
    ]);
    const cash = json(
      (await hq(['report', '--url', url, '--what', 'cash-day', '--date', seeded.days[0]!])).stdout,
    );
    expect(cash.rows[0]).toMatchObject({ till_id: 'T01' });
    expect(cash.rows[0]!.expected_cash).toBeGreaterThan(0);

    const out = join(temp.dir, 'day.csv');
    const written = await hq(['report', '--url', url, '--format', 'csv', '--out', out]);
    expect(written.code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\r\n')[0]).toBe(
      '\uFEFFstore_id,till_id,cashier,business_day,training,transactions,sales_count,sales_amount,sales_tax,returns_count,returns_amount,returns_tax,net_amount,net_tax,pending_sales,pending_returns',
    );
    const twice = await hq(['report', '--url', url, '--format', 'csv', '--out', out]);
    expect(twice.code).toBe(2);
    expect(existsSync(out)).toBe(true);
  });

  it('status lists the tills; a refused till is a finding (exit 1) until released', async () => {
    const status = await hq(['status', '--url', url]);
    expect(status.code).toBe(0);
    expect(json(status.stdout).rows).toEqual([
      expect.objectContaining({ till_id: 'T01', store_id: 'TAIPEI-1', refused: false, keyed: false }),
    ]);
    // A second till whose journal is tampered with before it is sent.
    const path = join(temp.dir, 'T02.sqlite');
    seedSyntheticJournal(path, { days: 1, salesPerDay: 5, bigDaySales: 1, unsureEvery: 9, tillId: 'T02' });
    const db = new Database(path);
    db.exec('DROP TRIGGER entries_no_update');
    db.prepare(`UPDATE entries SET payload = replace(payload, '"Bench"', '"Bunch"') WHERE id = 6`).run();
    db.close();
    const identity = identityFor('T02', 'TAIPEI-1');
    const refused = await syncAll({ path, identity, key: null, connection: { url: tillUrl } });
    expect(refused.kind).toBe('refused');
    const csv = await hq(['status', '--url', url, '--format', 'csv']);
    expect(csv.code).toBe(1);
    expect(csv.stdout).toContain('T02,TAIPEI-1,');
    expect(csv.stdout).toContain('第 6 筆紀錄的雜湊不符');

    const release = await hq(['release', '--url', url, '--till', 'T02', '--by', '老闆']);
    expect(release.code).toBe(0);
    expect((await hq(['status', '--url', url])).code).toBe(0);
    const nothing = await hq(['release', '--url', url, '--till', 'T02', '--by', '老闆']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('未被拒收');
    // Released, the same broken journal is refused again at once.
    expect((await syncAll({ path, identity, key: null, connection: { url: tillUrl } })).kind).toBe('refused');
  });
});

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { fault, openReconTill, paper, sellDirectly, startClockedService, type Clock } from './harness';
import { exporterOf } from '../../support/export-keys';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

/** The CLI runs on the wall clock (it has no other): so does the service here. */
const wallClock: Clock = {
  now: () => new Date(),
  set: () => {
    throw new Error('the wall clock is not set');
  },
  advance: () => {
    throw new Error('the wall clock is not moved');
  },
};

describe('npm run reconcile: JSON or CSV, exit 0 nothing found / 1 something found / 2 bad input', () => {
  const temp = makeTempDir('reconcile-cli');
  const day = taipeiBusinessDay(new Date());
  let service: TrainingService;
  const db = (till: string) => join(temp.dir, `${till}.sqlite`);
  const configFile = (till: string) => join(temp.dir, `config-${till}.json`);
  let lost: { invoiceNumber: string };
  let pendingOrder = '';
  let t02Export = '';

  beforeAll(async () => {
    service = await startClockedService(temp.dir, wallClock);
    for (const till of ['T01', 'T02', 'T05']) {
      writeFileSync(
        configFile(till),
        JSON.stringify({
          serviceUrl: service.url,
          companyId: service.config.companyId,
          apiKey: service.config.apiKey,
          signingSecret: service.config.signingSecret,
          tillId: till,
          timeoutMs: 2000,
          training: true,
          standardServiceUrl: service.standardUrl,
          standardApiKey: service.config.standardApiKey,
          standardSigningSecret: service.config.standardSigningSecret,
        }),
      );
    }
    // T05: a clean day. T01: a sale the journal lost, and a 待確認 one the provider issued.
    const t05 = openReconTill({ dbPath: db('T05'), service, clock: wallClock, tillId: 'T05' });
    await t05.checkout.engine.submit(paper(100));
    await t05.checkout.engine.submit(paper(120));
    t05.close();
    const t01 = openReconTill({ dbPath: db('T01'), service, clock: wallClock, tillId: 'T01' });
    await t01.checkout.engine.submit(paper(150));
    await fault(service, 'drop-after-commit');
    pendingOrder = (await t01.checkout.engine.submit(paper(70))).orderNo;
    lost = await sellDirectly(service, wallClock, `T01-${day.replace(/-/g, '')}-900001`, { amount: 480 });
    t01.close();
    const t02 = openReconTill({ dbPath: db('T02'), service, clock: wallClock, tillId: 'T02' });
    await t02.checkout.engine.submit(paper(90));
    const folder = join(temp.dir, 'usb');
    mkdirSync(folder);
    t02Export = (
      await exporterOf(t02.journal).exportDayToFolder({ businessDay: day, format: 'json' }, folder)
    ).file;
    t02.close();
  });
  afterAll(async () => {
    await service?.close();
    temp.remove();
  });

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/main/reconciliation/cli.ts', ...args],
        { cwd: root },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const base = (till: string) => ['--db', db(till), '--config', configFile(till), '--date', day];

  it('exit 0 and empty lists for a clean day', async () => {
    const { code, stdout } = await cli(base('T05'));
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(out).slice(0, 6)).toEqual([
      'checked',
      'mismatches',
      'uploadsLate',
      'unknownToJournal',
      'suggestions',
      'tills',
    ]);
    expect(out).toMatchObject({
      checked: 2,
      mismatches: [],
      uploadsLate: [],
      unknownToJournal: [],
      suggestions: [],
      notChecked: [],
      complete: true,
    });
    expect((out.tills as Array<{ tillId: string }>)[0]).toMatchObject({
      tillId: 'T05',
      sales: { count: 2, amount: 220 },
    });
  });

  it('exit 1 with the findings naming order and invoice numbers; --import adds the other till', async () => {
    const { code, stdout } = await cli([...base('T01'), '--import', t02Export]);
    expect(code).toBe(1);
    const out = JSON.parse(stdout) as {
      unknownToJournal: Array<{ orderNo: string; invoiceNumber: string; tillId: string }>;
      suggestions: Array<{ orderNo: string; invoiceNumber: string; outcome: string }>;
      tills: Array<{ tillId: string }>;
    };
    expect(out.unknownToJournal).toEqual([
      expect.objectContaining({
        tillId: 'T01',
        orderNo: `T01-${day.replace(/-/g, '')}-900001`,
        invoiceNumber: lost.invoiceNumber,
      }),
    ]);
    expect(out.suggestions).toEqual([expect.objectContaining({ orderNo: pendingOrder, outcome: 'issued' })]);
    expect(out.tills.map((t) => t.tillId)).toEqual(['T01', 'T02']);
  });

  it('--format csv --out FILE: one row per finding, written whole', async () => {
    const out = join(temp.dir, 'findings.csv');
    const { code, stdout } = await cli([...base('T01'), '--format', 'csv', '--out', out]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^list,kind,till_id,order_no,invoice_number,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'unknownToJournal,unknown-to-journal',
      'suggestions,suggest-issued',
    ]);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it('exit 2 with a bilingual message for bad input, writing nothing and asking no one', async () => {
    const out = join(temp.dir, 'never.json');
    const tampered = join(temp.dir, 'tampered.json');
    writeFileSync(tampered, readFileSync(t02Export, 'utf8').replace('"total_amount":90', '"total_amount":9'));
    const cases: Array<[string[], RegExp]> = [
      [['--db', db('T01'), '--config', configFile('T01')], /用法/],
      [[...base('T01').slice(0, 4), '--date', '2026-02-30'], /日曆上的日期/],
      [[...base('T01'), '--format', 'xml'], /json 或 csv/],
      [
        ['--db', join(temp.dir, 'none.sqlite'), '--config', configFile('T01'), '--date', day],
        /找不到交易日誌/,
      ],
      [[...base('T01'), '--import', join(temp.dir, 'missing.json')], /讀不到匯出檔案/],
      [[...base('T01'), '--import', tampered], /匯出後被修改過/],
      [[...base('T01'), '--bogus'], /參數錯誤/],
    ];
    const runs = () => {
      const journal = Journal.open(db('T01'));
      try {
        return journal.reconciliationRuns({ limit: 1000 }).length;
      } finally {
        journal.close();
      }
    };
    const before = runs();
    for (const [args, message] of cases) {
      const result = await cli([...args, '--out', out]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      const [zh, en] = result.stderr.trim().split('\n').slice(-2);
      expect(zh).toMatch(message);
      expect(en).toMatch(/[A-Za-z]/);
      expect(existsSync(out)).toBe(false);
    }
    expect(runs()).toBe(before);
  });
});

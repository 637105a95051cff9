import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { createExportHandlers } from '../../../src/main/exports/handlers';
import type { Journal } from '../../../src/main/journal/journal';
import { createShiftsEngine } from '../../../src/main/shifts/engine';
import { journalMethods } from '../../../src/shared/ipc/contract/journal';
import { supervisorWithPin, TEST_PIN } from '../settings/supervisor-fixture';
import { readCsv } from '../journal/csv-reader';
import { issuedSale, NOON_TAIPEI, tempJournal } from '../journal/fixtures';
import { exporterOf } from '../../support/export-keys';

/**
 * Issue 15: a training day's exports must not pass for a day's takings. The file names say it
 * (`-training` when every row is training, `-with-training` when the day has both), and the
 * summary CSV's first row says the mode; a day of real sales only says nothing of training.
 */
const DAY = '2026-11-22';
const ALL_TABLES = ['transactions', 'lines', 'cash'] as const;
const minute = (m: number) => new Date(NOON_TAIPEI.getTime() + m * 60_000);

/** The summary CSV as rows, BOM and header apart. */
function summaryRows(file: string): { header: string[]; rows: string[][] } {
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = readCsv(text.slice(1));
  return { header: header!, rows };
}

describe('export file names and the summary CSV on training, real and mixed days', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  beforeEach(() => {
    env = tempJournal('training-exports');
    journal = env.open({ now: () => minute(60) });
  });
  afterEach(() => env.cleanup());

  const names = (written: { files: { file: string }[] }) => written.files.map((f) => basename(f.file));

  it('names every file of a training day -training and says 練習模式 in its summary', async () => {
    issuedSale(journal, 'AB00000001', { training: true, at: minute(1) });
    issuedSale(journal, 'AB00000002', { training: true, at: minute(2), total: 60 });
    const csv = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', headers: 'codes', tables: [...ALL_TABLES] },
      env.dir,
    );
    expect(names(csv)).toEqual([
      'journal-2026-11-22-training.csv',
      'journal-2026-11-22-training-lines.csv',
      'journal-2026-11-22-training-cash.csv',
      'journal-2026-11-22-training-summary.csv',
    ]);
    // The codes variant keeps the columns scripts read; the mode row comes first.
    const codes = summaryRows(csv.summaryFile!);
    expect(codes.header).toEqual(['section', 'key', 'count', 'amount']);
    expect(codes.rows[0]).toEqual(['mode', 'training', '', '']);
    expect(codes.rows).toContainEqual(['training', 'all', '2', '210']);
    expect(codes.rows).toContainEqual(['sales', 'all', '0', '0']);

    const json = await exporterOf(journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, env.dir);
    expect(basename(json.file)).toBe('journal-2026-11-22-training.json');
    expect(JSON.parse(readFileSync(json.file, 'utf8'))).toMatchObject({ training: true });
  });

  it('says 練習模式 in the first row of the summary for spreadsheets, in Chinese and in English', async () => {
    issuedSale(journal, 'AB00000001', { training: true, at: minute(1) });
    const zh = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', headers: 'zh', tables: ['transactions'] },
      env.dir,
    );
    const zhRows = summaryRows(zh.summaryFile!);
    const first = Object.fromEntries(zhRows.header.map((h, i) => [h, zhRows.rows[0]![i]]));
    expect(first).toMatchObject({
      區塊代碼: 'mode',
      區塊: '模式',
      項目代碼: 'training',
      項目: '練習模式（非營業資料）',
    });
    const en = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', headers: 'en', tables: ['transactions'] },
      env.dir,
    );
    const enRows = summaryRows(en.summaryFile!);
    expect(enRows.rows[0]).toContain('Training (not sales)');
  });

  it('leaves a day of real sales without any training in its names or its summary', async () => {
    issuedSale(journal, 'AB00000001', { at: minute(1) });
    const csv = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', tables: [...ALL_TABLES] },
      env.dir,
    );
    expect(names(csv)).toEqual([
      'journal-2026-11-22.csv',
      'journal-2026-11-22-lines.csv',
      'journal-2026-11-22-cash.csv',
      'journal-2026-11-22-summary.csv',
    ]);
    const { rows } = summaryRows(csv.summaryFile!);
    // One mode row, first, and it says production.
    expect(rows.filter((row) => row[0] === 'mode')).toEqual([['mode', 'production', '', '']]);
    expect(rows[0]![0]).toBe('mode');
    expect(rows).toContainEqual(['training', 'all', '0', '0']);
    const json = await exporterOf(journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, env.dir);
    expect(basename(json.file)).toBe('journal-2026-11-22.json');
  });

  it('names a day of both -with-training, and a till filter by the rows it exports', async () => {
    // The go-live day: training at T01 in the morning, then the first real sales at T01 and T02.
    issuedSale(journal, 'AB00000001', { training: true, at: minute(1) });
    issuedSale(journal, 'AB00000002', { at: minute(2) });
    issuedSale(journal, 'AB00000003', { at: minute(3), tillId: 'T02' });
    const all = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', tables: [...ALL_TABLES] },
      env.dir,
    );
    expect(names(all)).toEqual([
      'journal-2026-11-22-with-training.csv',
      'journal-2026-11-22-with-training-lines.csv',
      'journal-2026-11-22-with-training-cash.csv',
      'journal-2026-11-22-with-training-summary.csv',
    ]);
    expect(summaryRows(all.summaryFile!).rows[0]).toEqual(['mode', 'with-training', '', '']);
    const t01 = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, tillId: 'T01', format: 'json' },
      env.dir,
    );
    expect(basename(t01.file)).toBe('journal-2026-11-22-T01-with-training.json');
    // T02 sold for real only: its export is no training, whatever T01 did.
    const t02 = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, tillId: 'T02', format: 'csv', tables: ['transactions'] },
      env.dir,
    );
    expect(names(t02)).toEqual(['journal-2026-11-22-T02.csv', 'journal-2026-11-22-T02-summary.csv']);
    expect(summaryRows(t02.summaryFile!).rows[0]).toEqual(['mode', 'production', '', '']);
  });

  it('counts a training shift’s float in the cash table: that export is -with-training, the JSON is not', async () => {
    let clock = minute(0);
    const shifts = createShiftsEngine({
      journal,
      tillId: () => 'T01',
      training: () => true,
      now: () => clock,
    });
    shifts.open({ '1000': 1 }, { id: 'A01', name: '王小明', active: true, supervisor: false });
    clock = minute(5);
    issuedSale(journal, 'AB00000001', { at: minute(5) });
    const cash = await exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', headers: 'codes', tables: ['cash'] },
      env.dir,
    );
    expect(names(cash)).toEqual([
      'journal-2026-11-22-with-training-cash.csv',
      'journal-2026-11-22-with-training-summary.csv',
    ]);
    const [header, ...rows] = readCsv(readFileSync(cash.file, 'utf8').slice(1));
    const training = header!.indexOf('training');
    expect(rows.map((row) => row[training])).toEqual(expect.arrayContaining(['1', '0']));
    const json = await exporterOf(journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, env.dir);
    expect(basename(json.file)).toBe('journal-2026-11-22.json');
  });

  it('names the file from the snapshot its rows come from, even while a training sale is written', async () => {
    issuedSale(journal, 'AB00000001', { at: minute(1) });
    // The export's snapshot is taken before the promise is returned; the sale lands after it.
    const pending = exporterOf(journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, env.dir);
    issuedSale(journal, 'AB00000002', { training: true, at: minute(2) });
    const first = await pending;
    const written = JSON.parse(readFileSync(first.file, 'utf8')) as {
      training: boolean;
      transactions: { training: boolean }[];
    };
    expect(basename(first.file)).toBe('journal-2026-11-22.json');
    expect(written.training).toBe(false);
    expect(written.transactions.map((row) => row.training)).toEqual([false]);
    // The next export sees it, and its name says so.
    const second = await exporterOf(journal).exportDayToFolder({ businessDay: DAY, format: 'json' }, env.dir);
    expect(basename(second.file)).toBe('journal-2026-11-22-with-training.json');
    const csvPending = exporterOf(journal).exportDayToFolder(
      { businessDay: DAY, format: 'csv', tables: ['transactions'] },
      env.dir,
    );
    issuedSale(journal, 'AB00000003', { training: true, at: minute(3), tillId: 'T02' });
    const csv = await csvPending;
    expect(names(csv)).toEqual([
      'journal-2026-11-22-with-training.csv',
      'journal-2026-11-22-with-training-summary.csv',
    ]);
    expect(readCsv(readFileSync(csv.file, 'utf8').slice(1))).toHaveLength(1 + 2);
  });
});

describe('the closing screen’s export (journal.export) of a training day', () => {
  let env: ReturnType<typeof tempJournal>;
  afterEach(() => env.cleanup());

  it('answers the training names in the contract, and numbers a second export as one set', async () => {
    env = tempJournal('training-export-ipc');
    const journal = env.open({ now: () => minute(60) });
    issuedSale(journal, 'AB00000001', { training: true, at: minute(1) });
    const { gate } = await supervisorWithPin(journal);
    const dispatch = createDispatcher(
      createExportHandlers({ journal, supervisor: gate }) as unknown as HandlerMap,
      { error: vi.fn() },
    );
    const folder = join(env.dir, 'usb');
    mkdirSync(folder);
    const exportOnce = async () => {
      const result = await dispatch(
        'journal.export',
        { businessDay: DAY, format: 'csv', folder, pin: TEST_PIN },
        {
          host: 'web',
        },
      );
      if (!result.ok) throw new Error(result.error.message.en);
      return journalMethods['journal.export'].output.parse(result.value);
    };
    const first = await exportOnce();
    expect(basename(first.file)).toBe('journal-2026-11-22-training.csv');
    expect(basename(first.summaryFile!)).toBe('journal-2026-11-22-training-summary.csv');
    const second = await exportOnce();
    expect(second.files.map((f) => basename(f.file))).toEqual([
      'journal-2026-11-22-training-2.csv',
      'journal-2026-11-22-training-lines-2.csv',
      'journal-2026-11-22-training-cash-2.csv',
      'journal-2026-11-22-training-prices-2.csv',
      'journal-2026-11-22-training-summary-2.csv',
    ]);
    expect(readdirSync(folder).filter((name) => !name.includes('-training'))).toEqual([]);
  });
});

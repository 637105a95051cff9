import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import type { DaySummary } from '../../../src/main/journal/types';
import { exporterOf } from '../../support/export-keys';
import {
  openInCalc,
  openSheetsInCalc,
  SOFFICE_MISSING,
  sofficeVersion,
  type CalcCell,
} from '../../support/libreoffice';
import {
  AFTER_LATE_SALE,
  AFTER_THE_DAY,
  BUYER_TAX_ID,
  CLOSING_DAY,
  closingDay,
  EXPECTED,
  FORMULA_BUYER,
  LATE_SALE,
  lateSale,
} from '../journal/closing-day';
import { tempJournal } from '../journal/fixtures';

/**
 * The exports as a person sees them in a spreadsheet: every file of the closing day opened in
 * LibreOffice Calc (headless, one soffice run for all of them: it is slow to start) and read back
 * cell by cell. Chinese headers readable, a tax ID keeps its leading zero, amounts are numbers
 * that add up to the day summary, times are Taipei's. Not skipped without LibreOffice: it fails
 * and says how to install it.
 */
describe('the exports in LibreOffice Calc', () => {
  const env = tempJournal('calc');
  let journal: Journal;
  let summary: DaySummary;
  let sheets: Map<string, CalcCell[][]>;
  const file = (name: string) => join(env.dir, 'calc', `${name}.csv`);

  beforeAll(async () => {
    expect(sofficeVersion(), SOFFICE_MISSING).not.toBeNull();
    journal = env.open({ now: () => AFTER_THE_DAY });
    closingDay(journal);
    summary = journal.summary({ businessDay: CLOSING_DAY });
    mkdirSync(join(env.dir, 'calc'));
    // Each variant into its own folder (the names are the same), then copied under one name each:
    // Calc writes `<name>.html` into one folder for all.
    for (const headers of ['zh', 'en'] as const) {
      const folder = join(env.dir, headers);
      mkdirSync(folder);
      const written = await exporterOf(journal).exportDayToFolder(
        { businessDay: CLOSING_DAY, format: 'csv', headers, tables: ['transactions', 'lines', 'cash'] },
        folder,
      );
      for (const f of written.files) copyFileSync(f.file, file(`${headers}-${f.table}`));
    }
    sheets = openInCalc(
      ['transactions', 'lines', 'cash', 'summary'].flatMap((t) => [file(`zh-${t}`), file(`en-${t}`)]),
    );
  }, 240_000);
  afterAll(() => env.cleanup());

  /** A sheet as rows of objects keyed by its header row's text. */
  const sheet = (name: string) => {
    const rows = sheets.get(file(name))!;
    const header = rows[0]!.map((c) => c.text);
    return {
      header,
      rows: rows.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]!]))),
    };
  };
  const sum = (cells: CalcCell[]) =>
    cells.reduce((total, cell) => {
      expect(cell.value, `"${cell.text}" is a number`).not.toBeNull();
      return total + cell.value!;
    }, 0);

  it('shows the Chinese and English headers readable, the same count as the cells', () => {
    const zh = sheet('zh-transactions');
    expect(zh.header.slice(0, 6)).toEqual([
      '時間（台北）',
      '營業日',
      '收銀機',
      '收銀員',
      '訂單編號',
      '紀錄代碼',
    ]);
    expect(zh.header.join('')).not.toMatch(/[ÃÂï»¿]/); // no mojibake, no BOM shown
    const en = sheet('en-transactions');
    expect(en.header.slice(0, 6)).toEqual([
      'Time (Taipei)',
      'Business day',
      'Till',
      'Cashier',
      'Order number',
      'Record code',
    ]);
    expect(en.header).toHaveLength(zh.header.length);
    for (const name of ['lines', 'cash', 'summary']) {
      expect(sheet(`zh-${name}`).header).toHaveLength(sheet(`en-${name}`).header.length);
    }
    // The words beside the codes, in the headers' language.
    const business = zh.rows.find((r) => r['發票種類代碼']!.text === 'business')!;
    expect(business['發票種類']!.text).toBe('統一編號');
    expect(business['狀態']!.text).toBe('已開立');
    expect(en.rows.find((r) => r['Invoice kind code']!.text === 'paper')!['Invoice kind']!.text).toBe(
      'Paper proof',
    );
  });

  // Issue 26 changed this: the CSV is for scripts, plain values (it wrote `="04595257"`, shown
  // literally by a Calc that does not evaluate formulas on import). What a person reads with the
  // dialog's defaults is below; the XLSX keeps the zeros (the next describe).
  it('reads the CSV as plain values: identifiers as Calc takes them, formulas never run', () => {
    const { rows } = sheet('zh-transactions');
    const business = rows.find((r) => r['發票號碼']!.text === 'AB00000102')!;
    expect(business['買方統一編號']).toMatchObject({ text: BUYER_TAX_ID.replace(/^0/, ''), value: 4595257 });
    expect(business['隨機碼']!.value).toBe(7);
    // A buyer name that looks like a formula is text behind its apostrophe, never run.
    expect(business['買方名稱']).toMatchObject({ text: `'${FORMULA_BUYER}`, link: false });
    const donate = rows.find((r) => r['發票號碼']!.text === 'AB00000104')!;
    expect(donate['愛心碼']!.value).toBe(51);
    const carrier = rows.find((r) => r['發票號碼']!.text === 'AB00000103')!;
    expect(carrier['載具號碼']!.text).toBe('/AB+1234');
    expect(carrier['載具類別']!.text).toBe('手機條碼');
    expect(rows[0]!['訂單編號']!.text).toMatch(/^T01-20261122-\d{6}$/);
    const item = sheet('zh-lines').rows.find((r) => r['品名']!.value === 800)!;
    expect(item['項次']!.value).toBe(1);
  });

  it('shows one Taipei time column that Calc reads as a date and time', () => {
    const { header, rows } = sheet('zh-transactions');
    expect(header.filter((h) => h.includes('時間'))).toEqual(['時間（台北）']);
    // The paper sale at 03:01 UTC is 11:01 in Taipei.
    expect(rows[0]!['時間（台北）']).toMatchObject({
      text: '2026-11-22 11:01:00',
      format: 'YYYY-MM-DD HH:MM:SS',
    });
    expect(rows[0]!['時間（台北）']!.value).not.toBeNull();
  });

  it('has amounts that are numbers and add up to the day summary', () => {
    const production = (rows: Record<string, CalcCell>[]) => rows.filter((r) => r['練習模式']!.text === '否');
    const tx = production(sheet('zh-transactions').rows);
    const standing = tx.filter((r) => r['發票效力代碼']!.text === 'standing');
    expect(standing).toHaveLength(EXPECTED.standing.count);
    expect(sum(standing.map((r) => r['總計（含稅）']!))).toBe(summary.sales.invoices.standing.amount);
    expect(summary.sales.invoices.standing.amount).toBe(EXPECTED.standing.amount);
    const voided = tx.filter((r) => r['發票效力代碼']!.text === 'voided');
    expect(sum(voided.map((r) => r['總計（含稅）']!))).toBe(EXPECTED.voided.amount);
    // B tax as charged; every row's split adds up to its total.
    const b = standing.filter((r) => r['發票種類代碼']!.text === 'business');
    expect(sum(b.map((r) => r['稅額']!))).toBe(summary.sales.invoices.tax.business);
    for (const row of tx) {
      const parts = ['應稅銷售額（未稅）', '稅額', '零稅率銷售額', '免稅銷售額'].map((h) => row[h]!.value!);
      expect(parts.reduce((a, v) => a + v, 0)).toBe(row['總計（含稅）']!.value);
    }
    // Money per method: every row, returns negative, adds up to the net.
    expect(sum(tx.map((r) => r['現金']!))).toBe(summary.sales.net.byPaymentMethod.cash!.amount);
    expect(sum(tx.map((r) => r['信用卡']!))).toBe(summary.sales.net.byPaymentMethod.card!.amount);

    // Lines: a standing sale's lines add up to its total; the discount line shared out.
    const lines = production(sheet('zh-lines').rows);
    const standingLines = lines.filter((r) => r['發票效力代碼']!.text === 'standing');
    expect(sum(standingLines.map((r) => r['金額（含稅）']!))).toBe(EXPECTED.standing.amount);
    const discounted = lines.filter((r) => r['發票號碼']!.text === 'AB00000103');
    expect(discounted.map((r) => [r['品名']!.text, r['折扣']!.value, r['金額（含稅）']!.value])).toEqual([
      ['便當', 10, 90],
      ['飲料', 3, 27],
    ]);

    // Cash: the movements add up to the summary's expected cash; the last balance says it too.
    const cash = production(sheet('zh-cash').rows);
    expect(sum(cash.map((r) => r['金額']!))).toBe(summary.sales.expectedCash);
    expect(summary.sales.expectedCash).toBe(EXPECTED.expectedCash);
    expect(cash.at(-1)!['錢櫃應有']!.value).toBe(EXPECTED.expectedCash);
    // The drawer opened outside a sale: no money, no till, neither training nor not.
    const opened = sheet('zh-cash').rows.find((r) => r['類別代碼']!.text === 'drawer-open')!;
    expect(opened).toBeDefined();
    expect([opened['類別']!.text, opened['經手人']!.text, opened['金額']!.value]).toEqual([
      '開錢櫃',
      '林主管',
      0,
    ]);

    // The summary sheet says the same figures, in words.
    const figures = sheet('zh-summary').rows;
    const standingRow = figures.find(
      (r) => r['區塊']!.text === '銷售' && r['項目代碼']!.text === 'standing',
    )!;
    expect(standingRow['項目']!.text).toBe('有效發票');
    expect(standingRow['金額']!.value).toBe(EXPECTED.standing.amount);
    expect(standingRow['稅額']!.value).toBe(EXPECTED.taxBusiness + EXPECTED.taxConsumer);
    const cashRow = figures.find(
      (r) => r['區塊']!.text === '銷售' && r['項目代碼']!.text === 'expected_cash',
    )!;
    expect(cashRow['金額']!.value).toBe(EXPECTED.expectedCash);
    const check = figures.find((r) => r['項目代碼']!.text === 'head_check')!;
    expect(check['內容']!.text).toBe(`#${summary.chainHead.entryId}:${summary.chainHead.hash.slice(0, 16)}`);
  });
});

/**
 * Issue 26: the closing screen's XLSX and the CSV for scripts, opened in Calc as a person opens
 * them (the .xlsx by double-click; the CSV through the Text Import dialog, formulas evaluated or
 * not), from one real journal: the closing day (tax ID 04595257, carrier /AB+1234, invoices,
 * returns) and a sale at 23:59:30 Taipei.
 *
 * Before: the CSV wrote identifiers as `="04595257"`, which Calc shows literally when it does not
 * evaluate formulas on import (`CSV:…,false` below, the 13th option); there was no XLSX.
 */
describe('the XLSX and the CSV in LibreOffice Calc', () => {
  const env = tempJournal('calc-xlsx');
  let summary: DaySummary;
  let book: Map<string, CalcCell[][]>;
  let csvEvaluated: CalcCell[][];
  let csvLiteral: CalcCell[][];
  let csvAsText: CalcCell[][];

  beforeAll(async () => {
    expect(sofficeVersion(), SOFFICE_MISSING).not.toBeNull();
    const journal = env.open({ now: () => AFTER_LATE_SALE });
    closingDay(journal);
    lateSale(journal);
    summary = journal.summary({ businessDay: CLOSING_DAY });
    const xlsxFolder = join(env.dir, 'xlsx');
    const csvFolder = join(env.dir, 'csv');
    mkdirSync(xlsxFolder);
    mkdirSync(csvFolder);
    const exporter = exporterOf(journal);
    const xlsx = await exporter.exportDayToFolder(
      { businessDay: CLOSING_DAY, format: 'xlsx', headers: 'zh', tables: ['transactions', 'lines', 'cash'] },
      xlsxFolder,
    );
    const csv = await exporter.exportDayToFolder(
      { businessDay: CLOSING_DAY, format: 'csv', headers: 'zh', tables: ['transactions'] },
      csvFolder,
    );
    const csvFile = csv.files.find((f) => f.table === 'transactions')!.file;
    // Three copies of the CSV: soffice names its HTML after the file.
    const copies = ['evaluated', 'literal', 'as-text'].map((name) => {
      const copy = join(csvFolder, `${name}.csv`);
      copyFileSync(csvFile, copy);
      return copy;
    });
    book = openSheetsInCalc([xlsx.file]).get(xlsx.file)!;
    // The Text Import dialog's defaults with formulas evaluated; with them not evaluated (13th
    // option false); and with "Format quoted field as text" (7th option true).
    csvEvaluated = [...openSheetsInCalc([copies[0]!]).get(copies[0]!)!.values()][0]!;
    csvLiteral = [
      ...openSheetsInCalc([copies[1]!], 'CSV:44,34,76,1,,,,true,,,,,false').get(copies[1]!)!.values(),
    ][0]!;
    csvAsText = [
      ...openSheetsInCalc([copies[2]!], 'CSV:44,34,76,1,,,true,true').get(copies[2]!)!.values(),
    ][0]!;
  }, 400_000);
  afterAll(() => env.cleanup());

  const rowsOf = (table: CalcCell[][]) => {
    const header = table[0]!.map((c) => c.text);
    return table.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]!])));
  };

  it('opens the XLSX with a sheet per table and the summary, in Chinese', () => {
    expect([...book.keys()]).toEqual(['交易', '品項', '現金', '日結']);
    expect(
      book
        .get('交易')![0]!
        .slice(0, 5)
        .map((c) => c.text),
    ).toEqual(['時間（台北）', '營業日', '收銀機', '收銀員', '訂單編號']);
  });

  it('shows tax IDs, carriers and invoice numbers in the XLSX as text, leading zeros kept', () => {
    const rows = rowsOf(book.get('交易')!);
    const business = rows.find((r) => r['發票號碼']!.text === 'AB00000102')!;
    expect(business['買方統一編號']).toMatchObject({ text: '04595257', value: null });
    expect(business['隨機碼']).toMatchObject({ text: '0007', value: null });
    expect(business['買方名稱']).toMatchObject({ text: FORMULA_BUYER, link: false });
    const carrier = rows.find((r) => r['發票號碼']!.text === 'AB00000103')!;
    expect(carrier['載具號碼']).toMatchObject({ text: '/AB+1234', value: null });
    const donate = rows.find((r) => r['發票號碼']!.text === 'AB00000104')!;
    expect(donate['愛心碼']).toMatchObject({ text: '051', value: null });
    const items = rowsOf(book.get('品項')!);
    expect(items.find((r) => r['品名']!.text === '0800')!['項次']).toMatchObject({
      text: '001',
      value: null,
    });
  });

  it('shows the time near midnight as a Taipei date and time, and amounts as NT$ numbers that add up', () => {
    const rows = rowsOf(book.get('交易')!);
    const late = rows.find((r) => r['發票號碼']!.text === LATE_SALE.invoice)!;
    expect(late['時間（台北）']).toMatchObject({ text: LATE_SALE.taipei, format: 'YYYY-MM-DD HH:MM:SS' });
    // A date serial (days since 1899-12-30) of 2026-11-22 23:59:30.
    expect(late['時間（台北）']!.value).toBeCloseTo(46348 + (23 * 3600 + 59 * 60 + 30) / 86400, 6);
    expect(late['營業日']).toMatchObject({ text: '2026-11-22', format: 'YYYY-MM-DD' });
    expect(late['總計（含稅）']).toMatchObject({ text: `NT$${LATE_SALE.total}`, value: LATE_SALE.total });
    const business = rows.find((r) => r['發票號碼']!.text === 'AB00000102')!;
    expect(business['總計（含稅）']).toMatchObject({ text: 'NT$1,050', value: 1050 });
    const voided = rows.find((r) => r['紀錄代碼']!.text === 'void')!;
    expect(voided['總計（含稅）']).toMatchObject({ text: '-NT$150', value: -150 });
    const production = rows.filter((r) => r['練習模式']!.text === '否');
    const standing = production.filter((r) => r['發票效力代碼']!.text === 'standing');
    const total = standing.reduce((sum, r) => sum + r['總計（含稅）']!.value!, 0);
    expect(total).toBe(summary.sales.invoices.standing.amount);
    expect(total).toBe(EXPECTED.standing.amount + LATE_SALE.total);
    const cash = rowsOf(book.get('現金')!).filter((r) => r['練習模式']!.text === '否');
    expect(cash.reduce((sum, r) => sum + r['金額']!.value!, 0)).toBe(summary.sales.expectedCash);
  });

  it('shows the CSV for scripts with plain values: never a literal ="…", times and amounts right', () => {
    for (const table of [csvEvaluated, csvLiteral, csvAsText]) {
      for (const row of table) for (const cell of row) expect(cell.text).not.toMatch(/^="/);
      const late = rowsOf(table).find((r) => r['發票號碼']!.text === LATE_SALE.invoice)!;
      expect(late['時間（台北）']).toMatchObject({ text: LATE_SALE.taipei, format: 'YYYY-MM-DD HH:MM:SS' });
      expect(late['總計（含稅）']!.value).toBe(LATE_SALE.total);
      const carrier = rowsOf(table).find((r) => r['發票號碼']!.text === 'AB00000103')!;
      expect(carrier['載具號碼']!.text).toBe('/AB+1234');
    }
    const taxId = (table: CalcCell[][]) =>
      rowsOf(table).find((r) => r['發票號碼']!.text === 'AB00000102')!['買方統一編號']!;
    // What the CSV cannot do for a person, and why the closing screen offers the XLSX first: with
    // the dialog's defaults Calc reads 04595257 as the number 4595257 (before: ="04595257" shown
    // literally when formulas are not evaluated). The identifiers are quoted, so a person who ticks
    // "Format quoted field as text" keeps the zero.
    expect(taxId(csvLiteral)).toMatchObject({ text: '4595257', value: 4595257 });
    expect(taxId(csvEvaluated)).toMatchObject({ text: '4595257', value: 4595257 });
    expect(taxId(csvAsText)).toMatchObject({ text: '04595257', value: null });
  });
});

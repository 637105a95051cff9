import ExcelJS from 'exceljs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { makeTempDir } from '../support/temp-dir';
import type { Page } from 'playwright-core';
import { SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/** The supervisor's PIN in the PIN dialog a supervisor action opens. */
async function enterPin(page: Page, pin: string): Promise<void> {
  await page.getByTestId('pin-dialog').waitFor();
  await page.getByTestId('pin-input').fill(pin);
  await page.getByTestId('pin-confirm').click();
}

describe("closing: the day's summary, export to a chosen folder, the journal check", () => {
  const exports = makeTempDir('closing-export');
  const till = tillForFile('closing', {
    setUp: async (session) => {
      // Three sales through the real engine: two in cash, one by card.
      const line = (name: string, unitPrice: number) => ({
        name,
        quantity: 1,
        unitPrice,
        taxType: 'taxable' as const,
      });
      await session.call('checkout.submit', {
        lines: [line('可口可樂 600ml', 35)],
        payments: [{ method: 'cash', amount: 35 }],
        invoice: { kind: 'paper' },
      });
      await session.call('checkout.submit', {
        lines: [line('招牌排骨便當', 79)],
        payments: [{ method: 'card', amount: 79 }],
        invoice: { kind: 'donate', loveCode: '168001' },
      });
      await session.call('checkout.submit', {
        lines: [line('茶葉蛋', 13), line('茶裏王 日式無糖綠茶 600ml', 25)],
        payments: [{ method: 'cash', amount: 100 }],
        invoice: { kind: 'phone' },
      });
    },
  });
  afterAll(() => exports.remove());

  it('shows the day: invoices, amounts, payment methods; training apart from sales', async () => {
    const { page } = till;
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('closing-screen').waitFor();
    // Training-mode sales are not the shop's sales: they are summed apart.
    await expect.poll(() => textOf(page, 'summary-training-invoices-count')).toBe('3');
    expect(await textOf(page, 'summary-training-invoices-amount')).toBe('NT$152');
    const block = await textOf(page, 'summary-training');
    // Per method its gross, voids, allowances and net (issue 22, item 15; no void nor allowance here).
    expect(block).toMatch(/現金 NT\$(\d+) NT\$0 NT\$0 NT\$\1/);
    expect(block).toMatch(/信用卡 NT\$79 NT\$0 NT\$0 NT\$79/);
    expect(block).toMatch(/紙本證明聯 1 NT\$35/);
    expect(block).toMatch(/手機 QR 1 NT\$38/);
    expect(await textOf(page, 'summary-sales-empty')).toBe('這一天沒有交易');
  });

  it('exports the day as CSV and as JSON into the folder typed in', async () => {
    const { page } = till;
    await page.getByTestId('export-folder').fill(exports.dir);
    await page.getByTestId('export-csv').click();
    // A wrong PIN: said in the dialog, nothing written.
    await enterPin(page, '1111');
    await expect.poll(() => textOf(page, 'pin-error')).toContain('主管 PIN 不正確');
    expect(readdirSync(exports.dir)).toEqual([]);
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.getByTestId('pin-confirm').click();
    await expect.poll(() => page.getByTestId('export-done').count()).toBe(1);
    await page.getByTestId('export-json').click();
    await enterPin(page, SUPERVISOR_PIN);
    await expect.poll(() => page.getByTestId('export-done').count()).toBe(2);
    const [csvNote, jsonNote] = await page.getByTestId('export-done').allTextContents();
    const csvFile = /(\/\S+\.csv)/.exec(csvNote!)![1]!;
    const jsonFile = /(\/\S+\.json)/.exec(jsonNote!)![1]!;
    expect(csvFile.startsWith(exports.dir)).toBe(true);
    // The till sells in training mode: the names say so before anyone opens a file (issue 15).
    expect(basename(csvFile)).toMatch(/^journal-\d{4}-\d{2}-\d{2}-training\.csv$/);
    expect(basename(jsonFile)).toMatch(/^journal-\d{4}-\d{2}-\d{2}-training\.json$/);
    expect(csvNote).toContain('-training-summary.csv');
    expect(existsSync(csvFile)).toBe(true);
    const csv = readFileSync(csvFile, 'utf8');
    expect(csv.split(/\r?\n/).filter(Boolean).length).toBeGreaterThanOrEqual(4);
    const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as unknown;
    expect(JSON.stringify(json)).toContain('168001');
    await saveScreenshot(page, 'closing');

    // The same day again: a new file beside the first, which stays as it was.
    await page.getByTestId('export-csv').click();
    await enterPin(page, SUPERVISOR_PIN);
    await expect.poll(() => page.getByTestId('export-done').count()).toBe(3);
    const again = /(\/\S+\.csv)/.exec((await page.getByTestId('export-done').allTextContents())[2]!)![1]!;
    expect(again).not.toBe(csvFile);
    expect(basename(again)).toMatch(/-training-2\.csv$/);
    expect(readFileSync(csvFile, 'utf8')).toBe(csv);
  });

  // Issue 26: the spreadsheet for people first; the CSV stays, for scripts.
  it('offers XLSX first, and its file opens with a sheet per table and typed cells', async () => {
    const { page } = till;
    const buttons = await page
      .getByTestId('export-panel')
      .locator('[data-testid^="export-"]')
      .evaluateAll((found) =>
        found
          .map((el) => el.getAttribute('data-testid'))
          .filter((id) => /^export-(xlsx|csv|json)$/.test(id ?? '')),
      );
    expect(buttons).toEqual(['export-xlsx', 'export-csv', 'export-json']);
    await page.getByTestId('export-folder').fill(exports.dir);
    const before = await page.getByTestId('export-done').count();
    await page.getByTestId('export-xlsx').click();
    await enterPin(page, SUPERVISOR_PIN);
    await expect.poll(() => page.getByTestId('export-done').count()).toBe(before + 1);
    const note = (await page.getByTestId('export-done').allTextContents())[before]!;
    const file = /(\/\S+\.xlsx)/.exec(note)![1]!;
    expect(basename(file)).toMatch(/^journal-\d{4}-\d{2}-\d{2}-training\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['交易', '品項', '現金', '售價變更', '日結']);
    const sheet = book.getWorksheet('交易')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (title: string) => header.indexOf(title) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const donate = rows.find((row) => row.getCell(column('愛心碼')).value === '168001')!;
    expect(donate.getCell(column('總計（含稅）'))).toMatchObject({
      value: 79,
      numFmt: '"NT$"#,##0;-"NT$"#,##0',
    });
    expect(donate.getCell(column('時間（台北）')).value).toBeInstanceOf(Date);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('refuses a relative folder with a clear message', async () => {
    const { page } = till;
    await page.getByTestId('export-folder').fill('exports');
    await page.getByTestId('export-csv').click();
    await enterPin(page, SUPERVISOR_PIN);
    await expect.poll(() => textOf(page, 'closing-error')).toContain('完整路徑');
  });

  it('opens the cash drawer only with the supervisor PIN, and says it was recorded', async () => {
    const { page } = till;
    await page.getByTestId('open-drawer').click();
    await enterPin(page, '1111');
    await expect.poll(() => textOf(page, 'pin-error')).toContain('錢櫃未開啟');
    expect(await page.getByTestId('drawer-opened').count()).toBe(0);
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.getByTestId('pin-confirm').click();
    await expect.poll(() => textOf(page, 'drawer-opened')).toContain('已記入日誌');
  });

  it('refuses a folder that does not exist, says so, and writes nothing', async () => {
    const { page } = till;
    const missing = join(exports.dir, 'no', 'such');
    await page.getByTestId('export-folder').fill(missing);
    await page.getByTestId('export-csv').click();
    await enterPin(page, SUPERVISOR_PIN);
    await expect.poll(() => textOf(page, 'closing-error')).toContain('不存在');
    expect(existsSync(missing)).toBe(false);
  });

  it('checks the journal chain', async () => {
    const { page } = till;
    await page.getByTestId('verify-chain').click();
    await expect.poll(() => textOf(page, 'chain-result')).toMatch(/日誌完整：\d+ 筆紀錄/);
  });

  it('prints the summary slip', async () => {
    const { page } = till;
    await page.getByTestId('print-summary').click();
    await expect.poll(() => textOf(page, 'summary-print-result')).toBe('日結單已印出');
    await page.getByTestId('summary-preview').waitFor();
    await saveScreenshot(page, 'closing-summary-slip');
  });
});

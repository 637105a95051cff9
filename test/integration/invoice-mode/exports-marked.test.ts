import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { exportDay, exportWorkbook } from '../../../src/main/exports/export';
import { Journal } from '../../../src/main/journal/journal';
import { beginSale, issuedSale, NOON_TAIPEI, tempJournal } from '../journal/fixtures';

/**
 * The day's exports mark the invoices issued offline with the till's own numbers (issue 27): the
 * transactions table's 開立方式 / Issued column says 線上 or 離線 (codes `online` / `offline`), in
 * the CSV and in the .xlsx, for the sale and for a void of it.
 */
describe('the exports mark offline-issued invoices', () => {
  const files = tempJournal('exports-offline');
  const journal: Journal = files.open({ now: () => NOON_TAIPEI });
  afterAll(() => files.cleanup());

  const online = issuedSale(journal, 'AB12345678');
  journal.addInvoiceModeSegment({
    companyId: '12345678',
    tillId: 'T01',
    training: false,
    useFor: 'OFF01',
    word: 'QQ',
    periodCode: '11512',
    start: 1,
    end: 9,
  });
  const offline = beginSale(journal);
  journal.markNotDelivered(offline, { reason: 'connection refused' });
  journal.issueOffline({ orderNo: offline, randomNumber: '1357' });
  const notIssued = beginSale(journal);
  journal.markNotDelivered(notIssued, { reason: 'connection refused' });

  const csv = async (headers: 'zh' | 'en' | 'codes') => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await exportDay(journal, { businessDay: '2026-11-22', format: 'csv', headers }, out);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  };
  const rowsOf = (text: string) =>
    text
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));

  it('CSV: a column 開立方式 with 線上 / 離線, empty for a sale without an invoice', async () => {
    const [header, ...rows] = rowsOf(await csv('zh'));
    const at = header!.indexOf('開立方式');
    const order = header!.indexOf('訂單編號');
    expect(at).toBeGreaterThan(-1);
    const via = Object.fromEntries(rows.map((row) => [row[order]!.replace(/"/g, ''), row[at]]));
    expect(via).toEqual({ [online]: '線上', [offline]: '離線', [notIssued]: '' });
    const [enHeader, ...enRows] = rowsOf(await csv('en'));
    expect(enRows.map((row) => row[enHeader!.indexOf('Issued')])).toEqual(['Online', 'Offline', '']);
    // For programs (the legacy layout): the code, in the last column.
    const codes = (await csv('codes')).trim().split('\r\n');
    expect(codes[0]!.endsWith(',issued_via')).toBe(true);
    expect(codes.slice(1).map((line) => line.slice(line.lastIndexOf(',') + 1))).toEqual([
      'online',
      'offline',
      '',
    ]);
  });

  it('xlsx: the same column on the transactions sheet', async () => {
    const file = join(files.dir, 'day.xlsx');
    await exportWorkbook(journal, { businessDay: '2026-11-22', format: 'xlsx', headers: 'zh' }, file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const at = header.indexOf('開立方式');
    expect(at).toBeGreaterThan(0);
    const values = [2, 3, 4].map((row) => sheet.getRow(row).getCell(at).value ?? '');
    expect(values).toEqual(['線上', '離線', '']);
  });
});

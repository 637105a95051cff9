import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { readCsv } from './csv-reader';
import { beginSale, issuedSale, tempJournal } from './fixtures';

/** `npm run journal -- …` is `tsx src/main/exports/cli.ts …`: spawned for real. */
function cli(...args: string[]) {
  const result = spawnSync('npx', ['tsx', 'src/main/exports/cli.ts', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('journal CLI', () => {
  const env = tempJournal('cli');
  let issued: string;
  let unsure: string;
  let other: string;
  beforeAll(() => {
    const journal = env.open();
    issued = issuedSale(journal, 'AB00000001', { total: 150 });
    unsure = beginSale(journal, { total: 90 });
    journal.markNeedsVerification(unsure, { reason: 'timeout' });
    other = beginSale(journal, { total: 30 });
    journal.markNeedsVerification(other, { reason: 'HTTP 503' });
    journal.close();
  });
  afterAll(() => env.cleanup());

  it('exports a day as CSV to a file and as JSON to stdout', () => {
    const out = join(env.dir, 'day.csv');
    const csv = cli('export', '--db', env.path, '--date', '2026-11-22', '--format', 'csv', '--out', out);
    expect(csv.status).toBe(0);
    expect(csv.stderr).toContain('Exported 3 transactions');
    const text = readFileSync(out, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(readCsv(text.slice(1))).toHaveLength(4);
    expect(existsSync(`${out}.partial`)).toBe(false);

    const json = cli('export', '--db', env.path, '--date', '2026-11-22', '--format', 'json');
    expect(json.status).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc.transactions.map((t: { order_no: string }) => t.order_no)).toEqual([issued, unsure, other]);
    expect(doc).toMatchObject({ version: 2, companyId: '12345678', chain: { verified: true } });
  });

  it('exports a day as XLSX to a file, a sheet per table and the summary (issue 26)', async () => {
    const out = join(env.dir, 'day.xlsx');
    const xlsx = cli('export', '--db', env.path, '--date', '2026-11-22', '--format', 'xlsx', '--out', out);
    expect(xlsx.stderr).toContain('Exported 3 transactions');
    expect(xlsx.status).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    expect(book.worksheets.map((s) => s.name)).toEqual(['交易', '日結']);
    expect(book.getWorksheet('交易')!.rowCount).toBe(4);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it('states the company given with --company or found in the --data settings, and refuses another', () => {
    const empty = cli('export', '--db', env.path, '--date', '2026-11-20', '--format', 'json');
    expect(JSON.parse(empty.stdout).companyId).toBeNull();
    const given = cli(
      'export',
      '--db',
      env.path,
      '--date',
      '2026-11-20',
      '--format',
      'json',
      '--company',
      '12345678',
    );
    expect(JSON.parse(given.stdout).companyId).toBe('12345678');

    // A till's data folder (the web host's): its key checks the HMACs, its settings name the seller.
    const data = tempJournal('cli-data');
    try {
      const key = randomBytes(32);
      const journal = data.open({ chainKey: key });
      issuedSale(journal, 'AB00000009');
      journal.close();
      createFileKeySecretStore(data.dir).set('journalChainKey', key.toString('hex'));
      writeFileSync(join(data.dir, 'settings.json'), JSON.stringify({ companyId: '12345678' }));
      const exported = cli('export', '--data', data.dir, '--date', '2026-11-22', '--format', 'json');
      expect(exported.status).toBe(0);
      expect(JSON.parse(exported.stdout)).toMatchObject({
        companyId: '12345678',
        chain: { verified: true, hmac: 'checked' },
      });
      // Signed with the till's own key, kept in its secrets (issue 22, item 11): the same key again.
      const { signature } = JSON.parse(exported.stdout) as { signature: { fingerprint: string } };
      expect(signature.fingerprint).toMatch(/^([0-9A-F]{4}-){7}[0-9A-F]{4}$/);
      const again = cli('export', '--data', data.dir, '--date', '2026-11-22', '--format', 'json');
      expect(JSON.parse(again.stdout).signature.fingerprint).toBe(signature.fingerprint);
      writeFileSync(join(data.dir, 'settings.json'), JSON.stringify({ companyId: '87654321' }));
      const refused = cli('export', '--data', data.dir, '--date', '2026-11-22', '--format', 'json');
      expect(refused.status).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('not 87654321 as set up');
    } finally {
      data.cleanup();
    }
    expect(cli('summary', '--db', env.path, '--company', '12345678').stderr).toContain(
      '--company is for export only',
    );
    expect(cli('export', '--db', env.path, '--company', '1234').stderr).toContain('must be 8 digits');
  });

  it('prints the summary as text and JSON', () => {
    const text = cli('summary', '--db', env.path, '--date', '2026-11-22');
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('銷售 Sales: 3 筆 transactions, NT$270');
    expect(text.stdout).toContain('Chain head #');
    const json = cli('summary', '--db', env.path, '--date', '2026-11-22', '--format', 'json');
    expect(JSON.parse(json.stdout).sales.byState['needs-verification']).toEqual({ count: 2, amount: 120 });
  });

  it('lists pending sales and resolves them with who', () => {
    const pending = cli('pending', '--db', env.path);
    expect(pending.status).toBe(0);
    expect(pending.stdout).toContain('2 need verification');
    expect(pending.stdout).toContain(unsure);

    const resolved = cli(
      'resolve',
      '--db',
      env.path,
      '--order',
      unsure,
      '--issued',
      'CD-12345678',
      '--by',
      '店長 Lin',
    );
    expect(resolved.status).toBe(0);
    expect(resolved.stdout).toContain(`Order ${unsure} recorded as issued by 店長 Lin`);
    const notIssued = cli('resolve', '--db', env.path, '--order', other, '--not-issued', '--by', 'Lin');
    expect(notIssued.status).toBe(0);
    expect(notIssued.stdout).toContain('確認未開立');

    const again = cli('resolve', '--db', env.path, '--order', unsure, '--not-issued', '--by', 'Lin');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('目前為「已開立」');
    expect(again.stderr).toContain('cannot be resolved by hand');
    expect(cli('pending', '--db', env.path).stdout).toContain('Nothing needs verification');
    expect(cli('verify', '--db', env.path).status).toBe(0);
  });

  it('answers bad arguments with a bilingual message and exit code 2', () => {
    const cases: [string[], string][] = [
      [[], 'Give a command'],
      [['frobnicate', '--db', env.path], 'Give a command'],
      [['export'], '--db PATH'],
      [['export', '--db', join(env.dir, 'nope.sqlite')], 'No journal file'],
      [['export', '--db', env.path, '--date', '2026-02-30'], 'must be a real YYYY-MM-DD'],
      // XLSX is a zip: to a file only (before issue 26: 'Format "xlsx" is not available').
      [['export', '--db', env.path, '--format', 'xlsx'], 'Give the XLSX file with --out'],
      [['export', '--db', env.path, '--format', 'pdf'], 'Format "pdf"'],
      [['export', '--db', env.path, '--bogus'], 'Bad arguments'],
      [['resolve', '--db', env.path, '--order', issued, '--by', 'Lin'], 'exactly one of --issued'],
      [['resolve', '--db', env.path, '--order', issued, '--not-issued'], '--by NAME'],
      [
        ['resolve', '--db', env.path, '--order', issued, '--issued', 'X1', '--by', 'Lin'],
        'nothing was written',
      ],
    ];
    for (const [args, english] of cases) {
      const result = cli(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(english);
      expect(result.stderr).toMatch(/[\u4e00-\u9fff]/); // and Chinese
    }
    expect(existsSync(join(env.dir, 'nope.sqlite'))).toBe(false);
  }, 180_000);
});

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportOptions } from '../../../src/main/exports/types';
import type { Journal } from '../../../src/main/journal/journal';
import {
  duplicateTills,
  readTillExport,
  type TillExport,
  type TillExportExpectation,
} from '../../../src/main/reconciliation/till-export';
import { exporterOf, signExports } from '../../support/export-keys';
import { beginSale, issuedSale, NOON_TAIPEI, tempJournal } from '../journal/fixtures';

/**
 * A store of three tills, each with its own journal file: T01 (this till) reads the JSON exports
 * that T02 and T03 wrote with the journal's own export, as a USB stick would bring them.
 */

const EXPECT: TillExportExpectation = {
  companyId: '12345678',
  businessDay: '2026-11-22',
  training: false,
  thisTillId: 'T01',
};

describe('a store’s reconciliation reads the other tills’ exports', () => {
  const envs: ReturnType<typeof tempJournal>[] = [];
  const till = (name: string) => {
    const env = tempJournal(`store-${name}`);
    envs.push(env);
    return env;
  };
  let folder: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    folder = till('usb');
  });
  afterEach(() => {
    for (const env of envs.splice(0)) env.cleanup();
  });

  async function exportOf(journal: Journal, options: Partial<ExportOptions> = {}): Promise<string> {
    const written = await exporterOf(signExports(journal)).exportDayToFolder(
      { businessDay: '2026-11-22', format: 'json', companyId: '12345678', ...options },
      folder.dir,
    );
    // Each till's export under its own name, as they would sit side by side on the stick.
    const file = join(folder.dir, `${options.tillId ?? 'all'}-${envs.length}-${basename(written.file)}`);
    writeFileSync(file, readFileSync(written.file));
    return file;
  }

  function readFile(file: string, expectation: TillExportExpectation = EXPECT) {
    return readTillExport(basename(file), readFileSync(file, 'utf8'), expectation);
  }

  function accepted(file: string): TillExport {
    const result = readFile(file);
    if (!result.ok) throw new Error(result.reason.en);
    return result.export;
  }

  /** T02: two sales (one by card and cash), one voided, one waiting for verification; keyed. */
  function t02(key?: Buffer) {
    const env = till('t02');
    const journal = env.open(key ? { chainKey: key, now: () => NOON_TAIPEI } : { now: () => NOON_TAIPEI });
    const minute = (m: number) => new Date(NOON_TAIPEI.getTime() + m * 60_000);
    const tea = issuedSale(journal, 'AB00000021', { tillId: 'T02', total: 150, at: minute(1) });
    const cake = issuedSale(journal, 'AB00000022', {
      tillId: 'T02',
      total: 1050,
      at: minute(2),
      payments: [
        { method: 'card', amount: 1000 },
        { method: 'cash', amount: 50 },
      ],
    });
    const unsure = beginSale(journal, { tillId: 'T02', total: 90, at: minute(3) });
    journal.markNeedsVerification(unsure, { reason: 'timeout' });
    const voided = journal.beginReturn({
      kind: 'void',
      orderNo: tea,
      tillId: 'T02',
      reason: '客戶要求',
      by: 'Sup',
      refunds: [['cash', 150]],
      at: minute(4),
    });
    journal.markReturnDone(voided.id);
    return { env, journal, tea, cake, unsure, voidId: voided.id };
  }

  it('reads T02’s export: every sale and return with signed amounts, its chain checked with its key', async () => {
    const key = randomBytes(32);
    const { journal, tea, cake, unsure, voidId } = t02(key);
    const got = accepted(await exportOf(journal));
    const head = journal.chainHead();
    expect(got).toMatchObject({
      version: 2,
      companyId: '12345678',
      tillIds: ['T02'],
      businessDay: '2026-11-22',
      training: false,
      chainHead: `#${head.entryId}:${head.hash.slice(0, 16)}`,
      chain: { verified: true, entries: head.entryId, head, hmac: 'checked', problem: null },
    });
    expect(got.records.map((r) => [r.orderNo, r.record, r.state, r.totalAmount])).toEqual([
      [tea, 'sale', 'issued', 150],
      [cake, 'sale', 'issued', 1050],
      [unsure, 'sale', 'needs-verification', 90],
      [tea, 'void', 'done', -150],
    ]);
    expect(got.records[1]!.payments).toEqual([
      { method: 'card', amount: 1000 },
      { method: 'cash', amount: 50 },
    ]);
    expect(got.records[3]).toMatchObject({
      payments: [{ method: 'cash', amount: -150 }],
      invoiceNumber: 'AB00000021',
      returnId: voidId,
      invoiceKind: null,
    });
    // The summary is passed on as the till wrote it.
    expect(got.summary).toMatchObject({ businessDay: '2026-11-22', sales: { issued: { count: 2 } } });
  });

  it('refuses T01’s own export, another day, and training sales in production', async () => {
    const t01 = till('t01').open();
    issuedSale(t01, 'AB00000011', { tillId: 'T01' });
    expect(readFile(await exportOf(t01))).toMatchObject({
      ok: false,
      reason: { en: expect.stringContaining('this till’s (T01) own sales') },
    });
    const { journal } = t02();
    const file = await exportOf(journal);
    expect(readFile(file, { ...EXPECT, businessDay: '2026-11-23' })).toMatchObject({
      ok: false,
      reason: { zh: expect.stringContaining('是營業日 2026-11-22 的匯出，不是 2026-11-23') },
    });
    expect(readFile(file, { ...EXPECT, companyId: '24549210' })).toMatchObject({
      ok: false,
      reason: {
        zh: expect.stringMatching(
          /^all-\d+-journal-2026-11-22\.json 是另一家公司（統一編號 12345678）的匯出，未採用。$/,
        ),
      },
    });

    const t03 = till('t03').open();
    issuedSale(t03, 'AB00000031', { tillId: 'T03', training: true });
    const training = await exportOf(t03);
    expect(readFile(training)).toMatchObject({
      ok: false,
      reason: { en: expect.stringContaining('training-mode sales') },
    });
    // A training till reads it: training with training.
    expect(readFile(training, { ...EXPECT, training: true })).toMatchObject({ ok: true });
  });

  it('refuses an export of a journal whose stored entry was edited, quoting the chain check', async () => {
    const { env, journal } = t02();
    journal.close();
    const raw = new Database(env.path);
    raw.exec('DROP TRIGGER IF EXISTS entries_no_update; DROP TRIGGER IF EXISTS entries_no_delete;');
    raw.prepare(`UPDATE entries SET payload = json_set(payload, '$.total', 1) WHERE id = 2`).run();
    raw.close();
    const file = await exportOf(env.open());
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.chain).toMatchObject({
      verified: false,
      problem: { en: 'Entry 2 was modified' },
    });
    expect(readFile(file)).toEqual({
      ok: false,
      reason: {
        zh: `${basename(file)} 匯出時日誌鏈未通過驗證（第 2 筆紀錄已被修改），該收銀機的日誌可能遭竄改或損毀，未採用。`,
        en: `${basename(file)} was exported from a journal whose chain did not verify (Entry 2 was modified): that till’s journal may have been altered or damaged: not used.`,
      },
    });
  });

  it('refuses an export edited after it was written: a total, a flag, the chain’s verdict', async () => {
    const { journal } = t02();
    const file = await exportOf(journal);
    const text = readFileSync(file, 'utf8');
    expect(readTillExport('x.json', text, EXPECT).ok).toBe(true);
    for (const edited of [
      text.replace('"total_amount":1050', '"total_amount":1005'),
      text.replace('"training":false', '"training":true '),
      text.replace('"verified":true', '"verified":false'),
      text.replace('"companyId":"12345678"', '"companyId":"12345679"'),
    ]) {
      expect(edited).not.toBe(text);
      expect(readTillExport('x.json', edited, EXPECT)).toMatchObject({
        ok: false,
        reason: { en: expect.stringContaining('edited after export') },
      });
    }
  });

  it('names a till given twice', async () => {
    const { journal } = t02();
    const first = accepted(await exportOf(journal));
    const t03 = till('t03').open();
    issuedSale(t03, 'AB00000031', { tillId: 'T03' });
    const other = accepted(await exportOf(t03));
    const again = accepted(await exportOf(journal, { tillId: 'T02' }));
    expect(duplicateTills([first, other])).toEqual([]);
    expect(duplicateTills([first, other, again])).toEqual([
      { tillId: 'T02', files: [first.file, again.file] },
    ]);
  });

  it('reads a large export (many 64 KB chunks) the same way', async () => {
    const env = till('t04');
    const journal = env.open();
    for (let i = 0; i < 600; i++) {
      beginSale(journal, { tillId: 'T04', total: 10 + i, at: new Date(NOON_TAIPEI.getTime() + i * 1000) });
    }
    const got = accepted(await exportOf(journal));
    expect(got.records).toHaveLength(600);
    expect(got.records.reduce((sum, r) => sum + r.totalAmount, 0)).toBe(600 * 10 + (599 * 600) / 2);
  });
});

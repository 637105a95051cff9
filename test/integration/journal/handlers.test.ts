import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { createExportHandlers } from '../../../src/main/exports/handlers';
import { createJournalHandlers } from '../../../src/main/journal/handlers';
import type { Journal } from '../../../src/main/journal/journal';
import { journalMethods } from '../../../src/shared/ipc/contract/journal';
import { supervisorWithPin, TEST_PIN } from '../settings/supervisor-fixture';
import { beginSale, issuedSale, tempJournal } from './fixtures';

/** A journal the till found intact: nothing to acknowledge (journal-guard tests cover a broken one). */
const HEALTHY = {
  acknowledge: async () => ({
    ok: true,
    acknowledged: false,
    reason: null,
    checkedEntries: 0,
    fullCheckDone: true,
  }),
};

describe('journal IPC handlers', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  let call: (method: string, payload: unknown) => Promise<unknown>;
  let orderNo: string;
  beforeEach(async () => {
    env = tempJournal('ipc');
    journal = env.open();
    orderNo = issuedSale(journal, 'AB00000001');
    journal.markNeedsVerification(beginSale(journal), { reason: 'timeout' });
    const job = journal.createPrintJob({ orderNo, kind: 'proof', content: 'proof' });
    journal.recordPrintAttempt(job.id, { ok: true });
    const { gate } = await supervisorWithPin(journal);
    const dispatch = createDispatcher(
      {
        ...createJournalHandlers({ journal, health: HEALTHY }),
        ...createExportHandlers({ journal, supervisor: gate }),
      } as unknown as HandlerMap,
      {
        error: vi.fn(),
      },
    );
    call = async (method, payload) => {
      const result = await dispatch(method, payload, { host: 'web' });
      if (!result.ok) throw Object.assign(new Error(result.error.message.en), { ipc: result.error });
      // What the renderer receives must match the contract's output schema.
      const spec = journalMethods[method as keyof typeof journalMethods];
      return spec.output.parse(result.value);
    };
  });
  afterEach(() => env.cleanup());

  it('lists, gets, sums, verifies and exports through the contract', async () => {
    expect(await call('journal.list', { businessDay: '2026-11-22' })).toHaveLength(2);
    expect(
      await call('journal.list', { businessDay: '2026-11-22', state: 'needs-verification' }),
    ).toHaveLength(1);
    const detail = (await call('journal.get', { orderNo })) as { exchanges: unknown[]; prints: unknown[] };
    expect(detail.exchanges).toHaveLength(1);
    expect(detail.prints).toHaveLength(1);
    expect(await call('journal.get', { orderNo: 'T01-20261122-999999' })).toBeNull();
    expect(await call('journal.summary', { businessDay: '2026-11-22' })).toMatchObject({
      sales: { count: 2 },
    });
    expect(await call('journal.verify', {})).toMatchObject({ ok: true });
    const exported = (await call('journal.export', {
      businessDay: '2026-11-22',
      format: 'json',
      folder: env.dir,
      pin: TEST_PIN,
    })) as {
      file: string;
      rows: number;
    };
    expect(exported.rows).toBe(2);
  });

  it('states the configured company in a JSON export, and refuses a day of another company', async () => {
    const { gate } = await supervisorWithPin(journal);
    const exportAs = async (companyId: string, businessDay: string) => {
      const dispatch = createDispatcher(
        {
          ...createJournalHandlers({ journal, health: HEALTHY }),
          ...createExportHandlers({ journal, supervisor: gate, companyId: () => companyId }),
        } as unknown as HandlerMap,
        { error: vi.fn() },
      );
      return dispatch(
        'journal.export',
        { businessDay, format: 'json', folder: env.dir, pin: TEST_PIN },
        { host: 'web' },
      );
    };
    const empty = await exportAs('12345678', '2026-11-21');
    expect(empty).toMatchObject({ ok: true });
    const file = (empty as { value: { file: string } }).value.file;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ companyId: '12345678', tillIds: [] });
    const refused = await exportAs('87654321', '2026-11-22');
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'journal-invalid', message: { en: expect.stringContaining('not 87654321') } },
    });
    expect(readdirSync(env.dir).filter((f) => f.startsWith('journal-2026-11-22'))).toEqual([]);
  });

  it('refuses malformed payloads before any handler runs, and reports journal refusals bilingually', async () => {
    await expect(call('journal.list', { businessDay: '2026/11/22' })).rejects.toMatchObject({
      ipc: { code: 'invalid-input' },
    });
    await expect(call('journal.get', { orderNo: 'x; DROP TABLE' })).rejects.toMatchObject({
      ipc: { code: 'invalid-input' },
    });
    await expect(
      call('journal.export', {
        businessDay: '2026-11-22',
        format: 'csv',
        folder: '/nonexistent/folder',
        pin: TEST_PIN,
      }),
    ).rejects.toMatchObject({
      ipc: { code: 'export-folder-invalid', message: { zh: expect.stringContaining('不存在') } },
    });
  });

  it('exports only with the supervisor PIN, records who and what, and refuses relative paths and files', async () => {
    const folder = join(env.dir, 'exports');
    mkdirSync(folder);
    const day = { businessDay: '2026-11-22', format: 'csv' as const };
    await expect(call('journal.export', { ...day, folder })).rejects.toMatchObject({
      ipc: { code: 'pin-required' },
    });
    await expect(call('journal.export', { ...day, folder, pin: '1111' })).rejects.toMatchObject({
      ipc: { code: 'pin-wrong' },
    });
    expect(readdirSync(folder)).toEqual([]);
    expect(journal.supervisorActions()).toEqual([]);

    await expect(call('journal.export', { ...day, folder: 'exports', pin: TEST_PIN })).rejects.toMatchObject({
      ipc: { code: 'export-folder-invalid', message: { zh: expect.stringContaining('完整路徑') } },
    });
    const aFile = join(env.dir, 'a-file.txt');
    writeFileSync(aFile, 'x');
    await expect(call('journal.export', { ...day, folder: aFile, pin: TEST_PIN })).rejects.toMatchObject({
      ipc: { code: 'export-folder-invalid', message: { en: expect.stringContaining('not a folder') } },
    });

    const first = (await call('journal.export', { ...day, folder, pin: TEST_PIN, by: '林主管' })) as {
      file: string;
      summaryFile: string;
    };
    expect(journal.supervisorActions()).toEqual([
      expect.objectContaining({
        action: 'journal.export',
        by: '林主管',
        detail: expect.objectContaining({
          businessDay: '2026-11-22',
          format: 'csv',
          file: first.file,
          rows: 2,
        }),
      }),
    ]);
    const firstBytes = readFileSync(first.file);
    // The same day again: new names, the first files left as they were.
    const second = (await call('journal.export', { ...day, folder, pin: TEST_PIN })) as {
      file: string;
      summaryFile: string;
      files: { table: string; file: string }[];
    };
    expect(second.file).not.toBe(first.file);
    expect(second.file).toMatch(/-2\.csv$/);
    expect(second.summaryFile).toMatch(/-summary-2\.csv$/);
    expect(readFileSync(first.file)).toEqual(firstBytes);
    // The contract's default: the transactions, lines, cash and price-change tables (issue 28)
    // and the summary, each numbered alike on the second export; no staging folder left behind.
    expect(readdirSync(folder).sort()).toEqual([
      'journal-2026-11-22-2.csv',
      'journal-2026-11-22-cash-2.csv',
      'journal-2026-11-22-cash.csv',
      'journal-2026-11-22-lines-2.csv',
      'journal-2026-11-22-lines.csv',
      'journal-2026-11-22-prices-2.csv',
      'journal-2026-11-22-prices.csv',
      'journal-2026-11-22-summary-2.csv',
      'journal-2026-11-22-summary.csv',
      'journal-2026-11-22.csv',
    ]);
    expect(second.files.map((f) => f.table)).toEqual(['transactions', 'lines', 'cash', 'prices', 'summary']);
    expect(journal.supervisorActions()[0]).toMatchObject({ action: 'journal.export', by: 'supervisor' });
  });
});

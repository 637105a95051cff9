import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import { periodCodeOf, taipeiDateTime } from '../../../src/shared/domain';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { admin, startService, type Admin } from '../checkout/harness';
import { sale } from '../journal/fixtures';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

/**
 * `npm run offline -- status|split|upload|blanks` (issue 27), spawned as a person runs it, against
 * the training service on 127.0.0.1 with a real journal file: one JSON line on stdout, exit 0 done,
 * 1 something to act on (running out, rejected, late), 2 bad input with nothing changed.
 */
describe('npm run offline: one JSON line, exit 0 done / 1 to act on / 2 bad input', () => {
  const temp = makeTempDir('invoice-mode-cli');
  const db = join(temp.dir, 'journal.sqlite');
  const configFile = join(temp.dir, 'config.json');
  let service: TrainingService;
  let svc: Admin;
  const now = new Date();
  const period = periodCodeOf(now);
  const yyyymm = `${Number(period.slice(0, 3)) + 1911}${period.slice(3)}`;

  beforeAll(async () => {
    service = await startService(temp.dir);
    svc = admin(service);
    writeFileSync(
      configFile,
      JSON.stringify({
        serviceUrl: service.url,
        companyId: service.config.companyId,
        apiKey: service.config.apiKey,
        signingSecret: service.config.signingSecret,
        tillId: 'T01',
        timeoutMs: 2000,
        standardServiceUrl: service.standardUrl,
        standardApiKey: service.config.standardApiKey,
        standardSigningSecret: service.config.standardSigningSecret,
        invoiceModeGroup: 'OFF1',
      }),
    );
    Journal.open(db).close();
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  async function cli(
    args: string[],
  ): Promise<{ code: number; line: Record<string, unknown> | null; stderr: string }> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/main/invoice-mode/cli.ts', ...args],
        { cwd: root },
      );
      return { code: 0, line: JSON.parse(stdout.trim()) as Record<string, unknown>, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return {
        code: e.code,
        line: e.stdout.trim() ? (JSON.parse(e.stdout.trim()) as Record<string, unknown>) : null,
        stderr: e.stderr,
      };
    }
  }
  const base = () => ['--db', db, '--config', configFile];

  it('refuses bad input with exit 2 and a reason in both languages', async () => {
    expect((await cli(['fly', ...base()])).code).toBe(2);
    const badPeriod = await cli(['split', ...base(), '--period', '2026-12']);
    expect(badPeriod).toMatchObject({ code: 2, line: null });
    expect(badPeriod.stderr).toContain('--period');
    const badCount = await cli(['split', ...base(), '--count', '1001']);
    expect(badCount.code).toBe(2);
    // A period that has not ended has no blank report yet.
    const early = await cli(['blanks', ...base(), '--period', yyyymm]);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain('尚未結束');
  });

  it('status without numbers in hand is something to act on; split, offline sales, upload, status', async () => {
    const empty = await cli(['status', ...base()]);
    expect(empty).toMatchObject({ code: 1, line: { command: 'status', numbersLeft: 0, segments: [] } });
    expect((empty.line!.actions as string[]).join(' ')).toContain('split');

    const split = await cli(['split', ...base(), '--count', '10']);
    expect(split).toMatchObject({
      code: 0,
      line: { command: 'split', outcome: 'done', segment: { periodCode: period } },
    });
    const first = (split.line!.segment as { first: string }).first;

    // Two sales issued offline with the segment's numbers (the till's own journal).
    const journal = Journal.open(db);
    const numbers: string[] = [];
    const orders: string[] = [];
    for (const total of [150, 230]) {
      const orderNo = journal.nextOrderNo('T01', now);
      journal.begin({
        ...sale(orderNo, { at: now, total, extraData: { InvoiceDateTime: taipeiDateTime(now) } }),
        companyId: service.config.companyId,
      });
      journal.markNotDelivered(orderNo, { reason: 'connection refused' });
      numbers.push(journal.issueOffline({ orderNo }).invoice.invoiceNumber);
      orders.push(orderNo);
    }
    journal.close();
    expect(numbers[0]).toBe(first);

    const waiting = await cli(['status', ...base()]);
    expect(waiting).toMatchObject({
      code: 0,
      line: {
        numbersLeft: 8,
        segments: [
          {
            first,
            next: numbers[1]!.slice(0, 2) + String(Number(numbers[1]!.slice(2)) + 1).padStart(8, '0'),
          },
        ],
        waiting: [
          { invoiceNumber: numbers[0], urgency: 'waiting' },
          { invoiceNumber: numbers[1], urgency: 'waiting' },
        ],
      },
    });
    expect(typeof (waiting.line!.waiting as Array<{ deadline: unknown }>)[0]!.deadline).toBe('string');

    const upload = await cli(['upload', ...base()]);
    expect(upload).toMatchObject({
      code: 0,
      line: { command: 'upload', uploaded: numbers, rejected: [], waiting: [] },
    });
    for (const [i, orderNo] of orders.entries()) {
      expect(await svc.lookup(orderNo)).toMatchObject({ found: true, InvoiceNumber: numbers[i] });
    }
    // Uploaded once: a second run has nothing to send.
    expect(await cli(['upload', ...base()])).toMatchObject({ code: 0, line: { uploaded: [], waiting: [] } });
    expect(await cli(['status', ...base()])).toMatchObject({
      code: 0,
      line: { waiting: [], numbersLeft: 8 },
    });
  });
});

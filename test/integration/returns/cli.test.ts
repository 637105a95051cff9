import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { openTill, startService } from '../checkout/harness';
import { returnsAdmin, twoLineOrder, type ReturnsAdmin } from './harness';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

describe('npm run returns: one JSON line, exit 0 done / 1 other outcomes / 2 bad input', () => {
  const temp = makeTempDir('returns-cli');
  const db = join(temp.dir, 'journal.sqlite');
  const configFile = join(temp.dir, 'config.json');
  let service: TrainingService;
  let svc: ReturnsAdmin;
  const invoices: Array<{ orderNo: string; invoiceNumber: string }> = [];

  beforeAll(async () => {
    service = await startService(temp.dir);
    svc = returnsAdmin(service);
    writeFileSync(
      configFile,
      JSON.stringify({
        serviceUrl: service.url,
        companyId: service.config.companyId,
        apiKey: service.config.apiKey,
        signingSecret: service.config.signingSecret,
        tillId: 'T01',
        timeoutMs: 1000,
        training: true,
        standardServiceUrl: service.standardUrl,
        standardApiKey: service.config.standardApiKey,
        standardSigningSecret: service.config.standardSigningSecret,
      }),
    );
    const till = openTill({ dbPath: db, service });
    for (let i = 0; i < 4; i++) {
      const sale = await till.engine.submit(twoLineOrder());
      invoices.push({ orderNo: sale.orderNo, invoiceNumber: sale.invoiceNumber! });
    }
    till.close();
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
        ['--import', 'tsx', 'src/main/returns/cli.ts', ...args],
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

  it('voids, makes an allowance from LINES.json, cancels it', async () => {
    const voided = await cli([
      'void',
      ...base(),
      '--invoice',
      invoices[0]!.invoiceNumber,
      '--reason',
      '作廢',
      '--by',
      '店長',
    ]);
    expect(voided.code).toBe(0);
    expect(voided.line).toMatchObject({
      kind: 'void',
      state: 'done',
      invoiceNumber: invoices[0]!.invoiceNumber,
      allowanceNumber: null,
    });
    expect(Object.keys(voided.line!).sort()).toEqual([
      'allowanceNumber',
      'invoiceNumber',
      'kind',
      'message',
      'state',
    ]);

    const lines = join(temp.dir, 'lines.json');
    writeFileSync(
      lines,
      JSON.stringify([
        { sequence: '001', quantity: 1 },
        { sequence: '002', amount: 30 },
      ]),
    );
    const allowance = await cli([
      'allowance',
      ...base(),
      '--invoice',
      invoices[1]!.invoiceNumber,
      '--lines',
      lines,
    ]);
    expect(allowance.code).toBe(0);
    expect(allowance.line).toMatchObject({ kind: 'allowance', state: 'done' });
    const number = allowance.line!.allowanceNumber as string;
    const lookup = await svc.lookup(invoices[1]!.orderNo);
    expect(lookup.Allowances).toEqual([
      { AllowanceNumber: number, TotalAmount: 114 + 29, TaxAmount: 6 + 1, Voided: false },
    ]);

    const cancelled = await cli([
      'cancel-allowance',
      ...base(),
      '--invoice',
      invoices[1]!.invoiceNumber,
      '--allowance',
      number,
    ]);
    expect(cancelled.code).toBe(0);
    expect(cancelled.line).toMatchObject({
      kind: 'cancel-allowance',
      state: 'done',
      allowanceNumber: number,
    });
  }, 60_000);

  it('an unknown outcome exits 1 as needs-verification; status settles it without a second allowance', async () => {
    await svc.fault('drop-after-commit', { path: STANDARD_OPERATIONS.allowanceInvoice });
    const lines = join(temp.dir, 'lines2.json');
    writeFileSync(lines, JSON.stringify([{ sequence: '002', quantity: 2 }]));
    const first = await cli([
      'allowance',
      ...base(),
      '--invoice',
      invoices[2]!.invoiceNumber,
      '--lines',
      lines,
    ]);
    expect(first.code).toBe(1);
    expect(first.line).toMatchObject({
      kind: 'allowance',
      state: 'needs-verification',
      allowanceNumber: null,
    });
    const status = await cli(['status', ...base(), '--invoice', invoices[2]!.invoiceNumber]);
    expect(status.code).toBe(0);
    expect(status.line).toMatchObject({ kind: 'allowance', state: 'done' });
    expect((await svc.lookup(invoices[2]!.orderNo)).Allowances).toHaveLength(1);
  }, 60_000);

  it('bad input exits 2 and changes nothing', async () => {
    const lines = join(temp.dir, 'bad.json');
    for (const [content, args] of [
      ['[]', ['void', ...base(), '--invoice', 'ZZ99999999']],
      [
        JSON.stringify([{ sequence: '002', quantity: 9 }]),
        ['allowance', ...base(), '--invoice', invoices[3]!.invoiceNumber, '--lines', lines],
      ],
      [
        JSON.stringify([{ sequence: '001', amount: 0 }]),
        ['allowance', ...base(), '--invoice', invoices[3]!.invoiceNumber, '--lines', lines],
      ],
      ['[]', ['void', ...base(), '--invoice', invoices[0]!.invoiceNumber]],
      ['[]', ['explode', ...base(), '--invoice', invoices[3]!.invoiceNumber]],
    ] as const) {
      writeFileSync(lines, content);
      const result = await cli([...args]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.line).toBeNull();
      expect(result.stderr).toMatch(/[\u4e00-\u9fff]/);
    }
    const lookup = await svc.lookup(invoices[3]!.orderNo);
    expect(lookup.Voided).toBe(false);
    expect(lookup.Allowances).toEqual([]);
  }, 60_000);
});

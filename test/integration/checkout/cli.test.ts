import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { admin, startService, type Admin } from './harness';

const root = resolve(import.meta.dirname, '../../..');

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'src/main/checkout/cli.ts'), ...args],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run checkout (the CLI)', () => {
  const temp = makeTempDir('checkout-cli');
  let service: TrainingService;
  let svc: Admin;
  const file = (name: string, value: unknown) => {
    const path = join(temp.dir, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return path;
  };
  let config: string;
  const db = join(temp.dir, 'journal.sqlite');
  const order = {
    lines: [
      { name: '咖啡', quantity: 2, unitPrice: 65, taxType: 'taxable' },
      { name: '鮮奶', quantity: 1, unitPrice: 40, taxType: 'exempt' },
    ],
    payments: [{ method: 'cash', amount: 200 }],
    invoice: { kind: 'carrier', carrierType: '3J0002', carrierId: '/ABC+123' },
  };

  beforeAll(async () => {
    service = await startService(temp.dir);
    svc = admin(service);
    config = file('config.json', {
      serviceUrl: service.url,
      companyId: service.config.companyId,
      apiKey: service.config.apiKey,
      signingSecret: service.config.signingSecret,
      tillId: 'C1',
      timeoutMs: 3000,
    });
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('refuses bad input with a clear message, a non-zero exit and no journal written', async () => {
    const cases: string[][] = [
      [],
      ['--db', db, '--config', config],
      ['--db', db, '--config', config, '--order', file('a.json', order), '--resubmit', 'C1-20260101-000001'],
      [
        '--db',
        db,
        '--config',
        file('bad-config.json', { serviceUrl: service.url }),
        '--order',
        file('b.json', order),
      ],
      ['--db', db, '--config', config, '--order', file('not-json.json', '{')],
      [
        '--db',
        db,
        '--config',
        config,
        '--order',
        file('c.json', { ...order, invoice: { kind: 'donate', loveCode: '1' } }),
      ],
      [
        '--db',
        db,
        '--config',
        config,
        '--order',
        file('d.json', { ...order, payments: [{ method: 'cash', amount: 1 }] }),
      ],
      ['--db', db, '--config', config, '--order', join(temp.dir, 'missing.json')],
      ['--db', db, '--config', config, '--resubmit', 'C1-20260101-000001'],
      ['--db', db, '--config', config, '--order', file('e.json', order), '--bogus'],
    ];
    for (const args of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n').length).toBeGreaterThanOrEqual(2); // zh-TW, then English
    }
    const love = await runCli(cases[5]!);
    expect(love.stderr).toContain('A love code is 3 to 7 digits');
    expect(love.stderr).toContain('愛心碼');
    expect(existsSync(db)).toBe(false);
  });

  it('runs one checkout and prints one JSON line', async () => {
    const run = await runCli(['--db', db, '--config', config, '--order', file('order.json', order)]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(Object.keys(out)).toEqual(['orderNo', 'state', 'invoiceNumber', 'message']);
    expect(out).toMatchObject({ state: 'issued', orderNo: expect.stringMatching(/^C1-\d{8}-000001$/) });
    expect((await svc.lookup(out.orderNo)).InvoiceNumber).toBe(out.invoiceNumber);
    expect(run.stderr).not.toContain(service.config.apiKey);
    expect(run.stderr).not.toContain(service.config.signingSecret);
    const journal = Journal.open(db);
    try {
      expect(journal.get(out.orderNo)).toMatchObject({
        state: 'issued',
        operation: 'orderWithoutPrint',
        training: false,
      });
    } finally {
      journal.close();
    }
  });

  it('--resubmit is refused for an issued order, allowed for a not-delivered one (same number)', async () => {
    const first = JSON.parse(
      (await runCli(['--db', db, '--config', config, '--order', file('o2.json', order)])).stdout,
    );
    const refused = await runCli(['--db', db, '--config', config, '--resubmit', first.orderNo]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot be resubmitted/);

    const offline = file('offline.json', {
      serviceUrl: 'http://127.0.0.1:1',
      companyId: service.config.companyId,
      apiKey: service.config.apiKey,
      signingSecret: service.config.signingSecret,
      tillId: 'C1',
      timeoutMs: 1000,
    });
    const notDelivered = await runCli(['--db', db, '--config', offline, '--order', file('o3.json', order)]);
    expect(notDelivered.code).toBe(0);
    const nd = JSON.parse(notDelivered.stdout);
    expect(nd).toMatchObject({ state: 'not-delivered', invoiceNumber: null });
    const again = await runCli(['--db', db, '--config', config, '--resubmit', nd.orderNo]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ orderNo: nd.orderNo, state: 'issued' });
  });

  it('speaks the config’s variant (as npm run provider-check): SystemLead issues, a long till id is refused', async () => {
    const systemlead = await startService(join(temp.dir, 'systemlead'), { variant: 'systemlead' });
    try {
      const base = {
        serviceUrl: systemlead.url,
        companyId: systemlead.config.companyId,
        apiKey: systemlead.config.apiKey,
        signingSecret: systemlead.config.signingSecret,
        timeoutMs: 3000,
        variant: 'systemlead',
      };
      const slDb = join(temp.dir, 'systemlead.sqlite');
      const long = await runCli([
        '--db',
        slDb,
        '--config',
        file('sl-long.json', { ...base, tillId: 'C01' }),
        '--order',
        file('sl-1.json', order),
      ]);
      expect(long.code).toBe(2);
      expect(long.stderr).toMatch(/UseFor/);
      const run = await runCli([
        '--db',
        slDb,
        '--config',
        file('sl.json', { ...base, tillId: 'C1' }),
        '--order',
        file('sl-2.json', order),
      ]);
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout);
      expect(out).toMatchObject({ state: 'issued', orderNo: expect.stringMatching(/^C1-\d{8}-000001$/) });
      expect((await admin(systemlead).lookup(out.orderNo)).InvoiceNumber).toBe(out.invoiceNumber);
    } finally {
      await systemlead.close();
    }
  });

  it('reports needs-verification and rejected states', async () => {
    await svc.fault('http-500-after-commit');
    const unknown = JSON.parse(
      (await runCli(['--db', db, '--config', config, '--order', file('o4.json', order)])).stdout,
    );
    expect(unknown.state).toBe('needs-verification');
    const frozen = await runCli(['--db', db, '--config', config, '--resubmit', unknown.orderNo]);
    expect(frozen.code).toBe(2);
    await svc.fault('status-0');
    const rejected = JSON.parse(
      (await runCli(['--db', db, '--config', config, '--order', file('o5.json', order)])).stdout,
    );
    expect(rejected.state).toBe('rejected');
    expect(rejected.message.en).toMatch(/No invoice was issued/);
  });
});

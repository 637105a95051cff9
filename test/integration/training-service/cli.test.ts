import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES } from '../../../src/provider/pos-profile';
import { trainingDefaults } from '../../../src/training-service';
import { freshTimestamp, postAdmin, postOrder, sampleOrder, type PosTarget } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';

// `npm run service` as a real process: the listening line, a call, a stop; bad config → exit 2.
const repoRoot = join(import.meta.dirname, '../../..');
const temp = makeTempDir('training-cli');
const config = { ...trainingDefaults(), apiKey: 'cli-test-api-key', adminToken: 'cli-test-admin-token-0123' };
const configFile = join(temp.dir, 'service.json');
writeFileSync(configFile, JSON.stringify(config));

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}
const running: Spawned[] = [];

function spawnService(args: string[]): Spawned {
  // Its own process group: npx, tsx and node are stopped together by the group id.
  const child = spawn('npx', ['tsx', 'src/training-service/cli.ts', ...args], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const spawned = { child, stdout: () => out, stderr: () => err, exit };
  running.push(spawned);
  return spawned;
}

async function listeningUrl(spawned: Spawned): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(spawned.stdout());
    if (match) return match[1]!;
    if (spawned.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no listening line; stdout: ${spawned.stdout()} stderr: ${spawned.stderr()}`);
}

async function stop(spawned: Spawned): Promise<void> {
  if (spawned.child.exitCode === null && spawned.child.signalCode === null) {
    try {
      process.kill(-spawned.child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await spawned.exit;
}

afterAll(async () => {
  await Promise.all(running.map(stop));
  temp.remove();
});

describe('training service: the CLI', () => {
  it('prints the listening line, serves the POS API and the admin channel, and stops on SIGTERM', async () => {
    const service = spawnService(['--port', '0', '--data', join(temp.dir, 'one'), '--config', configFile]);
    const url = await listeningUrl(service);
    const target: PosTarget = {
      url,
      companyId: config.companyId,
      apiKey: config.apiKey,
      signingSecret: config.signingSecret,
    };
    const data = sampleOrder('CLI-1');
    const result = await postOrder(target, 'order', data);
    expect(result.json).toMatchObject({ StatusCode: 1, BillingNo: 'CLI-1' });
    expect((await postAdmin(url, config.adminToken, 'lookup', { BillingNo: 'CLI-1' })).json).toMatchObject({
      found: true,
      InvoiceNumber: result.json!.InvoiceNumber,
    });
    expect((await postOrder(target, 'order', data, { apiKey: trainingDefaults().apiKey })).status).toBe(401);

    await stop(service);
    await expect(
      fetch(`${url}/Append/Order`, { method: 'POST', signal: AbortSignal.timeout(5000) }),
    ).rejects.toThrow();
  });

  it('exits with code 2 and a zh-TW + English reason on a bad config or bad arguments', async () => {
    const write = (name: string, text: string) => {
      const file = join(temp.dir, name);
      writeFileSync(file, text);
      return file;
    };
    const { qrAesKey: _missing, ...withoutKey } = config;
    const cases: Array<[string[], RegExp, RegExp]> = [
      [
        ['--config', write('missing.json', JSON.stringify(withoutKey))],
        /缺少必要設定 qrAesKey/,
        /Bad config: qrAesKey is required/,
      ],
      [
        ['--config', write('badkey.json', JSON.stringify({ ...config, qrAesKey: 'xyz' }))],
        /qrAesKey 必須是 32 個十六進位數字/,
        /qrAesKey must be 32 hex digits/,
      ],
      [['--config', write('notjson.json', '{ companyId: 1 ')], /不是有效的 JSON/, /is not valid JSON/],
      [['--config', join(temp.dir, 'absent.json')], /無法讀取設定檔/, /Cannot read the config file/],
      [['--port', 'eighty'], /連接埠不正確/, /Invalid --port: eighty/],
      [['--colour', 'blue'], /參數不正確/, /Bad arguments/],
    ];
    const outcomes = await Promise.all(
      cases.map(async ([args]) => {
        const spawned = spawnService(['--data', join(temp.dir, 'never'), ...args]);
        return { code: await spawned.exit, stderr: spawned.stderr(), stdout: spawned.stdout() };
      }),
    );
    outcomes.forEach((outcome, i) => {
      const [args, zh, en] = cases[i]!;
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stderr).toMatch(zh);
      expect(outcome.stderr).toMatch(en);
      expect(outcome.stdout).not.toMatch(/listening on/);
    });
  });

  it('issues a BillingNo once even when two service processes share one data dir', async () => {
    const dataDir = join(temp.dir, 'shared');
    const first = spawnService(['--port', '0', '--data', dataDir, '--config', configFile]);
    const second = spawnService(['--port', '0', '--data', dataDir, '--config', configFile]);
    const urls = await Promise.all([listeningUrl(first), listeningUrl(second)]);
    const data = sampleOrder('CLI-SHARED');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(
          {
            url: urls[i % 2]!,
            companyId: config.companyId,
            apiKey: config.apiKey,
            signingSecret: config.signingSecret,
          },
          'orderWithoutPrint',
          data,
        ),
      ),
    );
    expect(results.filter((r) => r.json?.StatusCode === 1)).toHaveLength(1);
    expect(results.filter((r) => r.json?.ResultMessage === RESULT_MESSAGES.duplicateBillingNo)).toHaveLength(
      49,
    );
    // And the two share the used timestamps too.
    // One fresh timestamp, sent to each process in turn (an old one could expire in between).
    const ts = freshTimestamp();
    const target = (url: string) => ({
      url,
      companyId: config.companyId,
      apiKey: config.apiKey,
      signingSecret: config.signingSecret,
    });
    expect(
      (await postOrder(target(urls[0]!), 'order', sampleOrder('CLI-TS-1'), { timestamp: ts })).json,
    ).toMatchObject({
      StatusCode: 1,
    });
    expect(
      (await postOrder(target(urls[1]!), 'order', sampleOrder('CLI-TS-2'), { timestamp: ts })).json,
    ).toEqual({
      StatusCode: 0,
      ResultMessage: RESULT_MESSAGES.timestampUsed,
    });
    await Promise.all([stop(first), stop(second)]);
  });
});

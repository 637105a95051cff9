// Invoice mode (issue 27):
// (a) a sale from Enter to the proof's bytes at the printer, offline (the till's own number, its
//     own proof) against online (a real request to the training service on 127.0.0.1), both
//     through the whole core (`checkout.submit`) with the receipt printer on TCP; target: offline
//     faster than online.
// (The 2,000-invoice upload backlog figure is not here yet: issue 27 leaves it open.)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTillCore, type TillCore } from '../src/main/app/create-core';
import { createFileKeySecretStore } from '../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../src/main/settings/json-file-settings-store';
import type { CheckoutOrder, CheckoutResult } from '../src/shared/ipc/contract/checkout';
import { parseTrainingServiceConfig, startTrainingService } from '../src/training-service';
import { QUIET } from './support/rig';

const SEGMENT = 200;
const WARMUP = 5;
/** Online sales use one second each of the company's timestamps (300 s window): kept well under. */
const RUNS = 60;

const order: CheckoutOrder = {
  lines: [
    { name: '便當', quantity: 2, unitPrice: 95, taxType: 'taxable' },
    { name: '鮮奶', quantity: 1, unitPrice: 45, taxType: 'exempt' },
  ],
  payments: [{ method: 'cash', amount: 300 }],
  invoice: { kind: 'paper' },
};

/**
 * A receipt printer on TCP (ESC/POS): status queries are answered "online"; the first byte of a
 * job resolves the waiter set by `nextJob()`, the moment the proof's bytes arrive.
 */
async function startPrinter() {
  const query = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
  const sockets = new Set<Socket>();
  let waiter: (() => void) | null = null;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {}).on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= query.length && pending.subarray(0, query.length).equals(query)) {
        pending = pending.subarray(query.length);
        socket.write(Buffer.from([0x12, 0x12, 0x12]));
      }
      if (pending.length > 0 && !query.subarray(0, pending.length).equals(pending)) {
        pending = Buffer.alloc(0);
        const done = waiter;
        waiter = null;
        done?.();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `tcp://127.0.0.1:${port}`,
    nextJob: () => new Promise<void>((done) => (waiter = done)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.9))] ?? 0;

export default async function bench(): Promise<void> {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '離線測速商店',
    apiKey: 'bench-api-key-7c21',
    signingSecret: 'bench-signing-secret-40de',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'bench-admin-token-1b9e',
    tracks: ['PX', 'PY'],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  const provider = parsed.config;
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-invoice-mode-'));
  const service = await startTrainingService({ dataDir: join(dir, 'provider'), config: provider });
  const printer = await startPrinter();
  const settings = createJsonFileSettingsStore(join(dir, 'settings.json'));
  const secrets = createFileKeySecretStore(dir);
  settings.update({
    mode: 'production',
    serviceUrl: service.url,
    standardServiceUrl: service.standardUrl,
    companyId: provider.companyId,
    sellerName: provider.sellerName,
    timeoutMs: 2000,
    firstRunDone: true,
    invoiceModeGroup: 'BENCH1',
    invoiceModeSegmentSize: SEGMENT,
  });
  settings.update({ printer: { ...settings.get().printer, uri: printer.uri } });
  secrets.set('apiKey', provider.apiKey);
  secrets.set('signingSecret', provider.signingSecret);
  secrets.set('qrAesKey', provider.qrAesKey);
  secrets.set('standardApiKey', provider.standardApiKey);
  secrets.set('standardSigningSecret', provider.standardSigningSecret);
  let core: TillCore | null = null;
  try {
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'bench',
      dataDir: dir,
      settings,
      secrets,
      logger: QUIET,
    });
    const till = core;
    const submit = async (): Promise<{ ms: number; result: CheckoutResult }> => {
      const job = printer.nextJob();
      const t0 = performance.now();
      const answer = till.dispatch('checkout.submit', order, { host: 'web' });
      await job;
      const ms = performance.now() - t0;
      const result = await answer;
      if (!result.ok) throw new Error(`checkout.submit: ${result.error.message.en}`);
      return { ms, result: result.value as CheckoutResult };
    };
    const sales = async (count: number, offline: boolean): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const { ms, result } = await submit();
        if (result.state !== 'issued' || (result.offline !== undefined) !== offline) {
          throw new Error(`sale ended ${result.state} (offline expected: ${offline})`);
        }
        times.push(ms);
      }
      return times;
    };
    await till.runBackgroundNow('invoice-mode-top-up');

    // (a) online, then offline, each after its warm-up (the offline warm-up includes the two
    // refused sales that switch the till to offline mode).
    const online = (await sales(WARMUP + RUNS, false)).slice(WARMUP);
    await service.unreachable();
    const offline = (await sales(WARMUP + RUNS, true)).slice(WARMUP);
    console.log(`\n(a) a sale from Enter to the proof's bytes (${RUNS} runs each, after ${WARMUP} warm-up)`);
    console.log(
      `  online (loopback):  median ${median(online).toFixed(2)} ms, p90 ${p90(online).toFixed(2)} ms`,
    );
    console.log(
      `  offline:            median ${median(offline).toFixed(2)} ms, p90 ${p90(offline).toFixed(2)} ms`,
    );
    console.log(
      `  offline / online median (target below 1): ${(median(offline) / median(online)).toFixed(2)}`,
    );
  } finally {
    await core?.close();
    await printer.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { Journal } from '../../../src/main/journal/journal';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { periodCodeOf, taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutOrder, CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { ZReport } from '../../../src/shared/ipc/contract/shifts';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  type TrainingService,
} from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { sale } from '../journal/fixtures';
import {
  admin,
  businessOrder,
  carrierOrder,
  donateOrder,
  memoryLogger,
  paperOrder,
  type Admin,
} from '../checkout/harness';

/**
 * A day of outage (issue 27): the e-invoice service refuses every connection while the till sells
 * 300 sales of every invoice kind (paper B2C, carrier, love code, B2B) with its own numbers, is
 * closed and started again twice, and is killed (SIGKILL) once in the middle of a sale, between
 * the issuing commit and the proof's print. Then the service answers again: every offline invoice
 * is uploaded once, the service holds what the journal holds, the numbers were used in order with
 * no gap (no blank report on this branch: none may be missing), and the Z report counts what the
 * journal issued. Nothing waits on a timer: the outage is the service's listener switched off and
 * on, the background services are run by the test (`TillCore.runBackgroundNow`), the kill is made when
 * the proof's bytes reach the test's printer.
 */
const root = resolve(import.meta.dirname, '../../..');
const SALES = 300;
const PIN = '2468';

const provider = (() => {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '停電一日商店',
    apiKey: 'outage-api-key-51c8',
    signingSecret: 'outage-signing-secret-9d02',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'outage-admin-token-6a4f',
    tracks: ['PX'],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.config;
})();

/** Sale `i` of the day: paper, carrier, love code and business in turn, amounts varied. */
function orderOf(i: number): CheckoutOrder {
  switch (i % 4) {
    case 0:
      return paperOrder(100 + (i % 37));
    case 1:
      return carrierOrder();
    case 2:
      return donateOrder();
    default:
      return businessOrder();
  }
}

/**
 * The till's receipt printer on TCP, as ESC/POS: status queries (DLE EOT 1, 2, 4) are answered
 * "online"; the first bytes of a job call `onJob`: the proof is being printed, so its sale was
 * committed and its print not yet recorded.
 */
async function startTrapPrinter(onJob: () => void): Promise<{ uri: string; close(): Promise<void> }> {
  const query = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {}).on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= query.length && pending.subarray(0, query.length).equals(query)) {
        pending = pending.subarray(query.length);
        socket.write(Buffer.from([0x12, 0x12, 0x12]));
      }
      if (pending.length > 0 && !query.subarray(0, pending.length).equals(pending)) onJob();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `tcp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

describe('a day of outage, then recovery', () => {
  const temp = makeTempDir('invoice-mode-outage-day');
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const secrets = createFileKeySecretStore(temp.dir);
  const ctx = { host: 'web' as const };
  const dbPath = join(temp.dir, 'journal.sqlite');
  let service: TrainingService;
  let svc: Admin;
  let core: TillCore | null = null;
  const logger = memoryLogger();

  const start = async () => {
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets,
      logger,
    });
    return core;
  };
  const stop = async () => {
    await core?.close();
    core = null;
  };
  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core!.dispatch(method, payload, ctx);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
    return result.value as T;
  };
  /** `count` sales from sale number `from`: each must be issued offline, with a number of the till's own. */
  const sell = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const result = await call<CheckoutResult>('checkout.submit', orderOf(i));
      expect(result, `sale ${i}`).toMatchObject({ state: 'issued', offline: {} });
    }
  };

  beforeAll(async () => {
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    svc = admin(service);
    settings.update({
      mode: 'production',
      serviceUrl: service.url,
      standardServiceUrl: service.standardUrl,
      companyId: provider.companyId,
      sellerName: provider.sellerName,
      timeoutMs: 2000,
      firstRunDone: true,
      invoiceModeGroup: 'DAY01',
      invoiceModeSegmentSize: 400,
    });
    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', provider.signingSecret);
    secrets.set('qrAesKey', provider.qrAesKey);
    secrets.set('standardApiKey', provider.standardApiKey);
    secrets.set('standardSigningSecret', provider.standardSigningSecret);
  });
  afterAll(async () => {
    await stop();
    await service?.close();
    temp.remove();
  });

  it(`sells ${SALES} sales through the outage, two restarts and a kill mid-sale, then uploads each once`, async () => {
    // Morning, online: the numbers are split while the service answers; one sale issues online.
    await start();
    await call('settings.setPin', { newPin: PIN });
    await core!.runBackgroundNow('invoice-mode-top-up');
    const period = periodCodeOf(new Date());
    const status = async () =>
      (await call<{ invoiceMode: { numbersLeft: number } }>('app.status', {})).invoiceMode;
    expect((await status()).numbersLeft, JSON.stringify(logger.lines)).toBe(400);
    const online = await call<CheckoutResult>('checkout.submit', paperOrder(150));
    expect(online).toMatchObject({ state: 'issued' });
    expect(online.offline).toBeUndefined();

    // The outage: connections refused all day.
    await service.unreachable();
    await sell(0, 100);
    await stop();
    await start(); // restart 1: online again as far as the till knows, until two sales fail
    await sell(100, 100);
    await stop();

    // A kill mid-sale: the till's process dies as its proof prints.
    let killedSale: string;
    {
      const printer = await startTrapPrinter(() => child.kill('SIGKILL'));
      settings.update({ printer: { ...settings.get().printer, uri: printer.uri } });
      // Through tsx, not bundled: the core reads files beside its modules (import.meta.dirname).
      const command = {
        file: process.execPath,
        args: ['--import', 'tsx', join(import.meta.dirname, 'outage-child.ts')],
        env: process.env,
      };
      const child = spawn(command.file, [...command.args, JSON.stringify({ dataDir: temp.dir })], {
        cwd: root,
        env: command.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const ended = await new Promise<NodeJS.Signals | null>((done) =>
        child.on('exit', (_, signal) => done(signal)),
      );
      await printer.close();
      settings.update({ printer: { ...settings.get().printer, uri: 'virtual' } });
      expect(ended, err.slice(0, 2000)).toBe('SIGKILL');
      expect(out).toContain('ready');
      expect(out).not.toContain('idle');
      // Left behind: the invoice committed with its number, its proof job still pending.
      const db = new Database(dbPath, { readonly: true });
      const last = db
        .prepare(
          `SELECT o.order_no AS orderNo, p.state AS printState FROM offline_invoices o
             JOIN print_jobs p ON p.order_no = o.order_no AND p.kind = 'proof'
            ORDER BY o.invoice_number DESC LIMIT 1`,
        )
        .get() as { orderNo: string; printState: string };
      db.close();
      expect(last.printState).toBe('pending');
      killedSale = last.orderNo;
    }

    // Restart 2 after the kill: the proof the kill interrupted prints first, then the day goes on.
    await start();
    {
      const db = new Database(dbPath, { readonly: true });
      const proof = db
        .prepare(`SELECT state FROM print_jobs WHERE order_no = ? AND kind = 'proof'`)
        .all(killedSale);
      db.close();
      expect(proof).toEqual([{ state: 'printed' }]);
    }
    await sell(201, SALES - 201);
    const waitingBefore = (await call<{ invoiceMode: { waitingUpload: number } }>('app.status', {}))
      .invoiceMode.waitingUpload;
    expect(waitingBefore).toBe(SALES);

    // Recovery: the service answers; the probe sees it, the upload runs.
    await service.reachable();
    await core!.runBackgroundNow('invoice-mode-probe');
    await core!.runBackgroundNow('invoice-mode-upload');
    // A second run finds nothing to send (and sends nothing twice).
    await core!.runBackgroundNow('invoice-mode-upload');
    expect(await status()).toMatchObject({ mode: 'online', waitingUpload: 0, lateUpload: 0 });

    const db = new Database(dbPath, { readonly: true });
    try {
      const offline = db
        .prepare(
          `SELECT o.invoice_number AS invoiceNumber, o.order_no AS orderNo, o.number, o.upload_state AS state,
                  o.random_number AS randomNumber, t.total_amount AS total
             FROM offline_invoices o JOIN transactions t ON t.order_no = o.order_no
            ORDER BY o.number`,
        )
        .all() as Array<{
        invoiceNumber: string;
        orderNo: string;
        number: number;
        state: string;
        randomNumber: string;
        total: number;
      }>;
      expect(offline).toHaveLength(SALES);
      expect(offline.every((invoice) => invoice.state === 'uploaded')).toBe(true);

      // Numbers in order of issue, with no gap: the issuing entries, oldest first.
      const issuedOrder = (
        db
          .prepare(
            `SELECT json_extract(payload, '$.invoiceMode.number') AS number FROM entries
              WHERE kind = 'tx.issued' AND json_extract(payload, '$.invoiceMode') IS NOT NULL ORDER BY id`,
          )
          .all() as Array<{ number: number }>
      ).map((row) => row.number);
      const first = offline[0]!.number;
      expect(issuedOrder).toEqual(Array.from({ length: SALES }, (_, i) => first + i));
      expect(offline[0]!.invoiceNumber.startsWith('PX')).toBe(true);

      // Each uploaded once: one `uploaded` entry per invoice.
      const uploads = db
        .prepare(
          `SELECT json_extract(payload, '$.invoiceNumber') AS invoiceNumber, count(*) AS n FROM entries
            WHERE kind = 'invoice-mode.uploaded' GROUP BY 1`,
        )
        .all() as Array<{ invoiceNumber: string; n: number }>;
      expect(uploads).toHaveLength(SALES);
      expect(uploads.every((upload) => upload.n === 1)).toBe(true);

      // The service's records equal the journal's: number, order number, total.
      for (const invoice of offline) {
        const held = await svc.lookup(invoice.orderNo);
        expect(held, invoice.orderNo).toMatchObject({
          found: true,
          InvoiceNumber: invoice.invoiceNumber,
          TotalAmount: invoice.total,
        });
      }

      // The Z report counts what the journal issued: every sale of the day, online and offline.
      const day = taipeiBusinessDay(new Date());
      const z = await call<ZReport>('day.zReport', { businessDay: day, print: false, pin: PIN });
      const issued = db
        .prepare(`SELECT count(*) AS n, sum(total_amount) AS amount FROM transactions WHERE state = 'issued'`)
        .get() as { n: number; amount: number };
      expect(issued.n).toBe(SALES + 1);
      expect(z.invoices.reduce((sum, kind) => sum + kind.count, 0)).toBe(issued.n);
      expect(z.invoices.reduce((sum, kind) => sum + kind.amount, 0)).toBe(issued.amount);
      // …and marks the offline-issued ones among them: all but the morning's online sale.
      expect(z.offline).toEqual({
        count: SALES,
        amount: offline.reduce((sum, invoice) => sum + invoice.total, 0),
        waitingUpload: 0,
      });
      expect(period).toBe(periodCodeOf(new Date()));
    } finally {
      db.close();
    }
  }, 240_000);
});

describe('a period crossing during an outage', () => {
  it("takes each sale's number from its own date's period, and the old period's run-out never spills over", () => {
    const temp = makeTempDir('invoice-mode-period-crossing');
    // 23:59 on the last day of the Nov–Dec period in Taipei, then 00:01 into Jan–Feb.
    const before = new Date('2026-12-31T23:59:00+08:00');
    const after = new Date('2027-01-01T00:01:00+08:00');
    let clock = before;
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'), { now: () => clock });
    try {
      const segment = (periodCode: string, start: number) =>
        journal.addInvoiceModeSegment({
          companyId: '12345678',
          tillId: 'T01',
          training: false,
          useFor: 'OFF01',
          word: 'QQ',
          periodCode,
          start,
          end: start + 2,
        });
      segment('11512', 100);
      segment('11602', 900);
      const issue = (at: Date, invoiceDateTime: string) => {
        clock = at;
        const orderNo = journal.nextOrderNo('T01', at);
        const tx = sale(orderNo, { extraData: { InvoiceDateTime: invoiceDateTime } });
        journal.begin(tx);
        journal.markNotDelivered(orderNo, { reason: 'connection refused' });
        return journal.issueOffline({ orderNo, randomNumber: '4321' });
      };
      expect(issue(before, '2026-12-31T23:59:00').invoice.invoiceNumber).toBe('QQ00000100');
      const firstOfNew = issue(after, '2027-01-01T00:01:00');
      expect(firstOfNew.invoice.invoiceNumber).toBe('QQ00000900');
      expect(firstOfNew.numbersLeft).toBe(2);
      // A sale still dated in the old period (its request was built before midnight) takes the old
      // period's number, though the clock has moved on.
      expect(issue(after, '2026-12-31T23:59:59').invoice.invoiceNumber).toBe('QQ00000101');
      const left = (periodCode: string) =>
        journal
          .invoiceModeSegments({ companyId: '12345678', training: false, periodCode })
          .reduce((sum, s) => sum + s.end - s.next + 1, 0);
      expect([left('11512'), left('11602')]).toEqual([1, 2]);
    } finally {
      journal.close();
      temp.remove();
    }
  });
});

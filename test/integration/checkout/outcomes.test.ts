import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signRequest, toPosOrderData } from '../../../src/provider/pos-profile';
import { Journal } from '../../../src/main/journal/journal';
import {
  admin,
  businessOrder,
  carrierOrder,
  donateOrder,
  openTill,
  paperOrder,
  phoneOrder,
  startRelay,
  startService,
  useCheckoutRig,
} from './harness';

/** A port that was free a moment ago and has nothing listening: connections are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('checkout outcomes over real HTTP and a real journal', () => {
  const rig = useCheckoutRig('checkout-outcomes');

  it('issues each invoice kind through its one operation, matching the service’s record', async () => {
    const cases = [
      { order: paperOrder(), operation: 'order', printDataStatus: 'ok' },
      { order: phoneOrder(), operation: 'orderReturnQKey', printDataStatus: 'not-expected' },
      { order: carrierOrder(), operation: 'orderWithoutPrint', printDataStatus: 'not-expected' },
      { order: donateOrder(), operation: 'orderWithoutPrint', printDataStatus: 'not-expected' },
      { order: businessOrder(), operation: 'order', printDataStatus: 'ok' },
    ] as const;
    for (const c of cases) {
      const result = await rig.till.engine.submit(c.order);
      expect(result).toMatchObject({
        state: 'issued',
        operation: c.operation,
        printDataStatus: c.printDataStatus,
      });
      expect(result.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
      expect(result.message.zh).toContain('發票已開立');
      const lookup = await rig.svc.lookup(result.orderNo);
      expect(lookup).toMatchObject({
        found: true,
        InvoiceNumber: result.invoiceNumber,
        TotalAmount: result.totalAmount,
      });
    }
    const business = rig.till.journal.list({
      businessDay: rig.till.journal.get(rig.till.issued[4]!.orderNo)!.businessDay,
    });
    expect(business).toHaveLength(5);
    const phone = rig.till.issued[1]!;
    expect(phone.outcome.qrCodeUrl).toMatch(/^https:\/\//);
    const b = rig.till.journal.get(rig.till.issued[4]!.orderNo)!;
    expect(b.requestData).toMatchObject({
      InvoiceFor: 'B',
      BuyerID: '04595252',
      TotalAmount: 2200,
      TaxAmount: 105,
      SalesAmount: 2095,
    });
    expect(rig.till.issued[4]!.outcome.printData).toMatchObject({ BuyerID: '04595252', FormatCode: '25' });
  });

  it('returns change due and logs every answer with HTTP status, StatusCode and ResultMessage', async () => {
    const result = await rig.till.engine.submit({
      ...paperOrder(150),
      payments: [{ method: 'cash', amount: 500 }],
    });
    expect(result.change).toBe(350);
    const line = rig.till.logger.lines.filter((l) => l.message === 'e-invoice service answered').at(-1)!;
    expect(line.fields).toMatchObject({
      orderNo: result.orderNo,
      httpStatus: 200,
      StatusCode: 1,
      ResultMessage: 'Invoice issued',
    });
  });

  it('refuses a bad order before anything is written or sent', async () => {
    const counts = rig.till.journal.counts();
    const connections = rig.relay.connections();
    const head = rig.till.journal.chainHead();
    const bad = [
      { ...paperOrder(), invoice: { kind: 'business' as const, buyerTaxId: '12345678', buyerTitle: 'X' } },
      { ...paperOrder(), invoice: { kind: 'donate' as const, loveCode: '1' } },
      { ...paperOrder(), invoice: { kind: 'carrier' as const, carrierId: 'ABC' } },
      { ...paperOrder(), payments: [{ method: 'cash' as const, amount: 10 }] },
      { ...paperOrder(), lines: [] },
    ];
    for (const order of bad) {
      await expect(rig.till.engine.submit(order)).rejects.toMatchObject({ code: 'invalid-order' });
    }
    await expect(rig.till.engine.submit(bad[0]!)).rejects.toThrow(/check digit/);
    expect(rig.till.journal.counts()).toEqual(counts);
    expect(rig.till.journal.chainHead()).toEqual(head);
    expect(rig.relay.connections()).toBe(connections);
  });

  it('keeps no secret in the log or the journal file', async () => {
    await rig.till.engine.submit(paperOrder());
    const secrets = [rig.service.config.apiKey, rig.service.config.signingSecret];
    const logText = JSON.stringify(rig.till.logger.lines);
    for (const secret of secrets) expect(logText).not.toContain(secret);
    const files = readdirSync(rig.dir).filter((name) => name.startsWith('journal.sqlite'));
    const bytes = Buffer.concat(files.map((name) => readFileSync(join(rig.dir, name))));
    for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    // No signature either: recompute the one of every timestamp the journal recorded.
    const detail = rig.till.journal.detail(rig.till.issued.at(-1)!.orderNo)!;
    const stamp = detail.exchanges[0]!.requestTimestamp!;
    expect(stamp).toMatch(/^\d+$/);
    const signature = signRequest(rig.service.config.companyId, rig.service.config.signingSecret, stamp);
    expect(bytes.includes(Buffer.from(signature))).toBe(false);
  });

  it('connection refused: not delivered, nothing issued; a resubmission issues under the same number', async () => {
    const port = await closedPort();
    const offline = openTill({
      dbPath: join(rig.dir, 'offline.sqlite'),
      service: rig.service,
      url: `http://127.0.0.1:${port}`,
      tillId: 'T09',
    });
    try {
      const result = await offline.engine.submit(paperOrder());
      expect(result).toMatchObject({ state: 'not-delivered', invoiceNumber: null });
      expect(result.message.en).toMatch(/safe to send order .* again/);
      expect(offline.journal.detail(result.orderNo)!.exchanges[0]).toMatchObject({
        outcome: 'not-delivered',
        error: 'ECONNREFUSED',
      });
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(false);
      offline.close();
      // The till comes back with the right address: the same order, the same number.
      const online = openTill({
        dbPath: join(rig.dir, 'offline.sqlite'),
        service: rig.service,
        tillId: 'T09',
      });
      try {
        const again = await online.engine.resubmit(result.orderNo);
        expect(again).toMatchObject({ orderNo: result.orderNo, state: 'issued', attempt: 2 });
        expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(again.invoiceNumber);
      } finally {
        online.close();
      }
    } finally {
      offline.close();
    }
  });

  it.runIf(existsSync('/usr/bin/python3'))(
    'a connect timeout (nothing accepted): not delivered',
    async () => {
      // A socket whose one-slot backlog is already full: the kernel drops further SYNs, so the
      // connection never opens and the till's deadline passes before any byte is sent.
      const py = spawn('/usr/bin/python3', [
        '-c',
        'import socket,sys,time\ns=socket.socket();s.bind(("127.0.0.1",0));s.listen(0)\nprint(s.getsockname()[1],flush=True)\ntime.sleep(30)',
      ]);
      try {
        const port = await new Promise<number>((resolve) =>
          py.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
        );
        const fillers = [0, 1, 2].map(
          () =>
            new Promise<void>((resolve) => {
              const s = connect(port, '127.0.0.1');
              s.on('connect', () => resolve());
              s.on('error', () => resolve());
              setTimeout(resolve, 300);
            }),
        );
        await Promise.all(fillers);
        const stuck = openTill({
          dbPath: join(rig.dir, 'stuck.sqlite'),
          service: rig.service,
          url: `http://127.0.0.1:${port}`,
          tillId: 'T07',
          timeoutMs: 400,
        });
        try {
          const result = await stuck.engine.submit(paperOrder());
          expect(result.state).toBe('not-delivered');
          expect(stuck.journal.detail(result.orderNo)!.exchanges[0]!.error).toMatch(/connect timeout/);
        } finally {
          stuck.close();
        }
      } finally {
        py.kill();
      }
    },
  );

  it('a wrong apiKey (HTTP 401) and a wrong secret (StatusCode 0) are rejections with a hint', async () => {
    const wrongKey = openTill({
      dbPath: join(rig.dir, 'keys.sqlite'),
      service: rig.service,
      tillId: 'T06',
      config: { apiKey: 'not-the-key' },
    });
    try {
      const result = await wrongKey.engine.submit(paperOrder());
      expect(result).toMatchObject({ state: 'rejected' });
      expect(result.message.en).toMatch(/wrong API key/);
      expect(result.detail).toMatch(/^HTTP 401/);
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(false);
    } finally {
      wrongKey.close();
    }
    const wrongSecret = openTill({
      dbPath: join(rig.dir, 'keys.sqlite'),
      service: rig.service,
      tillId: 'T06',
      config: { signingSecret: 'not-the-secret' },
    });
    try {
      const result = await wrongSecret.engine.submit(paperOrder());
      expect(result).toMatchObject({ state: 'rejected' });
      expect(result.message.en).toMatch(/the signing secret is set up wrong/);
      expect(result.detail).toBe('Signature mismatch');
    } finally {
      wrongSecret.close();
    }
  });

  /** A service of its own, so that no other journal of this file has used its seconds. */
  async function ownService(name: string) {
    return startService(join(rig.dir, name));
  }

  it('a clock jumped back an hour: refused as an hour slow, then after the fix no timestamp is reused', async () => {
    const path = join(rig.dir, 'clock.sqlite');
    const service = await ownService('clock-service');
    const first = openTill({ dbPath: path, service, tillId: 'T05' });
    const a = await first.engine.submit(paperOrder());
    expect(a.state).toBe('issued');
    first.close();
    // The PC clock is set back an hour: an invoice dated an hour off must not go out quietly.
    const back = new Date(Date.now() - 3600_000);
    const slow = openTill({ dbPath: path, service, tillId: 'T05', now: () => back });
    let b: Awaited<ReturnType<typeof slow.engine.submit>>;
    try {
      b = await slow.engine.submit(paperOrder());
      expect(b.state).toBe('rejected');
      expect(b.message.zh).toMatch(/收銀機時鐘比發票服務慢 (59 分鐘|1 小時)/);
    } finally {
      slow.close();
    }
    // Corrected: the same order number goes out, with a timestamp after every one handed out before.
    const fixed = openTill({ dbPath: path, service, tillId: 'T05' });
    try {
      const again = await fixed.engine.resubmit(b.orderNo);
      expect(again.state).toBe('issued');
      const stampA = Number(fixed.journal.detail(a.orderNo)!.exchanges[0]!.requestTimestamp);
      const stampsB = fixed.journal.detail(b.orderNo)!.exchanges.map((e) => Number(e.requestTimestamp));
      expect(stampsB).toHaveLength(2); // the refused one and the resubmission: no `Timestamp already used`
      expect(stampsB[1]).toBeGreaterThan(stampA);
    } finally {
      fixed.close();
      await service.close();
    }
  });

  it('two tills of one company in the same second: the loser retries at once with a fresh timestamp', async () => {
    const frozen = new Date();
    const service = await ownService('two-tills-service');
    const svc = admin(service);
    const relayB = await startRelay(service.port);
    const tillA = openTill({
      dbPath: join(rig.dir, 'till-a.sqlite'),
      service,
      tillId: 'TA',
      now: () => frozen,
    });
    const tillB = openTill({
      dbPath: join(rig.dir, 'till-b.sqlite'),
      service,
      url: relayB.url,
      tillId: 'TB',
      now: () => frozen,
    });
    try {
      const a = await tillA.engine.submit(paperOrder());
      const b = await tillB.engine.submit(paperOrder());
      expect([a.state, b.state]).toEqual(['issued', 'issued']);
      const exchangesB = tillB.journal.detail(b.orderNo)!.exchanges;
      expect(exchangesB.map((e) => e.outcome)).toEqual(['timestamp-retry', 'issued']);
      expect(exchangesB[0]!.resultMessage).toBe('Timestamp already used');
      expect(exchangesB[0]!.requestTimestamp).toBe(
        tillA.journal.detail(a.orderNo)!.exchanges[0]!.requestTimestamp,
      );
      expect(Number(exchangesB[1]!.requestTimestamp)).toBeGreaterThan(
        Number(exchangesB[0]!.requestTimestamp),
      );
      expect(relayB.connections()).toBe(2);

      // Many at once from both tills, all in one frozen second: every sale issued exactly once.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? tillA : tillB).engine.submit(paperOrder(100 + i)),
        ),
      );
      expect(results.every((r) => r.state === 'issued')).toBe(true);
      const numbers = results.map((r) => r.invoiceNumber);
      expect(new Set(numbers).size).toBe(10);
      for (const r of results) expect((await svc.lookup(r.orderNo)).InvoiceNumber).toBe(r.invoiceNumber);
    } finally {
      tillA.close();
      tillB.close();
      await relayB.close();
      await service.close();
    }
  });

  it('reopening a journal turns a sale left in flight into one to verify', () => {
    const path = join(rig.dir, 'crash.sqlite');
    const journal = Journal.open(path);
    const orderNo = journal.nextOrderNo('T04');
    journal.begin({
      orderNo,
      tillId: 'T04',
      companyId: rig.service.config.companyId,
      training: true,
      operation: 'order',
      invoice: { kind: 'paper' },
      lines: [{ name: 'x', quantity: 1, unitPrice: 10, subTotal: 10, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 10 }],
      totals: {
        totalAmount: 10,
        salesAmount: 10,
        taxAmount: 0,
        zeroTaxSalesAmount: 0,
        freeTaxSalesAmount: 0,
      },
      requestData: toPosOrderData({
        orderNo,
        invoiceDateTime: '2026-11-22T10:00:00',
        deviceId: 'T04',
        operation: 'order',
        invoiceFor: 'C',
        taxType: '1',
        salesAmount: 10,
        zeroTaxSalesAmount: 0,
        freeTaxSalesAmount: 0,
        taxAmount: 0,
        totalAmount: 10,
        lines: [{ name: 'x', quantity: 1, unitPrice: 10, subTotal: 10, itemTaxType: '1' }],
      }),
    });
    journal.close();
    const reopened = openTill({ dbPath: path, service: rig.service, tillId: 'T04' });
    try {
      expect(reopened.verification.pending()).toMatchObject([{ orderNo, state: 'needs-verification' }]);
    } finally {
      reopened.close();
    }
  });
});

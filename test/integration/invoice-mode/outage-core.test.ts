import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { BlankReportResult } from '../../../src/shared/ipc/contract/invoice-mode';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  type TrainingService,
} from '../../../src/training-service';
import { startTestCore, type TestCore } from '../../support/test-core';
import { makeTempDir } from '../../support/temp-dir';
import { admin, businessOrder, carrierOrder, donateOrder, paperOrder, type Admin } from '../checkout/harness';

/**
 * Issue 27 through the real core (createTillCore, production mode, a standalone training service
 * on 127.0.0.1): an outage (the service's `unreachable` fault: connections refused) → sales issued
 * offline with the till's own numbers → the service back → the probe and the upload service on the
 * core's lifecycle, driven by `core.runBackgroundNow` (no sleeps) → the service's records equal
 * the journal's: numbers, order numbers, amounts, dates and random codes.
 */
const provider = (() => {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '離線測試商店',
    apiKey: 'outage-api-key-3f9a',
    signingSecret: 'outage-signing-secret-8c1d',
    standardApiKey: 'outage-standard-key-51ab',
    standardSigningSecret: 'outage-standard-secret-77c2',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'outage-admin-token-2b7e',
    tracks: ['PX'],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.config;
})();

describe('an outage through the core: offline sales, the service back, every one uploaded', () => {
  const temp = makeTempDir('invoice-mode-outage');
  let service: TrainingService;
  let svc: Admin;
  let till: TestCore & { close(): Promise<void> };

  beforeAll(async () => {
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    svc = admin(service);
    till = await startTestCore('invoice-mode-outage-core', {
      before({ settings, secrets }) {
        settings.update({
          mode: 'production',
          serviceUrl: service.url,
          standardServiceUrl: service.standardUrl,
          companyId: provider.companyId,
          sellerName: provider.sellerName,
          timeoutMs: 2000,
          invoiceModeGroup: 'OFF01',
          invoiceModeSegmentSize: 20,
          firstRunDone: true,
        });
        secrets.set('apiKey', provider.apiKey);
        secrets.set('signingSecret', provider.signingSecret);
        secrets.set('standardApiKey', provider.standardApiKey);
        secrets.set('standardSigningSecret', provider.standardSigningSecret);
        secrets.set('qrAesKey', provider.qrAesKey);
      },
      pin: '2468',
    });
  });
  afterAll(async () => {
    await till?.close();
    await service?.close();
    temp.remove();
  });

  const status = async () => (await till.call<AppStatus>('app.status')).invoiceMode!;

  it('numbers in hand, an outage, N sales offline, then every one uploaded once as the journal has it', async () => {
    // The top-up at start (on the lifecycle) split a segment for this period.
    await till.core.runBackgroundNow('invoice-mode-top-up');
    expect(await status()).toMatchObject({ mode: 'online', numbersLeft: 20, waitingUpload: 0 });

    await service.unreachable();
    const orders = [
      paperOrder(120),
      businessOrder(),
      carrierOrder(),
      donateOrder(),
      paperOrder(75),
      paperOrder(310),
    ];
    const sales: CheckoutResult[] = [];
    for (const order of orders) sales.push(await till.call<CheckoutResult>('checkout.submit', order));
    expect(sales.map((sale) => sale.state)).toEqual(orders.map(() => 'issued'));
    expect(sales.every((sale) => sale.offline !== undefined)).toBe(true);
    expect(await status()).toMatchObject({ mode: 'offline', waitingUpload: orders.length, numbersLeft: 14 });
    // The service answers again; nothing of the outage has reached it yet.
    await service.reachable();
    for (const sale of sales) expect((await svc.lookup(sale.orderNo)).found).toBe(false);
    // The probe sees it: the till is back online and uploads at once.
    await till.core.runBackgroundNow('invoice-mode-probe');
    await till.core.runBackgroundNow('invoice-mode-upload');
    expect(await status()).toMatchObject({ mode: 'online', waitingUpload: 0, lateUpload: 0 });

    // The service's records equal the journal's.
    for (const sale of sales) {
      const record = (await svc.lookup(sale.orderNo)) as Record<string, unknown>;
      expect(record).toMatchObject({
        found: true,
        BillingNo: sale.orderNo,
        InvoiceNumber: sale.invoiceNumber,
        InvoiceDateTime: sale.invoiceDateTime,
        RandomNumber: sale.randomNumber,
        TotalAmount: sale.totalAmount,
      });
    }
    const numbers = sales.map((sale) => Number(sale.invoiceNumber!.slice(2)));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });

  it('the closing screen runs the blank report with the supervisor PIN, and the journal records who', async () => {
    const refused = await till.dispatch('invoiceMode.reportBlanks', { pin: '1111', by: '王店長' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'pin-wrong' } });
    const result = await till.call<BlankReportResult>('invoiceMode.reportBlanks', {
      pin: '2468',
      by: '王店長',
    });
    // This period has not ended: nothing is due, and the message says so.
    expect(result).toMatchObject({ outcome: 'nothing', segments: [] });
    expect(result.message.zh).toContain('沒有需要回報的空白發票號碼');
    const db = new Database(join(till.dir, 'journal.sqlite'), { readonly: true });
    const records = (
      db.prepare("SELECT payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id").all() as Array<{
        payload: string;
      }>
    ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);
    db.close();
    expect(records.filter((record) => record.action === 'invoice-mode.blank-report')).toMatchObject([
      { action: 'invoice-mode.blank-report', by: '王店長', detail: { outcome: 'nothing' } },
    ]);
  });
});

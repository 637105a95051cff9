import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createInvoiceModeCapability } from '../../../src/main/invoice-mode/capability';
import { serviceAnswers } from '../../../src/main/checkout';
import { Journal } from '../../../src/main/journal/journal';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { periodCodeOf } from '../../../src/shared/domain';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { SettingsPatch, TillSettings } from '../../../src/shared/ipc/contract/settings';
import type { JournalDetail, JournalListItem } from '../../../src/shared/ipc/contract/journal';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  type TrainingService,
} from '../../../src/training-service';
import { startDoor } from '../../support/tcp-door';
import { makeTempDir } from '../../support/temp-dir';
import { beginSale } from '../journal/fixtures';
import {
  admin,
  businessOrder,
  carrierOrder,
  memoryLogger,
  paperOrder,
  type Admin,
} from '../checkout/harness';

// Invoice mode through the core (issue 27, item 3): the provider (a standalone service in
// production mode) behind a door the test opens and shuts on one port: shut, every connection is
// refused, which is "not delivered" for certain. A sale that never reached the service is issued
// with the till's own number; after two in a row the till is in offline mode and sends nothing;
// an unknown outcome is never issued offline.

const provider = (() => {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '離線測試商店',
    apiKey: 'offline-api-key-3f9a',
    signingSecret: 'offline-signing-secret-8c1d',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'offline-admin-token-2b7e',
    tracks: ['PX'],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.config;
})();

describe('invoice mode through the core', () => {
  const temp = makeTempDir('invoice-mode-core');
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const secrets = createFileKeySecretStore(temp.dir);
  const ctx = { host: 'web' as const };
  let service: TrainingService;
  let svc: Admin;
  let door: Awaited<ReturnType<typeof startDoor>>;
  let core: TillCore;
  const period = periodCodeOf(new Date());

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw Object.assign(new Error(result.error.message.en), { code: result.error.code });
    return result.value as T;
  };
  const status = () => call<AppStatus>('app.status', {});

  beforeAll(async () => {
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    svc = admin(service);
    door = await startDoor(Number(new URL(service.url).port));
    settings.update({
      mode: 'production',
      serviceUrl: door.url,
      companyId: provider.companyId,
      sellerName: provider.sellerName,
      timeoutMs: 2000,
      firstRunDone: true,
    });
    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', provider.signingSecret);
    secrets.set('qrAesKey', provider.qrAesKey);
    // A segment in hand before the core starts (the split itself is item 4's).
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    journal.addInvoiceModeSegment({
      companyId: provider.companyId,
      tillId: settings.get().tillId,
      training: false,
      useFor: 'OFF01',
      word: 'PX',
      periodCode: period,
      start: 5000,
      end: 5007,
    });
    journal.close();
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets,
      logger: memoryLogger(),
    });
  });
  afterAll(async () => {
    await core?.close();
    await door?.shut();
    await service?.close();
    temp.remove();
  });

  it('issues online as before, with the provider numbering it', async () => {
    const online = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(online).toMatchObject({ state: 'issued', printDataStatus: 'ok' });
    expect(online.offline).toBeUndefined();
    expect((await status()).invoiceMode).toMatchObject({
      mode: 'online',
      numbersLeft: 8,
      offlineIssuing: true,
      lowNotice: null,
    });
  });

  it('never issues offline a sale whose outcome is unknown (the request reached the service)', async () => {
    await svc.fault('delay-after-commit', 1, undefined, undefined, true);
    const unknown = await call<CheckoutResult>('checkout.submit', paperOrder(90));
    service.release();
    expect(unknown).toMatchObject({ state: 'needs-verification', invoiceNumber: null });
    expect(unknown.offline).toBeUndefined();
    expect((await status()).invoiceMode).toMatchObject({ mode: 'online', numbersLeft: 8, waitingUpload: 0 });
    await svc.clearFaults();
  });

  it('with the service refusing connections: issues with its own numbers in order, then sends nothing in offline mode', async () => {
    await door.shut();
    const first = await call<CheckoutResult>('checkout.submit', paperOrder(150));
    expect(first).toMatchObject({
      state: 'issued',
      invoiceNumber: `PX00005000`,
      printDataStatus: 'not-expected',
      offline: { numbersLeft: 7, notice: null },
    });
    expect(first.message.zh).toContain('已離線開立發票');
    // The till built the proof: seller, number and random code as the upload will send them.
    expect(first.printData).toMatchObject({ SellerID: provider.companyId, InvoiceNumber: 'PX00005000' });
    expect(first.randomNumber).toMatch(/^\d{4}$/);
    const firstDetail = await call<JournalDetail>('journal.get', { orderNo: first.orderNo });
    expect(firstDetail.exchanges.map((exchange) => exchange.outcome)).toEqual(['not-delivered']);
    // The journal marks it 離線開立 with its upload waiting, in the detail and the day's list.
    expect(firstDetail.offline).toMatchObject({ uploadState: 'waiting', uploadedAt: null });
    const list = await call<JournalListItem[]>('journal.list', {
      businessDay: firstDetail.transaction.businessDay,
    });
    const rows = new Map(list.map((item) => [item.orderNo, item.offline]));
    expect(rows.get(first.orderNo)).toMatchObject({ uploadState: 'waiting' });
    expect([...rows.values()].filter((offline) => offline === null).length).toBeGreaterThan(0);
    expect((await status()).invoiceMode?.mode).toBe('online');

    const business = await call<CheckoutResult>('checkout.submit', businessOrder());
    expect(business).toMatchObject({ state: 'issued', invoiceNumber: 'PX00005001' });
    const now = await status();
    expect(now.invoiceMode).toMatchObject({ mode: 'offline', numbersLeft: 6, waitingUpload: 2 });
    expect(now.invoiceMode?.notice?.zh).toContain('離線開立');

    // Offline mode: nothing is sent (no exchange), the carrier sale has no paper.
    const carrier = await call<CheckoutResult>('checkout.submit', carrierOrder());
    expect(carrier).toMatchObject({ state: 'issued', invoiceNumber: 'PX00005002', printData: null });
    const carrierDetail = await call<JournalDetail>('journal.get', { orderNo: carrier.orderNo });
    expect(carrierDetail.exchanges).toEqual([]);
    expect(carrierDetail.prints).toEqual([]);

    // Running low (5 or fewer): the cashier is told, and surely before the last number is used;
    // the status bar says it too, with what to do, as long as it holds.
    expect(carrier.offline?.notice?.en).toContain('Only 5 offline invoice numbers left');
    // The status says so too (the sale screen's notice, the status bar's caution).
    expect((await status()).invoiceMode?.lowNotice?.en).toContain('Only 5 offline invoice numbers left');
    expect((await status()).invoiceMode?.lowNotice?.en).toContain('have handwritten invoices ready');
    const notices: string[] = [];
    for (const amount of [60, 70, 80, 90]) {
      const sale = await call<CheckoutResult>('checkout.submit', paperOrder(amount));
      notices.push(sale.offline!.notice!.zh);
    }
    expect(notices.map((notice) => /只剩 (\d) 個/.exec(notice)?.[1])).toEqual(['4', '3', '2', '1']);
    const last = await call<CheckoutResult>('checkout.submit', paperOrder(80));
    expect(last).toMatchObject({ invoiceNumber: 'PX00005007', offline: { numbersLeft: 0 } });
    expect(last.offline?.notice?.zh).toContain('已用完');
    expect((await status()).invoiceMode?.lowNotice?.zh).toContain('已用完');
    // None left: the sale is sent as without invoice mode, and is not delivered.
    const none = await call<CheckoutResult>('checkout.submit', paperOrder(50));
    expect(none).toMatchObject({ state: 'not-delivered', invoiceNumber: null });
    await door.open();
  });
});

describe('the offline-mode probe', () => {
  it('switches back online when the service answers, and not before', async () => {
    const temp = makeTempDir('invoice-mode-probe');
    const service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    const door = await startDoor(Number(new URL(service.url).port));
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    try {
      const capability = createInvoiceModeCapability({
        journal,
        seller: () => ({ companyId: provider.companyId, training: false }),
        sellerName: () => provider.sellerName,
        qrAesKey: () => provider.qrAesKey,
        serviceUrl: () => door.url,
        printJob: () => Promise.reject(new Error('no printer here')),
        openDrawer: () => Promise.resolve(),
        logger: memoryLogger(),
        onStatusChanged: () => {},
      });
      capability.issuing.seen('not-delivered');
      capability.issuing.seen('not-delivered');
      expect(capability.status().mode).toBe('offline');
      await door.shut();
      expect(await serviceAnswers(door.url)).toBe(false);
      await capability.probe.runNow();
      expect(capability.status().mode).toBe('offline');
      await door.open();
      await capability.probe.runNow();
      expect(capability.status()).toMatchObject({ mode: 'online', notice: null });
    } finally {
      journal.close();
      await door.shut();
      await service.close();
      temp.remove();
    }
  });
});

describe('an offline proof committed but never printed (a crash between commit and print)', () => {
  it('prints at the next start, from the job the issuing commit wrote', async () => {
    const temp = makeTempDir('invoice-mode-pending');
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    try {
      journal.addInvoiceModeSegment({
        companyId: '12345678',
        tillId: 'T01',
        training: false,
        useFor: 'OFF01',
        word: 'QQ',
        periodCode: '11512',
        start: 1,
        end: 9,
      });
      const orderNo = beginSale(journal);
      const { printJob } = journal.issueOffline({ orderNo, proof: () => 'PROOF' });
      const printed: number[] = [];
      const capability = createInvoiceModeCapability({
        journal,
        seller: () => ({ companyId: '12345678', training: false }),
        sellerName: () => '店',
        qrAesKey: () => null,
        serviceUrl: () => null,
        printJob: async (jobId) => {
          printed.push(jobId);
          return { jobId, printed: true, reprint: false, failure: null, reason: null };
        },
        openDrawer: () => Promise.resolve(),
        logger: memoryLogger(),
        onStatusChanged: () => {},
      });
      await capability.pendingProofs.start();
      expect(printed).toEqual([printJob!.id]);
      // Without the QR key offline issuing is off, and the status says why.
      expect(capability.status()).toMatchObject({ offlineIssuing: false, waitingUpload: 1 });
      expect(capability.status().reason?.zh).toContain('QR 金鑰');
    } finally {
      journal.close();
      temp.remove();
    }
  });
});

describe('the invoice-mode settings', () => {
  it('default to offline mode after 2 not-delivered, 5 numbers to warn, segments of 50 and no group', () => {
    expect(TillSettings.parse({})).toMatchObject({
      offlineAfterFailures: 2,
      offlineLowNumbers: 5,
      invoiceModeSegmentSize: 50,
      invoiceModeGroup: '',
    });
    expect(SettingsPatch.safeParse({ invoiceModeGroup: 'POS-OFFLINE1' }).success).toBe(false);
    expect(SettingsPatch.safeParse({ invoiceModeSegmentSize: 1001 }).success).toBe(false);
  });

  it('switch to offline mode after the set number of not-delivered sales in a row', () => {
    const temp = makeTempDir('invoice-mode-setting');
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    try {
      const capability = createInvoiceModeCapability({
        journal,
        seller: () => ({ companyId: '12345678', training: false }),
        sellerName: () => '店',
        qrAesKey: () => null,
        serviceUrl: () => null,
        printJob: () => Promise.reject(new Error('no printer here')),
        openDrawer: () => Promise.resolve(),
        logger: memoryLogger(),
        onStatusChanged: () => {},
        offlineAfterFailures: () => 3,
      });
      capability.issuing.seen('not-delivered');
      capability.issuing.seen('not-delivered');
      expect(capability.status().mode).toBe('online');
      capability.issuing.seen('not-delivered');
      expect(capability.status().mode).toBe('offline');
    } finally {
      journal.close();
      temp.remove();
    }
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalDetail } from '../../../src/shared/ipc/contract/journal';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../../src/training-service';
import { startTcpPrinter, type TcpPrinter } from '../../support/cloud-printer';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';
import { admin, carrierOrder, memoryLogger, paperOrder, type Admin } from './harness';

/**
 * Cloud print through the core (issue 29, provider profile §8): Settings name `cloud:P01`, the
 * provider is a standalone service on 127.0.0.1 with its own keys and a printer whose agent sends
 * ESC/POS bytes to a TCP socket here. A paper sale is issued on the cloud printer and printed by
 * the agent, never by the till; a carrier sale keeps its own operation; a lost answer is 待確認
 * and the proof comes out once.
 */
function providerConfig(printer: TcpPrinter): TrainingServiceConfig {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '雲端列印商店',
    apiKey: 'prod-api-key-7c21e94b',
    signingSecret: 'prod-signing-secret-4b8d0a6f',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'prod-admin-token-5e3b9c1d7a',
    tracks: ['PX'],
    cloudPrinters: [{ printerNo: 'P01', agent: { host: '127.0.0.1', port: printer.port }, salesIds: null }],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.config;
}

describe('cloud print through the core in production mode', () => {
  const temp = makeTempDir('checkout-cloud-print');
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const secrets = createFileKeySecretStore(temp.dir);
  const ctx = { host: 'web' as const };
  let printer: TcpPrinter;
  let service: TrainingService;
  let svc: Admin;
  let core: TillCore;

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw Object.assign(new Error(result.error.message.en), { code: result.error.code });
    return result.value as T;
  };

  beforeAll(async () => {
    printer = await startTcpPrinter();
    const provider = providerConfig(printer);
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    svc = admin(service);
    settings.update({
      mode: 'production',
      serviceUrl: service.url,
      companyId: provider.companyId,
      sellerName: provider.sellerName,
      firstRunDone: true,
      runWithoutPin: true,
      // This machine has no OS key store: the supervisor accepted it (as production.test's till).
      acceptInsecureSecretStorage: true,
    });
    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', provider.signingSecret);
    secrets.set('qrAesKey', provider.qrAesKey);
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets,
      logger: memoryLogger(),
    });
    // As the Settings screen leaves it: the paper proof on the cloud printer P01.
    await call('settings.update', { patch: { cloudPrinter: 'cloud:P01' } });
  });
  afterAll(async () => {
    await core?.close();
    await service?.close();
    await printer?.close();
    temp.remove();
  });

  it('a paper sale is printed by the provider agent (barcode and QR read back), nothing printed here', async () => {
    const before = printer.jobs().length;
    const result = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(result).toMatchObject({ state: 'issued', printDataStatus: 'not-expected', missing: [] });
    expect(result.printJob).toEqual({ id: expect.any(String), state: 'queued' });
    const number = result.invoiceNumber!;
    expect(number).toMatch(/^PX\d{8}$/);

    const job = await service.cloudPrint.settled(result.printJob!.id);
    expect(job).toMatchObject({ printerNo: 'P01', status: 'P' });
    expect(printer.jobs()).toHaveLength(before + 1);
    const printed = decodeEscPos(printer.jobs().at(-1)!, 'epson');
    expect(readableLines(printed)).toEqual(
      expect.arrayContaining(['電子發票證明聯', `${number.slice(0, 2)}-${number.slice(2)}`]),
    );
    expect(printed.barcodes).toHaveLength(1);
    expect(printed.barcodes[0]!.data).toContain(number);
    const [left, right] = readQrPair(printed.images[0]!);
    expect(left?.startsWith(number)).toBe(true);
    expect(right?.startsWith('**')).toBe(true);

    // The till printed no proof of its own: one paper proof, the provider's.
    const detail = await call<JournalDetail>('journal.get', { orderNo: result.orderNo });
    expect(detail.prints).toEqual([]);
  });

  it('a carrier sale keeps its own operation and never goes to the cloud printer', async () => {
    const before = printer.jobs().length;
    const queued = service.cloudPrint.list().length;
    const result = await call<CheckoutResult>('checkout.submit', carrierOrder());
    expect(result).toMatchObject({ state: 'issued', operation: 'orderWithoutPrint' });
    expect(result.printJob).toBeUndefined();
    expect(service.cloudPrint.list()).toHaveLength(queued);
    expect(printer.jobs()).toHaveLength(before);
  });

  it('a lost answer stays 待確認, is not sent again, and the proof prints once', async () => {
    const before = printer.jobs().length;
    await svc.fault('drop-after-commit', 1);
    const result = await call<CheckoutResult>('checkout.submit', paperOrder(220));
    expect(result.state).toBe('needs-verification');
    expect(result.printJob).toBeUndefined();
    // The provider issued it and queued the proof once; the agent printed it once.
    const jobs = service.cloudPrint.list('P01');
    await service.cloudPrint.settled(jobs.at(-1)!.printJobId);
    expect(printer.jobs()).toHaveLength(before + 1);
    expect((await svc.lookup(result.orderNo)).found).toBe(true);
    const detail = await call<JournalDetail>('journal.get', { orderNo: result.orderNo });
    expect(detail.transaction.state).toBe('needs-verification');
    expect(detail.prints).toEqual([]);
  });
});

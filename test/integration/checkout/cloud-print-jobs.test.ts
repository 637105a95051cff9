import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalDetail } from '../../../src/shared/ipc/contract/journal';
import type { CloudPrintJobView, CloudReprintView } from '../../../src/shared/ipc/contract/printing';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  type TrainingService,
} from '../../../src/training-service';
import { startTcpPrinter, type TcpPrinter } from '../../support/cloud-printer';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder } from './harness';

/**
 * Cloud print jobs after the sale (issue 29, items 1-3): the job is a journal record of its own
 * (queued, then printed or failed as `/Inquire/GetPrintJobs` says), each move pushed as
 * `printing.cloud-job-changed`; 補印 through the service (`/Update/RePrint`) with the supervisor PIN
 * for a failed or stuck job, once, never for a voided invoice. Through the whole core in
 * production mode against a standalone service whose agent prints to a TCP socket here. The
 * order of events is forced: the agent is held with the service's fault switch, the poll is asked
 * with `refresh`, and "stuck" is reached by moving the core's cloud print clock.
 */
const PIN = '2468';

describe('cloud print jobs through the core', () => {
  const temp = makeTempDir('checkout-cloud-print-jobs');
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const secrets = createFileKeySecretStore(temp.dir);
  const ctx = { host: 'web' as const };
  let clock = Date.now();
  /** The core's cloud print clock a minute past the sale's latest job: that job is overdue. */
  const overdue = async (orderNo: string, ms = 61_000) => {
    const detail = await call<JournalDetail>('journal.get', { orderNo });
    clock = Date.parse(detail.cloudPrints.at(-1)!.createdAt) + ms;
  };
  /** The clock at the sale's latest job: it has just been queued. */
  const onTime = (orderNo: string) => overdue(orderNo, 0);
  let printer: TcpPrinter;
  let service: TrainingService;
  let core: TillCore;
  const pushed: Array<{ orderNo: string; job: CloudPrintJobView }> = [];

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw Object.assign(new Error(result.error.message.en), { code: result.error.code });
    return result.value as T;
  };
  const refused = async (method: string, payload: unknown) => {
    const result = await core.dispatch(method, payload, ctx);
    if (result.ok) throw new Error(`${method} was not refused`);
    return result.error;
  };
  const fault = (fault: string) =>
    service.cloudPrint[fault === 'clear' ? 'clearFaults' : 'setFault']('P01', fault as never);
  const jobs = async (orderNo: string) =>
    (await call<{ jobs: CloudPrintJobView[] }>('printing.cloudJobs', { orderNo, refresh: true })).jobs;
  const reprint = (orderNo: string, reason = '雲端補印') =>
    call<CloudReprintView>('printing.cloudReprint', { orderNo, by: '王店長', reason, pin: PIN });

  beforeAll(async () => {
    printer = await startTcpPrinter();
    const parsed = parseTrainingServiceConfig({
      companyId: '10458570',
      sellerName: '雲端列印商店',
      apiKey: 'prod-api-key-7c21e94b',
      signingSecret: 'prod-signing-secret-4b8d0a6f',
      standardApiKey: 'prod-std-key-2a9c41d0',
      standardSigningSecret: 'prod-std-secret-8e1f3b7a',
      qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      adminToken: 'prod-admin-token-5e3b9c1d7a',
      tracks: ['PX'],
      cloudPrinters: [{ printerNo: 'P01', agent: { host: '127.0.0.1', port: printer.port }, salesIds: null }],
    });
    if (!parsed.ok) throw new Error(parsed.message.en);
    const provider = parsed.config;
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    settings.update({
      mode: 'production',
      serviceUrl: service.url,
      standardServiceUrl: service.standardUrl,
      companyId: provider.companyId,
      sellerName: provider.sellerName,
      firstRunDone: true,
      acceptInsecureSecretStorage: true,
    });
    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', provider.signingSecret);
    secrets.set('standardApiKey', provider.standardApiKey);
    secrets.set('standardSigningSecret', provider.standardSigningSecret);
    secrets.set('qrAesKey', provider.qrAesKey);
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets,
      logger: memoryLogger(),
      cloudPrintClock: () => clock,
    });
    core.events.subscribe((event, payload) => {
      if (event === 'printing.cloud-job-changed') pushed.push(payload as (typeof pushed)[number]);
    });
    await call('settings.setPin', { newPin: PIN });
    await call('settings.update', { patch: { cloudPrinter: 'cloud:P01' }, pin: PIN, by: '王店長' });
  });
  afterAll(async () => {
    await core?.close();
    await service?.close();
    await printer?.close();
    temp.remove();
  });

  it('the job is its own journal record: queued while the agent is held, printed once it prints, pushed', async () => {
    fault('agent-offline');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.printJob).toEqual({ id: expect.any(String), state: 'queued' });
    let detail = await call<JournalDetail>('journal.get', { orderNo: sale.orderNo });
    expect(detail.cloudPrints).toEqual([
      expect.objectContaining({
        printJobId: sale.printJob!.id,
        printerNo: 'P01',
        state: 'queued',
        reprint: false,
      }),
    ]);
    expect(await jobs(sale.orderNo)).toEqual([
      expect.objectContaining({ state: 'queued', stuck: false, canReprint: false }),
    ]);

    const settled = service.cloudPrint.settled(sale.printJob!.id);
    fault('clear');
    expect((await settled).status).toBe('P');
    expect(await jobs(sale.orderNo)).toEqual([
      expect.objectContaining({ state: 'printed', canReprint: false }),
    ]);
    expect(pushed.at(-1)).toEqual({
      orderNo: sale.orderNo,
      job: expect.objectContaining({ printJobId: sale.printJob!.id, state: 'printed' }),
    });
    detail = await call<JournalDetail>('journal.get', { orderNo: sale.orderNo });
    expect(detail.cloudPrints[0]!.state).toBe('printed');
    expect(detail.entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['cloud-print.queued', 'cloud-print.state']),
    );
    // A printed proof is never made a second time.
    expect(
      (
        await refused('printing.cloudReprint', {
          orderNo: sale.orderNo,
          by: '王店長',
          reason: '再印',
          pin: PIN,
        })
      ).message.zh,
    ).toContain('已列印');
  });

  it('out of paper: the job fails (列印失敗 with the printer’s word), 補印 with the PIN queues it once, marked 補印', async () => {
    fault('paper-out');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder(230));
    expect((await service.cloudPrint.settled(sale.printJob!.id)).status).toBe('E');
    const [failed] = await jobs(sale.orderNo);
    expect(failed).toMatchObject({ state: 'failed', canReprint: true });
    expect(failed!.message!.zh).toContain('Paper out');

    expect(
      (
        await refused('printing.cloudReprint', {
          orderNo: sale.orderNo,
          by: '王店長',
          reason: '缺紙',
          pin: '0000',
        })
      ).message.zh,
    ).toContain('PIN');
    const before = printer.jobs().length;
    const answer = await reprint(sale.orderNo, '缺紙補印');
    expect(answer).toMatchObject({
      outcome: 'queued',
      job: { state: 'queued', reprint: true, by: '王店長', reason: '缺紙補印' },
    });
    expect((await service.cloudPrint.settled(answer.job!.printJobId)).status).toBe('P');
    expect(printer.jobs()).toHaveLength(before + 1);
    expect(readableLines(decodeEscPos(printer.jobs().at(-1)!, 'epson'))).toContain('電子發票證明聯 補印');
    expect((await jobs(sale.orderNo)).map((job) => [job.state, job.reprint])).toEqual([
      ['failed', false],
      ['printed', true],
    ]);
    // The invoice was issued once: one sale at the service, the reprint a print job only.
    expect(
      service.cloudPrint.list('P01').filter((job) => job.invoiceNumber === sale.invoiceNumber),
    ).toHaveLength(2);
  });

  it('a stuck job (stays queued): 補印 is refused until it is overdue, then sent once', async () => {
    fault('stay-queued');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder(240));
    await onTime(sale.orderNo);
    expect(
      (
        await refused('printing.cloudReprint', {
          orderNo: sale.orderNo,
          by: '王店長',
          reason: '卡住',
          pin: PIN,
        })
      ).message.zh,
    ).toContain('尚未逾時');
    await overdue(sale.orderNo);
    expect(await jobs(sale.orderNo)).toEqual([
      expect.objectContaining({ state: 'queued', stuck: true, canReprint: true }),
    ]);
    const answer = await reprint(sale.orderNo, '卡住補印');
    expect(answer.outcome).toBe('queued');
    await onTime(sale.orderNo);
    // Once: the 補印 is now the latest job, queued and not overdue.
    expect(
      (
        await refused('printing.cloudReprint', {
          orderNo: sale.orderNo,
          by: '王店長',
          reason: '再補印',
          pin: PIN,
        })
      ).message.zh,
    ).toContain('尚未逾時');
    expect(
      service.cloudPrint.list('P01').filter((job) => job.invoiceNumber === sale.invoiceNumber && job.reprint),
    ).toHaveLength(1);
    const settled = service.cloudPrint.settled(answer.job!.printJobId);
    fault('clear');
    expect((await settled).status).toBe('P');
    expect((await jobs(sale.orderNo)).at(-1)).toMatchObject({ state: 'printed', reprint: true });
  });

  it('agent offline: the job stays queued (asked again with back-off), nothing failed, 補印 only once overdue', async () => {
    fault('agent-offline');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder(250));
    await onTime(sale.orderNo);
    expect(await jobs(sale.orderNo)).toEqual([
      expect.objectContaining({ state: 'queued', canReprint: false }),
    ]);
    await overdue(sale.orderNo);
    expect((await jobs(sale.orderNo))[0]).toMatchObject({ state: 'queued', stuck: true, canReprint: true });
    const settled = service.cloudPrint.settled(sale.printJob!.id);
    fault('clear');
    expect((await settled).status).toBe('P');
    expect((await jobs(sale.orderNo))[0]).toMatchObject({ state: 'printed', canReprint: false });
  });

  it('a voided invoice is not reprinted: a clear message, nothing sent', async () => {
    fault('paper-out');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder(260));
    expect((await service.cloudPrint.settled(sale.printJob!.id)).status).toBe('E');
    const voided = await call<{ state: string }>('returns.submit', {
      orderNo: sale.orderNo,
      kind: 'void',
      reason: '客人取消',
      by: '王店長',
      pin: PIN,
    });
    expect(voided.state).toBe('done');
    const queued = service.cloudPrint.list('P01').length;
    const error = await refused('printing.cloudReprint', {
      orderNo: sale.orderNo,
      by: '王店長',
      reason: '補印',
      pin: PIN,
    });
    expect(error.message.zh).toContain('已作廢');
    expect(error.message.en).toContain('voided');
    expect(service.cloudPrint.list('P01')).toHaveLength(queued);
    expect((await jobs(sale.orderNo))[0]).toMatchObject({ state: 'failed', canReprint: false });
  });
});

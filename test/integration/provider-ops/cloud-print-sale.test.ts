import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudPrintClient } from '../../../src/main/invoice-service/cloud-print-client';
import { createPosClient, type PosClientDeps } from '../../../src/main/invoice-service/client';
import { Journal } from '../../../src/main/journal/journal';
import { saleKind } from '../../../src/main/provider-ops/kinds/sale';
import { perform, writeAhead, type PathDeps } from '../../../src/main/provider-ops/operation';
import { taipeiDateTime } from '../../../src/shared/domain';
import { startTcpPrinter, type TcpPrinter } from '../../support/cloud-printer';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger } from '../checkout/harness';
import { sale } from '../journal/fixtures';
import { startService, type RunningService } from '../training-service/harness';

/**
 * The sale kind's choice of operation (provider profile §8) on the one provider path: with a cloud
 * printer, a paper sale is issued with /Append/PrintInvoices and printed by the provider's agent;
 * the outcome rules are the till's (a lost answer is 待確認, never a second issue); a carrier sale
 * keeps its own operation and never reaches the cloud printer.
 */
const temp = makeTempDir('cloud-print-sale');
let svc: RunningService;
let printer: TcpPrinter;
let journal: Journal;
let n = 0;

beforeAll(async () => {
  printer = await startTcpPrinter();
  svc = await startService({
    config: {
      cloudPrinters: [{ printerNo: 'P01', agent: { host: '127.0.0.1', port: printer.port }, salesIds: null }],
    },
  });
  journal = Journal.open(join(temp.dir, 'journal.sqlite'));
});
afterAll(async () => {
  journal.close();
  await svc.dispose();
  await printer.close();
  temp.remove();
});

function clients() {
  const deps: PosClientDeps = {
    config: {
      serviceUrl: svc.service.url,
      companyId: svc.config.companyId,
      apiKey: svc.config.apiKey,
      signingSecret: svc.config.signingSecret,
      timeoutMs: 5000,
    },
    reserveTimestamp: (companyId, now, window) => journal.reserveTimestamp(companyId, now, window),
    logger: memoryLogger(),
  };
  return { client: createPosClient(deps), cloud: createCloudPrintClient(deps) };
}

async function sell(options: { carrier?: boolean } = {}) {
  const { client, cloud } = clients();
  const path: PathDeps = { journal, logger: memoryLogger() };
  const paths: string[] = [];
  const kind = saleKind({
    journal,
    client,
    logger: memoryLogger(),
    cloudPrint: { client: cloud, printerNo: 'P01' },
  });
  const orderNo = `T01-20261127-${String(++n).padStart(4, '0')}`;
  const base = sale(orderNo, {
    tillId: 'T01',
    ...(options.carrier ? { operation: 'orderWithoutPrint' as const } : {}),
    extraData: {
      InvoiceDateTime: taipeiDateTime(new Date()),
      ...(options.carrier ? { CarrierType: '3J0002', CarrierId: '/ABC1234', PrintMark: 'N' } : {}),
    },
  });
  const { record, timestamp } = writeAhead(
    path,
    () => journal.begin({ ...base, companyId: svc.config.companyId }),
    () => client.reserveTimestamp(),
  );
  const recording = {
    ...kind,
    send: (tx: typeof record, ts: string, recorder: Parameters<typeof kind.send>[2]) =>
      kind.send(tx, ts, {
        beforeSend: (start) => {
          paths.push(start.path);
          recorder.beforeSend(start);
        },
        afterAnswer: (start, summary, answer) => recorder.afterAnswer(start, summary, answer),
      }),
  };
  const done = await perform(path, recording, record, timestamp);
  return { orderNo, paths, ...done };
}

describe('sale kind with a cloud printer', () => {
  it('issues a paper sale with /Append/PrintInvoices; the agent prints it once', async () => {
    const before = printer.jobs().length;
    const { record, outcome, paths } = await sell();
    expect(paths).toEqual(['/Append/PrintInvoices']);
    expect(record.state).toBe('issued');
    expect(outcome.kind).toBe('issued');
    const job = (outcome as unknown as { printJobId: string }).printJobId;
    expect((await svc.service.cloudPrint.settled(job)).status).toBe('P');
    expect(printer.jobs().length).toBe(before + 1);
  });

  it('a lost answer stays 待確認 and is not sent again: one invoice, one print', async () => {
    await svc.admin('faults', { kind: 'drop-after-commit', count: 1, path: '/Append/PrintInvoices' });
    const before = printer.jobs().length;
    const { record, paths, orderNo } = await sell();
    expect(paths).toEqual(['/Append/PrintInvoices']);
    expect(record.state).toBe('needs-verification');
    const jobs = svc.service.cloudPrint.list('P01');
    await svc.service.cloudPrint.settled(jobs.at(-1)!.printJobId);
    expect(printer.jobs().length).toBe(before + 1);
    expect((await svc.lookup(orderNo)).found).toBe(true);
    expect(journal.get(orderNo)?.state).toBe('needs-verification');
  });

  it('a carrier sale keeps /Append/OrderWithoutPrint and never reaches the cloud printer', async () => {
    const before = printer.jobs().length;
    const queued = svc.service.cloudPrint.list().length;
    const { record, paths } = await sell({ carrier: true });
    expect(paths).toEqual(['/Append/OrderWithoutPrint']);
    expect(record.state).toBe('issued');
    expect(svc.service.cloudPrint.list()).toHaveLength(queued);
    expect(printer.jobs().length).toBe(before);
  });
});

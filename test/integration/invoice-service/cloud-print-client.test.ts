import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCloudPrintClient,
  type CloudOutcome,
} from '../../../src/main/invoice-service/cloud-print-client';
import type { AttemptRecorder } from '../../../src/main/invoice-service/client';
import { toCloudPrintOrder } from '../../../src/provider/cloud-print';
import { requestHeaders } from '../../../src/provider/pos-profile';
import { buildStandardRequestBody, STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import { taipeiDateTime } from '../../../src/shared/domain';
import { startTcpPrinter, type TcpPrinter } from '../../support/cloud-printer';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { freshTimestamp, sampleOrder } from '../../support/pos-client';
import { memoryLogger } from '../checkout/harness';
import { startService, type RunningService } from '../training-service/harness';

/** The till's cloud print client (profile §8) against the training service and its agent's printer. */
let svc: RunningService;
let printer: TcpPrinter;
const sends: string[] = [];
const recorder: AttemptRecorder = { beforeSend: (start) => sends.push(start.path), afterAnswer: () => {} };

beforeAll(async () => {
  printer = await startTcpPrinter();
  svc = await startService({
    config: {
      cloudPrinters: [{ printerNo: 'P01', agent: { host: '127.0.0.1', port: printer.port }, salesIds: null }],
    },
  });
});
afterAll(async () => {
  await svc.dispose();
  await printer.close();
});

const client = () =>
  createCloudPrintClient({
    config: {
      serviceUrl: svc.service.url,
      companyId: svc.config.companyId,
      apiKey: svc.config.apiKey,
      signingSecret: svc.config.signingSecret,
      timeoutMs: 5000,
    },
    reserveTimestamp: () => freshTimestamp(),
    logger: memoryLogger(),
  });

const paper = (billingNo: string, printerNo = 'P01') =>
  toCloudPrintOrder(
    sampleOrder(billingNo, { overrides: { RandomNumber: '1234', DeviceID: 'T01' } }),
    printerNo,
  );

const fault = (kind: string) => svc.admin('faults', { kind, count: 1, path: '/Append/PrintInvoices' });

describe('cloud print client', () => {
  it('issues a paper sale with /Append/PrintInvoices: the invoice, its random code and the job, printed once', async () => {
    const before = printer.jobs().length;
    const { outcome } = await client().issue(paper('CC-0001'), recorder);
    expect(outcome).toMatchObject({
      kind: 'issued',
      response: { BillingNo: 'CC-0001', RandomNumber: '1234' },
      missing: [],
    });
    const job = (outcome as Extract<CloudOutcome, { kind: 'issued' }>).printJobId;
    expect(await svc.service.cloudPrint.settled(job)).toMatchObject({ status: 'P' });
    expect(await client().printJobs([job])).toEqual({
      kind: 'answered',
      jobs: [{ PrintJobID: job, PrinterNo: 'P01', Status: 'P' }],
    });
    expect(printer.jobs().length).toBe(before + 1);
    expect(readableLines(decodeEscPos(printer.jobs().at(-1)!, 'epson'))).toContain('電子發票證明聯');
  });

  it('a lost answer is unknown (待確認), and the order number is never issued nor printed twice', async () => {
    await fault('drop-after-commit');
    const before = printer.jobs().length;
    const lost = await client().issue(paper('CC-0002'), recorder);
    expect(lost.outcome).toMatchObject({ kind: 'unknown' });
    // The provider did issue and queue it: the agent prints it once.
    const jobs = svc.service.cloudPrint.list('P01');
    await svc.service.cloudPrint.settled(jobs.at(-1)!.printJobId);
    // Sent again by a person's mistake: the service answers Duplicate BillingNo, still unknown, nothing new.
    const again = await client().issue(paper('CC-0002'), recorder);
    expect(again.outcome).toMatchObject({ kind: 'unknown', duplicateBillingNo: true });
    expect(printer.jobs().length).toBe(before + 1);
    expect(svc.service.cloudPrint.list('P01')).toHaveLength(jobs.length);
  });

  it('a broken answer is unknown with its reason, never a success', async () => {
    await fault('not-json');
    const { outcome } = await client().issue(paper('CC-0003'), recorder);
    expect(outcome).toMatchObject({
      kind: 'unknown',
      reason: expect.stringContaining('unreadable answer') as string,
    });
  });

  it('an unknown printer is refused before anything is issued', async () => {
    const { outcome } = await client().issue(paper('CC-0004', 'P77'), recorder);
    expect(outcome).toEqual({
      kind: 'rejected',
      reason: 'Printer not found',
      statusCode: 0,
      retryWithFreshTimestamp: false,
    });
    expect((await svc.lookup('CC-0004')).found).toBe(false);
  });

  it('a stuck job is queued until the agent takes it; a reprint of a voided invoice is refused', async () => {
    await svc.admin('cloud-print' as never, { printerNo: 'P01', fault: 'stay-queued' });
    const { outcome } = await client().issue(paper('CC-0005'), recorder);
    const job = (outcome as Extract<CloudOutcome, { kind: 'issued' }>).printJobId;
    expect(await client().printJobs([job])).toEqual({
      kind: 'answered',
      jobs: [{ PrintJobID: job, PrinterNo: 'P01', Status: 'Q' }],
    });
    await svc.admin('cloud-print' as never, { printerNo: 'P01', fault: 'clear' });
    await svc.service.cloudPrint.settled(job);

    const invoiceNumber = (outcome as Extract<CloudOutcome, { kind: 'issued' }>).response.InvoiceNumber;
    const body = buildStandardRequestBody(
      svc.config.companyId,
      svc.config.standardSigningSecret,
      freshTimestamp(),
      {
        SellerID: svc.config.companyId,
        InvoiceNumber: invoiceNumber,
        CancelDate: taipeiDateTime(new Date()),
        CancelReason: '退貨',
      },
    );
    const voided = await fetch(`${svc.service.standardUrl}${STANDARD_OPERATIONS.cancelInvoices}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...requestHeaders(svc.config.standardApiKey) },
      body: JSON.stringify(body),
    });
    expect(((await voided.json()) as { StatusCode: number }).StatusCode).toBe(1);
    expect(await client().rePrint(invoiceNumber, 'P01', '補印')).toEqual({
      kind: 'refused',
      reason: 'Invoice voided',
    });
  });
});

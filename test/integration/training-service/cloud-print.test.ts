import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPrintInvoicesBody,
  CLOUD_PRINT_OPERATIONS,
  toCloudPrintOrder,
} from '../../../src/provider/cloud-print';
import { requestHeaders, type PosOrderData } from '../../../src/provider/pos-profile';
import { PROVIDER_VARIANTS, type ProviderVariantId } from '../../../src/provider/variants';
import { buildStandardRequestBody } from '../../../src/provider/standard-profile';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';
import { startTcpPrinter, type TcpPrinter } from '../../support/cloud-printer';
import { sampleOrder } from '../../support/pos-client';
import { startStandardRig, type StandardRig } from './standard-client';

const START = new Date('2026-11-27T02:00:00Z');

interface Rig {
  rig: StandardRig;
  printer: TcpPrinter;
  variant: ProviderVariantId;
  /** POSTs one cloud print request (the body built by the contract's own functions unless given). */
  call(path: string, body: unknown): Promise<{ status: number; json: unknown }>;
  print(orders: Array<{ order: PosOrderData; printerNo: string; salesId?: string }>): Promise<unknown>;
  signed(data: unknown): unknown;
  admin(body: unknown): Promise<{ jobs: Array<Record<string, unknown>> }>;
  dispose(): Promise<void>;
}

async function startRig(variant: ProviderVariantId): Promise<Rig> {
  const printer = await startTcpPrinter();
  const rig = await startStandardRig(START, {
    config: {
      variant,
      cloudPrinters: [
        {
          printerNo: variant === 'systemlead' ? '01' : 'P01',
          agent: { host: '127.0.0.1', port: printer.port },
          salesIds: variant === 'systemlead' ? null : ['S1'],
        },
        { printerNo: variant === 'systemlead' ? '02' : 'P02', agent: null, salesIds: null },
      ],
    },
  });
  const config = () => rig.svc.config;
  const headers = () => ({
    'content-type': 'application/json',
    ...(PROVIDER_VARIANTS[variant].sendsApiKey ? requestHeaders(config().apiKey) : {}),
  });
  const call: Rig['call'] = async (path, body) => {
    const response = await fetch(`${rig.svc.service.url}${path}`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  return {
    rig,
    printer,
    variant,
    call,
    signed: (data) =>
      buildStandardRequestBody(
        config().companyId,
        config().signingSecret,
        rig.stamp(),
        data,
        PROVIDER_VARIANTS[variant].sign,
      ),
    async print(orders) {
      const body = buildPrintInvoicesBody(
        PROVIDER_VARIANTS[variant],
        config().companyId,
        config().signingSecret,
        rig.stamp(),
        orders.map(({ order, printerNo, salesId }) => toCloudPrintOrder(order, printerNo, salesId)),
      );
      const answer = await call(CLOUD_PRINT_OPERATIONS.printInvoices, body);
      expect(answer.status).toBe(200);
      return answer.json;
    },
    async admin(body) {
      const response = await fetch(`${rig.svc.service.url}/_admin/cloud-print`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config().adminToken}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { jobs: Array<Record<string, unknown>> };
    },
    async dispose() {
      await rig.dispose();
      await printer.close();
    },
  };
}

const order = (rig: Rig, billingNo: string, overrides: Partial<PosOrderData> = {}) =>
  sampleOrder(billingNo, {
    at: rig.rig.clock.now(),
    overrides: { RandomNumber: '0427', DeviceID: 'T1', ...overrides },
  });

describe('training service: cloud print (profile §8, profile variant)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig('profile');
  });
  afterAll(async () => rig.dispose());
  afterEach(async () => {
    await rig.admin({ printerNo: 'P01', fault: 'clear' });
  });

  const jobs = (ids: string[]) =>
    rig.call(
      CLOUD_PRINT_OPERATIONS.getPrintJobs,
      rig.signed(ids.map((PrintJobID) => ({ CompanyID: rig.rig.svc.config.companyId, PrintJobID }))),
    );

  it('issues a paper sale and its agent prints the proof: barcode and both QR codes read back', async () => {
    const [answer] = (await rig.print([
      { order: order(rig, 'CP-0001'), printerNo: 'P01', salesId: 'S1' },
    ])) as Array<Record<string, string>>;
    expect(answer).toMatchObject({ StatusCode: 1, BillingNo: 'CP-0001', RandomNumber: '0427' });
    const job = await rig.rig.svc.service.cloudPrint.settled(answer!.PrintJobID!);
    expect(job.status).toBe('P');
    expect((await jobs([answer!.PrintJobID!])).json).toEqual([
      { PrintJobID: answer!.PrintJobID, PrinterNo: 'P01', Status: 'P' },
    ]);

    const printed = decodeEscPos(rig.printer.jobs().at(-1)!, 'epson');
    const number = answer!.InvoiceNumber!;
    expect(readableLines(printed)).toEqual(
      expect.arrayContaining(['電子發票證明聯', `${number.slice(0, 2)}-${number.slice(2)}`, '115年11-12月']),
    );
    // Code 39: period (115 12), the number, the random code the till chose.
    expect(printed.barcodes).toEqual([{ system: 69, data: `11512${number}0427` }]);
    const [left, right] = readQrPair(printed.images[0]!);
    expect(left?.startsWith(`${number}1151127` + '0427')).toBe(true);
    expect(right?.startsWith('**')).toBe(true);
    expect(printed.cuts).toBe(1);
  });

  it('clears a carrier and a love code (rule 7): the invoice is printed, never bound or donated', async () => {
    const body = buildPrintInvoicesBody(
      PROVIDER_VARIANTS.profile,
      rig.rig.svc.config.companyId,
      rig.rig.svc.config.signingSecret,
      rig.rig.stamp(),
      [
        {
          ...order(rig, 'CP-0002', { CarrierType: '3J0002', CarrierId: '/ABC1234', PrintMark: 'N' }),
          PrinterNo: 'P01',
        },
      ],
    );
    const answer = (await rig.call(CLOUD_PRINT_OPERATIONS.printInvoices, body)).json as Array<
      Record<string, string>
    >;
    expect(answer[0]).toMatchObject({ StatusCode: 1 });
    expect((await rig.rig.svc.service.cloudPrint.settled(answer[0]!.PrintJobID!)).status).toBe('P');
  });

  it('refuses an unknown printer and a SalesID the printer does not take: nothing issued, nothing printed', async () => {
    const before = rig.printer.jobs().length;
    expect(await rig.print([{ order: order(rig, 'CP-0003'), printerNo: 'P99' }])).toEqual([
      { StatusCode: 0, ResultMessage: 'Printer not found' },
    ]);
    expect(await rig.print([{ order: order(rig, 'CP-0004'), printerNo: 'P01', salesId: 'S9' }])).toEqual([
      { StatusCode: 0, ResultMessage: 'SalesID not accepted' },
    ]);
    expect((await rig.rig.svc.lookup('CP-0003')).found).toBe(false);
    expect((await rig.rig.svc.lookup('CP-0004')).found).toBe(false);
    expect(rig.printer.jobs().length).toBe(before);
  });

  it('never issues nor prints an order number twice', async () => {
    const [first] = (await rig.print([{ order: order(rig, 'CP-0005'), printerNo: 'P01' }])) as Array<
      Record<string, string>
    >;
    await rig.rig.svc.service.cloudPrint.settled(first!.PrintJobID!);
    const printed = rig.printer.jobs().length;
    expect(await rig.print([{ order: order(rig, 'CP-0005'), printerNo: 'P01' }])).toEqual([
      { StatusCode: 0, ResultMessage: 'Duplicate BillingNo' },
    ]);
    expect(
      rig.rig.svc.service.cloudPrint.list('P01').filter((job) => job.invoiceNumber === first!.InvoiceNumber),
    ).toHaveLength(1);
    expect(rig.printer.jobs().length).toBe(printed);
  });

  it('a printer out of paper fails the job (E); a reprint queues the same proof marked 補印', async () => {
    await rig.admin({ printerNo: 'P01', fault: 'paper-out' });
    const [answer] = (await rig.print([{ order: order(rig, 'CP-0006'), printerNo: 'P01' }])) as Array<
      Record<string, string>
    >;
    const failed = await rig.rig.svc.service.cloudPrint.settled(answer!.PrintJobID!);
    expect(failed).toMatchObject({ status: 'E', message: 'Paper out' });
    expect((await jobs([answer!.PrintJobID!])).json).toEqual([
      { PrintJobID: answer!.PrintJobID, PrinterNo: 'P01', Status: 'E', Message: 'Paper out' },
    ]);

    const before = rig.printer.jobs().length;
    const reprint = (
      await rig.call(
        CLOUD_PRINT_OPERATIONS.rePrint,
        rig.signed({
          CompanyID: rig.rig.svc.config.companyId,
          InvoiceNumber: answer!.InvoiceNumber,
          PrinterNo: 'P01',
          Reason: '缺紙補印',
        }),
      )
    ).json as Record<string, string>;
    expect(reprint).toMatchObject({ StatusCode: 1 });
    expect((await rig.rig.svc.service.cloudPrint.settled(reprint.PrintJobID!)).status).toBe('P');
    expect(rig.printer.jobs().length).toBe(before + 1);
    const lines = readableLines(decodeEscPos(rig.printer.jobs().at(-1)!, 'epson'));
    expect(lines).toContain('電子發票證明聯 補印');
  });

  it('an agent that is offline or a job that stays queued: Q until the fault clears, then printed', async () => {
    for (const fault of ['agent-offline', 'stay-queued']) {
      await rig.admin({ printerNo: 'P01', fault });
      const [answer] = (await rig.print([{ order: order(rig, `CP-Q-${fault}`), printerNo: 'P01' }])) as Array<
        Record<string, string>
      >;
      expect((await jobs([answer!.PrintJobID!])).json).toEqual([
        { PrintJobID: answer!.PrintJobID, PrinterNo: 'P01', Status: 'Q' },
      ]);
      const settled = rig.rig.svc.service.cloudPrint.settled(answer!.PrintJobID!);
      await rig.admin({ printerNo: 'P01', fault: 'clear' });
      expect((await settled).status).toBe('P');
    }
  });

  it('refuses to reprint a voided invoice, an unknown one, or on an unknown printer', async () => {
    const [answer] = (await rig.print([{ order: order(rig, 'CP-0007'), printerNo: 'P01' }])) as Array<
      Record<string, string>
    >;
    await rig.rig.svc.service.cloudPrint.settled(answer!.PrintJobID!);
    const voided = await rig.rig.ok<Record<string, unknown>>(
      'cancelInvoices',
      rig.rig.voidData(answer!.InvoiceNumber!),
    );
    expect(voided.StatusCode).toBe(1);
    const reprint = async (InvoiceNumber: string, PrinterNo = 'P01') =>
      (
        await rig.call(
          CLOUD_PRINT_OPERATIONS.rePrint,
          rig.signed({ CompanyID: rig.rig.svc.config.companyId, InvoiceNumber, PrinterNo, Reason: '補印' }),
        )
      ).json;
    const before = rig.printer.jobs().length;
    expect(await reprint(answer!.InvoiceNumber!)).toEqual({ StatusCode: 0, ResultMessage: 'Invoice voided' });
    expect(await reprint('ZZ99999999')).toEqual({ StatusCode: 0, ResultMessage: 'Invoice not found' });
    expect(await reprint(answer!.InvoiceNumber!, 'P99')).toEqual({
      StatusCode: 0,
      ResultMessage: 'Printer not found',
    });
    expect(rig.printer.jobs().length).toBe(before);
  });
});

describe('training service: cloud print in SystemLead shape', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig('systemlead');
  });
  afterAll(async () => rig.dispose());

  it('answers SystemLead elements with the job, and prints', async () => {
    const [answer] = (await rig.print([{ order: order(rig, 'SL-0001'), printerNo: '01' }])) as Array<
      Record<string, string>
    >;
    expect(Object.keys(answer!).sort()).toEqual(['AuthCode', 'InvoiceDateTime', 'InvoiceID', 'PrintJobID']);
    expect((await rig.rig.svc.service.cloudPrint.settled(answer!.PrintJobID!)).status).toBe('P');
    const printed = decodeEscPos(rig.printer.jobs().at(-1)!, 'epson');
    expect(printed.barcodes[0]!.data).toBe(`11512${answer!.InvoiceID}0427`);
  });

  it('refuses SalesID (no such field in Receipt.md) and a PrinterNo longer than 2', async () => {
    const config = rig.rig.svc.config;
    const wire = (printerNo: string, salesId?: string) =>
      buildPrintInvoicesBody(
        PROVIDER_VARIANTS.systemlead,
        config.companyId,
        config.signingSecret,
        rig.rig.stamp(),
        [
          {
            ...order(rig, `SL-${printerNo}-${salesId ?? ''}`),
            PrinterNo: printerNo,
            ...(salesId ? { SalesID: salesId } : {}),
          },
        ],
      );
    expect((await rig.call(CLOUD_PRINT_OPERATIONS.printInvoices, wire('01', 'S1'))).json).toEqual([
      { Message: 'SalesID is not a field of this API' },
    ]);
    expect((await rig.call(CLOUD_PRINT_OPERATIONS.printInvoices, wire('001'))).json).toEqual([
      { Message: 'PrinterNo is too long' },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOUD_PRINT_DIALECTS,
  buildPrintInvoicesBody,
  cloudPrintOperationForPath,
  readPrintInvoicesAnswer,
  readPrintJobsAnswer,
  readRePrintAnswer,
  refusePrinter,
  toCloudPrintOrder,
} from '../../../src/provider/cloud-print';
import { toPosOrderData, type PosOrderData } from '../../../src/provider/pos-profile';
import { PROVIDER_VARIANTS } from '../../../src/provider/variants';

const order = (extra: Partial<Parameters<typeof toPosOrderData>[0]> = {}): PosOrderData =>
  toPosOrderData({
    orderNo: 'T01-20261127-0001',
    invoiceDateTime: '2026-11-27T10:00:00',
    deviceId: 'T1',
    operation: 'order',
    invoiceFor: 'C',
    taxType: '1',
    salesAmount: 95,
    taxAmount: 5,
    freeTaxSalesAmount: 0,
    zeroTaxSalesAmount: 0,
    totalAmount: 100,
    lines: [{ name: '茶', quantity: 1, unitPrice: 100, subTotal: 100, itemTaxType: '1' }],
    randomNumber: '0427',
    ...extra,
  } as Parameters<typeof toPosOrderData>[0]);

const issued = {
  StatusCode: 1,
  ResultMessage: 'Invoice issued',
  InvoiceNumber: 'AB12345678',
  InvoiceDateTime: '2026-11-27T10:00:01',
  PrintJobID: 'J000001',
};

describe('cloud print contract (profile §8)', () => {
  it('names its three paths and no other', () => {
    expect(cloudPrintOperationForPath('/Append/PrintInvoices')).toBe('printInvoices');
    expect(cloudPrintOperationForPath('/Update/RePrint')).toBe('rePrint');
    expect(cloudPrintOperationForPath('/Inquire/GetPrintJobs')).toBe('getPrintJobs');
    expect(cloudPrintOperationForPath('/Append/Order')).toBeNull();
  });

  it('sends a paper order printed, with its printer, sales id and the till random code, one signed wrapper each', () => {
    const cloud = toCloudPrintOrder(order(), 'P01', 'S7');
    const body = buildPrintInvoicesBody(PROVIDER_VARIANTS.profile, '12345678', 'secret', '1790000000', [
      cloud,
    ]);
    expect(body).toHaveLength(1);
    expect(body[0]!.Data).toMatchObject({
      PrinterNo: 'P01',
      SalesID: 'S7',
      PrintMark: 'Y',
      RandomNumber: '0427',
    });
    expect(body[0]!.Signature).toBe(PROVIDER_VARIANTS.profile.sign('12345678', 'secret', '1790000000'));
  });

  it('never takes a carrier or love-code order (rule 7 would clear it)', () => {
    expect(() => toCloudPrintOrder(order({ carrier: { type: '3J0002', id: '/ABC1234' } }), 'P01')).toThrow(
      /never cloud printed/,
    );
    expect(() => toCloudPrintOrder(order({ loveCode: '168001' }), 'P01')).toThrow(/never cloud printed/);
  });

  it('refuses a printer number the provider cannot take, and SalesID where it has none', () => {
    expect(refusePrinter(CLOUD_PRINT_DIALECTS.profile, 'P01', 'S7')).toBeNull();
    expect(refusePrinter(CLOUD_PRINT_DIALECTS.profile, 'P 1')?.zh).toContain('英數字');
    expect(refusePrinter(CLOUD_PRINT_DIALECTS.systemlead, '001')?.en).toContain('1 to 2');
    expect(refusePrinter(CLOUD_PRINT_DIALECTS.systemlead, '01')).toBeNull();
    expect(refusePrinter(CLOUD_PRINT_DIALECTS.systemlead, '01', 'S7')?.en).toContain('SalesID');
    expect(CLOUD_PRINT_DIALECTS.systemlead.notOffered?.zh).toContain('發票版');
  });

  it('reads one answer per order; a refusal of the request applies to each', () => {
    expect(readPrintInvoicesAnswer([issued], 1)).toEqual({ ok: true, value: [issued] });
    const refusal = { StatusCode: 0, ResultMessage: 'Signature mismatch' };
    expect(readPrintInvoicesAnswer(refusal, 2)).toEqual({ ok: true, value: [refusal, refusal] });
    expect(readPrintInvoicesAnswer([{ StatusCode: 0, ResultMessage: 'Printer not found' }], 1).ok).toBe(true);
  });

  it('calls a broken answer broken, with the reason', () => {
    const { PrintJobID: _job, ...noJob } = issued;
    expect(readPrintInvoicesAnswer([noJob], 1)).toEqual({
      ok: false,
      reason: expect.stringContaining('PrintJobID') as string,
    });
    expect(readPrintInvoicesAnswer([issued, issued], 1)).toEqual({
      ok: false,
      reason: 'PrintInvoices answer has 2 elements for 1 orders',
    });
    expect(readPrintInvoicesAnswer('OK', 1).ok).toBe(false);
    expect(readPrintInvoicesAnswer([{ ...issued, InvoiceNumber: 'A1' }], 1).ok).toBe(false);
    expect(readRePrintAnswer({ StatusCode: 1, ResultMessage: 'ok' }).ok).toBe(false);
    expect(readRePrintAnswer({ StatusCode: 0, ResultMessage: 'Invoice voided' })).toEqual({
      ok: true,
      value: { StatusCode: 0, ResultMessage: 'Invoice voided' },
    });
    expect(readPrintJobsAnswer([{ PrintJobID: 'J9', Status: 'P' }], ['J1'])).toEqual({
      ok: false,
      reason: 'GetPrintJobs answer [0]: job J9 was not asked',
    });
    expect(readPrintJobsAnswer([{ PrintJobID: 'J1', Status: 'X' }], ['J1']).ok).toBe(false);
    expect(
      readPrintJobsAnswer(
        [{ PrintJobID: 'J1', PrinterNo: 'P01', Status: 'E', Message: 'Paper out' }],
        ['J1'],
      ),
    ).toEqual({
      ok: true,
      value: { jobs: [{ PrintJobID: 'J1', PrinterNo: 'P01', Status: 'E', Message: 'Paper out' }] },
    });
  });

  it('never reads an answer of the wrong length as a success (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 5 }), (given, sent) => {
        const read = readPrintInvoicesAnswer(
          Array.from({ length: given }, () => issued),
          sent,
        );
        expect(read.ok).toBe(given === sent);
      }),
    );
  });
});

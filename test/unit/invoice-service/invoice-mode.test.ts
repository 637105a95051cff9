import { describe, expect, it } from 'vitest';
import {
  classifyBlankCancel,
  classifySetBlank,
  classifySplit,
  classifyUpload,
} from '../../../src/main/invoice-service/invoice-mode';
import type { TransportResult } from '../../../src/main/invoice-service/transport';
import { invoiceModeUpload } from '../../../src/provider/invoice-mode';
import type { PosOrderData } from '../../../src/provider/pos-profile';

const order: PosOrderData = {
  BillingNo: 'O1-20261123-000001',
  RandomNumber: '0427',
  InvoiceDateTime: '2026-11-23T10:00:00',
  InvoiceFor: 'C',
  BuyerID: '0000000000',
  BuyerName: '消費者',
  PrintMark: 'Y',
  TaxType: '1',
  SalesAmount: 150,
  FreeTaxSalesAmount: 0,
  ZeroTaxSalesAmount: 0,
  TaxAmount: 0,
  TotalAmount: 150,
  DeviceID: 'O1',
  Details: [
    { DetailID: '001', ProductName: '便當', Quantity: 1, UnitPrice: 150, SubTotal: 150, ItemTaxType: '1' },
  ],
};
const sent = [
  invoiceModeUpload({ invoiceNumber: 'TR00000100', order }),
  invoiceModeUpload({ invoiceNumber: 'TR00000101', order: { ...order, BillingNo: 'O1-2' } }),
];
const answer = (body: unknown): TransportResult => ({
  kind: 'response',
  status: 200,
  body: JSON.stringify(body),
  elapsedMs: 1,
});
const stored = (invoiceId: string, message = 'Invoice stored') => ({
  StatusCode: 1,
  ResultMessage: message,
  InvoiceID: invoiceId,
  InvoiceNumber: invoiceId,
  InvoiceDateTime: '2026-11-23T10:00:00',
});

describe('invoice mode: what one exchange means for the till', () => {
  it('an upload answered per invoice: done, already there (done), rejected with the text', () => {
    const outcome = classifyUpload(
      answer([
        stored('TR00000100', 'Invoice already exists'),
        { StatusCode: 0, ResultMessage: 'Invoice number is blank', InvoiceID: 'TR00000101' },
      ]),
      sent,
      { afterUnknown: false },
    );
    expect(outcome).toEqual({
      kind: 'answered',
      items: [
        { invoiceId: 'TR00000100', kind: 'done', already: true, invoiceDateTime: '2026-11-23T10:00:00' },
        { invoiceId: 'TR00000101', kind: 'rejected', reason: 'Invoice number is blank' },
      ],
    });
  });

  it('the whole call as for every standard operation: never connected, sent then lost, HTTP 5xx', () => {
    const context = { afterUnknown: false };
    expect(
      classifyUpload({ kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 1 }, sent, context),
    ).toMatchObject({
      kind: 'not-delivered',
    });
    expect(
      classifyUpload({ kind: 'failed-after-send', reason: 'timeout', elapsedMs: 1 }, sent, context),
    ).toMatchObject({ kind: 'unknown' });
    expect(
      classifyUpload({ kind: 'response', status: 500, body: '', elapsedMs: 1 }, sent, context),
    ).toMatchObject({
      kind: 'unknown',
    });
    expect(
      classifyUpload(answer({ StatusCode: 0, ResultMessage: 'Timestamp already used' }), sent, context),
    ).toEqual({
      kind: 'rejected',
      reason: 'Timestamp already used',
      statusCode: 0,
      retryWithFreshTimestamp: true,
    });
  });

  it('a broken answer is unknown (verify), never done: a wrong count, another number', () => {
    const context = { afterUnknown: false };
    expect(classifyUpload(answer([stored('TR00000100')]), sent, context)).toMatchObject({ kind: 'unknown' });
    expect(classifyUpload(answer([stored('TR00000101'), stored('TR00000100')]), sent, context)).toMatchObject(
      {
        kind: 'unknown',
      },
    );
    expect(classifyUpload(answer('not json at all'), sent, context)).toMatchObject({ kind: 'unknown' });
  });

  it("after an unknown outcome, a refusal that names no upload rule (SystemLead's generic text) is verified, not a finding", () => {
    const generic = answer([
      { StatusCode: 0, ResultMessage: 'Append Inovice Error!!', InvoiceID: 'TR00000100' },
      { StatusCode: 0, ResultMessage: 'BillingNo already used', InvoiceID: 'TR00000101' },
    ]);
    expect(classifyUpload(generic, sent, { afterUnknown: true })).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'unknown' }, { kind: 'rejected', reason: 'BillingNo already used' }],
    });
    expect(classifyUpload(generic, sent, { afterUnknown: false })).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'rejected' }, { kind: 'rejected' }],
    });
  });

  it('a split, a blank tail and a withdrawal: broken is unknown; "already" counts only after an unknown outcome', () => {
    const split = { CompanyID: '24549210', StageYear: 2026, StageMonth: 12, UseFor: 'O1', InvoiceCount: 50 };
    expect(
      classifySplit(answer({ StatusCode: 1, ResultMessage: 'Segment split', Word: 'TR' }), split),
    ).toMatchObject({
      kind: 'unknown',
    });
    const tail = {
      CompanyID: '24549210',
      Word: 'TR',
      StageYear: 2026,
      StageMonth: 12,
      StartNumber: '00000100',
      EndNumber: '00000149',
      NextNumber: '00000112',
    };
    const again = answer([
      {
        ErrorMessage: 'Blank range already reported',
        CompanyID: '24549210',
        YearMonth: '11512',
        InvoiceWord: 'TR',
        BlankInvoiceBeginNo: '00000112',
        BlankInvoiceEndNo: '00000149',
      },
    ]);
    expect(classifySetBlank(again, tail, { afterUnknown: true })).toEqual({
      kind: 'done',
      begin: 112,
      end: 149,
      already: true,
    });
    expect(classifySetBlank(again, tail, { afterUnknown: false })).toMatchObject({ kind: 'rejected' });
    const withdraw = {
      CompanyID: '24549210',
      YearMonth: '11512',
      InvoiceTrack: 'TR',
      InvoiceBeginNo: '00000102',
      InvoiceEndNo: '00000104',
    };
    const notFound = answer({ StatusCode: 0, ResultMessage: 'Blank range not found' });
    expect(classifyBlankCancel(notFound, withdraw, { afterUnknown: true })).toEqual({
      kind: 'done',
      already: true,
    });
    expect(classifyBlankCancel(notFound, withdraw, { afterUnknown: false })).toMatchObject({
      kind: 'rejected',
    });
  });
});

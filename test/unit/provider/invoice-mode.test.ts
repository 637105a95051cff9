import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blankPlan,
  invoiceModeUpload,
  readAppendAnswer,
  readBlankCancelAnswer,
  readSetBlankAnswer,
  readSplitAnswer,
  readTrackBlankAnswer,
  setBlankData,
  trackBlankData,
  type InvoiceModeData,
} from '../../../src/provider/invoice-mode';
import type { PosOrderData } from '../../../src/provider/pos-profile';
import { buildStandardRequestBody } from '../../../src/provider/standard-profile';
import { invoiceModeDialectFor, systemLeadInvoiceWire } from '../../../src/provider/variants';
import { taipeiDateTime } from '../../../src/shared/domain';

const SELLER = '24549210';
const order: PosOrderData = {
  BillingNo: 'T1-20261123-000001',
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
  DeviceID: 'T1',
  Details: [
    { DetailID: '001', ProductName: '便當', Quantity: 1, UnitPrice: 150, SubTotal: 150, ItemTaxType: '1' },
  ],
};
const business: PosOrderData = {
  ...order,
  InvoiceFor: 'B',
  BuyerID: '04595252',
  BuyerName: '範例股份有限公司',
  BuyerInvoiceTitle: '範例股份有限公司',
  SalesAmount: 143,
  TaxAmount: 7,
};
const systemlead = invoiceModeDialectFor('systemlead');
const profile = invoiceModeDialectFor('profile');
const wrap = (data: unknown) => buildStandardRequestBody(SELLER, 'salt', '1790000000', data);

describe('invoice mode: the upload builder', () => {
  it('an offline invoice is the order without DeviceID, with its whole number and printed code', () => {
    const data = invoiceModeUpload({ invoiceNumber: 'TR00000100', order });
    expect(data.InvoiceID).toBe('TR00000100');
    expect(data.RandomNumber).toBe('0427');
    expect(data.InvoiceDateTime).toBe('2026-11-23T10:00:00'); // the profile: Asia/Taipei
    expect('DeviceID' in data).toBe(false);
    expect('CheckNumber' in data).toBe(false);
    // B: CheckNumber is the same printed code.
    expect(invoiceModeUpload({ invoiceNumber: 'TR00000101', order: business }).CheckNumber).toBe('0427');
  });

  it('refuses an invoice that could not be what was printed', () => {
    const { RandomNumber: _none, ...noCode } = order;
    expect(() => invoiceModeUpload({ invoiceNumber: 'TR00000100', order: noCode })).toThrow(/random code/);
    expect(() => invoiceModeUpload({ invoiceNumber: 'TR0000010', order })).toThrow(/8 digits/);
  });

  it("SystemLead's wire (Receipt.md 發票版): InvoiceDateTime in UTC, its names, no UseFor", () => {
    const wire = systemLeadInvoiceWire(invoiceModeUpload({ invoiceNumber: 'TR00000100', order }), SELLER);
    expect(wire).toMatchObject({
      CompanyID: SELLER,
      InvoiceID: 'TR00000100',
      InvoiceDateTime: '2026-11-23T02:00:00',
      RelateNumber: 'T1-20261123-000001',
      RandomNumber: '0427',
      DonateMark: 'N',
      PrintMark: 'Y',
    });
    for (const absent of ['BillingNo', 'UseFor', 'DeviceID', 'CheckNumber'])
      expect(wire).not.toHaveProperty(absent);
    const b = systemLeadInvoiceWire(
      invoiceModeUpload({ invoiceNumber: 'TR00000101', order: business }),
      SELLER,
    );
    expect(b).toMatchObject({ CheckNumber: '0427', InvoiceFor: 'B' });
    expect(b).not.toHaveProperty('RandomNumber');
    expect(b).not.toHaveProperty('DonateMark');
  });

  it('the profile sends the builder as it is; SystemLead one signed wrapper per invoice', () => {
    const data = [
      invoiceModeUpload({ invoiceNumber: 'TR00000100', order }),
      invoiceModeUpload({ invoiceNumber: 'TR00000101', order: { ...order, BillingNo: 'T1-2' } }),
    ];
    expect((profile.requestBody('appendInvoices', data, wrap, SELLER) as { Data: unknown }).Data).toEqual(
      data,
    );
    const wire = systemlead.requestBody('appendInvoices', data, wrap, SELLER) as Array<{
      Data: { InvoiceID: string };
    }>;
    expect(wire.map((wrapper) => wrapper.Data.InvoiceID)).toEqual(['TR00000100', 'TR00000101']);
    // One invoice: /Append/Invoices with one record (there is no /Append/Invoice in InvoiceApiList.md).
    expect(systemlead.path('appendInvoice')).toBe('/Append/Invoices');
    expect(profile.path('appendInvoice')).toBe('/Append/Invoice');
  });

  it('property: what the till sends SystemLead, the training service reads back as the same invoice', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 86_400 - 1 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.boolean(),
        fc.boolean(),
        (offset, code, isBusiness, printed) => {
          const instant = new Date(start + offset * 1000);
          const base = isBusiness ? business : order;
          const data = invoiceModeUpload({
            invoiceNumber: 'TR00000100',
            order: {
              ...base,
              InvoiceDateTime: taipeiDateTime(instant),
              RandomNumber: String(code).padStart(4, '0'),
              PrintMark: printed ? 'Y' : 'N',
            },
          });
          const wire = systemLeadInvoiceWire(data, SELLER);
          expect(wire.InvoiceDateTime).toBe(instant.toISOString().slice(0, 19));
          const back = systemlead.fromWireRecord('appendInvoices', wire, { now: instant, companyId: SELLER });
          expect(back.ok).toBe(true);
          expect(back.ok && back.data).toEqual(data);
        },
      ),
    );
  });
});

describe('invoice mode: blank numbers', () => {
  const segment = { word: 'TR', stageYear: 2026, stageMonth: 12, start: 100, end: 149 };

  it('the tail after the last used number and the gaps before it', () => {
    expect(blankPlan(segment, [100, 101, 105, 110])).toEqual({
      tail: { next: 111, end: 149 },
      gaps: [
        { begin: 102, end: 104 },
        { begin: 106, end: 109 },
      ],
    });
    expect(blankPlan(segment, [])).toEqual({ tail: { next: 100, end: 149 }, gaps: [] });
    expect(blankPlan(segment, [149])).toEqual({ tail: null, gaps: [{ begin: 100, end: 148 }] });
    expect(() => blankPlan(segment, [150])).toThrow(/not in the segment/);
  });

  it('property: used, the tail and the gaps cover the segment exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (start, size, picks) => {
          const end = start + size - 1;
          const used = picks.map((pick) => start + (pick % size));
          const plan = blankPlan({ start, end }, used);
          const seen = new Map<number, number>();
          const mark = (serial: number) => seen.set(serial, (seen.get(serial) ?? 0) + 1);
          new Set(used).forEach(mark);
          for (const gap of plan.gaps) for (let s = gap.begin; s <= gap.end; s++) mark(s);
          if (plan.tail) for (let s = plan.tail.next; s <= plan.tail.end; s++) mark(s);
          expect(seen.size).toBe(size);
          for (const [serial, count] of seen) {
            expect(count).toBe(1);
            expect(serial >= start && serial <= end).toBe(true);
          }
          // The tail starts right after the last used number, and is never empty.
          const next = used.length === 0 ? start : Math.max(...used) + 1;
          expect(plan.tail).toEqual(next <= end ? { next, end } : null);
        },
      ),
    );
  });

  it("SetBlankInvoiceID's Data (SetBlankInvoice.md), none when every number was used", () => {
    expect(setBlankData(SELLER, segment, 112)).toEqual({
      CompanyID: SELLER,
      Word: 'TR',
      StageYear: 2026,
      StageMonth: 12,
      StartNumber: '00000100',
      EndNumber: '00000149',
      NextNumber: '00000112',
    });
    expect(setBlankData(SELLER, segment, 150)).toBeNull();
    // SystemLead's wire: the period as strings, as the sample writes it.
    const wire = systemlead.requestBody(
      'setBlankInvoiceId',
      setBlankData(SELLER, segment, 112),
      wrap,
      SELLER,
    );
    expect((wire as { Data: unknown }).Data).toMatchObject({ StageYear: '2026', StageMonth: '12' });
  });

  it("TrackBlank's Data (TrackBlank.md): the period as ROC year + even month", () => {
    expect(trackBlankData(SELLER, segment, [{ begin: 102, end: 104 }])).toEqual({
      HeadBan: SELLER,
      BranchBan: SELLER,
      InvoiceType: '07',
      YearMonth: '11512',
      InvoiceTrack: 'TR',
      Items: [{ InvoiceBeginNo: '00000102', InvoiceEndNo: '00000104' }],
    });
  });
});

describe('invoice mode: answer checks (a broken answer is never a success)', () => {
  const sent: InvoiceModeData[] = [
    invoiceModeUpload({ invoiceNumber: 'TR00000100', order }),
    invoiceModeUpload({ invoiceNumber: 'TR00000101', order: { ...order, BillingNo: 'T1-2' } }),
  ];
  const ok = (data: InvoiceModeData, message = 'Invoice stored') => ({
    StatusCode: 1,
    ResultMessage: message,
    InvoiceID: data.InvoiceID,
    InvoiceNumber: data.InvoiceID,
    InvoiceDateTime: data.InvoiceDateTime,
  });

  it('per item in request order: stored, already there (done), refused with the text', () => {
    const read = readAppendAnswer(
      [
        ok(sent[0]!, 'Invoice already exists'),
        { StatusCode: 0, ResultMessage: 'Invoice number is blank', InvoiceID: 'TR00000101' },
      ],
      sent,
    );
    expect(read).toEqual({
      kind: 'answered',
      items: [
        { invoiceId: 'TR00000100', kind: 'stored', already: true, invoiceDateTime: '2026-11-23T10:00:00' },
        { invoiceId: 'TR00000101', kind: 'refused', message: 'Invoice number is blank' },
      ],
    });
    expect(readAppendAnswer(ok(sent[0]!), sent[0]!)).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'stored', already: false }],
    });
  });

  it('a wrong count, another number, a missing or other time: broken', () => {
    expect(readAppendAnswer([ok(sent[0]!)], sent)).toMatchObject({
      kind: 'broken',
      reason: '1 results for 2 invoices',
    });
    expect(readAppendAnswer([ok(sent[1]!), ok(sent[0]!)], sent)).toMatchObject({ kind: 'broken' });
    expect(readAppendAnswer(ok(sent[0]!), sent)).toMatchObject({ kind: 'broken' });
    const { InvoiceDateTime: _none, ...noTime } = ok(sent[0]!);
    expect(readAppendAnswer([noTime, ok(sent[1]!)], sent)).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'broken', reason: 'success without InvoiceDateTime' }, { kind: 'stored' }],
    });
    expect(
      readAppendAnswer([{ ...ok(sent[0]!), InvoiceDateTime: '2026-11-23T02:00:00' }, ok(sent[1]!)], sent),
    ).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'broken' }, { kind: 'stored' }],
    });
    expect(readAppendAnswer([{ InvoiceID: 'TR00000100' }, ok(sent[1]!)], sent)).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'broken', reason: 'no StatusCode 0 or 1' }, { kind: 'stored' }],
    });
    expect(readAppendAnswer({ StatusCode: 0, ResultMessage: 'Signature mismatch' }, sent)).toEqual({
      kind: 'refused',
      message: 'Signature mismatch',
    });
  });

  it("SystemLead's answer (b2cJsonSample.md) read per record: AuthCode stored, Message refused", () => {
    const wire = [
      {
        InvoiceID: 'TR00000100',
        InvoiceDateTime: '2026-11-23T02:00:00',
        AuthCode: '113B2C2E-81E3-41B5-B77F-656598B8BAEF',
      },
      { InvoiceID: 'TR00000101', InvoiceDateTime: '2026-11-23T02:00:00', Message: 'Append Inovice Error!!' },
    ];
    expect(readAppendAnswer(systemlead.readAnswer('appendInvoices', wire, sent), sent)).toEqual({
      kind: 'answered',
      items: [
        { invoiceId: 'TR00000100', kind: 'stored', already: false, invoiceDateTime: '2026-11-23T10:00:00' },
        { invoiceId: 'TR00000101', kind: 'refused', message: 'Append Inovice Error!!' },
      ],
    });
    // A success element without its AuthCode is no success.
    const { AuthCode: _none, ...bare } = wire[0]!;
    expect(
      readAppendAnswer(systemlead.readAnswer('appendInvoices', [bare, wire[1]], sent), sent),
    ).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'broken' }, { kind: 'refused' }],
    });
    // Every record refused by the signature: the request was refused.
    const refused = sent.map((data) => ({ InvoiceID: data.InvoiceID, Message: '簽章驗證錯誤' }));
    expect(readAppendAnswer(systemlead.readAnswer('appendInvoices', refused, sent), sent)).toEqual({
      kind: 'refused',
      message: 'Signature mismatch',
    });
    // One answer for two: broken.
    expect(readAppendAnswer(systemlead.readAnswer('appendInvoices', [wire[0]], sent), sent)).toMatchObject({
      kind: 'broken',
    });
  });

  it('a split answer must be the segment asked for', () => {
    const asked = { CompanyID: SELLER, StageYear: 2026, StageMonth: 12, UseFor: 'OFF1', InvoiceCount: 50 };
    const answer = {
      StatusCode: 1,
      ResultMessage: 'Segment split',
      Word: 'TR',
      StageYear: '2026',
      StageMonth: '12',
      UseFor: 'OFF1',
      StartNumber: '00001000',
      EndNumber: '00001049',
    };
    expect(readSplitAnswer(answer, asked)).toEqual({
      kind: 'split',
      segment: { word: 'TR', stageYear: 2026, stageMonth: 12, start: 1000, end: 1049, useFor: 'OFF1' },
    });
    expect(readSplitAnswer({ ...answer, EndNumber: '00001048' }, asked)).toMatchObject({ kind: 'broken' });
    expect(readSplitAnswer({ ...answer, UseFor: 'T1' }, asked)).toMatchObject({ kind: 'broken' });
    expect(readSplitAnswer({ ...answer, StageMonth: '10' }, asked)).toMatchObject({ kind: 'broken' });
    expect(readSplitAnswer({ StatusCode: 1, ResultMessage: 'Segment split' }, asked)).toMatchObject({
      kind: 'broken',
    });
    expect(readSplitAnswer({ StatusCode: 0, ResultMessage: 'Period not open' }, asked)).toEqual({
      kind: 'refused',
      message: 'Period not open',
    });
  });

  it("SetBlankInvoice.md's sample answer is the range asked for", () => {
    const asked = {
      CompanyID: '89430377',
      Word: 'FF',
      StageYear: 2016,
      StageMonth: 12,
      StartNumber: '00000000',
      EndNumber: '00000499',
      NextNumber: '00000412',
    };
    const sample = [
      {
        ErrorMessage: null,
        CompanyID: '89430377',
        YearMonth: '10512',
        InvoiceWord: 'FF',
        BlankInvoiceBeginNo: '00000412',
        BlankInvoiceEndNo: '00000499',
      },
    ];
    expect(readSetBlankAnswer(sample, asked)).toEqual({ kind: 'reported', begin: 412, end: 499 });
    expect(readSetBlankAnswer([{ ...sample[0], BlankInvoiceBeginNo: '00000411' }], asked)).toMatchObject({
      kind: 'broken',
    });
    expect(readSetBlankAnswer([{ ...sample[0], ErrorMessage: '期別錯誤' }], asked)).toEqual({
      kind: 'refused',
      message: '期別錯誤',
    });
    expect(readSetBlankAnswer([...sample, ...sample], asked)).toMatchObject({ kind: 'broken' });
    expect(
      readSetBlankAnswer(
        systemlead.readAnswer('setBlankInvoiceId', [{ Message: '簽章驗證錯誤' }], asked),
        asked,
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Signature mismatch',
    });
  });

  it("TrackBlank.md's sample answer: per range, echoed in order; a repeat says so", () => {
    const asked = {
      HeadBan: '12345678',
      BranchBan: '12345678',
      InvoiceType: '07' as const,
      YearMonth: '10706',
      InvoiceTrack: 'AA',
      Items: [
        { InvoiceBeginNo: '12340005', InvoiceEndNo: '12340003' },
        { InvoiceBeginNo: '12340002', InvoiceEndNo: '12340003' },
        { InvoiceBeginNo: '12340002', InvoiceEndNo: '12340003' },
      ],
    };
    const sample = [
      {
        ...asked,
        Items: [
          {
            InvoiceBeginNo: '12340005',
            InvoiceEndNo: '12340003',
            Message: '發票迄號必須大於或等於起號',
            Status: 'E',
          },
          {
            InvoiceBeginNo: '12340002',
            InvoiceEndNo: '12340003',
            Message: '空白發票新增失敗，請確認是否有輸入相同區間',
            Status: 'E',
          },
          { InvoiceBeginNo: '12340002', InvoiceEndNo: '12340003', Message: '空白發票新增成功', Status: 'C' },
        ],
      },
    ];
    expect(readTrackBlankAnswer(sample, asked)).toEqual({
      kind: 'answered',
      items: [
        {
          begin: 12340005,
          end: 12340003,
          kind: 'refused',
          message: '發票迄號必須大於或等於起號',
          alreadyReported: false,
        },
        {
          begin: 12340002,
          end: 12340003,
          kind: 'refused',
          message: '空白發票新增失敗，請確認是否有輸入相同區間',
          alreadyReported: true,
        },
        { begin: 12340002, end: 12340003, kind: 'reported' },
      ],
    });
    expect(readTrackBlankAnswer([{ ...sample[0], Items: sample[0]!.Items.slice(1) }], asked)).toMatchObject({
      kind: 'broken',
    });
    expect(readTrackBlankAnswer([{ ...sample[0], InvoiceTrack: 'AB' }], asked)).toMatchObject({
      kind: 'broken',
    });
  });

  it('BlankCancel: StatusCode 1 withdrawn, 0 refused, about another range broken', () => {
    const asked = {
      CompanyID: SELLER,
      YearMonth: '11512',
      InvoiceTrack: 'TR',
      InvoiceBeginNo: '00000102',
      InvoiceEndNo: '00000104',
    };
    expect(readBlankCancelAnswer({ StatusCode: 1, ResultMessage: 'Blank range withdrawn' }, asked)).toEqual({
      kind: 'withdrawn',
    });
    expect(readBlankCancelAnswer({ StatusCode: 0, ResultMessage: 'Blank report closed' }, asked)).toEqual({
      kind: 'refused',
      message: 'Blank report closed',
    });
    expect(
      readBlankCancelAnswer({ StatusCode: 1, ResultMessage: '', InvoiceBeginNo: '00000103' }, asked),
    ).toMatchObject({ kind: 'broken' });
  });
});

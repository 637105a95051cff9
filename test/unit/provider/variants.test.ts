import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/main/invoice-service/outcome';
import { signedBody } from '../../../src/main/invoice-service/signing';
import { signRequest, toPosOrderData, type PosOrderData } from '../../../src/provider/pos-profile';
import { PROVIDER_VARIANT_IDS, PROVIDER_VARIANTS, variantFor } from '../../../src/provider/variants';
import { systemLeadSignature, SYSTEMLEAD_LIMITS } from '../../../src/provider/variants/systemlead';
import { ProviderVariantSetting } from '../../../src/shared/ipc/contract/settings';
import { taipeiDateTime } from '../../../src/shared/domain';

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
const donation: PosOrderData = { ...order, PrintMark: 'N', NPOBAN: '8585' };
const business: PosOrderData = {
  ...order,
  InvoiceFor: 'B',
  BuyerID: '04595252',
  BuyerName: '範例股份有限公司',
  BuyerInvoiceTitle: '範例股份有限公司',
  SalesAmount: 143,
  TaxAmount: 7,
};
const response = (body: unknown) =>
  ({ kind: 'response', status: 200, body: JSON.stringify(body), elapsedMs: 1 }) as const;
const systemlead = variantFor('systemlead');
const SELLER = '24549210';
/** The training service's clock at the order's time: SystemLead's order carries none (Receipt.md). */
const AT_ORDER = { now: new Date('2026-11-23T02:00:00Z'), companyId: SELLER };
const profile = variantFor('profile');

/** SystemLead's documented success element (CHT/b2bJsonSample.md). */
const SAMPLE_SUCCESS = {
  InvoiceID: 'CA89430015',
  InvoiceDateTime: '2017-06-12T12:34:56',
  AuthCode: '113B2C2E-81E3-41B5-B77F-656598B8BAEF',
};

describe('provider variants', () => {
  it('SystemLead signature: the known answer of the profile (§6)', () => {
    expect(systemLeadSignature('1490714051', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe(
      '42AFE0433C4EB08B9266E3B50C72A9D11D4946DC79B7AFD4B73AE9175185644B',
    );
    expect(systemlead.sign('24549210', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '1490714051')).toBe(
      '42AFE0433C4EB08B9266E3B50C72A9D11D4946DC79B7AFD4B73AE9175185644B',
    );
  });

  it('the order data carries a random code the till drew (4 digits), or the one given', () => {
    const input = {
      orderNo: 'T1-20261123-000001',
      invoiceDateTime: '2026-11-23T10:00:00',
      deviceId: 'T1',
      operation: 'order' as const,
      invoiceFor: 'C' as const,
      taxType: '1' as const,
      salesAmount: 150,
      freeTaxSalesAmount: 0,
      zeroTaxSalesAmount: 0,
      taxAmount: 0,
      totalAmount: 150,
      lines: [{ name: '便當', quantity: 1, unitPrice: 150, subTotal: 150, itemTaxType: '1' as const }],
    };
    const codes = new Set(Array.from({ length: 40 }, () => toPosOrderData(input).RandomNumber));
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(codes.size, 'drawn, not fixed').toBeGreaterThan(1);
    expect(toPosOrderData({ ...input, randomNumber: '0007' }).RandomNumber).toBe('0007');
  });

  it('the profile is the default, signs as before, and does not send the till’s random code', () => {
    expect(variantFor(undefined).id).toBe('profile');
    expect(variantFor(undefined).sign('24549210', 's', '1')).toBe(signRequest('24549210', 's', '1'));
    const wire = JSON.parse(
      signedBody({ companyId: '24549210', apiKey: 'k', signingSecret: 's' }, '1', order).json,
    );
    const { RandomNumber: _notSent, ...sent } = order;
    expect(wire).toEqual({
      CompanyID: '24549210',
      Timestamp: '1',
      Signature: signRequest('24549210', 's', '1'),
      Data: sent,
    });
    // Its service allocates the code: one in a request is no part of the order.
    expect(profile.fromWireOrder({ ...sent, RandomNumber: '1234' })).toEqual({ ok: true, data: sent });
    expect(profile.refuseOrder({ ...order, DeviceID: 'TILL00000001' })).toBeNull();
    expect(profile.sendsPrintData).toBe(true);
  });

  it('SystemLead wire body (C): RelateNumber, UseFor, PrintMark, RandomNumber, DonateMark N; its recipe', () => {
    const body = signedBody(
      { companyId: '24549210', apiKey: 'k', signingSecret: 'salt', variant: 'systemlead' },
      '1490714051',
      order,
    );
    const wire = JSON.parse(body.json);
    expect(wire.Signature).toBe(systemLeadSignature('1490714051', 'salt'));
    expect(wire.Data).toMatchObject({
      RelateNumber: order.BillingNo,
      UseFor: 'T1',
      PrintMark: 'Y',
      RandomNumber: '0427',
      DonateMark: 'N',
    });
    // PrintWithDetail drives SystemLead's own printer: never sent (this till prints).
    for (const field of ['BillingNo', 'DeviceID', 'PrintWithDetail', 'CheckNumber'])
      expect(wire.Data).not.toHaveProperty(field);
    expect(systemlead.fromWireOrder(wire.Data, AT_ORDER)).toEqual({ ok: true, data: order });
  });

  it('SystemLead DonateMark is Y with a love code, N without, never for B; B sends CheckNumber', () => {
    expect(systemlead.toWireOrder(donation, SELLER)).toMatchObject({
      DonateMark: 'Y',
      NPOBAN: '8585',
      PrintMark: 'N',
    });
    expect(systemlead.toWireOrder(order, SELLER)).toMatchObject({ DonateMark: 'N' });
    const b = systemlead.toWireOrder({ ...business, BuyerEmailAddress: 'a@b.tw', Note: '備註' }, SELLER);
    expect(b).toMatchObject({ CheckNumber: '0427', BuyerEmail: 'a@b.tw', MainRemark: '備註' });
    for (const field of ['DonateMark', 'RandomNumber', 'BuyerEmailAddress', 'Note'])
      expect(b).not.toHaveProperty(field);
    expect(systemlead.fromWireOrder(b, AT_ORDER)).toEqual({
      ok: true,
      data: { ...business, BuyerEmailAddress: 'a@b.tw', Note: '備註' },
    });
  });

  it('the training service’s reading of SystemLead orders refuses what SystemLead would', () => {
    const wire = systemlead.toWireOrder(order, SELLER);
    const donate = systemlead.toWireOrder(donation, SELLER);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...wire, DonateMark: '0' }, /DonateMark must be Y or N/],
      [{ ...donate, DonateMark: '1' }, /DonateMark must be Y or N/],
      [{ ...wire, DonateMark: 'Y' }, /exactly when NPOBAN/],
      [{ ...donate, DonateMark: 'N' }, /exactly when NPOBAN/],
      [{ ...donate, PrintMark: 'Y' }, /DonateMark must be N when PrintMark is Y/],
      [{ ...wire, BillingNo: 'x' }, /BillingNo is not a field/],
      [{ ...wire, UseFor: 'T01' }, /UseFor is longer than 2/],
      [{ ...wire, RelateNumber: 'X'.repeat(21) }, /RelateNumber is longer than 20/],
      [{ ...wire, RandomNumber: '42' }, /RandomNumber must be 4 digits/],
      [{ ...wire, RandomNumber: undefined }, /RandomNumber is required when PrintMark is Y/],
      [{ ...wire, CheckNumber: '1234' }, /CheckNumber is not a field of a C invoice/],
      [
        { ...systemlead.toWireOrder(business, SELLER), DonateMark: 'Y' },
        /DonateMark must be N or absent for B/,
      ],
    ];
    for (const [data, message] of refusals) {
      const read = systemlead.fromWireOrder(JSON.parse(JSON.stringify(data)), AT_ORDER);
      expect(read.ok, JSON.stringify(data)).toBe(false);
      if (!read.ok) expect(read.message).toMatch(message);
    }
    // Not printed and no code: SystemLead draws one itself (Receipt.md); the service then does.
    const { RandomNumber: _none, ...carrier } = systemlead.toWireOrder({ ...order, PrintMark: 'N' }, SELLER);
    expect(systemlead.fromWireOrder(carrier, AT_ORDER)).toMatchObject({ ok: true });
  });

  it('SystemLead refuses, bilingual and before anything is sent, a DeviceID longer than UseFor', () => {
    expect(SYSTEMLEAD_LIMITS.UseFor).toBe(2);
    expect(systemlead.refuseOrder(order)).toBeNull();
    const refusal = systemlead.refuseOrder({ ...order, DeviceID: 'T01' });
    expect(refusal?.zh).toMatch(/收銀機編號「T01」.*UseFor.*最多 2 個字元/);
    expect(refusal?.en).toMatch(/till id "T01".*UseFor.*at most 2.*nothing was sent/);
    expect(systemlead.refuseOrder({ ...order, BillingNo: 'X'.repeat(21) })?.en).toMatch(/RelateNumber/);
    // A sale journaled without the till's code (an earlier version): SystemLead could not be told.
    const { RandomNumber: _old, ...earlier } = order;
    expect(systemlead.refuseOrder(earlier)?.en).toMatch(/no random code chosen by the till/);
  });

  it('SystemLead answers: the random code is the one sent, never AuthCode; no print data expected', () => {
    const issued = classify('order', order, response([SAMPLE_SUCCESS]), systemlead);
    expect(issued).toMatchObject({
      kind: 'issued',
      response: {
        InvoiceNumber: 'CA89430015',
        // Receipt.md: InvoiceDateTime is UTC; the journal keeps Taipei time (+8 h).
        InvoiceDateTime: '2017-06-12T20:34:56',
        RandomNumber: '0427',
        BillingNo: order.BillingNo,
      },
      missing: [],
      printData: null,
      printDataError: null,
      tillBuildsProof: true,
    });
    expect(JSON.stringify(issued)).not.toContain(SAMPLE_SUCCESS.AuthCode);
    // The profile's provider sends print data: there its absence is still recorded.
    expect(
      classify(
        'order',
        order,
        response({
          StatusCode: 1,
          ResultMessage: 'ok',
          BillingNo: order.BillingNo,
          InvoiceNumber: 'AB12345678',
          InvoiceDateTime: '2026-11-23T10:00:00',
          RandomNumber: '1111',
        }),
      ),
    ).toMatchObject({ kind: 'issued', missing: ['PrintDataString'] });
    expect(
      classify('orderWithoutPrint', donation, response([SAMPLE_SUCCESS]), systemlead),
    ).not.toHaveProperty('tillBuildsProof');
  });

  it('the random code round trip: till → SystemLead wire → training answer → till', () => {
    const wire = systemlead.toWireOrder(business, SELLER);
    const back = systemlead.fromWireOrder(wire, AT_ORDER);
    expect(back).toMatchObject({ ok: true, data: { RandomNumber: '0427' } });
    const answer = systemlead.toWireAnswer({
      StatusCode: 1,
      ResultMessage: 'Invoice issued',
      BillingNo: business.BillingNo,
      InvoiceNumber: 'TR00000001',
      InvoiceDateTime: business.InvoiceDateTime,
      RandomNumber: '0427',
      PrintDataString: '{}',
    }) as Array<Record<string, unknown>>;
    expect(answer).toHaveLength(1);
    expect(Object.keys(answer[0]!).sort()).toEqual(['AuthCode', 'InvoiceDateTime', 'InvoiceID']);
    expect(answer[0]!.AuthCode).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    expect(systemlead.readAnswer(answer, business)).toMatchObject({
      StatusCode: 1,
      InvoiceNumber: 'TR00000001',
      RandomNumber: '0427',
      BillingNo: business.BillingNo,
    });
  });

  it('SystemLead failures map onto the same outcome kinds, its documented shapes included', () => {
    expect(
      classify(
        'order',
        order,
        response([
          {
            InvoiceID: 'CA89430016',
            InvoiceDateTime: '2017-06-12T12:34:34',
            Message: 'Append Inovice Error!!',
          },
        ]),
        systemlead,
      ),
    ).toMatchObject({ kind: 'rejected', reason: 'Append Inovice Error!!', statusCode: 0 });
    expect(classify('order', order, response([{ Message: '簽章驗證錯誤' }]), systemlead)).toMatchObject({
      kind: 'rejected',
      reason: 'Signature mismatch',
    });
    expect(
      classify('order', order, response([{ Message: 'Timestamp already used' }]), systemlead),
    ).toMatchObject({ kind: 'rejected', retryWithFreshTimestamp: true });
    expect(
      classify('order', order, response([{ Message: 'Duplicate BillingNo' }]), systemlead),
    ).toMatchObject({ kind: 'unknown', duplicateBillingNo: true });
  });

  it('an answer the variant cannot read is unknown, never a guess', () => {
    const cases: unknown[] = [
      { StatusCode: 1, ResultMessage: 'ok', BillingNo: order.BillingNo, InvoiceNumber: 'AB12345678' },
      [],
      [{ InvoiceID: 'AB12345678' }],
      [{ Message: 'a' }, { Message: 'b' }],
      [{ ...SAMPLE_SUCCESS, Message: 'both' }],
      [{ ...SAMPLE_SUCCESS, AuthCode: '' }],
      [{ ...SAMPLE_SUCCESS, InvoiceID: 'not a number' }],
      [{ ...SAMPLE_SUCCESS, RelateNumber: 'other' }],
      [null],
      [[SAMPLE_SUCCESS]],
    ];
    for (const body of cases) {
      expect(
        classify('orderWithoutPrint', order, response(body), systemlead).kind,
        JSON.stringify(body),
      ).toBe('unknown');
    }
    // Without the code the till sent, the issue result is incomplete: unknown, not a made-up code.
    expect(
      classify('order', { BillingNo: order.BillingNo }, response([SAMPLE_SUCCESS]), systemlead),
    ).toMatchObject({
      kind: 'unknown',
      reason: expect.stringContaining('RandomNumber'),
    });
    // The profile cannot read SystemLead's answers either.
    expect(classify('order', order, response([{ Message: 'Signature mismatch' }])).kind).toBe('unknown');
  });

  it('the settings contract offers exactly the variants of the adapter', () => {
    expect(ProviderVariantSetting.options).toEqual([...PROVIDER_VARIANT_IDS]);
    expect(Object.keys(PROVIDER_VARIANTS)).toEqual([...PROVIDER_VARIANT_IDS]);
  });
});

/** Canonical orders as the till makes them: the fields any variant must carry unchanged. */
const detailArb = fc.record({
  DetailID: fc.stringMatching(/^\d{3}$/),
  ProductName: fc.string({ minLength: 1, maxLength: 20 }),
  Quantity: fc.integer({ min: 1, max: 1000 }),
  UnitPrice: fc.integer({ min: -500, max: 5000 }),
  SubTotal: fc.integer({ min: -500_000, max: 5_000_000 }),
  ItemTaxType: fc.constantFrom('1' as const, '2' as const, '3' as const),
});
const orderArb: fc.Arbitrary<PosOrderData> = fc
  .record(
    {
      BillingNo: fc.stringMatching(/^[A-Z0-9]{1,2}-\d{8}-\d{6}$/),
      RandomNumber: fc.stringMatching(/^\d{4}$/),
      InvoiceDateTime: fc.constant('2026-11-23T10:00:00'),
      InvoiceFor: fc.constantFrom('B' as const, 'C' as const),
      BuyerID: fc.stringMatching(/^\d{8}$/),
      BuyerName: fc.string({ minLength: 1, maxLength: 10 }),
      BuyerInvoiceTitle: fc.string({ minLength: 1, maxLength: 10 }),
      BuyerEmailAddress: fc.emailAddress(),
      Note: fc.string({ maxLength: 20 }),
      PrintMark: fc.constantFrom('Y' as const, 'N' as const),
      TaxType: fc.constantFrom('1' as const, '2' as const, '3' as const, '9' as const),
      SalesAmount: fc.nat(),
      FreeTaxSalesAmount: fc.nat(),
      ZeroTaxSalesAmount: fc.nat(),
      TaxAmount: fc.nat(),
      TotalAmount: fc.nat(),
      carrier: fc.option(fc.constantFrom(['3J0002', '/ABC+123'], ['CQ0001', 'AB12345678901234'])),
      NPOBAN: fc.option(fc.stringMatching(/^\d{3,7}$/)),
      DeviceID: fc.stringMatching(/^[A-Z0-9]{1,2}$/),
      Details: fc.array(detailArb, { minLength: 1, maxLength: 4 }),
    },
    {
      requiredKeys: [
        'BillingNo',
        'RandomNumber',
        'InvoiceDateTime',
        'InvoiceFor',
        'BuyerID',
        'BuyerName',
        'PrintMark',
        'TaxType',
        'SalesAmount',
        'FreeTaxSalesAmount',
        'ZeroTaxSalesAmount',
        'TaxAmount',
        'TotalAmount',
        'carrier',
        'NPOBAN',
        'DeviceID',
        'Details',
      ],
    },
  )
  .map(({ carrier, NPOBAN, ...rest }) => {
    const data: PosOrderData = { ...rest };
    if (carrier) {
      data.CarrierType = carrier[0];
      data.CarrierId = carrier[1];
      data.PrintMark = 'N';
    }
    // A donation is a consumer's, and nothing is printed for it (profile §3).
    if (NPOBAN && data.InvoiceFor === 'C') {
      data.NPOBAN = NPOBAN;
      data.PrintMark = 'N';
    }
    return data;
  });

describe('property: canonical orders survive the wire in every variant', () => {
  it.each(PROVIDER_VARIANT_IDS)(
    '%s: fromWireOrder(toWireOrder(order)) is what the variant sends of it',
    (id) => {
      const variant = variantFor(id);
      fc.assert(
        fc.property(orderArb, (data) => {
          // Through JSON, as on the wire.
          const wire = JSON.parse(JSON.stringify(variant.toWireOrder(data, SELLER))) as Record<
            string,
            unknown
          >;
          const back = variant.fromWireOrder(wire, AT_ORDER);
          // The profile's service allocates the random code: it is the one field not sent.
          // SystemLead's order mode sends no InvoiceDateTime: the service's clock is the time.
          const { RandomNumber: _allocated, ...withoutCode } = data;
          const expected =
            variant.id === 'profile'
              ? withoutCode
              : { ...data, InvoiceDateTime: taipeiDateTime(AT_ORDER.now) };
          expect(back).toEqual({ ok: true, data: expected });
          expect(variant.refuseOrder(data)).toBeNull();
        }),
        { numRuns: 300 },
      );
    },
  );
});

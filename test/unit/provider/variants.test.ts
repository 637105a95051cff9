import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/main/invoice-service/outcome';
import { signedBody } from '../../../src/main/invoice-service/signing';
import { signRequest, type PosOrderData } from '../../../src/provider/pos-profile';
import { PROVIDER_VARIANT_IDS, PROVIDER_VARIANTS, variantFor } from '../../../src/provider/variants';
import { systemLeadSignature } from '../../../src/provider/variants/systemlead';
import { ProviderVariantSetting } from '../../../src/shared/ipc/contract/settings';

const order: PosOrderData = {
  BillingNo: 'T01-20261123-0001',
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
  DeviceID: 'T01',
  Details: [
    { DetailID: '001', ProductName: '便當', Quantity: 1, UnitPrice: 150, SubTotal: 150, ItemTaxType: '1' },
  ],
};
const response = (body: unknown) =>
  ({ kind: 'response', status: 200, body: JSON.stringify(body), elapsedMs: 1 }) as const;
const systemlead = variantFor('systemlead');

describe('provider variants', () => {
  it('SystemLead signature: the known answer of the profile (§6)', () => {
    expect(systemLeadSignature('1490714051', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe(
      '42AFE0433C4EB08B9266E3B50C72A9D11D4946DC79B7AFD4B73AE9175185644B',
    );
    expect(systemlead.sign('24549210', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '1490714051')).toBe(
      '42AFE0433C4EB08B9266E3B50C72A9D11D4946DC79B7AFD4B73AE9175185644B',
    );
  });

  it('the profile is the default and signs as before', () => {
    expect(variantFor(undefined).id).toBe('profile');
    expect(variantFor(undefined).sign('24549210', 's', '1')).toBe(signRequest('24549210', 's', '1'));
    const wire = JSON.parse(
      signedBody({ companyId: '24549210', apiKey: 'k', signingSecret: 's' }, '1', order).json,
    );
    expect(wire).toEqual({
      CompanyID: '24549210',
      Timestamp: '1',
      Signature: signRequest('24549210', 's', '1'),
      Data: order,
    });
  });

  it('SystemLead wire body: renamed fields, DonateMark, its recipe; the way back restores the order', () => {
    const body = signedBody(
      { companyId: '24549210', apiKey: 'k', signingSecret: 'salt', variant: 'systemlead' },
      '1490714051',
      { ...order, NPOBAN: '8585' },
    );
    const wire = JSON.parse(body.json);
    expect(wire.Signature).toBe(systemLeadSignature('1490714051', 'salt'));
    expect(wire.Data).toMatchObject({
      RelateNumber: order.BillingNo,
      UseFor: 'T01',
      PrintWithDetail: 'Y',
      DonateMark: '1',
    });
    expect(wire.Data).not.toHaveProperty('BillingNo');
    expect(wire.Data).not.toHaveProperty('DeviceID');
    expect(systemlead.fromWireOrder(wire.Data)).toEqual({ ok: true, data: { ...order, NPOBAN: '8585' } });
    expect(systemlead.fromWireOrder({ ...wire.Data, DonateMark: '0' })).toMatchObject({ ok: false });
    expect(systemlead.fromWireOrder({ ...wire.Data, BillingNo: 'x' })).toMatchObject({ ok: false });
  });

  it('SystemLead answers map onto the same outcome kinds', () => {
    const issued = classify(
      'orderWithoutPrint',
      order.BillingNo,
      response([{ InvoiceID: 'AB12345678', InvoiceDateTime: '2026-11-23T10:00:00', AuthCode: '0427' }]),
      systemlead,
    );
    expect(issued).toMatchObject({
      kind: 'issued',
      response: { InvoiceNumber: 'AB12345678', RandomNumber: '0427', BillingNo: order.BillingNo },
    });
    expect(
      classify('order', order.BillingNo, response([{ Message: 'TaxAmount is wrong' }]), systemlead),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'TaxAmount is wrong',
      statusCode: 0,
    });
    expect(
      classify('order', order.BillingNo, response([{ Message: 'Timestamp already used' }]), systemlead),
    ).toMatchObject({ kind: 'rejected', retryWithFreshTimestamp: true });
    expect(
      classify('order', order.BillingNo, response([{ Message: 'Duplicate BillingNo' }]), systemlead),
    ).toMatchObject({ kind: 'unknown', duplicateBillingNo: true });
  });

  it('an answer the variant cannot read is unknown, never a guess', () => {
    const cases: unknown[] = [
      { StatusCode: 1, ResultMessage: 'ok', BillingNo: order.BillingNo, InvoiceNumber: 'AB12345678' },
      [],
      [{ InvoiceID: 'AB12345678' }],
      [{ Message: 'a' }, { Message: 'b' }],
      [{ InvoiceID: 'AB12345678', InvoiceDateTime: '2026-11-23T10:00:00', AuthCode: 'x' }],
      [
        {
          InvoiceID: 'AB12345678',
          InvoiceDateTime: '2026-11-23T10:00:00',
          AuthCode: '0427',
          RelateNumber: 'other',
        },
      ],
    ];
    for (const body of cases) {
      expect(
        classify('orderWithoutPrint', order.BillingNo, response(body), systemlead).kind,
        JSON.stringify(body),
      ).toBe('unknown');
    }
    // The profile cannot read SystemLead's answers either.
    expect(classify('order', order.BillingNo, response([{ Message: 'Signature mismatch' }])).kind).toBe(
      'unknown',
    );
  });

  it('the settings contract offers exactly the variants of the adapter', () => {
    expect(ProviderVariantSetting.options).toEqual([...PROVIDER_VARIANT_IDS]);
    expect(Object.keys(PROVIDER_VARIANTS)).toEqual([...PROVIDER_VARIANT_IDS]);
  });
});

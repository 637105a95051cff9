import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosOrderData } from '../../../src/main/invoice-service/pos-profile';
import { lineSubtotal, taipeiDateTime } from '../../../src/shared/domain';
import { sampleOrder } from '../../support/pos-client';
import { startService, type RunningService } from './harness';

// The service's business checks (provider profile §3), each with its exact ResultMessage, each
// over HTTP against the real service; a refused order leaves nothing issued.
type Order = Record<string, unknown> & Partial<PosOrderData>;
let serial = 0;
const nextNo = () => `RULE-${++serial}`;
/** A sample order as a loosely typed record, to be bent by the cases below. */
const sample = (...args: Parameters<typeof sampleOrder>): Order => ({ ...sampleOrder(...args) });
const consumer = (overrides: Order = {}): Order => ({ ...sampleOrder(nextNo()), ...overrides });
const business = (overrides: Order = {}): Order => ({
  ...sampleOrder(nextNo(), { buyerTaxId: '04595252' }),
  ...overrides,
});
const without = (order: Order, key: string): Order => {
  const copy = { ...order };
  delete copy[key];
  return copy;
};
const withLine = (order: Order, index: number, patch: Record<string, unknown>): Order => ({
  ...order,
  Details: order.Details!.map((line, i) => (i === index ? { ...line, ...patch } : line)),
});
const hoursFromNow = (hours: number) => taipeiDateTime(new Date(Date.now() + hours * 3_600_000));
const line = (
  name: string,
  quantity: number,
  unitPrice: number,
  taxType: 'taxable' | 'zero' | 'exempt' = 'taxable',
) => ({
  name,
  quantity,
  unitPrice,
  taxType,
});

/** A consumer order with these taxable lines, amounts summed as sent (no check of the total). */
const consumerWithLines = (lines: Array<[string, number, number]>): Order => {
  const details = lines.map(([name, quantity, unitPrice], i) => ({
    DetailID: String(i + 1).padStart(3, '0'),
    ProductName: name,
    Quantity: quantity,
    UnitPrice: unitPrice,
    SubTotal: lineSubtotal(quantity, unitPrice),
    ItemTaxType: '1' as const,
  }));
  const total = details.reduce((sum, detail) => sum + detail.SubTotal, 0);
  return consumer({ Details: details, SalesAmount: total, TotalAmount: total });
};

const rejections: Array<[string, Order, string]> = [
  // Required fields and their formats.
  ['no BillingNo', without(consumer(), 'BillingNo'), 'BillingNo is required'],
  [
    'BillingNo with a space',
    consumer({ BillingNo: 'A 1' }),
    'BillingNo must be printable ASCII without spaces',
  ],
  ['BillingNo too long', consumer({ BillingNo: 'B'.repeat(41) }), 'BillingNo is longer than 40 characters'],
  ['BillingNo not a string', consumer({ BillingNo: 12 as unknown as string }), 'BillingNo must be a string'],
  ['no InvoiceDateTime', without(consumer(), 'InvoiceDateTime'), 'InvoiceDateTime is required'],
  [
    'InvoiceDateTime with slashes',
    consumer({ InvoiceDateTime: '2026/11/20 10:00:00' }),
    'InvoiceDateTime must be YYYY-MM-DDTHH:mm:ss (Asia/Taipei)',
  ],
  [
    'InvoiceDateTime on 30 February',
    consumer({ InvoiceDateTime: '2026-02-30T10:00:00' }),
    'InvoiceDateTime must be YYYY-MM-DDTHH:mm:ss (Asia/Taipei)',
  ],
  [
    'InvoiceDateTime an hour ahead',
    consumer({ InvoiceDateTime: hoursFromNow(1) }),
    'InvoiceDateTime is in the future',
  ],
  [
    'InvoiceDateTime 49 hours old',
    consumer({ InvoiceDateTime: hoursFromNow(-49) }),
    'InvoiceDateTime is more than 48 hours old',
  ],
  ['no InvoiceFor', without(consumer(), 'InvoiceFor'), 'InvoiceFor is required'],
  ['InvoiceFor X', consumer({ InvoiceFor: 'X' as 'C' }), 'InvoiceFor must be B or C'],
  ['no BuyerName', without(consumer(), 'BuyerName'), 'BuyerName is required'],
  ['blank BuyerName', consumer({ BuyerName: '   ' }), 'BuyerName is required'],
  ['BuyerName a number', consumer({ BuyerName: 42 as unknown as string }), 'BuyerName must be a string'],
  [
    'bad e-mail',
    consumer({ BuyerEmailAddress: 'not-an-email' }),
    'BuyerEmailAddress is not a valid e-mail address',
  ],
  ['PrintMark X', consumer({ PrintMark: 'X' as 'Y' }), 'PrintMark must be Y or N'],
  ['TaxType 4', consumer({ TaxType: '4' as '1' }), 'TaxType must be 1, 2, 3 or 9'],
  ['TaxType as a number', consumer({ TaxType: 1 as unknown as '1' }), 'TaxType must be 1, 2, 3 or 9'],
  ['no SalesAmount', without(consumer(), 'SalesAmount'), 'SalesAmount is required'],
  [
    'SalesAmount as text',
    consumer({ SalesAmount: '185' as unknown as number }),
    'SalesAmount must be a whole number of NT$',
  ],
  ['SalesAmount with cents', consumer({ SalesAmount: 184.5 }), 'SalesAmount must be a whole number of NT$'],
  ['no TotalAmount', without(consumer(), 'TotalAmount'), 'TotalAmount is required'],
  ['no TaxAmount', without(consumer(), 'TaxAmount'), 'TaxAmount is required'],
  ['no DeviceID', without(consumer(), 'DeviceID'), 'DeviceID is required'],
  ['Note too long', consumer({ Note: 'n'.repeat(201) }), 'Note is longer than 200 characters'],
  ['no Details', without(consumer(), 'Details'), 'Details must have at least one line'],
  ['empty Details', consumer({ Details: [] }), 'Details must have at least one line'],
  [
    '1000 lines',
    consumer({ Details: Array.from({ length: 1000 }, () => sampleOrder('x').Details[0]!) }),
    'Details has more than 999 lines',
  ],
  [
    'a line that is text',
    consumer({ Details: ['coffee'] as unknown as PosOrderData['Details'] }),
    'Details[0] must be an object',
  ],
  [
    'a line without DetailID',
    withLine(consumer(), 0, { DetailID: undefined }),
    'Details[0].DetailID is required',
  ],
  ['a line without name', withLine(consumer(), 0, { ProductName: '' }), 'Details[0].ProductName is required'],
  [
    'a name with a colon',
    withLine(consumer(), 1, { ProductName: '司康:原味' }),
    'Details[1].ProductName: A product name cannot contain ":"',
  ],
  ['quantity 0', withLine(consumer(), 0, { Quantity: 0 }), 'Details[0].Quantity must be a non-zero number'],
  [
    'unit price as text',
    withLine(consumer(), 0, { UnitPrice: '65' }),
    'Details[0].UnitPrice must be a number',
  ],
  [
    'a line subtotal off by one',
    withLine(consumer(), 0, { SubTotal: 131 }),
    'Details[0].SubTotal must be Quantity × UnitPrice rounded (expected 130)',
  ],
  [
    'ItemTaxType 4',
    withLine(consumer(), 0, { ItemTaxType: '4' }),
    'Details[0].ItemTaxType must be 1, 2 or 3',
  ],

  // B and C.
  ['C with a tax ID in BuyerID', consumer({ BuyerID: '04595252' }), 'BuyerID must be 0000000000 for C'],
  [
    'B without a tax ID',
    business({ BuyerID: '0000000000' }),
    'BuyerID must be the 8-digit buyer tax ID for B',
  ],
  [
    'B with a bad check digit',
    business({ BuyerID: '04595253' }),
    'BuyerID is not a valid tax ID (check digit)',
  ],
  ['B without a title', without(business(), 'BuyerInvoiceTitle'), 'BuyerInvoiceTitle is required for B'],
  ['B with a blank title', business({ BuyerInvoiceTitle: '  ' }), 'BuyerInvoiceTitle is required for B'],
  [
    'B with a long title',
    business({ BuyerInvoiceTitle: '公'.repeat(61) }),
    'BuyerInvoiceTitle is longer than 60 characters',
  ],
  ['B with mixed tax', business({ TaxType: '9' }), 'TaxType 9 (mixed) is allowed only for C'],
  [
    'B with a donation',
    business({ NPOBAN: '168', PrintMark: 'N' }),
    'Donation (NPOBAN) is not allowed with a buyer tax ID',
  ],
  [
    'B with a citizen certificate',
    business({ CarrierType: 'CQ0001', CarrierId: 'AB12345678901234', PrintMark: 'N' }),
    'CarrierType CQ0001 is not allowed with a buyer tax ID (only 3J0002)',
  ],
  [
    'C with tax',
    consumer({ TaxAmount: 9, TotalAmount: 194 }),
    'TaxAmount must be 0 for C (amounts include tax)',
  ],
  [
    'B with 5 % off by more than 1',
    business({ TaxAmount: 12, TotalAmount: 188 }),
    'TaxAmount must be 5% of SalesAmount, ±1 (expected 9)',
  ],
  [
    'a line of another tax type without TaxType 9',
    withLine(consumer(), 1, { ItemTaxType: '3' }),
    'Details[1].ItemTaxType must equal TaxType 1 unless TaxType is 9 (C only)',
  ],

  // Header sums against the lines.
  [
    'SalesAmount off',
    consumer({ SalesAmount: 184, TotalAmount: 184 }),
    'SalesAmount must be the sum of the taxable lines (expected 185)',
  ],
  [
    'ZeroTaxSalesAmount off',
    consumer({ ZeroTaxSalesAmount: 5, TotalAmount: 190 }),
    'ZeroTaxSalesAmount must be the sum of the zero-rated lines (expected 0)',
  ],
  [
    'FreeTaxSalesAmount off',
    consumer({ FreeTaxSalesAmount: 5, TotalAmount: 190 }),
    'FreeTaxSalesAmount must be the sum of the tax-exempt lines (expected 0)',
  ],
  [
    'TotalAmount off',
    consumer({ TotalAmount: 186 }),
    'TotalAmount must be SalesAmount + TaxAmount + ZeroTaxSalesAmount + FreeTaxSalesAmount (expected 185)',
  ],
  [
    'a zero total',
    consumerWithLines([['外帶杯', 1, 0]]),
    'TotalAmount must be greater than 0: no invoice for a zero or negative total',
  ],
  [
    'a discount that cancels the sale',
    consumerWithLines([
      ['蛋糕', 1, 100],
      ['折扣', 1, -100],
    ]),
    'TotalAmount must be greater than 0: no invoice for a zero or negative total',
  ],
  ['a negative total', consumerWithLines([['退貨', 1, -100]]), 'SalesAmount cannot be negative'],

  // Carriers and love codes.
  [
    'mobile barcode without the slash',
    consumer({ CarrierType: '3J0002', CarrierId: 'ABC1234', PrintMark: 'N' }),
    'CarrierId is not a mobile barcode (3J0002: "/" + 7 of 0-9 A-Z . + -)',
  ],
  [
    'mobile barcode in lower case',
    consumer({ CarrierType: '3J0002', CarrierId: '/abc+123', PrintMark: 'N' }),
    'CarrierId is not a mobile barcode (3J0002: "/" + 7 of 0-9 A-Z . + -)',
  ],
  [
    'mobile barcode too long',
    consumer({ CarrierType: '3J0002', CarrierId: '/ABC12345', PrintMark: 'N' }),
    'CarrierId is not a mobile barcode (3J0002: "/" + 7 of 0-9 A-Z . + -)',
  ],
  [
    'citizen certificate too short',
    consumer({ CarrierType: 'CQ0001', CarrierId: 'AB1234567890123', PrintMark: 'N' }),
    'CarrierId is not a citizen certificate (CQ0001: 2 capital letters + 14 digits)',
  ],
  [
    'unknown carrier type',
    consumer({ CarrierType: '5G0001', CarrierId: 'X', PrintMark: 'N' }),
    'CarrierType must be 3J0002 or CQ0001',
  ],
  [
    'carrier type alone',
    consumer({ CarrierType: '3J0002', PrintMark: 'N' }),
    'CarrierId is required with CarrierType',
  ],
  [
    'carrier id alone',
    consumer({ CarrierId: '/ABC+123', PrintMark: 'N' }),
    'CarrierType is required with CarrierId',
  ],
  [
    'carrier with a printed proof',
    consumer({ CarrierType: '3J0002', CarrierId: '/ABC+123', PrintMark: 'Y' }),
    'PrintMark must be N with a carrier or a donation',
  ],
  [
    'love code of 2 digits',
    consumer({ NPOBAN: '12', PrintMark: 'N' }),
    'NPOBAN (love code) must be 3 to 7 digits',
  ],
  [
    'love code of 8 digits',
    consumer({ NPOBAN: '12345678', PrintMark: 'N' }),
    'NPOBAN (love code) must be 3 to 7 digits',
  ],
  [
    'love code with letters',
    consumer({ NPOBAN: '12A4', PrintMark: 'N' }),
    'NPOBAN (love code) must be 3 to 7 digits',
  ],
  [
    'love code and carrier',
    consumer({ NPOBAN: '168', CarrierType: '3J0002', CarrierId: '/ABC+123', PrintMark: 'N' }),
    'NPOBAN and a carrier cannot both be given',
  ],
  [
    'donation with a printed proof',
    consumer({ NPOBAN: '168', PrintMark: 'Y' }),
    'PrintMark must be N with a carrier or a donation',
  ],
];

const acceptances: Array<[string, Order]> = [
  ['a consumer paper invoice', consumer()],
  ['a mobile barcode with + . -', consumer({ CarrierType: '3J0002', CarrierId: '/AB+1.-9', PrintMark: 'N' })],
  [
    'a citizen certificate',
    consumer({ CarrierType: 'CQ0001', CarrierId: 'AB12345678901234', PrintMark: 'N' }),
  ],
  ['a love code with leading zeros', consumer({ NPOBAN: '001', PrintMark: 'N' })],
  ['a 7-digit love code', consumer({ NPOBAN: '8585858', PrintMark: 'N' })],
  [
    'mixed tax for C',
    sample(nextNo(), {
      lines: [line('咖啡', 2, 65), line('外銷品', 1, 100, 'zero'), line('鮮奶', 1, 40, 'exempt')],
    }),
  ],
  ['weighed goods (fractional quantity)', sample(nextNo(), { lines: [line('散裝咖啡豆', 0.35, 1200)] })],
  ['a discount line', sample(nextNo(), { lines: [line('蛋糕', 2, 100), line('折扣', 1, -30)] })],
  ['a business paper invoice', business()],
  ['a business invoice with tax off by 1', business({ TaxAmount: 10, TotalAmount: 186 })],
  [
    'a business invoice on a mobile barcode',
    business({ CarrierType: '3J0002', CarrierId: '/ABC+123', PrintMark: 'N' }),
  ],
  [
    'a zero-rated business invoice',
    sample(nextNo(), { buyerTaxId: '10458570', lines: [line('外銷品', 3, 200, 'zero')] }),
  ],
  ['a buyer tax ID whose 7th digit is 7', business({ BuyerID: '10458570' })],
  ['an e-mail and a phone', consumer({ BuyerEmailAddress: 'buyer@example.com', BuyerTelNo: '0912345678' })],
];

describe('training service: order rules', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc.dispose();
  });

  it.each(rejections)(
    'refuses %s with a precise ResultMessage and issues nothing',
    async (_name, order, message) => {
      const result = await svc.post('orderWithoutPrint', order);
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ StatusCode: 0, ResultMessage: message });
      if (typeof order.BillingNo === 'string')
        expect(await svc.lookup(order.BillingNo)).toEqual({ found: false });
    },
  );

  it.each(acceptances)('issues %s', async (_name, order) => {
    const result = await svc.post('orderWithoutPrint', order);
    expect(result.json).toMatchObject({ StatusCode: 1, BillingNo: order.BillingNo });
    expect(await svc.lookup(order.BillingNo!)).toMatchObject({ found: true, TotalAmount: order.TotalAmount });
  });

  it('refuses a second order with the same BillingNo, whatever the operation, and issues nothing new', async () => {
    const first = consumer();
    const issued = await svc.post('order', first);
    expect(issued.json).toMatchObject({ StatusCode: 1 });
    for (const operation of ['order', 'orderReturnQKey', 'orderWithoutPrint'] as const) {
      const again = await svc.post(operation, { ...first, TotalAmount: first.TotalAmount, Note: 'retry' });
      expect(again.json).toEqual({ StatusCode: 0, ResultMessage: 'Duplicate BillingNo' });
    }
    const lookup = await svc.lookup(first.BillingNo!);
    expect(lookup).toMatchObject({
      found: true,
      InvoiceNumber: issued.json!.InvoiceNumber,
      Operation: '/Append/Order',
    });
    // No number was used by the refused attempts: the next order gets the very next one.
    const next = await svc.post('order', consumer());
    const number = (value: unknown) => Number(String(value).slice(2));
    expect(number(next.json!.InvoiceNumber)).toBe(number(issued.json!.InvoiceNumber) + 1);
  });
});

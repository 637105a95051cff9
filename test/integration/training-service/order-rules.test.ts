import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosOrderData } from '../../../src/provider/pos-profile';
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
/** A consumer order on a carrier, so without a printed proof unless the overrides say otherwise. */
const onCarrier = (CarrierType: string, CarrierId: string, overrides: Order = {}): Order =>
  consumer({ CarrierType, CarrierId, PrintMark: 'N', ...overrides });
/** A consumer order donated to a love code, so without a printed proof unless the overrides say otherwise. */
const donated = (NPOBAN: string, overrides: Order = {}): Order =>
  consumer({ NPOBAN, PrintMark: 'N', ...overrides });
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

type Rejection = [name: string, order: Order, resultMessage: string];
/** A consumer order without one required header field. */
const missing = (field: keyof PosOrderData): Rejection => [
  `no ${field}`,
  without(consumer(), field),
  `${field} is required`,
];
/** Cases refused with one and the same ResultMessage. */
const refusedWith = (resultMessage: string, cases: Array<[name: string, order: Order]>): Rejection[] =>
  cases.map(([name, order]) => [name, order, resultMessage]);

const rejections: Rejection[] = [
  // Required fields and their formats.
  missing('BillingNo'),
  [
    'BillingNo with a space',
    consumer({ BillingNo: 'A 1' }),
    'BillingNo must be printable ASCII without spaces',
  ],
  ['BillingNo too long', consumer({ BillingNo: 'B'.repeat(41) }), 'BillingNo is longer than 40 characters'],
  ['BillingNo not a string', consumer({ BillingNo: 12 as unknown as string }), 'BillingNo must be a string'],
  missing('InvoiceDateTime'),
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
  missing('InvoiceFor'),
  ['InvoiceFor X', consumer({ InvoiceFor: 'X' as 'C' }), 'InvoiceFor must be B or C'],
  missing('BuyerName'),
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
  missing('SalesAmount'),
  [
    'SalesAmount as text',
    consumer({ SalesAmount: '185' as unknown as number }),
    'SalesAmount must be a whole number of NT$',
  ],
  ['SalesAmount with cents', consumer({ SalesAmount: 184.5 }), 'SalesAmount must be a whole number of NT$'],
  missing('TotalAmount'),
  missing('TaxAmount'),
  missing('DeviceID'),
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
  ...refusedWith('CarrierId is not a mobile barcode (3J0002: "/" + 7 of 0-9 A-Z . + -)', [
    ['mobile barcode without the slash', onCarrier('3J0002', 'ABC1234')],
    ['mobile barcode in lower case', onCarrier('3J0002', '/abc+123')],
    ['mobile barcode too long', onCarrier('3J0002', '/ABC12345')],
  ]),
  [
    'citizen certificate too short',
    onCarrier('CQ0001', 'AB1234567890123'),
    'CarrierId is not a citizen certificate (CQ0001: 2 capital letters + 14 digits)',
  ],
  ['unknown carrier type', onCarrier('5G0001', 'X'), 'CarrierType must be 3J0002 or CQ0001'],
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
  ...refusedWith('NPOBAN (love code) must be 3 to 7 digits', [
    ['love code of 2 digits', donated('12')],
    ['love code of 8 digits', donated('12345678')],
    ['love code with letters', donated('12A4')],
  ]),
  [
    'love code and carrier',
    donated('168', { CarrierType: '3J0002', CarrierId: '/ABC+123' }),
    'NPOBAN and a carrier cannot both be given',
  ],
  ...refusedWith('PrintMark must be N with a carrier or a donation', [
    ['carrier with a printed proof', onCarrier('3J0002', '/ABC+123', { PrintMark: 'Y' })],
    ['donation with a printed proof', donated('168', { PrintMark: 'Y' })],
  ]),
];

const acceptances: Array<[string, Order]> = [
  ['a consumer paper invoice', consumer()],
  ['a mobile barcode with + . -', onCarrier('3J0002', '/AB+1.-9')],
  ['a citizen certificate', onCarrier('CQ0001', 'AB12345678901234')],
  ['a love code with leading zeros', donated('001')],
  ['a 7-digit love code', donated('8585858')],
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

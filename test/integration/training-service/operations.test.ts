import { createCipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parsePrintDataString,
  PosIssued,
  usableQrCodeUrl,
  type PosOrderData,
} from '../../../src/provider/pos-profile';
import { composeQrCodes } from '../../../src/shared/domain';
import { sampleOrder } from '../../support/pos-client';
import { fakeClock, issuedLookup, startService, taipei, type RunningService } from './harness';

// The three operations' answers (provider profile §1), PrintDataString's content, the QR codes.
const qrKey = '000102030405060708090a0b0c0d0e0f';

/** The verification code computed here, apart from the service's own code. */
function independentAes(invoiceNumber: string, randomNumber: string): string {
  const cipher = createCipheriv(
    'aes-128-cbc',
    Buffer.from(qrKey, 'hex'),
    Buffer.from('0edf25c93a28d7b5ff5e45da42f8a1b8', 'hex'),
  );
  return Buffer.concat([cipher.update(`${invoiceNumber}${randomNumber}`, 'ascii'), cipher.final()]).toString(
    'base64',
  );
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

describe('training service: the three operations', () => {
  const clock = fakeClock(taipei('2026-11-20T10:15:30'));
  let svc: RunningService;
  let n = 0;
  const order = (options: Parameters<typeof sampleOrder>[1] = {}) =>
    sampleOrder(`OPS-${++n}`, { at: clock.now(), ...options });
  const post = (operation: 'order' | 'orderReturnQKey' | 'orderWithoutPrint', data: PosOrderData) =>
    svc.post(operation, data, { timestamp: Number(clock.seconds()) - n });

  beforeAll(async () => {
    svc = await startService({
      now: clock.now,
      config: { qrAesKey: qrKey, publicBaseUrl: 'https://bind.example.test/training/' },
    });
  });
  afterAll(async () => {
    await svc.dispose();
  });

  it('/Append/Order issues a consumer invoice with a PrintDataString the till can parse', async () => {
    const data = order();
    const result = await post('order', data);
    const issued = PosIssued.parse(result.json);
    expect(issued).toMatchObject({
      StatusCode: 1,
      ResultMessage: 'Invoice issued',
      BillingNo: data.BillingNo,
      InvoiceDateTime: '2026-11-20T10:15:30',
    });
    expect(issued.InvoiceNumber).toMatch(/^(TR|TS)\d{8}$/);
    expect(issued.RandomNumber).toMatch(/^\d{4}$/);
    expect(result.json).not.toHaveProperty('QKey');
    expect(result.json).not.toHaveProperty('QrCodeUrl');

    const parsed = parsePrintDataString(issued.PrintDataString!);
    if (!parsed.ok) throw new Error(parsed.reason);
    const print = parsed.data;
    expect(print).toMatchObject({
      Version: 1,
      SellerName: '練習商店',
      SellerID: '24549210',
      InvoiceNumber: issued.InvoiceNumber,
      InvoiceDateTime: '2026-11-20T10:15:30',
      RandomNumber: issued.RandomNumber,
      PeriodText: '115年11-12月',
      TotalAmount: 185,
      SalesAmount: 185,
      TaxAmount: 0,
      BuyerID: '',
      FormatCode: '',
      Barcode: `11512${issued.InvoiceNumber}${issued.RandomNumber}`,
      Remark: '',
    });
    expect(print.Details).toEqual([
      { ProductName: '拿鐵咖啡', Quantity: 2, UnitPrice: 65, SubTotal: 130 },
      { ProductName: '司康', Quantity: 1, UnitPrice: 55, SubTotal: 55 },
    ]);

    // The left QR code's 77 fixed characters, field by field.
    const left = print.QRCodeLeft;
    const aes = independentAes(issued.InvoiceNumber, issued.RandomNumber);
    expect(aes).toHaveLength(24);
    expect(left.slice(0, 10)).toBe(issued.InvoiceNumber);
    expect(left.slice(10, 17)).toBe('1151120');
    expect(left.slice(17, 21)).toBe(issued.RandomNumber);
    expect(left.slice(21, 29)).toBe('00000000'); // consumer: tax cannot be separated
    expect(left.slice(29, 37)).toBe(hex8(185));
    expect(left.slice(37, 45)).toBe('00000000');
    expect(left.slice(45, 53)).toBe('24549210');
    expect(left.slice(53, 77)).toBe(aes);
    expect(left.slice(77)).toBe(':**********:2:2:1:拿鐵咖啡:2:65:司康:1:55');
    expect(print.QRCodeRight).toBe('**');
  });

  it('/Append/Order for a buyer tax ID: FormatCode 25, the buyer and the pre-tax amount in the QR code', async () => {
    const data = order({ buyerTaxId: '04595252' });
    const issued = PosIssued.parse((await post('order', data)).json);
    const parsed = parsePrintDataString(issued.PrintDataString!);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.data).toMatchObject({
      FormatCode: '25',
      BuyerID: '04595252',
      SalesAmount: data.SalesAmount,
      TaxAmount: data.TaxAmount,
      TotalAmount: data.TotalAmount,
    });
    const left = parsed.data.QRCodeLeft;
    expect(left.slice(21, 29)).toBe(hex8(data.SalesAmount));
    expect(left.slice(29, 37)).toBe(hex8(data.TotalAmount));
    expect(left.slice(37, 45)).toBe('04595252');
    expect(left.slice(53, 77)).toBe(independentAes(issued.InvoiceNumber, issued.RandomNumber));
  });

  it('/Append/Order with many lines: the QR codes are the shared composition with the real AES code', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => ({
      name: `手工餅乾禮盒第${i + 1}號`,
      quantity: 1,
      unitPrice: 100 + i,
      taxType: 'taxable' as const,
    }));
    const data = order({ lines });
    const issued = PosIssued.parse((await post('order', data)).json);
    const parsed = parsePrintDataString(issued.PrintDataString!);
    if (!parsed.ok) throw new Error(parsed.reason);
    const expected = composeQrCodes({
      invoiceNumber: issued.InvoiceNumber,
      rocDate: '1151120',
      randomNumber: issued.RandomNumber,
      salesAmount: null,
      totalAmount: data.TotalAmount,
      buyerId: '',
      sellerId: '24549210',
      verificationCode: independentAes(issued.InvoiceNumber, issued.RandomNumber),
      items: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.unitPrice })),
    });
    expect(parsed.data.QRCodeLeft).toBe(expected.left);
    expect(parsed.data.QRCodeRight).toBe(expected.right);
    expect(parsed.data.QRCodeRight.startsWith('**')).toBe(true);
    expect(parsed.data.QRCodeRight.length).toBeGreaterThan(2);
    expect(parsed.data.Details).toHaveLength(12);
  });

  it('prints the period of the invoice date: January-February of the next ROC year', async () => {
    clock.set(taipei('2027-01-05T08:00:00'));
    try {
      const issued = PosIssued.parse((await post('order', order())).json);
      const parsed = parsePrintDataString(issued.PrintDataString!);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(parsed.data.PeriodText).toBe('116年01-02月');
      expect(parsed.data.Barcode.slice(0, 5)).toBe('11602');
      expect(parsed.data.QRCodeLeft.slice(10, 17)).toBe('1160105');
    } finally {
      clock.set(taipei('2026-11-20T10:15:30'));
    }
  });

  it('/Append/OrderReturnQKey answers a QKey and an https QrCodeUrl under the public base address', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const data = order();
      const result = await post('orderReturnQKey', data);
      const issued = PosIssued.parse(result.json);
      expect(issued.BillingNo).toBe(data.BillingNo);
      expect(issued.QKey).toMatch(/^[0-9a-f]{32}$/);
      expect(issued.QrCodeUrl).toBe(`https://bind.example.test/training/q/${issued.QKey}`);
      expect(usableQrCodeUrl(issued.QrCodeUrl)).toBe(issued.QrCodeUrl);
      expect(result.json).not.toHaveProperty('PrintDataString');
      keys.add(issued.QKey!);
      expect(await svc.lookup(data.BillingNo)).toMatchObject({ Operation: '/Append/OrderReturnQKey' });
    }
    expect(keys.size).toBe(3);
  });

  it('/Append/OrderWithoutPrint answers the issue result only', async () => {
    const data = order({ overrides: { CarrierType: '3J0002', CarrierId: '/ABC+123', PrintMark: 'N' } });
    const result = await post('orderWithoutPrint', data);
    expect(Object.keys(result.json!).sort()).toEqual(
      ['BillingNo', 'InvoiceDateTime', 'InvoiceNumber', 'RandomNumber', 'ResultMessage', 'StatusCode'].sort(),
    );
    const issued = PosIssued.parse(result.json);
    expect(await svc.lookup(data.BillingNo)).toEqual(issuedLookup(data, issued, '/Append/OrderWithoutPrint'));
  });

  it('draws random codes of 4 digits, not one fixed value', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      codes.add(PosIssued.parse((await post('orderWithoutPrint', order())).json).RandomNumber);
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('answers 404 to another path and 405 to another method', async () => {
    const other = await fetch(`${svc.service.url}/Append/Invoices`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
    const get = await fetch(`${svc.service.url}/Append/Order`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parsePrintDataString } from '../../../src/provider/pos-profile';
import { buildPrintData, verificationCode } from '../../../src/training-service';
import { sampleOrder } from '../../support/pos-client';

describe('training service: verification code and print data', () => {
  it('matches vectors computed with the openssl command line', () => {
    // printf 'AB123456780122' | openssl enc -aes-128-cbc -K 5b3f…2c -iv 0edf…b8 -base64
    expect(verificationCode('AB12345678', '0122', '5b3f1a9c7e2d4b6f8a0c1e3d5f7b9a2c')).toBe(
      'FfqiKonQd3bMbmbTsEHCbg==',
    );
    expect(verificationCode('TR00000000', '1234', '000102030405060708090a0b0c0d0e0f')).toBe(
      'cwJoff2vF6jRGO3N7gHbCQ==',
    );
  });

  it('matches node:crypto for any number and key, and is 24 characters', () => {
    const key = 'ffeeddccbbaa99887766554433221100';
    for (const [number, random] of [
      ['ZZ99999999', '9999'],
      ['AA00000001', '0000'],
    ] as const) {
      const cipher = createCipheriv(
        'aes-128-cbc',
        Buffer.from(key, 'hex'),
        Buffer.from('0edf25c93a28d7b5ff5e45da42f8a1b8', 'hex'),
      );
      const expected = Buffer.concat([cipher.update(number + random), cipher.final()]).toString('base64');
      expect(verificationCode(number, random, key)).toBe(expected);
      expect(verificationCode(number, random, key.toUpperCase())).toBe(expected);
      expect(expected).toHaveLength(24);
    }
  });

  it('refuses inputs it cannot encode rather than guessing', () => {
    expect(() => verificationCode('AB1234567', '0122', '00'.repeat(16))).toThrow(/invoice number/);
    expect(() => verificationCode('AB12345678', '122', '00'.repeat(16))).toThrow(/random code/);
    expect(() => verificationCode('AB12345678', '0122', '00'.repeat(15))).toThrow(/32 hex/);
  });

  it('builds a sample proof that parsePrintDataString accepts', () => {
    const order = sampleOrder('SAMPLE-1', {
      at: new Date('2026-03-01T00:30:00+08:00'),
      buyerTaxId: '10458570',
    });
    const data = buildPrintData({
      sellerName: '範例商店',
      sellerId: '24549210',
      qrAesKey: '5b3f1a9c7e2d4b6f8a0c1e3d5f7b9a2c',
      invoiceNumber: 'AB12345678',
      randomNumber: '0122',
      order,
      remark: '範例',
    });
    const parsed = parsePrintDataString(JSON.stringify(data));
    expect(parsed).toEqual({ ok: true, data });
    expect(data).toMatchObject({
      PeriodText: '115年03-04月',
      Barcode: '11504AB123456780122',
      FormatCode: '25',
      BuyerID: '10458570',
      Remark: '範例',
    });
    expect(data.QRCodeLeft.slice(0, 77)).toBe(
      'AB12345678' +
        '1150301' +
        '0122' +
        order.SalesAmount.toString(16).padStart(8, '0') +
        order.TotalAmount.toString(16).padStart(8, '0') +
        '10458570' +
        '24549210' +
        'FfqiKonQd3bMbmbTsEHCbg==',
    );
  });

  it('refuses an order whose date it cannot read', () => {
    const order = { ...sampleOrder('SAMPLE-2'), InvoiceDateTime: '2026-13-01T00:00:00' };
    expect(() =>
      buildPrintData({
        sellerName: 'x',
        sellerId: '24549210',
        qrAesKey: '00'.repeat(16),
        invoiceNumber: 'AB12345678',
        randomNumber: '0122',
        order,
      }),
    ).toThrow(/InvoiceDateTime/);
  });
});

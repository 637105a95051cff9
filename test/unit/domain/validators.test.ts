import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDERS,
  validateBuyerTaxId,
  validateCarrier,
  validateCitizenCertificate,
  validateLoveCode,
  validateMobileBarcode,
  validateProductName,
} from '../../../src/shared/domain/validators';

const reason = (result: { ok: boolean; reason?: { zh: string; en: string } }) =>
  result.ok ? null : result.reason;

describe('buyer tax ID (統一編號)', () => {
  it('accepts the profile’s known valid numbers', () => {
    expect(validateBuyerTaxId('04595252')).toEqual({ ok: true, value: '04595252' });
    expect(validateBuyerTaxId('10458570')).toEqual({ ok: true, value: '10458570' });
    expect(validateBuyerTaxId(' 04595252 ').ok).toBe(true);
  });

  it('uses the 2023 divisor 5, not only 10', () => {
    // 10458570: weighted digit sum 25, divisible by 5 but not by 10 (valid only since 2023).
    expect(validateBuyerTaxId('10458570').ok).toBe(true);
    // 04595253: one off, the checksum fails.
    expect(validateBuyerTaxId('04595253').ok).toBe(false);
  });

  it('accepts the 7th-digit-7 case when sum + 1 is divisible by 5', () => {
    // 10458574: 7th digit 7; sum 29 (28 counted as 2+8); 29 is not divisible by 5 but 30 is → valid.
    expect(validateBuyerTaxId('10458574').ok).toBe(true);
    // 10458573: 7th digit 7 but sum 28: neither 28 nor 29 divides by 5 → invalid.
    expect(validateBuyerTaxId('10458573').ok).toBe(false);
    // 10458563: sum 24 (sum + 1 = 25), but the 7th digit is 6: no +1 allowance.
    expect(validateBuyerTaxId('10458563').ok).toBe(false);
  });

  it('gives a cashier-readable reason in both languages', () => {
    expect(reason(validateBuyerTaxId('1234567'))?.zh).toBe('統一編號必須是 8 位數字');
    expect(reason(validateBuyerTaxId('1234567a'))?.en).toBe('A tax ID is exactly 8 digits');
    expect(reason(validateBuyerTaxId('12345678'))?.zh).toContain('檢查碼不正確');
    expect(reason(validateBuyerTaxId(''))?.zh).toBe('請輸入統一編號');
    expect(validateBuyerTaxId('00000000').ok).toBe(false);
  });
});

describe('mobile barcode carrier (3J0002)', () => {
  it('accepts / + 7 of 0-9 A-Z . + -, with + as a real character', () => {
    for (const code of ['/ABC+123', '/AB.-+12', '/1234567', '/.......']) {
      expect(validateMobileBarcode(code)).toEqual({ ok: true, value: code });
    }
  });
  it('upper-cases a scan typed in a lowercase layout', () => {
    expect(validateMobileBarcode('/abc+123')).toEqual({ ok: true, value: '/ABC+123' });
  });
  it('refuses wrong lengths, a missing slash and other characters', () => {
    expect(reason(validateMobileBarcode('ABC+1234'))?.zh).toBe('手機條碼以「/」開頭');
    expect(validateMobileBarcode('/ABC123').ok).toBe(false);
    expect(validateMobileBarcode('/ABC12345').ok).toBe(false);
    expect(validateMobileBarcode('/ABC_123').ok).toBe(false);
    expect(validateMobileBarcode('/ABC 123').ok).toBe(false);
  });
});

describe('citizen certificate (CQ0001), love code, carrier by type', () => {
  it('checks 2 letters + 14 digits', () => {
    expect(validateCitizenCertificate('AB12345678901234').ok).toBe(true);
    expect(validateCitizenCertificate('A123456789012345').ok).toBe(false);
    expect(validateCitizenCertificate('AB1234567890123').ok).toBe(false);
  });
  it('keeps leading zeros of a 3-7 digit love code', () => {
    expect(validateLoveCode('001')).toEqual({ ok: true, value: '001' });
    expect(validateLoveCode('8585')).toEqual({ ok: true, value: '8585' });
    expect(validateLoveCode('1234567').ok).toBe(true);
    expect(validateLoveCode('12').ok).toBe(false);
    expect(validateLoveCode('12345678').ok).toBe(false);
    expect(validateLoveCode('12a4').ok).toBe(false);
  });
  it('dispatches on the carrier type and refuses unknown ones', () => {
    expect(validateCarrier('3J0002', '/ABC+123').ok).toBe(true);
    expect(validateCarrier('CQ0001', 'AB12345678901234').ok).toBe(true);
    expect(reason(validateCarrier('XX0000', 'anything'))?.en).toContain('Unsupported carrier type');
  });
  it('refuses a product name with the QR separator', () => {
    expect(validateProductName('咖啡:大杯').ok).toBe(false);
    expect(validateProductName('咖啡 大杯').ok).toBe(true);
  });
});

describe('the placeholders the fields show are valid examples (issue 15)', () => {
  it('passes each validator', () => {
    expect(validateBuyerTaxId(PLACEHOLDERS.taxId).ok).toBe(true);
    expect(validateMobileBarcode(PLACEHOLDERS.mobileBarcode).ok).toBe(true);
    expect(validateCitizenCertificate(PLACEHOLDERS.citizenCertificate).ok).toBe(true);
    expect(validateLoveCode(PLACEHOLDERS.loveCode).ok).toBe(true);
    expect(PLACEHOLDERS.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
  });
});

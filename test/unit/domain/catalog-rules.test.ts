import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDigitOf,
  isValidRetailBarcode,
  MAX_SHELF_PRICE,
  validateBarcode,
  validateShelfPrice,
  withCheckDigit,
} from '../../../src/shared/domain/catalog-rules';

const body = fc.constantFrom(7, 11, 12).chain((length) => fc.stringMatching(new RegExp(`^\\d{${length}}$`)));

/** Issue 28: the catalog's pure rules (check digits, the shelf price's limits), by example and by property. */
describe('retail barcodes', () => {
  it('knows real codes: EAN-13, EAN-8, UPC-A; and names the digit a typo needs', () => {
    expect(isValidRetailBarcode('4710088001177')).toBe(true);
    expect(isValidRetailBarcode('96385074')).toBe(true);
    expect(isValidRetailBarcode('036000291452')).toBe(true);
    expect(validateBarcode('4710088001178')).toEqual({
      ok: false,
      reason: {
        zh: '條碼 4710088001178 的檢查碼不符（最後一碼應為 7）',
        en: 'Barcode 4710088001178 has a wrong check digit (the last digit should be 7)',
      },
    });
    expect(validateBarcode('12345').ok).toBe(false);
    expect(validateBarcode(' 4710088001177 ')).toEqual({ ok: true, value: '4710088001177' });
  });

  it('every body completed with its check digit is valid, and so is no other last digit', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 9 }), (digits, shift) => {
        const code = withCheckDigit(digits);
        expect(isValidRetailBarcode(code)).toBe(true);
        expect(validateBarcode(code).ok).toBe(true);
        const wrong = digits + ((checkDigitOf(digits) + shift) % 10);
        expect(isValidRetailBarcode(wrong)).toBe(false);
        expect(validateBarcode(wrong).ok).toBe(false);
      }),
    );
  });

  it('catches every single-digit typo in the body (what the check digit is for)', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, shift) => {
        const code = withCheckDigit(digits);
        const i = at % digits.length;
        const typo = code.slice(0, i) + ((Number(code[i]) + shift) % 10) + code.slice(i + 1);
        expect(isValidRetailBarcode(typo)).toBe(false);
      }),
    );
  });
});

describe('shelf prices', () => {
  it('takes whole dollars from 1 to the limit, typed or as numbers', () => {
    expect(validateShelfPrice(35)).toEqual({ ok: true, value: 35 });
    expect(validateShelfPrice('NT$1,200')).toEqual({ ok: true, value: 1200 });
    expect(validateShelfPrice(MAX_SHELF_PRICE)).toEqual({ ok: true, value: MAX_SHELF_PRICE });
  });

  it('refuses negative, zero, cents, absurd and non-numbers with a reason in both languages', () => {
    const reason = (input: number | string) => {
      const checked = validateShelfPrice(input);
      return checked.ok ? null : checked.reason;
    };
    expect(reason(-5)?.zh).toBe('售價必須至少 1 元（含稅）');
    expect(reason(0)?.en).toBe('A price is at least NT$1 (tax included)');
    expect(reason(12.5)?.zh).toBe('售價必須是整數元（含稅）');
    expect(reason(MAX_SHELF_PRICE + 1)?.zh).toContain('超過上限 1,000,000 元');
    expect(reason('abc')?.en).toBe('Price "abc" is not an amount');
    expect(reason(Number.NaN)?.zh).toContain('不是金額');
  });

  it('accepts exactly the whole numbers in [1, MAX_SHELF_PRICE]', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: false })), (value) => {
        const ok = Number.isInteger(value) && value >= 1 && value <= MAX_SHELF_PRICE;
        const checked = validateShelfPrice(value);
        expect(checked.ok).toBe(ok);
        if (checked.ok) expect(checked.value).toBe(value);
      }),
    );
  });
});

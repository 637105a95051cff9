import type { Bilingual } from './i18n';
import { findHiddenCharacter, hiddenCharacterReason } from './plain-text';

/**
 * The catalog's own rules, for the CSV import, the Products screen and (later) head office's
 * catalog alike: retail barcodes and their check digits, a shelf price a shop can mean.
 */

/**
 * Retail barcodes as a shop's products carry them: EAN-13 (Taiwan's start with 471), EAN-8 and
 * UPC-A (12 digits). The last digit is a check digit: weights 3 and 1 from the right, the total a
 * multiple of 10. A typo in a catalog file or on the Products screen is caught here instead of at
 * the counter.
 */
export function isValidRetailBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  return checkDigitOf(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** The check digit a 7-, 11- or 12-digit body needs. */
export function checkDigitOf(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weight 3 for the digit next to the check digit, then alternating.
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Completes a 7-, 11- or 12-digit body with its check digit (tests and sample data). */
export function withCheckDigit(body: string): string {
  if (!/^(\d{7}|\d{11}|\d{12})$/.test(body)) throw new Error(`not a barcode body: ${body}`);
  return body + checkDigitOf(body);
}

export type BarcodeCheck = { ok: true; value: string } | { ok: false; reason: Bilingual };

/** One barcode as typed: its length and check digit, the reason in the glossary's words. */
export function validateBarcode(input: string): BarcodeCheck {
  const code = input.trim();
  if (!/^\d+$/.test(code) || ![8, 12, 13].includes(code.length)) {
    return {
      ok: false,
      reason: {
        zh: `條碼「${code}」不是 8、12 或 13 位數字（EAN-8、UPC-A、EAN-13）`,
        en: `Barcode "${code}" is not 8, 12 or 13 digits (EAN-8, UPC-A, EAN-13)`,
      },
    };
  }
  const expected = checkDigitOf(code.slice(0, -1));
  if (expected !== Number(code[code.length - 1])) {
    return {
      ok: false,
      reason: {
        zh: `條碼 ${code} 的檢查碼不符（最後一碼應為 ${expected}）`,
        en: `Barcode ${code} has a wrong check digit (the last digit should be ${expected})`,
      },
    };
  }
  return { ok: true, value: code };
}

/**
 * A shelf price set at the till: NT$, tax included, whole dollars. Above this is no shop's
 * product but a slip of the finger (an extra zero or two): the screen refuses it.
 */
export const MAX_SHELF_PRICE = 1_000_000;

export type PriceCheck = { ok: true; value: number } | { ok: false; reason: Bilingual };

/** A shelf price as typed (a number or the field's text): 1 to NT$1,000,000, whole dollars. */
export function validateShelfPrice(input: number | string): PriceCheck {
  const text =
    typeof input === 'number' ? String(input) : input.trim().replace(/^NT\$/i, '').replaceAll(',', '');
  const value = Number(text);
  if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) {
    return {
      ok: false,
      reason: { zh: `售價「${String(input)}」不是金額`, en: `Price "${String(input)}" is not an amount` },
    };
  }
  if (!Number.isInteger(value)) {
    return {
      ok: false,
      reason: { zh: '售價必須是整數元（含稅）', en: 'A price is a whole number of dollars (tax included)' },
    };
  }
  if (value < 1) {
    return {
      ok: false,
      reason: { zh: '售價必須至少 1 元（含稅）', en: 'A price is at least NT$1 (tax included)' },
    };
  }
  if (value > MAX_SHELF_PRICE) {
    return {
      ok: false,
      reason: {
        zh: `售價 ${value} 元超過上限 ${MAX_SHELF_PRICE.toLocaleString('en-US')} 元，請確認金額`,
        en: `A price of NT$${value} is over the limit of NT$${MAX_SHELF_PRICE.toLocaleString('en-US')}: check the amount`,
      },
    };
  }
  return { ok: true, value };
}

/** A category: 1 to 40 visible characters. */
export function validateCategory(
  input: string,
): { ok: true; value: string } | { ok: false; reason: Bilingual } {
  const hidden = findHiddenCharacter(input);
  if (hidden) return { ok: false, reason: hiddenCharacterReason(hidden, { zh: '類別', en: 'The category' }) };
  const value = input.trim();
  if (value === '' || value.length > 40) {
    return { ok: false, reason: { zh: '類別必須是 1 到 40 個字', en: 'A category is 1 to 40 characters' } };
  }
  return { ok: true, value };
}

/** A product code (品號) or a scale product code: 1 to 32 letters, digits or . _ - */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

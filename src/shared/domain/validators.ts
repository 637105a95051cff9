import type { Bilingual } from './i18n';
import { findHiddenCharacter, hiddenCharacterReason } from './plain-text';
import type { Validation } from './validation';

/**
 * The checks the till makes before anything is sent (provider profile §3). Each answers with the
 * normalized value or with a reason a cashier understands, in zh-TW and English.
 */
export type { Validation };

const valid = (value: string): Validation => ({ ok: true, value });
const invalid = (zh: string, en: string): Validation => ({ ok: false, reason: { zh, en } });

const TAX_ID_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * Buyer tax ID (統一編號): weights 1,2,1,2,1,2,4,1, add the digits of each product, divisible
 * by 5 (since April 2023; it was 10). When the 7th digit is 7 its product 28 may count as 2+8=10
 * or as 1+0=1, so sum + 1 divisible by 5 is also valid.
 */
export function validateBuyerTaxId(input: string): Validation {
  const value = input.trim();
  if (value === '') return invalid('請輸入統一編號', 'Enter the buyer tax ID');
  if (!/^\d{8}$/.test(value)) return invalid('統一編號必須是 8 位數字', 'A tax ID is exactly 8 digits');
  if (value === '00000000') return invalid('統一編號不可為 00000000', 'A tax ID cannot be 00000000');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = Number(value[i]) * TAX_ID_WEIGHTS[i]!;
    sum += Math.floor(product / 10) + (product % 10);
  }
  const ok = sum % 5 === 0 || (value[6] === '7' && (sum + 1) % 5 === 0);
  return ok
    ? valid(value)
    : invalid(
        '統一編號檢查碼不正確，請再確認一次',
        'The tax ID check digit is wrong: check the number again',
      );
}

/** Mobile barcode carrier (手機條碼, `3J0002`): `/` then 7 of 0-9 A-Z . + - ; `+` is a real character. */
export function validateMobileBarcode(input: string): Validation {
  // Scanners in a lowercase keyboard layout still send the right code: accept and upper-case it.
  const value = input.trim().toUpperCase();
  if (value === '') return invalid('請掃描或輸入手機條碼', 'Scan or type the mobile barcode');
  if (!value.startsWith('/')) return invalid('手機條碼以「/」開頭', 'A mobile barcode starts with "/"');
  if (value.length !== 8)
    return invalid('手機條碼是「/」加 7 個字元', 'A mobile barcode is "/" followed by 7 characters');
  if (!/^\/[0-9A-Z.+-]{7}$/.test(value)) {
    return invalid(
      '手機條碼只含數字、英文大寫字母與 . + -',
      'A mobile barcode holds only digits, capital letters and . + -',
    );
  }
  return valid(value);
}

/** Citizen digital certificate carrier (自然人憑證, `CQ0001`): 2 capital letters + 14 digits. */
export function validateCitizenCertificate(input: string): Validation {
  const value = input.trim().toUpperCase();
  if (value === '') return invalid('請輸入自然人憑證條碼', 'Enter the citizen certificate number');
  if (!/^[A-Z]{2}\d{14}$/.test(value)) {
    return invalid(
      '自然人憑證條碼為 2 個英文字母加 14 位數字',
      'A citizen certificate is 2 capital letters followed by 14 digits',
    );
  }
  return valid(value);
}

/** Love code (愛心碼, `NPOBAN`): 3 to 7 digits, leading zeros kept. */
export function validateLoveCode(input: string): Validation {
  const value = input.trim();
  if (value === '') return invalid('請輸入愛心碼', 'Enter the love code');
  if (!/^\d{3,7}$/.test(value)) return invalid('愛心碼為 3 到 7 位數字', 'A love code is 3 to 7 digits');
  return valid(value);
}

/** The longest card approval code the till keeps (the acquirers' codes are 6; some add a prefix). */
export const APPROVAL_CODE_MAX = 12;

/**
 * A card sale's approval code (授權碼) from the terminal's slip, optional: letters and digits only,
 * at most APPROVAL_CODE_MAX, kept upper case. Never a card number: it is too short to be one.
 */
export function validateApprovalCode(input: string): Validation {
  const value = input.trim().toUpperCase();
  if (value === '') return invalid('請輸入授權碼', 'Enter the approval code');
  if (!/^[0-9A-Z]+$/.test(value))
    return invalid('授權碼只能有英文字母與數字', 'An approval code is letters and digits only');
  if (value.length > APPROVAL_CODE_MAX)
    return invalid(
      `授權碼最多 ${APPROVAL_CODE_MAX} 個字元`,
      `An approval code is at most ${APPROVAL_CODE_MAX} characters`,
    );
  return valid(value);
}

const BUYER_TITLE: Bilingual = { zh: '買受人抬頭', en: 'The buyer title' };
const PRODUCT_NAME: Bilingual = { zh: '品名', en: 'The product name' };

/** The buyer's invoice title (抬頭), required with a tax ID; the proof and the provider limit it. */
export function validateBuyerTitle(input: string): Validation {
  const hidden = findHiddenCharacter(input);
  if (hidden) return { ok: false, reason: hiddenCharacterReason(hidden, BUYER_TITLE) };
  const value = input.trim();
  if (value === '')
    return invalid('有統一編號時必須填寫買受人抬頭', 'A buyer title is required with a tax ID');
  if (value.length > 60) return invalid('買受人抬頭最多 60 個字', 'A buyer title is at most 60 characters');
  return valid(value);
}

export const CARRIER_TYPES = { mobile: '3J0002', citizen: 'CQ0001' } as const;
export type CarrierKind = keyof typeof CARRIER_TYPES;

/** Validates a carrier id by its type code; an unknown type is refused rather than guessed. */
export function validateCarrier(carrierType: string, carrierId: string): Validation {
  if (carrierType === CARRIER_TYPES.mobile) return validateMobileBarcode(carrierId);
  if (carrierType === CARRIER_TYPES.citizen) return validateCitizenCertificate(carrierId);
  return invalid(`不支援的載具類別：${carrierType}`, `Unsupported carrier type: ${carrierType}`);
}

/** A product name that can ride in the QR code: no `:` (the QR field separator), not empty. */
export function validateProductName(input: string): Validation {
  // Checked before trimming: a trailing line break or ESC is refused, not quietly cut off.
  const hidden = findHiddenCharacter(input);
  if (hidden) return { ok: false, reason: hiddenCharacterReason(hidden, PRODUCT_NAME) };
  const value = input.trim();
  if (value === '') return invalid('品名不可空白', 'A product name cannot be empty');
  if (value.includes(':')) return invalid('品名不可含「:」', 'A product name cannot contain ":"');
  if (value.length > 256) return invalid('品名最多 256 個字', 'A product name is at most 256 characters');
  return valid(value);
}

/**
 * The examples the input fields show: each passes its own validator (a unit test checks), so a
 * cashier who copies the shape never meets a check-digit error on the example itself.
 */
export const PLACEHOLDERS = {
  taxId: '53212539',
  mobileBarcode: '/ABC+123',
  citizenCertificate: 'AB12345678901234',
  loveCode: '168001',
  invoiceNumber: 'AB12345678',
} as const;

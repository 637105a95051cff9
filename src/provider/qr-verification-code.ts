import { createCipheriv } from 'node:crypto';
import { INVOICE_NUMBER_PATTERN, RANDOM_NUMBER_PATTERN } from './pos-profile';

/**
 * 左側 QR 碼的 24 字驗證碼（provider profile §3）。放在 src/provider：訓練服務開立時要算，
 * 收銀機在逾時後自行產生證明聯時也要算；src/shared 不得用 node:crypto，兩邊只共用這一份。
 *
 * The left QR code's verification code, shared by the training service (which issues) and the
 * till (which builds a proof itself for a sale resolved after a timeout): one implementation, so
 * the two can never disagree. AES-128-CBC with PKCS#7 padding over the 14 ASCII characters
 * invoice number + random code, key = the seller's 32-hex-digit QR key, fixed IV; Base64.
 */
export const QR_VERIFICATION_IV_HEX = '0edf25c93a28d7b5ff5e45da42f8a1b8';
const QR_IV = Buffer.from(QR_VERIFICATION_IV_HEX, 'hex');

export const QR_AES_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;

export function verificationCode(invoiceNumber: string, randomNumber: string, qrAesKeyHex: string): string {
  if (!INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw new Error(`Not an invoice number: ${invoiceNumber}`);
  if (!RANDOM_NUMBER_PATTERN.test(randomNumber)) throw new Error(`Not a random code: ${randomNumber}`);
  if (!QR_AES_KEY_PATTERN.test(qrAesKeyHex)) throw new Error('The QR key must be 32 hex digits');
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(qrAesKeyHex, 'hex'), QR_IV);
  return Buffer.concat([cipher.update(invoiceNumber + randomNumber, 'ascii'), cipher.final()]).toString(
    'base64',
  );
}

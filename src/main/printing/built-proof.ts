import {
  INVOICE_NUMBER_PATTERN,
  RANDOM_NUMBER_PATTERN,
  type PosOrderData,
  type PrintData,
} from '../../provider/pos-profile';
import { QR_AES_KEY_PATTERN } from '../../provider/qr-verification-code';
import { buildPrintData } from '../../provider/proof-content';
import { parseTaipeiDateTime } from '../../shared/domain';
import { TillError } from '../core/errors';
import { invoiceTimeOf } from '../journal/invoice-time';
import type { TransactionRecord } from '../journal/types';

/**
 * 收銀機自行產生的證明聯內容：逾時後經人工確認「已開立」的交易沒有 PrintDataString，只好依
 * provider profile §3 用日誌裡的交易、發票號碼、（確認時從業者管道抄下的）隨機碼，以及賣方的
 * QR 金鑰自己組出來。組法與訓練服務相同（同一個 composeQrCodes 與驗證碼函式），所以條碼與兩個
 * QR 碼和業者會給的一模一樣。沒有 QR 金鑰就拒絕：不印任何看起來像證明聯的東西。
 *
 * The proof content the till builds itself, for a sale resolved as issued after a timeout (no
 * PrintDataString arrived). Same composition as the training service, so the barcode and both QR
 * codes equal what the provider would have sent. Without the seller's QR key: refused.
 */
export interface BuiltProofInput {
  sellerName: string;
  /** The seller's tax ID (the request's CompanyID). */
  sellerId: string;
  invoiceNumber: string;
  /** As the provider's channel shows it (the resolution supplies it). */
  randomNumber: string;
  /** The request's `Data` as sent: date/time, buyer, amounts and lines. */
  order: Pick<
    PosOrderData,
    'InvoiceDateTime' | 'InvoiceFor' | 'BuyerID' | 'SalesAmount' | 'TaxAmount' | 'TotalAmount' | 'Details'
  >;
  /** The seller's QR key (32 hex digits) from the secret store; null when not set. */
  qrAesKey: string | null;
}

export const qrKeyMissing = () =>
  new TillError('proof-qr-key-missing', {
    zh: '尚未設定 QR 金鑰（設定 → 密鑰）：收銀機無法自行產生電子發票證明聯，未列印任何內容。請先設定賣方的 QR 金鑰，或向發票服務索取證明聯。',
    en: 'No QR key is set (Settings → secrets): the till cannot build the e-invoice proof itself, and nothing was printed. Set the seller’s QR key first, or get the proof from the e-invoice service.',
  });

export const qrKeyInvalid = () =>
  new TillError('proof-qr-key-invalid', {
    zh: '已設定的 QR 金鑰不是 32 位十六進位數字：無法產生證明聯，未列印任何內容。請在設定重新輸入。',
    en: 'The stored QR key is not 32 hex digits: no proof can be built, and nothing was printed. Enter it again under Settings.',
  });

const badProofData = (what: { zh: string; en: string }) =>
  new TillError('proof-data-invalid', {
    zh: `無法產生證明聯：${what.zh}。未列印任何內容。`,
    en: `Cannot build the proof: ${what.en}. Nothing was printed.`,
  });

export function buildProofPrintData(input: BuiltProofInput): PrintData {
  // The key is checked first: without it nothing else matters, and the message says what to do.
  if (input.qrAesKey === null || input.qrAesKey.trim() === '') throw qrKeyMissing();
  const key = input.qrAesKey.trim();
  if (!QR_AES_KEY_PATTERN.test(key)) throw qrKeyInvalid();
  if (!INVOICE_NUMBER_PATTERN.test(input.invoiceNumber))
    throw badProofData({
      zh: `發票號碼 ${input.invoiceNumber} 格式不對`,
      en: `${input.invoiceNumber} is not an invoice number`,
    });
  if (!RANDOM_NUMBER_PATTERN.test(input.randomNumber))
    throw badProofData({
      zh: '隨機碼須為 4 位數字（請照發票服務的管道上顯示的輸入）',
      en: 'the random code must be 4 digits (as the e-invoice service’s channel shows it)',
    });
  const { order } = input;
  if (!parseTaipeiDateTime(order.InvoiceDateTime))
    throw badProofData({
      zh: `開立時間 ${order.InvoiceDateTime} 無法判讀`,
      en: `InvoiceDateTime ${order.InvoiceDateTime} is not YYYY-MM-DDTHH:mm:ss`,
    });
  return buildPrintData({
    sellerName: input.sellerName,
    sellerId: input.sellerId,
    qrAesKey: key,
    invoiceNumber: input.invoiceNumber,
    randomNumber: input.randomNumber,
    order,
  });
}

/**
 * The built proof for a journal sale: its request as sent, its invoice number, and the random
 * code (the one given, else the one the journal holds). Refuses a sale that is not an issued
 * paper-proof sale: a carrier or donation invoice has no paper proof to print.
 */
export function buildProofForTransaction(
  tx: TransactionRecord,
  options: { sellerName: string; qrAesKey: string | null; randomNumber?: string | null },
): PrintData {
  if (tx.state !== 'issued' || tx.invoiceNumber === null)
    throw new TillError('proof-not-issued', {
      zh: `訂單 ${tx.orderNo} 尚未開立發票，不能列印紙本證明聯`,
      en: `Order ${tx.orderNo} has no issued invoice: no proof can be printed`,
    });
  if (tx.operation !== 'order')
    throw new TillError('proof-not-paper', {
      zh: `訂單 ${tx.orderNo} 的發票存入載具或捐贈，沒有紙本證明聯可印`,
      en: `Order ${tx.orderNo} went to a carrier or was donated: it has no paper proof`,
    });
  const randomNumber = options.randomNumber ?? tx.randomNumber;
  if (!randomNumber)
    throw badProofData({
      zh: '缺少隨機碼（請照發票服務的管道上顯示的輸入）',
      en: 'the random code is missing (enter it as the e-invoice service’s channel shows it)',
    });
  return buildProofPrintData({
    sellerName: options.sellerName,
    sellerId: tx.companyId,
    invoiceNumber: tx.invoiceNumber,
    randomNumber,
    // The invoice's time is the provider's answer where it gave one (SystemLead's order mode sends
    // none and stamps the order on its side: a second past midnight is the next day, even period).
    order: { ...tx.requestData, InvoiceDateTime: invoiceTimeOf(tx) },
    qrAesKey: options.qrAesKey,
  });
}

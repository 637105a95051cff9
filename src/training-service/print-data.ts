import { createCipheriv } from 'node:crypto';
import {
  INVOICE_NUMBER_PATTERN,
  RANDOM_NUMBER_PATTERN,
  type PosOrderData,
  type PrintData,
} from '../provider/pos-profile';
import { composeQrCodes, invoicePeriod, parseTaipeiDateTime, proofBarcode, rocDate } from '../shared/domain';

/** Fixed IV of the left QR code's verification code (provider profile §3). */
const QR_IV = Buffer.from('0edf25c93a28d7b5ff5e45da42f8a1b8', 'hex');

/**
 * The left QR code's 24-character verification code: AES-128-CBC, PKCS#7 padding, over the 14
 * ASCII characters invoice number + random code, with the seller's QR key; Base64.
 */
export function verificationCode(invoiceNumber: string, randomNumber: string, qrAesKeyHex: string): string {
  if (!INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw new Error(`Not an invoice number: ${invoiceNumber}`);
  if (!RANDOM_NUMBER_PATTERN.test(randomNumber)) throw new Error(`Not a random code: ${randomNumber}`);
  if (!/^[0-9a-fA-F]{32}$/.test(qrAesKeyHex)) throw new Error('The QR key must be 32 hex digits');
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(qrAesKeyHex, 'hex'), QR_IV);
  return Buffer.concat([cipher.update(invoiceNumber + randomNumber, 'ascii'), cipher.final()]).toString(
    'base64',
  );
}

/** What the proof is made of: the issued numbers and the order as sent. */
export interface PrintDataInput {
  sellerName: string;
  sellerId: string;
  qrAesKey: string;
  invoiceNumber: string;
  randomNumber: string;
  order: Pick<
    PosOrderData,
    'InvoiceDateTime' | 'InvoiceFor' | 'BuyerID' | 'SalesAmount' | 'TaxAmount' | 'TotalAmount' | 'Details'
  >;
  remark?: string;
}

/**
 * The content of `PrintDataString` (provider profile §1): what the till prints on the proof.
 * Reusable for sample proofs: give it any order and the seller's QR key.
 */
export function buildPrintData(input: PrintDataInput): PrintData {
  const { order } = input;
  const issuedAt = parseTaipeiDateTime(order.InvoiceDateTime);
  if (!issuedAt) throw new Error(`InvoiceDateTime is not YYYY-MM-DDTHH:mm:ss: ${order.InvoiceDateTime}`);
  const business = order.InvoiceFor === 'B';
  const buyerId = business ? order.BuyerID : '';
  const qr = composeQrCodes({
    invoiceNumber: input.invoiceNumber,
    rocDate: rocDate(issuedAt),
    randomNumber: input.randomNumber,
    // Consumer amounts include tax, so the pre-tax sales amount cannot be separated (00000000).
    salesAmount: business ? order.SalesAmount : null,
    totalAmount: order.TotalAmount,
    buyerId,
    sellerId: input.sellerId,
    verificationCode: verificationCode(input.invoiceNumber, input.randomNumber, input.qrAesKey),
    items: order.Details.map((line) => ({
      name: line.ProductName,
      quantity: line.Quantity,
      unitPrice: line.UnitPrice,
    })),
  });
  return {
    Version: 1,
    SellerName: input.sellerName,
    SellerID: input.sellerId,
    InvoiceNumber: input.invoiceNumber,
    InvoiceDateTime: order.InvoiceDateTime,
    RandomNumber: input.randomNumber,
    PeriodText: invoicePeriod(issuedAt).text,
    TotalAmount: order.TotalAmount,
    SalesAmount: order.SalesAmount,
    TaxAmount: order.TaxAmount,
    BuyerID: buyerId,
    FormatCode: business ? '25' : '',
    Barcode: proofBarcode(issuedAt, input.invoiceNumber, input.randomNumber),
    QRCodeLeft: qr.left,
    QRCodeRight: qr.right,
    Details: order.Details.map((line) => ({
      ProductName: line.ProductName,
      Quantity: line.Quantity,
      UnitPrice: line.UnitPrice,
      SubTotal: line.SubTotal,
    })),
    Remark: input.remark ?? '',
  };
}

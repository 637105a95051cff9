import { composeQrCodes, invoicePeriod, parseTaipeiDateTime, proofBarcode, rocDate } from '../shared/domain';
import type { PosOrderData, PrintData } from './pos-profile';
import { verificationCode } from './qr-verification-code';

/*
 * The proof's content (provider profile §1 `PrintDataString`, laid out by §3): what the provider
 * sends for a paper sale, and what the till builds itself for a sale resolved after a timeout.
 * One composition for both, so the barcode and both QR codes the till prints are exactly the
 * provider's.
 */

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

import { proofInvoiceNumber } from '../../../shared/domain';
import type { PrintData } from '../../../provider/pos-profile';
import { CONSUMER_PROOF_MIN_DOTS, PROOF_COLUMNS, PROOF_DOTS } from '../paper';
import { fitsWide, formatQuantity, SlipBuilder, type Slip } from './slip';

/**
 * The e-invoice proof (電子發票證明聯) of provider profile §3, in its order: seller, title,
 * period, number, date/time (+ 格式 25), random code and total, seller and buyer, Code 39,
 * the QR pair; with a buyer tax ID the item details follow on the same paper.
 */
export const PROOF_TITLE = '電子發票證明聯';
export const REPRINT_TITLE = '電子發票證明聯補印';

/**
 * A proof printed in training mode must not pass for an invoice (issue 15): a band above and
 * below the regulated layout says so, in both languages, never over the barcode or the QR pair.
 */
export const TRAINING_MARK_ZH = '練習用，非統一發票';
export const TRAINING_MARK_EN = 'TRAINING - NOT A UNIFORM INVOICE';
/** The allowance slip's and the void notice's band in training: they are not invoices either. */
export const TRAINING_DOCUMENT_MARK = {
  zh: '練習用，非正式單據',
  en: 'TRAINING - NOT A REAL DOCUMENT',
} as const;

/**
 * The training band: full-width rules around the mark (zh tall and bold, en bold). The proof's
 * mark by default; the summary slip draws the same band with its own words (summary-layout.ts),
 * so every training paper is marked alike. The zh mark must fit one line of the slip.
 */
export function trainingBand(
  b: SlipBuilder,
  mark: { zh: string; en: string } = { zh: TRAINING_MARK_ZH, en: TRAINING_MARK_EN },
): void {
  b.rule('*');
  b.line(mark.zh, 'center', { tall: true, bold: true });
  b.wrapped(mark.en, 'center', { bold: true });
  b.rule('*');
}

export function hasBuyerTaxId(data: PrintData): boolean {
  return /^\d{8}$/.test(data.BuyerID) && data.BuyerID !== '00000000';
}

export function proofSlip(data: PrintData, options: { reprint: boolean; training?: boolean }): Slip {
  const b = new SlipBuilder(PROOF_COLUMNS);
  const business = hasBuyerTaxId(data);
  const big = (text: string) => ({ wide: fitsWide(text, PROOF_COLUMNS), tall: true, bold: true });

  if (options.training) {
    trainingBand(b);
    b.feed(6);
  }
  const seller = data.SellerName.trim() || data.SellerID;
  if (fitsWide(seller, PROOF_COLUMNS)) b.line(seller, 'center', big(seller));
  else b.wrapped(seller, 'center', { bold: true });
  const title = options.reprint ? REPRINT_TITLE : PROOF_TITLE;
  b.line(title, 'center', big(title));
  b.line(data.PeriodText, 'center', big(data.PeriodText));
  const number = proofInvoiceNumber(data.InvoiceNumber);
  b.line(number, 'center', big(number));

  b.row(data.InvoiceDateTime.replace('T', ' '), business ? `格式 ${data.FormatCode || '25'}` : '');
  b.row(`隨機碼 ${data.RandomNumber}`, `總計 ${data.TotalAmount}`);
  b.row(`賣方 ${data.SellerID}`, business ? `買方 ${data.BuyerID}` : '');
  b.feed(6);
  b.code39(data.Barcode);
  b.feed(6);
  b.qrPair(data.QRCodeLeft, data.QRCodeRight);

  if (business) {
    b.rule();
    b.row('品名 / 數量 x 單價', '金額');
    b.rule();
    for (const item of data.Details) {
      b.wrapped(item.ProductName);
      b.row(`  ${formatQuantity(item.Quantity)} x ${formatQuantity(item.UnitPrice)}`, String(item.SubTotal));
    }
    b.rule();
    b.row('銷售額', String(data.SalesAmount));
    b.row('稅額', String(data.TaxAmount));
    b.row('總計', String(data.TotalAmount), { bold: true });
    if (data.Remark.trim() !== '') b.wrapped(`備註：${data.Remark.trim()}`);
  }
  if (options.training) {
    b.feed(6);
    trainingBand(b);
  }

  return {
    kind: 'proof',
    widthDots: PROOF_DOTS,
    columns: PROOF_COLUMNS,
    blocks: b.blocks,
    ...(business ? {} : { minHeightDots: CONSUMER_PROOF_MIN_DOTS }),
  };
}

import { periodOf, taipeiParts } from './period';

/**
 * The machine-readable parts of the e-invoice proof (provider profile §3), as pure text: the
 * Code 39 barcode and the two QR code contents. The AES verification code is computed by whoever
 * holds the QR key (the provider; our training service) and passed in.
 */

/** `AB12345678` → `AB-12345678`, as the proof prints it. */
export function formatInvoiceNumber(invoiceNumber: string): string {
  return /^[A-Z]{2}\d{8}$/.test(invoiceNumber)
    ? `${invoiceNumber.slice(0, 2)}-${invoiceNumber.slice(2)}`
    : invoiceNumber;
}

/** 19 characters: period (ROC year 3 + even month 2) + invoice number (10) + random code (4). */
export function proofBarcode(issuedAt: Date, invoiceNumber: string, randomNumber: string): string {
  const { year, month } = taipeiParts(issuedAt);
  return `${periodOf(year, month).code}${invoiceNumber}${randomNumber}`;
}

const hex8 = (amount: number) => Math.max(0, Math.trunc(amount)).toString(16).padStart(8, '0').slice(-8);

export interface QrCodeInput {
  invoiceNumber: string;
  /** ROC date `yyyMMdd`. */
  rocDate: string;
  randomNumber: string;
  /** Sales amount without tax; null where tax cannot be separated (a consumer invoice). */
  salesAmount: number | null;
  totalAmount: number;
  buyerId: string; // '' for consumers
  sellerId: string;
  /** 24-character Base64 AES verification code. */
  verificationCode: string;
  items: ReadonlyArray<{ name: string; quantity: number; unitPrice: number }>;
}

/** Bytes each QR code may carry: keeps both codes small enough to print 1.5 cm wide at 203 dpi. */
export const QR_TEXT_BUDGET_BYTES = 130;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * The left code's 77 fixed characters, then `:seller area:carried:total:encoding` and
 * `:name:qty:price` per carried item; what does not fit on the left continues on the right after
 * `**`. Items that fit in neither code are counted in the total but not carried.
 */
export function composeQrCodes(input: QrCodeInput): { left: string; right: string } {
  const fixed =
    input.invoiceNumber +
    input.rocDate +
    input.randomNumber +
    (input.salesAmount === null ? '00000000' : hex8(input.salesAmount)) +
    hex8(input.totalAmount) +
    (input.buyerId === '' ? '00000000' : input.buyerId) +
    input.sellerId +
    input.verificationCode;
  const segments = input.items.map(
    (item) => `:${item.name.replaceAll(':', '')}:${item.quantity}:${item.unitPrice}`,
  );
  const header = (carried: number) => `${fixed}:**********:${carried}:${input.items.length}:1`;

  let carried = 0;
  while (
    carried < segments.length &&
    utf8Length(header(carried + 1) + segments.slice(0, carried + 1).join('')) <= 2 * QR_TEXT_BUDGET_BYTES - 2
  ) {
    carried++;
  }
  const full = header(carried) + segments.slice(0, carried).join('');
  // Split on a character boundary at the byte budget.
  let left = '';
  let used = 0;
  for (const char of full) {
    const size = utf8Length(char);
    if (used + size > QR_TEXT_BUDGET_BYTES && left.length >= fixed.length) break;
    left += char;
    used += size;
  }
  return { left, right: `**${full.slice(left.length)}` };
}

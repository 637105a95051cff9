import { periodOf, taipeiParts } from './period';

/**
 * The machine-readable parts of the e-invoice proof (provider profile §3), as pure text: the
 * Code 39 barcode and the two QR code contents. The AES verification code is computed by whoever
 * holds the QR key (the provider; our training service) and passed in.
 */

/**
 * An invoice number as a person reads and searches it on screens, in messages, exports and the
 * CLI: the e-invoice service's and the tax platform's form, `AB12345678` (issue 24, item 8: the
 * screens said TR-00000006 where the exports said TR00000006, and an Excel search for what the
 * screen showed found nothing). A dashed one typed or scanned reads the same. Only the printed
 * paper proof sets it apart: {@link proofInvoiceNumber}.
 */
export function formatInvoiceNumber(invoiceNumber: string): string {
  const compact = invoiceNumber
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]{2})-(\d{8})$/, '$1$2');
  return /^[A-Z]{2}\d{8}$/.test(compact) ? compact : invoiceNumber;
}

/** `AB12345678` → `AB-12345678`: the legal layout of the printed paper proof, and only there. */
export function proofInvoiceNumber(invoiceNumber: string): string {
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

/** Bytes each QR code may carry: keeps both codes small (version 6, 3-dot modules on the proof). */
export const QR_TEXT_BUDGET_BYTES = 130;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * The left code's 77 fixed characters, then `:seller area:carried:total:encoding` and
 * `:name:qty:price` per carried item; the right code is `**` and the items that did not fit on
 * the left, each again `:name:qty:price`.
 *
 * An item's record is never cut between the two codes (MOF barcode specification): a reader
 * that parses each code alone must not see a name without its quantity and price. Items go in
 * their order: once one does not fit on the left, it and the rest go to the right; items that fit
 * in neither are not carried, and `carried` says how many are (the total still counts them).
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
  const records = input.items.map(
    (item) => `:${item.name.replaceAll(':', '')}:${item.quantity}:${item.unitPrice}`,
  );
  const total = records.length;
  const header = (carried: number) => `${fixed}:**********:${carried}:${total}:1`;
  // The header's room is reserved for the widest count (the total), so that the count written
  // afterwards, never wider, cannot push the left code over its budget.
  let leftBytes = utf8Length(header(total));
  let rightBytes = 2;
  const left: string[] = [];
  const right: string[] = [];
  for (const record of records) {
    const size = utf8Length(record);
    if (right.length === 0 && leftBytes + size <= QR_TEXT_BUDGET_BYTES) {
      left.push(record);
      leftBytes += size;
    } else if (rightBytes + size <= QR_TEXT_BUDGET_BYTES) {
      right.push(record);
      rightBytes += size;
    } else {
      break; // carried records stay a run from the first item, as the count implies
    }
  }
  return {
    left: header(left.length + right.length) + left.join(''),
    right: `**${right.join('')}`,
  };
}

import { z } from 'zod';
import {
  CARRIER_TYPE_LABEL,
  formatInvoiceNumber,
  formatNtd,
  labelOf,
  PAYMENT_METHOD_LABEL,
} from '../../../shared/domain';
import type { Paper } from '../paper';
import { formatQuantity, SlipBuilder, type Slip } from './slip';

/**
 * The transaction-details slip (交易明細) a customer may ask for when the invoice went to a
 * carrier or was donated (profile §2): what was bought and paid. It is not a proof and says so.
 */
export const DetailsSlipInput = z.object({
  sellerName: z.string(),
  sellerId: z.string(),
  orderNo: z.string(),
  invoiceNumber: z.string().nullable(),
  /** `YYYY-MM-DDTHH:mm:ss`, Taipei time. */
  dateTime: z.string(),
  carrier: z.object({ type: z.string(), id: z.string() }).nullable().default(null),
  loveCode: z.string().nullable().default(null),
  lines: z.array(
    z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), subTotal: z.number() }),
  ),
  totalAmount: z.number().int(),
  payments: z
    .array(
      z.object({
        method: z.string(),
        amount: z.number().int(),
        tendered: z.number().int().optional(),
        change: z.number().int().optional(),
      }),
    )
    .default([]),
});
export type DetailsSlipInput = z.input<typeof DetailsSlipInput>;

export const DETAILS_TITLE = '交易明細';
export const NOT_A_PROOF = '非電子發票證明聯，不可兌獎';

// The shared glossary's words, as the screens and the exports say them. Own keys only: the
// method and the carrier type come from the journal, and `constructor` is no name to print.
export const paymentName = (method: string) => labelOf(PAYMENT_METHOD_LABEL, method).zh;
const carrierName = (type: string) => labelOf(CARRIER_TYPE_LABEL, type).zh;

/** Shows the ends of a carrier id only: the slip may be left on the counter. */
export function maskCarrierId(id: string): string {
  if (id.length <= 4) return id;
  return id.slice(0, 2) + '*'.repeat(id.length - 4) + id.slice(-2);
}

export function detailsSlip(input: DetailsSlipInput, paper: Paper): Slip {
  const data = DetailsSlipInput.parse(input);
  const b = new SlipBuilder(paper.columns);
  b.wrapped(data.sellerName, 'center', { bold: true });
  b.line(DETAILS_TITLE, 'center', { wide: true, tall: true, bold: true });
  b.line(NOT_A_PROOF, 'center');
  b.blank();
  b.row('日期', data.dateTime.replace('T', ' '));
  b.row('訂單編號', data.orderNo);
  if (data.invoiceNumber) b.row('發票號碼', formatInvoiceNumber(data.invoiceNumber));
  b.row('賣方', data.sellerId);
  if (data.carrier) b.row(`載具 ${carrierName(data.carrier.type)}`, maskCarrierId(data.carrier.id));
  if (data.loveCode) b.row('捐贈 愛心碼', data.loveCode);
  b.rule();
  for (const line of data.lines) {
    b.wrapped(line.name);
    b.row(`  ${formatQuantity(line.quantity)} x ${formatQuantity(line.unitPrice)}`, String(line.subTotal));
  }
  b.rule();
  b.row('總計', formatNtd(data.totalAmount), { bold: true });
  for (const payment of data.payments) {
    b.row(paymentName(payment.method), formatNtd(payment.amount));
    if (payment.tendered !== undefined) b.row('  收款', formatNtd(payment.tendered));
    if (payment.change !== undefined) b.row('  找零', formatNtd(payment.change));
  }
  return { kind: 'details', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

import { invoiceTimeOf } from '../journal/invoice-time';
import { taipeiDateTime } from '../../shared/domain';
import type { ReturnRecord, TransactionRecord } from '../journal/journal';
import type { AllowanceSlipInput, VoidNoticeInput } from '../printing';

/**
 * What a return that stands puts on paper (provider profile §3): an allowance, the allowance
 * slip (two copies, printed by the printing capability); a void, the void notice. An allowance
 * void and a return that does not stand print nothing. Pure: the core prints what this returns.
 */
export type ReturnPaper =
  { kind: 'allowance'; slip: AllowanceSlipInput } | { kind: 'void'; notice: VoidNoticeInput } | null;

export interface Seller {
  sellerName: string;
  sellerId: string;
}

export function paperForReturn(record: ReturnRecord, sale: TransactionRecord, seller: Seller): ReturnPaper {
  if (record.state !== 'done') return null;
  const at = taipeiDateTime(new Date(record.updatedAt));
  const invoiceDate = invoiceTimeOf(sale);
  if (record.kind === 'void') {
    return {
      kind: 'void',
      notice: {
        ...seller,
        invoiceNumber: record.invoiceNumber,
        invoiceDate,
        voidDate: at,
        reason: record.reason,
        orderNo: record.orderNo,
        by: record.by,
        ...(record.training ? { training: true } : {}),
      },
    };
  }
  if (record.kind !== 'allowance' || !record.allowanceNumber) return null;
  return {
    kind: 'allowance',
    slip: {
      ...seller,
      buyerTaxId: sale.invoice.buyerTaxId ?? null,
      allowanceNumber: record.allowanceNumber,
      allowanceDate: at,
      lines: record.lines.map((line) => ({
        invoiceNumber: record.invoiceNumber,
        invoiceDate,
        description: line.name,
        quantity: line.quantity,
        // The unit price without tax; an amount-only allowance (quantity 0) shows its amount.
        unitPrice: line.quantity > 0 ? Math.round((line.amount / line.quantity) * 100) / 100 : line.amount,
        amount: line.amount,
        tax: line.tax,
      })),
      totalAmount: record.totals.salesAmount,
      totalTax: record.totals.taxAmount,
      ...(record.training ? { training: true } : {}),
    },
  };
}

/**
 * Cash handed back: the drawer opens for it (and only for it). A 改開's void hands nothing back:
 * the customer keeps the goods and the money stays where it is.
 */
export const cashRefund = (record: ReturnRecord): number =>
  record.kind === 'allowance-void' || record.reissue !== null
    ? 0
    : record.refunds.filter(([method]) => method === 'cash').reduce((sum, [, amount]) => sum + amount, 0);

import { formatInvoiceNumber } from '../../../shared/domain';

/**
 * The journal's search box: an order number or an invoice number, either as typed. An invoice
 * number reads the same with or without the dash (TR00000006, TR-00000006: the proof prints the
 * dash, the e-invoice service's lists do not); an order number keeps its dashes
 * (T01-20261127-000001), and a part of either finds it.
 */
export function matchesJournalSearch(
  item: { orderNo: string; invoiceNumber: string | null },
  text: string,
): boolean {
  const typed = text.trim().toUpperCase();
  if (typed === '') return true;
  const bare = typed.replace(/-/g, '');
  if (item.orderNo.includes(typed) || item.orderNo.replace(/-/g, '').includes(bare)) return true;
  return item.invoiceNumber !== null && formatInvoiceNumber(item.invoiceNumber).includes(bare);
}

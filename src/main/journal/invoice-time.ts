import { taipeiDateTime } from '../../shared/domain';
import type { TransactionRecord } from './types';

/**
 * When a sale's invoice was issued, in Taipei time (`YYYY-MM-DDTHH:mm:ss`). The provider's answer
 * says so; a sale resolved as issued by a person (待確認, the answer lost) has no answer, and was
 * issued as it was sent: then the time the order carried, or, where the variant sends none
 * (SystemLead's order mode), the till's own time of the request. Returns, their slips and the
 * resolved sale's proof all read it here, so a resolved sale can be voided or returned like any
 * other (it could not: the returns saw "no issued invoice").
 */
export function invoiceTimeOf(sale: TransactionRecord): string {
  return sale.invoiceDateTime ?? sale.requestData.InvoiceDateTime ?? taipeiDateTime(new Date(sale.createdAt));
}

import { INVOICE_KIND_LABEL, labelOf, PAYMENT_METHOD_LABEL, type Bilingual } from '../../../shared/domain';
import type { PaymentMethod } from '../checkout/payment-form';

// One vocabulary with the slips, the exports, main's refusals and the CLI: the shared glossary.
export { TX_STATE_LABEL as STATE_LABEL } from '../../../shared/ipc/contract/journal';
export { labelOf, OPERATION_LABEL } from '../../../shared/domain';

export const KIND_LABEL = INVOICE_KIND_LABEL;

/** The payment methods the checkout offers, as the checkout, the journal and the closing name them. */
export const PAYMENT_LABEL: Readonly<Record<PaymentMethod, Bilingual>> = PAYMENT_METHOD_LABEL;

export const paymentLabel = (method: string): Bilingual => labelOf(PAYMENT_METHOD_LABEL, method);

/** `2026-11-22T09:05:33.123Z` → `17:05:33` in Taipei time (what the cashier's clock says). */
export function taipeiTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(11, 19);
}

import type { Bilingual } from '../../../shared/domain';
import type { PaymentMethod } from '../checkout/payment-form';

// One vocabulary with main's refusals and the CLI.
export { TX_STATE_LABEL as STATE_LABEL } from '../../../shared/ipc/contract/journal';

export const KIND_LABEL = {
  paper: { zh: '紙本', en: 'Paper' },
  phone: { zh: '手機 QR', en: 'Phone QR' },
  carrier: { zh: '載具', en: 'Carrier' },
  donate: { zh: '捐贈', en: 'Donate' },
  business: { zh: '統編', en: 'Tax ID' },
} as const;

/** The payment methods the checkout offers, as the checkout, the journal and the closing name them. */
export const PAYMENT_LABEL: Record<PaymentMethod, Bilingual> = {
  cash: { zh: '現金', en: 'Cash' },
  card: { zh: '信用卡', en: 'Card' },
  other: { zh: '其他', en: 'Other' },
};

/** A key's label, or the key itself when it has none (a payment method only the CLI records). */
export function labelOf(labels: Readonly<Record<string, Bilingual>>, key: string): Bilingual {
  return Object.hasOwn(labels, key) ? labels[key]! : { zh: key, en: key };
}

export const paymentLabel = (method: string): Bilingual => labelOf(PAYMENT_LABEL, method);

/** `2026-11-22T09:05:33.123Z` → `17:05:33` in Taipei time (what the cashier's clock says). */
export function taipeiTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(11, 19);
}

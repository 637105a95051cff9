// One vocabulary with main's refusals and the CLI.
export { TX_STATE_LABEL as STATE_LABEL } from '../../../shared/ipc/contract/journal';

export const KIND_LABEL = {
  paper: { zh: '紙本', en: 'Paper' },
  phone: { zh: '手機 QR', en: 'Phone QR' },
  carrier: { zh: '載具', en: 'Carrier' },
  donate: { zh: '捐贈', en: 'Donate' },
  business: { zh: '統編', en: 'Tax ID' },
} as const;

export const PAYMENT_LABEL: Record<string, { zh: string; en: string }> = {
  cash: { zh: '現金', en: 'Cash' },
  card: { zh: '信用卡', en: 'Card' },
  other: { zh: '其他', en: 'Other' },
};

export const paymentLabel = (method: string) => PAYMENT_LABEL[method] ?? { zh: method, en: method };

/** `2026-11-22T09:05:33.123Z` → `17:05:33` in Taipei time (what the cashier's clock says). */
export function taipeiTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(11, 19);
}

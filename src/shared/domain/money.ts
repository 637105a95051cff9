import type { Bilingual } from './i18n';

/**
 * Money in the till is whole New Taiwan dollars (NT$), held as a safe integer. Invoice header
 * amounts are integers by law; fractional unit prices exist only on lines and are rounded once,
 * at the line's subtotal.
 */
export type Ntd = number;

export const MAX_NTD = 99_999_999; // the QR code carries amounts as 8 hex digits; keep far below that

export function isNtd(value: unknown): value is Ntd {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_NTD;
}

/**
 * Rounds half away from zero at whole dollars, after clearing binary noise (0.1 × 3 = 0.30000000000000004),
 * so 2.5 → 3 and 1.005 × 100 → 101 the way a cashier computes it.
 */
export function roundNtd(value: number): Ntd {
  const cleaned = Number(value.toPrecision(12));
  return Math.sign(cleaned) * Math.round(Math.abs(cleaned));
}

/** A line's subtotal: quantity × unit price, rounded to a whole dollar (provider profile §3). */
export function lineSubtotal(quantity: number, unitPrice: number): Ntd {
  return roundNtd(quantity * unitPrice);
}

export function sumNtd(values: Iterable<Ntd>): Ntd {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** `NT$1,234` for screens and slips. */
export function formatNtd(amount: Ntd): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}NT$${Math.abs(amount).toLocaleString('en-US')}`;
}

/** Change due for a cash tender; a tender below the amount is refused with a reason. */
export function cashChange(
  due: Ntd,
  tendered: Ntd,
): { ok: true; change: Ntd } | { ok: false; reason: Bilingual } {
  if (!isNtd(tendered) || tendered < 0) {
    return {
      ok: false,
      reason: { zh: '收款金額必須是整數元', en: 'The amount tendered must be whole dollars' },
    };
  }
  if (tendered < due) {
    return {
      ok: false,
      reason: {
        zh: `收款不足，尚差 ${due - tendered} 元`,
        en: `Not enough tendered: ${due - tendered} short`,
      },
    };
  }
  return { ok: true, change: tendered - due };
}

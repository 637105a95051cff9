import {
  cashChange,
  isNtd,
  sumNtd,
  validateApprovalCode,
  type Bilingual,
  type Ntd,
} from '../../../shared/domain';
import type { CheckoutPayment } from '../../../shared/ipc/contract/checkout';

/**
 * Payment as the cashier enters it: one method for the whole amount, or a split over several.
 * Cash may exceed what is due (change via the shared cashChange); card and other payments may
 * not, since nobody hands change back on a card.
 */
export type PaymentMethod = 'cash' | 'card' | 'other';

export interface SplitEntry {
  id: number;
  method: PaymentMethod;
  /** As typed; '' is nothing yet. */
  amount: string;
}

export interface PaymentForm {
  mode: 'single' | 'split';
  method: PaymentMethod;
  /** Cash tendered as typed; '' means the exact amount. */
  tendered: string;
  split: SplitEntry[];
  /** A card payment's approval code (授權碼) as typed; optional, '' is none. */
  approvalCode: string;
}

export type PaymentCheck =
  | { ok: true; payments: CheckoutPayment[]; change: Ntd; paid: Ntd }
  | { ok: false; reason: Bilingual; paid: Ntd; remaining: Ntd };

export const emptyPaymentForm = (): PaymentForm => ({
  mode: 'single',
  method: 'cash',
  tendered: '',
  split: [],
  approvalCode: '',
});

const parseAmount = (text: string): number | null =>
  /^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : null;

export function checkPayment(form: PaymentForm, total: Ntd): PaymentCheck {
  if (form.mode === 'single') {
    if (form.method === 'card' && form.approvalCode.trim() !== '') {
      // The same rule main applies: a code with other characters or too long is said here first.
      const code = validateApprovalCode(form.approvalCode);
      if (!code.ok) return { ok: false, reason: code.reason, paid: total, remaining: 0 };
      return {
        ok: true,
        payments: [{ method: 'card', amount: total, approvalCode: code.value }],
        change: 0,
        paid: total,
      };
    }
    if (form.method !== 'cash') {
      return { ok: true, payments: [{ method: form.method, amount: total }], change: 0, paid: total };
    }
    const typed = form.tendered.trim() === '' ? total : parseAmount(form.tendered);
    // Text that is no amount (NaN) gets cashChange's own reason: whole dollars only.
    const tendered = typed ?? NaN;
    const change = cashChange(total, tendered);
    if (!change.ok) {
      const paid = typed ?? 0;
      return { ok: false, reason: change.reason, paid, remaining: total - paid };
    }
    return {
      ok: true,
      payments: [{ method: 'cash', amount: tendered }],
      change: change.change,
      paid: tendered,
    };
  }

  const entries = form.split.map((entry) => ({ ...entry, value: parseAmount(entry.amount) }));
  const paid = sumNtd(entries.map((e) => e.value ?? 0));
  const remaining = Math.max(0, total - paid);
  if (entries.length === 0)
    return { ok: false, reason: { zh: '請加入付款方式', en: 'Add a payment' }, paid, remaining };
  const bad = entries.findIndex((e) => e.value === null || e.value <= 0 || !isNtd(e.value));
  if (bad >= 0) {
    return {
      ok: false,
      reason: {
        zh: `第 ${bad + 1} 筆付款金額必須是大於 0 的整數元`,
        en: `Payment ${bad + 1} must be whole dollars above 0`,
      },
      paid,
      remaining,
    };
  }
  const nonCash = sumNtd(entries.filter((e) => e.method !== 'cash').map((e) => e.value!));
  if (nonCash > total) {
    return {
      ok: false,
      reason: {
        zh: '刷卡與其他付款不可超過應收金額',
        en: 'Card and other payments cannot exceed the amount due',
      },
      paid,
      remaining,
    };
  }
  if (paid < total) {
    return {
      ok: false,
      reason: { zh: `尚差 ${total - paid} 元`, en: `${total - paid} still to pay` },
      paid,
      remaining,
    };
  }
  return {
    ok: true,
    payments: entries.map((e) => ({ method: e.method, amount: e.value! })),
    change: paid - total,
    paid,
  };
}

/** Quick cash buttons: the exact amount and the next notes up (100, 500, 1000). */
export function quickTenders(total: Ntd): Ntd[] {
  const options = new Set<Ntd>([total]);
  for (const note of [100, 500, 1000]) options.add(Math.ceil(total / note) * note);
  return [...options]
    .filter((amount) => amount >= total && amount > 0)
    .sort((a, b) => a - b)
    .slice(0, 4);
}

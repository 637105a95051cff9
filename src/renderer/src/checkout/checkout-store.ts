import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain';
import type { CheckoutLine, CheckoutResult } from '../../../shared/ipc/contract/checkout';
import type { IpcError, IpcResult } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { useCart } from '../sell/cart-store';
import { checkInvoiceForm, emptyInvoiceForm, type CarrierKind, type InvoiceForm } from './invoice-form';
import { checkPayment, emptyPaymentForm, type PaymentForm, type PaymentMethod } from './payment-form';

/**
 * The checkout in progress: the invoice choice, the payment, and the engine's answer. A sale
 * leaves the cart only when the engine has recorded it (issued, or waiting for verification).
 */
export const isRecorded = (result: CheckoutResult): boolean =>
  result.state === 'issued' || result.state === 'needs-verification';

interface CheckoutState {
  invoice: InvoiceForm;
  payment: PaymentForm;
  submitting: boolean;
  /** The engine's answer to the last submit or resubmit. */
  result: CheckoutResult | null;
  /** A refusal before anything was recorded (validation), or a failure to reach the core. */
  error: IpcError | null;
  /** What the cashier reads about a carrier scanned on the sell screen. */
  prefilled: { kind: CarrierKind; id: string } | null;

  start(): void;
  setInvoice(patch: Partial<InvoiceForm>): void;
  setPayment(patch: Partial<PaymentForm>): void;
  chooseMethod(method: PaymentMethod): void;
  addSplit(method: PaymentMethod, amount: string): void;
  updateSplit(id: number, amount: string): void;
  removeSplit(id: number): void;
  prefillCarrier(kind: CarrierKind, id: string): void;
  submit(lines: CheckoutLine[], total: number): Promise<CheckoutResult | null>;
  /** A supervisor's act: the PIN (checked in main) and, optionally, who. */
  resubmit(orderNo: string, supervisor?: { pin?: string; by?: string }): Promise<CheckoutResult | null>;
  /** After the result: a fresh checkout for the next sale. */
  reset(): void;
}

let splitId = 1;

export const useCheckout = create<CheckoutState>((set, get) => ({
  invoice: emptyInvoiceForm(),
  payment: emptyPaymentForm(),
  submitting: false,
  result: null,
  error: null,
  prefilled: null,

  start() {
    // Back and forth between the cart and the checkout keeps what was entered for this sale.
    const { prefilled, invoice } = get();
    const untouched = invoice.kind === 'paper' && invoice.carrierId === '';
    const next =
      prefilled && untouched
        ? { ...invoice, kind: 'carrier' as const, carrierKind: prefilled.kind, carrierId: prefilled.id }
        : invoice;
    set({ invoice: next, error: null, result: null });
  },
  setInvoice: (patch) => set((state) => ({ invoice: { ...state.invoice, ...patch }, error: null })),
  setPayment: (patch) => set((state) => ({ payment: { ...state.payment, ...patch }, error: null })),
  chooseMethod: (method) =>
    set((state) => ({ payment: { ...state.payment, mode: 'single', method }, error: null })),
  addSplit: (method, amount) =>
    set((state) => ({
      payment: {
        ...state.payment,
        mode: 'split',
        split: [...state.payment.split, { id: splitId++, method, amount }],
      },
      error: null,
    })),
  updateSplit: (id, amount) =>
    set((state) => ({
      payment: {
        ...state.payment,
        split: state.payment.split.map((e) => (e.id === id ? { ...e, amount } : e)),
      },
      // The refusal was about the amounts: once they change it no longer holds (the check below still shows).
      error: null,
    })),
  removeSplit: (id) =>
    set((state) => ({
      payment: { ...state.payment, split: state.payment.split.filter((e) => e.id !== id) },
      error: null,
    })),
  prefillCarrier: (kind, id) => set({ prefilled: { kind, id } }),

  async submit(lines, total) {
    const { invoice, payment, submitting } = get();
    if (submitting) return null;
    const invoiceCheck = checkInvoiceForm(invoice, lines);
    const paymentCheck = checkPayment(payment, total);
    if (!invoiceCheck.ok || !paymentCheck.ok) {
      const reasons: Bilingual[] = [];
      if (!invoiceCheck.ok) reasons.push(...Object.values(invoiceCheck.errors));
      if (!paymentCheck.ok) reasons.push(paymentCheck.reason);
      set({
        error: {
          code: 'invalid-order',
          message: { zh: reasons.map((r) => r.zh).join('；'), en: reasons.map((r) => r.en).join('; ') },
        },
      });
      return null;
    }
    const { payments } = paymentCheck;
    return send(() => callTill('checkout.submit', { lines, payments, invoice: invoiceCheck.choice }));
  },

  async resubmit(orderNo, supervisor = {}) {
    if (get().submitting) return null;
    return send(() => callTill('checkout.resubmit', { orderNo, ...supervisor }));
  },

  reset: () =>
    set({
      invoice: emptyInvoiceForm(),
      payment: emptyPaymentForm(),
      result: null,
      error: null,
      prefilled: null,
      submitting: false,
    }),
}));

/** Sends (or sends again) and keeps the engine's answer; a recorded sale is done with the cart. */
async function send(request: () => Promise<IpcResult<CheckoutResult>>): Promise<CheckoutResult | null> {
  useCheckout.setState({ submitting: true, error: null });
  const answer = await request();
  if (!answer.ok) {
    useCheckout.setState({ submitting: false, error: answer.error });
    return null;
  }
  useCheckout.setState({ submitting: false, result: answer.value });
  if (isRecorded(answer.value)) useCart.getState().clear();
  return answer.value;
}

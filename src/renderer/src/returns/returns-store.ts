import { create } from 'zustand';
import { taipeiBusinessDay, type Bilingual } from '../../../shared/domain';
import type {
  ReturnItem,
  ReturnPlan,
  ReturnResult,
  ReturnSale,
  ReturnsFindInput,
} from '../../../shared/ipc/contract/returns';
import type { InvoiceChoiceInput } from '../../../shared/ipc/contract/checkout';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { newestAsk } from '../ipc/newest-ask';
import { isPinError } from '../settings/SupervisorAction';
import { loadSlip, type SlipView } from './slip-preview';

/**
 * The return at the counter: find the sale (scan, invoice or order number, day and amount), pick
 * what comes back, let main say what it will do (`returns.plan`: void or allowance, refund per
 * payment method), then send it with the supervisor PIN. Main decides and records everything;
 * this store only holds the cashier's choices and main's answers.
 */
export type Step = 'find' | 'sale' | 'reissue' | 'outcome';

/** The short list of reasons (the provider takes at most 20 characters). */
export const REASONS = [
  { code: 'defect', label: { zh: '商品瑕疵', en: 'Faulty goods' } },
  { code: 'customer', label: { zh: '顧客退貨', en: 'Customer return' } },
  { code: 'wrong-invoice', label: { zh: '開錯發票', en: 'Wrong invoice' } },
  { code: 'other', label: { zh: '其他', en: 'Other' } },
] as const satisfies readonly { code: string; label: Bilingual }[];
export type ReasonCode = (typeof REASONS)[number]['code'];
export const REASON_MAX = 20;

/** One line's pick: a quantity back (goods returned) or an amount (a price reduction). */
export interface LinePick {
  mode: 'quantity' | 'amount';
  value: string;
}

interface ReturnsState {
  step: Step;
  /** The typed look-up: an invoice or order number, or a day and an amount. */
  number: string;
  day: string;
  amount: string;
  searching: boolean;
  /** Sales that matched (more than one: the cashier picks). */
  matches: ReturnSale[];
  findMessage: Bilingual | null;
  sale: ReturnSale | null;

  whole: boolean;
  picks: Record<string, LinePick>;
  reason: ReasonCode | null;
  reasonText: string;
  /** Who handles it at the counter (goes with the supervisor's PIN into the journal). */
  by: string;

  plan: ReturnPlan | null;
  planning: boolean;
  planError: IpcError | null;

  submitting: boolean;
  result: ReturnResult | null;
  slip: SlipView | null;
  /** A refusal or a failure to reach main (a wrong PIN stays in the PIN dialog). */
  error: IpcError | null;

  setNumber(text: string): void;
  setDay(day: string): void;
  setAmount(amount: string): void;
  /** Looks the sale up; one match opens it. */
  find(input: ReturnsFindInput): Promise<void>;
  /** The typed number (invoice or order) or the day and amount. */
  findTyped(): Promise<void>;
  /** From the journal's sale detail: straight to the sale. */
  openOrder(orderNo: string): Promise<void>;
  choose(sale: ReturnSale): void;
  setWhole(whole: boolean): void;
  setPick(sequence: string, pick: LinePick | null): void;
  setReason(reason: ReasonCode): void;
  setReasonText(text: string): void;
  setBy(by: string): void;
  /** The reason as sent: the picked label, or the typed text for 其他. */
  reasonValue(): string | null;
  items(): ReturnItem[] | undefined | null;
  refreshPlan(): Promise<void>;
  submit(pin: string | undefined): Promise<IpcError | null>;
  startReissue(): void;
  reissue(invoice: InvoiceChoiceInput, pin: string | undefined): Promise<IpcError | null>;
  back(): void;
  reset(): void;
}

const INVOICE_NUMBER = /^[A-Za-z]{2}-?\d{8}$/;

const initial = () => ({
  step: 'find' as Step,
  number: '',
  day: taipeiBusinessDay(new Date()),
  amount: '',
  searching: false,
  matches: [],
  findMessage: null,
  sale: null,
  ...selection(),
  by: '',
  submitting: false,
  result: null,
  slip: null,
  error: null,
});

const selection = () => ({
  whole: true,
  picks: {} as Record<string, LinePick>,
  reason: null as ReasonCode | null,
  reasonText: '',
  plan: null as ReturnPlan | null,
  planning: false,
  planError: null as IpcError | null,
});

/** Drops answers to a plan request that a newer choice has overtaken. */
const askPlan = newestAsk();

export const useReturns = create<ReturnsState>((set, get) => ({
  ...initial(),

  setNumber: (number) => set({ number }),
  setDay: (day) => set({ day }),
  setAmount: (amount) => /^\d{0,8}$/.test(amount) && set({ amount }),

  async find(input) {
    set({ searching: true, error: null, findMessage: null, matches: [] });
    const answer = await callTill('returns.find', input);
    set({ searching: false });
    if (!answer.ok) return set({ error: answer.error });
    const { matches, message } = answer.value;
    set({ matches, findMessage: message });
    if (matches.length === 1) get().choose(matches[0]!);
  },

  async findTyped() {
    const { number, day, amount } = get();
    const text = number.trim();
    if (text !== '') {
      const byInvoice = INVOICE_NUMBER.test(text);
      return get().find(
        byInvoice
          ? { by: 'invoice', invoiceNumber: text.replace('-', '').toUpperCase() }
          : { by: 'order', orderNo: text },
      );
    }
    const total = Number(amount);
    if (amount !== '' && total > 0)
      return get().find({ by: 'day-amount', businessDay: day, totalAmount: total });
    set({
      error: {
        code: 'invalid-input',
        message: {
          zh: '請掃描證明聯，或輸入發票號碼、訂單編號，或日期與金額',
          en: 'Scan the proof, or type an invoice or order number, or a day and an amount',
        },
      },
    });
  },

  async openOrder(orderNo) {
    set({ ...initial() });
    await get().find({ by: 'order', orderNo });
  },

  choose(sale) {
    set({ sale, step: 'sale', ...selection(), result: null, slip: null, error: null });
    void get().refreshPlan();
  },

  setWhole(whole) {
    set({ whole });
    void get().refreshPlan();
  },
  setPick(sequence, pick) {
    set((s) => {
      const picks = { ...s.picks };
      if (pick) picks[sequence] = pick;
      else delete picks[sequence];
      return { picks, whole: false };
    });
    void get().refreshPlan();
  },
  setReason: (reason) => set({ reason, error: null }),
  setReasonText: (reasonText) => set({ reasonText: reasonText.slice(0, REASON_MAX) }),
  setBy: (by) => set({ by }),

  reasonValue() {
    const { reason, reasonText } = get();
    if (!reason) return null;
    if (reason === 'other') return reasonText.trim() === '' ? null : reasonText.trim();
    return REASONS.find((r) => r.code === reason)!.label.zh;
  },

  items() {
    const { whole, picks, sale } = get();
    if (whole) return undefined;
    const items: ReturnItem[] = [];
    for (const line of sale?.lines ?? []) {
      const pick = picks[line.sequence];
      if (!pick || pick.value.trim() === '') continue;
      const value = Number(pick.value);
      if (!Number.isFinite(value) || value <= 0) continue;
      items.push(
        pick.mode === 'quantity'
          ? { sequence: line.sequence, quantity: value }
          : { sequence: line.sequence, amount: Math.round(value) },
      );
    }
    // Nothing picked yet: no plan to ask for (null), unlike the whole sale (undefined).
    return items.length > 0 ? items : null;
  },

  async refreshPlan() {
    const { sale } = get();
    const items = get().items();
    const isNewest = askPlan();
    if (!sale || items === null) return set({ plan: null, planError: null, planning: false });
    set({ planning: true });
    const answer = await callTill('returns.plan', {
      orderNo: sale.orderNo,
      ...(items ? { items } : {}),
    });
    if (!isNewest()) return;
    if (answer.ok) set({ plan: answer.value, planError: null, planning: false });
    else set({ plan: null, planError: answer.error, planning: false });
  },

  async submit(pin) {
    const { sale, by, plan } = get();
    const reason = get().reasonValue();
    const items = get().items();
    if (!sale || !reason || items === null || !plan) return null;
    set({ submitting: true, error: null });
    const answer = await callTill('returns.submit', {
      kind: 'return',
      orderNo: sale.orderNo,
      ...(items ? { items } : {}),
      reason,
      ...(pin ? { pin } : {}),
      ...(by.trim() ? { by: by.trim() } : {}),
    });
    set({ submitting: false });
    if (!answer.ok) {
      if (!isPinError(answer.error)) set({ error: answer.error });
      return answer.error;
    }
    set({ result: answer.value, step: 'outcome', slip: null });
    void showSlip(answer.value, sale, plan, reason, by);
    return null;
  },

  startReissue() {
    set({ step: 'reissue', error: null });
  },

  async reissue(invoice, pin) {
    const { sale, by } = get();
    const reason = get().reasonValue();
    if (!sale || !reason) return null;
    set({ submitting: true, error: null });
    const answer = await callTill('returns.submit', {
      kind: 'void-and-reissue',
      orderNo: sale.orderNo,
      invoice,
      reason,
      ...(pin ? { pin } : {}),
      ...(by.trim() ? { by: by.trim() } : {}),
    });
    set({ submitting: false });
    if (!answer.ok) {
      if (!isPinError(answer.error)) set({ error: answer.error });
      return answer.error;
    }
    set({ result: answer.value, step: 'outcome', slip: null });
    void showSlip(answer.value, sale, null, reason, by);
    return null;
  },

  back() {
    const { step } = get();
    if (step === 'reissue') set({ step: 'sale', error: null });
    else if (step === 'sale') set({ step: 'find', sale: null, ...selection(), error: null });
    else set({ ...initial() });
  },

  reset: () => set({ ...initial() }),
}));

/** Once a return is done: the slip it printed (or, failing that, the slip drawn for the screen). */
async function showSlip(
  result: ReturnResult,
  sale: ReturnSale,
  plan: ReturnPlan | null,
  reason: string,
  by: string,
): Promise<void> {
  if (result.state !== 'done') return;
  const slip = await loadSlip(result, sale, plan, reason, by);
  if (useReturns.getState().result === result) useReturns.setState({ slip });
}

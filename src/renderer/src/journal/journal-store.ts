import { create } from 'zustand';
import { taipeiBusinessDay, type InvoiceStatusFilter } from '../../../shared/domain';
import type {
  PendingVerification,
  ResolveVerificationInput,
  TrainingLookupResult,
} from '../../../shared/ipc/contract/checkout';
import { BusinessDay } from '../../../shared/ipc/contract/define';
import type { JournalDetail, JournalListItem } from '../../../shared/ipc/contract/journal';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { newestAsk } from '../ipc/newest-ask';
import { isPinError, type SupervisorInput } from '../settings/SupervisorAction';

/**
 * The journal screen: one business day's sales with filters, the selected sale's details, and the
 * needs-verification queue. Everything is read from main; nothing here is the record.
 */
/** The status filter: what the invoice is now (已作廢, 已折讓, 改開, …) or a sale's state; or all. */
export type StateFilter = InvoiceStatusFilter | 'all';

interface JournalState {
  businessDay: string;
  stateFilter: StateFilter;
  text: string;
  items: JournalListItem[];
  selected: JournalDetail | null;
  pending: PendingVerification[];
  lookups: Record<string, TrainingLookupResult>;
  loading: boolean;
  error: IpcError | null;
  notice: { zh: string; en: string } | null;

  setDay(day: string): void;
  setStateFilter(filter: StateFilter): void;
  setText(text: string): void;
  load(): Promise<void>;
  select(orderNo: string | null): Promise<void>;
  loadPending(): Promise<void>;
  lookupTraining(orderNo: string): Promise<void>;
  resolve(input: ResolveVerificationInput): Promise<boolean>;
  /** Answers the error (a wrong PIN stays in the PIN dialog), or null when sent. */
  resubmit(orderNo: string, supervisor: SupervisorInput): Promise<IpcError | null>;
}

export const today = () => taipeiBusinessDay(new Date());
/** A whole date in the day field (while it is being typed it may not be one yet). */
export const isBusinessDay = (day: string): boolean => BusinessDay.safeParse(day).success;

// The answers of journal.list and journal.get can come back out of order (a big day is slower
// than a small one, a busy machine slower still): each shows only if it answers the newest ask,
// so the list never shows the day picked before last, nor the detail the sale clicked before.
const askList = newestAsk();
const askDetail = newestAsk();

export const useJournal = create<JournalState>((set, get) => ({
  businessDay: today(),
  stateFilter: 'all',
  text: '',
  items: [],
  selected: null,
  pending: [],
  lookups: {},
  loading: false,
  error: null,
  notice: null,

  setDay(businessDay) {
    set({ businessDay });
    void get().select(null); // and a detail still on its way is dropped
    void get().load();
  },
  setStateFilter(stateFilter) {
    set({ stateFilter });
    void get().load();
  },
  setText: (text) => set({ text }),

  async load() {
    const { businessDay, stateFilter } = get();
    if (!isBusinessDay(businessDay)) return;
    const isNewest = askList();
    set({ loading: true });
    const result = await callTill('journal.list', {
      businessDay,
      ...(stateFilter === 'all' ? {} : { status: stateFilter }),
      limit: 2000,
    });
    if (!isNewest()) return;
    if (result.ok) set({ items: result.value, loading: false, error: null });
    else set({ loading: false, error: result.error });
  },

  async select(orderNo) {
    const isNewest = askDetail();
    if (orderNo === null) return set({ selected: null });
    const result = await callTill('journal.get', { orderNo });
    if (!isNewest()) return;
    if (result.ok) set({ selected: result.value, error: null });
    else set({ error: result.error });
  },

  async loadPending() {
    const result = await callTill('verification.pending', {});
    if (result.ok) set({ pending: result.value.items, error: null });
    else set({ error: result.error });
  },

  async lookupTraining(orderNo) {
    const result = await callTill('verification.lookupTraining', { orderNo });
    if (result.ok) set((s) => ({ lookups: { ...s.lookups, [orderNo]: result.value }, error: null }));
    else set({ error: result.error });
  },

  async resolve(input) {
    const result = await callTill('verification.resolve', input);
    if (!result.ok) {
      set({ error: result.error });
      return false;
    }
    set({ notice: result.value.message, error: null });
    await Promise.all([get().loadPending(), get().load()]);
    if (get().selected?.transaction.orderNo === input.orderNo) await get().select(input.orderNo);
    return true;
  },

  async resubmit(orderNo, supervisor) {
    const result = await callTill('checkout.resubmit', { orderNo, ...supervisor });
    if (!result.ok) {
      if (!isPinError(result.error)) set({ error: result.error });
      return result.error;
    }
    set({ notice: result.value.message, error: null });
    await Promise.all([get().loadPending(), get().load(), get().select(orderNo)]);
    return null;
  },
}));

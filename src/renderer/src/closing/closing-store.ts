import { create } from 'zustand';
import type { JournalSummary } from '../../../shared/ipc/contract/journal';
import type { MethodOutput } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { newestAsk } from '../ipc/newest-ask';
import { isBusinessDay, today } from '../journal/journal-store';
import { isPinError, type SupervisorInput } from '../settings/SupervisorAction';

/** Closing the day: the summary, the export to a chosen folder, the journal's chain check. */
interface ClosingState {
  businessDay: string;
  summary: JournalSummary | null;
  folder: string;
  /** The XLSX's and CSV's headers: words in Chinese (the default) or English, or the machine codes. */
  headers: 'zh' | 'en' | 'codes';
  /** Counts the loads, so the parts that load by themselves (the store view) follow a refresh. */
  loads: number;
  exported: MethodOutput<'journal.export'>[];
  verification: MethodOutput<'journal.verify'> | null;
  busy: boolean;
  error: IpcError | null;
  setDay(day: string): void;
  setFolder(folder: string): void;
  setHeaders(headers: 'zh' | 'en' | 'codes'): void;
  load(): Promise<void>;
  /** Answers the error (a wrong PIN stays in the PIN dialog), or null when exported. */
  exportDay(format: 'xlsx' | 'csv' | 'json', supervisor: SupervisorInput): Promise<IpcError | null>;
  /** The cash drawer outside a sale: the supervisor's, with the PIN. */
  openDrawer(supervisor: SupervisorInput): Promise<IpcError | null>;
  drawerOpened: boolean;
  verify(): Promise<void>;
}

/** The summary of the day picked last, though the day before it answers later. */
const askSummary = newestAsk();

export const useClosing = create<ClosingState>((set, get) => ({
  businessDay: today(),
  summary: null,
  folder: '',
  headers: 'zh',
  loads: 0,
  exported: [],
  verification: null,
  busy: false,
  error: null,
  drawerOpened: false,
  setDay(businessDay) {
    set({ businessDay, exported: [] });
    void get().load();
  },
  setFolder: (folder) => set({ folder }),
  setHeaders: (headers) => set({ headers }),
  async load() {
    const { businessDay } = get();
    if (!isBusinessDay(businessDay)) return;
    const isNewest = askSummary();
    set((s) => ({ loads: s.loads + 1 }));
    const result = await callTill('journal.summary', { businessDay });
    if (!isNewest()) return;
    if (result.ok) set({ summary: result.value, error: null });
    else set({ error: result.error });
  },
  async exportDay(format, supervisor) {
    const { businessDay, folder, headers } = get();
    set({ busy: true, error: null });
    const result = await callTill('journal.export', {
      businessDay,
      format,
      folder: folder.trim(),
      headers,
      ...supervisor,
    });
    if (result.ok) {
      set((s) => ({ busy: false, exported: [...s.exported, result.value] }));
      return null;
    }
    set({ busy: false, error: isPinError(result.error) ? null : result.error });
    return result.error;
  },
  async openDrawer(supervisor) {
    set({ error: null, drawerOpened: false });
    const result = await callTill('printing.openDrawer', { ...supervisor });
    if (result.ok) {
      set({ drawerOpened: true });
      return null;
    }
    set({ error: isPinError(result.error) ? null : result.error });
    return result.error;
  },
  async verify() {
    const result = await callTill('journal.verify', {});
    if (result.ok) set({ verification: result.value, error: null });
    else set({ error: result.error });
  },
}));

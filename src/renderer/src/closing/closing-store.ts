import { create } from 'zustand';
import type { JournalSummary } from '../../../shared/ipc/contract/journal';
import type { MethodOutput } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { isBusinessDay, today } from '../journal/journal-store';

/** Closing the day: the summary, the export to a chosen folder, the journal's chain check. */
interface ClosingState {
  businessDay: string;
  summary: JournalSummary | null;
  folder: string;
  exported: MethodOutput<'journal.export'>[];
  verification: MethodOutput<'journal.verify'> | null;
  busy: boolean;
  error: IpcError | null;
  setDay(day: string): void;
  setFolder(folder: string): void;
  load(): Promise<void>;
  exportDay(format: 'csv' | 'json'): Promise<void>;
  verify(): Promise<void>;
}

export const useClosing = create<ClosingState>((set, get) => ({
  businessDay: today(),
  summary: null,
  folder: '',
  exported: [],
  verification: null,
  busy: false,
  error: null,
  setDay(businessDay) {
    set({ businessDay, exported: [] });
    void get().load();
  },
  setFolder: (folder) => set({ folder }),
  async load() {
    const { businessDay } = get();
    if (!isBusinessDay(businessDay)) return;
    const result = await callTill('journal.summary', { businessDay });
    if (result.ok) set({ summary: result.value, error: null });
    else set({ error: result.error });
  },
  async exportDay(format) {
    const { businessDay, folder } = get();
    set({ busy: true, error: null });
    const result = await callTill('journal.export', { businessDay, format, folder: folder.trim() });
    if (result.ok) set((s) => ({ busy: false, exported: [...s.exported, result.value] }));
    else set({ busy: false, error: result.error });
  },
  async verify() {
    const result = await callTill('journal.verify', {});
    if (result.ok) set({ verification: result.value, error: null });
    else set({ error: result.error });
  },
}));

import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain';
import type { MethodOutput } from '../../../shared/ipc/contract';
import type { ReconciliationReport } from '../../../shared/ipc/contract/reconciliation';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { newestAsk } from '../ipc/newest-ask';
import { isPinError, type SupervisorInput } from '../settings/SupervisorAction';
import { withoutSuggestion } from './report-view';

/** Another till's JSON export as picked here: read in the renderer, sent as text. */
export interface PickedExport {
  name: string;
  text: string;
  size: number;
}

/** What the contract takes (ReconciliationStoreInput): at most 32 files of 64 MiB each. */
export const MAX_EXPORTS = 32;
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

type AcceptResult = MethodOutput<'reconciliation.accept'>;

/**
 * The closing screen's reconciliation: the run for the day (trigger `closing`), accepting a
 * suggestion, and the store reconciliation from other tills' exports. Only the newest run's
 * answer is shown: a slower earlier one (another day picked meanwhile) is dropped.
 */
interface ReconciliationScreenState {
  /** The day the report (or the run under way) is for. */
  businessDay: string | null;
  report: ReconciliationReport | null;
  running: boolean;
  /** `Date.now()` when the run under way started: the screen shows the time waited. */
  startedAt: number | null;
  error: IpcError | null;
  /** The answer to the last accepted suggestion, until the next run starts or another is accepted. */
  accepted: AcceptResult | null;
  run(businessDay: string): Promise<void>;
  /** Answers the error (a wrong PIN stays in the PIN dialog), or null when accepted. */
  accept(orderNo: string, supervisor: SupervisorInput): Promise<IpcError | null>;

  files: PickedExport[];
  /** Why a picked file was not taken (too big, too many), said before anything is sent. */
  fileProblem: Bilingual | null;
  pickFiles(files: readonly File[]): Promise<void>;
  clearFiles(): void;
  storeReport: ReconciliationReport | null;
  storeBusy: boolean;
  /** A refused store reconciliation: the reason (another company, a tampered journal, …). */
  storeError: IpcError | null;
  runStore(businessDay: string, supervisor: SupervisorInput): Promise<IpcError | null>;

  /** Set by the status bar's warning: the closing screen brings the section into view once. */
  focusPending: boolean;
  requestFocus(): void;
  focusDone(): void;
}

/** A run overtaken by a newer one (another day picked) shows nothing. */
const askRun = newestAsk();

export const useReconciliation = create<ReconciliationScreenState>((set, get) => ({
  businessDay: null,
  report: null,
  running: false,
  startedAt: null,
  error: null,
  accepted: null,
  async run(businessDay) {
    const isNewest = askRun();
    set((s) => ({
      businessDay,
      running: true,
      startedAt: Date.now(),
      error: null,
      // Another day's report would be read as this day's: it goes; the same day's stays in view.
      report: s.businessDay === businessDay ? s.report : null,
    }));
    const result = await callTill('reconciliation.run', { businessDays: [businessDay], trigger: 'closing' });
    if (!isNewest()) return;
    if (result.ok) set({ running: false, startedAt: null, report: result.value });
    else set({ running: false, startedAt: null, error: result.error });
  },
  async accept(orderNo, supervisor) {
    set({ accepted: null, error: null });
    const result = await callTill('reconciliation.accept', { orderNo, ...supervisor });
    if (!result.ok) {
      if (!isPinError(result.error)) set({ error: result.error });
      return result.error;
    }
    // The suggestion is spent at once; the run after it shows what the provider says now.
    set((s) => ({
      accepted: result.value,
      report: s.report && withoutSuggestion(s.report, orderNo),
      storeReport: s.storeReport && withoutSuggestion(s.storeReport, orderNo),
    }));
    const day = get().businessDay;
    if (day) void get().run(day);
    return null;
  },

  files: [],
  fileProblem: null,
  async pickFiles(picked) {
    const room = MAX_EXPORTS - get().files.length;
    if (picked.length > room) {
      set({
        fileProblem: {
          zh: `最多 ${MAX_EXPORTS} 個匯出檔，未加入這次選的檔案`,
          en: `At most ${MAX_EXPORTS} export files: the files picked now were not added`,
        },
      });
      return;
    }
    const tooBig = picked.find((file) => file.size > MAX_EXPORT_BYTES);
    if (tooBig) {
      set({
        fileProblem: {
          zh: `${tooBig.name} 超過 64 MB，不是收銀機的 JSON 匯出檔`,
          en: `${tooBig.name} is over 64 MB: not a till's JSON export`,
        },
      });
      return;
    }
    // Read here, in the renderer: main never opens a path the page names.
    const read = await Promise.all(
      picked.map(async (file) => ({ name: file.name, text: await file.text(), size: file.size })),
    );
    const empty = read.find((file) => file.text.trim() === '');
    if (empty) {
      set({ fileProblem: { zh: `${empty.name} 是空檔案`, en: `${empty.name} is empty` } });
      return;
    }
    // The same file picked twice counts once (by name: two tills' exports never share one).
    set((s) => ({
      fileProblem: null,
      storeError: null,
      files: [...s.files.filter((f) => !read.some((r) => r.name === f.name)), ...read],
    }));
  },
  clearFiles: () => set({ files: [], fileProblem: null, storeError: null, storeReport: null }),
  storeReport: null,
  storeBusy: false,
  storeError: null,
  async runStore(businessDay, supervisor) {
    const imports = get().files.map(({ name, text }) => ({ name, text }));
    set({ storeBusy: true, storeError: null });
    const result = await callTill('reconciliation.store', { businessDay, imports, ...supervisor });
    if (result.ok) {
      set({ storeBusy: false, storeReport: result.value });
      return null;
    }
    set({ storeBusy: false, storeError: isPinError(result.error) ? null : result.error });
    return result.error;
  },

  focusPending: false,
  requestFocus: () => set({ focusPending: true }),
  focusDone: () => set({ focusPending: false }),
}));

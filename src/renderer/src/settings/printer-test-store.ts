import { create } from 'zustand';
import type { PrinterStatusView, PrintOutcome } from '../../../shared/ipc/contract/printing';
import type { IpcError, IpcResult } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';

/**
 * The settings screen's printer check and test page: the last answers, and which printer they
 * are about. When the printer setting on screen changes (typed or saved), the answers about the
 * previous one leave the screen, and an answer still on its way for it is dropped: a 測試頁已印出
 * or a printer state left standing would describe a printer that is no longer the one set.
 */
export interface PrinterTestState {
  /** The printer setting the screen shows (a key of its fields); the answers below are about it. */
  printer: string | null;
  busy: boolean;
  status: PrinterStatusView | null;
  outcome: PrintOutcome | null;
  /** The test page as an image (data URL), once main has drawn it. */
  preview: string | null;
  error: IpcError | null;
  /** The printer on screen is now `printer`: answers about another one are cleared. */
  showFor(printer: string): void;
  /** Leaving the screen: nothing is kept for the next visit. */
  reset(): void;
  check(): Promise<void>;
  testPrint(): Promise<void>;
}

const NO_ANSWERS = { busy: false, status: null, outcome: null, preview: null, error: null } as const;

/** The key of a printer setting, as `showFor` takes it. */
export const printerKey = (...settings: unknown[]) => JSON.stringify(settings);

export const usePrinterTest = create<PrinterTestState>((set, get) => {
  // Bumped on every change of printer: an answer to an older request is not about this one.
  let generation = 0;

  async function ask<T>(
    request: () => Promise<IpcResult<T>>,
  ): Promise<{ value: T | null; current: boolean }> {
    const asked = generation;
    set({ busy: true, error: null });
    const answer = await request();
    if (asked !== generation) return { value: null, current: false };
    set({ busy: false, ...(answer.ok ? {} : { error: answer.error }) });
    return { value: answer.ok ? answer.value : null, current: true };
  }

  return {
    printer: null,
    ...NO_ANSWERS,

    showFor(printer) {
      if (printer === get().printer) return;
      generation++;
      set({ printer, ...NO_ANSWERS });
    },

    reset() {
      generation++;
      set({ printer: null, ...NO_ANSWERS });
    },

    async check() {
      const { value } = await ask(() => callTill('printing.status', {}));
      if (value) set({ status: value });
    },

    async testPrint() {
      set({ preview: null, outcome: null });
      const asked = generation;
      const { value: outcome, current } = await ask(() => callTill('printing.testPrint', {}));
      if (!current || !outcome) return;
      set({ outcome });
      if (!outcome.printed) return;
      const image = await callTill('printing.preview', { jobId: outcome.jobId });
      if (image.ok && asked === generation) set({ preview: image.value.dataUrl });
    },
  };
});

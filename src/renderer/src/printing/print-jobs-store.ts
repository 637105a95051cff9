import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain';
import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import type { PrintOutcome } from '../../../shared/ipc/contract/printing';
import { callTill } from '../ipc/till-client';

/**
 * One sale's print jobs as the journal records them, the last retry's outcome, and the slip's
 * preview (the virtual printer's paper, in training). Shared by the result and journal screens.
 */
export type PrintJob = JournalDetail['prints'][number];

interface PrintJobsState {
  orderNo: string | null;
  jobs: PrintJob[];
  /** Why the last attempt failed, in the cashier's words. */
  failure: Record<number, Bilingual>;
  retrying: number | null;
  preview: { jobId: number; dataUrl: string } | null;
  /** `prints`: the sale's jobs when the caller has just read them (the journal's detail). */
  load(orderNo: string, prints?: PrintJob[]): Promise<void>;
  retry(jobId: number): Promise<PrintOutcome | null>;
  loadPreview(orderNo: string): Promise<void>;
}

export const usePrintJobs = create<PrintJobsState>((set, get) => ({
  orderNo: null,
  jobs: [],
  failure: {},
  retrying: null,
  preview: null,

  async load(orderNo, prints) {
    if (get().orderNo !== orderNo) set({ orderNo, jobs: [], failure: {}, preview: null });
    const [jobs, pending] = await Promise.all([
      prints ??
        callTill('journal.get', { orderNo }).then((detail) =>
          detail.ok && detail.value ? detail.value.prints : [],
        ),
      callTill('printing.pending', {}),
    ]);
    if (get().orderNo !== orderNo) return;
    const failure: Record<number, Bilingual> = {};
    if (pending.ok) for (const job of pending.value.jobs) if (job.message) failure[job.id] = job.message;
    set({ jobs, failure });
  },

  async retry(jobId) {
    const { orderNo } = get();
    set({ retrying: jobId });
    const result = await callTill('printing.retry', { jobId });
    set({ retrying: null });
    if (!result.ok) {
      set((s) => ({ failure: { ...s.failure, [jobId]: result.error.message } }));
      return null;
    }
    if (orderNo) await get().load(orderNo);
    if (!result.value.printed && result.value.message) {
      set((s) => ({ failure: { ...s.failure, [jobId]: result.value.message! } }));
    }
    return result.value;
  },

  async loadPreview(orderNo) {
    const result = await callTill('printing.preview', { orderNo });
    if (result.ok && get().orderNo === orderNo)
      set({ preview: { jobId: result.value.jobId, dataUrl: result.value.dataUrl } });
  },
}));

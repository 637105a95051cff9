/**
 * What printing needs from the journal, by the journal's own method names (so `Journal`
 * satisfies it as it is): jobs are created, attempts recorded, pending jobs listed. The print
 * result is recorded apart from the issue result: a failed print never changes the invoice.
 */
import type {
  NewPrintJob,
  PrintAttempt,
  PrintJobKind,
  PrintJobRecord,
  TransactionRecord,
} from '../journal/types';

// The job records are the journal's own types: one definition for the data layer and the printer.
export type { NewPrintJob, PrintAttempt, PrintJobKind, PrintJobRecord };

type MaybePromise<T> = T | Promise<T>;

export interface PrintJobStore {
  createPrintJob(job: NewPrintJob): MaybePromise<PrintJobRecord>;
  recordPrintAttempt(jobId: number, attempt: PrintAttempt): MaybePromise<unknown>;
  getPrintJob(id: number): MaybePromise<PrintJobRecord | null | undefined>;
  pendingPrintJobs(): MaybePromise<PrintJobRecord[]>;
  /** An order's jobs, oldest first (for the preview by order number). */
  printJobsFor(orderNo: string): MaybePromise<PrintJobRecord[]>;
  /** The sale (`Journal.get`): only for a proof the till builds itself; a store without it cannot build one. */
  get?(orderNo: string): TransactionRecord | null;
  /** Whether the sale's invoice is voided or has a void not yet settled (`Journal.voidState`). */
  voidState?(orderNo: string): 'none' | 'pending' | 'voided';
}

/** The same rules in memory: for tests, the CLI, and a till without a journal. */
export class MemoryPrintJobStore implements PrintJobStore {
  private readonly jobs = new Map<number, PrintJobRecord>();
  private nextId = 1;

  constructor(private readonly now: () => Date = () => new Date()) {}

  createPrintJob(job: NewPrintJob): PrintJobRecord {
    const record: PrintJobRecord = {
      id: this.nextId++,
      orderNo: job.orderNo,
      kind: job.kind,
      content: job.content,
      state: 'pending',
      reprint: job.kind === 'proof' && job.orderNo !== null && this.hasPrintedProof(job.orderNo),
      attempts: 0,
      lastError: null,
      createdAt: this.now().toISOString(),
      printedAt: null,
    };
    this.jobs.set(record.id, record);
    return { ...record };
  }

  recordPrintAttempt(jobId: number, attempt: PrintAttempt): void {
    const job = this.jobs.get(jobId);
    if (!job) throw new Error(`No print job ${jobId}`);
    job.attempts++;
    // As the journal: a success keeps the last failure's reason, for the record.
    if (attempt.ok) {
      job.state = 'printed';
      job.printedAt = this.now().toISOString();
    } else {
      job.lastError = attempt.reason;
    }
  }

  getPrintJob(id: number): PrintJobRecord | null {
    const job = this.jobs.get(id);
    return job ? { ...job } : null;
  }

  pendingPrintJobs(): PrintJobRecord[] {
    return [...this.jobs.values()].filter((job) => job.state === 'pending').map((job) => ({ ...job }));
  }

  private hasPrintedProof(orderNo: string): boolean {
    return [...this.jobs.values()].some(
      (job) => job.orderNo === orderNo && job.kind === 'proof' && job.state === 'printed',
    );
  }

  printJobsFor(orderNo: string): PrintJobRecord[] {
    return [...this.jobs.values()].filter((job) => job.orderNo === orderNo).map((job) => ({ ...job }));
  }
}

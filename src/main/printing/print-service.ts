import type { Logger } from '../core/logger';
import { createWriter, renderEscPos, type ChineseMode } from './escpos/render-escpos';
import type { DetailsSlipInput } from './layout/details-layout';
import type { DaySummary } from './layout/summary-layout';
import { paperOf, type PaperWidth } from './paper';
import type { PrintJobKind, PrintJobRecord, PrintJobStore } from './print-job-store';
import { renderPreview, type SlipPreview } from './preview';
import { loadRasterFont, type RasterFont } from './raster-font';
import { slipForJob } from './slip-content';
import type { PrinterStatus } from './status';
import { TransportFactory, type TransportSettings } from './transports/create-transport';
import { failureCodeOf, PrintFailure, type PrintFailureCode } from './transports/transport';

export interface PrinterConfig extends TransportSettings {
  paperWidth: PaperWidth;
  chinese: ChineseMode;
}

export interface PrintResult {
  jobId: number;
  printed: boolean;
  reprint: boolean;
  failure: PrintFailureCode | null;
  /** The stored reason (`paper-out: …`), null when printed. */
  reason: string | null;
}

export interface PrintServiceDeps {
  store: PrintJobStore;
  /** Read on every job, so a settings change applies to the next print. */
  printer: () => PrinterConfig;
  sellerName?: () => string;
  font?: () => RasterFont;
  transports?: TransportFactory;
  logger?: Logger;
  now?: () => Date;
}

/**
 * Printing as the till does it: every print is a job in the journal first, then bytes to the
 * printer, then the attempt recorded. A failure (printer off, paper out, cable pulled mid-job)
 * leaves the job pending with its reason and never touches the invoice; a retry prints the
 * same content again; a proof for an order whose proof already printed says 補印. One job at a
 * time goes to the printer.
 */
export class PrintService {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly transports: TransportFactory;
  private readonly font: () => RasterFont;
  private readonly now: () => Date;

  constructor(private readonly deps: PrintServiceDeps) {
    this.transports = deps.transports ?? new TransportFactory();
    this.font = deps.font ?? (() => loadRasterFont());
    this.now = deps.now ?? (() => new Date());
  }

  /** Prints the proof from `PrintDataString` as received. `openDrawer` kicks the cash drawer first (a cash sale). */
  async printProof(input: {
    orderNo: string;
    printDataString: string;
    openDrawer?: boolean;
  }): Promise<PrintResult> {
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'proof',
      content: input.printDataString,
    });
    return this.printJob(job, input.openDrawer === true);
  }

  /** The transaction-details slip (交易明細) for a carrier or donation sale, on request. */
  async printDetails(input: {
    orderNo: string;
    details: DetailsSlipInput;
    openDrawer?: boolean;
  }): Promise<PrintResult> {
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'details',
      content: JSON.stringify(input.details),
    });
    return this.printJob(job, input.openDrawer === true);
  }

  async printSummary(summary: DaySummary): Promise<PrintResult> {
    const content = JSON.stringify({ sellerName: this.deps.sellerName?.() ?? '', summary });
    return this.printJob(
      await this.deps.store.createPrintJob({ orderNo: null, kind: 'summary', content }),
      false,
    );
  }

  async testPrint(): Promise<PrintResult> {
    const config = this.deps.printer();
    const content = JSON.stringify({
      printer: config.uri,
      model: config.model,
      chinese: config.chinese,
      at: this.now().toISOString(),
    });
    return this.printJob(
      await this.deps.store.createPrintJob({ orderNo: null, kind: 'test', content }),
      false,
    );
  }

  /** Prints a pending job's same content again; a job that printed is refused (print a proof again for 補印). */
  async retry(jobId: number): Promise<PrintResult> {
    const job = await this.deps.store.getPrintJob(jobId);
    if (!job) throw new RetryRefused('not-found', jobId);
    if (job.state === 'printed') throw new RetryRefused('already-printed', jobId);
    return this.printJob(job, false);
  }

  /** The job's slip as a PNG, by job id or by order number (that order's latest proof, else its latest job). */
  async preview(
    ref: { jobId: number } | { orderNo: string },
  ): Promise<(SlipPreview & { job: PrintJobRecord }) | null> {
    const job =
      'jobId' in ref ? await this.deps.store.getPrintJob(ref.jobId) : await this.latestJobFor(ref.orderNo);
    if (!job) return null;
    return { ...this.previewContent(job.kind, job.content, job.reprint), job };
  }

  /** Renders content that is not (yet) a job: e.g. the result screen before printing. */
  previewContent(kind: PrintJobKind, content: string, reprint = false): SlipPreview {
    const paper = paperOf(this.deps.printer().paperWidth);
    return renderPreview(slipForJob({ kind, content, reprint }, paper), paper, this.font());
  }

  async status(): Promise<PrinterStatus> {
    try {
      return await (await this.transports.create(this.deps.printer())).status();
    } catch (error) {
      return { state: 'offline', paperNearEnd: false, detail: (error as Error).message };
    }
  }

  async pending(): Promise<PrintJobRecord[]> {
    return this.deps.store.pendingPrintJobs();
  }

  /** Opens the cash drawer alone (when the proof could not print after a cash sale). */
  async openDrawer(): Promise<void> {
    const config = this.deps.printer();
    const writer = createWriter(config.model);
    writer.init();
    writer.drawerKick();
    await this.exclusive(async () => (await this.transports.create(config)).send(writer.bytes()));
  }

  /** The training printer (virtual), when one is running. */
  get virtualPrinter() {
    return this.transports.virtualPrinter;
  }

  async close(): Promise<void> {
    await this.queue.catch(() => {});
    await this.transports.closeVirtual();
  }

  private async latestJobFor(orderNo: string): Promise<PrintJobRecord | null> {
    const jobs = await this.deps.store.printJobsFor(orderNo);
    return jobs.findLast((job) => job.kind === 'proof') ?? jobs.at(-1) ?? null;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  private printJob(job: PrintJobRecord, openDrawer: boolean): Promise<PrintResult> {
    return this.exclusive(async () => {
      let outcome: { ok: true } | { ok: false; reason: string };
      try {
        const config = this.deps.printer();
        const paper = paperOf(config.paperWidth);
        const bytes = renderEscPos(slipForJob(job, paper), {
          model: config.model,
          chinese: config.chinese,
          font: this.font,
          openDrawer,
        });
        await (await this.transports.create(config)).send(bytes);
        outcome = { ok: true };
      } catch (error) {
        const failure =
          error instanceof PrintFailure ? error : new PrintFailure('device-error', (error as Error).message);
        outcome = { ok: false, reason: failure.message };
        this.deps.logger?.warn('print failed', {
          jobId: job.id,
          kind: job.kind,
          orderNo: job.orderNo,
          reason: failure.message,
        });
      }
      await this.deps.store.recordPrintAttempt(job.id, outcome);
      return {
        jobId: job.id,
        printed: outcome.ok,
        reprint: job.reprint,
        failure: outcome.ok ? null : failureCodeOf(outcome.reason),
        reason: outcome.ok ? null : outcome.reason,
      };
    });
  }
}

export class RetryRefused extends Error {
  constructor(
    readonly code: 'not-found' | 'already-printed',
    readonly jobId: number,
  ) {
    super(code === 'not-found' ? `No print job ${jobId}` : `Print job ${jobId} already printed`);
    this.name = 'RetryRefused';
  }
}

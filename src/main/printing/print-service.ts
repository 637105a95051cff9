import type { Logger } from '../core/logger';
import { formatInvoiceNumber } from '../../shared/domain';
import { TillError } from '../core/errors';
import type { TransactionRecord } from '../journal/types';
import { buildProofForTransaction } from './built-proof';
import { createWriter, renderEscPos, type ChineseMode } from './escpos/render-escpos';
import { AllowanceSlipInput, allowanceSlips } from './layout/allowance-layout';
import type { DetailsSlipInput } from './layout/details-layout';
import { VoidNoticeInput, voidNoticeSlip } from './layout/void-notice-layout';
import type { DaySummary } from './layout/summary-layout';
import { paperOf, type PaperWidth } from './paper';
import type { PrintJobKind, PrintJobRecord, PrintJobStore } from './print-job-store';
import { renderPreview, type SlipPreview } from './preview';
import { loadRasterFont, type RasterFont } from './raster-font';
import { joinForPreview, proofEnvelope, slipsForJob, type ProofEnvelope } from './slip-content';
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
  /**
   * The seller's QR key (write-only secret `qrAesKey`), read only when the till must build a
   * proof itself; null when not set.
   */
  qrAesKey?: () => string | null;
  /** The journal's sale (`Journal.get`), for a proof the till builds itself. */
  transaction?: (orderNo: string) => TransactionRecord | null;
  font?: () => RasterFont;
  transports?: TransportFactory;
  logger?: Logger;
  now?: () => Date;
}

/**
 * Printing as the till does it: every print is a job in the journal first, then bytes to the
 * printer, then the attempt recorded. A failure (printer off, paper out, cable pulled mid-job)
 * leaves the job pending with its reason and never touches the invoice; a retry prints the
 * same content again; a proof for an order whose proof already printed says 補印 (decided when
 * it prints: never a second original). One job at a time goes to the printer.
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

  /**
   * The proof of a sale resolved as issued after a timeout (no PrintDataString), or of a provider
   * that never sends one (SystemLead): built by the till from the journal's sale, its invoice
   * number, the random code (as the provider's channel shows it, else the journal's), and the
   * seller's QR key. Without the key: TillError `proof-qr-key-missing`, no job, no
   * bytes. The job's content keeps what was built, so a retry or a 補印 prints the same.
   */
  async printBuiltProof(input: {
    orderNo: string;
    randomNumber?: string;
    openDrawer?: boolean;
  }): Promise<PrintResult> {
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'proof',
      content: this.builtProofContent(input.orderNo, input.randomNumber),
    });
    return this.printJob(job, input.openDrawer === true);
  }

  /**
   * The content of a proof the till builds itself (see `printBuiltProof`), for a job written
   * elsewhere (the sale's outcome commit). Throws as `printBuiltProof` does.
   */
  builtProofContent(orderNo: string, randomNumber?: string): string {
    const envelope: ProofEnvelope = {
      printDataString: this.buildProofString(orderNo, randomNumber),
      source: 'till',
    };
    return JSON.stringify(envelope);
  }

  /**
   * Prints a job already in the journal: a sale's, written in the same commit as its outcome, so
   * that the sale's path makes no commit of its own to create it. Its attempt is recorded as any
   * job's (a durable commit after the bytes went out).
   */
  printWritten(job: PrintJobRecord, openDrawer: boolean): Promise<PrintResult> {
    return this.printJob(job, openDrawer);
  }

  /** Writes the job, then prints it (a sale's job when none was written with its outcome). */
  async printCreated(
    job: { orderNo: string; kind: 'proof' | 'details'; content: string },
    openDrawer: boolean,
  ): Promise<PrintResult> {
    return this.printJob(await this.deps.store.createPrintJob(job), openDrawer);
  }

  /**
   * The first print of a sale resolved as issued after an unknown outcome (no PrintDataString
   * came back): the proof itself, built by the till, titled as the original since none ever
   * printed. Null when the sale has no paper proof (a carrier, a donation) or one already printed
   * (a later print is a 補印). Throws as `printBuiltProof` does (no QR key: nothing printed).
   */
  async printResolvedProof(input: { orderNo: string; randomNumber?: string }): Promise<PrintResult | null> {
    const tx = this.deps.transaction?.(input.orderNo) ?? null;
    if (!tx || tx.state !== 'issued' || tx.operation !== 'order') return null;
    const jobs = await this.deps.store.printJobsFor(input.orderNo);
    if (jobs.some((job) => job.kind === 'proof' && job.state === 'printed')) return null;
    return this.printBuiltProof({
      orderNo: input.orderNo,
      ...(input.randomNumber ? { randomNumber: input.randomNumber } : {}),
    });
  }

  /**
   * 補印: prints an issued sale's paper proof again, with who and why in the job's content (so in
   * the journal's `print.created` entry). Never a second original: once a proof of the order has
   * printed, every later print of it says 電子發票證明聯補印; if none ever printed, the first that
   * does is the original. The content is the order's last proof content (as received, or as the
   * till built it); a sale with none (resolved after a timeout) gets a proof built by the till,
   * which needs the QR key and the random code (`randomNumber`, else the journal's).
   */
  async reprintProof(input: {
    orderNo: string;
    by: string;
    reason: string;
    randomNumber?: string;
  }): Promise<PrintResult> {
    const by = input.by.trim();
    const reason = input.reason.trim();
    if (by === '' || reason === '')
      throw new TillError('reprint-who-why', {
        zh: '補印需要填寫經手人與原因。未列印。',
        en: 'A reprint needs who asks for it and why. Nothing was printed.',
      });
    this.refuseVoidedProof(input.orderNo);
    const jobs = await this.deps.store.printJobsFor(input.orderNo);
    const last = jobs.findLast((job) => job.kind === 'proof');
    let base: Omit<ProofEnvelope, 'reprint'>;
    if (last) {
      const { printDataString, source } = proofEnvelope(last.content); // an earlier 補印's who/why stays with it
      base = { printDataString, source };
    } else {
      base = { printDataString: this.buildProofString(input.orderNo, input.randomNumber), source: 'till' };
    }
    const envelope: ProofEnvelope = { ...base, reprint: { by, reason, at: this.now().toISOString() } };
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'proof',
      content: JSON.stringify(envelope),
    });
    return this.printJob(job, false);
  }

  /**
   * The allowance slip (折讓證明單), two copies in one job (store copy, customer copy), each
   * cut on its own. A `details` job of the original sale (see slip-content.ts).
   */
  async printAllowanceSlip(input: {
    orderNo: string;
    slip: AllowanceSlipInput;
    openDrawer?: boolean;
  }): Promise<PrintResult> {
    const slip = AllowanceSlipInput.parse(input.slip); // bad input is refused before a job exists
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'details',
      content: JSON.stringify({ layout: 'allowance-slip', slip }),
    });
    return this.printJob(job, input.openDrawer === true);
  }

  /** The void notice (作廢): not a proof. A `details` job of the voided sale. */
  async printVoidNotice(input: {
    orderNo: string;
    notice: VoidNoticeInput;
    openDrawer?: boolean;
  }): Promise<PrintResult> {
    const notice = VoidNoticeInput.parse(input.notice);
    const job = await this.deps.store.createPrintJob({
      orderNo: input.orderNo,
      kind: 'details',
      content: JSON.stringify({ layout: 'void-notice', notice }),
    });
    return this.printJob(job, input.openDrawer === true);
  }

  /** The allowance slip as the screen shows it before printing: both copies, on the printer's paper. */
  previewAllowanceSlip(slip: AllowanceSlipInput): SlipPreview {
    const paper = paperOf(this.deps.printer().paperWidth);
    return renderPreview(joinForPreview(allowanceSlips(slip, paper)), paper, this.font());
  }

  previewVoidNotice(notice: VoidNoticeInput): SlipPreview {
    const paper = paperOf(this.deps.printer().paperWidth);
    return renderPreview(voidNoticeSlip(notice, paper), paper, this.font());
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
    // A proof left pending before its invoice was voided must not come out as a valid one now.
    if (job.kind === 'proof' && job.orderNo !== null) this.refuseVoidedProof(job.orderNo);
    return this.printJob(job, false);
  }

  /**
   * A proof of a voided invoice (or one whose void may stand) would pass for a valid invoice:
   * refused with the reason, nothing printed. The void notice is what a voided sale prints.
   */
  private refuseVoidedProof(orderNo: string): void {
    const state = this.deps.store.voidState?.(orderNo) ?? 'none';
    if (state === 'voided') {
      const number = this.deps.transaction?.(orderNo)?.invoiceNumber ?? null;
      const invoice = number ? `發票 ${formatInvoiceNumber(number)}` : `訂單 ${orderNo} 的發票`;
      const invoiceEn = number ? `Invoice ${formatInvoiceNumber(number)}` : `The invoice of order ${orderNo}`;
      throw new TillError('proof-voided', {
        zh: `${invoice} 已作廢，不能補印證明聯（作廢的發票不可再交給顧客）。未列印。`,
        en: `${invoiceEn} is voided: its proof cannot be reprinted (a voided invoice is never handed out again). Nothing was printed.`,
      });
    }
    if (state === 'pending') {
      throw new TillError('proof-void-pending', {
        zh: `訂單 ${orderNo} 的作廢待確認，確認前不能補印證明聯。未列印。`,
        en: `Order ${orderNo} has a void that needs verification: no proof is reprinted until it is settled. Nothing was printed.`,
      });
    }
  }

  /** The job's slip as a PNG, by job id or by order number (that order's latest proof, else its latest job). */
  async preview(
    ref: { jobId: number } | { orderNo: string },
  ): Promise<(SlipPreview & { job: PrintJobRecord }) | null> {
    const job =
      'jobId' in ref ? await this.deps.store.getPrintJob(ref.jobId) : await this.latestJobFor(ref.orderNo);
    if (!job) return null;
    return {
      ...this.previewContent(job.kind, job.content, await this.printsAsReprint(job), this.isTraining(job)),
      job,
    };
  }

  /** Renders content that is not (yet) a job: e.g. the result screen before printing. */
  previewContent(kind: PrintJobKind, content: string, reprint = false, training = false): SlipPreview {
    const paper = paperOf(this.deps.printer().paperWidth);
    return renderPreview(
      joinForPreview(
        slipsForJob({ kind, content, reprint }, paper, { training, sellerName: this.deps.sellerName?.() }),
      ),
      paper,
      this.font(),
    );
  }

  /** A job of a training sale (the journal's `training` flag): its proof says it is no invoice. */
  private isTraining(job: Pick<PrintJobRecord, 'orderNo'>): boolean {
    if (job.orderNo === null) return false;
    try {
      return this.deps.transaction?.(job.orderNo)?.training === true;
    } catch {
      return false;
    }
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

  /**
   * The virtual printer's address (started if need be) while the setting is `virtual`, else null:
   * where the embedded training service's cloud print agent delivers its bytes (issue 29).
   */
  async virtualPrinterAddress(): Promise<{ host: string; port: number } | null> {
    const config = this.deps.printer();
    if (config.uri !== 'virtual') return null;
    await this.transports.create(config);
    const printer = this.transports.virtualPrinter;
    return printer ? { host: '127.0.0.1', port: printer.port } : null;
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

  private buildProofString(orderNo: string, randomNumber: string | undefined): string {
    const tx = this.deps.transaction?.(orderNo) ?? null;
    if (!tx)
      throw new TillError('proof-no-sale', {
        zh: `找不到訂單 ${orderNo}，無法產生證明聯。未列印。`,
        en: `No sale ${orderNo}: no proof can be built. Nothing was printed.`,
      });
    const data = buildProofForTransaction(tx, {
      sellerName: this.deps.sellerName?.() ?? '',
      qrAesKey: this.deps.qrAesKey?.() ?? null,
      randomNumber: randomNumber ?? null,
    });
    return JSON.stringify(data);
  }

  /**
   * Whether a proof job prints as 補印: the journal marks a job created after a printed proof, and
   * a job created earlier (an original that failed, retried after a 補印 printed) must not come
   * out as a second original either. Decided when it prints, not only when it was created.
   */
  private async printsAsReprint(job: PrintJobRecord): Promise<boolean> {
    if (job.kind !== 'proof') return false;
    if (job.reprint || job.orderNo === null) return job.reprint;
    const jobs = await this.deps.store.printJobsFor(job.orderNo);
    // A job that printed is judged by what had printed before it (its preview shows what came out).
    const printedBefore = (other: PrintJobRecord) =>
      job.state !== 'printed' ||
      (other.printedAt !== null && job.printedAt !== null && other.printedAt < job.printedAt);
    return jobs.some(
      (other) =>
        other.id !== job.id && other.kind === 'proof' && other.state === 'printed' && printedBefore(other),
    );
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  private printJob(job: PrintJobRecord, openDrawer: boolean): Promise<PrintResult> {
    return this.exclusive(async () => {
      const { outcome, reprint } = await this.sendJob(job, openDrawer);
      await this.deps.store.recordPrintAttempt(job.id, outcome);
      return {
        jobId: job.id,
        printed: outcome.ok,
        reprint,
        failure: outcome.ok ? null : failureCodeOf(outcome.reason),
        reason: outcome.ok ? null : outcome.reason,
      };
    });
  }

  /** The job's bytes to the printer; a failure is the attempt's outcome, never a throw. */
  private async sendJob(
    job: PrintJobRecord,
    openDrawer: boolean,
  ): Promise<{ outcome: { ok: true } | { ok: false; reason: string }; reprint: boolean }> {
    let reprint = job.reprint;
    try {
      reprint = await this.printsAsReprint(job);
      const config = this.deps.printer();
      const paper = paperOf(config.paperWidth);
      // One byte stream for all copies: each copy is a whole slip with its own cut, and the
      // drawer kicks once, before the first.
      const bytes = Buffer.concat(
        slipsForJob({ ...job, reprint }, paper, {
          training: this.isTraining(job),
          sellerName: this.deps.sellerName?.(),
        }).map((slip, index) =>
          renderEscPos(slip, {
            model: config.model,
            chinese: config.chinese,
            font: this.font,
            openDrawer: openDrawer && index === 0,
          }),
        ),
      );
      await (await this.transports.create(config)).send(bytes);
      return { outcome: { ok: true }, reprint };
    } catch (error) {
      const failure =
        error instanceof PrintFailure ? error : new PrintFailure('device-error', (error as Error).message);
      this.deps.logger?.warn('print failed', {
        jobId: job.id,
        kind: job.kind,
        orderNo: job.orderNo,
        reason: failure.message,
      });
      return { outcome: { ok: false, reason: failure.message }, reprint };
    }
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

import type { IssuedOutcome } from '../invoice-service/outcome';
import { invoiceTimeOf } from '../journal/invoice-time';
import type { Journal } from '../journal/journal';
import type { TransactionRecord } from '../journal/types';
import { bilingual, type Bilingual } from '../../shared/domain';
import type { printingMethods } from '../../shared/ipc/contract/printing';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import { periodic, type Service } from '../core/lifecycle';
import { silentLogger, type Logger } from '../core/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { SupervisorGate } from '../settings/supervisor';
import { failureMessage } from './failure-messages';
import { createCloudJobs, type CloudJobs, type CloudJobsOptions } from './cloud-jobs';
import { createPrintingHandlers } from './handlers';
import type { DetailsSlipInput } from './layout/details-layout';
import type { DaySummary } from './layout/summary-layout';
import type { PrintJobRecord, PrintJobStore } from './print-job-store';
import { PrintService, type PrintResult } from './print-service';
import type { PrinterState } from './status';

/** A failed job says something about the printer, unless the content itself was at fault. */
function stateOfFailure(failure: PrintResult['failure']): PrinterState | null {
  if (failure === 'paper-out' || failure === 'cover-open') return failure;
  if (failure === 'bad-content' || failure === null) return null;
  return 'offline';
}

/**
 * What printing reads of an issued sale: the checkout's `IssuedEvent` has it, and the composition
 * (src/main/app) hands each one over, so printing never reaches into the checkout's room.
 */
export interface IssuedSale {
  orderNo: string;
  transaction: TransactionRecord;
  outcome: Pick<IssuedOutcome, 'printData' | 'tillBuildsProof'>;
  /** The raw PrintDataString as received (null when missing). */
  printDataString: string | null;
  /** The e-invoice service's cloud printer prints this proof (its job): nothing printed here. */
  cloudPrintJobId?: string | null;
}

export interface PrintingCapability {
  handlers: HandlersFor<typeof printingMethods>;
  service: PrintService;
  /** The printer's state as last seen (a status query, or the outcome of the last job), for the status bar. */
  printerState(): PrinterState;
  /** Asks the printer now; calls `onStateChanged` when the answer differs from the last one. */
  refreshPrinterState(): Promise<PrinterState>;
  /**
   * 補印 (see PrintService.reprintProof): who and why go into the job's content. Throws TillError
   * when refused (no who/why, no paper proof, a proof to build without the QR key).
   */
  reprintProof(input: {
    orderNo: string;
    by: string;
    reason: string;
    randomNumber?: string;
  }): Promise<PrintResult>;
  /**
   * A sale resolved as issued: its proof's first print (PrintService.printResolvedProof). Never
   * throws: null when it needs none, else what printed or why not, in the cashier's words.
   */
  printResolvedProof(input: {
    orderNo: string;
    randomNumber?: string;
  }): Promise<{ printed: boolean; reprint: boolean; message: Bilingual | null } | null>;
  /** Subscribe to the checkout's `onIssued`: prints what the sale needs. Never throws. */
  onIssued(event: IssuedSale): Promise<PrintResult | null>;
  /**
   * Inside the sale's outcome commit (the checkout's `enqueueOnIssued`): writes the job `onIssued`
   * prints next, so printing adds no commit to the sale's path. Throws when the job cannot be
   * written (the checkout then rolls back only the job, and `onIssued` writes it as before).
   */
  enqueueIssued(event: IssuedSale): void;
  /**
   * The idle printer's state poll, registered with the core's lifecycle (core/lifecycle.ts),
   * which starts it with the other background services and stops it before `close`.
   */
  statusPoll: Service;
  /** The cloud printer's jobs (issue 29): polled on the lifecycle, 補印 through the service. Null without `cloud`. */
  cloudJobs: CloudJobs | null;
  close(): Promise<void>;
}

/**
 * Printing for the core: the print service on the journal's print jobs, the printer taken from
 * the settings at each job (`virtual` in training mode: a preview printer on 127.0.0.1).
 */
export function createPrintingCapability(options: {
  store: PrintJobStore;
  settings: SettingsStore;
  /** The journal's summary of a business day, for the summary slip. */
  daySummary: (businessDay: string) => DaySummary;
  logger?: Logger;
  onStateChanged?: () => void;
  /** How often the printer is asked for its status while idle; 0 = only after jobs and on demand. */
  statusIntervalMs?: number;
  /** Opening the drawer by hand needs the supervisor PIN and is recorded. */
  supervisor: SupervisorGate;
  /**
   * The seller's QR key (the write-only secret `qrAesKey`): `() => secrets.get('qrAesKey')`.
   * Needed only for a proof the till builds itself; without it such a proof is refused.
   */
  qrAesKey?: () => string | null;
  /**
   * Cloud print (issue 29): the client on the e-invoice service (the checkout's connection, handed
   * in by the composition) and where a job's move is pushed.
   */
  cloud?: Omit<CloudJobsOptions, 'journal' | 'logger'> & { journal: Journal };
}): PrintingCapability {
  const printer = () => options.settings.get().printer;
  let state: PrinterState = 'unknown';
  const setState = (next: PrinterState) => {
    if (next === state) return;
    state = next;
    options.onStateChanged?.();
  };
  const noteResult = (result: PrintResult | null) => {
    const next = result === null ? null : result.printed ? 'online' : stateOfFailure(result.failure);
    if (next) setState(next);
    return result;
  };
  async function refreshPrinterState(): Promise<PrinterState> {
    setState((await service.status()).state);
    return state;
  }
  const statusPoll = periodic({
    name: 'printer-status',
    intervalMs: options.statusIntervalMs ?? 0,
    run: async () => void (await refreshPrinterState()),
    logger: options.logger ?? silentLogger,
  });
  const service = new PrintService({
    store: options.store,
    printer,
    sellerName: () => options.settings.get().sellerName,
    logger: options.logger,
    qrAesKey: () => options.qrAesKey?.() ?? null,
    // The journal (the store the core passes) knows the sale a built proof is made from.
    transaction: (orderNo) => options.store.get?.(orderNo) ?? null,
  });

  /**
   * What an issued sale prints: the proof for `/Append/Order` (from its print data when usable,
   * else built by the till when the provider never sends any), the details slip when a carrier or
   * donation customer asked for one; null when nothing (a cash sale still kicks the drawer).
   */
  function jobFor(event: IssuedSale): { orderNo: string; kind: 'proof' | 'details'; content: string } | null {
    const tx = event.transaction;
    const { orderNo } = event;
    // A cloud-printed proof is the provider's job: printing it here too would make two proofs.
    const printsHere = tx.operation === 'order' && !event.cloudPrintJobId;
    if (printsHere && event.printDataString !== null && event.outcome.printData !== null) {
      return { orderNo, kind: 'proof', content: event.printDataString };
    }
    if (printsHere && event.printDataString === null && event.outcome.tillBuildsProof) {
      // The provider never sends print data (SystemLead): the proof is built from the journal's
      // sale and the random code the till sent, the composition the provider would have used.
      try {
        return { orderNo, kind: 'proof', content: service.builtProofContent(orderNo) };
      } catch (error) {
        // Nothing can be built (no QR key set): nothing printed, the sale stands, the drawer
        // still opens; 補印 says why once more and prints once the key is set.
        options.logger?.warn('the till could not build the proof', {
          orderNo,
          error: (error as Error).message,
        });
      }
    }
    if (!tx.invoice.wantsDetails) return null;
    const settings = options.settings.get();
    const details: DetailsSlipInput = {
      sellerName: settings.sellerName,
      sellerId: tx.companyId,
      orderNo: tx.orderNo,
      invoiceNumber: tx.invoiceNumber,
      dateTime: invoiceTimeOf(tx),
      carrier:
        tx.invoice.carrierType && tx.invoice.carrierId
          ? { type: tx.invoice.carrierType, id: tx.invoice.carrierId }
          : null,
      loveCode: tx.invoice.loveCode ?? null,
      lines: tx.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        subTotal: line.subTotal,
      })),
      totalAmount: tx.totals.totalAmount,
      payments: tx.payments.map(({ method, amount, tendered, change }) => ({
        method,
        amount,
        tendered,
        change,
      })),
    };
    return { orderNo, kind: 'details', content: JSON.stringify(details) };
  }

  function enqueueIssued(event: IssuedSale): void {
    const job = jobFor(event);
    const created = job ? options.store.createPrintJob(job) : null;
    // Only a store that writes at once can write in the sale's commit (the journal does).
    if (created instanceof Promise) {
      void created.catch(() => {});
      throw new Error('this print job store cannot write in the sale’s commit');
    }
  }

  /**
   * The job the sale's outcome commit wrote (`enqueueIssued`), read back from the journal: an
   * issued sale's jobs are all made after its issue, so one not yet tried is that job. Read, not
   * remembered: a commit that rolled back leaves no job here, and nothing stale in memory.
   */
  async function writtenJob(orderNo: string): Promise<PrintJobRecord | null> {
    const jobs = await options.store.printJobsFor(orderNo);
    return jobs.find((job) => job.state === 'pending' && job.attempts === 0) ?? null;
  }

  /**
   * After an issue: prints what `jobFor` says, and kicks the drawer for cash. The job is the one
   * written in the sale's outcome commit when there is one (`enqueueIssued`), else written now.
   */
  async function onIssued(event: IssuedSale): Promise<PrintResult | null> {
    const tx = event.transaction;
    // A 改開's new sale takes no money (it replaces a voided one, paid as it was): no drawer.
    const cash = tx.reissueOf === null && tx.payments.some((payment) => payment.method === 'cash');
    try {
      const job = await writtenJob(event.orderNo);
      if (job) return noteResult(await service.printWritten(job, cash));
      const fresh = jobFor(event);
      if (fresh) return noteResult(await service.printCreated(fresh, cash));
      if (cash) await service.openDrawer();
    } catch (error) {
      options.logger?.warn('printing after issue failed', {
        orderNo: event.orderNo,
        error: (error as Error).message,
      });
    }
    return null;
  }

  const cloudJobs = options.cloud
    ? createCloudJobs({ ...options.cloud, logger: options.logger ?? silentLogger })
    : null;

  return {
    handlers: createPrintingHandlers(
      service,
      printer,
      options.daySummary,
      options.supervisor,
      () => ({
        tillId: options.settings.get().tillId,
        training: options.settings.get().mode === 'training',
      }),
      cloudJobs,
    ),
    cloudJobs,
    service,
    reprintProof: async (input) => noteResult(await service.reprintProof(input))!,
    printResolvedProof: async (input) => {
      try {
        const result = noteResult(await service.printResolvedProof(input));
        if (!result) return null;
        return { printed: result.printed, reprint: result.reprint, message: failureMessage(result.failure) };
      } catch (error) {
        // The resolution stands whatever the printer does; the cashier reads why nothing printed.
        options.logger?.warn('the proof of a resolved sale did not print', {
          orderNo: input.orderNo,
          error: (error as Error).message,
        });
        return {
          printed: false,
          reprint: false,
          message:
            error instanceof TillError
              ? error.bilingual
              : bilingual('證明聯未印出，請稍後補印', 'The proof did not print: print it later'),
        };
      }
    },
    onIssued,
    enqueueIssued,
    printerState: () => state,
    refreshPrinterState,
    statusPoll,
    close: async () => {
      await statusPoll.stop();
      await service.close();
    },
  };
}

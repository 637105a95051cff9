import {
  bilingual,
  numbersLeftIn,
  numbersRunningOut,
  periodCodeOf,
  uploadUrgency,
  parseTaipeiDateTime,
  type Bilingual,
} from '../../shared/domain';
import type { InvoiceModeStatus } from '../../shared/ipc/contract/app';
import { periodic, type PeriodicService, type Service } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal/journal';
import { serviceAnswers } from '../checkout';
import type { PrintResult } from '../printing';
import { createOfflineIssuing, DEFAULT_LOW_NUMBERS, type InvoiceModeIssuing } from './issuing';

/** How often offline mode asks whether the service answers again. */
export const PROBE_INTERVAL_MS = 15_000;

export interface InvoiceModeCapabilityOptions {
  journal: Journal;
  /** The seller and mode whose numbers count now (training: the training service's seller). */
  seller(): { companyId: string; training: boolean };
  sellerName(): string;
  qrAesKey(): string | null;
  /** The POS API's address now, for the probe; null when none is set. */
  serviceUrl(): string | null;
  printJob(jobId: number): Promise<PrintResult>;
  openDrawer(): Promise<void>;
  logger: Logger;
  /** The status bar's figures moved (offline mode on or off, numbers used). */
  onStatusChanged(): void;
  /** Offline mode ended (the probe or a sale got an answer): what waits for the service goes now. */
  onBackOnline?: () => void;
  offlineAfterFailures?: () => number;
  lowNumbers?: () => number;
  probeIntervalMs?: number;
  /** Whether the service answers (tests hand in their own); an HTTP GET by default. */
  probe?: (serviceUrl: string) => Promise<boolean>;
  now?: () => Date;
}

export interface InvoiceModeCapability {
  /** The checkout engine's offline issuing (checkout/engine.ts `OfflineIssuing`). */
  issuing: InvoiceModeIssuing;
  /** While offline, asks whether the service answers again; registered on the core's lifecycle. */
  probe: PeriodicService;
  /**
   * At start: the proofs of offline invoices committed but never printed (a crash between the
   * commit and the print) print now; registered on the core's lifecycle.
   */
  pendingProofs: Service;
  status(): InvoiceModeStatus;
}

/**
 * Invoice mode at the till (issue 27): offline mode and its probe, offline issuing for the
 * checkout, and the status bar's figures (numbers left for the current period, offline invoices
 * waiting for their upload and how urgent).
 */
export function createInvoiceModeCapability(options: InvoiceModeCapabilityOptions): InvoiceModeCapability {
  const now = options.now ?? (() => new Date());
  const issuing = createOfflineIssuing({
    journal: options.journal,
    qrAesKey: options.qrAesKey,
    sellerName: options.sellerName,
    printJob: options.printJob,
    openDrawer: options.openDrawer,
    logger: options.logger,
    ...(options.offlineAfterFailures ? { offlineAfterFailures: options.offlineAfterFailures } : {}),
    ...(options.lowNumbers ? { lowNumbers: options.lowNumbers } : {}),
    onModeChanged: (mode) => {
      options.onStatusChanged();
      if (mode === 'online') options.onBackOnline?.();
    },
    ...(options.now ? { now: options.now } : {}),
  });
  const answers = options.probe ?? ((url: string) => serviceAnswers(url));
  const probe = periodic({
    name: 'invoice-mode-probe',
    intervalMs: options.probeIntervalMs ?? PROBE_INTERVAL_MS,
    logger: options.logger,
    // Online, every sale is the probe; only offline mode (no sale is sent) needs one of its own.
    enabled: () => issuing.offlineMode(),
    async run() {
      const url = options.serviceUrl();
      if (url !== null && issuing.offlineMode() && (await answers(url))) issuing.observe('answered');
    },
  });

  function status(): InvoiceModeStatus {
    const { companyId, training } = options.seller();
    const at = now();
    const segments = options.journal
      .invoiceModeSegments({ companyId, training })
      .filter((segment) => segment.blankState === 'open');
    const waiting = options.journal.offlineInvoices({ state: 'waiting' });
    let warn = 0;
    let late = 0;
    for (const invoice of waiting) {
      const date = parseTaipeiDateTime(invoice.invoiceDateTime);
      const urgency = date ? uploadUrgency(invoice.invoiceKind, date, at) : 'late';
      if (urgency === 'warn') warn++;
      if (urgency === 'late') late++;
    }
    const reason: Bilingual | null = issuing.offReason();
    const numbersLeft = numbersLeftIn(segments, periodCodeOf(at));
    return {
      mode: issuing.state().mode,
      numbersLeft,
      waitingUpload: waiting.length,
      warnUpload: warn,
      lateUpload: late,
      offlineIssuing: reason === null,
      reason,
      notice:
        issuing.state().mode === 'offline'
          ? bilingual(
              '發票服務連不上：已改為離線開立（使用收銀機自有號碼），連線恢復後自動上傳。',
              'The e-invoice service cannot be reached: invoices are issued offline with the till’s own numbers and uploaded once it answers.',
            )
          : null,
      // Told while offline issuing is possible at all: without a QR key `reason` says why not.
      lowNotice:
        reason === null
          ? numbersRunningOut(numbersLeft, options.lowNumbers?.() ?? DEFAULT_LOW_NUMBERS)
          : null,
    };
  }

  const pendingProofs: Service = {
    name: 'invoice-mode-pending-proofs',
    async start() {
      const offline = new Set(options.journal.offlineInvoices().map((invoice) => invoice.orderNo));
      for (const job of options.journal.pendingPrintJobs()) {
        if (job.kind !== 'proof' || job.orderNo === null || !offline.has(job.orderNo)) continue;
        try {
          await options.printJob(job.id);
        } catch (error) {
          options.logger.error(`invoice mode: the pending proof of ${job.orderNo} did not print`, error);
        }
      }
    },
    stop() {},
  };

  return { issuing, probe, pendingProofs, status };
}

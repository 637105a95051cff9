import { bilingual, periodsToTopUp, type Bilingual } from '../../shared/domain';
import { periodic, type PeriodicService } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import { createStandardClient } from '../invoice-service/standard-client';
import type { StandardConnection } from '../invoice-service/standard-connection';
import type { Journal } from '../journal/journal';
import { reportBlanks, type BlankSegmentResult } from '../provider-ops/kinds/blank-report';
import {
  splitSegment,
  uploadOfflineBatch,
  type InvoiceModeOpsDeps,
  type UploadBatchResult,
} from '../provider-ops/kinds/invoice-mode';

/** How often the upload and top-up services look (a run also follows the switch back online). */
export const INVOICE_MODE_SERVICE_INTERVAL_MS = 60_000;
/** The provider takes at most this many invoices per upload (profile §7). */
const BATCH = 100;

export interface InvoiceModeServicesOptions {
  journal: Journal;
  /** The standard API as the settings say now; throws when it is not set up. */
  connect(): StandardConnection;
  tillId(): string;
  /** Whether the till is online now (no upload or split is tried in offline mode). */
  online(): boolean;
  lowNumbers(): number;
  segmentSize(): number;
  group(): string;
  logger: Logger;
  now?: () => Date;
  intervalMs?: number;
  /** The status bar's figures moved (uploads done, numbers added). */
  onStatusChanged(): void;
}

export interface InvoiceModeServices {
  /** Uploads every waiting offline invoice, in number order, in batches of 100. */
  upload: PeriodicService;
  /** Splits a segment for each period held that runs low. */
  topUp: PeriodicService;
  /** Items the provider rejected (findings for a person), newest run's. */
  findings(): Array<{ invoiceNumber: string; reason: string }>;
  /** Why the top-up did not split (no group set, the last split's failure), or null. */
  topUpReason(): Bilingual | null;
  /**
   * Reports the unused numbers of this till's segments of ended periods blank (once, before the
   * 10th of the next period); a refused range waits for a person (`reportBlanksNow`).
   */
  blanks: PeriodicService;
  /** Segments whose blank report the provider refused in part (the newest run's), for a person. */
  blankFindings(): BlankSegmentResult[];
  /** A person's run (the closing screen, the command line): refused ranges are sent again too. */
  reportBlanksNow(options?: { periodCode?: string }): Promise<BlankSegmentResult[]>;
}

/**
 * Invoice mode's background work on the core's one lifecycle (issue 27): the upload of offline
 * invoices as soon as the service answers, and the top-up of numbers while online. Both go through
 * provider-ops' invoice-mode kind (the one write-ahead path).
 */
export function createInvoiceModeServices(options: InvoiceModeServicesOptions): InvoiceModeServices {
  const now = options.now ?? (() => new Date());
  const { journal, logger } = options;
  let findings: Array<{ invoiceNumber: string; reason: string }> = [];
  let topUpReason: Bilingual | null = null;

  function ops(): { deps: InvoiceModeOpsDeps; connection: StandardConnection } {
    const connection = options.connect();
    const client = createStandardClient({
      config: connection.config,
      reserveTimestamp: (key, nowSeconds, windowSeconds) =>
        journal.reserveTimestamp(key, nowSeconds, windowSeconds),
      logger,
      nowSeconds: () => Math.floor(now().getTime() / 1000),
    });
    return { deps: { journal, client, path: { journal, logger }, now }, connection };
  }

  const upload = periodic({
    name: 'invoice-mode-upload',
    intervalMs: options.intervalMs ?? INVOICE_MODE_SERVICE_INTERVAL_MS,
    logger,
    runAtStart: true,
    enabled: () => options.online(),
    async run() {
      if (journal.offlineInvoices({ state: 'waiting', limit: 1 }).length === 0) return;
      const { deps } = ops();
      const found: typeof findings = [];
      // Batch after batch in number order; a batch that did not get through stops the run (the
      // next run sends it again: uploads are idempotent on InvoiceID).
      const tried = new Set<string>();
      for (;;) {
        const batch = journal
          .offlineInvoices({ state: 'waiting' })
          .filter((invoice) => !tried.has(invoice.invoiceNumber))
          .slice(0, BATCH);
        if (batch.length === 0) break;
        for (const invoice of batch) tried.add(invoice.invoiceNumber);
        const result: UploadBatchResult = await uploadOfflineBatch(deps, batch);
        found.push(...result.rejected);
        options.onStatusChanged();
        if (
          result.outcome === 'not-delivered' ||
          result.outcome === 'unknown' ||
          result.outcome === 'rejected'
        ) {
          logger.warn(`invoice mode: upload of ${result.sent.length} offline invoices: ${result.outcome}`, {
            reason: result.reason,
          });
          break;
        }
      }
      if (found.length > 0) {
        logger.warn('invoice mode: the e-invoice service rejected offline invoices (a person checks them)', {
          found,
        });
      }
      findings = found;
    },
  });

  const topUp = periodic({
    name: 'invoice-mode-top-up',
    intervalMs: options.intervalMs ?? INVOICE_MODE_SERVICE_INTERVAL_MS,
    logger,
    runAtStart: true,
    enabled: () => options.online(),
    async run() {
      const group = options.group();
      if (group === '') {
        topUpReason = bilingual(
          '未設定發票版群組：不補充離線發票號碼',
          'No invoice-mode group is set: offline invoice numbers are not topped up',
        );
        return;
      }
      const { deps, connection } = ops();
      const { companyId } = connection.config;
      const training = connection.training;
      const segments = journal
        .invoiceModeSegments({ companyId, training })
        .filter((segment) => segment.blankState === 'open');
      topUpReason = null;
      for (const periodCode of periodsToTopUp(now(), segments, options.lowNumbers())) {
        const result = await splitSegment(deps, {
          companyId,
          tillId: options.tillId(),
          training,
          periodCode,
          useFor: group,
          count: options.segmentSize(),
        });
        options.onStatusChanged();
        if (result.outcome !== 'done') {
          topUpReason = bilingual(
            `${periodCode} 期離線發票號碼補充未完成：${result.reason ?? result.outcome}`,
            `Offline numbers for period ${periodCode} were not topped up: ${result.reason ?? result.outcome}`,
          );
          break;
        }
      }
    },
  });

  let blankFindings: BlankSegmentResult[] = [];
  async function runBlanks(ask: { periodCode?: string; retryRefused: boolean }) {
    const { deps, connection } = ops();
    const results = await reportBlanks(deps, {
      companyId: connection.config.companyId,
      training: connection.training,
      tillId: options.tillId(),
      retryRefused: ask.retryRefused,
      ...(ask.periodCode ? { periodCode: ask.periodCode } : {}),
    });
    if (results.length > 0) options.onStatusChanged();
    blankFindings = results.filter((result) => result.refused.length > 0);
    if (blankFindings.length > 0) {
      logger.warn('invoice mode: the e-invoice service refused blank numbers (a person checks them)', {
        refused: blankFindings.map((result) => ({ periodCode: result.periodCode, refused: result.refused })),
      });
    }
    return results;
  }
  const blanks = periodic({
    name: 'invoice-mode-blanks',
    intervalMs: options.intervalMs ?? INVOICE_MODE_SERVICE_INTERVAL_MS,
    logger,
    runAtStart: true,
    enabled: () => options.online(),
    async run() {
      await runBlanks({ retryRefused: false });
    },
  });
  // A person's run waits for a background run under way, so the two never send the same report.
  let personRun: Promise<unknown> = Promise.resolve();
  function reportBlanksNow(ask: { periodCode?: string } = {}): Promise<BlankSegmentResult[]> {
    const run = personRun.then(async () => {
      await blanks.runNow();
      return runBlanks({ retryRefused: true, ...ask });
    });
    personRun = run.catch(() => undefined);
    return run;
  }

  return {
    upload,
    topUp,
    findings: () => findings,
    topUpReason: () => topUpReason,
    blanks,
    blankFindings: () => blankFindings,
    reportBlanksNow,
  };
}

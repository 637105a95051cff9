import { bilingual, isVisibleText, type Bilingual } from '../../shared/domain';
import type { CloudPrintJobView, CloudReprintView } from '../../shared/ipc/contract/printing';
import { TillError } from '../core/errors';
import { periodic, type PeriodicService } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import type { CloudPrintClient, RePrintOutcome } from '../invoice-service/cloud-print-client';
import type { CloudPrintJobRecord, Journal } from '../journal/journal';
import { cloudReprint } from '../provider-ops/kinds/cloud-print';

/**
 * The proof's jobs on the e-invoice service's cloud printer (issue 29, provider profile §8), after
 * the sale: `/Inquire/GetPrintJobs` polled on the core's lifecycle with back-off, each move a journal
 * record and a push (`printing.cloud-job-changed`), and 補印 through the service
 * (`/Update/RePrint`, provider-ops' cloud reprint kind).
 *
 * The poll is a pure inquiry (it changes nothing at the service), so it goes through the
 * invoice-service client directly, as the other status queries do; a failed poll only means "not
 * known yet". Back-off: each open job is asked after `firstMs`, then after twice as long each time
 * it is still queued (or the ask failed), up to `maxMs`; a job that moved leaves the poll.
 */

/** How long a job may stay queued before the till calls it stuck and offers 補印. */
export const CLOUD_JOB_STUCK_MS = 60_000;

export interface CloudJobsOptions {
  journal: Journal;
  /** The client on the service the jobs were queued at (checkout's connection); throws when none is set up. */
  client(): Promise<CloudPrintClient>;
  logger: Logger;
  /** A job moved (or a 補印 was queued). */
  onChanged(orderNo: string, job: CloudPrintJobView): void;
  /** Milliseconds now (tests move it instead of waiting). */
  now?: () => number;
  firstMs?: number;
  maxMs?: number;
  stuckMs?: number;
}

export interface CloudJobs {
  /** The lifecycle's poll (core/lifecycle.ts); `runNow` asks at once about every open job. */
  poll: PeriodicService;
  /** A sale's jobs as the screens show them; `refresh` asks the service first (all open jobs). */
  jobsFor(orderNo: string, options?: { refresh?: boolean }): Promise<CloudPrintJobView[]>;
  /** 補印 through the service (the PIN is checked by the caller). Throws the journal's refusal before sending. */
  reprint(input: {
    orderNo: string;
    by: string;
    approvedBy: string | null;
    reason: string;
  }): Promise<CloudReprintView>;
}

/** The service's `Message` of a failed job, in the cashier's words around it (kept visible text only). */
function failedMessage(message: string | null): Bilingual {
  const said = message && isVisibleText(message) ? message.slice(0, 200) : null;
  return said
    ? bilingual(`列印失敗：雲端印表機回報「${said}」`, `Print failed: the cloud printer reported "${said}"`)
    : bilingual('列印失敗', 'Print failed');
}

export function createCloudJobs(options: CloudJobsOptions): CloudJobs {
  const { journal, logger } = options;
  const now = options.now ?? (() => Date.now());
  const firstMs = options.firstMs ?? 1_000;
  const maxMs = options.maxMs ?? 30_000;
  const stuckMs = options.stuckMs ?? CLOUD_JOB_STUCK_MS;
  /** Per open job: when it is asked next and the wait after that (in memory: a restart asks at once). */
  const backOff = new Map<string, { dueAt: number; waitMs: number }>();

  function view(job: CloudPrintJobRecord, latest: boolean, voided: boolean): CloudPrintJobView {
    const stuck = job.state === 'queued' && now() - Date.parse(job.createdAt) >= stuckMs;
    return {
      printJobId: job.printJobId,
      printerNo: job.printerNo,
      state: job.state,
      message: job.state === 'failed' ? failedMessage(job.message) : null,
      reprint: job.reprint,
      by: job.by,
      reason: job.reason,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      stuck,
      canReprint: latest && !voided && (job.state === 'failed' || stuck),
    };
  }

  function viewsFor(orderNo: string): CloudPrintJobView[] {
    const jobs = journal.cloudPrintJobsFor(orderNo);
    const voided = journal.voidState(orderNo) !== 'none';
    return jobs.map((job, index) => view(job, index === jobs.length - 1, voided));
  }

  function published(job: CloudPrintJobRecord): void {
    const views = viewsFor(job.orderNo);
    const moved = views.find((candidate) => candidate.printJobId === job.printJobId);
    if (moved) options.onChanged(job.orderNo, moved);
  }

  /** One round: every open job that is due, asked in batches of 100; each move recorded and pushed. */
  async function run(all = false): Promise<void> {
    const open = journal.openCloudPrintJobs();
    const at = now();
    for (const id of backOff.keys()) if (!open.some((job) => job.printJobId === id)) backOff.delete(id);
    const due = open.filter((job) => all || (backOff.get(job.printJobId)?.dueAt ?? at) <= at);
    if (due.length === 0) return;
    const later = (job: CloudPrintJobRecord) => {
      const wait = backOff.get(job.printJobId)?.waitMs ?? firstMs;
      backOff.set(job.printJobId, { dueAt: now() + wait, waitMs: Math.min(wait * 2, maxMs) });
    };
    let client: CloudPrintClient;
    try {
      client = await options.client();
    } catch (error) {
      due.forEach(later);
      logger.warn('cloud print jobs not asked: no e-invoice service set up', {
        error: (error as Error).message,
      });
      return;
    }
    for (let start = 0; start < due.length; start += 100) {
      const batch = due.slice(start, start + 100);
      const answer = await client.printJobs(batch.map((job) => job.printJobId));
      if (answer.kind !== 'answered') {
        batch.forEach(later);
        logger.warn('cloud print jobs not known now', { kind: answer.kind, reason: answer.reason });
        continue;
      }
      // Objects keyed by outside data have no prototype.
      const said: Record<string, (typeof answer.jobs)[number]> = Object.create(null);
      for (const job of answer.jobs) said[job.PrintJobID] = job;
      for (const job of batch) {
        const state = said[job.printJobId];
        if (!state || state.Status === 'Q') {
          later(job);
          continue;
        }
        const moved = journal.recordCloudPrintState(
          job.printJobId,
          state.Status === 'P' ? 'printed' : 'failed',
          state.Status === 'E' ? (state.Message ?? null) : null,
        );
        backOff.delete(job.printJobId);
        if (moved) published(moved);
      }
    }
  }

  const poll = periodic({
    name: 'cloud-print-jobs',
    intervalMs: Math.max(250, Math.min(firstMs, 1_000)),
    run: () => run(),
    logger,
    enabled: () => journal.openCloudPrintJobs().length > 0,
  });

  const words: Record<Exclude<RePrintOutcome['kind'], 'queued'>, (reason: string) => Bilingual> = {
    rejected: (reason) => rejectedWords(reason),
    'not-delivered': (reason) =>
      bilingual(
        `補印未送達發票服務，未排入雲端列印（${reason}）；請稍後再補印。`,
        `The reprint did not reach the e-invoice service; nothing was queued (${reason}). Reprint again later.`,
      ),
    unknown: (reason) =>
      bilingual(
        `補印已送出，但沒有收到明確回應（${reason}）：請先看雲端印表機是否印出，未印出再補印。`,
        `The reprint was sent without a clear answer (${reason}): check the cloud printer first, and reprint only if nothing came out.`,
      ),
  };

  return {
    poll,
    async jobsFor(orderNo, ask = {}) {
      if (ask.refresh) await run(true);
      return viewsFor(orderNo);
    },
    async reprint(input) {
      // A job still queued may yet print: 補印 only once it failed or is stuck (so one 補印, not many).
      const latest = viewsFor(input.orderNo).at(-1);
      if (latest && latest.state === 'queued' && !latest.stuck) {
        throw new TillError(
          'cloud-reprint-refused',
          bilingual(
            '證明聯仍在排入雲端列印，尚未逾時：請稍候，列印失敗或逾時未印再補印。未補印。',
            'The proof is still queued on the cloud printer and not overdue: wait; reprint once it fails or is overdue. Nothing was reprinted.',
          ),
        );
      }
      const client = await options.client();
      // A refusal before sending (printed, voided, no cloud job) is the journal's TillError.
      const { outcome } = await cloudReprint({ journal, client, path: { journal, logger } }, input);
      if (outcome.kind === 'queued') {
        const job = viewsFor(input.orderNo).find((found) => found.printJobId === outcome.printJobId) ?? null;
        if (job) options.onChanged(input.orderNo, job);
        return {
          outcome: 'queued',
          job,
          message: bilingual('補印已排入雲端列印', 'The reprint is queued on the cloud printer'),
        };
      }
      return { outcome: outcome.kind, job: null, message: words[outcome.kind](outcome.reason) };
    },
  };
}

/** A refusal of `/Update/RePrint` in the cashier's words (the profile's fixed texts named). */
function rejectedWords(reason: string): Bilingual {
  if (reason === 'Invoice voided') {
    return bilingual(
      '發票已作廢，不能補印紙本證明聯。',
      'The invoice is voided: its paper proof cannot be reprinted.',
    );
  }
  if (reason === 'Printer not found') {
    return bilingual(
      '發票服務找不到這台雲端印表機，未補印：請到發票服務後台確認印表機編號。',
      "The e-invoice service has no such cloud printer; nothing was reprinted: check the printer number in the e-invoice service's console.",
    );
  }
  if (reason === 'Invoice not found') {
    return bilingual(
      '發票服務找不到這張發票，未補印。',
      'The e-invoice service has no such invoice; nothing was reprinted.',
    );
  }
  const said = isVisibleText(reason) ? reason.slice(0, 200) : '';
  return bilingual(`發票服務拒絕補印：${said}`, `The e-invoice service refused the reprint: ${said}`);
}

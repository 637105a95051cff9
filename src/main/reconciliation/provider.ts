import { bilingual, type Bilingual } from '../../shared/domain';
import {
  STANDARD_LIMITS,
  type AppendStatus,
  type InvoiceIdTrack,
  type InvoiceStatusItem,
} from '../../provider/standard-profile';
import type { Logger } from '../core/logger';
import type { StandardClient } from '../invoice-service/standard-client';
import type { ReadOutcome } from '../invoice-service/standard-outcome';

/**
 * One run's reads from the provider's Inquire group, in batches of at most 100, counting every
 * request (timestamp retries included). What could not be read is returned as such, with the
 * cause, never filled in:
 * - the provider could not be reached, or refused the request (keys, clock): nothing more is
 *   asked in this run (every later batch would fail the same way), the rest is "not asked";
 * - an answer that does not parse: that batch is not checked, the next ones are still asked;
 * - the standard key pair's timestamps ran ahead (one request per second, profile §1): the run
 *   waits for the clock (`pace`), up to a bound, and reports the rest as not checked after it.
 */

/** Thrown by the run's timestamp reservation when the window holds no more seconds for it. */
export class PaceError extends Error {
  constructor() {
    super('standard key pair timestamps ahead of the window');
    this.name = 'PaceError';
  }
}

export interface ReadFailure {
  /** In the manager's words. */
  cause: Bilingual;
  /** Technical, English (kind, HTTP status, provider text). */
  reason: string;
}

export interface ProviderReadsOptions {
  client: StandardClient;
  logger: Logger;
  /** Waits between paced attempts (injectable: tests never wait on the wall clock). */
  sleep(ms: number): Promise<void>;
  /** How long a run may wait in total for the timestamp window; 0: never waits. */
  maxPaceMs: number;
  paceStepMs?: number;
}

const causeOf = (kind: string): Bilingual => {
  switch (kind) {
    case 'not-delivered':
      return bilingual('無法連線到發票服務', 'the e-invoice service could not be reached');
    case 'rejected':
      return bilingual('發票服務拒絕查詢，請檢查金鑰與時鐘', 'the e-invoice service refused the request');
    case 'pace':
      return bilingual('查詢太密集，已停止', 'too many requests in a row');
    case 'till':
      return bilingual('收銀機內部錯誤', 'an error inside the till');
    default:
      return bilingual('發票服務的回應無法辨識', 'the e-invoice service’s answer could not be read');
  }
};

export class ProviderReads {
  requests = 0;
  /** Set once the provider cannot be reached or refuses: later reads are not asked. */
  private stopped: ReadFailure | null = null;
  private pacedMs = 0;
  private readonly idLists = new Map<
    string,
    Promise<{ tracks: InvoiceIdTrack[] } | { failure: ReadFailure }>
  >();

  constructor(private readonly options: ProviderReadsOptions) {}

  /** `GetInvoicesStatus` for any number of invoices, 100 per request. */
  async status(numbers: readonly string[]): Promise<BatchResult<InvoiceStatusItem>> {
    return this.batches(
      numbers,
      (chunk) => this.options.client.status(chunk, this.counter()),
      (item) => item,
    );
  }

  /** `GetInvoicesAppendStatus` for any number of invoices, 100 per request. */
  async appendStatus(numbers: readonly string[]): Promise<BatchResult<AppendStatus>> {
    return this.batches(
      numbers,
      (chunk) => this.options.client.appendStatus(chunk, this.counter()),
      (item) => item.AppendStatus,
    );
  }

  /** `GetInvoiceIDList` of one period (its even month), asked once per run. */
  idList(
    stageYear: number,
    stageMonth: number,
  ): Promise<{ tracks: InvoiceIdTrack[] } | { failure: ReadFailure }> {
    const key = `${stageYear}-${stageMonth}`;
    let pending = this.idLists.get(key);
    if (!pending) {
      pending = this.read(() =>
        this.options.client.invoiceIdList({ stageYear, stageMonth }, this.counter()),
      ).then((read) => ('failure' in read ? read : { tracks: read.answer.tracks }));
      this.idLists.set(key, pending);
    }
    return pending;
  }

  private counter() {
    return { afterAnswer: () => void this.requests++ };
  }

  private async batches<I extends { InvoiceID: string }, V>(
    numbers: readonly string[],
    ask: (chunk: string[]) => Promise<{ outcome: ReadOutcome<{ items: I[] }> }>,
    value: (item: I) => V,
  ): Promise<BatchResult<V>> {
    // Keyed by invoice numbers from the journal, an export or the provider: a Map.
    const answered = new Map<string, V>();
    const failed: Array<{ numbers: string[]; failure: ReadFailure }> = [];
    const unique = [...new Set(numbers)];
    for (let i = 0; i < unique.length; i += STANDARD_LIMITS.batchItems) {
      const chunk = unique.slice(i, i + STANDARD_LIMITS.batchItems);
      const read = await this.read(() => ask(chunk));
      if ('failure' in read) failed.push({ numbers: chunk, failure: read.failure });
      else for (const item of read.answer.items) answered.set(item.InvoiceID, value(item));
    }
    return { answered, failed };
  }

  /** One read with its pacing and failure rules; never throws. */
  private async read<A>(
    ask: () => Promise<{ outcome: ReadOutcome<A> }>,
  ): Promise<{ answer: A } | { failure: ReadFailure }> {
    for (;;) {
      if (this.stopped) return { failure: this.stopped };
      let outcome: ReadOutcome<A>;
      try {
        ({ outcome } = await ask());
      } catch (error) {
        if (error instanceof PaceError) {
          const step = this.options.paceStepMs ?? 5000;
          if (this.pacedMs + step > this.options.maxPaceMs) {
            // Not a provider failure: later runs pick the rest up; this one says what it left.
            return {
              failure: {
                cause: causeOf('pace'),
                reason: 'too many requests in a row (timestamp window full)',
              },
            };
          }
          this.pacedMs += step;
          await this.options.sleep(step);
          continue;
        }
        this.options.logger.error('reconciliation: a read failed inside the till', error);
        return {
          failure: {
            cause: causeOf('till'),
            reason: `till error: ${error instanceof Error ? error.message : String(error)}`,
          },
        };
      }
      if (outcome.kind === 'answered') return { answer: outcome as unknown as A };
      const failure: ReadFailure = {
        cause: causeOf(outcome.kind),
        reason: `${outcome.kind}: ${outcome.reason}`,
      };
      if (outcome.kind === 'not-delivered' || outcome.kind === 'rejected') this.stopped = failure;
      return { failure };
    }
  }
}

export interface BatchResult<V> {
  answered: Map<string, V>;
  failed: Array<{ numbers: string[]; failure: ReadFailure }>;
}

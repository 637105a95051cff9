import type { Logger } from '../core/logger';
import { clientBasics, isFreshTimestampRetry, runAttempts } from './attempts';
import { judgeAnswer, logFields, type ExchangeSummary, type Outcome } from './outcome';
import {
  POS_OPERATIONS,
  RESULT_MESSAGES,
  TIMESTAMP_WINDOW_SECONDS,
  type PosOperation,
  type PosOrderData,
} from '../../provider/pos-profile';
import type { ProviderVariantId } from '../../provider/variants';
import { signedBody, timestampText } from './signing';
import { clockOffsetSeconds, type PostOptions, type TransportResult } from './transport';

/** Where and as whom the till talks to the provider's POS API. The two secrets never leave this module's requests. */
export interface PosServiceConfig {
  serviceUrl: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
  timeoutMs: number;
  /** How far a Timestamp may be from the service's clock; the profile's 300 s when left out. */
  timestampWindowSeconds?: number;
  /** The provider's variant (profile §6); the profile's own when left out. */
  variant?: ProviderVariantId;
}

/** One request as the journal keeps it: no apiKey, no Signature. */
export interface AttemptStart {
  attempt: number;
  operation: PosOperation;
  path: string;
  companyId: string;
  timestamp: string;
}

/**
 * The journal's side of each attempt: `beforeSend` runs (and must have persisted) before any
 * byte leaves; `afterAnswer` records what came back.
 */
export interface AttemptRecorder {
  beforeSend(start: AttemptStart): void;
  afterAnswer(start: AttemptStart, summary: ExchangeSummary, outcome: Outcome): void;
}

export interface PosClientDeps {
  config: PosServiceConfig;
  /**
   * The persisted timestamp (journal.reserveTimestamp): epoch seconds, decimal text, never handed
   * out twice and never beyond `nowSeconds + windowSeconds`. Throws when none can be had.
   */
  reserveTimestamp(companyId: string, nowSeconds: number, windowSeconds: number): string | number;
  /** After each answer that carried a `Date` header: the service's clock minus the till's, in seconds. */
  onClock?: (offsetSeconds: number) => void;
  logger: Logger;
  nowSeconds?: () => number;
  post?: (options: PostOptions) => Promise<TransportResult>;
}

/**
 * `Timestamp already used` is answered before anything is issued; two tills of one company that
 * pick the same second each get a fresh one. A bound keeps a broken service from looping us.
 */
export const MAX_FRESH_TIMESTAMP_ATTEMPTS = 10;

export interface IssueOptions {
  /**
   * A timestamp the caller already reserved (e.g. in the same journal commit as the transaction);
   * used for the first attempt only.
   */
  firstTimestamp?: string;
  signal?: AbortSignal;
}

export interface IssueResult {
  outcome: Outcome;
  attempts: number;
}

export function createPosClient(deps: PosClientDeps) {
  const { nowSeconds, post, base, windowSeconds, variant } = clientBasics(deps, TIMESTAMP_WINDOW_SECONDS);

  /** The next timestamp of this company, persisted before it is returned (never handed out twice). */
  function reserveTimestamp(): string {
    return timestampText(deps.reserveTimestamp(deps.config.companyId, nowSeconds(), windowSeconds));
  }

  async function issue(
    operation: PosOperation,
    data: PosOrderData,
    recorder: AttemptRecorder,
    options: IssueOptions = {},
  ): Promise<IssueResult> {
    const { config, logger } = deps;
    // The variant's path: SystemLead sends carrier and love-code sales to /Append/Order.
    const path = variant.paths[operation];
    if (path === null) throw new Error(`${variant.id} has no ${POS_OPERATIONS[operation]}`);
    return runAttempts<Outcome>({
      firstTimestamp: options.firstTimestamp,
      reserveTimestamp,
      text: timestampText,
      retry: isFreshTimestampRetry,
      maxAttempts: MAX_FRESH_TIMESTAMP_ATTEMPTS,
      exchange: async (attempt, timestamp) => {
        const start: AttemptStart = { attempt, operation, path, companyId: config.companyId, timestamp };
        recorder.beforeSend(start);
        const body = signedBody(config, timestamp, data);
        const result = await post({
          url: base + path,
          headers: body.headers,
          body: body.json,
          timeoutMs: config.timeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const { summary, outcome } = judgeAnswer(operation, data, result, variant);
        const offset = clockOffsetSeconds(result, nowSeconds());
        if (offset !== null) deps.onClock?.(offset);
        if (outcome.kind === 'rejected' && outcome.reason === RESULT_MESSAGES.timestampExpired) {
          outcome.clockOffsetSeconds = offset;
        }
        logger.info('e-invoice service answered', {
          orderNo: data.BillingNo,
          operation,
          attempt,
          ...logFields(summary, outcome),
          providerEvidence: summary.providerEvidence,
        });
        recorder.afterAnswer(start, summary, outcome);
        return outcome;
      },
    });
  }

  /**
   * What the provider's variant cannot take of this order (bilingual), or null: asked before the
   * order is journaled (a new sale) or sent again (a resubmission), so a refusal leaves nothing.
   * An operation the provider does not have (SystemLead: the phone choice) is refused the same way.
   */
  function refusal(data: PosOrderData, operation: PosOperation) {
    return variant.missingOperation(operation) ?? variant.refuseOrder(data);
  }

  return { issue, reserveTimestamp, refusal, variant, config: deps.config };
}

export type PosClient = ReturnType<typeof createPosClient>;

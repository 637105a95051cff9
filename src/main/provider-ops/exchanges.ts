import type { ExchangeSummary } from '../invoice-service/outcome';

/**
 * One answer as the journal's exchange record, for every kind: what was asked (`operation`), under
 * which timestamp, what came back, and the outcome in the journal's words: the kind's success word
 * (`issued` for a sale, `done` for a return), `timestamp-retry` for `Timestamp already used`,
 * `rejected`, `not-delivered`, and `uncertain` for an unknown outcome.
 */
export type ExchangeVerdict<Success extends string> =
  Success | 'rejected' | 'timestamp-retry' | 'not-delivered' | 'uncertain';

/** Any outcome shape: success (`issued`, `done`, `answered`), rejected, not-delivered, unknown. */
export interface AnyOutcome {
  kind: string;
  reason?: string;
  retryWithFreshTimestamp?: boolean;
}

export function verdictOf<Success extends string>(
  outcome: AnyOutcome,
  success: Success,
): ExchangeVerdict<Success> {
  switch (outcome.kind) {
    case 'rejected':
      return outcome.retryWithFreshTimestamp ? 'timestamp-retry' : 'rejected';
    case 'not-delivered':
      return 'not-delivered';
    case 'unknown':
      return 'uncertain';
    default:
      return success;
  }
}

export function exchangeOf<Op, Success extends string>(options: {
  operation: Op;
  timestamp: string;
  summary: ExchangeSummary;
  outcome: AnyOutcome;
  success: Success;
  /** The longest error text kept (the returns' records keep 2,000 characters). */
  maxErrorChars?: number;
}) {
  const { summary, outcome } = options;
  const verdict = verdictOf(outcome, options.success);
  const error = summary.error ?? outcome.reason ?? '';
  return {
    operation: options.operation,
    requestTimestamp: options.timestamp,
    httpStatus: summary.httpStatus,
    statusCode: summary.statusCode,
    resultMessage: summary.resultMessage,
    durationMs: summary.elapsedMs,
    outcome: verdict,
    ...(verdict === options.success
      ? {}
      : { error: options.maxErrorChars === undefined ? error : error.slice(0, options.maxErrorChars) }),
  };
}

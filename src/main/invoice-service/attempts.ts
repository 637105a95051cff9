import { variantFor, type ProviderVariantId } from '../../provider/variants';
import { postJson, type PostOptions, type TransportResult } from './transport';

/**
 * The one attempt loop both provider clients (POS and standard API) share: a timestamp from the
 * journal for each attempt (the caller's reserved one first), one exchange, and only `Timestamp
 * already used` (refused before anything was done) sent again at once with a fresh timestamp,
 * bounded so that a broken service never loops the till. What an attempt sends and how its
 * answer is read is the client's (`exchange`); the loop is the same for every operation.
 */
export interface AttemptLoopOptions<O> {
  /** A timestamp the caller already reserved (in the same journal commit as the record): attempt 1 only. */
  firstTimestamp?: string | undefined;
  /** The next persisted timestamp (throws when none can be had). */
  reserveTimestamp(): string;
  /** One exchange under this timestamp: sends, reads and records it, and returns its outcome. */
  exchange(attempt: number, timestamp: string): Promise<O>;
  /** Whether this outcome is `Timestamp already used` (nothing done, send again at once). */
  retry(outcome: O): boolean;
  maxAttempts: number;
  /** Normalizes the first timestamp as the journal hands them out. */
  text(timestamp: string): string;
}

export async function runAttempts<O>(
  options: AttemptLoopOptions<O>,
): Promise<{ outcome: O; attempts: number }> {
  let previous: O | null = null;
  for (let attempt = 1; ; attempt++) {
    let timestamp: string;
    try {
      timestamp =
        attempt === 1 && options.firstTimestamp
          ? options.text(options.firstTimestamp)
          : options.reserveTimestamp();
    } catch (error) {
      // No fresh timestamp for a retry (a burst filled the window): the last answer stands, a
      // rejection before anything was done; the record waits for a person's resend.
      if (previous !== null) return { outcome: previous, attempts: attempt - 1 };
      throw error;
    }
    const outcome = await options.exchange(attempt, timestamp);
    previous = outcome;
    if (!options.retry(outcome) || attempt >= options.maxAttempts) return { outcome, attempts: attempt };
  }
}

/** `Timestamp already used`, in either client's outcome shape. */
export const isFreshTimestampRetry = (outcome: { kind: string; retryWithFreshTimestamp?: boolean }) =>
  outcome.kind === 'rejected' && outcome.retryWithFreshTimestamp === true;

/** What both clients set up the same way from their deps: the clock, the transport, the base URL, the window and the variant. */
export function clientBasics(
  deps: {
    config: { serviceUrl: string; timestampWindowSeconds?: number; variant?: ProviderVariantId };
    nowSeconds?: () => number;
    post?: (options: PostOptions) => Promise<TransportResult>;
  },
  defaultWindowSeconds: number,
) {
  return {
    nowSeconds: deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000)),
    post: deps.post ?? postJson,
    base: deps.config.serviceUrl.replace(/\/+$/, ''),
    windowSeconds: deps.config.timestampWindowSeconds ?? defaultWindowSeconds,
    variant: variantFor(deps.config.variant),
  };
}

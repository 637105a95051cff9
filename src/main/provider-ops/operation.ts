/**
 * Provider operations: the ONE path every call that changes something at the e-invoice service
 * takes (a sale and its resubmission, a void, an allowance, an allowance void, invoice-mode
 * uploads and segment splits (kinds/invoice-mode.ts); next: blank reports, cloud print jobs). Each is the same story:
 *
 *   1. written ahead: the record (state in-flight) and its first timestamp in ONE journal commit,
 *      before a byte leaves the till (`writeAhead`);
 *   2. sent once by the kind's client (only `Timestamp already used` goes again at once, in the
 *      client's attempt loop, invoice-service/attempts.ts);
 *   3. the answer classified by the one classifier of its answer shape (invoice-service/outcome.ts
 *      for the POS API, standard-outcome.ts for the standard API): done / rejected / not delivered
 *      / unknown; a failure inside the till is not delivered before the first byte, unknown after;
 *   4. the last exchange and the outcome in ONE journal commit (`perform`): two durable commits in
 *      all, unless the service answered `Timestamp already used` (each such answer is its own
 *      record, written at once);
 *   5. unknown stays needs-verification (待確認) until a person or a status query settles it
 *      (`resolveOperation`, the one resolution flow); never resent by itself;
 *   6. a crash leaves in-flight records: at the next start every one becomes needs-verification
 *      (the journal's one recovery rule, journal/operation-moves.ts).
 *
 * What waits (the status bar's counts, head office's nudge, display updates) runs after the
 * answer is on its way (`later`), never on the operation's path.
 *
 * A KIND supplies (see kinds/sale.ts and kinds/returns.ts):
 *   - `name` and `id(record)`, for the log;
 *   - `send(record, timestamp, recorder)`: its client's call with the journaled request data;
 *   - `exchange(start, summary, outcome)`: the journal's exchange record of one answer
 *     (exchangeOf in exchanges.ts builds it);
 *   - `recordExchange(record, exchange)` and `recordOutcome(record, outcome)`: its journal moves;
 *   - `tillFailure(reason, sent)`: its outcome shape's not-delivered / unknown.
 */
import type { Logger } from '../core/logger';
import type { ExchangeSummary } from '../invoice-service/outcome';

/** The journal as the path uses it: one write transaction per call (one durable commit). */
export interface Batching {
  batch<T>(fn: () => T): T;
}

/** The client's side of each attempt: `beforeSend` runs before any byte leaves; `afterAnswer` records what came back. */
export interface Recorder<S, O> {
  beforeSend(start: S): void;
  afterAnswer(start: S, summary: ExchangeSummary, outcome: O): void;
}

/** An exchange as a kind's journal keeps it; `timestamp-retry` ones are written at once. */
export interface ExchangeLike {
  outcome: string;
}

export interface OperationKind<R, S, O, X extends ExchangeLike> {
  name: string;
  id(record: R): string | number;
  send(record: R, timestamp: string, recorder: Recorder<S, O>): Promise<O>;
  exchange(start: S, summary: ExchangeSummary, outcome: O): X;
  recordExchange(record: R, exchange: X): void;
  recordOutcome(record: R, outcome: O): R;
  tillFailure(reason: string, sent: boolean): O;
}

/** Where a sale's time goes (the bench): each step's milliseconds, and the durable commits. */
export interface OperationTrace {
  step(name: 'write-ahead' | 'send' | 'classify-commit' | 'print', ms: number): void;
}

export interface PathDeps {
  journal: Batching;
  logger: Logger;
  trace?: OperationTrace | undefined;
}

/** Times `fn` as one step of the trace (nothing when there is no trace). */
export function timed<T>(
  trace: OperationTrace | undefined,
  step: Parameters<OperationTrace['step']>[0],
  fn: () => T,
): T {
  if (!trace) return fn();
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    trace.step(step, performance.now() - t0);
  }
}

/**
 * Step 1: the record and its first timestamp in one commit, before anything is sent. A throw
 * (a refused record, no timestamp) rolls both back: nothing written, nothing sent.
 */
export function writeAhead<R>(
  deps: PathDeps,
  record: () => R,
  reserveTimestamp: () => string,
): { record: R; timestamp: string } {
  return timed(deps.trace, 'write-ahead', () =>
    deps.journal.batch(() => ({ record: record(), timestamp: reserveTimestamp() })),
  );
}

/** Steps 2-4: sent once, classified, the last exchange and the outcome in one commit. */
export async function perform<R, S, O, X extends ExchangeLike>(
  deps: PathDeps,
  kind: OperationKind<R, S, O, X>,
  record: R,
  timestamp: string,
): Promise<{ record: R; outcome: O }> {
  const { journal, logger, trace } = deps;
  let sent = false;
  // The last exchange is written in the same commit as the outcome.
  let last: X | null = null;
  let outcome: O;
  const t0 = trace ? performance.now() : 0;
  try {
    outcome = await kind.send(record, timestamp, {
      beforeSend: () => {
        sent = true;
      },
      afterAnswer: (start, summary, answer) => {
        const exchange = kind.exchange(start, summary, answer);
        if (exchange.outcome === 'timestamp-retry') kind.recordExchange(record, exchange);
        else last = exchange;
      },
    });
  } catch (error) {
    // Something of ours failed (the journal, the clock). Before the first byte: nothing can
    // have been done. After it: unknown, like any other failure after sending.
    logger.error(`${kind.name} ${kind.id(record)}: sending failed inside the till`, error);
    const reason = `till error: ${error instanceof Error ? error.message : String(error)}`;
    outcome = kind.tillFailure(reason, sent);
  }
  trace?.step('send', performance.now() - t0);
  const exchange = last as X | null;
  const after = timed(trace, 'classify-commit', () =>
    journal.batch(() => {
      if (exchange) kind.recordExchange(record, exchange);
      return kind.recordOutcome(record, outcome);
    }),
  );
  return { record: after, outcome };
}

/**
 * Step 5, the one resolution flow: a person's (or the status query's) settlement of a
 * needs-verification record, the exchange that led to it (if any) in the same commit.
 */
export function resolveOperation<R>(deps: PathDeps, resolve: () => R): R {
  return deps.journal.batch(resolve);
}

/**
 * What can wait runs after the answer is on its way (the status bar's pending count, head
 * office's nudge): never on the operation's path, and a failure there never changes it.
 */
export function later(logger: Logger, what: string, fn: () => void): void {
  setImmediate(() => {
    try {
      fn();
    } catch (error) {
      logger.error(`${what} failed (the operation stands)`, error);
    }
  });
}

/** `timed` for a step that awaits. */
export async function timedAsync<T>(
  trace: OperationTrace | undefined,
  step: Parameters<OperationTrace['step']>[0],
  fn: () => Promise<T>,
): Promise<T> {
  if (!trace) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    trace.step(step, performance.now() - t0);
  }
}

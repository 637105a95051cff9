import type { AllowanceData, CancelInvoiceData, CancelModelInput } from '../../../provider/standard-profile';
import type { StandardAttemptStart, StandardClient } from '../../invoice-service/standard-client';
import type { StandardOutcome, StandardUpdateOperation } from '../../invoice-service/standard-outcome';
import type { Journal, ReturnExchangeInput, ReturnRecord } from '../../journal/journal';
import { exchangeOf } from '../exchanges';
import type { OperationKind } from '../operation';

/** An error page can be long: a return's exchange keeps its head. */
export const MAX_RETURN_ERROR_CHARS = 2000;

/** What a return asks the standard API: the operation and its data, built from the record. */
export interface ReturnRequest {
  operation: StandardUpdateOperation;
  data: CancelInvoiceData | AllowanceData | CancelModelInput;
}

/**
 * The return kinds (void, allowance, allowance void) over the standard API: the record is the
 * journal's return (by id), its answers judged by invoice-service/standard-outcome.ts.
 */
export interface ReturnKindDeps {
  journal: Journal;
  client: StandardClient;
  /** The request of this record (its data is built when it is sent: the dates are the send's). */
  request(record: ReturnRecord): ReturnRequest;
  /** The return went out before with an unknown outcome (see `classifyStandard`). */
  afterUnknown: boolean;
}

/** One standard-API answer as a return's exchange record (updates and the status query alike). */
export const returnExchange = (
  start: StandardAttemptStart,
  summary: Parameters<typeof exchangeOf>[0]['summary'],
  outcome: Parameters<typeof exchangeOf>[0]['outcome'],
): ReturnExchangeInput =>
  exchangeOf({
    operation: start.path,
    timestamp: start.timestamp,
    summary,
    outcome,
    success: 'done',
    maxErrorChars: MAX_RETURN_ERROR_CHARS,
  });

export function returnKind(
  deps: ReturnKindDeps,
): OperationKind<ReturnRecord, StandardAttemptStart, StandardOutcome, ReturnExchangeInput> {
  const { journal, client } = deps;
  return {
    name: 'return',
    id: (record) => record.id,
    async send(record, firstTimestamp, recorder) {
      const { operation, data } = deps.request(record);
      const { outcome } = await client.send(operation, data as never, recorder, {
        firstTimestamp,
        afterUnknown: deps.afterUnknown,
      });
      return outcome;
    },
    exchange: returnExchange,
    recordExchange: (record, exchange) => {
      journal.recordReturnExchange(record.id, exchange);
    },
    tillFailure: (reason, sent) => (sent ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason }),
    recordOutcome(record, outcome) {
      switch (outcome.kind) {
        case 'done':
          return journal.markReturnDone(record.id, {
            ...(record.kind === 'allowance' && outcome.allowanceNumber
              ? { allowanceNumber: outcome.allowanceNumber }
              : {}),
            statusCode: outcome.already ? 0 : 1,
            resultMessage: outcome.resultMessage,
          });
        case 'rejected':
          return journal.markReturnRejected(record.id, {
            statusCode: outcome.statusCode,
            resultMessage: outcome.reason,
          });
        case 'not-delivered':
          return journal.markReturnNotDelivered(record.id, { reason: outcome.reason });
        case 'unknown':
          return journal.markReturnNeedsVerification(record.id, { reason: outcome.reason });
      }
    },
  };
}

import type {
  CloudPrintClient,
  RePrintOutcome,
  RePrintStart,
} from '../../invoice-service/cloud-print-client';
import type { CloudPrintJobRecord, CloudReprintCall, Journal } from '../../journal/journal';
import { exchangeOf } from '../exchanges';
import { perform, writeAhead, type OperationKind, type PathDeps } from '../operation';

/**
 * 補印 through the e-invoice service (issue 29, provider profile §8 `/Update/RePrint`) on the ONE
 * write-ahead path: the call (which sale, printer, who, approver, why) and its first timestamp in
 * one commit (`beginCloudReprint` refuses a printed proof, a voided invoice, a sale without a
 * cloud job: nothing written, nothing sent), sent once, and the answer in one commit: queued → a
 * new cloud print job marked reprint; refused or not delivered → nothing queued (recorded); unknown
 * → recorded, never sent again by itself (a second call could queue a second 補印). It is never an
 * issue: the invoice stays the one issued.
 */

const reprintExchange = (
  start: RePrintStart,
  summary: Parameters<typeof exchangeOf>[0]['summary'],
  outcome: Parameters<typeof exchangeOf>[0]['outcome'],
) =>
  exchangeOf({
    operation: start.path,
    timestamp: start.timestamp,
    summary,
    outcome,
    success: 'queued',
    maxErrorChars: 2000,
  });

type ReprintExchange = ReturnType<typeof reprintExchange>;

export interface CloudReprintResult {
  call: CloudReprintCall;
  outcome: RePrintOutcome;
  /** The job queued (outcome `queued`), else null. */
  job: CloudPrintJobRecord | null;
}

function reprintKind(
  journal: Journal,
  client: CloudPrintClient,
): OperationKind<CloudReprintCall, RePrintStart, RePrintOutcome, ReprintExchange> {
  return {
    name: 'cloud reprint',
    id: (call) => call.callId,
    send: (call, firstTimestamp, recorder) =>
      client.reprint(
        { invoiceNumber: call.invoiceNumber, printerNo: call.printerNo, reason: call.reason },
        recorder,
        { firstTimestamp },
      ),
    exchange: reprintExchange,
    recordExchange: (call, exchange) => journal.recordCloudReprintExchange(call, { ...exchange }),
    tillFailure: (reason, sent) => (sent ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason }),
    recordOutcome(call, outcome) {
      if (outcome.kind === 'queued') {
        journal.queueCloudPrintJob({
          orderNo: call.orderNo,
          printJobId: outcome.printJobId,
          printerNo: call.printerNo,
          reprintOf: call,
        });
      } else {
        journal.recordCloudReprintFailure(call, { state: outcome.kind, reason: outcome.reason });
      }
      return call;
    },
  };
}

/** Written ahead, sent once, its outcome recorded (a refusal before sending throws, nothing written). */
export async function cloudReprint(
  deps: { journal: Journal; client: CloudPrintClient; path: PathDeps },
  input: { orderNo: string; by: string; approvedBy: string | null; reason: string },
): Promise<CloudReprintResult> {
  const { journal, client, path } = deps;
  const { record: call, timestamp } = writeAhead(
    path,
    () => journal.beginCloudReprint(input),
    () => client.reserveTimestamp(),
  );
  const { outcome } = await perform(path, reprintKind(journal, client), call, timestamp);
  const job =
    outcome.kind === 'queued'
      ? (journal.cloudPrintJobsFor(call.orderNo).find((found) => found.printJobId === outcome.printJobId) ??
        null)
      : null;
  return { call, outcome, job };
}

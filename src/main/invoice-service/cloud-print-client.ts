import {
  buildPrintInvoicesBody,
  CLOUD_PRINT_DIALECTS,
  CLOUD_PRINT_OPERATIONS,
  readPrintInvoicesAnswer,
  readPrintJobsAnswer,
  readRePrintAnswer,
  type CloudPrintOrderData,
  type PrintJobAnswer,
} from '../../provider/cloud-print';
import {
  isDuplicateBillingNo,
  isTimestampUsed,
  NOTHING_ISSUED_HTTP_STATUSES,
  PosIssued,
  requestHeaders,
  TIMESTAMP_WINDOW_SECONDS,
} from '../../provider/pos-profile';
import { buildStandardRequestBody } from '../../provider/standard-profile';
import { clientBasics, isFreshTimestampRetry, runAttempts } from './attempts';
import {
  MAX_FRESH_TIMESTAMP_ATTEMPTS,
  type AttemptRecorder,
  type AttemptStart,
  type IssueOptions,
  type PosClientDeps,
} from './client';
import {
  logFields,
  summaryOf,
  type ExchangeSummary,
  type IssuedOutcome,
  type Outcome,
  type UnknownOutcome,
} from './outcome';
import { timestampText } from './signing';
import type { TransportResult } from './transport';

/**
 * The till's side of cloud print (provider profile §8), on the POS API's base URL with the POS key
 * pair: a paper sale issued with `/Append/PrintInvoices` (the provider prints it on `PrinterNo`),
 * the job's state from `/Inquire/GetPrintJobs`, and `/Update/RePrint`. The issue's outcome is the
 * POS client's `Outcome` (the till's outcome rules, unchanged: a lost or broken answer is unknown,
 * never a second issue), with the job's id beside it.
 */

/** An issue whose proof the provider prints: the job it queued. */
export type CloudIssuedOutcome = IssuedOutcome & { printJobId: string };
export type CloudOutcome = Exclude<Outcome, IssuedOutcome> | CloudIssuedOutcome;

const unknown = (reason: string, duplicateBillingNo = false): UnknownOutcome => ({
  kind: 'unknown',
  reason,
  duplicateBillingNo,
});

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** What one `/Append/PrintInvoices` exchange of one order means, by the POS outcome rules. */
export function classifyCloudPrint(sent: CloudPrintOrderData, result: TransportResult): CloudOutcome {
  if (result.kind === 'not-sent') return { kind: 'not-delivered', reason: result.reason };
  if (result.kind === 'failed-after-send') return unknown(`sent, then ${result.reason}`);
  if (result.status !== 200) {
    if (NOTHING_ISSUED_HTTP_STATUSES.includes(result.status)) {
      const message = (parse(result.body) as { ResultMessage?: unknown } | undefined)?.ResultMessage;
      return {
        kind: 'rejected',
        reason: `HTTP ${result.status}${typeof message === 'string' ? `: ${message}` : ''}`,
        statusCode: null,
        retryWithFreshTimestamp: false,
      };
    }
    return unknown(`HTTP ${result.status}`);
  }
  const read = readPrintInvoicesAnswer(parse(result.body), 1);
  if (!read.ok) return unknown(`HTTP 200 with an unreadable answer: ${read.reason}`);
  const answer = read.value[0]!;
  if (answer.StatusCode === 0) {
    if (isDuplicateBillingNo(answer)) return unknown(answer.ResultMessage, true);
    return {
      kind: 'rejected',
      reason: answer.ResultMessage,
      statusCode: 0,
      retryWithFreshTimestamp: isTimestampUsed(answer),
    };
  }
  if (answer.BillingNo !== undefined && answer.BillingNo !== sent.BillingNo) {
    return unknown(`success for another order number (${answer.BillingNo})`);
  }
  // The random code: the answer's, else the one the till sent (and journaled before sending).
  const issued = PosIssued.safeParse({
    StatusCode: 1,
    ResultMessage: answer.ResultMessage,
    BillingNo: sent.BillingNo,
    InvoiceNumber: answer.InvoiceNumber,
    InvoiceDateTime: answer.InvoiceDateTime,
    RandomNumber: answer.RandomNumber ?? sent.RandomNumber,
  });
  if (!issued.success) return unknown('success without a usable issue result (RandomNumber)');
  return {
    kind: 'issued',
    response: issued.data,
    // The provider prints: no PrintDataString is expected, and none is missing.
    missing: [],
    printData: null,
    printDataError: null,
    qrCodeUrl: null,
    printJobId: answer.PrintJobID,
  };
}

export type PrintJobsResult =
  | { kind: 'answered'; jobs: PrintJobAnswer[] }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string };

export type RePrintResult =
  | { kind: 'queued'; printJobId: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; reason: string };

/** What one `/Update/RePrint` exchange came to, by the till's outcome rules. */
export type RePrintOutcome =
  | { kind: 'queued'; printJobId: string }
  | { kind: 'rejected'; reason: string; retryWithFreshTimestamp: boolean }
  | { kind: 'not-delivered'; reason: string }
  | { kind: 'unknown'; reason: string };

export interface RePrintStart {
  attempt: number;
  path: string;
  companyId: string;
  timestamp: string;
}

export interface RePrintRecorder {
  beforeSend(start: RePrintStart): void;
  afterAnswer(start: RePrintStart, summary: ExchangeSummary, outcome: RePrintOutcome): void;
}

export function classifyRePrint(result: TransportResult): RePrintOutcome {
  if (result.kind === 'not-sent') return { kind: 'not-delivered', reason: result.reason };
  if (result.kind !== 'response') return { kind: 'unknown', reason: `sent, then ${result.reason}` };
  if (NOTHING_ISSUED_HTTP_STATUSES.includes(result.status)) {
    return { kind: 'rejected', reason: `HTTP ${result.status}`, retryWithFreshTimestamp: false };
  }
  if (result.status !== 200) return { kind: 'unknown', reason: `HTTP ${result.status}` };
  const read = readRePrintAnswer(parse(result.body));
  if (!read.ok) return { kind: 'unknown', reason: read.reason };
  if (read.value.StatusCode === 1) return { kind: 'queued', printJobId: read.value.PrintJobID };
  return {
    kind: 'rejected',
    reason: read.value.ResultMessage,
    retryWithFreshTimestamp: isTimestampUsed(read.value),
  };
}

export function createCloudPrintClient(deps: PosClientDeps) {
  const { nowSeconds, post, base, windowSeconds, variant } = clientBasics(deps, TIMESTAMP_WINDOW_SECONDS);
  const { config, logger } = deps;
  const dialect = CLOUD_PRINT_DIALECTS[variant.id];
  const headers = () => (variant.sendsApiKey ? requestHeaders(config.apiKey) : {});
  const reserveTimestamp = () =>
    timestampText(deps.reserveTimestamp(config.companyId, nowSeconds(), windowSeconds));

  /** Issues one paper sale on the cloud printer; each attempt recorded as the POS client's are. */
  async function issue(
    data: CloudPrintOrderData,
    recorder: AttemptRecorder,
    options: IssueOptions = {},
  ): Promise<{ outcome: CloudOutcome; attempts: number }> {
    const path = CLOUD_PRINT_OPERATIONS.printInvoices;
    return runAttempts<CloudOutcome>({
      firstTimestamp: options.firstTimestamp,
      reserveTimestamp,
      text: timestampText,
      retry: isFreshTimestampRetry,
      maxAttempts: MAX_FRESH_TIMESTAMP_ATTEMPTS,
      exchange: async (attempt, timestamp) => {
        const start: AttemptStart = {
          attempt,
          operation: 'order',
          path,
          companyId: config.companyId,
          timestamp,
        };
        recorder.beforeSend(start);
        const body = buildPrintInvoicesBody(variant, config.companyId, config.signingSecret, timestamp, [
          data,
        ]);
        const result = await post({
          url: base + path,
          headers: headers(),
          body: JSON.stringify(body),
          timeoutMs: config.timeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const outcome = classifyCloudPrint(data, result);
        const read = result.kind === 'response' ? readPrintInvoicesAnswer(parse(result.body), 1) : null;
        const first = read?.ok ? read.value[0]! : null;
        const summary = { ...summaryOf(result, first), providerEvidence: null };
        logger.info('e-invoice service answered', {
          orderNo: data.BillingNo,
          operation: 'printInvoices',
          attempt,
          ...logFields(summary, outcome),
        });
        recorder.afterAnswer(start, summary, outcome);
        return outcome;
      },
    });
  }

  /** One signed single-wrapper request (`/Update/RePrint`, `/Inquire/GetPrintJobs`). */
  async function call(path: string, data: unknown, timestamp = reserveTimestamp()): Promise<TransportResult> {
    const body = buildStandardRequestBody(
      config.companyId,
      config.signingSecret,
      timestamp,
      data,
      variant.sign,
    );
    return post({
      url: base + path,
      headers: headers(),
      body: JSON.stringify(body),
      timeoutMs: config.timeoutMs,
    });
  }

  /** The state of these jobs; read-only, so a failure is only "not known now" (ask again later). */
  async function printJobs(printJobIds: readonly string[]): Promise<PrintJobsResult> {
    const result = await call(
      CLOUD_PRINT_OPERATIONS.getPrintJobs,
      printJobIds.map((PrintJobID) => ({ CompanyID: config.companyId, PrintJobID })),
    );
    if (result.kind !== 'response') return { kind: 'failed', reason: result.reason };
    if (result.status !== 200) return { kind: 'failed', reason: `HTTP ${result.status}` };
    const read = readPrintJobsAnswer(parse(result.body), printJobIds);
    if (!read.ok) return { kind: 'failed', reason: read.reason };
    return 'refused' in read.value
      ? { kind: 'refused', reason: read.value.refused }
      : { kind: 'answered', jobs: read.value.jobs };
  }

  /**
   * `/Update/RePrint` as the one path sends it (provider-ops' cloud reprint kind): under the
   * written-ahead timestamp first, each answer recorded; only `Timestamp already used` goes again.
   * A refusal queued nothing; a lost or broken answer is unknown (a job may have been queued).
   */
  async function reprint(
    input: { invoiceNumber: string; printerNo: string; reason: string },
    recorder: RePrintRecorder,
    options: { firstTimestamp?: string } = {},
  ): Promise<RePrintOutcome> {
    const path = CLOUD_PRINT_OPERATIONS.rePrint;
    const data = {
      CompanyID: config.companyId,
      InvoiceNumber: input.invoiceNumber,
      PrinterNo: input.printerNo,
      Reason: input.reason,
    };
    const { outcome } = await runAttempts<RePrintOutcome>({
      firstTimestamp: options.firstTimestamp,
      reserveTimestamp,
      text: timestampText,
      retry: isFreshTimestampRetry,
      maxAttempts: MAX_FRESH_TIMESTAMP_ATTEMPTS,
      exchange: async (attempt, timestamp) => {
        const start: RePrintStart = { attempt, path, companyId: config.companyId, timestamp };
        recorder.beforeSend(start);
        const result = await call(path, data, timestamp);
        const outcome = classifyRePrint(result);
        const read = result.kind === 'response' ? readRePrintAnswer(parse(result.body)) : null;
        const summary = summaryOf(result, read?.ok ? read.value : null);
        logger.info('e-invoice service answered', {
          invoiceNumber: input.invoiceNumber,
          operation: 'rePrint',
          attempt,
          ...logFields(summary, outcome),
        });
        recorder.afterAnswer(start, summary, outcome);
        return outcome;
      },
    });
    return outcome;
  }

  /** Queues the proof again, marked 補印 by the provider (the provider check's probe: nothing recorded). */
  async function rePrint(invoiceNumber: string, printerNo: string, reason: string): Promise<RePrintResult> {
    const outcome = await reprint(
      { invoiceNumber, printerNo, reason },
      { beforeSend: () => {}, afterAnswer: () => {} },
    );
    switch (outcome.kind) {
      case 'queued':
        return outcome;
      case 'rejected':
      case 'not-delivered':
        return { kind: 'refused', reason: outcome.reason };
      case 'unknown':
        return outcome;
    }
  }

  return { issue, printJobs, rePrint, reprint, reserveTimestamp, dialect, variant };
}

export type CloudPrintClient = ReturnType<typeof createCloudPrintClient>;

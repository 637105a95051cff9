import {
  expectedExtras,
  isDuplicateBillingNo,
  isTimestampUsed,
  NOTHING_ISSUED_HTTP_STATUSES,
  parsePrintDataString,
  PosIssued,
  usableQrCodeUrl,
  type PosResponse,
  type PosOperation,
  type PrintData,
} from '../../provider/pos-profile';
import { variantFor, type ProviderVariant, type SentOrder } from '../../provider/variants';
import type { TransportResult } from './transport';

/**
 * What one exchange with the POS API means for the sale (spec POS rule 5, errors rules 1-3):
 * - issued: an invoice exists; never issue again, even when print or QR data is missing;
 * - rejected: the service said no before issuing (StatusCode 0, HTTP 400/401): fix, resubmit
 *   under the same order number;
 * - not-delivered: the connection never opened: nothing reached the service;
 * - unknown: the request went out and no readable answer came back (timeout or reset after
 *   sending, 5xx, an unreadable 200, a success without its invoice number, `Duplicate BillingNo`):
 *   verify through the provider's channel, never resend automatically.
 */
export type Outcome = IssuedOutcome | RejectedOutcome | NotDeliveredOutcome | UnknownOutcome;

export interface IssuedOutcome {
  kind: 'issued';
  response: PosIssued;
  /** Print/QR fields the operation should have returned and did not (spec errors table). */
  missing: string[];
  /** The parsed proof content (operation `order`), null when missing or unparsable. */
  printData: PrintData | null;
  /** Why a present `PrintDataString` could not be used; the raw text stays in the journal. */
  printDataError: string | null;
  /** Only a link that passed `usableQrCodeUrl`. */
  qrCodeUrl: string | null;
  /**
   * A paper-proof sale whose provider never sends `PrintDataString` (the variant says so): its
   * absence is no fault, the till builds the proof itself (printing/built-proof.ts).
   */
  tillBuildsProof?: boolean;
}
export interface RejectedOutcome {
  kind: 'rejected';
  reason: string;
  /** 0 for a business rejection; null when the HTTP status (400/401) said it. */
  statusCode: 0 | null;
  /** `Timestamp already used`: nothing issued, safe to send again at once with a fresh timestamp. */
  retryWithFreshTimestamp: boolean;
  /**
   * `Timestamp expired`: the service's clock minus the till's, in seconds, read from the answer's
   * `Date` header (null when it sent none), so the cashier is told which clock is wrong.
   */
  clockOffsetSeconds?: number | null;
}
export interface NotDeliveredOutcome {
  kind: 'not-delivered';
  reason: string;
}
export interface UnknownOutcome {
  kind: 'unknown';
  reason: string;
  /** The service says this order number already has an invoice. */
  duplicateBillingNo: boolean;
}

/** The fields that go into the log and the journal for every answer (no secrets in any of them). */
export interface ExchangeSummary {
  httpStatus: number | null;
  statusCode: 0 | 1 | null;
  resultMessage: string | null;
  transport: TransportResult['kind'];
  elapsedMs: number;
  /** The text of the answer as received (kept for support; holds no secret of ours). */
  body: string | null;
  /** For a failed transport: what failed. */
  error: string | null;
  /**
   * The provider's own token of the answer (SystemLead's AuthCode), for the log; never read
   * otherwise. Set for POS answers (null when there is none).
   */
  providerEvidence?: string | null;
}

/** An error page can be large; the journal keeps its head, which is what support reads. */
export const MAX_KEPT_BODY_CHARS = 64 * 1024;

export function summarize(
  result: TransportResult,
  variant: ProviderVariant = variantFor(undefined),
): ExchangeSummary {
  if (result.kind !== 'response') return { ...summaryOf(result, null), providerEvidence: null };
  return {
    ...summaryOf(result, readResponse(result.body, variant)),
    providerEvidence: evidenceOf(result.body, variant),
  };
}

/**
 * The summary of one answer, its StatusCode and ResultMessage as the answer's reader found them
 * (null when unreadable): one shape for the POS and the standard API's answers.
 */
export function summaryOf(
  result: TransportResult,
  envelope: { StatusCode: 0 | 1; ResultMessage: string } | null,
): ExchangeSummary {
  if (result.kind !== 'response') {
    return {
      httpStatus: null,
      statusCode: null,
      resultMessage: null,
      transport: result.kind,
      elapsedMs: result.elapsedMs,
      body: null,
      error: result.reason,
    };
  }
  return {
    httpStatus: result.status,
    statusCode: envelope?.StatusCode ?? null,
    resultMessage: envelope?.ResultMessage ?? null,
    transport: 'response',
    elapsedMs: result.elapsedMs,
    body: result.body.length > MAX_KEPT_BODY_CHARS ? result.body.slice(0, MAX_KEPT_BODY_CHARS) : result.body,
    error: null,
  };
}

/** What the log keeps of every answer, either API's. */
export function logFields(summary: ExchangeSummary, outcome: { kind: string }) {
  return {
    httpStatus: summary.httpStatus,
    StatusCode: summary.statusCode,
    ResultMessage: summary.resultMessage,
    transport: summary.transport,
    error: summary.error,
    elapsedMs: summary.elapsedMs,
    outcome: outcome.kind,
  };
}

function evidenceOf(body: string, variant: ProviderVariant): string | null {
  try {
    return variant.evidence(JSON.parse(body));
  } catch {
    return null;
  }
}

/** The answer as the canonical `PosResponse`, read by the provider's variant; null when it cannot. */
function readResponse(body: string, variant: ProviderVariant, sent?: SentOrder): PosResponse | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  return variant.readAnswer(json, sent);
}

const unknown = (reason: string, duplicateBillingNo = false): UnknownOutcome => ({
  kind: 'unknown',
  reason,
  duplicateBillingNo,
});

/**
 * `sent` is the order as sent (its number at least): a variant whose answer does not repeat the
 * order number or the random code reads them from it.
 */
export function classify(
  operation: PosOperation,
  sent: SentOrder,
  result: TransportResult,
  variant: ProviderVariant = variantFor(undefined),
): Outcome {
  return classifyRead(operation, sent, result, variant, () =>
    result.kind === 'response' ? readResponse(result.body, variant, sent) : null,
  );
}

/**
 * `summarize` and `classify` of one answer, its body parsed and read by the variant once (the
 * client's path: apart, they parse it three times). The envelope (StatusCode, ResultMessage) does
 * not depend on the order sent, so one reading with it serves both.
 */
export function judgeAnswer(
  operation: PosOperation,
  sent: SentOrder,
  result: TransportResult,
  variant: ProviderVariant = variantFor(undefined),
): { summary: ExchangeSummary; outcome: Outcome } {
  if (result.kind !== 'response') {
    return { summary: summarize(result, variant), outcome: classify(operation, sent, result, variant) };
  }
  let json: unknown;
  let readable = true;
  try {
    json = JSON.parse(result.body);
  } catch {
    readable = false;
  }
  const answer = readable ? variant.readAnswer(json, sent) : null;
  let evidence: string | null;
  try {
    evidence = readable ? variant.evidence(json) : null;
  } catch {
    evidence = null;
  }
  return {
    summary: { ...summaryOf(result, answer), providerEvidence: evidence },
    outcome: classifyRead(operation, sent, result, variant, () => answer),
  };
}

/** `classify` with the answer as the variant read it (`read`: asked only for an HTTP answer). */
function classifyRead(
  operation: PosOperation,
  sent: SentOrder,
  result: TransportResult,
  variant: ProviderVariant,
  read: () => PosResponse | null,
): Outcome {
  const billingNo = sent.BillingNo;
  if (result.kind === 'not-sent') return { kind: 'not-delivered', reason: result.reason };
  if (result.kind === 'failed-after-send') return unknown(`sent, then ${result.reason}`);

  if (result.status !== 200) {
    if (NOTHING_ISSUED_HTTP_STATUSES.includes(result.status)) {
      const message = read()?.ResultMessage;
      return {
        kind: 'rejected',
        reason: `HTTP ${result.status}${message ? `: ${message}` : ''}`,
        statusCode: null,
        retryWithFreshTimestamp: false,
      };
    }
    return unknown(`HTTP ${result.status}`);
  }

  const response = read();
  if (!response) return unknown(`HTTP 200 with an unreadable answer (provider variant ${variant.id})`);

  if (response.StatusCode === 0) {
    if (isDuplicateBillingNo(response)) return unknown(response.ResultMessage, true);
    return {
      kind: 'rejected',
      reason: response.ResultMessage,
      statusCode: 0,
      retryWithFreshTimestamp: isTimestampUsed(response),
    };
  }

  const issued = PosIssued.safeParse(response);
  if (!issued.success) {
    const fields = [...new Set(issued.error.issues.map((issue) => issue.path.join('.')))].join(', ');
    return unknown(`success without a usable issue result (${fields})`);
  }
  if (issued.data.BillingNo !== billingNo) {
    return unknown(`success for another order number (${issued.data.BillingNo})`);
  }
  return issuedOutcome(operation, issued.data, variant);
}

function issuedOutcome(
  operation: PosOperation,
  response: PosIssued,
  variant: ProviderVariant,
): IssuedOutcome {
  // What this provider never sends is not missing: for the proof, the till builds it.
  const tillBuildsProof = operation === 'order' && !variant.sendsPrintData;
  const missing: string[] = expectedExtras(operation).filter(
    (field) => !response[field] && !(field === 'PrintDataString' && tillBuildsProof),
  );
  let printData: PrintData | null = null;
  let printDataError: string | null = null;
  if (operation === 'order' && response.PrintDataString) {
    const parsed = parsePrintDataString(response.PrintDataString);
    if (!parsed.ok) printDataError = parsed.reason;
    else if (parsed.data.InvoiceNumber !== response.InvoiceNumber) {
      printDataError = `PrintDataString is for ${parsed.data.InvoiceNumber}, not ${response.InvoiceNumber}`;
    } else printData = parsed.data;
  }
  const qrCodeUrl = operation === 'orderReturnQKey' ? usableQrCodeUrl(response.QrCodeUrl) : null;
  if (operation === 'orderReturnQKey' && response.QrCodeUrl && !qrCodeUrl)
    missing.push('QrCodeUrl (not a usable https link)');
  return {
    kind: 'issued',
    response,
    missing,
    printData,
    printDataError,
    qrCodeUrl,
    ...(tillBuildsProof ? { tillBuildsProof } : {}),
  };
}

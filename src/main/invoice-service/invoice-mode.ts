/**
 * Invoice mode (provider profile §7) from the till's side: what one exchange of each operation
 * means. The operations go through the standard client (`createStandardClient` in
 * standard-client.ts: the one attempt loop, journal timestamps, the variant's wire) as
 *
 *   client.split(data, recorder, options)        /Update/SplitInvoiceID        → SplitOutcome
 *   client.upload(invoices, recorder, options)   /Append/Invoices (≤ 100)      → UploadOutcome
 *   client.uploadOne(invoice, recorder, options) /Append/Invoice               → UploadOutcome
 *   client.setBlank(data, recorder, options)     /Update/SetBlankInvoiceID     → SetBlankOutcome
 *   client.trackBlank(data, recorder, options)   /Append/TrackBlank            → TrackBlankOutcome
 *   client.blankCancel(data, recorder, options)  /Append/BlankCancel           → BlankCancelOutcome
 *
 * with `options.afterUnknown` when the same request went out before with an unknown outcome, and
 * `options.firstTimestamp` reserved in the caller's write-ahead commit (provider-ops). The `Data`
 * builders are src/provider/invoice-mode.ts (`invoiceModeUpload`, `blankPlan`, `setBlankData`,
 * `trackBlankData`). The write-ahead kind and the journal records are the caller's
 * (src/main/provider-ops/kinds/invoice-mode.ts), not this file's.
 *
 * The whole call is judged as every standard operation is (standard-outcome.ts): `not-delivered`
 * (never connected: nothing stored, safe to send again), `unknown` (sent, no readable answer:
 * verify first, `GetInvoicesStatus` for uploads, `GetInvoiceIDList` for a split), `rejected`
 * (the request was refused whole: nothing done). A readable answer of a batch is judged PER ITEM,
 * in request order: `done` (stored now, or `already` there: `Invoice already exists`, a range
 * already reported after an unknown outcome), `rejected` with the provider's text (a finding for
 * a person; the other items stand), or `unknown` (that item's answer is broken). An answer that is
 * not about what was sent (another count, another number) makes the whole call `unknown`.
 */
import {
  INVOICE_MODE_MESSAGES,
  UPLOAD_REJECTION_ORDER,
  readAppendAnswer,
  readBlankCancelAnswer,
  readSetBlankAnswer,
  readSplitAnswer,
  readTrackBlankAnswer,
  type BlankCancelData,
  type HeldSegment,
  type InvoiceModeData,
  type SetBlankInvoiceIdData,
  type SplitInvoiceIdData,
  type TrackBlankData,
} from '../../provider/invoice-mode';
import { beforeBody, rejected, type StandardOutcome } from './standard-outcome';
import type { TransportResult } from './transport';

/** Why a call came to nothing readable: refused whole, never delivered, or unknown. */
export type CallFailure = Exclude<StandardOutcome, { kind: 'done' }>;

export type SplitOutcome = { kind: 'done'; segment: HeldSegment & { useFor: string } } | CallFailure;

export type UploadItemOutcome =
  | { invoiceId: string; kind: 'done'; already: boolean; invoiceDateTime: string }
  | { invoiceId: string; kind: 'rejected'; reason: string }
  | { invoiceId: string; kind: 'unknown'; reason: string };

export type UploadOutcome = { kind: 'answered'; items: UploadItemOutcome[] } | CallFailure;

export type SetBlankOutcome = { kind: 'done'; begin: number; end: number; already: boolean } | CallFailure;

export type TrackBlankItemOutcome =
  | { begin: number; end: number; kind: 'done'; already: boolean }
  | { begin: number; end: number; kind: 'rejected'; reason: string };

export type TrackBlankOutcome = { kind: 'answered'; items: TrackBlankItemOutcome[] } | CallFailure;

export type BlankCancelOutcome = { kind: 'done'; already: boolean } | CallFailure;

export type InvoiceModeOutcome =
  SplitOutcome | UploadOutcome | SetBlankOutcome | TrackBlankOutcome | BlankCancelOutcome;

export interface InvoiceModeContext {
  /** The same request went out before with an unknown outcome: "already" answers are our own. */
  afterUnknown: boolean;
}

/** The 200 answer's JSON, or the outcome that stands before any body is read. */
function bodyOf(result: TransportResult): { json: unknown } | CallFailure {
  const early = beforeBody(result);
  if (early) return early;
  try {
    return { json: JSON.parse((result as Extract<TransportResult, { kind: 'response' }>).body) as unknown };
  } catch {
    return { kind: 'unknown', reason: 'HTTP 200 with an unreadable answer' };
  }
}

const brokenCall = (reason: string): CallFailure => ({ kind: 'unknown', reason: `broken answer: ${reason}` });

export function classifySplit(result: TransportResult, sent: SplitInvoiceIdData): SplitOutcome {
  const body = bodyOf(result);
  if (!('json' in body)) return body;
  const read = readSplitAnswer(body.json, sent);
  if (read.kind === 'refused') return rejected(read.message);
  // A broken split may have carved a segment: the number list says (never a guess).
  if (read.kind === 'broken') return brokenCall(read.reason);
  return { kind: 'done', segment: read.segment };
}

/**
 * `/Append/Invoice(s)`, per invoice. After an unknown outcome, a refusal whose text is none of the
 * profile's upload rejections (SystemLead's `Append Inovice Error!!` names no reason) may be our
 * own earlier upload refused as a repeat: unknown, settled by the status query, never a finding.
 */
export function classifyUpload(
  result: TransportResult,
  sent: InvoiceModeData | readonly InvoiceModeData[],
  context: InvoiceModeContext,
): UploadOutcome {
  const body = bodyOf(result);
  if (!('json' in body)) return body;
  const read = readAppendAnswer(body.json, sent);
  if (read.kind === 'refused') return rejected(read.message);
  if (read.kind === 'broken') return brokenCall(read.reason);
  const named: readonly string[] = UPLOAD_REJECTION_ORDER;
  return {
    kind: 'answered',
    items: read.items.map((item): UploadItemOutcome => {
      if (item.kind === 'stored') {
        return {
          invoiceId: item.invoiceId,
          kind: 'done',
          already: item.already,
          invoiceDateTime: item.invoiceDateTime,
        };
      }
      if (item.kind === 'broken')
        return { invoiceId: item.invoiceId, kind: 'unknown', reason: `broken answer: ${item.reason}` };
      if (context.afterUnknown && !named.includes(item.message)) {
        return {
          invoiceId: item.invoiceId,
          kind: 'unknown',
          reason: `refused after an unknown outcome (${item.message.slice(0, 80)}): verify with the status query`,
        };
      }
      return { invoiceId: item.invoiceId, kind: 'rejected', reason: item.message };
    }),
  };
}

export function classifySetBlank(
  result: TransportResult,
  sent: SetBlankInvoiceIdData,
  context: InvoiceModeContext,
): SetBlankOutcome {
  const body = bodyOf(result);
  if (!('json' in body)) return body;
  const read = readSetBlankAnswer(body.json, sent);
  if (read.kind === 'broken') return brokenCall(read.reason);
  if (read.kind === 'refused') {
    if (context.afterUnknown && read.message === INVOICE_MODE_MESSAGES.blankAlreadyReported) {
      return { kind: 'done', begin: Number(sent.NextNumber), end: Number(sent.EndNumber), already: true };
    }
    return rejected(read.message);
  }
  return { kind: 'done', begin: read.begin, end: read.end, already: false };
}

export function classifyTrackBlank(
  result: TransportResult,
  sent: TrackBlankData,
  context: InvoiceModeContext,
): TrackBlankOutcome {
  const body = bodyOf(result);
  if (!('json' in body)) return body;
  const read = readTrackBlankAnswer(body.json, sent);
  if (read.kind === 'refused') return rejected(read.message);
  if (read.kind === 'broken') return brokenCall(read.reason);
  return {
    kind: 'answered',
    items: read.items.map((item): TrackBlankItemOutcome => {
      if (item.kind === 'reported') return { begin: item.begin, end: item.end, kind: 'done', already: false };
      if (item.alreadyReported && context.afterUnknown) {
        return { begin: item.begin, end: item.end, kind: 'done', already: true };
      }
      return { begin: item.begin, end: item.end, kind: 'rejected', reason: item.message };
    }),
  };
}

export function classifyBlankCancel(
  result: TransportResult,
  sent: BlankCancelData,
  context: InvoiceModeContext,
): BlankCancelOutcome {
  const body = bodyOf(result);
  if (!('json' in body)) return body;
  const read = readBlankCancelAnswer(body.json, sent);
  if (read.kind === 'broken') return brokenCall(read.reason);
  if (read.kind === 'refused') {
    // Our own withdrawal went through before: the range is no longer reported.
    if (context.afterUnknown && read.message === INVOICE_MODE_MESSAGES.blankRangeNotFound) {
      return { kind: 'done', already: true };
    }
    return rejected(read.message);
  }
  return { kind: 'done', already: false };
}

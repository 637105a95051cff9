import { z } from 'zod';
import {
  AllowanceResult,
  CancelAllowanceResult,
  CancelInvoiceResult,
  GetInvoiceIdListResponse,
  GetInvoicesAppendStatusResponse,
  GetInvoicesStatusResponse,
  STANDARD_RESULT_MESSAGES,
  isStandardTimestampUsed,
  type AppendStatusItem,
  type InvoiceIdTrack,
  type InvoiceStatusItem,
} from '../../provider/standard-profile';
import { NOTHING_ISSUED_HTTP_STATUSES } from '../../provider/pos-profile';
import { summaryOf, type ExchangeSummary } from './outcome';
import type { TransportResult } from './transport';

/**
 * What one exchange with the standard API means for a return (profile §4, spec errors rules 1-3):
 * - done: it stands (StatusCode 1; or, on a send after an unknown outcome, `Invoice already voided`
 *   / `Allowance already voided`; or `Duplicate AllowanceNumberPrefix` with the existing number,
 *   which only our own earlier request under the same prefix can have made);
 * - rejected: the service said no and nothing was made (StatusCode 0, HTTP 400/401);
 * - not-delivered: the connection never opened;
 * - unknown: sent, and no readable answer (timeout, reset after sending, 5xx, unreadable): it may
 *   stand; the status query settles it before anything is sent again.
 */
export type StandardUpdateOperation = 'cancelInvoices' | 'allowanceInvoice' | 'cancelAllowance';

export type StandardOutcome =
  | {
      kind: 'done';
      resultMessage: string;
      /** Allowances: the number the service answered (or the existing one on a duplicate prefix). */
      allowanceNumber: string | null;
      /** The answer said it already stood (a retry learnt what an unknown outcome had done). */
      already: boolean;
    }
  | {
      kind: 'rejected';
      reason: string;
      statusCode: 0 | null;
      /** `Timestamp already used`: nothing done; sent again at once with a fresh timestamp. */
      retryWithFreshTimestamp: boolean;
    }
  | { kind: 'not-delivered'; reason: string }
  | { kind: 'unknown'; reason: string };

/**
 * What a read (the Inquire group) came to: the answer, or why there is none. A read changes
 * nothing at the provider, so `unknown` here only means "no readable answer" (never guessed from),
 * `not-delivered` that the provider could not be reached, `rejected` that it refused the request.
 */
export type ReadOutcome<A> = ({ kind: 'answered' } & A) | Exclude<StandardOutcome, { kind: 'done' }>;

export type StatusOutcome = ReadOutcome<{ items: InvoiceStatusItem[] }>;
export type AppendStatusOutcome = ReadOutcome<{ items: AppendStatusItem[] }>;
export type IdListOutcome = ReadOutcome<{ tracks: InvoiceIdTrack[] }>;

const Envelope = z.object({ StatusCode: z.union([z.literal(0), z.literal(1)]), ResultMessage: z.string() });

function readJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The fields kept in the log and the journal for every standard-API answer (no secrets). */
export function summarizeStandard(result: TransportResult): ExchangeSummary {
  if (result.kind !== 'response') return summaryOf(result, null);
  const envelope = Envelope.safeParse(readJson(result.body));
  return summaryOf(result, envelope.success ? envelope.data : null);
}

const unknown = (reason: string): StandardOutcome => ({ kind: 'unknown', reason });

/** Transport and HTTP status first: the same rules for every operation. Null: a 200 to read. */
export function beforeBody(result: TransportResult): Exclude<StandardOutcome, { kind: 'done' }> | null {
  if (result.kind === 'not-sent') return { kind: 'not-delivered', reason: result.reason };
  if (result.kind === 'failed-after-send') return { kind: 'unknown', reason: `sent, then ${result.reason}` };
  if (result.status === 200) return null;
  if (NOTHING_ISSUED_HTTP_STATUSES.includes(result.status)) {
    const envelope = Envelope.safeParse(readJson(result.body));
    const message = envelope.success ? envelope.data.ResultMessage : null;
    return {
      kind: 'rejected',
      reason: `HTTP ${result.status}${message ? `: ${message}` : ''}`,
      statusCode: null,
      retryWithFreshTimestamp: false,
    };
  }
  return { kind: 'unknown', reason: `HTTP ${result.status}` };
}

/** A `StatusCode` 0 refusal; `Timestamp already used` goes again at once with a fresh timestamp. */
export const rejected = (reason: string): Extract<StandardOutcome, { kind: 'rejected' }> => ({
  kind: 'rejected',
  reason,
  statusCode: 0,
  retryWithFreshTimestamp: isStandardTimestampUsed({ StatusCode: 0, ResultMessage: reason }),
});

export interface ClassifyContext {
  /** Allowances: the prefix sent; an answered number must be this prefix + the service's serial. */
  allowancePrefix?: string;
  /** Allowance voids: the number being voided; the answer must name it. */
  allowanceNumber?: string;
  /** Voids: the invoice number being voided; the answer must name it. */
  invoiceNumber?: string;
  /** This return went out before with an unknown outcome: "already voided" is our own void. */
  afterUnknown: boolean;
}

export function classifyStandard(
  operation: StandardUpdateOperation,
  result: TransportResult,
  context: ClassifyContext,
): StandardOutcome {
  const early = beforeBody(result);
  if (early) return early;
  const json = readJson((result as Extract<TransportResult, { kind: 'response' }>).body);
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return unknown('HTTP 200 with an unreadable answer');
  const { StatusCode, ResultMessage } = envelope.data;

  switch (operation) {
    case 'cancelInvoices': {
      if (StatusCode === 0) {
        if (ResultMessage === STANDARD_RESULT_MESSAGES.invoiceAlreadyVoided && context.afterUnknown) {
          return { kind: 'done', resultMessage: ResultMessage, allowanceNumber: null, already: true };
        }
        return rejected(ResultMessage);
      }
      const voided = CancelInvoiceResult.safeParse(json);
      if (!voided.success) return unknown('success without a usable void result');
      // An answer about another invoice says nothing about ours (as a POS answer naming another
      // order number): unknown, settled by the status query, never recorded as done.
      if (context.invoiceNumber !== undefined && voided.data.InvoiceNumber !== context.invoiceNumber) {
        return unknown(
          `success naming invoice ${voided.data.InvoiceNumber.slice(0, 20)}, not ${context.invoiceNumber}`,
        );
      }
      return { kind: 'done', resultMessage: ResultMessage, allowanceNumber: null, already: false };
    }
    case 'allowanceInvoice': {
      const parsed = AllowanceResult.safeParse(json);
      const number = parsed.success ? (parsed.data.AllowanceNumber ?? null) : null;
      const ours =
        number !== null &&
        context.allowancePrefix !== undefined &&
        new RegExp(`^${context.allowancePrefix}\\d{3}$`).test(number);
      if (StatusCode === 0 && ResultMessage === STANDARD_RESULT_MESSAGES.duplicatePrefix) {
        // The prefix is this till's and never reused: what stands under it is this allowance.
        if (!ours) return unknown(`${ResultMessage} without a usable AllowanceNumber`);
        return { kind: 'done', resultMessage: ResultMessage, allowanceNumber: number, already: true };
      }
      if (StatusCode === 0) return rejected(ResultMessage);
      if (!ours) return unknown(`success without an AllowanceNumber under prefix ${context.allowancePrefix}`);
      return { kind: 'done', resultMessage: ResultMessage, allowanceNumber: number, already: false };
    }
    case 'cancelAllowance': {
      if (StatusCode === 0) {
        if (ResultMessage === STANDARD_RESULT_MESSAGES.allowanceAlreadyVoided && context.afterUnknown) {
          return {
            kind: 'done',
            resultMessage: ResultMessage,
            allowanceNumber: context.allowanceNumber ?? null,
            already: true,
          };
        }
        return rejected(ResultMessage);
      }
      const voided = CancelAllowanceResult.safeParse(json);
      if (!voided.success) return unknown('success without a usable allowance void result');
      if (context.allowanceNumber !== undefined && voided.data.AllowanceNumber !== context.allowanceNumber) {
        return unknown(
          `success naming allowance ${voided.data.AllowanceNumber.slice(0, 20)}, not ${context.allowanceNumber}`,
        );
      }
      return {
        kind: 'done',
        resultMessage: ResultMessage,
        allowanceNumber: context.allowanceNumber ?? null,
        already: false,
      };
    }
  }
}

/**
 * The envelope of a read's 200 answer: the parsed JSON to read further, or why there is nothing
 * to read (no JSON, no envelope, a rejection of the whole request).
 */
function readEnvelope(
  result: TransportResult,
): { json: unknown } | Exclude<StandardOutcome, { kind: 'done' }> {
  const early = beforeBody(result);
  if (early) return early;
  const json = readJson((result as Extract<TransportResult, { kind: 'response' }>).body);
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return { kind: 'unknown', reason: 'HTTP 200 with an unreadable answer' };
  if (envelope.data.StatusCode === 0) return rejected(envelope.data.ResultMessage);
  return { json };
}

/** `/Inquire/GetInvoicesStatus`: the items in request order, or why there are none. */
export function classifyStatus(result: TransportResult, asked: readonly string[]): StatusOutcome {
  const read = readEnvelope(result);
  if (!('json' in read)) return read;
  const parsed = GetInvoicesStatusResponse.safeParse(read.json);
  if (!parsed.success) return { kind: 'unknown', reason: 'status answer without usable items' };
  const items = parsed.data.Data;
  // Nothing is settled from an answer that is not about what was asked.
  if (items.length !== asked.length || items.some((item, i) => item.InvoiceID !== asked[i])) {
    return { kind: 'unknown', reason: 'status answer for other invoices' };
  }
  return { kind: 'answered', items };
}

/**
 * `/Inquire/GetInvoicesAppendStatus`: the items in request order, or why there are none. An
 * `AppendStatus` outside N/P/U/C, or an answer about other invoices, is unreadable: reconciliation
 * reports it as not checked rather than guess an upload state.
 */
export function classifyAppendStatus(result: TransportResult, asked: readonly string[]): AppendStatusOutcome {
  const read = readEnvelope(result);
  if (!('json' in read)) return read;
  const parsed = GetInvoicesAppendStatusResponse.safeParse(read.json);
  if (!parsed.success) return { kind: 'unknown', reason: 'append status answer without usable items' };
  const items = parsed.data.Data;
  if (items.length !== asked.length || items.some((item, i) => item.InvoiceID !== asked[i])) {
    return { kind: 'unknown', reason: 'append status answer for other invoices' };
  }
  return { kind: 'answered', items };
}

/**
 * `/Inquire/GetInvoiceIDList`: the tracks and their segments of the period (or year) asked, or why
 * there are none. A track of another period than asked is unreadable, as is a segment that does
 * not lie within its track or whose `CurrentNumber` is outside `[StartNumber, EndNumber + 1]`: the
 * numbers "issued from it" would be made up.
 */
export function classifyIdList(
  result: TransportResult,
  asked: { stageYear: number; stageMonth?: number },
): IdListOutcome {
  const read = readEnvelope(result);
  if (!('json' in read)) return read;
  const parsed = GetInvoiceIdListResponse.safeParse(read.json);
  if (!parsed.success) return { kind: 'unknown', reason: 'number list answer without usable tracks' };
  const tracks = parsed.data.IDList;
  for (const track of tracks) {
    const period =
      track.StageYear === asked.stageYear &&
      (asked.stageMonth === undefined || track.StageMonth === asked.stageMonth);
    if (!period) return { kind: 'unknown', reason: 'number list answer for another period' };
    const begin = Number(track.BeginNumber);
    const end = Number(track.EndNumber);
    for (const segment of track.Details) {
      const start = Number(segment.StartNumber);
      const last = Number(segment.EndNumber);
      const current = Number(segment.CurrentNumber);
      if (start < begin || last > end || start > last || current < start || current > last + 1) {
        return { kind: 'unknown', reason: `number list answer with an impossible segment ${segment.Code}` };
      }
    }
  }
  return { kind: 'answered', tracks };
}

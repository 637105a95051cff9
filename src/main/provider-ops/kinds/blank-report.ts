import { setBlankData, trackBlankData, type HeldSegment } from '../../../provider/invoice-mode';
import {
  blankReportWindow,
  invoiceModeId,
  periodEnd,
  splitStage,
  type InvoiceModeSegment,
} from '../../../shared/domain';
import type { SetBlankOutcome, TrackBlankOutcome } from '../../invoice-service/invoice-mode';
import type { StandardAttemptStart } from '../../invoice-service/standard-client';
import type {
  BlankOp,
  BlankRangeRecord,
  InvoiceModeCall,
  InvoiceModeSegmentRecord,
} from '../../journal/journal';
import { perform, writeAhead, type OperationKind } from '../operation';
import { callExchange, type CallExchange, type InvoiceModeOpsDeps } from './invoice-mode';

/**
 * Blank-number reports (issue 27, provider profile §7, SystemLead `SetBlankInvoice.md` and
 * `TrackBlank.md`) on the ONE write-ahead path: after a period ends, this till's numbers of that
 * period's invoice-mode segments that were never used are reported blank once, before the 10th
 * day of the next period:
 *
 *   tail — `/Update/SetBlankInvoiceID` with the segment and its first never-used number
 *          (`[NextNumber, EndNumber]` is blank; nothing is sent when the last number was used);
 *   gaps — `/Append/TrackBlank` for ranges before it that were never used, answered per range.
 *
 * Each call is written ahead (journal `beginBlankReport`: the `blank-sending` entry and its first
 * timestamp, in ONE commit that also moves the segment out of `open`, so a number of it is never
 * used from then on), sent once, and its answer recorded per range in ONE commit. Like an upload,
 * a blank report may go again after an unknown outcome (or a crash mid-call): the provider takes a
 * range once and refuses a repeat as already reported, which the classifier reads as done when the
 * same operation went out before (`afterUnknown`, from the journal's entries). A range the
 * provider refused for another reason is a finding; only a person sends it again
 * (`retryRefused`, the closing screen or the command line).
 */

export interface BlankSegmentResult {
  segmentId: number;
  word: string;
  periodCode: string;
  start: number;
  end: number;
  /** `reported`: every blank range taken (or nothing to report); `reporting`: something is left. */
  state: InvoiceModeSegmentRecord['blankState'];
  /** Ranges the provider has taken (this run's and earlier ones). */
  blank: Array<{ first: string; last: string }>;
  /** Ranges it refused, with its text (a finding for a person). */
  refused: Array<{ first: string; last: string; reason: string }>;
  /** Why a call came to nothing (not delivered, unknown, refused whole), or null. */
  reason: string | null;
}

const numberOf = (segment: { word: string }, serial: number) => invoiceModeId(segment.word, serial);

function blankKind(
  deps: InvoiceModeOpsDeps,
  segment: HeldSegment,
  call: InvoiceModeCall & {
    segmentId: number;
    op: BlankOp;
    ranges: BlankRangeRecord[];
    afterUnknown: boolean;
  },
): OperationKind<InvoiceModeCall, StandardAttemptStart, SetBlankOutcome | TrackBlankOutcome, CallExchange> {
  const { journal, client } = deps;
  const companyId = client.config.companyId;
  return {
    name: 'invoice-mode blank report',
    id: (record) => record.callId,
    async send(_record, firstTimestamp, recorder) {
      const options = { firstTimestamp, afterUnknown: call.afterUnknown };
      if (call.op === 'setBlank') {
        const data = setBlankData(companyId, segment, call.ranges[0]!.begin);
        if (!data) throw new Error('no blank tail to report');
        return (await client.setBlank(data, recorder, options)).outcome;
      }
      return (await client.trackBlank(trackBlankData(companyId, segment, call.ranges), recorder, options))
        .outcome;
    },
    exchange: callExchange,
    recordExchange: (record, exchange) => journal.recordInvoiceModeExchange(record, { ...exchange }),
    tillFailure: (reason, sent) => (sent ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason }),
    recordOutcome(record, outcome) {
      if (outcome.kind === 'done') {
        journal.recordBlankAnswer(call, [
          {
            begin: outcome.begin,
            end: outcome.end,
            state: 'done',
            message: outcome.already ? 'already' : null,
          },
        ]);
      } else if (outcome.kind === 'answered') {
        journal.recordBlankAnswer(
          call,
          outcome.items.map((item) => ({
            begin: item.begin,
            end: item.end,
            state: item.kind === 'done' ? ('done' as const) : ('refused' as const),
            message: item.kind === 'done' ? (item.already ? 'already' : null) : item.reason,
          })),
        );
      } else if (outcome.kind === 'rejected') {
        // Refused whole (a signature, a closed period): each range sent is refused with its text.
        journal.recordBlankAnswer(
          call,
          call.ranges.map((range) => ({ ...range, state: 'refused' as const, message: outcome.reason })),
        );
      } else {
        journal.recordInvoiceModeFailure(record, { state: outcome.kind, reason: outcome.reason });
      }
      return record;
    },
  };
}

/**
 * Reports one segment's blank numbers (its tail, then its gaps), each call on the one path.
 * Stops at the first call that does not come back with an answer (the next run goes on from the
 * journal: what is done stays done).
 */
export async function reportSegmentBlank(
  deps: InvoiceModeOpsDeps,
  segmentId: number,
  options: { retryRefused?: boolean } = {},
): Promise<BlankSegmentResult> {
  const { journal } = deps;
  let reason: string | null = null;
  for (const op of ['setBlank', 'trackBlank'] as const) {
    const progress = journal.blankProgress(segmentId);
    const pending =
      op === 'setBlank' ? progress.pending.setBlank !== null : progress.pending.trackBlank.length > 0;
    const again = options.retryRefused === true && progress.refused.some((range) => range.op === op);
    if (progress.segment.blankState === 'reported' || (!pending && !again)) continue;
    const segment = heldOf(progress.segment);
    const { record, timestamp } = writeAhead(
      deps.path,
      () => journal.beginBlankReport({ segmentId, op, retryRefused: options.retryRefused === true }),
      () => String(deps.client.reserveTimestamp()),
    );
    const { outcome } = await perform(deps.path, blankKind(deps, segment, record), record, timestamp);
    if (outcome.kind === 'not-delivered' || outcome.kind === 'unknown') {
      reason = `${outcome.kind}: ${outcome.reason}`;
      break;
    }
    if (outcome.kind === 'rejected') reason = outcome.reason;
  }
  // A segment whose every number was used has nothing to send: reported as it is.
  const progress = journal.settleBlankReport(segmentId);
  const segment = progress.segment;
  return {
    segmentId,
    word: segment.word,
    periodCode: segment.periodCode,
    start: segment.start,
    end: segment.end,
    state: segment.blankState,
    blank: progress.done
      .sort((a, b) => a.begin - b.begin)
      .map((range) => ({ first: numberOf(segment, range.begin), last: numberOf(segment, range.end) })),
    refused: progress.refused.map((range) => ({
      first: numberOf(segment, range.begin),
      last: numberOf(segment, range.end),
      reason: range.message,
    })),
    reason,
  };
}

function heldOf(segment: InvoiceModeSegment): HeldSegment {
  const { stageYear, stageMonth } = splitStage(segment.periodCode);
  return { word: segment.word, stageYear, stageMonth, start: segment.start, end: segment.end };
}

/** Whether a period's segments are due a blank report at `now`: once the period has ended. */
export const blankReportDue = (periodCode: string, now: Date): boolean =>
  now.getTime() >= periodEnd(periodCode).getTime();

/** Past the 10th day of the next period: the provider no longer takes the report. */
export const blankReportLate = (periodCode: string, now: Date): boolean =>
  now.getTime() >= blankReportWindow(periodCode).dueBy.getTime();

/**
 * Every segment of this till (seller, mode) whose period has ended and whose blank report is not
 * complete, reported in number order; `periodCode` narrows to one period.
 */
export async function reportBlanks(
  deps: InvoiceModeOpsDeps,
  scope: {
    companyId: string;
    training: boolean;
    tillId: string;
    periodCode?: string;
    retryRefused?: boolean;
  },
): Promise<BlankSegmentResult[]> {
  const now = deps.now();
  const due = deps.journal
    .invoiceModeSegments({
      companyId: scope.companyId,
      training: scope.training,
      ...(scope.periodCode ? { periodCode: scope.periodCode } : {}),
    })
    .filter(
      (segment) =>
        segment.tillId === scope.tillId &&
        segment.blankState !== 'reported' &&
        blankReportDue(segment.periodCode, now) &&
        // A refusal waits for a person; the background run leaves it.
        (scope.retryRefused === true || deps.journal.blankProgress(segment.id).refused.length === 0),
    );
  const results: BlankSegmentResult[] = [];
  for (const segment of due) {
    const result = await reportSegmentBlank(deps, segment.id, { retryRefused: scope.retryRefused === true });
    results.push(result);
    if (result.reason !== null && /^(not-delivered|unknown):/.test(result.reason)) break;
  }
  return results;
}

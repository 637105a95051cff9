import type { SplitInvoiceIdData } from '../../../provider/invoice-mode';
import { INVOICE_MODE_MESSAGES, invoiceModeUpload } from '../../../provider/invoice-mode';
import { lastOperationOf } from '../../../provider/standard-profile';
import {
  invoiceModeId,
  periodOf,
  segmentRefusal,
  splitStage,
  type InvoiceModeSegment,
} from '../../../shared/domain';
import type { SplitOutcome, UploadItemOutcome, UploadOutcome } from '../../invoice-service/invoice-mode';
import type { StandardAttemptStart, StandardClient } from '../../invoice-service/standard-client';
import type { InvoiceModeCall, Journal, OfflineInvoiceRecord } from '../../journal/journal';
import { exchangeOf } from '../exchanges';
import { perform, resolveOperation, writeAhead, type OperationKind, type PathDeps } from '../operation';

/**
 * Invoice mode's provider operations (issue 27, provider profile §7) on the ONE write-ahead path:
 *
 *   upload  — up to 100 offline invoices waiting for upload, in number order, written ahead in one
 *             commit (journal `beginOfflineUpload` + the first timestamp), sent once as
 *             `/Append/Invoices`, every item's answer recorded in ONE commit (`recordOfflineUpload`):
 *             done, `Invoice already exists` (= done), or rejected with the provider's text (a
 *             finding; the other items stand). Not delivered: the invoices stay waiting and go again
 *             later. UNKNOWN: the invoices also stay waiting and go again later — the ONE kind
 *             whose unknown outcome may be resent by itself, because the provider stores an
 *             InvoiceID once and answers a repeat `Invoice already exists` (profile §7). A crash
 *             mid-call leaves them waiting too: the next upload resends them (never lost), so
 *             the journal's recovery rule has nothing to move for this kind.
 *   split   — `/Update/SplitInvoiceID` for a period and group, written ahead the same way; the
 *             segment answered is checked by the domain's `segmentRefusal` against what was asked
 *             and what is held, then kept (`addInvoiceModeSegment`). An unknown split is NOT sent
 *             again by itself (a second one would carve a second segment): it is recorded, and
 *             the number list (`GetInvoiceIDList`) settles it.
 */

export interface InvoiceModeOpsDeps {
  journal: Journal;
  client: StandardClient;
  path: PathDeps;
  now: () => Date;
}

/** What one upload batch came to, for the upload service and its findings. */
export interface UploadBatchResult {
  sent: string[];
  outcome: UploadOutcome['kind'] | 'rejected-item';
  uploaded: string[];
  rejected: Array<{ invoiceNumber: string; reason: string }>;
  /** Items answered unknown (broken) or a whole call not delivered/unknown: still waiting. */
  waiting: string[];
  reason: string | null;
}

export const callExchange = (
  start: StandardAttemptStart,
  summary: Parameters<typeof exchangeOf>[0]['summary'],
  outcome: Parameters<typeof exchangeOf>[0]['outcome'],
) =>
  exchangeOf({
    operation: start.operation,
    timestamp: start.timestamp,
    summary,
    outcome,
    success: 'answered',
    maxErrorChars: 2000,
  });

export type CallExchange = ReturnType<typeof callExchange>;

function uploadKind(
  deps: InvoiceModeOpsDeps,
  invoices: readonly OfflineInvoiceRecord[],
  afterUnknown: boolean,
): OperationKind<InvoiceModeCall, StandardAttemptStart, UploadOutcome, CallExchange> {
  const { journal, client } = deps;
  return {
    name: 'invoice-mode upload',
    id: (call) => call.callId,
    async send(_call, firstTimestamp, recorder) {
      const data = invoices.map((invoice) => {
        const sale = journal.get(invoice.orderNo);
        if (!sale) throw new Error(`offline invoice ${invoice.invoiceNumber} has no sale ${invoice.orderNo}`);
        return invoiceModeUpload({
          invoiceNumber: invoice.invoiceNumber,
          order: { ...sale.requestData, RandomNumber: invoice.randomNumber },
        });
      });
      const { outcome } = await client.upload(data, recorder, { firstTimestamp, afterUnknown });
      return outcome;
    },
    exchange: callExchange,
    recordExchange: (call, exchange) => journal.recordInvoiceModeExchange(call, { ...exchange }),
    tillFailure: (reason, sent) => (sent ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason }),
    recordOutcome(call, outcome) {
      if (outcome.kind !== 'answered') {
        journal.recordInvoiceModeFailure(call, {
          state: outcome.kind,
          reason: outcome.reason,
        });
        return call;
      }
      const answers = outcome.items.flatMap((item) =>
        item.kind === 'unknown'
          ? []
          : [
              {
                invoiceNumber: item.invoiceId,
                state: item.kind === 'done' ? ('uploaded' as const) : ('rejected' as const),
                message:
                  item.kind === 'done' ? (item.already ? 'Invoice already exists' : null) : item.reason,
              },
            ],
      );
      if (answers.length > 0) journal.recordOfflineUpload(answers, deps.now());
      return call;
    },
  };
}

/** Uploads one batch (1 to 100 waiting offline invoices, in number order) on the one path. */
export async function uploadOfflineBatch(
  deps: InvoiceModeOpsDeps,
  invoices: readonly OfflineInvoiceRecord[],
): Promise<UploadBatchResult> {
  const ordered = [...invoices].sort((a, b) => (a.invoiceNumber < b.invoiceNumber ? -1 : 1));
  const numbers = ordered.map((invoice) => invoice.invoiceNumber);
  // Sent before with no answer to show for it: SystemLead refuses a stored number with a generic
  // text, which is then no finding but "ask the status query" (classifyUpload's afterUnknown).
  const afterUnknown = deps.journal.offlineSentBefore(numbers).size > 0;
  const { record, timestamp } = writeAhead(
    deps.path,
    () => deps.journal.beginOfflineUpload(numbers, deps.now()),
    () => String(deps.client.reserveTimestamp()),
  );
  const { outcome: answered } = await perform(
    deps.path,
    uploadKind(deps, ordered, afterUnknown),
    record,
    timestamp,
  );
  const outcome = afterUnknown ? await settleByStatus(deps, record, ordered, answered) : answered;
  if (outcome.kind !== 'answered') {
    return {
      sent: numbers,
      outcome: outcome.kind,
      uploaded: [],
      rejected: [],
      waiting: numbers,
      reason: outcome.reason,
    };
  }
  const uploaded: string[] = [];
  const rejected: UploadBatchResult['rejected'] = [];
  const waiting: string[] = [];
  for (const item of outcome.items) {
    if (item.kind === 'done') uploaded.push(item.invoiceId);
    else if (item.kind === 'rejected') rejected.push({ invoiceNumber: item.invoiceId, reason: item.reason });
    else waiting.push(item.invoiceId);
  }
  return {
    sent: numbers,
    outcome: rejected.length > 0 ? 'rejected-item' : 'answered',
    uploaded,
    rejected,
    waiting,
    reason: null,
  };
}

/**
 * After an unknown outcome, the items the provider refused without a reason of §7's (SystemLead's
 * generic `Append Inovice Error!!`: its documents publish no "Invoice already exists") are asked
 * about with `/Inquire/GetInvoicesStatus`: a number the provider holds, as this sale (its order
 * number and amount where the answer carries them), is uploaded; one it does not hold was refused
 * indeed (a finding, with the provider's text); no readable answer leaves it waiting. The status
 * answer and the settlement are one commit (the one resolution flow).
 */
async function settleByStatus(
  deps: InvoiceModeOpsDeps,
  call: InvoiceModeCall,
  invoices: readonly OfflineInvoiceRecord[],
  outcome: UploadOutcome,
): Promise<UploadOutcome> {
  if (outcome.kind !== 'answered') return outcome;
  const unsure = outcome.items.filter((item) => item.kind === 'unknown').map((item) => item.invoiceId);
  if (unsure.length === 0) return outcome;
  const { journal, client } = deps;
  let exchange: CallExchange | null = null;
  const { outcome: status } = await client.status(unsure, {
    afterAnswer: (start, summary, answer) => {
      exchange = callExchange(start, summary, answer);
    },
  });
  const settled = new Map<string, UploadItemOutcome>();
  if (status.kind === 'answered') {
    for (const found of status.items) {
      const invoice = invoices.find((candidate) => candidate.invoiceNumber === found.InvoiceID);
      const item = outcome.items.find((candidate) => candidate.invoiceId === found.InvoiceID);
      if (!invoice || !item || item.kind !== 'unknown') continue;
      const sale = journal.get(invoice.orderNo);
      const operation = lastOperationOf(found.ProcessStatus);
      if (operation === null) continue;
      const sameSale =
        (found.BillingNo === undefined || found.BillingNo === invoice.orderNo) &&
        (found.TotalAmount === undefined || found.TotalAmount === sale?.totals.totalAmount);
      settled.set(
        invoice.invoiceNumber,
        operation === 'notFound'
          ? { invoiceId: item.invoiceId, kind: 'rejected', reason: refusalText(item.reason) }
          : sameSale
            ? {
                invoiceId: item.invoiceId,
                kind: 'done',
                already: true,
                invoiceDateTime: invoice.invoiceDateTime,
              }
            : {
                invoiceId: item.invoiceId,
                kind: 'rejected',
                reason: `${INVOICE_MODE_MESSAGES.numberAlreadyUsed} (GetInvoicesStatus: ${found.BillingNo ?? ''} ${found.TotalAmount ?? ''})`,
              },
      );
    }
  }
  const answers = [...settled.values()].map((item) => ({
    invoiceNumber: item.invoiceId,
    state: item.kind === 'done' ? ('uploaded' as const) : ('rejected' as const),
    message:
      item.kind === 'done'
        ? 'Invoice stands (verified by GetInvoicesStatus)'
        : (item as { reason: string }).reason,
  }));
  const last = exchange as CallExchange | null;
  resolveOperation(deps.path, () => {
    if (last) journal.recordInvoiceModeExchange(call, { ...last });
    if (answers.length > 0) journal.recordOfflineUpload(answers, deps.now());
  });
  return {
    kind: 'answered',
    items: outcome.items.map((item) => settled.get(item.invoiceId) ?? item),
  };
}

/** The provider's own text out of the classifier's "refused after an unknown outcome (…)" reason. */
const refusalText = (reason: string): string => /\((.*)\): verify/.exec(reason)?.[1] ?? reason;

export interface SplitResult {
  outcome: SplitOutcome['kind'] | 'refused-answer';
  segment: { word: string; periodCode: string; start: number; end: number; first: string } | null;
  reason: string | null;
}

function splitKind(
  deps: InvoiceModeOpsDeps,
  data: SplitInvoiceIdData,
  asked: { companyId: string; tillId: string; training: boolean; periodCode: string },
  result: { refusal: string | null },
): OperationKind<InvoiceModeCall, StandardAttemptStart, SplitOutcome, CallExchange> {
  const { journal, client } = deps;
  return {
    name: 'invoice-mode split',
    id: (call) => call.callId,
    async send(_call, firstTimestamp, recorder) {
      const { outcome } = await client.split(data, recorder, { firstTimestamp });
      return outcome;
    },
    exchange: callExchange,
    recordExchange: (call, exchange) => journal.recordInvoiceModeExchange(call, { ...exchange }),
    tillFailure: (reason, sent) => (sent ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason }),
    recordOutcome(call, outcome) {
      if (outcome.kind !== 'done') {
        journal.recordInvoiceModeFailure(call, { state: outcome.kind, reason: outcome.reason });
        return call;
      }
      const periodCode = periodOf(outcome.segment.stageYear, outcome.segment.stageMonth).code;
      const candidate: InvoiceModeSegment = {
        word: outcome.segment.word,
        periodCode,
        start: outcome.segment.start,
        end: outcome.segment.end,
        next: outcome.segment.start,
      };
      const held = journal.invoiceModeSegments({
        companyId: asked.companyId,
        training: asked.training,
        periodCode,
      });
      const refusal = segmentRefusal(
        candidate,
        { periodCode: asked.periodCode, count: data.InvoiceCount },
        held,
      );
      if (refusal) {
        // The service answered with a segment we cannot use as asked: a finding, nothing kept.
        result.refusal = `${refusal.zh} ${refusal.en}`;
        journal.recordInvoiceModeFailure(call, {
          state: 'unknown',
          reason: `segment refused: ${refusal.en}`,
        });
        return call;
      }
      journal.addInvoiceModeSegment({
        companyId: asked.companyId,
        tillId: asked.tillId,
        training: asked.training,
        useFor: data.UseFor,
        word: candidate.word,
        periodCode,
        start: candidate.start,
        end: candidate.end,
      });
      return call;
    },
  };
}

/** Splits `count` numbers of `periodCode` for the group `useFor` on the one path; keeps the segment. */
export async function splitSegment(
  deps: InvoiceModeOpsDeps,
  asked: {
    companyId: string;
    tillId: string;
    training: boolean;
    periodCode: string;
    useFor: string;
    count: number;
  },
): Promise<SplitResult> {
  const { stageYear, stageMonth } = splitStage(asked.periodCode);
  const data: SplitInvoiceIdData = {
    CompanyID: asked.companyId,
    StageYear: stageYear,
    StageMonth: stageMonth,
    UseFor: asked.useFor,
    InvoiceCount: asked.count,
  };
  const { record, timestamp } = writeAhead(
    deps.path,
    () =>
      deps.journal.beginSegmentSplit(
        {
          companyId: asked.companyId,
          periodCode: asked.periodCode,
          useFor: asked.useFor,
          count: asked.count,
        },
        deps.now(),
      ),
    () => String(deps.client.reserveTimestamp()),
  );
  const result = { refusal: null as string | null };
  const { outcome } = await perform(deps.path, splitKind(deps, data, asked, result), record, timestamp);
  if (outcome.kind !== 'done') return { outcome: outcome.kind, segment: null, reason: outcome.reason };
  if (result.refusal) return { outcome: 'refused-answer', segment: null, reason: result.refusal };
  const periodCode = periodOf(outcome.segment.stageYear, outcome.segment.stageMonth).code;
  return {
    outcome: 'done',
    segment: {
      word: outcome.segment.word,
      periodCode,
      start: outcome.segment.start,
      end: outcome.segment.end,
      first: invoiceModeId(outcome.segment.word, outcome.segment.start),
    },
    reason: null,
  };
}

import { accountSegment, invoiceModeId, periodOf, splitStage, type Bilingual } from '../../shared/domain';
import type {
  InvoiceModeSegmentAccount,
  ReconciliationFinding,
  ReconciliationReport,
  ReconciliationSuggestion,
} from '../../shared/ipc/contract/reconciliation';
import {
  TIMESTAMP_WINDOW_SECONDS,
  issuedFromSegment,
  lastOperationOf,
  type InvoiceStatusItem,
} from '../../provider/standard-profile';
import type { Logger } from '../core/logger';
import { createStandardClient, type StandardClientDeps } from '../invoice-service/standard-client';
import type { StandardConnection } from '../invoice-service/standard-connection';
import { JournalError, type Journal } from '../journal/journal';
import { finding, judgeInvoice, listOf } from './findings';
import { DETAILS, EVIDENCE, SUBJECTS, acceptRefused, periodName } from './messages';
import { PaceError, ProviderReads, type ReadFailure } from './provider';
import {
  businessDayOfDateTime,
  journalSource,
  pendingFromRecord,
  tillFigures,
  type PendingSaleView,
  type TillSource,
} from './sources';

/**
 * Reconciliation with the provider (issue 13; provider profile §4 Inquire group). For each till
 * source (this till's journal, other tills' exports):
 * 1. every issued invoice of the chosen days: `GetInvoicesStatus` and `GetInvoicesAppendStatus`
 *    in batches of 100, judged by `judgeInvoice` (voids, totals, allowances, upload deadlines);
 * 2. `GetInvoiceIDList` for the periods the days (and the 待確認 sales) fall in: every number the
 *    provider issued from the till's own segments (`UseFor` = the till's DeviceID) that the till
 *    does not know is asked about with `GetInvoicesStatus`, which names its order (`BillingNo`):
 *    a 待確認 sale gets an "issued" suggestion, anything else is unknown to the journal;
 * 3. a 待確認 sale that no answer names, when that evidence is complete, gets a "not issued"
 *    suggestion (see `notIssuedSuggestion` for why that is sound).
 * It only reads: nothing is resolved or resent here; a supervisor accepts a suggestion (accept()).
 */

export type Trigger = ReconciliationReport['trigger'];

export interface ReconciliationEngineDeps {
  journal: Journal;
  /** The standard API as set up now; throws a TillError when it is not (nothing is asked then). */
  connect(): StandardConnection | Promise<StandardConnection>;
  tillId: string | (() => string);
  logger: Logger;
  /** The judge's clock (upload deadlines) and the requests' timestamps. */
  now?: () => Date;
  post?: StandardClientDeps['post'];
  /** Pacing waits (tests never reach them: they make fewer requests than the window holds). */
  sleep?: (ms: number) => Promise<void>;
  /** How long one run may wait for the timestamp window in total (default 10 minutes). */
  maxPaceMs?: number;
  /**
   * Records a 待確認 sale's resolution: the verification screen's own `resolve` (checkout's
   * verification.ts), so an accepted suggestion is the same journal resolution as a person's.
   */
  resolveSale(input: {
    orderNo: string;
    outcome: 'issued' | 'notIssued';
    invoiceNumber?: string;
    by: string;
    note: string;
  }): { orderNo: string; state: 'issued' | 'not-issued'; invoiceNumber: string | null; message: Bilingual };
}

/**
 * Seconds the reconciliation leaves free in the standard key pair's timestamp window (profile §1:
 * one timestamp per second, within 300 s): a return at the counter during a long run still gets a
 * timestamp at once.
 */
export const TIMESTAMP_HEADROOM_SECONDS = 60;

/**
 * How long after a 待確認 sale's last change its request can no longer be issued: the provider
 * refuses a timestamp more than the window away from its clock, so a request not issued by then
 * never will be. Twice the window leaves room for the two clocks and a slow provider.
 */
export const NOT_ISSUED_AFTER_SECONDS = 2 * TIMESTAMP_WINDOW_SECONDS;

/** The business days' and sales' period keys: AD year and the even month. */
function periodKey(day: string): { stageYear: number; stageMonth: number; key: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const { endMonth } = periodOf(year, month);
  return { stageYear: year, stageMonth: endMonth, key: `${year}-${endMonth}` };
}

export interface RunOptions {
  businessDays: readonly string[];
  trigger: Trigger;
  /** Invoice numbers to leave out (settled in an earlier background run). */
  skip?: ReadonlySet<string>;
  /** Who asked (a store reconciliation), for the journal record. */
  by?: string | null;
  /** Record the run in the journal (default true). */
  record?: boolean;
  /** This till's seller and mode: its invoice-mode segments are accounted for (step 3). */
  invoiceMode?: { companyId: string; training: boolean };
}

export interface RunResult {
  report: ReconciliationReport;
  /** Invoices found settled (no finding, confirmed uploaded): a background run may skip them. */
  settled: string[];
}

export function createReconciliationEngine(deps: ReconciliationEngineDeps) {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const tillId = () => (typeof deps.tillId === 'function' ? deps.tillId() : deps.tillId);
  const { journal, logger } = deps;

  async function readsFor(): Promise<{ reads: ProviderReads; connection: StandardConnection }> {
    const connection = await deps.connect();
    const client = createStandardClient({
      config: connection.config,
      reserveTimestamp: (key, nowSeconds, windowSeconds) => {
        try {
          return journal.reserveTimestamp(
            key,
            nowSeconds,
            Math.max(1, windowSeconds - TIMESTAMP_HEADROOM_SECONDS),
          );
        } catch (error) {
          // The only refusal of the reservation: the window holds no more seconds right now.
          if (error instanceof JournalError && error.code === 'journal-refused') throw new PaceError();
          throw error;
        }
      },
      logger,
      nowSeconds: () => Math.floor(now().getTime() / 1000),
      ...(deps.post ? { post: deps.post } : {}),
    });
    const reads = new ProviderReads({
      client,
      logger,
      sleep,
      maxPaceMs: deps.maxPaceMs ?? 10 * 60_000,
    });
    return { reads, connection };
  }

  /** This till's reconciliation of some days (closing, on demand, background, the CLI). */
  async function run(options: RunOptions): Promise<RunResult> {
    const { reads, connection } = await readsFor();
    const source = journalSource(journal, {
      tillId: tillId(),
      training: connection.training,
      businessDays: options.businessDays,
    });
    if (options.skip && options.skip.size > 0) {
      const skip = options.skip;
      source.invoices = source.invoices.filter((invoice) => !skip.has(invoice.invoiceNumber));
    }
    const result = await reconcile([source], reads, {
      ...options,
      invoiceMode: { companyId: connection.config.companyId, training: connection.training },
    });
    return result;
  }

  /** A store's reconciliation: this till's journal with other tills' exports of one day. */
  async function store(options: {
    businessDay: string;
    /** Other tills' exports of the day, read and accepted (see `exportSources`). */
    imports: readonly TillSource[];
    by: string;
    /** `store` from the till's screen, `cli` from `npm run reconcile`. */
    trigger?: 'store' | 'cli';
  }): Promise<ReconciliationReport> {
    const { reads, connection } = await readsFor();
    const own = journalSource(journal, {
      tillId: tillId(),
      training: connection.training,
      businessDays: [options.businessDay],
    });
    const sources = [own, ...options.imports];
    // A return may be made at another till than the sale's: each sale gets every till's returns.
    for (const source of sources) {
      for (const invoice of source.invoices) {
        for (const other of sources)
          if (other !== source) invoice.returns.push(...other.returnsFor(invoice.orderNo));
      }
    }
    const { report } = await reconcile(sources, reads, {
      businessDays: [options.businessDay],
      trigger: options.trigger ?? 'store',
      by: options.by,
      invoiceMode: { companyId: connection.config.companyId, training: connection.training },
    });
    return report;
  }

  async function reconcile(
    sources: TillSource[],
    reads: ProviderReads,
    options: RunOptions,
  ): Promise<RunResult> {
    const at = now();
    const findings: ReconciliationFinding[] = [];
    const suggestions: ReconciliationSuggestion[] = [];
    const settled: string[] = [];
    const checkedBy = new Map<string, number>();
    const notChecked = (subject: Bilingual, failure: ReadFailure, fields: Parameters<typeof finding>[1]) =>
      findings.push(
        finding(
          'not-checked',
          fields,
          DETAILS.notChecked(subjectWithCause(subject, failure), failure.reason),
        ),
      );

    // 1. The days' invoices.
    const invoices = sources.flatMap((source) => source.invoices);
    const numbers = invoices.map((invoice) => invoice.invoiceNumber);
    const status = await reads.status(numbers);
    const append = await reads.appendStatus(numbers);
    const statusFailure = failureIndex(status.failed);
    const appendFailure = failureIndex(append.failed);
    for (const invoice of invoices) {
      const fields = {
        tillId: invoice.tillId,
        orderNo: invoice.orderNo,
        invoiceNumber: invoice.invoiceNumber,
        businessDay: invoice.businessDay,
      };
      const subject = SUBJECTS.invoice(invoice.invoiceNumber, invoice.orderNo);
      const item = status.answered.get(invoice.invoiceNumber);
      if (!item) {
        notChecked(subject, statusFailure.get(invoice.invoiceNumber) ?? missingAnswer, fields);
        continue;
      }
      const appendStatus = append.answered.get(invoice.invoiceNumber) ?? null;
      const judged = judgeInvoice(invoice, item, appendStatus, at);
      if (judged.unreadable) {
        notChecked(
          subject,
          { ...missingAnswer, reason: `unknown ProcessStatus ${JSON.stringify(item.ProcessStatus)}` },
          {
            ...fields,
            processStatus: item.ProcessStatus,
          },
        );
        continue;
      }
      checkedBy.set(invoice.tillId, (checkedBy.get(invoice.tillId) ?? 0) + 1);
      findings.push(...judged.findings);
      if (appendStatus === null) {
        notChecked(
          { zh: `${subject.zh}的上傳狀態`, en: `The upload state of ${subject.en.toLowerCase()}` },
          appendFailure.get(invoice.invoiceNumber) ?? missingAnswer,
          fields,
        );
      }
      if (judged.settled) settled.push(invoice.invoiceNumber);
    }

    // 2. The till's own number segments of the periods concerned.
    const segments = await checkSegments(sources, reads, at);
    findings.push(...segments.findings);
    suggestions.push(...segments.suggestions);

    // 3. This till's invoice-mode segments: every number issued, blank or unused (issue 27).
    const invoiceMode = options.invoiceMode
      ? await checkInvoiceModeSegments(options.invoiceMode, options.businessDays, reads)
      : null;
    if (invoiceMode) findings.push(...invoiceMode.findings);

    // The report, per till and for the store.
    const lists = { mismatches: [], uploadsLate: [], unknownToJournal: [], notChecked: [] } as Record<
      ReturnType<typeof listOf>,
      ReconciliationFinding[]
    >;
    for (const f of findings) lists[listOf(f.kind)].push(f);
    const tills = sources.map((source) =>
      tillFigures(
        source,
        checkedBy.get(source.tillId) ?? 0,
        findings.filter((f) => f.tillId === source.tillId).length,
      ),
    );
    const net = new Map<string, number>();
    for (const till of tills)
      for (const row of till.net) net.set(row.method, (net.get(row.method) ?? 0) + row.amount);
    const report: ReconciliationReport = {
      businessDays: [...options.businessDays],
      ranAt: at.toISOString(),
      trigger: options.trigger,
      checked: [...checkedBy.values()].reduce((a, b) => a + b, 0),
      requests: reads.requests,
      complete: lists.notChecked.length === 0,
      mismatches: lists.mismatches,
      uploadsLate: lists.uploadsLate,
      unknownToJournal: lists.unknownToJournal,
      notChecked: lists.notChecked,
      suggestions,
      tills,
      store: {
        sales: sumOf(tills.map((t) => t.sales)),
        returns: sumOf(tills.map((t) => t.returns)),
        net: [...net].map(([method, amount]) => ({ method, amount })),
      },
      ...(invoiceMode ? { invoiceMode: invoiceMode.accounts } : {}),
    };
    if (options.record !== false) recordRun(report, options, sources);
    logger.info('reconciliation ran', {
      trigger: report.trigger,
      days: report.businessDays,
      checked: report.checked,
      requests: report.requests,
      complete: report.complete,
      findings: findings.length,
      suggestions: suggestions.length,
    });
    return { report, settled };
  }

  /** What the last recorded background run found (see recordRun). */
  let lastBackgroundRecord = '';

  function recordRun(report: ReconciliationReport, options: RunOptions, sources: TillSource[]): void {
    const counts: Record<string, number> = {};
    for (const list of [report.mismatches, report.uploadsLate, report.unknownToJournal, report.notChecked]) {
      for (const f of list) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
    }
    counts.suggestions = report.suggestions.length;
    // A background run every few minutes that finds what the last one found adds nothing to the
    // record but entries (288 a day at 5 minutes): only a change is written. Other runs are acts
    // of a person (closing, on demand, store, CLI) and always recorded.
    if (report.trigger === 'background') {
      const key = JSON.stringify([report.businessDays, report.complete, counts]);
      if (key === lastBackgroundRecord) return;
      lastBackgroundRecord = key;
    }
    try {
      journal.recordReconciliationRun({
        trigger: report.trigger,
        businessDays: report.businessDays,
        checked: report.checked,
        requests: report.requests,
        complete: report.complete,
        counts,
        by: options.by ?? null,
        tills: sources.map((s) => s.tillId),
      });
    } catch (error) {
      // The report stands without its record (a keyed journal opened without its key by the CLI).
      logger.warn('reconciliation: the run was not recorded in the journal', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * Step 3. This till's invoice-mode segments of the periods the days fall in, each number
   * accounted for (`accountSegment`): the journal's offline invoices against the segment's
   * cursor, and the provider's `CurrentNumber` for the segment (`GetInvoiceIDList`, already read
   * in step 2 for the same periods). A number the cursor passed without an invoice is a gap; one
   * the provider holds that the till never used is unknown to the journal. A period the list
   * could not be read for is not checked there (step 2 reported it): its segments are accounted
   * from the journal alone.
   */
  async function checkInvoiceModeSegments(
    seller: { companyId: string; training: boolean },
    businessDays: readonly string[],
    reads: ProviderReads,
  ): Promise<{ findings: ReconciliationFinding[]; accounts: InvoiceModeSegmentAccount[] }> {
    const findings: ReconciliationFinding[] = [];
    const accounts: InvoiceModeSegmentAccount[] = [];
    const periods = new Set(
      businessDays.map((day) => periodOf(Number(day.slice(0, 4)), Number(day.slice(5, 7))).code),
    );
    const segments = journal.invoiceModeSegments(seller).filter((s) => periods.has(s.periodCode));
    if (segments.length === 0) return { findings, accounts };
    const issuedBySegment = new Map<number, Set<number>>();
    for (const invoice of journal.offlineInvoices()) {
      const numbers = issuedBySegment.get(invoice.segmentId) ?? new Set<number>();
      issuedBySegment.set(invoice.segmentId, numbers.add(invoice.number));
    }
    const fields = { tillId: tillId(), orderNo: null, businessDay: null };
    for (const segment of segments) {
      const { stageYear, stageMonth } = splitStage(segment.periodCode);
      const list = await reads.idList(stageYear, stageMonth);
      let providerNext: number | null = null;
      let atProvider: boolean | null = null;
      if (!('failure' in list)) {
        const held = list.tracks
          .filter((track) => track.Word === segment.word)
          .flatMap((track) => track.Details)
          .find((d) => d.UseFor === segment.useFor && Number(d.StartNumber) === segment.start);
        atProvider = held !== undefined;
        providerNext = held ? Number(held.CurrentNumber) : null;
      }
      const account = accountSegment(
        { ...segment, blankReported: segment.blankState === 'reported' },
        issuedBySegment.get(segment.id) ?? new Set(),
        providerNext,
      );
      const name = `${invoiceModeId(segment.word, segment.start)}–${String(segment.end).padStart(8, '0')}`;
      for (const number of account.gaps) {
        const invoiceNumber = invoiceModeId(segment.word, number);
        findings.push(
          finding(
            'invoice-mode-gap',
            { ...fields, invoiceNumber },
            DETAILS.invoiceModeGap(invoiceNumber, name),
          ),
        );
      }
      for (const number of account.unknown) {
        const invoiceNumber = invoiceModeId(segment.word, number);
        findings.push(
          finding(
            'unknown-to-journal',
            { ...fields, invoiceNumber },
            DETAILS.invoiceModeUnknown(invoiceNumber, name),
          ),
        );
      }
      accounts.push({
        word: segment.word,
        periodCode: segment.periodCode,
        useFor: segment.useFor,
        start: segment.start,
        end: segment.end,
        issued: account.issued,
        blank: account.blank,
        unused: account.unused,
        gaps: account.gaps.length,
        unknown: account.unknown.length,
        atProvider,
      });
    }
    return { findings, accounts };
  }

  /**
   * Step 2. For each source, the segments of its devices in the periods concerned; the numbers
   * issued from them that the source does not know are asked about, and their answers become
   * unknown-to-journal findings and issued suggestions; the 待確認 sales of a source that knows
   * every day (the journal) and that no answer names may get a not-issued suggestion.
   */
  async function checkSegments(
    sources: TillSource[],
    reads: ProviderReads,
    at: Date,
  ): Promise<{ findings: ReconciliationFinding[]; suggestions: ReconciliationSuggestion[] }> {
    const findings: ReconciliationFinding[] = [];
    const suggestions: ReconciliationSuggestion[] = [];
    // Per source, device and period: the numbers asked about, and whether every one was answered.
    interface Scope {
      source: TillSource;
      device: string;
      period: string;
      /** The track of each candidate number, for the export's day filter. */
      numbers: string[];
      complete: boolean;
    }
    const scopes: Scope[] = [];
    const periodsOk = new Map<string, boolean>();
    for (const source of sources) {
      const periods = new Map<string, ReturnType<typeof periodKey>>();
      for (const day of source.businessDays) periods.set(periodKey(day).key, periodKey(day));
      for (const sale of source.pending) {
        const p = periodKey((sale.orderDateTime ?? sale.businessDay).slice(0, 10));
        periods.set(p.key, p);
      }
      const devices = new Set([
        source.tillId,
        ...(source.knowsEveryDay ? source.pending.map((s) => s.deviceId) : []),
      ]);
      for (const period of periods.values()) {
        const list = await reads.idList(period.stageYear, period.stageMonth);
        if ('failure' in list) {
          if (!periodsOk.has(period.key)) {
            findings.push(
              finding(
                'not-checked',
                { tillId: source.tillId, orderNo: null, invoiceNumber: null, businessDay: null },
                DETAILS.notChecked(
                  subjectWithCause(SUBJECTS.period(period.stageYear, period.stageMonth), list.failure),
                  list.failure.reason,
                ),
              ),
            );
          }
          periodsOk.set(period.key, false);
          for (const device of devices)
            scopes.push({ source, device, period: period.key, numbers: [], complete: false });
          continue;
        }
        periodsOk.set(period.key, true);
        for (const device of devices) {
          const numbers: string[] = [];
          for (const track of list.tracks) {
            for (const segment of track.Details) {
              if (segment.UseFor !== device) continue;
              const issued = issuedFromSegment(track.Word, segment);
              if (issued.length === 0) continue;
              const known = source.knownBetween(issued[0]!, issued.at(-1)!);
              for (const number of issued) if (!known.has(number)) numbers.push(number);
            }
          }
          scopes.push({
            source,
            device,
            period: period.key,
            numbers: limitForExport(source, numbers),
            complete: true,
          });
        }
      }
    }

    const asked = await reads.status(scopes.flatMap((scope) => scope.numbers));
    const failures = failureIndex(asked.failed);
    /** Orders the answers name (a 待確認 sale named this way gets no not-issued suggestion). */
    const named = new Set<string>();
    const pendingByOrder = new Map<string, { sale: PendingSaleView; source: TillSource }>();
    for (const source of sources)
      for (const sale of source.pending) pendingByOrder.set(sale.orderNo, { sale, source });
    const reported = new Set<string>();

    for (const scope of scopes) {
      const lastOfExport = scope.source.spanEnd;
      for (const number of scope.numbers) {
        const item = asked.answered.get(number);
        if (!item) {
          scope.complete = false;
          if (reported.has(number)) continue;
          reported.add(number);
          const failure = failures.get(number) ?? missingAnswer;
          findings.push(
            finding(
              'not-checked',
              { tillId: scope.device, orderNo: null, invoiceNumber: number, businessDay: null },
              DETAILS.notChecked(subjectWithCause(SUBJECTS.invoice(number, null), failure), failure.reason),
            ),
          );
          continue;
        }
        const last = lastOperationOf(item.ProcessStatus);
        // A number of the segment the provider itself does not know (skipped, spoilt): nothing to report.
        if (last === 'notFound') continue;
        if (last === null) {
          scope.complete = false;
          continue;
        }
        if (item.BillingNo) named.add(item.BillingNo);
        // An issued number whose order the answer does not name could be any 待確認 sale's.
        else scope.complete = false;
        if (!scope.source.knowsEveryDay) {
          // An export knows its own day only: a number of another day, or issued after the export
          // was made, is not news about this export.
          const day = businessDayOfDateTime(item.InvoiceDateTime);
          if (day === null || !scope.source.businessDays.includes(day)) continue;
          if (
            lastOfExport !== null &&
            item.InvoiceDateTime !== undefined &&
            item.InvoiceDateTime > lastOfExport
          )
            continue;
        }
        if (reported.has(number)) continue;
        reported.add(number);
        const pending = item.BillingNo ? pendingByOrder.get(item.BillingNo) : undefined;
        if (pending && (item.TotalAmount === undefined || item.TotalAmount === pending.sale.totalAmount)) {
          suggestions.push(issuedSuggestion(pending.sale, number, item));
          continue;
        }
        if (pending) {
          findings.push(
            finding(
              'amount-differs',
              {
                tillId: pending.sale.tillId,
                orderNo: pending.sale.orderNo,
                invoiceNumber: number,
                businessDay: pending.sale.businessDay,
                journalAmount: pending.sale.totalAmount,
                providerAmount: item.TotalAmount ?? null,
                processStatus: item.ProcessStatus,
              },
              DETAILS.totalDiffers(
                number,
                pending.sale.orderNo,
                pending.sale.totalAmount,
                item.TotalAmount ?? 0,
              ),
            ),
          );
          continue;
        }
        const owner = item.BillingNo ? ownerOf(sources, scope.source, item.BillingNo) : null;
        findings.push(
          finding(
            'unknown-to-journal',
            {
              tillId: scope.device,
              orderNo: item.BillingNo ?? null,
              invoiceNumber: number,
              businessDay: businessDayOfDateTime(item.InvoiceDateTime),
              journalAmount: owner?.totalAmount ?? null,
              providerAmount: item.TotalAmount ?? null,
              processStatus: item.ProcessStatus,
            },
            DETAILS.unknownToJournal(
              number,
              scope.device,
              item.BillingNo ?? null,
              item.TotalAmount ?? null,
              item.InvoiceDateTime ?? null,
              owner,
            ),
          ),
        );
      }
    }

    // 3. Not-issued suggestions, from complete evidence only (see notIssuedSuggestion).
    for (const scope of scopes) {
      if (!scope.source.knowsEveryDay) continue;
      for (const sale of scope.source.pending) {
        if (sale.deviceId !== scope.device || named.has(sale.orderNo)) continue;
        if (periodKey((sale.orderDateTime ?? sale.businessDay).slice(0, 10)).key !== scope.period) continue;
        const suggestion = notIssuedSuggestion(sale, scope, at);
        if (suggestion) suggestions.push(suggestion);
      }
    }
    return { findings, suggestions };
  }

  /**
   * Why "not issued" may be suggested (the provider has no look-up by order number): every number
   * the provider issues for a device comes from that device's own segments of the order's period
   * (profile §4: the order's `DeviceID` is the segment's `UseFor`, and the period is the order's
   * date's). The list gives `[StartNumber, CurrentNumber)` of each, i.e. EVERY number issued for
   * the device so far; each one the journal does not know was asked about, and none names the
   * order. And it cannot be issued later: the request's timestamp is past the provider's window
   * (`NOT_ISSUED_AFTER_SECONDS` after the sale's last change). Any gap — a list or an answer
   * missing or unreadable, a period not asked — and no suggestion is made.
   */
  function notIssuedSuggestion(
    sale: PendingSaleView,
    scope: { complete: boolean; numbers: string[]; period: string },
    at: Date,
  ): ReconciliationSuggestion | null {
    if (!scope.complete) return null;
    const age = (at.getTime() - new Date(sale.lastChangedAt).getTime()) / 1000;
    if (!(age > NOT_ISSUED_AFTER_SECONDS)) return null;
    const { stageYear, stageMonth } = periodKey((sale.orderDateTime ?? sale.businessDay).slice(0, 10));
    return {
      orderNo: sale.orderNo,
      tillId: sale.tillId,
      outcome: 'not-issued',
      invoiceNumber: null,
      invoiceDateTime: null,
      providerAmount: null,
      journalAmount: sale.totalAmount,
      processStatus: null,
      evidence: EVIDENCE.notIssued(
        sale.orderNo,
        sale.deviceId,
        periodName(stageYear, stageMonth),
        scope.numbers.length,
      ),
    };
  }

  /**
   * Accepts a suggestion after checking its evidence again, then records the resolution the
   * verification screen records (checkout's `resolve`), with a note naming the evidence.
   */
  async function accept(
    suggestion: ReconciliationSuggestion,
    by: string,
  ): Promise<{
    orderNo: string;
    outcome: 'issued' | 'not-issued';
    invoiceNumber: string | null;
    message: Bilingual;
  }> {
    const tx = journal.get(suggestion.orderNo);
    if (!tx) {
      throw acceptRefused(
        `訂單 ${suggestion.orderNo} 不在這台收銀機的紀錄中，請在開立它的收銀機處理`,
        `order ${suggestion.orderNo} is not in this till's journal; accept it at the till that sold it`,
      );
    }
    if (tx.state !== 'needs-verification') {
      throw acceptRefused(
        `訂單 ${tx.orderNo} 已不是待確認（已處理過）`,
        `order ${tx.orderNo} no longer needs verification (it was settled already)`,
      );
    }
    const { reads } = await readsFor();
    if (suggestion.outcome === 'issued') {
      const number = suggestion.invoiceNumber!;
      const status = await reads.status([number]);
      const item = status.answered.get(number);
      const failure = status.failed[0]?.failure;
      if (!item) {
        throw acceptRefused(
          `無法再次向發票服務確認（${failure?.cause.zh ?? '沒有回應'}），請稍後再試`,
          `the e-invoice service could not confirm it again (${failure?.reason ?? 'no answer'}); try again later`,
        );
      }
      const last = lastOperationOf(item.ProcessStatus);
      const confirms =
        last !== null &&
        last !== 'notFound' &&
        item.BillingNo === tx.orderNo &&
        (item.TotalAmount === undefined || item.TotalAmount === tx.totals.totalAmount);
      if (!confirms) {
        throw acceptRefused(
          `發票服務目前的資料不再支持這個建議（發票 ${number}：${item.ProcessStatus}，訂單 ${item.BillingNo ?? '—'}），請重新核對或致電發票服務`,
          `the e-invoice service no longer supports this suggestion (invoice ${number}: ${item.ProcessStatus}, BillingNo ${item.BillingNo ?? '—'}); reconcile again or call the e-invoice service`,
        );
      }
      const resolved = deps.resolveSale({
        orderNo: tx.orderNo,
        outcome: 'issued',
        invoiceNumber: number,
        by,
        note: `對帳佐證 reconciliation: GetInvoicesStatus ${number} ${item.ProcessStatus} BillingNo ${tx.orderNo}`.slice(
          0,
          200,
        ),
      });
      return {
        orderNo: resolved.orderNo,
        outcome: 'issued',
        invoiceNumber: resolved.invoiceNumber,
        message: resolved.message,
      };
    }
    // Not issued: the same segment check, afresh, for this one sale.
    const sale = pendingFromRecord(tx);
    const source = journalSource(journal, { tillId: tillId(), training: tx.training, businessDays: [] });
    source.pending = [sale];
    const at = now();
    const again = await checkSegments([source], reads, at);
    const still = again.suggestions.find((s) => s.orderNo === tx.orderNo && s.outcome === 'not-issued');
    if (!still) {
      const named = again.suggestions.find((s) => s.orderNo === tx.orderNo);
      throw acceptRefused(
        named
          ? `發票服務現在顯示此訂單已開立發票 ${named.invoiceNumber ?? ''}，請重新核對`
          : '無法再次完整確認發票服務沒有開立（號碼清單或查詢不完整），請稍後再試',
        named
          ? `the e-invoice service now names this order on invoice ${named.invoiceNumber ?? ''}; reconcile again`
          : 'the e-invoice service could not be asked completely again (number list or answers missing); try again later',
      );
    }
    const resolved = deps.resolveSale({
      orderNo: tx.orderNo,
      outcome: 'notIssued',
      by,
      note: `對帳佐證 reconciliation: GetInvoiceIDList + GetInvoicesStatus, no invoice for ${tx.orderNo}`.slice(
        0,
        200,
      ),
    });
    return {
      orderNo: resolved.orderNo,
      outcome: 'not-issued',
      invoiceNumber: null,
      message: resolved.message,
    };
  }

  return { run, store, accept };
}

export type ReconciliationEngine = ReturnType<typeof createReconciliationEngine>;

const missingAnswer: ReadFailure = {
  cause: { zh: '發票服務的回應缺少這一筆', en: 'the e-invoice service’s answer left it out' },
  reason: 'no item for it in the answer',
};

function subjectWithCause(subject: Bilingual, failure: ReadFailure): Bilingual {
  return { zh: `${subject.zh}（${failure.cause.zh}）`, en: subject.en };
}

function failureIndex(failed: Array<{ numbers: string[]; failure: ReadFailure }>): Map<string, ReadFailure> {
  const index = new Map<string, ReadFailure>();
  for (const { numbers, failure } of failed) for (const number of numbers) index.set(number, failure);
  return index;
}

function sumOf(rows: Array<{ count: number; amount: number }>): { count: number; amount: number } {
  return rows.reduce((a, b) => ({ count: a.count + b.count, amount: a.amount + b.amount }), {
    count: 0,
    amount: 0,
  });
}

function issuedSuggestion(
  sale: PendingSaleView,
  number: string,
  item: InvoiceStatusItem,
): ReconciliationSuggestion {
  return {
    orderNo: sale.orderNo,
    tillId: sale.tillId,
    outcome: 'issued',
    invoiceNumber: number,
    invoiceDateTime: item.InvoiceDateTime ?? null,
    providerAmount: item.TotalAmount ?? null,
    journalAmount: sale.totalAmount,
    processStatus: item.ProcessStatus,
    evidence: EVIDENCE.issued(
      sale.orderNo,
      number,
      item.InvoiceDateTime ?? null,
      item.TotalAmount ?? null,
      item.ProcessStatus,
    ),
  };
}

/** What the tills say about an order the provider named: the scope's own source first. */
function ownerOf(
  sources: TillSource[],
  first: TillSource,
  orderNo: string,
): { state: string; invoiceNumber: string | null; totalAmount: number } | null {
  for (const source of [first, ...sources.filter((s) => s !== first)]) {
    const found = source.order(orderNo);
    if (found) return found;
  }
  return null;
}

/**
 * An export covers one day: of the numbers its till's segments issued that the export does not
 * know (every other day's among them), only the newest are worth asking about, since the export's
 * day is normally the till's latest (a store reconciles at closing). The day filter afterwards
 * keeps any finding true; this bound only keeps the requests few.
 */
export const EXPORT_CANDIDATES = 500;

function limitForExport(source: TillSource, numbers: string[]): string[] {
  if (source.knowsEveryDay || numbers.length <= EXPORT_CANDIDATES) return numbers;
  return numbers.slice(-EXPORT_CANDIDATES);
}

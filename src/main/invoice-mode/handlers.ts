import { bilingual, invoiceModeId, type Bilingual } from '../../shared/domain';
import type {
  BlankReportResult,
  BlankSegmentReport,
  invoiceModeMethods,
} from '../../shared/ipc/contract/invoice-mode';
import type { HandlersFor } from '../core/handlers';
import type { BlankSegmentResult } from '../provider-ops/kinds/blank-report';
import type { SupervisorGate } from '../settings/supervisor';
import type { InvoiceModeCapability } from './capability';
import type { InvoiceModeServices } from './services';

/** One segment as the contract shows it. */
export function blankSegmentReport(result: BlankSegmentResult): BlankSegmentReport {
  return {
    periodCode: result.periodCode,
    first: invoiceModeId(result.word, result.start),
    last: invoiceModeId(result.word, result.end),
    state: result.state,
    blank: result.blank,
    refused: result.refused,
    reason: result.reason,
  };
}

/**
 * What a blank report came to, for people (the closing screen, the command line): every segment
 * reported, none due, or what is left and what to do.
 */
export function blankReportResult(results: readonly BlankSegmentResult[]): BlankReportResult {
  const segments = results.map(blankSegmentReport);
  if (segments.length === 0) {
    return {
      segments,
      outcome: 'nothing',
      message: bilingual(
        '沒有需要回報的空白發票號碼（期別未結束，或已回報）。',
        'No blank numbers to report (no period has ended, or they were reported already).',
      ),
    };
  }
  const ranges = segments.reduce((sum, segment) => sum + segment.blank.length, 0);
  const periods = [...new Set(segments.map((segment) => segment.periodCode))].join('、');
  if (segments.every((segment) => segment.state === 'reported')) {
    return {
      segments,
      outcome: 'done',
      message: bilingual(
        `${periods} 期的空白發票號碼已回報（${ranges} 段）；這些號碼不會再使用。`,
        `The blank numbers of period ${periods} are reported (${ranges} range${ranges === 1 ? '' : 's'}); they will never be used.`,
      ),
    };
  }
  const refused = segments.flatMap((segment) => segment.refused);
  const stopped = segments.find((segment) => segment.reason !== null && segment.refused.length === 0);
  const why: Bilingual =
    refused.length > 0
      ? bilingual(
          `發票服務拒收 ${refused.length} 段：${refused.map((range) => `${range.first}–${range.last}（${range.reason}）`).join('；')}。請聯絡發票服務，並於次期 10 日前完成回報。`,
          `The e-invoice service refused ${refused.length} range${refused.length === 1 ? '' : 's'}: ${refused.map((range) => `${range.first}–${range.last} (${range.reason})`).join('; ')}. Call the e-invoice service, and finish the report before the 10th of the next period.`,
        )
      : bilingual(
          `回報未完成（${stopped?.reason ?? ''}）：連線恢復後會自動再送。`,
          `The report is not finished (${stopped?.reason ?? ''}): it is sent again by itself once the service answers.`,
        );
  return { segments, outcome: 'incomplete', message: why };
}

export interface InvoiceModeHandlerDeps {
  capability: InvoiceModeCapability;
  services: Pick<InvoiceModeServices, 'topUp' | 'topUpReason' | 'reportBlanksNow'>;
  supervisor: SupervisorGate;
}

/**
 * Invoice mode's supervisor actions (issue 27): offline numbers topped up now rather than at the
 * next run of the top-up service, and the blank report of ended periods run from the closing
 * screen, each with the PIN checked here and a journal record of who (dispatch has validated the
 * payloads).
 */
export function createInvoiceModeHandlers(
  deps: InvoiceModeHandlerDeps,
): HandlersFor<typeof invoiceModeMethods> {
  return {
    'invoiceMode.topUp': ({ pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'invoice-mode.top-up',
          required: bilingual(
            '補充離線號碼需要主管 PIN，未補充。',
            'Topping up offline numbers needs the supervisor PIN. Nothing was split.',
          ),
          wrong: bilingual('主管 PIN 錯誤，未補充離線號碼。', 'Wrong supervisor PIN. Nothing was split.'),
          detail: (result) => ({ numbersLeft: result.numbersLeft, reason: result.reason?.en ?? null }),
        },
        async () => {
          if (deps.capability.issuing.offlineMode()) {
            return {
              numbersLeft: deps.capability.status().numbersLeft,
              reason: bilingual(
                '離線開立中：發票服務恢復連線後才能補充離線號碼。',
                'Issuing offline: offline numbers are topped up once the e-invoice service answers again.',
              ),
            };
          }
          // A run under way began before the supervisor asked: a fresh one answers for now.
          await deps.services.topUp.runNow({ fresh: true });
          return { numbersLeft: deps.capability.status().numbersLeft, reason: deps.services.topUpReason() };
        },
      ),
    'invoiceMode.reportBlanks': ({ periodCode, pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'invoice-mode.blank-report',
          required: bilingual(
            '回報空白發票號碼需要主管 PIN，未回報。',
            'Reporting blank invoice numbers needs the supervisor PIN. Nothing was reported.',
          ),
          wrong: bilingual('主管 PIN 不正確，未回報。', 'Wrong supervisor PIN: nothing was reported.'),
          detail: (result) => ({
            periodCode: periodCode ?? null,
            outcome: result.outcome,
            segments: result.segments.map((segment) => `${segment.first}-${segment.last} ${segment.state}`),
            refused: result.segments.reduce((sum, segment) => sum + segment.refused.length, 0),
          }),
        },
        async () => blankReportResult(await deps.services.reportBlanksNow(periodCode ? { periodCode } : {})),
      ),
  };
}

import { useEffect, useRef, useState } from 'react';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { isBusinessDay } from '../journal/journal-store';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { FindingGroups } from './FindingList';
import { useReconciliation } from './reconciliation-store';
import {
  checkedText,
  completenessText,
  incompleteReasons,
  isClean,
  taipeiText,
  waitingText,
} from './report-view';
import { StoreReconciliation } from './StoreReconciliation';

/** The clock, read again every `ms`: the time waited ticks, deadlines count down. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The time waited for the run under way, ticking each second. */
function Progress({ startedAt }: { startedAt: number }) {
  const t = useText();
  const now = useNow(1000);
  return (
    <div
      className="notice notice--info reconciliation__progress"
      role="status"
      data-testid="reconcile-progress"
    >
      <progress aria-label={t({ zh: '核對中', en: 'Reconciling' })} />
      <span>{t(waitingText((now.getTime() - startedAt) / 1000))}</span>
    </div>
  );
}

/**
 * 對帳: the closing screen's check of the day's invoices with the provider. It runs when the
 * screen opens for a day (trigger `closing`) and again on request; a suggestion is accepted by the
 * supervisor with the PIN, then the report is run again. Main decides what is found; nothing here
 * resolves or resends by itself.
 */
export function ReconciliationSection({
  businessDay,
  layoutReady,
}: {
  businessDay: string;
  layoutReady: boolean;
}) {
  const t = useText();
  const rec = useReconciliation();
  const supervisor = useSupervisorAction();
  const section = useRef<HTMLElement>(null);
  const now = useNow(30_000);

  useEffect(() => {
    if (isBusinessDay(businessDay)) void useReconciliation.getState().run(businessDay);
  }, [businessDay]);

  // The status bar's warning leads here: once the blocks above have their height, scroll to it.
  const focusPending = rec.focusPending;
  useEffect(() => {
    if (!focusPending || !layoutReady || !section.current) return;
    section.current.scrollIntoView({ block: 'start' });
    section.current.focus({ preventScroll: true });
    useReconciliation.getState().focusDone();
  }, [focusPending, layoutReady]);

  const report = rec.report;
  const reasons = report ? incompleteReasons(report) : [];
  return (
    <section
      ref={section}
      className="panel reconciliation"
      data-testid="reconciliation"
      tabIndex={-1}
      aria-labelledby="reconciliation-title"
      aria-busy={rec.running}
    >
      <div className="reconciliation__head">
        <h2 className="panel__title" id="reconciliation-title">
          {t({ zh: '對帳（與發票服務核對）', en: 'Reconcile with the e-invoice service' })}
        </h2>
        <KeyButton
          disabled={rec.running || !isBusinessDay(businessDay)}
          onClick={() => void rec.run(businessDay)}
          data-testid="reconcile-again"
        >
          {t({ zh: '再核對一次', en: 'Reconcile again' })}
        </KeyButton>
      </div>
      {rec.running && rec.startedAt !== null && <Progress startedAt={rec.startedAt} />}
      {rec.error && (
        <p className="notice notice--warning" role="alert" data-testid="reconcile-error">
          {t(rec.error.message)}
        </p>
      )}
      {rec.accepted && (
        <p className="notice notice--ok" data-testid="reconcile-accepted">
          {t(rec.accepted.message)}
        </p>
      )}
      {report && (
        <div className="reconciliation__report" data-testid="reconcile-report" data-ran-at={report.ranAt}>
          <p className="reconciliation__summary" data-testid="reconcile-summary">
            <span data-testid="reconcile-checked">{t(checkedText(report.checked))}</span>
            <span
              className={report.complete ? 'tag tag--ok' : 'tag tag--warn'}
              data-testid="reconcile-complete"
              data-complete={String(report.complete)}
            >
              {t(completenessText(report))}
            </span>
            <span className="hint">
              {t({ zh: `核對時間 ${taipeiText(report.ranAt)}`, en: `Run at ${taipeiText(report.ranAt)}` })}
            </span>
          </p>
          {!report.complete && (
            <div className="notice notice--warning" data-testid="reconcile-incomplete">
              {reasons.map((reason) => (
                <p key={reason.zh}>{t(reason)}</p>
              ))}
              <details className="finding__detail">
                <summary>{t({ zh: '未核對的項目', en: 'What was not checked' })}</summary>
                <ul>
                  {report.notChecked.map((finding, i) => (
                    <li key={`${finding.invoiceNumber ?? finding.orderNo ?? ''}-${i}`}>
                      {t(finding.detail)}
                    </li>
                  ))}
                </ul>
              </details>
            </div>
          )}
          {isClean(report) ? (
            <p className="notice notice--ok" data-testid="reconcile-clean">
              {report.complete
                ? t({
                    zh: '與發票服務一致，沒有需要處理的項目',
                    en: 'The e-invoice service agrees: nothing to act on',
                  })
                : t({ zh: '已核對的部分沒有需要處理的項目', en: 'Nothing to act on in what was checked' })}
            </p>
          ) : (
            <FindingGroups
              report={report}
              now={now}
              busy={rec.running}
              onAccept={(suggestion) =>
                supervisor.ask(
                  { zh: `接受建議：訂單 ${suggestion.orderNo}`, en: `Accept: order ${suggestion.orderNo}` },
                  (input) => rec.accept(suggestion.orderNo, input),
                )
              }
            />
          )}
        </div>
      )}
      <StoreReconciliation businessDay={businessDay} now={now} supervisor={supervisor} />
      {supervisor.dialog}
    </section>
  );
}

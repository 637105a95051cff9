import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { usePrintJobs, type PrintJob } from './print-jobs-store';
import { LABEL_COLON } from './printer-state-text';

const JOB_KIND = {
  proof: { zh: '電子發票證明聯', en: 'E-invoice proof' },
  details: { zh: '交易明細', en: 'Details slip' },
  summary: { zh: '日結單', en: 'Day summary' },
  test: { zh: '測試頁', en: 'Test page' },
} as const;

/** Each print job: printed, or not printed with the reason and a retry (same content, never a new issue). */
export function PrintJobList({ jobs, retryKey }: { jobs: PrintJob[]; retryKey?: string }) {
  const t = useText();
  const failure = usePrintJobs((s) => s.failure);
  const retrying = usePrintJobs((s) => s.retrying);
  if (jobs.length === 0) return null;
  return (
    <ul className="print-jobs" data-testid="print-status">
      {jobs.map((job, index) => {
        const printed = job.state === 'printed';
        const reason = failure[job.id];
        return (
          <li
            key={job.id}
            className={`print-job print-job--${printed ? 'ok' : 'failed'}`}
            data-print={job.state}
            data-testid="print-job"
          >
            <span>
              {t(JOB_KIND[job.kind])}
              {job.reprint && ` (${t({ zh: '補印', en: 'reprint' })})`}
              {t(LABEL_COLON)}
              {printed ? t({ zh: '已列印', en: 'printed' }) : t({ zh: '尚未印出', en: 'not printed' })}
            </span>
            {!printed && (reason || job.lastError) && (
              <span className="print-job__error" data-testid="print-failure">
                {reason ? t(reason) : job.lastError}
              </span>
            )}
            {!printed && (
              <KeyButton
                shortcut={index === 0 ? retryKey : undefined}
                tone="primary"
                disabled={retrying !== null}
                data-testid="print-retry"
                onClick={() => void usePrintJobs.getState().retry(job.id)}
              >
                {retrying === job.id
                  ? t({ zh: '列印中…', en: 'Printing…' })
                  : t({ zh: '重新列印', en: 'Print again' })}
              </KeyButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import { useText } from '../i18n/language-store';
import { taipeiTime } from './labels';

const JOB_KIND = {
  proof: { zh: '證明聯', en: 'Proof' },
  details: { zh: '交易明細', en: 'Details slip' },
  summary: { zh: '日結單', en: 'Summary' },
  test: { zh: '測試頁', en: 'Test page' },
} as const;

/** The sale's print jobs; a failed one can be printed again once the printer is fixed. */
export function PrintJobs({ jobs }: { orderNo: string; jobs: JournalDetail['prints'] }) {
  const t = useText();
  if (jobs.length === 0) return null;
  return (
    <ul className="print-jobs" data-testid="detail-prints">
      {jobs.map((job) => (
        <li key={job.id} className={`print-job print-job--${job.state === 'printed' ? 'ok' : 'failed'}`} data-print={job.state}>
          {t(JOB_KIND[job.kind])} · {job.state === 'printed' ? t({ zh: '已列印', en: 'Printed' }) : t({ zh: '未印出', en: 'Not printed' })}
          {job.printedAt && ` · ${taipeiTime(job.printedAt)}`}
          {job.lastError && job.state !== 'printed' && <span className="print-job__error">{job.lastError}</span>}
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useState } from 'react';
import type { CheckoutResult } from '../../../shared/ipc/contract/checkout';
import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';

type PrintJob = JournalDetail['prints'][number];

/** The sale's print jobs as the journal records them: printed, or failed with the reason. */
export function PrintStatus({ result }: { result: CheckoutResult }) {
  const t = useText();
  const [jobs, setJobs] = useState<PrintJob[] | null>(null);
  useEffect(() => {
    let live = true;
    void callTill('journal.get', { orderNo: result.orderNo }).then((answer) => {
      if (live && answer.ok && answer.value) setJobs(answer.value.prints);
    });
    return () => {
      live = false;
    };
  }, [result.orderNo]);

  if (result.operation === 'order' && result.printDataStatus !== 'ok') {
    return (
      <p className="notice notice--warning" data-testid="print-status" data-print="no-data">
        {t({
          zh: '發票已開立，但服務沒有回傳可用的列印資料，無法列印證明聯。不要重新結帳；請主管在日誌中查看。',
          en: 'The invoice is issued but the service returned no usable print data, so no proof can be printed. Do not check out again; a supervisor can look in the journal.',
        })}
      </p>
    );
  }
  if (!jobs || jobs.length === 0) return null;
  return (
    <ul className="print-jobs" data-testid="print-status">
      {jobs.map((job) => (
        <li key={job.id} className={job.state === 'printed' ? 'print-job print-job--ok' : 'print-job print-job--failed'} data-print={job.state}>
          {job.state === 'printed'
            ? t({ zh: '已列印', en: 'Printed' })
            : t({ zh: '尚未印出', en: 'Not printed' })}
          {job.lastError && job.state !== 'printed' && <span className="print-job__error">{job.lastError}</span>}
        </li>
      ))}
    </ul>
  );
}

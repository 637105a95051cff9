import { useEffect, useState } from 'react';
import { CLOUD_PRINT_STATE_LABEL } from '../../../shared/domain';
import type { CloudPrintJobView } from '../../../shared/ipc/contract/printing';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill, onTillEvent } from '../ipc/till-client';
import { LABEL_COLON } from '../printing/printer-state-text';
import { ReprintDialog } from '../returns/ReprintDialog';

/**
 * The paper proof's jobs on the e-invoice service's cloud printer (issue 29), shown like a local
 * print: 排入雲端列印, 已列印 or 列印失敗 (with the printer's word). Main polls the service and pushes
 * each move (`printing.cloud-job-changed`), so the screen follows without asking again. A failed or
 * stuck job offers 補印 through the service (who, why, the supervisor PIN).
 */
export function CloudPrintStatus({ orderNo }: { orderNo: string }) {
  const t = useText();
  const [jobs, setJobs] = useState<CloudPrintJobView[]>([]);
  const [reprinting, setReprinting] = useState(false);

  useEffect(() => {
    let current = true;
    const load = async () => {
      const answer = await callTill('printing.cloudJobs', { orderNo });
      if (current && answer.ok) setJobs(answer.value.jobs);
    };
    // Subscribed before the first load: a move pushed meanwhile is read by the load after it.
    const off = onTillEvent('printing.cloud-job-changed', (changed) => {
      if (changed.orderNo === orderNo) void load();
    });
    void load();
    return () => {
      current = false;
      off();
    };
  }, [orderNo]);

  if (jobs.length === 0) return null;
  const latest = jobs.at(-1)!;
  return (
    <>
      <ul className="print-jobs" data-testid="cloud-print-status">
        {jobs.map((job) => (
          <li
            key={job.printJobId}
            className={`print-job print-job--${job.state === 'failed' ? 'failed' : 'ok'}`}
            data-state={job.state}
            data-testid="cloud-print-job"
          >
            <span>
              {t({ zh: `雲端印表機 ${job.printerNo}`, en: `Cloud printer ${job.printerNo}` })}
              {job.reprint && ` (${t({ zh: '補印', en: 'reprint' })})`}
              {t(LABEL_COLON)}
              <span data-testid="cloud-print-state">{t(CLOUD_PRINT_STATE_LABEL[job.state])}</span>
            </span>
            {job.message && (
              <span className="print-job__error" data-testid="cloud-print-message">
                {t(job.message)}
              </span>
            )}
            {job.stuck && (
              <span className="print-job__error" data-testid="cloud-print-stuck">
                {t({
                  zh: '排隊過久，雲端印表機可能沒有運作',
                  en: 'Queued for long: the cloud printer may not be working',
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {latest.canReprint && (
        <KeyButton tone="primary" onClick={() => setReprinting(true)} data-testid="cloud-reprint">
          {t({ zh: '補印證明聯', en: 'Reprint proof' })}
        </KeyButton>
      )}
      {reprinting && <ReprintDialog orderNo={orderNo} cloud onClose={() => setReprinting(false)} />}
    </>
  );
}

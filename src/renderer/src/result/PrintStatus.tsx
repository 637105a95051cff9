import { useEffect } from 'react';
import type { CheckoutResult } from '../../../shared/ipc/contract/checkout';
import { useShortcuts } from '../app/shortcuts';
import { useText } from '../i18n/language-store';
import { PrintJobList } from '../printing/PrintJobList';
import { usePrintJobs } from '../printing/print-jobs-store';
import { useStatus } from '../status/status-store';

/**
 * The sale's prints: printed, or the reason and a retry (F8). In training the virtual printer's
 * slip is shown, so a trainee sees the proof a customer would get.
 */
export function PrintStatus({ result }: { result: CheckoutResult }) {
  const t = useText();
  const jobs = usePrintJobs((s) => (s.orderNo === result.orderNo ? s.jobs : []));
  const preview = usePrintJobs((s) => (s.orderNo === result.orderNo ? s.preview : null));
  const training = useStatus((s) => s.status?.mode === 'training');
  const pendingJob = jobs.find((job) => job.state !== 'printed');

  useEffect(() => {
    const store = usePrintJobs.getState();
    void store.load(result.orderNo).then(() => {
      if (training && usePrintJobs.getState().jobs.some((job) => job.kind === 'proof' || job.kind === 'details')) {
        void store.loadPreview(result.orderNo);
      }
    });
  }, [result.orderNo, training]);

  useShortcuts({ F8: pendingJob ? () => void usePrintJobs.getState().retry(pendingJob.id) : undefined });

  if (result.operation === 'order' && result.printDataStatus !== 'ok') {
    return (
      <p className="notice notice--warning" data-testid="print-no-data">
        {t({
          zh: '發票已開立，但服務沒有回傳可用的列印資料，無法列印證明聯。不要重新結帳；請主管在日誌中查看。',
          en: 'The invoice is issued but the service returned no usable print data, so no proof can be printed. Do not check out again; a supervisor can look in the journal.',
        })}
      </p>
    );
  }
  return (
    <>
      <PrintJobList jobs={jobs} retryKey="F8" />
      {preview && (
        <details className="preview" open>
          <summary>{t({ zh: '虛擬印表機（練習）印出的內容', en: 'What the virtual printer (training) printed' })}</summary>
          <img className="print-preview" src={preview.dataUrl} alt={t({ zh: '列印預覽', en: 'Print preview' })} data-testid="print-preview" />
        </details>
      )}
    </>
  );
}

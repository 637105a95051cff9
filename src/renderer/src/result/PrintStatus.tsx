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
  const training = useStatus((s) => s.status?.mode === 'training');
  const pendingJob = jobs.find((job) => job.state !== 'printed');

  useEffect(() => {
    void usePrintJobs.getState().load(result.orderNo);
  }, [result.orderNo]);
  // The virtual printer's paper, once something has printed on it (after a retry too).
  const printedSlip = jobs.some(
    (job) => job.state === 'printed' && (job.kind === 'proof' || job.kind === 'details'),
  );
  useEffect(() => {
    if (training && printedSlip) void usePrintJobs.getState().loadPreview(result.orderNo);
  }, [training, printedSlip, result.orderNo]);

  useShortcuts({ F8: pendingJob ? () => void usePrintJobs.getState().retry(pendingJob.id) : undefined });

  // `not-expected` on a paper sale: the provider never sends print data (SystemLead) and the till
  // printed a proof it built itself; its job is listed below like any other.
  if (
    result.operation === 'order' &&
    (result.printDataStatus === 'missing' || result.printDataStatus === 'unparseable')
  ) {
    return (
      <p className="notice notice--warning" data-testid="print-no-data">
        {t({
          zh: '發票已開立，但服務沒有回傳可用的列印資料，無法列印紙本證明聯。不要重新結帳；請主管在日誌中查看。',
          en: 'The invoice is issued but the service returned no usable print data, so no proof can be printed. Do not check out again; a supervisor can look in the journal.',
        })}
      </p>
    );
  }
  return <PrintJobList jobs={jobs} retryKey="F8" />;
}

/** The virtual printer's paper (training): the slip as the customer would get it. */
export function PrintPreview({ orderNo }: { orderNo: string }) {
  const t = useText();
  const preview = usePrintJobs((s) => (s.orderNo === orderNo ? s.preview : null));
  if (!preview) return null;
  return (
    <aside className="result__side result__side--paper">
      <p className="hint">
        {t({ zh: '列印內容預覽（練習模式）', en: 'What was printed (training preview)' })}
      </p>
      <img
        className="print-preview"
        src={preview.dataUrl}
        alt={t({ zh: '列印預覽', en: 'Print preview' })}
        data-testid="print-preview"
      />
    </aside>
  );
}

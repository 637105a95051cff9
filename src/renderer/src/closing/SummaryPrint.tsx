import { useState } from 'react';
import type { PrintOutcome } from '../../../shared/ipc/contract/printing';
import type { IpcError } from '../../../shared/ipc/result';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useClosing } from './closing-store';

/**
 * The summary slip (日結單) on the receipt printer, with its preview.
 */
export function SummaryPrint() {
  const t = useText();
  const businessDay = useClosing((s) => s.businessDay);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const print = async () => {
    setBusy(true);
    setError(null);
    setPreview(null);
    const answer = await callTill('printing.printSummary', { businessDay });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setOutcome(answer.value);
    const image = await callTill('printing.preview', { jobId: answer.value.jobId });
    if (image.ok) setPreview(image.value.dataUrl);
  };

  return (
    <div className="summary-print">
      <KeyButton onClick={() => void print()} disabled={busy} data-testid="print-summary">
        {t({ zh: '列印日結單', en: 'Print the day summary' })}
      </KeyButton>
      {outcome && (
        <p
          className={outcome.printed ? 'notice notice--ok' : 'notice notice--error'}
          data-testid="summary-print-result"
        >
          {outcome.printed
            ? t({ zh: '日結單已印出', en: 'The summary printed' })
            : t(outcome.message ?? { zh: '列印失敗', en: 'Printing failed' })}
        </p>
      )}
      {error && (
        <p className="notice notice--error" data-testid="summary-print-error">
          {t(error.message)}
        </p>
      )}
      {preview && (
        <img
          className="print-preview"
          src={preview}
          alt={t({ zh: '日結單預覽', en: 'Summary preview' })}
          data-testid="summary-preview"
        />
      )}
    </div>
  );
}

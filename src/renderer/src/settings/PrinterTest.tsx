import { useState } from 'react';
import type { PrinterStatusView, PrintOutcome } from '../../../shared/ipc/contract/printing';
import type { IpcError } from '../../../shared/ipc/result';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';

const STATE_TEXT = {
  online: { zh: '就緒', en: 'ready' },
  offline: { zh: '離線', en: 'offline' },
  'paper-out': { zh: '缺紙', en: 'out of paper' },
  'cover-open': { zh: '上蓋開啟', en: 'cover open' },
  unknown: { zh: '未知', en: 'unknown' },
} as const;

/** Asks the saved printer how it is and prints the test slip (its preview too, on the virtual printer). */
export function PrinterTest() {
  const t = useText();
  const [status, setStatus] = useState<PrinterStatusView | null>(null);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async () => {
    setBusy(true);
    setError(null);
    const answer = await callTill('printing.status', {});
    setBusy(false);
    if (answer.ok) setStatus(answer.value);
    else setError(answer.error);
  };
  const testPrint = async () => {
    setBusy(true);
    setError(null);
    setPreview(null);
    const answer = await callTill('printing.testPrint', {});
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setOutcome(answer.value);
    if (answer.value.printed) {
      const image = await callTill('printing.preview', { jobId: answer.value.jobId });
      if (image.ok) setPreview(image.value.dataUrl);
    }
  };

  return (
    <div className="printer-test">
      <div className="form-row">
        <KeyButton onClick={() => void check()} disabled={busy} data-testid="printer-check">
          {t({ zh: '檢查印表機', en: 'Check the printer' })}
        </KeyButton>
        <KeyButton onClick={() => void testPrint()} disabled={busy} data-testid="printer-test">
          {t({ zh: '列印測試頁', en: 'Print a test page' })}
        </KeyButton>
      </div>
      <p className="hint">
        {t({ zh: '檢查與測試使用已儲存的設定。', en: 'The check and the test use the saved settings.' })}
      </p>
      {status && (
        <p
          className={status.state === 'online' ? 'notice notice--ok' : 'notice notice--warning'}
          data-testid="printer-state"
        >
          {t({ zh: '印表機', en: 'Printer' })} {status.printer}：{t(STATE_TEXT[status.state])}
          {status.paperNearEnd && ` · ${t({ zh: '紙將用完', en: 'paper low' })}`}
        </p>
      )}
      {outcome && (
        <p
          className={outcome.printed ? 'notice notice--ok' : 'notice notice--error'}
          data-testid="printer-test-result"
        >
          {outcome.printed
            ? t({ zh: '測試頁已印出', en: 'The test page printed' })
            : t(outcome.message ?? { zh: '列印失敗', en: 'Printing failed' })}
        </p>
      )}
      {error && <p className="notice notice--error">{t(error.message)}</p>}
      {preview && (
        <img
          className="print-preview"
          src={preview}
          alt={t({ zh: '測試頁預覽', en: 'Test page preview' })}
          data-testid="printer-test-preview"
        />
      )}
    </div>
  );
}

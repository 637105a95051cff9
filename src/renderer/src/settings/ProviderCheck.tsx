import { useState } from 'react';
import type { ProviderCheckReport } from '../../../shared/ipc/contract/settings';
import type { IpcError } from '../../../shared/ipc/result';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useSettings } from './settings-store';

/**
 * 對接檢查：以已儲存的標準 API 設定與服務商規格（練習模式：內建的練習服務），送出不改變任何東西的
 * 查詢，顯示業者的回應、收銀機是否照預期讀懂、時鐘差距。The conformance check of
 * `npm run provider-check`, with the saved settings (training mode: the embedded service) and the
 * PIN that unlocked the screen.
 */
export function ProviderCheck() {
  const t = useText();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ProviderCheckReport | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const run = async () => {
    setBusy(true);
    setReport(null);
    setError(null);
    const pin = useSettings.getState().unlockedWith;
    const result = await callTill('settings.checkProvider', pin ? { pin } : {});
    setBusy(false);
    if (result.ok) setReport(result.value);
    else setError(result.error);
  };

  return (
    <div className="provider-check">
      <KeyButton onClick={() => void run()} disabled={busy} data-testid="provider-check">
        {t({ zh: '檢查與發票服務的對接', en: 'Check the e-invoice service connection' })}
      </KeyButton>
      <p className="hint">
        {t({
          zh: '只送不改變任何資料的查詢，使用已儲存的設定（練習模式：內建的練習服務）。',
          en: 'Only calls that change nothing, with the saved settings (training mode: the built-in service).',
        })}
      </p>
      {error && <p className="notice notice--warning">{t(error.message)}</p>}
      {report && (
        <div data-testid="provider-check-report">
          <p className={report.ok ? 'notice notice--ok' : 'notice notice--warning'}>
            {report.ok
              ? t({ zh: '收銀機與發票服務一致', en: 'The till and the e-invoice service agree' })
              : t({ zh: '收銀機與發票服務不一致', en: 'The till and the e-invoice service do not agree' })}
          </p>
          <ul>
            {report.steps.map((step) => (
              <li key={step.id}>
                {step.ok ? '✓' : '✗'} {t(step.title)}: {t({ zh: '預期', en: 'expected' })} {t(step.expected)}
                <br />
                <code>{step.answered}</code>
              </li>
            ))}
          </ul>
          <p>
            {report.clockOffsetSeconds === null
              ? t({
                  zh: '回應沒有時間標頭，無法得知時鐘差距。',
                  en: 'No Date header: the clock offset is not known.',
                })
              : t({
                  zh: `時鐘差距（發票服務減收銀機）：${report.clockOffsetSeconds} 秒`,
                  en: `Clock offset (service minus till): ${report.clockOffsetSeconds} s`,
                })}
          </p>
          {report.findings.map((finding) => (
            <p key={finding.en} className="notice notice--warning">
              {t(finding)}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

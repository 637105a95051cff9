import { useState } from 'react';
import { TERMS, type Bilingual } from '../../../shared/domain';
import type { TillSettings } from '../../../shared/ipc/contract/settings';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useStatus } from '../status/status-store';
import { useSettings } from './settings-store';

type Form = Pick<
  TillSettings,
  'offlineAfterFailures' | 'offlineLowNumbers' | 'invoiceModeSegmentSize' | 'invoiceModeGroup'
>;

const digits = (max: number) => new RegExp(`^\\d{0,${max}}$`);

/**
 * Invoice mode in Settings (issue 27): when the till switches to offline issuing, when the
 * cashier is warned, how many offline numbers a split asks for and the till's group; whether
 * offline issuing is on (off without the seller's QR key, and why); a top-up now with the PIN
 * that opened Settings (main checks it and records who).
 */
export function InvoiceModeSettings({
  form,
  set,
}: {
  form: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
}) {
  const t = useText();
  const status = useStatus((s) => s.status?.invoiceMode);
  const [answer, setAnswer] = useState<{ text: Bilingual; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const numbers =
    (key: 'offlineAfterFailures' | 'offlineLowNumbers' | 'invoiceModeSegmentSize', max: number) =>
    (e: { target: { value: string } }) =>
      digits(max).test(e.target.value) && set(key, Number(e.target.value));

  const topUp = async () => {
    setBusy(true);
    setAnswer(null);
    const pin = useSettings.getState().unlockedWith;
    const result = await callTill('invoiceMode.topUp', pin ? { pin } : {});
    setBusy(false);
    if (!result.ok) return setAnswer({ text: result.error.message, ok: false });
    const left = result.value.numbersLeft;
    setAnswer(
      result.value.reason
        ? { text: result.value.reason, ok: false }
        : {
            text: {
              zh: `已補充：${TERMS.offlineNumbers.zh} 剩 ${left}`,
              en: `Topped up: offline numbers: ${left} left`,
            },
            ok: true,
          },
    );
  };

  return (
    <section className="panel" data-testid="settings-invoice-mode">
      <h2 className="panel__title">
        {t({ zh: '離線開立（發票版）', en: 'Issuing offline (invoice mode)' })}
      </h2>
      {status && !status.offlineIssuing ? (
        <p className="notice notice--warning" data-testid="invoice-mode-off">
          {t({ zh: '離線開立：關閉。', en: 'Offline issuing: off.' })} {status.reason && t(status.reason)}
        </p>
      ) : (
        status && (
          <p className="hint" data-testid="invoice-mode-on">
            {t({
              zh: `發票服務連不上時使用${TERMS.offlineNumbers.zh}開立，恢復後自動上傳。${TERMS.offlineNumbers.zh} 剩 ${status.numbersLeft}。`,
              en: `When the e-invoice service cannot be reached, invoices use the offline numbers and upload once it answers. Offline numbers: ${status.numbersLeft} left.`,
            })}
          </p>
        )
      )}
      <div className="form-grid">
        <TextField
          label={t({
            zh: '連續未送達幾次改為離線開立（1–10）',
            en: 'Not-delivered sales before issuing offline (1–10)',
          })}
          inputMode="numeric"
          value={String(form.offlineAfterFailures)}
          onChange={numbers('offlineAfterFailures', 2)}
          data-testid="set-offline-after-failures"
        />
        <TextField
          label={t({ zh: '離線號碼剩幾個時提醒（1–100）', en: 'Warn when offline numbers left (1–100)' })}
          inputMode="numeric"
          value={String(form.offlineLowNumbers)}
          onChange={numbers('offlineLowNumbers', 3)}
          data-testid="set-offline-low-numbers"
        />
        <TextField
          label={t({ zh: '每次配發的離線號碼張數（1–1000）', en: 'Offline numbers per split (1–1000)' })}
          inputMode="numeric"
          value={String(form.invoiceModeSegmentSize)}
          onChange={numbers('invoiceModeSegmentSize', 4)}
          data-testid="set-invoice-mode-segment-size"
        />
        <TextField
          label={t({
            zh: '離線開立群組（UseFor；空白：不配號）',
            en: 'Invoice-mode group (UseFor; empty: no splits)',
          })}
          value={form.invoiceModeGroup}
          spellCheck={false}
          onChange={(e) => set('invoiceModeGroup', e.target.value.trim())}
          data-testid="set-invoice-mode-group"
        />
      </div>
      <div className="invoice-mode-top-up">
        <KeyButton onClick={() => void topUp()} disabled={busy} data-testid="invoice-mode-top-up">
          {t({ zh: '立即補充離線號碼', en: 'Top up offline numbers now' })}
        </KeyButton>
        {answer && (
          <p
            className={`notice notice--${answer.ok ? 'ok' : 'warning'}`}
            role="status"
            data-testid="invoice-mode-top-up-answer"
          >
            {t(answer.text)}
          </p>
        )}
      </div>
    </section>
  );
}

import { useState } from 'react';
import type { Bilingual } from '../../../shared/domain';
import { useText } from '../i18n/language-store';
import { Dialog } from './Dialog';
import { KeyButton } from './KeyButton';

/**
 * The supervisor PIN on a keypad (masked). `onSubmit` answers null when the PIN was taken, or
 * the reason it was not.
 */
export function PinDialog({
  title,
  hint,
  onSubmit,
  onClose,
}: {
  title: string;
  hint?: string;
  onSubmit(pin: string): Promise<Bilingual | null>;
  onClose(): void;
}) {
  const t = useText();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!/^\d{4,12}$/.test(pin)) {
      setError({ zh: 'PIN 為 4 到 12 位數字', en: 'A PIN is 4 to 12 digits' });
      return;
    }
    setBusy(true);
    const reason = await onSubmit(pin);
    setBusy(false);
    if (reason) {
      setError(reason);
      setPin('');
    }
  };
  const type = (key: string) => setPin((p) => (p.length < 12 ? p + key : p));
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="pin-dialog"
      footer={
        <>
          <KeyButton shortcut="Escape" onClick={onClose}>
            {t({ zh: '取消', en: 'Cancel' })}
          </KeyButton>
          <KeyButton
            tone="primary"
            shortcut="Enter"
            onClick={() => void submit()}
            disabled={busy}
            data-testid="pin-confirm"
          >
            {t({ zh: '確定', en: 'OK' })}
          </KeyButton>
        </>
      }
    >
      {hint && <p className="hint">{hint}</p>}
      <label className="field field--big">
        <span className="field__label">{t({ zh: '主管 PIN', en: 'Supervisor PIN' })}</span>
        <input
          className="field__input field__input--number"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          data-testid="pin-input"
          onChange={(e) => /^\d{0,12}$/.test(e.target.value) && setPin(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </label>
      {error && (
        <p className="field__error" role="alert" data-testid="pin-error">
          {t(error)}
        </p>
      )}
      <div className="keypad" aria-hidden="true">
        {['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'].map((key) => (
          <button key={key} type="button" tabIndex={-1} className="keypad__key" onClick={() => type(key)}>
            {key}
          </button>
        ))}
        <button
          type="button"
          tabIndex={-1}
          className="keypad__key keypad__key--wide"
          onClick={() => setPin((p) => p.slice(0, -1))}
        >
          ⌫
        </button>
      </div>
    </Dialog>
  );
}

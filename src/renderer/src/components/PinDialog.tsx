import { useState } from 'react';
import type { Bilingual } from '../../../shared/domain';
import { useText } from '../i18n/language-store';
import { CancelButton } from './CancelButton';
import { Dialog } from './Dialog';
import { TextField } from './Field';
import { KeyButton } from './KeyButton';
import { Keypad } from './Keypad';
import { canTypePin, isPin, PIN_RULE, PinField } from './PinField';

const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'];

/**
 * The supervisor PIN on a keypad (masked). `onSubmit` answers null when the PIN was taken, or
 * the reason it was not.
 */
export function PinDialog({
  title,
  hint,
  onSubmit,
  onClose,
  approver,
}: {
  title: string;
  hint?: string;
  /** `approvedBy`: the name typed in the approver field, when the dialog has one. */
  onSubmit(pin: string, approvedBy?: string): Promise<Bilingual | null>;
  onClose(): void;
  /** Shown as a name field (the approving supervisor, issue 22 item 7), filled with this. */
  approver?: string;
}) {
  const t = useText();
  const [pin, setPin] = useState('');
  const [name, setName] = useState(approver ?? '');
  const [error, setError] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!isPin(pin)) {
      setError(PIN_RULE);
      return;
    }
    setBusy(true);
    const reason = await onSubmit(pin, approver === undefined ? undefined : name);
    setBusy(false);
    if (reason) {
      setError(reason);
      setPin('');
    }
  };
  const type = (key: string) => setPin((p) => (canTypePin(p + key) ? p + key : p));
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="pin-dialog"
      footer={
        <>
          <CancelButton onClick={onClose} />
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
      {approver !== undefined && (
        <TextField
          label={t({ zh: '核准主管', en: 'Approved by' })}
          value={name}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setName(e.target.value)}
          data-testid="pin-approver"
        />
      )}
      <PinField
        label={t({ zh: '主管 PIN', en: 'Supervisor PIN' })}
        variant="big"
        autoComplete="off"
        value={pin}
        // The PIN has the cursor, also below an approver's name (filled in, or left out): the
        // keys typed after the action's Enter are the PIN.
        data-autofocus=""
        data-testid="pin-input"
        onChange={setPin}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {error && (
        <p className="field__error" role="alert" data-testid="pin-error">
          {t(error)}
        </p>
      )}
      <Keypad keys={DIGITS} onKey={type} onBackspace={() => setPin((p) => p.slice(0, -1))} />
    </Dialog>
  );
}

import { useState, type ReactNode } from 'react';
import { useText } from '../i18n/language-store';
import { CancelButton } from './CancelButton';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { KeyButton } from './KeyButton';
import { Keypad } from './Keypad';

/**
 * A number typed on the keyboard or on the big keypad: quantity, price, discount, PIN-less
 * amounts. `onConfirm` answers whether the value was taken (the dialog then closes).
 */
export interface NumberDialogProps {
  title: string;
  label: string;
  initial: string;
  decimals?: 0 | 2;
  suffix?: string;
  hint?: ReactNode;
  extra?: ReactNode;
  error?: string | null;
  testId?: string;
  onConfirm(value: number): boolean;
  onClose(): void;
}

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0', '00', '.'];

export function NumberDialog(props: NumberDialogProps) {
  const t = useText();
  const [text, setText] = useState(props.initial);
  const [replaceOnType, setReplaceOnType] = useState(true);
  const decimals = props.decimals ?? 0;
  const pattern = decimals === 0 ? /^\d{0,8}$/ : /^\d{0,8}(\.\d{0,2})?$/;
  const value = text === '' ? NaN : Number(text);

  const type = (key: string) => {
    const next = (replaceOnType ? '' : text) + key;
    setReplaceOnType(false);
    if (pattern.test(next)) setText(next);
  };
  const confirm = () => {
    if (Number.isFinite(value) && props.onConfirm(value)) props.onClose();
  };

  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      testId={props.testId}
      footer={
        <>
          <CancelButton onClick={props.onClose} />
          <KeyButton
            tone="primary"
            shortcut="Enter"
            onClick={confirm}
            disabled={!Number.isFinite(value)}
            data-testid="number-confirm"
          >
            {t({ zh: '確定', en: 'OK' })}
          </KeyButton>
        </>
      }
    >
      {props.extra}
      <Field label={props.label} variant="big">
        <span className="field__row">
          <input
            className="field__input field__input--number"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            data-testid="number-input"
            // A cart line's number: a scan here is the next product (the sell screen closes the
            // dialog and adds it), not digits for this field (use-scanner.ts).
            data-scanner="screen"
            onChange={(e) => {
              setReplaceOnType(false);
              if (pattern.test(e.target.value)) setText(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                confirm();
              }
            }}
          />
          {props.suffix && <span className="field__suffix">{props.suffix}</span>}
        </span>
      </Field>
      {props.hint && <p className="hint">{props.hint}</p>}
      {props.error && (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
      <Keypad
        keys={decimals > 0 ? KEYS : KEYS.filter((key) => key !== '.')}
        onKey={type}
        onBackspace={() => setText(text.slice(0, -1))}
        onClear={() => setText('')}
      />
    </Dialog>
  );
}

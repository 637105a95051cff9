import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatNtd } from '../../../shared/domain';
import { DENOMINATIONS } from '../../../shared/ipc/contract/shifts';
import { Keypad } from '../components/Keypad';
import { useText } from '../i18n/language-store';
import { setFieldValue } from '../scanner/use-scanner';
import {
  canTypeWhole,
  countFormTotal,
  denominationKey,
  denominationLabel,
  rowSubtotal,
  WHOLE_NUMBER_RULE,
  type CountForm,
} from './shift-view';

const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'];

/** The fields Enter walks through, in order (the count rows, then any amount fields, then the button). */
const STEP = '[data-step]';

/**
 * Enter moves down like Tab (a cashier counting with one hand on the numeric pad never reaches
 * for Tab); on the last field it moves to `onLast`'s target, usually the submit button.
 */
export function moveOnEnter(event: KeyboardEvent<HTMLElement>, onLast: () => void): void {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
  if (focusNext(event.currentTarget, event.target, onLast)) event.preventDefault();
}

/** Focuses the field after `from` in `container` (or calls `onLast`); false when `from` is no step. */
function focusNext(container: HTMLElement, from: HTMLElement, onLast: () => void): boolean {
  const steps = [...container.querySelectorAll<HTMLElement>(STEP)];
  const index = steps.indexOf(from);
  if (index < 0) return false;
  const next = steps[index + 1];
  if (next) {
    next.focus();
    if (next instanceof HTMLInputElement) next.select();
  } else onLast();
  return true;
}

/** A whole-number input of the count: digits only, a refused key said in words. */
export function WholeInput({
  value,
  onChange,
  onRefused,
  label,
  testId,
}: {
  value: string;
  onChange(text: string): void;
  onRefused(): void;
  label: string;
  testId: string;
}) {
  return (
    <input
      className="field__input field__input--number count__input"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      value={value}
      data-step=""
      data-testid={testId}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => (canTypeWhole(e.target.value) ? onChange(e.target.value) : onRefused())}
    />
  );
}

/**
 * Counting notes and coins: a row per denomination (count, subtotal), the running total, and a
 * keypad that types into whichever field has the focus. `side` adds fields beside the table
 * (the card slips at the close) that Enter and the keypad reach too.
 */
export function CountPanel({
  form,
  onChange,
  totalLabel,
  side,
  onLast,
  testId,
}: {
  form: CountForm;
  onChange(form: CountForm): void;
  totalLabel: string;
  side?: ReactNode;
  /** Enter on the last field: focus the submit button. */
  onLast(): void;
  testId: string;
}) {
  const t = useText();
  const box = useRef<HTMLDivElement>(null);
  const [refused, setRefused] = useState(false);
  // The count starts in its first row: a cashier types the counts at once, without a click first
  // (issue 24, item 7: typed counts went nowhere).
  useEffect(() => {
    const first = box.current?.querySelector<HTMLInputElement>('input[data-step]');
    first?.focus();
    first?.select();
  }, []);

  const focused = (): HTMLInputElement | null => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement && box.current?.contains(el) ? el : null;
  };
  /** The keypad is a keyboard for the focused field (the first one when none is). */
  const press = (edit: (text: string) => string) => {
    const input = focused() ?? box.current?.querySelector<HTMLInputElement>('input[data-step]') ?? null;
    if (!input) return;
    input.focus();
    const next = edit(input.value);
    if (canTypeWhole(next)) setFieldValue(input, next);
  };
  const next = () => {
    const input = focused();
    if (!box.current) return;
    if (input) focusNext(box.current, input, onLast);
    else box.current.querySelector<HTMLInputElement>('input[data-step]')?.focus();
  };

  const total = countFormTotal(form);
  return (
    <div
      ref={box}
      className="count"
      data-testid={testId}
      onKeyDown={(e) => {
        setRefused(false);
        moveOnEnter(e, onLast);
      }}
    >
      <table className="table count__table">
        <thead>
          <tr>
            <th scope="col">{t({ zh: '面額', en: 'Denomination' })}</th>
            <th scope="col" className="num">
              {t({ zh: '數量', en: 'Count' })}
            </th>
            <th scope="col" className="num">
              {t({ zh: '小計', en: 'Subtotal' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {DENOMINATIONS.map((denomination) => {
            const key = denominationKey(denomination);
            const { amount, kind } = denominationLabel(denomination);
            return (
              <tr key={key} data-testid="count-row" data-denomination={key}>
                <th scope="row" className="count__denomination">
                  {amount} <span className="count__kind">{t(kind)}</span>
                </th>
                <td className="num">
                  <WholeInput
                    value={form[key]}
                    label={t({ zh: `${amount} 的數量`, en: `How many ${amount}` })}
                    testId={`count-${key}`}
                    onRefused={() => setRefused(true)}
                    onChange={(text) => onChange({ ...form, [key]: text })}
                  />
                </td>
                <td className="num count__subtotal" data-testid={`subtotal-${key}`}>
                  {formatNtd(rowSubtotal(denomination, form[key]))}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {totalLabel}
            </th>
            <td className="num count__total" data-testid={`${testId}-total`}>
              {formatNtd(total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="count__side">
        {side}
        {refused && (
          <p className="field__error" role="alert" data-testid="count-refused">
            {t(WHOLE_NUMBER_RULE)}
          </p>
        )}
        {/* The keypad keeps the focus where it is, so the finger and the keyboard mix freely. */}
        <div onMouseDown={(e) => e.preventDefault()}>
          <Keypad
            keys={DIGITS}
            onKey={(key) => press((text) => text + key)}
            onBackspace={() => press((text) => text.slice(0, -1))}
            onClear={() => press(() => '')}
          />
          <button type="button" tabIndex={-1} className="keypad__key count__next" onClick={next}>
            {t({ zh: '下一格 ↓', en: 'Next ↓' })}
          </button>
        </div>
      </div>
    </div>
  );
}

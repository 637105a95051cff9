/**
 * The on-screen keypad of the number and PIN dialogs. It is for the finger only: hidden from
 * assistive technology and out of the tab order (the input beside it takes the keyboard).
 */
export function Keypad({
  keys,
  onKey,
  onBackspace,
  onClear,
}: {
  keys: readonly string[];
  onKey(key: string): void;
  onBackspace(): void;
  /** Shows a clear key when given. */
  onClear?(): void;
}) {
  return (
    <div className="keypad" aria-hidden="true">
      {keys.map((key) => (
        <button key={key} type="button" tabIndex={-1} className="keypad__key" onClick={() => onKey(key)}>
          {key}
        </button>
      ))}
      <button type="button" tabIndex={-1} className="keypad__key keypad__key--wide" onClick={onBackspace}>
        ⌫
      </button>
      {onClear && (
        <button type="button" tabIndex={-1} className="keypad__key keypad__key--wide" onClick={onClear}>
          C
        </button>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { ScanDetector, type ScanDetectorOptions } from './scan-detector';

/**
 * The global scanner listener: a scan lands wherever the focus is (the search box, a button, no
 * element at all) and goes to `onScan` instead. Keys of a scan that already reached a text field
 * are taken back out of it. Where only a person types, fast keys ending in Enter are typing, not
 * a scan (`typedOnly`): a field marked `data-scanner="input"` (a carrier or tax ID field: there
 * the scan IS the typing), a PIN field, and a text field of a dialog (a supervisor PIN, an amount,
 * a reason; issue 24: a PIN typed quickly was taken as a scan and cleared). A dialog whose field
 * a scan may interrupt says so with `data-scanner="screen"` (the sell screen's number dialogs: a
 * scan there closes the dialog and adds the product).
 */
interface FieldSnapshot {
  element: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

const isTextField = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(element.type));

/** Where fast keys ending in Enter are a person typing, never a scan (see above). */
function typedOnly(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.closest('[data-scanner="input"]') !== null) return true;
  if (!isTextField(element)) return false;
  if (element instanceof HTMLInputElement && element.type === 'password') return true;
  return (
    element.closest('[aria-modal="true"]') !== null && element.closest('[data-scanner="screen"]') === null
  );
}

/** Sets a React-controlled field's value the way typing does, so React sees the change. */
export function setFieldValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype =
    element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Installs the listener once; `onScan` must be stable (a module function such as routeScan). */
export function useScanner(onScan: (code: string) => void, options: ScanDetectorOptions = {}): void {
  const { maxGapMs, minLength } = options;
  useEffect(() => {
    const detector = new ScanDetector({ maxGapMs, minLength });
    let snapshot: FieldSnapshot | null = null;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return; // a Chinese IME is composing: never a scanner
      const focused = document.activeElement;
      if (typedOnly(focused)) {
        detector.reset();
        return;
      }
      const time = event.timeStamp;
      if (event.key.length === 1 && detector.startsBurst(time)) {
        snapshot = isTextField(focused)
          ? {
              element: focused,
              value: focused.value,
              selectionStart: focused.selectionStart,
              selectionEnd: focused.selectionEnd,
            }
          : null;
      }
      const verdict = detector.key(event.key, time, {
        ctrl: event.ctrlKey,
        alt: event.altKey,
        meta: event.metaKey,
      });
      if (verdict.kind !== 'scan') return;
      // The Enter must not press the focused button or submit anything.
      event.preventDefault();
      event.stopImmediatePropagation();
      if (snapshot && snapshot.element.isConnected && snapshot.element.value !== snapshot.value) {
        setFieldValue(snapshot.element, snapshot.value);
        try {
          snapshot.element.setSelectionRange(snapshot.selectionStart, snapshot.selectionEnd);
        } catch {
          // number fields have no selection
        }
      }
      snapshot = null;
      onScan(verdict.code);
    };
    // Capture phase: before any field or shortcut handler sees the Enter.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [onScan, maxGapMs, minLength]);
}

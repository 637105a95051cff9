import { useEffect, useRef, type ReactNode } from 'react';
import { useShortcuts } from '../app/shortcuts';

/**
 * A modal over the screen: Esc closes it, function keys of the screen below are held back, and
 * focus moves into it (then back to where it was).
 */
export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  wide?: boolean;
}

export function Dialog({ title, onClose, children, footer, testId, wide }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  useShortcuts({ Escape: onClose }, { modal: true });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const within = (selector: string) => box.current?.querySelector<HTMLElement>(selector) ?? null;
    const first = within('[data-autofocus]') ?? within('input, select, textarea') ?? within('button');
    first?.focus();
    if (first instanceof HTMLInputElement) first.select();
    return () => previous?.focus();
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        className={`dialog${wide ? ' dialog--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
      >
        <h2 className="dialog__title">{title}</h2>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>
  );
}

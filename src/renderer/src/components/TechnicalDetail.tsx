import { useState, type ReactNode } from 'react';
import { TECHNICAL_DETAIL } from '../../../shared/domain';
import { useText } from '../i18n/language-store';
import './technical-detail.css';

/**
 * Text for support, not for the counter (the e-invoice service's own answer, a transport error,
 * a whole hash), kept available and folded under 技術細節 / Technical detail (issue 24, item 8):
 * the screen says what it means in words first.
 */
export function TechnicalDetail({ children, testId }: { children: ReactNode; testId?: string }) {
  const t = useText();
  // Laid out only once opened: folded text takes no room, and no layout check reads it.
  const [open, setOpen] = useState(false);
  return (
    <details
      className="technical"
      data-testid={testId}
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>{t(TECHNICAL_DETAIL)}</summary>
      {open && children}
    </details>
  );
}

import type { InvoiceModeStatus as Status } from '../../../shared/ipc/contract/app';
import { useText } from '../i18n/language-store';
import { invoiceModeBar, type Tone } from './invoice-mode-view';

const BADGE: Record<Tone, string> = {
  ok: '',
  caution: 'badge badge--caution',
  warning: 'badge badge--warning',
};

/**
 * The status bar's invoice mode (issue 27): the offline numbers left (or why offline issuing is
 * off) and the offline invoices waiting to upload, warned at 24 hours and past their deadline,
 * each giving way with an ellipsis, the whole in its title. 離線開立中 is the service item's
 * (StatusBar.tsx): one item instead of two at 1024 px.
 */
export function InvoiceModeStatus({ status }: { status: Status }) {
  const t = useText();
  const bar = invoiceModeBar(status);
  return (
    <>
      <span
        className="status-bar__shrinks"
        data-testid="status-offline-numbers"
        data-left={status.numbersLeft}
        data-waiting={status.waitingUpload}
        title={bar.numbers.title ? t(bar.numbers.title) : undefined}
      >
        <span className={`status-bar__text ${BADGE[bar.numbers.tone]}`}>{t(bar.numbers.text)}</span>
      </span>
      {status.waitingUpload > 0 && (
        <span
          className="status-bar__shrinks"
          data-testid="status-offline-uploads"
          data-waiting={status.waitingUpload}
          data-warn={status.warnUpload}
          data-late={status.lateUpload}
          title={bar.uploads.title ? t(bar.uploads.title) : undefined}
        >
          <span className={`status-bar__text ${BADGE[bar.uploads.tone]}`}>{t(bar.uploads.text)}</span>
        </span>
      )}
    </>
  );
}

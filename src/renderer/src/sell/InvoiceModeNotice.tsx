import { useText } from '../i18n/language-store';
import { saleNotice } from '../status/invoice-mode-view';
import { useStatus } from '../status/status-store';

/**
 * The sale screen's calm notice of invoice mode (issue 27): the till switched to offline mode by
 * itself (and, with few numbers left, what to do before the last is used), or it is back online
 * and the offline invoices upload. The cashier keeps selling either way.
 */
export function InvoiceModeNotice() {
  const t = useText();
  const status = useStatus((s) => s.status?.invoiceMode);
  const backOnline = useStatus((s) => s.backOnline);
  const dismiss = useStatus((s) => s.dismissBackOnline);
  const notice = saleNotice(status, backOnline);
  if (!notice) return null;
  return (
    <div
      className={`notice notice--${notice.tone}`}
      role="status"
      data-testid="sell-invoice-mode"
      data-mode={status?.mode}
    >
      <p>{t(notice.text)}</p>
      {notice.low && <p data-testid="sell-offline-low">{t(notice.low)}</p>}
      {status?.mode === 'online' && (
        <button type="button" className="quick" onClick={dismiss} data-testid="sell-invoice-mode-dismiss">
          {t({ zh: '知道了', en: 'OK' })}
        </button>
      )}
    </div>
  );
}

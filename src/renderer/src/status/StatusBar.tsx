import { useEffect } from 'react';
import { describeClockOffset, TERMS } from '../../../shared/domain';
import { isBusyScreen, useNavigation } from '../app/navigation-store';
import { HeadOfficeStatus } from '../head-office/HeadOfficeStatus';
import { useText } from '../i18n/language-store';
import { PRINTER_STATE_TEXT } from '../printing/printer-state-text';
import { UploadWarning } from '../reconciliation/UploadWarning';
import { CashierStatus } from '../shifts/CashierStatus';
import { CustomerWindowToggle } from './CustomerWindowToggle';
import { InvoiceModeStatus } from './InvoiceModeStatus';
import { useStatus } from './status-store';

const SERVICE_TEXT = {
  unknown: { zh: '發票服務：檢查中', en: 'E-invoice service: checking' },
  reachable: { zh: '發票服務：連線正常', en: 'E-invoice service: online' },
  unreachable: { zh: '發票服務：無法連線', en: 'E-invoice service: unreachable' },
  issuing: { zh: '發票服務：開立中', en: 'E-invoice service: issuing' },
  slow: { zh: '發票服務：回應緩慢', en: 'E-invoice service: slow' },
} as const;

/**
 * Always visible, on one line: mode, till, who is signed in, service, printer, how many sales
 * wait for verification, invoices late or at risk to upload, invoice mode (offline numbers left,
 * offline invoices waiting to upload), and head office once one is set.
 */
export function StatusBar() {
  const t = useText();
  const { status, error, refresh, listen } = useStatus();
  const go = useNavigation((s) => s.go);
  const busy = useNavigation((s) => isBusyScreen(s.screen));

  useEffect(() => {
    void refresh();
    return listen();
  }, [refresh, listen]);

  if (error) {
    return (
      <footer className="status-bar status-bar--error" role="status" data-testid="status-bar">
        {t(error.message)}
      </footer>
    );
  }
  if (!status) {
    return (
      <footer className="status-bar" role="status" data-testid="status-bar">
        {t({ zh: '連線中…', en: 'Connecting…' })}
      </footer>
    );
  }
  const training = status.mode === 'training';
  const printerState = PRINTER_STATE_TEXT[status.printer.state];
  const pending = `${t({ zh: '待確認', en: 'Needs verification' })} ${status.pendingVerification}`;
  // A till clock off by more than a minute: the service will soon refuse its requests.
  const clock = describeClockOffset(status.service.clockOffsetSeconds);
  const offline = status.invoiceMode?.mode === 'offline';
  return (
    <footer className="status-bar" role="status" data-testid="status-bar">
      <span
        className={training ? 'badge badge--training' : 'badge badge--production'}
        data-testid="status-mode"
      >
        {training ? t({ zh: '練習模式', en: 'Training' }) : t({ zh: '正式模式', en: 'Production' })}
      </span>
      <span data-testid="status-till">
        {t({ zh: '收銀機', en: 'Till' })} {status.tillId}
      </span>
      <CashierStatus cashier={status.cashier} locked={status.locked} />
      <span
        data-testid="status-service"
        data-state={status.service.state}
        title={offline ? t(SERVICE_TEXT[status.service.state]) : undefined}
      >
        <i
          className={`status-dot status-dot--${dot(status.service.state === 'reachable', status.service.state === 'unreachable' || status.service.state === 'slow')}`}
        />
        {/* In offline mode 離線開立中 says it in one item (the bar at 1024 px holds no more). */}
        {offline ? (
          <span className="badge badge--warning" data-testid="status-offline-mode">
            {t(TERMS.offlineMode)}
          </span>
        ) : (
          t(SERVICE_TEXT[status.service.state])
        )}
      </span>
      {clock ? (
        <span className="badge badge--warning" data-testid="status-clock" title={t(clock)}>
          {t(clock)}
        </span>
      ) : null}
      {!status.journal.ok && (
        <span className="badge badge--warning" data-testid="status-journal">
          {t({ zh: '日誌異常', en: 'Journal problem' })}
        </span>
      )}
      {status.supervisorPin !== 'set' && (
        // Shown for as long as it lasts: the supervisor's choice to run without a PIN (or none yet).
        <span className="badge badge--warning" data-testid="status-no-pin" data-state={status.supervisorPin}>
          {status.supervisorPin === 'waived'
            ? t({ zh: '未使用主管 PIN', en: 'No supervisor PIN (chosen)' })
            : t({ zh: '未設定主管 PIN', en: 'No supervisor PIN set' })}
        </span>
      )}
      <span data-testid="status-printer" data-state={status.printer.state}>
        <i
          className={`status-dot status-dot--${dot(status.printer.state === 'online', !['online', 'unknown'].includes(status.printer.state))}`}
        />
        {t({ zh: `印表機：${printerState.zh}`, en: `Printer: ${printerState.en}` })}
      </span>
      {status.pendingVerification > 0 ? (
        // A finger-tall button (the bar is one finger tall) around the small badge.
        <button
          type="button"
          data-testid="status-pending"
          className="status-bar__action"
          disabled={busy}
          onClick={() => go('journal')}
        >
          <span className="badge badge--warning">{pending}</span>
        </button>
      ) : (
        <span data-testid="status-pending">{pending}</span>
      )}
      <UploadWarning state={status.reconciliation} disabled={busy} />
      {status.invoiceMode && <InvoiceModeStatus status={status.invoiceMode} />}
      <HeadOfficeStatus state={status.headOffice} />
      {status.catalog && status.catalog.version !== null ? (
        // Head office's catalog version this till runs (issue 28); a change waiting for the sale
        // being paid, a pull not applied, a store whose prices head office manages, in its title.
        // It gives way first when the bar is full (1024 px, English, head office and offline
        // mode all shown): its text ends in an ellipsis, the whole of it in the title.
        <span
          data-testid="status-catalog"
          data-waiting={status.catalog.waiting}
          className="status-bar__shrinks"
          title={t(
            status.catalog.reason ??
              (status.catalog.managed
                ? { zh: '價格由總部統一管理', en: 'Prices managed by head office' }
                : { zh: '總部的商品資料', en: "Head office's catalog" }),
          )}
        >
          <span className={`status-bar__text${status.catalog.reason ? ' badge badge--warning' : ''}`}>
            {t({ zh: `商品版本 ${status.catalog.version}`, en: `Catalog v${status.catalog.version}` })}
            {status.catalog.waiting
              ? t({ zh: '（待本筆結束後更新）', en: ' (updates after this sale)' })
              : null}
          </span>
        </span>
      ) : null}
      <CustomerWindowToggle />
      <span className="status-bar__version" data-testid="status-version">
        {status.appName} v{status.version}
      </span>
    </footer>
  );
}

const dot = (ok: boolean, bad: boolean) => (ok ? 'ok' : bad ? 'bad' : 'unknown');

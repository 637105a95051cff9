import { useEffect, useMemo, useState } from 'react';
import {
  formatInvoiceNumber,
  formatNtd,
  INVOICE_STATUS_FILTER_LABEL,
  INVOICE_STATUS_FILTERS,
  lastMessageWords,
} from '../../../shared/domain';
import type { PendingVerification } from '../../../shared/ipc/contract/checkout';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { BackButton } from '../components/BackButton';
import { BusinessDayField } from '../components/BusinessDayField';
import { Field, TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { TechnicalDetail } from '../components/TechnicalDetail';
import { useText } from '../i18n/language-store';
import { PendingReturns, usePendingReturns } from '../returns/PendingReturns';
import { useStatus } from '../status/status-store';
import { AgeChecksPanel } from './AgeChecksPanel';
import { useJournal, type StateFilter } from './journal-store';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { OfflineUploadBadge } from './OfflineUploadBadge';
import { KIND_LABEL, paymentLabel, taipeiTime } from './labels';
import { ResolveDialog } from './ResolveDialog';
import { SaleDetail } from './SaleDetail';
import { openReturnsOf } from './open-returns';
import { matchesJournalSearch } from './search';
import './journal.css';

/** Today's sales with filters and details, and the queue of sales waiting for verification. */
export function JournalScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const journal = useJournal();
  const training = useStatus((s) => s.status?.mode === 'training');
  const [tab, setTab] = useState<'sales' | 'verify' | 'age'>(journal.pending.length > 0 ? 'verify' : 'sales');
  const [resolving, setResolving] = useState<PendingVerification | null>(null);
  // Returns waiting for a status query count with the sales waiting for verification.
  const returnsPending = usePendingReturns((s) => s.items.length);
  const pendingCount = journal.pending.length + returnsPending;

  useEffect(() => {
    const { load, loadPending } = useJournal.getState();
    void load();
    void loadPending();
    void usePendingReturns.getState().load();
  }, []);

  const [refreshed, setRefreshed] = useState(0);
  const refresh = () => {
    setRefreshed((n) => n + 1);
    void journal.load();
    void journal.loadPending();
    void usePendingReturns.getState().load();
  };
  useShortcuts({ F5: refresh, Escape: () => go('sell') });

  const shown = useMemo(
    () => journal.items.filter((item) => matchesJournalSearch(item, journal.text)),
    [journal.items, journal.text],
  );

  return (
    <div className="journal" data-testid="journal-screen">
      <div className="tabs">
        <button
          type="button"
          className="tab"
          aria-pressed={tab === 'sales'}
          onClick={() => setTab('sales')}
          data-testid="tab-sales"
        >
          {t({ zh: '交易', en: 'Sales' })}
        </button>
        <button
          type="button"
          className="tab"
          aria-pressed={tab === 'verify'}
          onClick={() => setTab('verify')}
          data-testid="tab-verify"
        >
          {t({ zh: '待確認', en: 'Needs verification' })}{' '}
          <span
            className={pendingCount > 0 ? 'badge badge--warning' : 'tab__count'}
            data-testid="pending-count"
          >
            {pendingCount}
          </span>
        </button>
        <button
          type="button"
          className="tab"
          aria-pressed={tab === 'age'}
          onClick={() => setTab('age')}
          data-testid="tab-age-checks"
        >
          {t({ zh: '年齡確認', en: 'Age checks' })}
        </button>
      </div>
      {journal.error && (
        <p className="notice notice--error" role="alert" data-testid="journal-error">
          {t(journal.error.message)}
        </p>
      )}
      {journal.notice && (
        <p className="notice notice--ok" role="status" data-testid="journal-notice">
          {t(journal.notice)}
        </p>
      )}

      {tab === 'sales' && (
        <div className="journal__split">
          <section className="panel journal__list" data-testid="journal-list">
            <div className="filters">
              <BusinessDayField value={journal.businessDay} onChange={journal.setDay} testId="journal-day" />
              <Field label={t({ zh: '狀態', en: 'State' })}>
                <select
                  className="field__input"
                  value={journal.stateFilter}
                  onChange={(e) => journal.setStateFilter(e.target.value as StateFilter)}
                  data-testid="journal-state"
                >
                  <option value="all">{t({ zh: '全部', en: 'All' })}</option>
                  {INVOICE_STATUS_FILTERS.map((filter) => (
                    <option key={filter} value={filter}>
                      {t(INVOICE_STATUS_FILTER_LABEL[filter])}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                label={t({ zh: '訂單編號或發票號碼', en: 'Order or invoice number' })}
                variant="grow"
                value={journal.text}
                onChange={(e) => journal.setText(e.target.value)}
                data-testid="journal-text"
              />
            </div>
            <table className="table journal__table" data-testid="journal-table">
              <thead>
                <tr>
                  <th>{t({ zh: '時間', en: 'Time' })}</th>
                  <th>{t({ zh: '發票', en: 'Invoice' })}</th>
                  <th>{t({ zh: '方式', en: 'Kind' })}</th>
                  <th>{t({ zh: '付款', en: 'Paid by' })}</th>
                  <th className="num">{t({ zh: '金額', en: 'Total' })}</th>
                  <th>{t({ zh: '狀態', en: 'State' })}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr
                    key={item.orderNo}
                    className={
                      journal.selected?.transaction.orderNo === item.orderNo ? 'is-selected' : undefined
                    }
                    onClick={() => void journal.select(item.orderNo)}
                    data-testid="journal-row"
                    data-order={item.orderNo}
                    tabIndex={0}
                    onKeyDown={(e) => e.key === 'Enter' && void journal.select(item.orderNo)}
                  >
                    <td>{taipeiTime(item.createdAt)}</td>
                    <td data-testid="journal-row-invoice">
                      {item.invoiceNumber ? formatInvoiceNumber(item.invoiceNumber) : item.orderNo}
                    </td>
                    <td>{t(KIND_LABEL[item.invoiceKind])}</td>
                    <td>{item.paymentMethods.map((m) => t(paymentLabel(m))).join(' + ')}</td>
                    <td className="num">{formatNtd(item.totals.totalAmount)}</td>
                    <td>
                      <InvoiceStatusBadge
                        status={item.invoiceStatus}
                        onReturns={() => openReturnsOf(item.orderNo)}
                        onSale={(orderNo) => void journal.select(orderNo)}
                      />{' '}
                      <OfflineUploadBadge offline={item.offline} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shown.length === 0 && !journal.loading && (
              <p className="empty">
                {t({ zh: '這一天沒有符合的交易', en: 'No matching sales on this day' })}
              </p>
            )}
          </section>
          {journal.selected ? (
            <SaleDetail detail={journal.selected} />
          ) : (
            <p className="empty">{t({ zh: '點選一筆交易查看明細', en: 'Pick a sale to see its details' })}</p>
          )}
        </div>
      )}

      {tab === 'verify' && (
        <section className="panel" data-testid="verify-queue">
          <p className="hint">
            {t({
              zh: '這些交易送出後沒有得到明確結果，可能已開立也可能沒有。不要重新結帳：向發票服務查詢後，由主管記錄結果。',
              en: 'These sales got no clear answer: the invoice may or may not exist. Do not check out again: ask the e-invoice service, then a supervisor records the outcome.',
            })}
          </p>
          {pendingCount === 0 && (
            <p className="empty" data-testid="verify-empty">
              {t({ zh: '沒有待確認的交易', en: 'Nothing to verify' })}
            </p>
          )}
          <ul className="verify-list">
            {journal.pending.map((item) => {
              const lookup = journal.lookups[item.orderNo];
              return (
                <li
                  key={item.orderNo}
                  className="verify-item"
                  data-testid="verify-item"
                  data-order={item.orderNo}
                >
                  <div className="verify-item__facts">
                    <b>{item.orderNo}</b> · {taipeiTime(item.createdAt)} · {formatNtd(item.totalAmount)} ·{' '}
                    {t(KIND_LABEL[item.invoiceKind])}
                    {item.lastMessage && (
                      <span className="hint" data-testid="verify-item-cause">
                        {' '}
                        · {t(lastMessageWords('needs-verification', item.lastMessage)!)}
                      </span>
                    )}
                  </div>
                  {item.lastMessage && (
                    <TechnicalDetail>
                      <code>{item.lastMessage}</code>
                    </TechnicalDetail>
                  )}
                  {lookup && (
                    <p
                      className={lookup.found ? 'notice notice--ok' : 'notice notice--warning'}
                      data-testid="lookup-result"
                    >
                      {t(lookup.message)}
                    </p>
                  )}
                  <div className="verify-item__actions">
                    {training && item.training && (
                      <KeyButton
                        onClick={() => void journal.lookupTraining(item.orderNo)}
                        data-testid="lookup-training"
                      >
                        {t({ zh: '查詢練習服務', en: 'Ask the training service' })}
                      </KeyButton>
                    )}
                    <KeyButton tone="primary" onClick={() => setResolving(item)} data-testid="resolve">
                      {t({ zh: '記錄查詢結果', en: 'Record the outcome' })}
                    </KeyButton>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {tab === 'verify' && <PendingReturns />}
      {tab === 'age' && <AgeChecksPanel refreshed={refreshed} />}

      <footer className="action-bar">
        <BackButton />
        <KeyButton shortcut="F5" onClick={refresh}>
          {t({ zh: '重新整理', en: 'Refresh' })}
        </KeyButton>
      </footer>
      {resolving && <ResolveDialog item={resolving} onClose={() => setResolving(null)} />}
    </div>
  );
}

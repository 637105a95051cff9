import { useEffect, useState } from 'react';
import { formatNtd, type Bilingual } from '../../../shared/domain';
import type { StoreDay } from '../../../shared/ipc/contract/head-office';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { isBusinessDay } from '../journal/journal-store';
import { paymentLabel } from '../journal/labels';
import { taipeiText } from '../reconciliation/report-view';
import { useStatus } from '../status/status-store';
import { storePayments, storeTotals } from './head-office-view';

/**
 * The closing screen's store view (issue 17): every till of this store on the day, as head office
 * has it, while head office answers (synced or catching up). Nothing at all without a head office:
 * the closing screen is as before. A till still behind makes its figures partial, so each till's
 * last entry at head office is shown beside them.
 */
export function StoreView({ businessDay, reload }: { businessDay: string; reload: number }) {
  const t = useText();
  const state = useStatus((s) => s.status?.headOffice.state ?? 'off');
  const connected = state === 'synced' || state === 'behind';
  // The answer for the day it was asked for: another day shows nothing until its own comes.
  const [answer, setAnswer] = useState<{ day: string; value: StoreDay | null; error: Bilingual | null }>();
  // Bumped by the button: the effect below loads again.
  const [asked, setAsked] = useState(0);
  const [loading, setLoading] = useState(false);
  const current = answer?.day === businessDay ? answer : null;
  const day = current?.value ?? null;
  const error = current?.error ?? null;

  // Loaded when the day changes, when head office comes back, on the screen's refresh and the button.
  useEffect(() => {
    if (!connected || !isBusinessDay(businessDay)) return;
    let live = true;
    void callTill('headOffice.storeDay', { businessDay }).then((result) => {
      if (!live) return;
      setLoading(false);
      setAnswer(
        result.ok
          ? { day: businessDay, value: result.value, error: null }
          : { day: businessDay, value: null, error: result.error.message },
      );
    });
    return () => {
      live = false;
    };
  }, [businessDay, connected, reload, asked]);

  if (!connected && !day) return null;
  return (
    <section className="panel" data-testid="store-view">
      <h2 className="panel__title">{t({ zh: '門市（總部資料）', en: 'Store (from head office)' })}</h2>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="store-view-error">
          {t(error)}
        </p>
      )}
      {day && <StoreDayTables day={day} />}
      <div className="form-row">
        <KeyButton
          disabled={loading}
          onClick={() => {
            setLoading(true);
            setAsked((n) => n + 1);
          }}
          data-testid="store-view-load"
        >
          {loading ? t({ zh: '讀取中…', en: 'Loading…' }) : t({ zh: '重新讀取', en: 'Load again' })}
        </KeyButton>
      </div>
    </section>
  );
}

function StoreDayTables({ day }: { day: StoreDay }) {
  const t = useText();
  if (day.tills.length === 0) {
    return (
      <p className="empty" data-testid="store-view-empty">
        {t({ zh: `門市 ${day.storeId} 這一天沒有交易`, en: `No sales at store ${day.storeId} on this day` })}
      </p>
    );
  }
  const feeds = new Map(day.feeds.map((feed) => [feed.tillId, feed]));
  // The shop's sales first; training apart, as in the summary above.
  const kinds = [false, true].filter((training) => day.tills.some((till) => till.training === training));
  return (
    <>
      <p className="hint">
        {t({
          zh: `門市 ${day.storeId} · 總部回應時間 ${taipeiText(day.generatedAt)}`,
          en: `Store ${day.storeId} · head office answered ${taipeiText(day.generatedAt)}`,
        })}
      </p>
      {kinds.map((training) => {
        const totals = storeTotals(day, training);
        const payments = storePayments(day, training);
        const testId = training ? 'store-view-training' : 'store-view-sales';
        return (
          <div key={String(training)} className="summary-columns" data-testid={testId}>
            <table className="table table--compact">
              <caption>
                {training
                  ? t({ zh: '各收銀機（練習，不計入營業）', en: 'Tills (training, not sales)' })
                  : t({ zh: '各收銀機', en: 'Tills' })}
              </caption>
              <thead>
                <tr>
                  <th>{t({ zh: '收銀機', en: 'Till' })}</th>
                  <th className="num">{t({ zh: '銷售', en: 'Sales' })}</th>
                  <th className="num">{t({ zh: '退貨', en: 'Returns' })}</th>
                  <th className="num">{t({ zh: '淨額', en: 'Net' })}</th>
                  <th className="num">{t({ zh: '待確認', en: 'Needs verification' })}</th>
                </tr>
              </thead>
              <tbody>
                {totals.tills.map((till) => {
                  const feed = feeds.get(till.tillId);
                  return (
                    <tr key={till.tillId} data-testid="store-view-till" data-till={till.tillId}>
                      <td>
                        {till.tillId}
                        {feed?.refused && <span className="tag">{t({ zh: '被拒', en: 'Refused' })}</span>}
                      </td>
                      <td className="num">
                        {till.salesCount} · {formatNtd(till.salesAmount)}
                      </td>
                      <td className="num">
                        {till.returnsCount} · {formatNtd(till.returnsAmount)}
                      </td>
                      <td className="num">{formatNtd(till.netAmount)}</td>
                      <td className="num">{till.pendingSales + till.pendingReturns}</td>
                    </tr>
                  );
                })}
                {totals.tills.length > 1 && (
                  <tr data-testid="store-view-total">
                    <td>{t({ zh: '合計', en: 'Total' })}</td>
                    <td className="num">{formatNtd(totals.salesAmount)}</td>
                    <td className="num">{formatNtd(totals.returnsAmount)}</td>
                    <td className="num">{formatNtd(totals.netAmount)}</td>
                    <td className="num">{totals.pending}</td>
                  </tr>
                )}
              </tbody>
            </table>
            <table className="table table--compact">
              <caption>{t({ zh: '付款方式（全門市）', en: 'Payment methods (whole store)' })}</caption>
              <thead>
                <tr>
                  <th>{t({ zh: '方式', en: 'Method' })}</th>
                  <th className="num">{t({ zh: '收款', en: 'Taken' })}</th>
                  <th className="num">{t({ zh: '退款', en: 'Refunded' })}</th>
                  <th className="num">{t({ zh: '淨額', en: 'Net' })}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((row) => (
                  <tr key={row.method} data-testid="store-view-payment" data-method={row.method}>
                    <td>{t(paymentLabel(row.method))}</td>
                    <td className="num">{formatNtd(row.taken)}</td>
                    <td className="num">{formatNtd(row.refunded)}</td>
                    <td className="num">{formatNtd(row.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </>
  );
}

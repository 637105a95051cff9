import { useEffect, useState } from 'react';
import type { DeclinedAgeCheck } from '../../../shared/ipc/contract/shifts';
import type { IpcError } from '../../../shared/ipc/result';
import { BusinessDayField } from '../components/BusinessDayField';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { isBusinessDay, useJournal } from './journal-store';
import { taipeiTime } from './labels';

/**
 * The day's 菸酒 products not sold at the age check (issue 24, item 10): where a manager looks
 * for who declined what, and when. A confirmed check is on its sale line (the sale detail).
 */
export function AgeChecksPanel({ refreshed }: { refreshed: number }) {
  const t = useText();
  const businessDay = useJournal((s) => s.businessDay);
  const setDay = useJournal((s) => s.setDay);
  const [rows, setRows] = useState<DeclinedAgeCheck[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    if (!isBusinessDay(businessDay)) return;
    let current = true;
    void callTill('counter.ageChecksDeclined', { businessDay }).then((result) => {
      if (!current) return;
      if (result.ok) {
        setRows(result.value);
        setError(null);
      } else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [businessDay, refreshed]);

  return (
    <section className="panel" data-testid="age-checks">
      <div className="filters">
        <BusinessDayField value={businessDay} onChange={setDay} testId="age-checks-day" />
      </div>
      <p className="hint">
        {t({
          zh: '未確認顧客年滿18歲而未販售的菸酒商品；已確認的記在交易明細的品項上。',
          en: "Tobacco and alcohol not sold because the customer's age (18 or over) was not confirmed; a confirmed check is on its sale line.",
        })}
      </p>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="age-checks-error">
          {t(error.message)}
        </p>
      )}
      {rows?.length === 0 && (
        <p className="empty" data-testid="age-checks-empty">
          {t({ zh: '這天沒有未販售的菸酒商品', en: 'No tobacco or alcohol declined this day' })}
        </p>
      )}
      {rows && rows.length > 0 && (
        <table className="table" data-testid="age-checks-table">
          <thead>
            <tr>
              <th>{t({ zh: '時間', en: 'Time' })}</th>
              <th>{t({ zh: '商品', en: 'Product' })}</th>
              <th>{t({ zh: '結果', en: 'Answer' })}</th>
              <th>{t({ zh: '收銀員', en: 'Cashier' })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="age-check-row">
                <td>{taipeiTime(row.at)}</td>
                <td>
                  {row.product} <span className="hint">{row.code}</span>
                  {row.training && <span className="hint"> {t({ zh: '（練習）', en: '(training)' })}</span>}
                </td>
                <td>{t({ zh: '不販售', en: 'Declined' })}</td>
                <td>{row.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

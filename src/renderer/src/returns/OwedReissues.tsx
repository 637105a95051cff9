import { useEffect } from 'react';
import { formatInvoiceNumber, formatNtd } from '../../../shared/domain';
import { useText } from '../i18n/language-store';
import { taipeiTime } from '../journal/labels';
import { labelFor, RETURN_STATE_LABEL } from './labels';
import { usePendingReturns } from './PendingReturns';

/**
 * 改開 whose new invoice is still owed: the void is sent but not settled yet (待確認), or it stands
 * and the new sale is not made. The customer has no valid invoice until it is: the returns and
 * closing screens list them; the journal's "to verify" tab checks the void and issues the reissue.
 */
export function OwedReissues() {
  const t = useText();
  const items = usePendingReturns((s) => s.items);
  const owed = items.filter((item) => item.reissueOwed === true);
  useEffect(() => {
    void usePendingReturns.getState().load();
  }, []);
  if (owed.length === 0) return null;
  return (
    <section className="panel" data-testid="owed-reissues">
      <h3 className="panel__title">{t({ zh: '改開待開立', en: 'Reissues owed' })}</h3>
      <p className="hint">
        {t({
          zh: '這些改開的原發票作廢後，新發票尚未開立：請到「日誌 › 待確認」查詢作廢狀態，作廢確認後即開立新發票。',
          en: 'These 改開 voids still owe the new invoice: check the void under Journal › Needs verification; the new invoice is issued once the void stands.',
        })}
      </p>
      <ul className="verify-list">
        {owed.map((item) => (
          <li
            key={item.returnId}
            className="verify-item"
            data-testid="owed-reissue"
            data-return={item.returnId}
          >
            <div className="verify-item__facts">
              {formatInvoiceNumber(item.invoiceNumber)} · {item.orderNo} · {formatNtd(item.totalAmount)} ·{' '}
              {taipeiTime(item.createdAt)} · {t({ zh: '作廢', en: 'Void' })}{' '}
              {t(labelFor(RETURN_STATE_LABEL, item.state))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

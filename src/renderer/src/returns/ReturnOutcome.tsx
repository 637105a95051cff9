import { formatInvoiceNumber, formatNtd } from '../../../shared/domain';
import type { ReturnResult } from '../../../shared/ipc/contract/returns';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { paymentLabel } from '../journal/labels';
import { useReturns } from './returns-store';

const TITLE = {
  done: { zh: '已完成', en: 'Done' },
  rejected: { zh: '服務拒絕了這筆退貨', en: 'The service refused this return' },
  'not-delivered': { zh: '沒有送達服務（未完成）', en: 'It did not reach the service (not done)' },
  'needs-verification': { zh: '結果待確認', en: 'Outcome unknown' },
  'not-done': { zh: '查詢結果：未成立', en: 'The status query found it not done' },
} as const;

/** What happened to the return, the refund to hand back, and the slip that printed. */
export function ReturnOutcome() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const result = useReturns((s) => s.result);
  const slip = useReturns((s) => s.slip);
  const next = () => useReturns.getState().reset();
  useShortcuts({ F10: next });
  if (!result) return null;
  const done = result.state === 'done';
  const tone = done ? 'ok' : result.state === 'needs-verification' ? 'verify' : 'failed';
  return (
    <>
      <div className={`returns__body returns__body--outcome${slip ? ' has-slip' : ''}`}>
        <section
          className={`outcome outcome--${tone}`}
          data-testid="returns-outcome"
          data-state={result.state}
          data-kind={result.kind}
          role={done ? 'status' : 'alert'}
        >
          <p className="outcome__title" data-testid="returns-outcome-title">
            {done ? t(doneTitle(result)) : t(TITLE[result.state])}
          </p>
          <p data-testid="returns-outcome-message">{t(result.message)}</p>
          {result.detail && (
            <details className="outcome__detail" data-testid="returns-outcome-detail">
              <summary>{t({ zh: '技術細節（給客服）', en: 'Technical details (for support)' })}</summary>
              <code>{result.detail}</code>
            </details>
          )}
          <dl className="outcome__facts">
            <dt>{t({ zh: '原發票', en: 'Invoice' })}</dt>
            <dd data-testid="returns-outcome-invoice">{formatInvoiceNumber(result.invoiceNumber)}</dd>
            {result.allowanceNumber && (
              <>
                <dt>{t({ zh: '折讓單號', en: 'Allowance number' })}</dt>
                <dd data-testid="returns-allowance-number">{result.allowanceNumber}</dd>
              </>
            )}
            <dt>{t({ zh: '金額', en: 'Amount' })}</dt>
            <dd data-testid="returns-outcome-total">{formatNtd(result.totalAmount)}</dd>
            {/* 改開: the new sale takes the place of the voided one; no money changes hands. */}
            {done &&
              !result.reissue &&
              result.refunds
                .filter((r) => r.amount !== 0)
                .map((refund) => (
                  <Refund key={refund.method} method={refund.method} amount={refund.amount} />
                ))}
            {result.reissue && (
              <>
                <dt>{t({ zh: '新發票', en: 'New invoice' })}</dt>
                <dd className="outcome__number" data-testid="reissue-invoice">
                  {result.reissue.invoiceNumber
                    ? formatInvoiceNumber(result.reissue.invoiceNumber)
                    : t({ zh: '待確認', en: 'to verify' })}
                </dd>
                <dt>{t({ zh: '新訂單編號', en: 'New order number' })}</dt>
                <dd data-testid="reissue-order">{result.reissue.orderNo}</dd>
                <dt>{t({ zh: '取代', en: 'Replaces' })}</dt>
                <dd data-testid="reissue-replaces">
                  {formatInvoiceNumber(result.invoiceNumber)} {t({ zh: '（已作廢）', en: '(voided)' })}
                </dd>
              </>
            )}
          </dl>
          {result.reissue && result.reissue.state !== 'issued' && (
            <p className="notice notice--warning" data-testid="reissue-message">
              {t(result.reissue.message)}
            </p>
          )}
          {result.state === 'needs-verification' && (
            <ol className="steps">
              <li>
                {t({ zh: '不要再送一次，也不要再退一次款。', en: 'Do not send it again or refund twice.' })}
              </li>
              <li>
                {t({
                  zh: '請主管到「日誌 → 待確認」按「查詢狀態」，由發票服務的紀錄決定。',
                  en: 'A supervisor presses "Check status" under Journal → Needs verification; the e-invoice service\'s record decides.',
                })}
              </li>
            </ol>
          )}
          {(result.state === 'rejected' || result.state === 'not-delivered') && (
            <p className="hint">
              {t({
                zh: '沒有作廢也沒有折讓，不要退款。',
                en: 'Nothing was voided or allowed: give no money back.',
              })}
            </p>
          )}
        </section>
        {slip && (
          <aside className="result__side result__side--paper returns__slip" data-testid="returns-slip">
            <p className="hint" data-testid="returns-slip-caption">
              {slip.kind === 'allowance'
                ? t({
                    zh: '折讓證明單（兩聯：存根聯請顧客簽收，收執聯交顧客）',
                    en: 'Allowance slip (two copies: the customer signs the store copy and keeps the other)',
                  })
                : t({ zh: '發票作廢通知（不是證明聯）', en: 'Void notice (not a proof)' })}
              {' · '}
              {slip.printed === true
                ? t({ zh: '已列印', en: 'printed' })
                : slip.printed === false
                  ? t({
                      zh: '尚未印出，請到日誌重新列印',
                      en: 'not printed: print it again from the journal',
                    })
                  : t({ zh: '預覽（未列印）', en: 'preview (not printed)' })}
            </p>
            <img
              className="print-preview"
              src={slip.dataUrl}
              alt={t({ zh: '列印預覽', en: 'Print preview' })}
              data-testid="returns-slip-preview"
            />
          </aside>
        )}
      </div>
      <footer className="action-bar">
        <KeyButton
          shortcut="Escape"
          onClick={() => {
            next();
            go('sell');
          }}
        >
          {t({ zh: '回銷售', en: 'Back to sale' })}
        </KeyButton>
        <KeyButton shortcut="F10" tone="go" size="large" onClick={next} data-testid="returns-next">
          {t({ zh: '下一筆退貨', en: 'Next return' })}
        </KeyButton>
      </footer>
    </>
  );
}

function doneTitle(result: ReturnResult) {
  if (result.reissue) return { zh: '已作廢並改開', en: 'Voided and reissued' };
  if (result.kind === 'void') return { zh: '發票已作廢', en: 'Invoice voided' };
  if (result.kind === 'cancel-allowance') return { zh: '折讓已作廢', en: 'Allowance voided' };
  return { zh: '折讓已開立', en: 'Allowance issued' };
}

function Refund({ method, amount }: { method: string; amount: number }) {
  const t = useText();
  return (
    <>
      <dt>
        {amount > 0 ? t({ zh: '退還', en: 'Give back' }) : t({ zh: '收回', en: 'Take back' })} ·{' '}
        {t(paymentLabel(method))}
      </dt>
      <dd className="outcome__change" data-testid={`returns-outcome-refund-${method}`}>
        {formatNtd(Math.abs(amount))}
      </dd>
    </>
  );
}

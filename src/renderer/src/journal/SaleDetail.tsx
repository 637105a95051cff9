import { useEffect, useState } from 'react';
import { formatInvoiceNumber, formatNtd } from '../../../shared/domain';
import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { TAX_LABEL } from '../sell/tax-labels';
import { PrintJobList } from '../printing/PrintJobList';
import { usePrintJobs } from '../printing/print-jobs-store';
import { useNavigation } from '../app/navigation-store';
import { ReprintDialog } from '../returns/ReprintDialog';
import { useReturns } from '../returns/returns-store';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { useJournal } from './journal-store';
import { KIND_LABEL, paymentLabel, STATE_LABEL, taipeiTime } from './labels';

/** One sale as the journal keeps it: lines, payments, invoice choice, exchanges with the service, prints. */
export function SaleDetail({ detail }: { detail: JournalDetail }) {
  const t = useText();
  const supervisor = useSupervisorAction();
  const tx = detail.transaction;
  const canResend = tx.state === 'rejected' || tx.state === 'not-delivered' || tx.state === 'not-issued';
  const jobs = usePrintJobs((s) => (s.orderNo === tx.orderNo ? s.jobs : detail.prints));
  const [reprinting, setReprinting] = useState(false);
  const issued = tx.state === 'issued' && tx.invoiceNumber !== null;
  // Only a paper proof (/Append/Order) is ever reprinted: a carrier or donation has none.
  const canReprint = issued && tx.operation === 'order';
  const toReturns = () => {
    void useReturns.getState().openOrder(tx.orderNo);
    useNavigation.getState().go('returns');
  };
  // The detail holds the prints already: only the reasons of the pending ones are asked for.
  useEffect(() => {
    void usePrintJobs.getState().load(tx.orderNo, detail.prints);
  }, [tx.orderNo, detail]);
  return (
    <section className="panel sale-detail" data-testid="sale-detail">
      <h2 className="panel__title">
        {tx.orderNo} <span className={`state state--${tx.state}`}>{t(STATE_LABEL[tx.state])}</span>
        {tx.training && <span className="badge badge--training">{t({ zh: '練習', en: 'Training' })}</span>}
      </h2>
      <dl className="facts">
        <dt>{t({ zh: '發票號碼', en: 'Invoice' })}</dt>
        <dd data-testid="detail-invoice">{tx.invoiceNumber ? formatInvoiceNumber(tx.invoiceNumber) : '—'}</dd>
        <dt>{t({ zh: '發票方式', en: 'Invoice kind' })}</dt>
        <dd>
          {t(KIND_LABEL[tx.invoice.kind])}
          {tx.invoice.carrierId && ` · ${tx.invoice.carrierId}`}
          {tx.invoice.loveCode && ` · ${t({ zh: '愛心碼', en: 'Love code' })} ${tx.invoice.loveCode}`}
          {tx.invoice.buyerTaxId && ` · ${tx.invoice.buyerTaxId} ${tx.invoice.buyerTitle ?? ''}`}
        </dd>
        <dt>{t({ zh: '時間', en: 'Time' })}</dt>
        <dd>{taipeiTime(tx.createdAt)}</dd>
        <dt>{t({ zh: '金額', en: 'Total' })}</dt>
        <dd>{formatNtd(tx.totals.totalAmount)}</dd>
        {tx.lastMessage && (
          <>
            <dt>{t({ zh: '最後訊息', en: 'Last message' })}</dt>
            <dd>{tx.lastMessage}</dd>
          </>
        )}
        {tx.resolution && (
          <>
            <dt>{t({ zh: '確認', en: 'Resolved' })}</dt>
            <dd>
              {tx.resolution.outcome === 'issued'
                ? t({ zh: '已開立', en: 'Issued' })
                : t({ zh: '未開立', en: 'Not issued' })}{' '}
              · {tx.resolution.by}
              {tx.resolution.atTill && (
                <span data-testid="detail-resolution-at-till">
                  {' '}
                  · {t({ zh: `收銀員 ${tx.resolution.atTill}`, en: `at the till: ${tx.resolution.atTill}` })}
                </span>
              )}{' '}
              · {taipeiTime(tx.resolution.at)}
            </dd>
          </>
        )}
      </dl>
      <table className="table table--compact">
        <tbody>
          {tx.lines.map((line, i) => (
            <tr key={i}>
              <td className="detail-line__name">{line.name}</td>
              <td>{line.taxType !== 'taxable' && t(TAX_LABEL[line.taxType])}</td>
              <td className="num detail-line__price" data-testid="detail-line-price">
                {line.quantity} ×{' '}
                {line.listPrice !== undefined && line.listPrice !== line.unitPrice && (
                  <s className="detail-line__was" title={t({ zh: '原價', en: 'List price' })}>
                    {line.listPrice}
                  </s>
                )}{' '}
                {line.unitPrice}
              </td>
              <td className="num">
                {line.discount !== undefined && line.discount > 0 && (
                  <span className="detail-line__discount" data-testid="detail-line-discount">
                    {t({ zh: '折扣', en: 'Discount' })} -{formatNtd(line.discount)}{' '}
                  </span>
                )}
                {formatNtd(line.subTotal)}
              </td>
            </tr>
          ))}
          {tx.payments.map((payment, i) => (
            <tr key={`p${i}`} className="table__payment">
              <td colSpan={3}>
                {t(paymentLabel(payment.method))}
                {payment.approvalCode && (
                  <span data-testid="detail-approval-code">
                    {' '}
                    · {t({ zh: '授權碼', en: 'Approval code' })} {payment.approvalCode}
                  </span>
                )}
              </td>
              <td className="num">{formatNtd(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail.exchanges.length > 0 && (
        <details>
          <summary>
            {t({
              zh: `與服務的往來（${detail.exchanges.length}）`,
              en: `Exchanges with the service (${detail.exchanges.length})`,
            })}
          </summary>
          <ul className="exchanges">
            {detail.exchanges.map((exchange) => (
              <li key={exchange.entryId}>
                {taipeiTime(exchange.at)} · {exchange.operation} · {exchange.outcome}
                {exchange.resultMessage && ` · ${exchange.resultMessage}`}
                {exchange.error && ` · ${exchange.error}`}
              </li>
            ))}
          </ul>
        </details>
      )}
      <PrintJobList jobs={jobs} />
      {canResend && (
        <KeyButton
          tone="primary"
          onClick={() =>
            supervisor.ask({ zh: '以同一訂單編號重送', en: 'Send again (same order number)' }, (input) =>
              useJournal.getState().resubmit(tx.orderNo, input),
            )
          }
          data-testid="detail-resubmit"
        >
          {t({ zh: '以同一訂單編號重送', en: 'Send again (same order number)' })}
        </KeyButton>
      )}
      {tx.reissueOf && (
        <p className="hint" data-testid="detail-reissue-of">
          {t({ zh: `改開自 ${tx.reissueOf}`, en: `Reissue of ${tx.reissueOf}` })}
        </p>
      )}
      {issued && (
        <div className="sale-detail__actions">
          {canReprint && (
            <KeyButton onClick={() => setReprinting(true)} data-testid="detail-reprint">
              {t({ zh: '補印證明聯', en: 'Reprint proof' })}
            </KeyButton>
          )}
          <KeyButton onClick={toReturns} data-testid="detail-return">
            {t({ zh: '退貨／改開', en: 'Return / reissue' })}
          </KeyButton>
        </div>
      )}
      {supervisor.dialog}
      {reprinting && <ReprintDialog orderNo={tx.orderNo} onClose={() => setReprinting(false)} />}
    </section>
  );
}

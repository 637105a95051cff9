import { useEffect, useState } from 'react';
import {
  EXCHANGE_OUTCOME_LABEL,
  exchangeCause,
  formatInvoiceNumber,
  formatNtd,
  labelOf,
  lastMessageWords,
  OPERATION_LABEL,
} from '../../../shared/domain';
import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import { KeyButton } from '../components/KeyButton';
import { TechnicalDetail } from '../components/TechnicalDetail';
import { useText } from '../i18n/language-store';
import { TAX_LABEL } from '../sell/tax-labels';
import { PrintJobList } from '../printing/PrintJobList';
import { CloudPrintStatus } from '../result/CloudPrintStatus';
import { usePrintJobs } from '../printing/print-jobs-store';
import { ReprintDialog } from '../returns/ReprintDialog';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { useJournal } from './journal-store';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { OfflineUploadBadge } from './OfflineUploadBadge';
import { deadlineText } from '../reconciliation/report-view';
import { openReturnsOf } from './open-returns';
import { KIND_LABEL, paymentLabel, taipeiTime } from './labels';

/** The invoice no longer stands, or may not: no 補印 of its proof, no return of it. */
const GONE = ['voided', 'void-pending', 'reissued', 'reissue-pending'];

/** One sale as the journal keeps it: lines, payments, invoice choice, exchanges with the service, prints. */
export function SaleDetail({ detail }: { detail: JournalDetail }) {
  const t = useText();
  const supervisor = useSupervisorAction();
  const tx = detail.transaction;
  const canResend = tx.state === 'rejected' || tx.state === 'not-delivered' || tx.state === 'not-issued';
  const jobs = usePrintJobs((s) => (s.orderNo === tx.orderNo ? s.jobs : detail.prints));
  const [reprinting, setReprinting] = useState(false);
  const status = detail.invoiceStatus;
  const issued = tx.state === 'issued' && tx.invoiceNumber !== null;
  // A voided invoice (or one whose void may stand) has no proof to reprint and nothing to return.
  const stands = issued && !GONE.includes(status.code);
  // Only a paper proof (/Append/Order) is ever reprinted: a carrier or donation has none.
  const canReprint = stands && tx.operation === 'order';
  const toReturns = () => openReturnsOf(tx.orderNo);
  const select = (orderNo: string) => void useJournal.getState().select(orderNo);
  const lastWords = lastMessageWords(tx.state, tx.lastMessage);
  // The detail holds the prints already: only the reasons of the pending ones are asked for.
  useEffect(() => {
    void usePrintJobs.getState().load(tx.orderNo, detail.prints);
  }, [tx.orderNo, detail]);
  return (
    <section className="panel sale-detail" data-testid="sale-detail">
      <h2 className="panel__title">
        {tx.orderNo} <InvoiceStatusBadge status={status} onReturns={toReturns} onSale={select} />
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
        {detail.offline && (
          <>
            <dt>{t({ zh: '上傳', en: 'Upload' })}</dt>
            <dd data-testid="detail-offline">
              <OfflineUploadBadge offline={detail.offline} />{' '}
              {detail.offline.uploadState === 'waiting' &&
                t(deadlineText(detail.offline.deadline, new Date()))}
              {detail.offline.uploadState === 'uploaded' &&
                detail.offline.uploadedAt &&
                taipeiTime(detail.offline.uploadedAt)}
              {detail.offline.uploadState === 'rejected' && detail.offline.uploadMessage && (
                <span data-testid="detail-offline-reason"> {detail.offline.uploadMessage}</span>
              )}
            </dd>
          </>
        )}
        <dt>{t({ zh: '時間', en: 'Time' })}</dt>
        <dd>{taipeiTime(tx.createdAt)}</dd>
        <dt>{t({ zh: '金額', en: 'Total' })}</dt>
        <dd>{formatNtd(tx.totals.totalAmount)}</dd>
        {lastWords && (
          <>
            <dt>{t({ zh: '服務回覆', en: 'Service answer' })}</dt>
            <dd data-testid="detail-last-message">
              {t(lastWords)}
              <TechnicalDetail testId="detail-last-message-technical">
                <code>{tx.lastMessage}</code>
              </TechnicalDetail>
            </dd>
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
              <td className="detail-line__name">
                {line.name}
                {line.ageCheck && (
                  <span className="detail-line__age-check" data-testid="detail-age-check">
                    {' · '}
                    {t({ zh: '已確認年滿18歲', en: 'Age 18+ confirmed' })}
                    {line.ageCheck.by ? ` ${line.ageCheck.by}` : ''} {taipeiTime(line.ageCheck.at)}
                  </span>
                )}
              </td>
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
        <details data-testid="detail-exchanges-fold">
          <summary>
            {t({
              zh: `與服務的往來（${detail.exchanges.length}）`,
              en: `Exchanges with the service (${detail.exchanges.length})`,
            })}
          </summary>
          <ul className="exchanges" data-testid="detail-exchanges">
            {detail.exchanges.map((exchange) => {
              const cause = exchangeCause(exchange);
              return (
                <li key={exchange.entryId}>
                  {taipeiTime(exchange.at)} · {t(labelOf(OPERATION_LABEL, exchange.operation))} ·{' '}
                  {t(EXCHANGE_OUTCOME_LABEL[exchange.outcome])}
                  {cause && `（${t(cause)}）`}
                </li>
              );
            })}
          </ul>
          <TechnicalDetail testId="detail-exchanges-technical">
            <ul className="exchanges">
              {detail.exchanges.map((exchange) => (
                <li key={exchange.entryId}>
                  <code>
                    {exchange.operation} · {exchange.outcome}
                    {exchange.httpStatus !== null && ` · HTTP ${exchange.httpStatus}`}
                    {exchange.resultMessage && ` · ${exchange.resultMessage}`}
                    {exchange.error && ` · ${exchange.error}`}
                  </code>
                </li>
              ))}
            </ul>
          </TechnicalDetail>
        </details>
      )}
      <PrintJobList jobs={jobs} />
      {detail.cloudPrints.length > 0 && <CloudPrintStatus orderNo={tx.orderNo} />}
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
      {status.reissueOf && (
        <p className="hint" data-testid="detail-reissue-of">
          {t({ zh: '改開自', en: 'Reissue of' })}{' '}
          <button
            type="button"
            className="invoice-status__to"
            onClick={() => select(status.reissueOf!.orderNo)}
            data-testid="detail-reissue-of-link"
          >
            {status.reissueOf.invoiceNumber
              ? formatInvoiceNumber(status.reissueOf.invoiceNumber)
              : status.reissueOf.orderNo}
          </button>
          {status.reissueOf.invoiceNumber && ` · ${status.reissueOf.orderNo}`}
        </p>
      )}
      {issued && (
        <div className="sale-detail__actions">
          {canReprint && (
            <KeyButton onClick={() => setReprinting(true)} data-testid="detail-reprint">
              {t({ zh: '補印證明聯', en: 'Reprint proof' })}
            </KeyButton>
          )}
          {stands ? (
            <KeyButton onClick={toReturns} data-testid="detail-return">
              {t({ zh: '退貨／改開', en: 'Return / reissue' })}
            </KeyButton>
          ) : (
            <KeyButton onClick={toReturns} data-testid="detail-see-returns">
              {t({ zh: '查看作廢紀錄', en: 'See the void' })}
            </KeyButton>
          )}
        </div>
      )}
      {supervisor.dialog}
      {reprinting && <ReprintDialog orderNo={tx.orderNo} onClose={() => setReprinting(false)} />}
    </section>
  );
}

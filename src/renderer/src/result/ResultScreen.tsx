import { useState } from 'react';
import {
  formatInvoiceNumber,
  formatNtd,
  OPERATION_LABEL,
  TERMS,
  UPLOAD_STATE_LABEL,
  type Bilingual,
} from '../../../shared/domain';
import type { CheckoutResult } from '../../../shared/ipc/contract/checkout';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { isRecorded, useCheckout } from '../checkout/checkout-store';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useCart } from '../sell/cart-store';
import { useScanTarget } from '../scanner/scan-router';
import { useCatalog } from '../sell/catalog-store';
import { addByCode } from '../sell/sell-actions';
import { isPinError, useSupervisorAction } from '../settings/SupervisorAction';
import { ReprintDialog } from '../returns/ReprintDialog';
import { CloudPrintStatus } from './CloudPrintStatus';
import { PrintPreview, PrintStatus } from './PrintStatus';
import { isUsableQrLink, QrPanel } from './QrPanel';

// The glossary's name of the operation, and what it means at the counter.
const withNote = (label: Bilingual, note: Bilingual): Bilingual => ({
  zh: `${label.zh}（${note.zh}）`,
  en: `${label.en} (${note.en})`,
});
const KIND_TEXT = {
  order: OPERATION_LABEL.order,
  orderReturnQKey: withNote(OPERATION_LABEL.orderReturnQKey, {
    zh: '顧客在手機上決定',
    en: 'the customer decides on the phone',
  }),
  orderWithoutPrint: withNote(OPERATION_LABEL.orderWithoutPrint, {
    zh: '不印證明聯',
    en: 'no proof printed',
  }),
} as const;

/**
 * What happened to the sale, said plainly: the invoice number, the change, the print; the QR code
 * for the customer; or, when the outcome is unknown, what to do — and the next sale can go on.
 */
export function ResultScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const result = useCheckout((s) => s.result);
  const submitting = useCheckout((s) => s.submitting);
  const done = result !== null && isRecorded(result);
  const [reprinting, setReprinting] = useState(false);
  // A cloud-printed proof offers 補印 through the service, beside its job (CloudPrintStatus).
  const canReprint = result?.state === 'issued' && result.operation === 'order' && !result.printJob;

  const nextSale = () => {
    if (submitting) return;
    if (done || !result) {
      useCheckout.getState().reset();
      useCatalog.getState().setQuery('');
    }
    go(done || !result ? 'sell' : 'checkout');
  };
  const abandon = () => {
    useCart.getState().clear();
    useCheckout.getState().reset();
    go('sell');
  };
  // Sending a sale again is a supervisor's act: the PIN first (main checks it and records it).
  const supervisor = useSupervisorAction();
  const resubmit = async () => {
    if (!result) return;
    const orderNo = result.orderNo;
    supervisor.ask({ zh: '以同一訂單編號重送', en: 'Send again (same order number)' }, async (input) => {
      if (await useCheckout.getState().resubmit(orderNo, input)) return null;
      const error = useCheckout.getState().error;
      // A wrong PIN is shown in the PIN dialog, not as the sale's outcome.
      if (isPinError(error)) useCheckout.setState({ error: null });
      return error;
    });
  };

  // The next customer's first item may be scanned right away: it starts the next sale.
  useScanTarget((code) => {
    if (!done) return;
    nextSale();
    void addByCode(code);
  });

  useShortcuts({
    F10: nextSale,
    Escape: nextSale,
    F5:
      result && (result.state === 'not-delivered' || result.state === 'rejected')
        ? () => void resubmit()
        : undefined,
  });

  if (!result) return null;
  const qr =
    result.operation === 'orderReturnQKey' && result.state === 'issued' && isUsableQrLink(result.qrCodeUrl)
      ? result.qrCodeUrl
      : null;

  return (
    <div className={`result result--${result.state}`} data-testid="result-screen" data-state={result.state}>
      <div className="result__main">
        <Outcome result={result} />
        {result.state === 'issued' &&
          (result.printJob ? <CloudPrintStatus orderNo={result.orderNo} /> : <PrintStatus result={result} />)}
        {result.operation === 'orderReturnQKey' && result.state === 'issued' && !qr && (
          <p className="notice notice--warning" data-testid="qr-missing">
            {t({
              zh: '發票服務沒有回傳可用的 QR 連結，因此不顯示 QR Code。發票已開立，不要重新結帳。',
              en: 'The service returned no usable QR link, so no QR code is shown. The invoice is issued: do not check out again.',
            })}
          </p>
        )}
        {qr && (
          <p className="hint" data-testid="qr-note">
            {t({
              zh: '顧客掃描後自行在手機上完成捐贈或歸戶；顯示 QR Code 不代表顧客已完成。',
              en: 'The customer finishes on their phone; showing the code does not mean they have done it.',
            })}
          </p>
        )}
      </div>
      {qr ? <QrPanel url={qr} /> : result.state === 'issued' && <PrintPreview orderNo={result.orderNo} />}
      <footer className="action-bar">
        {canReprint && (
          <KeyButton onClick={() => setReprinting(true)} data-testid="result-reprint">
            {t({ zh: '補印證明聯', en: 'Reprint proof' })}
          </KeyButton>
        )}
        {done ? (
          <KeyButton shortcut="F10" tone="go" size="large" onClick={nextSale} data-testid="next-sale">
            {t({ zh: '下一筆', en: 'Next sale' })}
          </KeyButton>
        ) : (
          <>
            <KeyButton onClick={abandon} tone="danger" data-testid="abandon-sale">
              {t({ zh: '取消這筆交易', en: 'Cancel this sale' })}
            </KeyButton>
            <KeyButton shortcut="Escape" onClick={nextSale} data-testid="back-to-checkout">
              {t({ zh: '返回修改', en: 'Back to checkout' })}
            </KeyButton>
            <KeyButton
              shortcut="F5"
              tone="primary"
              onClick={() => void resubmit()}
              disabled={submitting}
              data-testid="resubmit"
            >
              {submitting
                ? t({ zh: '送出中…', en: 'Sending…' })
                : t({ zh: '以同一訂單編號重送', en: 'Send again (same order number)' })}
            </KeyButton>
          </>
        )}
      </footer>
      {supervisor.dialog}
      {reprinting && result && (
        <ReprintDialog orderNo={result.orderNo} onClose={() => setReprinting(false)} />
      )}
    </div>
  );
}

function Outcome({ result }: { result: CheckoutResult }) {
  const t = useText();
  switch (result.state) {
    case 'issued':
      return (
        <section className="outcome outcome--ok" aria-live="polite">
          <p className="outcome__title">{t({ zh: '發票已開立', en: 'Invoice issued' })}</p>
          <p className="outcome__number" data-testid="invoice-number">
            {formatInvoiceNumber(result.invoiceNumber ?? '')}
          </p>
          <dl className="outcome__facts">
            <dt>{t({ zh: '金額', en: 'Total' })}</dt>
            <dd data-testid="result-total">{formatNtd(result.totalAmount)}</dd>
            {result.change > 0 && (
              <>
                <dt>{t({ zh: '找零', en: 'Change' })}</dt>
                <dd className="outcome__change" data-testid="result-change">
                  {formatNtd(result.change)}
                </dd>
              </>
            )}
            <dt>{t({ zh: '方式', en: 'How' })}</dt>
            <dd data-testid="result-kind">{t(KIND_TEXT[result.operation])}</dd>
            <dt>{t({ zh: '訂單編號', en: 'Order number' })}</dt>
            <dd data-testid="result-order">{result.orderNo}</dd>
            {result.offline && (
              <>
                <dt>{t({ zh: '上傳', en: 'Upload' })}</dt>
                <dd data-testid="result-offline">
                  <span className="badge badge--caution">
                    {t({ zh: TERMS.issuedOffline.zh, en: TERMS.issuedOffline.en })} ·{' '}
                    {t(UPLOAD_STATE_LABEL.waiting)}
                  </span>
                </dd>
              </>
            )}
          </dl>
          {result.offline && <p data-testid="result-offline-message">{t(result.message)}</p>}
        </section>
      );
    case 'needs-verification':
      return (
        <section className="outcome outcome--verify" role="alert">
          <p className="outcome__title">{t({ zh: '發票結果待確認', en: 'Invoice outcome unknown' })}</p>
          <p>{t(result.message)}</p>
          {result.detail && (
            <details className="outcome__detail" data-testid="result-detail">
              <summary>{t({ zh: '技術細節（給客服）', en: 'Technical details (for support)' })}</summary>
              <code>{result.detail}</code>
            </details>
          )}
          <ol className="steps" data-testid="verify-steps">
            <li>
              {t({
                zh: '不要重新結帳，也不要再開一次發票。',
                en: 'Do not check out again or issue another invoice.',
              })}
            </li>
            <li>
              {t({
                zh: `記下訂單編號 ${result.orderNo}，請主管到「日誌 → 待確認」向發票服務查詢後處理。`,
                en: `Note order number ${result.orderNo}; a supervisor checks it with the e-invoice service under Journal → Needs verification.`,
              })}
            </li>
            <li>
              {t({
                zh: '款項已收，可以繼續下一筆交易。',
                en: 'The payment is taken; you can go on with the next sale.',
              })}
            </li>
          </ol>
          <dl className="outcome__facts">
            <dt>{t({ zh: '金額', en: 'Total' })}</dt>
            <dd>{formatNtd(result.totalAmount)}</dd>
            {result.change > 0 && (
              <>
                <dt>{t({ zh: '找零', en: 'Change' })}</dt>
                <dd className="outcome__change">{formatNtd(result.change)}</dd>
              </>
            )}
            <dt>{t({ zh: '訂單編號', en: 'Order number' })}</dt>
            <dd data-testid="result-order">{result.orderNo}</dd>
          </dl>
        </section>
      );
    case 'rejected':
    case 'not-delivered':
      return (
        <section className="outcome outcome--failed" role="alert">
          <p className="outcome__title">
            {result.state === 'rejected'
              ? t({ zh: '發票服務拒絕了這筆發票', en: 'The e-invoice service refused this invoice' })
              : t({
                  zh: '發票沒有送達發票服務（未開立）',
                  en: 'The invoice did not reach the e-invoice service (not issued)',
                })}
          </p>
          <p data-testid="result-message">{t(result.message)}</p>
          {result.detail && (
            <details className="outcome__detail" data-testid="result-detail">
              <summary>{t({ zh: '技術細節（給客服）', en: 'Technical details (for support)' })}</summary>
              <code>{result.detail}</code>
            </details>
          )}
          <p className="hint">
            {t({
              zh: '沒有開立任何發票。可修改後再結帳，或以同一訂單編號重送；若要放棄，請退還款項並取消交易。',
              en: 'No invoice exists. Change the checkout and try again, send again under the same order number, or give the money back and cancel.',
            })}
          </p>
        </section>
      );
  }
}

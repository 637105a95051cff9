import { useEffect, useRef } from 'react';
import { formatInvoiceNumber, formatNtd, PLACEHOLDERS } from '../../../shared/domain';
import type { ReturnSale } from '../../../shared/ipc/contract/returns';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { KeyButton } from '../components/KeyButton';
import { Field, TextField } from '../components/Field';
import { useText } from '../i18n/language-store';
import { KIND_LABEL, paymentLabel } from '../journal/labels';
import { useScanTarget } from '../scanner/scan-router';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { OwedReissues } from './OwedReissues';
import { ReissuePanel } from './ReissuePanel';
import { ReturnOutcome } from './ReturnOutcome';
import { canReissue, ReturnChoice } from './ReturnChoice';
import { labelFor, RETURN_KIND_LABEL, RETURN_STATE_LABEL } from './labels';
import { useReturns } from './returns-store';

/**
 * 退貨: find the sale (a scan of the proof lands here wherever the focus is), choose what comes
 * back and why, see what the till will do, confirm with the supervisor PIN, see the outcome and
 * the slip. Esc steps back; from the first step it leads home.
 */
export function ReturnsScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const step = useReturns((s) => s.step);
  const sale = useReturns((s) => s.sale);
  const error = useReturns((s) => s.error);
  const submitting = useReturns((s) => s.submitting);

  // A scan of the proof (its Code 39 barcode or its left QR code) finds the sale from any step
  // but the one being confirmed: the customer in front of the till is the one being served.
  useScanTarget((code) => {
    if (submitting || useReturns.getState().step === 'reissue') return;
    void useReturns.getState().find({ by: 'scan', text: code });
  });

  useShortcuts({
    Escape: () => {
      if (submitting) return;
      if (step === 'find') go('sell');
      else if (step === 'outcome') {
        useReturns.getState().reset();
        go('sell');
      } else useReturns.getState().back();
    },
  });

  return (
    <div className="returns" data-testid="returns-screen" data-step={step}>
      <header className="returns__head">
        <h2 className="returns__title">{t({ zh: '退貨', en: 'Returns' })}</h2>
        {sale && step !== 'find' && (
          <span className="returns__sale" data-testid="returns-sale-head">
            {formatInvoiceNumber(sale.invoiceNumber)} · {sale.orderNo} · {formatNtd(sale.totalAmount)}
          </span>
        )}
      </header>
      {error && (
        <p className="notice notice--error returns__notice" role="alert" data-testid="returns-error">
          {t(error.message)}
        </p>
      )}
      {step === 'find' && <OwedReissues />}
      {step === 'find' && <FindStep />}
      {step === 'sale' && sale && <SaleStep sale={sale} />}
      {step === 'reissue' && sale && <ReissuePanel sale={sale} />}
      {step === 'outcome' && <ReturnOutcome />}
    </div>
  );
}

function FindStep() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const returns = useReturns();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  useShortcuts({
    F2: () => {
      field.current?.focus();
      field.current?.select();
    },
  });
  const submit = () => void returns.findTyped();
  return (
    <>
      <div className="returns__body returns__body--find">
        <section className="panel returns__find">
          <p className="returns__scan-hint" data-testid="returns-scan-hint">
            {t({
              zh: '請掃描顧客證明聯上的一維條碼或左邊的 QR Code',
              en: "Scan the barcode or the left QR code on the customer's proof",
            })}
          </p>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Field label={t({ zh: '發票號碼或訂單編號', en: 'Invoice or order number' })} variant="grow">
              <input
                ref={field}
                className="field__input"
                value={returns.number}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                placeholder={PLACEHOLDERS.invoiceNumber}
                onChange={(e) => returns.setNumber(e.target.value)}
                data-testid="returns-number"
              />
            </Field>
            <TextField
              label={t({ zh: '日期', en: 'Day' })}
              type="date"
              value={returns.day}
              onChange={(e) => returns.setDay(e.target.value)}
              data-testid="returns-day"
            />
            <TextField
              label={t({ zh: '金額', en: 'Amount' })}
              inputMode="numeric"
              className="field__input returns__amount"
              value={returns.amount}
              onChange={(e) => returns.setAmount(e.target.value)}
              data-testid="returns-amount"
            />
            <KeyButton tone="primary" type="submit" disabled={returns.searching} data-testid="returns-search">
              {returns.searching ? t({ zh: '查詢中…', en: 'Searching…' }) : t({ zh: '查詢', en: 'Find' })}
            </KeyButton>
          </form>
          <p className="hint">
            {t({
              zh: '輸入發票號碼或訂單編號後按 Enter；或不填號碼，以日期與金額查詢。',
              en: 'Type an invoice or order number and press Enter, or leave it empty and use a day and an amount.',
            })}
          </p>
          {returns.findMessage && (
            <p
              className={returns.matches.length > 0 ? 'notice notice--ok' : 'notice notice--warning'}
              data-testid="returns-find-message"
            >
              {t(returns.findMessage)}
            </p>
          )}
          {returns.matches.length > 1 && <Matches matches={returns.matches} />}
        </section>
      </div>
      <footer className="action-bar">
        <KeyButton shortcut="Escape" onClick={() => go('sell')}>
          {t({ zh: '返回', en: 'Back' })}
        </KeyButton>
      </footer>
    </>
  );
}

function Matches({ matches }: { matches: ReturnSale[] }) {
  const t = useText();
  const choose = useReturns((s) => s.choose);
  return (
    <ul className="returns__matches" data-testid="returns-matches">
      {matches.map((sale) => (
        <li key={sale.orderNo}>
          <KeyButton className="returns__match" onClick={() => choose(sale)} data-testid="returns-match">
            <b>{formatInvoiceNumber(sale.invoiceNumber)}</b> ·{' '}
            {sale.invoiceDateTime.replace('T', ' ').slice(0, 16)} · {formatNtd(sale.totalAmount)} ·{' '}
            {t(KIND_LABEL[sale.invoiceKind])} · {sale.orderNo}
          </KeyButton>
        </li>
      ))}
    </ul>
  );
}

function SaleStep({ sale }: { sale: ReturnSale }) {
  const t = useText();
  const returns = useReturns();
  const supervisor = useSupervisorAction();
  const reason = returns.reasonValue();
  const ready = returns.plan !== null && reason !== null && !returns.planning && !returns.submitting;
  const reissuable = canReissue(sale);

  const confirm = () => {
    if (!ready) return;
    const title =
      returns.plan?.kind === 'void'
        ? { zh: '作廢發票並退款', en: 'Void the invoice and refund' }
        : { zh: '開立折讓並退款', en: 'Issue the allowance and refund' };
    supervisor.ask(title, (input) => useReturns.getState().submit(input.pin));
  };
  const reissue = () => {
    if (!reissuable) return;
    if (!returns.reason) returns.setReason('wrong-invoice');
    returns.startReissue();
  };
  useShortcuts({
    F3: () => returns.setWhole(true),
    F6: reissuable ? reissue : undefined,
    F12: confirm,
  });

  return (
    <>
      <div className="returns__body">
        <SaleFacts sale={sale} />
        <ReturnChoice sale={sale} />
      </div>
      <footer className="action-bar">
        <KeyButton shortcut="Escape" onClick={() => returns.back()} disabled={returns.submitting}>
          {t({ zh: '重新查詢', en: 'Find another' })}
        </KeyButton>
        <KeyButton shortcut="F6" onClick={reissue} disabled={!reissuable} data-testid="returns-reissue">
          {t({ zh: '改開發票', en: 'Void & reissue' })}
        </KeyButton>
        <KeyButton
          shortcut="F12"
          tone="go"
          size="large"
          onClick={confirm}
          disabled={!ready}
          data-testid="returns-confirm"
        >
          {returns.submitting
            ? t({ zh: '送出中…', en: 'Sending…' })
            : returns.plan?.kind === 'void'
              ? t({ zh: '確認作廢', en: 'Confirm void' })
              : t({ zh: '確認折讓', en: 'Confirm allowance' })}
        </KeyButton>
      </footer>
      {supervisor.dialog}
    </>
  );
}

/** The sale as found: invoice, how it was paid, and what was already returned. */
function SaleFacts({ sale }: { sale: ReturnSale }) {
  const t = useText();
  return (
    <section className="panel returns__facts" data-testid="returns-sale">
      <h3 className="panel__title">
        <span data-testid="returns-invoice">{formatInvoiceNumber(sale.invoiceNumber)}</span>
        {sale.voidState !== 'none' && (
          <span className="state state--rejected" data-testid="returns-void-state">
            {sale.voidState === 'voided'
              ? t({ zh: '已作廢', en: 'Voided' })
              : t({ zh: '作廢待確認', en: 'Void pending' })}
          </span>
        )}
        {sale.training && <span className="badge badge--training">{t({ zh: '練習', en: 'Training' })}</span>}
      </h3>
      <dl className="facts">
        <dt>{t({ zh: '日期', en: 'Date' })}</dt>
        <dd>{sale.invoiceDateTime.replace('T', ' ').slice(0, 16)}</dd>
        <dt>{t({ zh: '訂單編號', en: 'Order number' })}</dt>
        <dd data-testid="returns-order">{sale.orderNo}</dd>
        <dt>{t({ zh: '方式', en: 'Kind' })}</dt>
        <dd>
          {t(KIND_LABEL[sale.invoiceKind])}
          {sale.buyerTaxId && ` · ${sale.buyerTaxId}`}
        </dd>
        <dt>{t({ zh: '付款', en: 'Paid by' })}</dt>
        <dd>{sale.payments.map((p) => `${t(paymentLabel(p.method))} ${formatNtd(p.amount)}`).join(' + ')}</dd>
        <dt>{t({ zh: '作廢期限', en: 'Void until' })}</dt>
        <dd>
          {sale.withinVoidWindow
            ? t({ zh: '本期內，可作廢', en: 'In its period: can be voided' })
            : t({ zh: '已過期別，只能折讓', en: 'Period over: allowance only' })}
        </dd>
      </dl>
      {sale.returns.length > 0 && (
        <table className="table table--compact" data-testid="returns-history">
          <caption>{t({ zh: '已辦理的退貨', en: 'Returns so far' })}</caption>
          <tbody>
            {sale.returns.map((r) => (
              <tr key={r.returnId} className={r.voided ? 'returns__voided' : undefined}>
                <td>{t(labelFor(RETURN_KIND_LABEL, r.kind))}</td>
                <td>{r.allowanceNumber ?? ''}</td>
                <td>{t(labelFor(RETURN_STATE_LABEL, r.state))}</td>
                <td className="num">{formatNtd(r.totalAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

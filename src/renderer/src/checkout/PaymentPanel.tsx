import { APPROVAL_CODE_MAX, formatNtd, type Ntd } from '../../../shared/domain';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { PAYMENT_LABEL } from '../journal/labels';
import { useCheckout } from './checkout-store';
import { quickTenders, type PaymentCheck, type PaymentMethod } from './payment-form';

const METHOD_KEY: Record<PaymentMethod, string> = { cash: 'F7', card: 'F8', other: 'F9' };

/** What an amount field takes while it is typed: whole NT$, up to 8 digits. */
const AMOUNT_TYPING = /^\d{0,8}$/;

/** Cash with change, card, other, or a split over several; the amount still due is always shown. */
export function PaymentPanel({
  total,
  check,
  onPay,
}: {
  total: Ntd;
  check: PaymentCheck;
  /** Enter in the cash field when the amount covers the total: the same as F12 (issue 24, item 7). */
  onPay(): void;
}) {
  const t = useText();
  const payment = useCheckout((s) => s.payment);
  const { chooseMethod, setPayment, addSplit, updateSplit, removeSplit } = useCheckout.getState();
  const split = payment.mode === 'split';
  const remaining = check.ok ? 0 : check.remaining;

  return (
    <section className="panel payment" aria-label={t({ zh: '付款', en: 'Payment' })}>
      <h2 className="panel__title">{t({ zh: '付款', en: 'Payment' })}</h2>
      <div className="method-row">
        {(['cash', 'card', 'other'] as const).map((method) => (
          <KeyButton
            key={method}
            shortcut={METHOD_KEY[method]}
            className="method"
            aria-pressed={!split && payment.method === method}
            data-testid={`pay-${method}`}
            onClick={() => chooseMethod(method)}
          >
            {t(PAYMENT_LABEL[method])}
          </KeyButton>
        ))}
        <KeyButton
          className="method"
          aria-pressed={split}
          data-testid="pay-split"
          onClick={() => {
            // The first part starts as the whole amount: the cashier types what this method takes.
            if (!split) addSplit('cash', String(total));
          }}
        >
          {t({ zh: '分開付款', en: 'Split' })}
        </KeyButton>
      </div>

      {!split && payment.method === 'cash' && (
        <>
          <TextField
            label={t({ zh: '收現金（空白 = 剛好）', en: 'Cash tendered (empty = exact)' })}
            variant="big"
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(total)}
            value={payment.tendered}
            data-testid="cash-tendered"
            onChange={(e) => AMOUNT_TYPING.test(e.target.value) && setPayment({ tendered: e.target.value })}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !check.ok) return;
              e.preventDefault();
              onPay();
            }}
          />
          <div className="quick-row">
            {quickTenders(total).map((amount) => (
              <button
                key={amount}
                type="button"
                className="quick"
                data-testid={`quick-${amount}`}
                onClick={() => setPayment({ tendered: String(amount) })}
              >
                {formatNtd(amount)}
              </button>
            ))}
          </div>
        </>
      )}
      {!split && payment.method === 'card' && (
        <TextField
          label={t({ zh: '授權碼（選填，刷卡單上）', en: 'Approval code (optional, on the card slip)' })}
          autoComplete="off"
          spellCheck={false}
          maxLength={APPROVAL_CODE_MAX}
          value={payment.approvalCode}
          data-testid="card-approval"
          onChange={(e) => setPayment({ approvalCode: e.target.value })}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !check.ok) return;
            e.preventDefault();
            onPay();
          }}
        />
      )}
      {!split && payment.method !== 'cash' && (
        <p className="hint">
          {t({
            zh: `以${PAYMENT_LABEL[payment.method].zh}收 ${formatNtd(total)}，完成後按 F12。`,
            en: `Take ${formatNtd(total)} by ${PAYMENT_LABEL[payment.method].en.toLowerCase()}, then press F12.`,
          })}
        </p>
      )}
      {split && (
        <div className="split" data-testid="split-payments">
          {payment.split.map((entry, index) => (
            <div className="split__row" key={entry.id}>
              <span className="split__method">
                {index + 1}. {t(PAYMENT_LABEL[entry.method])}
              </span>
              <input
                className="field__input field__input--number"
                inputMode="numeric"
                autoComplete="off"
                value={entry.amount}
                placeholder={String(remaining)}
                aria-label={t(PAYMENT_LABEL[entry.method])}
                data-testid={`split-amount-${index}`}
                onFocus={(e) => {
                  // An empty amount takes what is still due; either way the whole amount is selected,
                  // so typing replaces it.
                  const field = e.currentTarget;
                  if (entry.amount === '' && remaining > 0) updateSplit(entry.id, String(remaining));
                  requestAnimationFrame(() => field.select());
                }}
                onMouseUp={(e) => e.preventDefault()}
                onChange={(e) => AMOUNT_TYPING.test(e.target.value) && updateSplit(entry.id, e.target.value)}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={t({ zh: '移除', en: 'Remove' })}
                onClick={() => removeSplit(entry.id)}
              >
                ✕
              </button>
            </div>
          ))}
          <div className="quick-row">
            {(['cash', 'card', 'other'] as const).map((method) => (
              <button
                key={method}
                type="button"
                className="quick"
                data-testid={`split-add-${method}`}
                onClick={() => addSplit(method, remaining > 0 ? String(remaining) : '')}
              >
                + {t(PAYMENT_LABEL[method])}
              </button>
            ))}
          </div>
        </div>
      )}

      <dl className="pay-summary">
        <dt>{t({ zh: '已收', en: 'Paid' })}</dt>
        <dd data-testid="paid">{formatNtd(check.paid)}</dd>
        {check.ok ? (
          <>
            <dt>{t({ zh: '找零', en: 'Change' })}</dt>
            <dd className="pay-summary__change" data-testid="change">
              {formatNtd(check.change)}
            </dd>
          </>
        ) : (
          <>
            <dt>{t({ zh: '尚差', en: 'Due' })}</dt>
            <dd className="pay-summary__due" data-testid="due">
              {formatNtd(check.remaining)}
            </dd>
          </>
        )}
      </dl>
      {!check.ok && (check.paid > 0 || payment.tendered !== '') && (
        <p className="field__error" role="alert" data-testid="payment-error">
          {t(check.reason)}
        </p>
      )}
    </section>
  );
}

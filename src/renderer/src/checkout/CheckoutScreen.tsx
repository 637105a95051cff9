import { useEffect, useMemo, useState } from 'react';
import { formatNtd, plural } from '../../../shared/domain';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { BackButton } from '../components/BackButton';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useScanTarget } from '../scanner/scan-router';
import { toCheckoutLines } from '../sell/cart-math';
import { useCart, useCartTotals } from '../sell/cart-store';
import { taxAmounts } from '../sell/tax-labels';
import { useCheckout } from './checkout-store';
import { InvoiceChoicePanel } from './InvoiceChoicePanel';
import { useStatus } from '../status/status-store';
import { IssuingProgress } from './IssuingProgress';
import { byTestId, INVOICE_FIELD } from './invoice-focus';
import { carrierOf, checkInvoiceForm, type InvoiceKind } from './invoice-form';
import { checkPayment, type PaymentMethod } from './payment-form';
import { PaymentPanel } from './PaymentPanel';

/**
 * Where the cashier types next: the field of the invoice kind just picked when it is still empty,
 * else the cash amount, else the pay button. Never the page body.
 */
function focusNext(invoiceKind: string, preferInvoice: boolean): void {
  const invoiceField = INVOICE_FIELD[invoiceKind];
  const invoiceInput = invoiceField ? byTestId(invoiceField) : null;
  const target =
    (preferInvoice && invoiceInput) ||
    (invoiceInput instanceof HTMLInputElement && invoiceInput.value.trim() === '' ? invoiceInput : null) ||
    byTestId('cash-tendered') ||
    byTestId('split-amount-0') ||
    byTestId('pay');
  if (!target) return;
  target.focus();
  if (target instanceof HTMLInputElement) target.select();
}

/** Invoice choice on the left, payment on the right, the amount due on top; F12 takes the money. */
export function CheckoutScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const lines = useCart((s) => s.lines);
  const orderDiscount = useCart((s) => s.orderDiscount);
  const checkout = useCheckout();
  const totals = useCartTotals();
  const orderLines = useMemo(() => toCheckoutLines(lines, orderDiscount), [lines, orderDiscount]);
  const invoiceCheck = checkInvoiceForm(checkout.invoice, orderLines);
  const paymentCheck = checkPayment(checkout.payment, totals.total);
  const ready = invoiceCheck.ok && paymentCheck.ok && !checkout.submitting;
  // A focus request after the screen has rendered what it asks for: [which, sequence].
  const [focusRequest, setFocusRequest] = useState<{ invoice: boolean; seq: number }>({
    invoice: false,
    seq: 0,
  });
  const requestFocus = (invoice: boolean) => setFocusRequest((r) => ({ invoice, seq: r.seq + 1 }));
  const invoiceKind = checkout.invoice.kind;
  useEffect(() => {
    focusNext(invoiceKind, focusRequest.invoice);
    // Only on a request (and on opening): a re-render must not take the focus from where the cashier put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  // A key typed while nothing has the focus goes to the field that needs it, not to the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.length !== 1 || event.ctrlKey || event.altKey || event.metaKey) return;
      const active = document.activeElement;
      if (active && active !== document.body && active !== document.documentElement) return;
      focusNext(useCheckout.getState().invoice.kind, false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const pickInvoice = (kind: InvoiceKind) => {
    checkout.setInvoice({ kind });
    requestFocus(kind in INVOICE_FIELD);
  };
  const pickMethod = (method: PaymentMethod) => {
    checkout.chooseMethod(method);
    requestFocus(false);
  };

  const pay = async () => {
    // The store empties the cart once the engine has recorded the sale (see checkout-store).
    if (await checkout.submit(orderLines, totals.total)) go('result');
  };

  // A carrier scanned while the focus is elsewhere on this screen still lands in the carrier field.
  useScanTarget((code) => {
    const carrier = carrierOf(code);
    if (carrier) checkout.setInvoice({ kind: 'carrier', carrierKind: carrier.kind, carrierId: carrier.id });
  });

  useShortcuts({
    F2: () => pickInvoice('paper'),
    F3: () => pickInvoice('carrier'),
    F4: () => pickInvoice('donate'),
    // Not with SystemLead: it has no phone choice (the panel says why).
    F5: () => useStatus.getState().status?.providerVariant !== 'systemlead' && pickInvoice('phone'),
    F6: () => pickInvoice('business'),
    F7: () => pickMethod('cash'),
    F8: () => pickMethod('card'),
    F9: () => pickMethod('other'),
    F12: () => void pay(),
    Escape: () => !checkout.submitting && go('sell'),
  });

  return (
    <div className="checkout" data-testid="checkout-screen">
      <header className="due-strip">
        <span className="due-strip__label">{t({ zh: '應收', en: 'Amount due' })}</span>
        <output className="due-strip__amount" data-testid="checkout-total">
          {formatNtd(totals.total)}
        </output>
        <span className="due-strip__meta">
          {t({ zh: `${totals.itemCount} 件`, en: plural(totals.itemCount, 'item') })}
          {taxAmounts(totals.byTaxType, t)
            .map((amount) => ` · ${amount}`)
            .join('')}
        </span>
      </header>
      <div className="checkout__body">
        <InvoiceChoicePanel errors={invoiceCheck.ok ? {} : invoiceCheck.errors} />
        <PaymentPanel total={totals.total} check={paymentCheck} onPay={() => void pay()} />
      </div>
      {checkout.submitting && <IssuingProgress />}
      {checkout.error && (
        <p className="notice notice--error" role="alert" data-testid="checkout-error">
          {t(checkout.error.message)}
        </p>
      )}
      <footer className="action-bar">
        <BackButton disabled={checkout.submitting} />
        <KeyButton
          shortcut="F12"
          tone="go"
          size="large"
          onClick={() => void pay()}
          disabled={!ready}
          data-testid="pay"
        >
          {checkout.submitting
            ? t({ zh: '開立中…', en: 'Issuing…' })
            : t({ zh: '收款並開立發票', en: 'Take payment & issue' })}
        </KeyButton>
      </footer>
    </div>
  );
}

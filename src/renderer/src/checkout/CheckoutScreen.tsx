import { useMemo } from 'react';
import { formatNtd } from '../../../shared/domain';
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
import { carrierOf, checkInvoiceForm } from './invoice-form';
import { checkPayment } from './payment-form';
import { PaymentPanel } from './PaymentPanel';

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
    F2: () => checkout.setInvoice({ kind: 'paper' }),
    F3: () => checkout.setInvoice({ kind: 'carrier' }),
    F4: () => checkout.setInvoice({ kind: 'donate' }),
    F5: () => checkout.setInvoice({ kind: 'phone' }),
    F6: () => checkout.setInvoice({ kind: 'business' }),
    F7: () => checkout.chooseMethod('cash'),
    F8: () => checkout.chooseMethod('card'),
    F9: () => checkout.chooseMethod('other'),
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
          {t({ zh: `${totals.itemCount} 件`, en: `${totals.itemCount} items` })}
          {taxAmounts(totals.byTaxType, t)
            .map((amount) => ` · ${amount}`)
            .join('')}
        </span>
      </header>
      <div className="checkout__body">
        <InvoiceChoicePanel errors={invoiceCheck.ok ? {} : invoiceCheck.errors} />
        <PaymentPanel total={totals.total} check={paymentCheck} />
      </div>
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

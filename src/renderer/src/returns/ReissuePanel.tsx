import { useEffect, useMemo, useState } from 'react';
import { formatInvoiceNumber, formatNtd } from '../../../shared/domain';
import type { ReturnSale } from '../../../shared/ipc/contract/returns';
import { useShortcuts } from '../app/shortcuts';
import { useCheckout } from '../checkout/checkout-store';
import { InvoiceChoicePanel } from '../checkout/InvoiceChoicePanel';
import { carrierOf, checkInvoiceForm, emptyInvoiceForm, type InvoiceKind } from '../checkout/invoice-form';
import { IssuingProgress } from '../checkout/IssuingProgress';
import { focusFirstProblem, focusInvoiceField } from '../checkout/invoice-focus';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useScanTarget } from '../scanner/scan-router';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { ReasonPicker } from './ReturnChoice';
import { useReturns } from './returns-store';

/**
 * 改開: the sale is voided and the same lines are issued again as a new sale (new order number,
 * linked to the voided one) with the invoice choice the customer wants now (a tax ID, a carrier,
 * a love code). The choice is the checkout's own panel; the cart's checkout choice is kept aside
 * while this screen borrows it and put back afterwards.
 */
export function ReissuePanel({ sale }: { sale: ReturnSale }) {
  const t = useText();
  const returns = useReturns();
  const invoice = useCheckout((s) => s.invoice);
  const setInvoice = useCheckout((s) => s.setInvoice);
  const supervisor = useSupervisorAction();

  useEffect(() => {
    const kept = useCheckout.getState().invoice;
    useCheckout.setState({ invoice: emptyInvoiceForm() });
    return () => useCheckout.setState({ invoice: kept, error: null });
  }, []);

  // The business choice refuses mixed tax types, as it would at the checkout.
  const lines = useMemo(
    () =>
      sale.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxType: line.taxType,
      })),
    [sale.lines],
  );
  const check = checkInvoiceForm(invoice, lines);
  const reason = returns.reasonValue();
  const ready = check.ok && reason !== null && !returns.submitting;

  // F3, F4, F6 pick a kind and put the cursor in its field once it is on screen (issue 24, item 7:
  // F6 left the cursor where it was, so the tax ID, and then the PIN, went into 經手人).
  const [picked, setPicked] = useState<{ kind: InvoiceKind; seq: number } | null>(null);
  const pick = (kind: InvoiceKind) => {
    setInvoice({ kind });
    setPicked((p) => ({ kind, seq: (p?.seq ?? 0) + 1 }));
  };
  useEffect(() => {
    if (picked) focusInvoiceField(picked.kind);
  }, [picked]);

  const confirm = () => {
    if (!check.ok) {
      // Not ready: the cursor goes to what is missing, never left in 經手人 for the PIN to follow.
      focusFirstProblem(Object.keys(check.errors));
      return;
    }
    if (!ready) return;
    const choice = check.choice;
    supervisor.ask({ zh: '作廢並改開發票', en: 'Void and reissue' }, (input) =>
      useReturns.getState().reissue(choice, input.pin),
    );
  };

  useScanTarget((code) => {
    const carrier = carrierOf(code);
    if (carrier) setInvoice({ kind: 'carrier', carrierKind: carrier.kind, carrierId: carrier.id });
  });
  useShortcuts({
    F2: () => pick('paper'),
    F3: () => pick('carrier'),
    F4: () => pick('donate'),
    F5: () => pick('phone'),
    F6: () => pick('business'),
    F12: confirm,
  });

  return (
    <>
      <div className="returns__body">
        <InvoiceChoicePanel errors={check.ok ? {} : check.errors} />
        <section className="panel returns__side" data-testid="reissue-panel">
          <h3 className="panel__title">{t({ zh: '改開發票', en: 'Void and reissue' })}</h3>
          <ol className="steps">
            <li>
              {t({
                zh: `作廢原發票 ${formatInvoiceNumber(sale.invoiceNumber)}（${formatNtd(sale.totalAmount)}）`,
                en: `Void invoice ${formatInvoiceNumber(sale.invoiceNumber)} (${formatNtd(sale.totalAmount)})`,
              })}
            </li>
            <li>
              {t({
                zh: '以相同品項與金額開立新發票（新訂單編號），不另收款也不退款。',
                en: 'Issue the same lines and amount as a new invoice (new order number); no money changes hands.',
              })}
            </li>
          </ol>
          <ReasonPicker />
          <TextField
            label={t({ zh: '經手人', en: 'Handled by' })}
            value={returns.by}
            maxLength={40}
            onChange={(e) => returns.setBy(e.target.value)}
            data-testid="returns-by"
          />
          {/* Void, then the new invoice: as long as a sale's, so the same progress and slow note. */}
          {returns.submitting && <IssuingProgress />}
        </section>
      </div>
      <footer className="action-bar">
        <KeyButton shortcut="Escape" onClick={() => returns.back()} disabled={returns.submitting}>
          {t({ zh: '返回', en: 'Back' })}
        </KeyButton>
        <KeyButton
          shortcut="F12"
          tone="go"
          size="large"
          onClick={confirm}
          disabled={!ready}
          data-testid="reissue-confirm"
        >
          {returns.submitting
            ? t({ zh: '送出中…', en: 'Sending…' })
            : t({ zh: '作廢並改開', en: 'Void & reissue' })}
        </KeyButton>
      </footer>
      {supervisor.dialog}
    </>
  );
}

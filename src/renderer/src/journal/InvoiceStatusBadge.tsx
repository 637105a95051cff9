import { formatInvoiceNumber, formatNtd, INVOICE_STATUS_LABEL } from '../../../shared/domain';
import type { SyntheticEvent } from 'react';
import type { InvoiceStatusValue } from '../../../shared/ipc/contract/journal';
import { useText } from '../i18n/language-store';
import './journal.css';

/**
 * What an invoice is now (issue 24, item 1), as a row of the journal and the sale's detail show
 * it: 已作廢, 已折讓 NT$60, 已改開 → TR00000009, or the sale's own state. Where a return made it
 * so, the words are a button to that return (the returns screen on this sale); a 改開's new
 * number is a button to the new sale. Each piece keeps to one line (never 已開|立).
 */
export function InvoiceStatusBadge({
  status,
  onReturns,
  onSale,
}: {
  status: InvoiceStatusValue;
  /** Opens the sale's returns (shown only where a return made the state). */
  onReturns?: () => void;
  /** Opens another sale of the journal (a 改開's new or replaced invoice). */
  onSale?: (orderNo: string) => void;
}) {
  const t = useText();
  const amount =
    status.code === 'allowed'
      ? status.allowed
      : status.code === 'allowance-pending'
        ? status.allowancePending
        : null;
  const words = (
    <>
      {t(INVOICE_STATUS_LABEL[status.code])}
      {amount !== null && ` ${formatNtd(amount)}`}
    </>
  );
  const className = `state state--${status.code} invoice-status__state`;
  const stop = (act: () => void) => (event: SyntheticEvent) => {
    event.stopPropagation(); // the row's own click selects the sale
    act();
  };
  const to = status.reissuedAs;
  return (
    <span className="invoice-status" data-testid="invoice-status" data-code={status.code}>
      {status.hasReturns && onReturns ? (
        <button
          type="button"
          className={`${className} invoice-status__link`}
          onClick={stop(onReturns)}
          onKeyDown={(event) => event.stopPropagation()}
          title={t({ zh: '查看這張發票的作廢／折讓', en: 'See the void or allowance of this invoice' })}
          data-testid="invoice-status-returns"
        >
          {words}
        </button>
      ) : (
        <span className={className}>{words}</span>
      )}
      {to && (
        <button
          type="button"
          className="invoice-status__to"
          disabled={!onSale}
          onClick={stop(() => onSale?.(to.orderNo))}
          onKeyDown={(event) => event.stopPropagation()}
          title={t({ zh: '改開的新發票', en: 'The reissued invoice' })}
          data-testid="invoice-status-reissued-as"
        >
          → {to.invoiceNumber ? formatInvoiceNumber(to.invoiceNumber) : to.orderNo}
        </button>
      )}
    </span>
  );
}

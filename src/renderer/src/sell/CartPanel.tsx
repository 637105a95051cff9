import { memo, useEffect, useRef } from 'react';
import { formatNtd } from '../../../shared/domain';
import { useText } from '../i18n/language-store';
import { grossOf, netOf, unitPriceOf, type CartLine } from './cart-math';
import { useCart, useCartTotals } from './cart-store';
import { TAX_LABEL, taxAmounts } from './tax-labels';

const CartRow = memo(function CartRow({
  line,
  index,
  selected,
  onSelect,
}: {
  line: CartLine;
  index: number;
  selected: boolean;
  onSelect(id: number): void;
}) {
  const t = useText();
  const price = unitPriceOf(line);
  return (
    <li
      className={`cart-row${selected ? ' cart-row--selected' : ''}${line.voided ? ' cart-row--voided' : ''}`}
      data-testid="cart-line"
      data-line-id={line.id}
      aria-selected={selected}
      onClick={() => onSelect(line.id)}
    >
      <span className="cart-row__index">{index + 1}</span>
      <span className="cart-row__name">
        {line.name}
        {line.taxType !== 'taxable' && (
          <span className={`tax-tag tax-tag--${line.taxType}`}>{t(TAX_LABEL[line.taxType])}</span>
        )}
        {line.voided && <span className="tag tag--void">{t({ zh: '已刪除', en: 'Void' })}</span>}
      </span>
      <span className="cart-row__qty" data-testid="line-qty">
        {line.quantity} × {formatNtd(price)}
        {line.priceOverride !== null && <span className="tag">{t({ zh: '改價', en: 'Price' })}</span>}
      </span>
      <span className="cart-row__amount" data-testid="line-amount">
        {line.discount > 0 && !line.voided && <s className="cart-row__was">{formatNtd(grossOf(line))}</s>}
        {formatNtd(line.voided ? 0 : netOf(line))}
      </span>
    </li>
  );
});

export function CartPanel() {
  const t = useText();
  const lines = useCart((s) => s.lines);
  const selectedId = useCart((s) => s.selectedId);
  const lastAddedId = useCart((s) => s.lastAddedId);
  const select = useCart((s) => s.select);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (lastAddedId === null) return;
    list.current?.querySelector(`[data-line-id="${lastAddedId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [lastAddedId, lines]);

  return (
    <section className="cart" aria-label={t({ zh: '購物清單', en: 'Cart' })}>
      {lines.length === 0 ? (
        <p className="empty cart__empty">
          {t({ zh: '請掃描條碼或點選商品', en: 'Scan a barcode or tap a product' })}
        </p>
      ) : (
        <ol className="cart__list" ref={list} data-testid="cart-list">
          {lines.map((line, index) => (
            <CartRow
              key={line.id}
              line={line}
              index={index}
              selected={line.id === selectedId}
              onSelect={select}
            />
          ))}
        </ol>
      )}
      <CartTotals />
    </section>
  );
}

/** The running total, always in view, with the discounts and the split by tax type. */
export function CartTotals() {
  const t = useText();
  const totals = useCartTotals();
  const mixed = [totals.byTaxType.zero, totals.byTaxType.exempt].some((amount) => amount > 0);
  return (
    <div className="totals" data-testid="cart-totals">
      <div className="totals__rows">
        <span>
          {t({ zh: '件數', en: 'Items' })} <b data-testid="item-count">{totals.itemCount}</b>
        </span>
        <span>
          {t({ zh: '小計', en: 'Subtotal' })} <b>{formatNtd(totals.gross)}</b>
        </span>
        {totals.lineDiscounts > 0 && (
          <span>
            {t({ zh: '單品折扣', en: 'Line discounts' })}{' '}
            <b data-testid="line-discounts">-{formatNtd(totals.lineDiscounts)}</b>
          </span>
        )}
        {totals.orderDiscount > 0 && (
          <span>
            {t({ zh: '整筆折扣', en: 'Order discount' })}{' '}
            <b data-testid="order-discount">-{formatNtd(totals.orderDiscount)}</b>
          </span>
        )}
        {mixed && (
          <span className="totals__tax" data-testid="tax-breakdown">
            {taxAmounts(totals.byTaxType, t).join(' · ')}
          </span>
        )}
      </div>
      <div className="totals__total">
        <span>{t({ zh: '應收', en: 'Total' })}</span>
        <output data-testid="cart-total">{formatNtd(totals.total)}</output>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../shared/ipc/contract/catalog';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { useCheckout } from '../checkout/checkout-store';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { onTillEvent } from '../ipc/till-client';
import { useReturns } from '../returns/returns-store';
import { useScanTarget } from '../scanner/scan-router';
import { currentCartTotals, useCart, useCartTotals } from './cart-store';
import { CartPanel } from './CartPanel';
import { useCatalog } from './catalog-store';
import { CategoryTabs } from './CategoryTabs';
import { LineDialogs, type LineDialog } from './LineDialogs';
import { ProductGrid } from './ProductGrid';
import { SearchBox } from './SearchBox';
import { addByCode, scansSettled } from './sell-actions';

/** Scan, search, tap: the cart on the right with its total always in view, F-keys along the bottom. */
export function SellScreen() {
  const t = useText();
  const search = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<LineDialog>(null);
  const cart = useCart();
  const go = useNavigation((s) => s.go);
  const loadCategories = useCatalog((s) => s.loadCategories);
  const setQuery = useCatalog((s) => s.setQuery);
  const results = useCatalog((s) => s.results);
  const prefilled = useCheckout((s) => s.prefilled);
  const selected = cart.lines.find((line) => line.id === cart.selectedId) ?? null;
  const activeSelected = selected && !selected.voided ? selected : null;
  const total = useCartTotals();

  useEffect(() => {
    void loadCategories();
    return onTillEvent('catalog.changed', () => void loadCategories());
  }, [loadCategories]);
  useEffect(() => {
    search.current?.focus();
  }, []);

  // A scan while a number dialog is open closes it first: the dialog belongs to the line it opened on.
  useScanTarget((code) => {
    setDialog(null);
    void addByCode(code);
  });

  const pick = useCallback((product: Product) => useCart.getState().addProduct(product), []);
  const onEnter = async (query: string) => {
    const trimmed = query.trim();
    if (trimmed === '') return;
    const exact = results.find(
      (p) => p.barcode === trimmed || p.code.toLowerCase() === trimmed.toLowerCase(),
    );
    if (exact) useCart.getState().addProduct(exact);
    else if (results.length === 1 && useCatalog.getState().shownQuery === query)
      useCart.getState().addProduct(results[0]!);
    else if (!(await addByCode(trimmed))) return;
    setQuery('');
  };

  const canCheckout = total.activeLines > 0 && total.total > 0;
  const checkout = async () => {
    await scansSettled();
    const total = currentCartTotals();
    if (total.activeLines === 0 || total.total <= 0) {
      cart.setNotice({
        tone: 'error',
        text:
          total.activeLines === 0
            ? { zh: '購物清單是空的', en: 'The cart is empty' }
            : { zh: '金額為 0，不能開立發票', en: 'The total is zero: no invoice can be issued' },
      });
      return;
    }
    useCheckout.getState().start();
    go('checkout');
  };
  const open = (which: LineDialog) => {
    if (which !== 'order-discount' && !activeSelected) {
      cart.setNotice({ tone: 'error', text: { zh: '請先選擇一項商品', en: 'Select a line first' } });
      return;
    }
    if (which === 'order-discount' && total.activeLines === 0) return;
    cart.setNotice(null);
    setDialog(which);
  };
  const toggleVoid = () => {
    if (!selected) return;
    if (selected.voided) cart.restoreLine(selected.id);
    else cart.voidLine(selected.id);
  };

  // Returns start afresh each time; the cart stays as it is for when the cashier comes back.
  const returns = () => {
    useReturns.getState().reset();
    go('returns');
  };

  useShortcuts({
    F7: returns,
    F2: () => {
      search.current?.focus();
      search.current?.select();
    },
    F4: () => open('quantity'),
    F5: () => open('price'),
    F6: () => open('order-discount'),
    F8: toggleVoid,
    F9: () => open('line-discount'),
    F10: () => void checkout(),
    F12: () => void checkout(),
    Escape: () => {
      if (useCatalog.getState().query) setQuery('');
      search.current?.focus();
    },
  });

  // Up and down move the selection in the cart, from anywhere on this screen.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      if (event.target instanceof HTMLElement && event.target.closest('.grid')) return;
      event.preventDefault();
      useCart.getState().selectNext(event.key === 'ArrowUp' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog]);

  return (
    <div className="sell" data-testid="sell-screen">
      <section className="sell__catalog">
        <SearchBox ref={search} onEnter={(q) => void onEnter(q)} />
        <CategoryTabs />
        <ProductGrid onPick={pick} />
      </section>
      <section className="sell__cart">
        {cart.notice && !dialog && (
          <p
            className={`notice notice--${cart.notice.tone}`}
            role={cart.notice.tone === 'error' ? 'alert' : 'status'}
            data-testid="sell-notice"
          >
            {t(cart.notice.text)}
          </p>
        )}
        {prefilled && (
          <p className="chip" data-testid="prefilled-carrier">
            {t({ zh: '載具', en: 'Carrier' })} {prefilled.id}
          </p>
        )}
        <CartPanel />
      </section>
      <footer className="action-bar">
        <KeyButton shortcut="F4" onClick={() => open('quantity')} disabled={!activeSelected}>
          {t({ zh: '數量', en: 'Qty' })}
        </KeyButton>
        <KeyButton shortcut="F5" onClick={() => open('price')} disabled={!activeSelected}>
          {t({ zh: '改價', en: 'Price' })}
        </KeyButton>
        <KeyButton shortcut="F9" onClick={() => open('line-discount')} disabled={!activeSelected}>
          {t({ zh: '單品折扣', en: 'Line disc.' })}
        </KeyButton>
        <KeyButton shortcut="F6" onClick={() => open('order-discount')} disabled={total.activeLines === 0}>
          {t({ zh: '整筆折扣', en: 'Order disc.' })}
        </KeyButton>
        <KeyButton shortcut="F7" onClick={returns} data-testid="to-returns">
          {t({ zh: '退貨', en: 'Returns' })}
        </KeyButton>
        <KeyButton shortcut="F8" tone="danger" onClick={toggleVoid} disabled={!selected}>
          {selected?.voided ? t({ zh: '復原', en: 'Restore' }) : t({ zh: '刪除', en: 'Void line' })}
        </KeyButton>
        <KeyButton
          shortcut="F10"
          tone="go"
          size="large"
          onClick={() => void checkout()}
          disabled={!canCheckout}
          data-testid="to-checkout"
        >
          {t({ zh: '結帳', en: 'Checkout' })}
        </KeyButton>
      </footer>
      <LineDialogs dialog={dialog} line={activeSelected} onClose={() => setDialog(null)} />
    </div>
  );
}

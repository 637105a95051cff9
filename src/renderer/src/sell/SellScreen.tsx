import { useCallback, useEffect, useRef, useState } from 'react';
import { formatNtd } from '../../../shared/domain';
import type { Product } from '../../../shared/ipc/contract/catalog';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { useCheckout } from '../checkout/checkout-store';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { onTillEvent } from '../ipc/till-client';
import { useReturns } from '../returns/returns-store';
import { useScanTarget } from '../scanner/scan-router';
import { useSession } from '../shifts/session-store';
import { currentCartTotals, selectedLine, useCart, useCartTotals } from './cart-store';
import { CartPanel } from './CartPanel';
import { useCatalog } from './catalog-store';
import { useHeldCarts } from './held-carts';
import { CancelCartDialog, HeldCartsDialog } from './HeldCartsDialog';
import { CategoryTabs } from './CategoryTabs';
import { InvoiceModeNotice } from './InvoiceModeNotice';
import { LineDialogs, type LineDialog } from './LineDialogs';
import { ProductGrid } from './ProductGrid';
import { SearchBox } from './SearchBox';
import { useAgeCheck } from './age-check';
import { AgeCheckDialog } from './AgeCheckDialog';
import { beepError } from '../scanner/beep';
import { addByCode, scansSettled, sellProduct } from './sell-actions';

const tiles = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="product-tile"]'));

function focusTile(index: number): void {
  tiles()[index]?.focus();
}

/** Arrow keys across the result tiles, by the grid's columns as laid out; ↑ from the top row: the search box. */
function moveInGrid(tile: HTMLElement, key: string): void {
  const all = tiles();
  const index = all.indexOf(tile);
  const top = tile.offsetTop;
  const columns = Math.max(1, all.filter((other) => other.offsetTop === top).length);
  const step = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : key === 'ArrowUp' ? -columns : columns;
  const next = index + step;
  if (next < 0) {
    document.querySelector<HTMLInputElement>('[data-testid="product-search"]')?.focus();
    return;
  }
  all[Math.min(next, all.length - 1)]?.focus();
}

/** Scan, search, tap: the cart on the right with its total always in view, F-keys along the bottom. */
export function SellScreen() {
  const t = useText();
  const search = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<LineDialog>(null);
  const [cartDialog, setCartDialog] = useState<'held' | 'cancel' | null>(null);
  const heldCount = useHeldCarts((s) => s.carts.length);
  const cart = useCart();
  const go = useNavigation((s) => s.go);
  const loadCategories = useCatalog((s) => s.loadCategories);
  const setQuery = useCatalog((s) => s.setQuery);
  const results = useCatalog((s) => s.results);
  const prefilled = useCheckout((s) => s.prefilled);
  const selected = selectedLine(cart);
  const activeSelected = selected && !selected.voided ? selected : null;
  const total = useCartTotals();
  // With cashiers, main refuses a sale without an open shift: said here before the first line,
  // not only at F12 after the whole cart (issue 24, item 7).
  const noShift = useSession((s) => s.session !== null && s.session.cashiersConfigured && !s.session.shift);

  useEffect(() => {
    void loadCategories();
    return onTillEvent('catalog.changed', () => void loadCategories());
  }, [loadCategories]);
  useEffect(() => {
    search.current?.focus();
  }, []);

  // A scan while a number dialog is open closes it first: the dialog belongs to the line it opened on.
  useScanTarget((code) => {
    // The age question on screen is answered first: a scan behind it would sell past it.
    if (useAgeCheck.getState().pending) {
      beepError();
      return;
    }
    setDialog(null);
    setCartDialog(null);
    void addByCode(code);
  });

  const pick = useCallback((product: Product) => void sellProduct(product), []);
  const onEnter = async (query: string) => {
    const trimmed = query.trim();
    if (trimmed === '') return;
    const exact = results.find(
      (p) => p.barcode === trimmed || p.code.toLowerCase() === trimmed.toLowerCase(),
    );
    const shown = useCatalog.getState().shownQuery === query;
    if (exact) void sellProduct(exact);
    else if (results.length === 1 && shown) void sellProduct(results[0]!);
    else if (results.length > 1 && shown) {
      // Several results: Enter moves to them; the arrows pick, Enter adds, Esc comes back.
      focusTile(0);
      return;
    } else if (!(await addByCode(trimmed))) return;
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
  // A key pressed right after a scan acts on the cart with that scan in it (F4 on the line just
  // scanned, F6 on its total): it waits for the lookups under way, then reads the cart afresh,
  // never the one of the last render. On a busy machine the lookup can take longer than the key.
  const open = async (which: LineDialog) => {
    await scansSettled();
    const line = selectedLine();
    if (which === 'order-discount' ? currentCartTotals().activeLines === 0 : !line || line.voided) {
      cart.setNotice({
        tone: 'error',
        text:
          which === 'order-discount'
            ? { zh: '購物清單是空的，沒有可折扣的項目', en: 'The cart is empty: nothing to discount' }
            : { zh: '請先選擇一項商品', en: 'Select a line first' },
      });
      return;
    }
    cart.setNotice(null);
    setDialog(which);
  };
  const toggleVoid = async () => {
    await scansSettled();
    const line = selectedLine();
    if (!line) return;
    if (line.voided) cart.restoreLine(line.id);
    else cart.voidLine(line.id);
  };

  // Hold (掛單): the cart goes aside with its time and total, the counter is free for the next customer.
  const hold = async () => {
    await scansSettled();
    const { lines, orderDiscount } = useCart.getState();
    if (!lines.some((line) => !line.voided)) {
      cart.setNotice({
        tone: 'error',
        text: { zh: '購物清單是空的，沒有可掛的單', en: 'The cart is empty: nothing to hold' },
      });
      return;
    }
    const held = useHeldCarts.getState().hold(lines, orderDiscount);
    if (!held) {
      cart.setNotice({
        tone: 'error',
        text: { zh: '掛單已滿，請先取單結帳', en: 'Too many held carts: recall and check one out first' },
      });
      return;
    }
    useCart.getState().clear();
    useCheckout.getState().reset(); // a carrier or payment typed for it goes with the cart's turn
    useCart.getState().setNotice({
      tone: 'info',
      text: {
        zh: `已掛單 ${formatNtd(held.total)}（F11 取單）`,
        en: `Cart held, ${formatNtd(held.total)} (F11 recalls it)`,
      },
    });
    search.current?.focus();
  };
  // Recall (取單): a cart in progress goes aside first, so nothing is ever lost by recalling.
  const recall = (id: string) => {
    const held = useHeldCarts.getState();
    const chosen = held.carts.find((c) => c.id === id);
    if (!chosen) return;
    const { lines, orderDiscount } = useCart.getState();
    const current = lines.some((line) => !line.voided) ? held.hold(lines, orderDiscount) : null;
    if (lines.some((line) => !line.voided) && !current) return;
    held.take(id);
    useCart.getState().restore(chosen.lines, chosen.orderDiscount);
    useCart.getState().setNotice({
      tone: 'info',
      text: current
        ? {
            zh: `已取單 ${formatNtd(chosen.total)}，原本的清單已掛單 ${formatNtd(current.total)}`,
            en: `Recalled ${formatNtd(chosen.total)}; the cart in progress was held (${formatNtd(current.total)})`,
          }
        : { zh: `已取單 ${formatNtd(chosen.total)}`, en: `Recalled ${formatNtd(chosen.total)}` },
    });
    setCartDialog(null);
    search.current?.focus();
  };
  const cancelCart = () => {
    useCart.getState().clear();
    useCheckout.getState().reset();
    useCart.getState().setNotice({ tone: 'info', text: { zh: '已取消整筆', en: 'The cart was cancelled' } });
    setCartDialog(null);
    search.current?.focus();
  };

  // Returns start afresh each time; the cart stays as it is for when the cashier comes back.
  const returns = () => {
    useReturns.getState().reset();
    go('returns');
  };

  useShortcuts({
    F3: () => void hold(),
    F11: () => setCartDialog('held'),
    F7: returns,
    F2: () => {
      search.current?.focus();
      search.current?.select();
    },
    F4: () => void open('quantity'),
    F5: () => void open('price'),
    F6: () => void open('order-discount'),
    F8: () => void toggleVoid(),
    F9: () => void open('line-discount'),
    F10: () => void checkout(),
    F12: () => void checkout(),
    Escape: () => {
      if (useCatalog.getState().query) setQuery('');
      search.current?.focus();
    },
  });

  // Up and down move the selection in the cart, from anywhere on this screen but the results;
  // in the results the arrows move across the tiles (↓ from the search box goes into them).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || cartDialog || useAgeCheck.getState().pending || !event.key.startsWith('Arrow')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const tile = target?.closest<HTMLElement>('[data-testid="product-tile"]');
      if (tile) {
        event.preventDefault();
        moveInGrid(tile, event.key);
        return;
      }
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      if (
        target === search.current &&
        event.key === 'ArrowDown' &&
        useCatalog.getState().query.trim() !== ''
      ) {
        event.preventDefault();
        focusTile(0);
        return;
      }
      event.preventDefault();
      useCart.getState().selectNext(event.key === 'ArrowUp' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, cartDialog]);

  return (
    <div className="sell" data-testid="sell-screen">
      <section className="sell__catalog">
        <SearchBox ref={search} onEnter={(q) => void onEnter(q)} />
        <CategoryTabs />
        <ProductGrid onPick={pick} />
      </section>
      <section className="sell__cart">
        {noShift && (
          <div className="notice notice--info sell__no-shift" role="status" data-testid="sell-no-shift">
            <p>
              {t({
                zh: '尚未開班：開班點算零用金後才能結帳。',
                en: 'No shift is open: open one (count the float) before taking payment.',
              })}
            </p>
            <button type="button" className="quick" onClick={() => go('shift')} data-testid="sell-open-shift">
              {t({ zh: '前往開班', en: 'Open a shift' })}
            </button>
          </div>
        )}
        <InvoiceModeNotice />
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
        <div className="cart-tools">
          <KeyButton
            shortcut="F3"
            onClick={() => void hold()}
            disabled={total.activeLines === 0}
            data-testid="hold-cart"
          >
            {t({ zh: '掛單', en: 'Hold' })}
          </KeyButton>
          <KeyButton shortcut="F11" onClick={() => setCartDialog('held')} data-testid="recall-cart">
            {t({ zh: '取單', en: 'Recall' })}
            {heldCount > 0 && <span data-testid="held-count">{`\u00a0(${heldCount})`}</span>}
          </KeyButton>
          <KeyButton
            tone="danger"
            onClick={() => setCartDialog('cancel')}
            disabled={cart.lines.length === 0}
            data-testid="cancel-cart"
          >
            {t({ zh: '整筆取消', en: 'Cancel all' })}
          </KeyButton>
        </div>
        <CartPanel />
      </section>
      <footer className="action-bar">
        <KeyButton shortcut="F4" onClick={() => void open('quantity')} disabled={!activeSelected}>
          {t({ zh: '數量', en: 'Qty' })}
        </KeyButton>
        <KeyButton shortcut="F5" onClick={() => void open('price')} disabled={!activeSelected}>
          {t({ zh: '改價', en: 'Price' })}
        </KeyButton>
        <KeyButton shortcut="F9" onClick={() => void open('line-discount')} disabled={!activeSelected}>
          {t({ zh: '單品折扣', en: 'Line disc.' })}
        </KeyButton>
        <KeyButton
          shortcut="F6"
          onClick={() => void open('order-discount')}
          disabled={total.activeLines === 0}
        >
          {t({ zh: '整筆折扣', en: 'Order disc.' })}
        </KeyButton>
        <KeyButton shortcut="F7" onClick={returns} data-testid="to-returns">
          {t({ zh: '退貨', en: 'Returns' })}
        </KeyButton>
        <KeyButton shortcut="F8" tone="danger" onClick={() => void toggleVoid()} disabled={!selected}>
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
      <AgeCheckDialog />
      <LineDialogs dialog={dialog} line={activeSelected} onClose={() => setDialog(null)} />
      {cartDialog === 'held' && <HeldCartsDialog onRecall={recall} onClose={() => setCartDialog(null)} />}
      {cartDialog === 'cancel' && (
        <CancelCartDialog onConfirm={cancelCart} onClose={() => setCartDialog(null)} />
      )}
    </div>
  );
}

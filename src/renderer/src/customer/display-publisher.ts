import { useEffect } from 'react';
import type { DisplayUpdate } from '../../../shared/ipc/contract/display';
import { useNavigation } from '../app/navigation-store';
import { isRecorded, useCheckout } from '../checkout/checkout-store';
import type { PaymentForm } from '../checkout/payment-form';
import { callTill } from '../ipc/till-client';
import { isUsableQrLink } from '../result/QrPanel';
import { cartTotals, netOf, type CartLine, type OrderDiscount } from '../sell/cart-math';
import { useCart } from '../sell/cart-store';

/**
 * The till's half of the customer display (issue 15): what the customer should see, from the
 * cart, the checkout and its result, published to main (`display.update`) whenever it changes.
 * Main adds the store's name and pushes it to the customer window or page (read only there).
 */
export function isCustomerDisplayPage(location: Pick<Location, 'pathname' | 'search' | 'hash'>): boolean {
  return (
    location.pathname.replace(/\/+$/, '') === '/customer' ||
    new URLSearchParams(location.search).get('display') === 'customer'
  );
}

const displayLines = (lines: readonly CartLine[]) =>
  lines
    .filter((line) => !line.voided)
    .map((line) => ({ name: line.name.slice(0, 256), quantity: line.quantity, amount: netOf(line) }));

/** What the display shows now; `lastLines` are the sale's lines once the cart is cleared. */
export function displayUpdate(input: {
  lines: readonly CartLine[];
  orderDiscount: OrderDiscount;
  screen: string;
  result: ReturnType<typeof useCheckout.getState>['result'];
  lastLines: DisplayUpdate['lines'];
  paid: number | null;
}): DisplayUpdate {
  const { result } = input;
  if (result && isRecorded(result)) {
    return {
      phase: 'done',
      lines: input.lastLines,
      total: result.totalAmount,
      paid: result.totalAmount + result.change,
      change: result.change,
      qrUrl: isUsableQrLink(result.qrCodeUrl) ? result.qrCodeUrl : null,
    };
  }
  const lines = displayLines(input.lines);
  if (lines.length === 0)
    return { phase: 'idle', lines: [], total: 0, paid: null, change: null, qrUrl: null };
  const total = cartTotals(input.lines, input.orderDiscount).total;
  const paying = input.screen === 'checkout';
  return {
    phase: paying ? 'paying' : 'cart',
    lines,
    total,
    paid: paying ? input.paid : null,
    change: paying && input.paid !== null && input.paid > total ? input.paid - total : null,
    qrUrl: null,
  };
}

/** Publishes the display's state from the till's stores (mounted once, in the till's App). */
export function useCustomerDisplayPublisher(): void {
  useEffect(() => {
    let last = '';
    let lastLines: DisplayUpdate['lines'] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const publish = () => {
      timer = null;
      const cart = useCart.getState();
      const current = displayLines(cart.lines);
      if (current.length > 0) lastLines = current;
      const checkout = useCheckout.getState();
      const update = displayUpdate({
        lines: cart.lines,
        orderDiscount: cart.orderDiscount,
        screen: useNavigation.getState().screen,
        result: checkout.result,
        lastLines,
        paid: paidOf(checkout.payment),
      });
      const key = JSON.stringify(update);
      if (key === last) return;
      last = key;
      void callTill('display.update', update);
    };
    // Coalesced: a burst of scans is one update, never one call per key.
    const schedule = () => {
      if (timer === null) timer = setTimeout(publish, 50);
    };
    const unsubscribe = [
      useCart.subscribe(schedule),
      useCheckout.subscribe(schedule),
      useNavigation.subscribe(schedule),
    ];
    schedule();
    return () => {
      for (const stop of unsubscribe) stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
}

/** The cash tendered as typed (single payment), or null while it is empty or not a number. */
function paidOf(payment: PaymentForm): number | null {
  if (payment.mode !== 'single' || payment.tendered.trim() === '') return null;
  const amount = Number(payment.tendered);
  return Number.isFinite(amount) && amount > 0 && amount <= 100_000_000 ? amount : null;
}

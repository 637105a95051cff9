import { useCheckout } from '../checkout/checkout-store';
import { CARRIER_LABEL, carrierOf } from '../checkout/invoice-form';
import { roundNtd, parseScaleBarcode, type ScaleBarcode } from '../../../shared/domain';
import { callTill } from '../ipc/till-client';
import { beepError } from '../scanner/beep';
import { useSettings } from '../settings/settings-store';
import type { Product } from '../../../shared/ipc/contract/catalog';
import { confirmedAt, useAgeCheck } from './age-check';
import { useCart } from './cart-store';

/**
 * What a scan or a typed code + Enter does on the sell screen: a product goes into the cart; a
 * mobile barcode or citizen certificate (the customer showing their phone early) is kept as the
 * sale's carrier for the checkout.
 */
let inFlight = 0;
let waiting: (() => void)[] = [];

/** Resolves once every scan under way has landed in the cart (F10 right after a scan waits for it). */
export function scansSettled(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}

export async function addByCode(code: string): Promise<boolean> {
  inFlight++;
  try {
    return await lookUpAndAdd(code);
  } finally {
    inFlight--;
    if (inFlight === 0) {
      const resolve = waiting;
      waiting = [];
      resolve.forEach((fn) => fn());
    }
  }
}

async function lookUpAndAdd(code: string): Promise<boolean> {
  const cart = useCart.getState();
  const trimmed = code.trim();
  const carrier = carrierOf(trimmed);
  if (carrier) {
    useCheckout.getState().prefillCarrier(carrier.kind, carrier.id);
    const name = CARRIER_LABEL[carrier.kind];
    cart.setNotice({
      tone: 'info',
      text: {
        zh: `已記下${name.zh}載具 ${carrier.id}，結帳時使用`,
        en: `${name.en} ${carrier.id} kept for the checkout`,
      },
    });
    return true;
  }
  const scale = useSettings.getState().view?.settings.scaleBarcode;
  const label = scale ? parseScaleBarcode(trimmed, scale) : null;
  if (label) return addScaleLabel(trimmed, label);
  const result = await callTill('catalog.lookup', { code: trimmed.slice(0, 64) });
  if (!result.ok) {
    beepError();
    cart.setNotice({ tone: 'error', text: result.error.message });
    return false;
  }
  if (!result.value.product) {
    beepError();
    cart.setNotice({
      tone: 'error',
      text: { zh: `查無此條碼或品號：${trimmed}`, en: `No product with the barcode or code ${trimmed}` },
    });
    return false;
  }
  return sellProduct(result.value.product);
}

/**
 * A product into the cart, by scan, tap or Enter: a 菸酒 product only once the cashier has
 * confirmed the customer's age (asked once per cart); not confirmed, it is not sold.
 */
export async function sellProduct(
  product: Product,
  add = (at?: string) => useCart.getState().addProduct(product, 1, at),
  // Declined is recorded too (who and when stamped by main): a manager reads it in the journal.
  // A failed record does not sell the product: the notice still tells the cashier.
  recordDeclined = () =>
    void callTill('counter.ageCheckDeclined', { code: product.code, product: product.name }),
): Promise<boolean> {
  if (product.retired) {
    // Retired (停售) on the Products screen: found, so the cashier reads why instead of "no product".
    beepError();
    useCart.getState().setNotice({
      tone: 'error',
      text: { zh: `${product.name} 已停售，不能販售`, en: `${product.name} is retired: it is not sold` },
    });
    return false;
  }
  if (!product.ageCheck) {
    add();
    return true;
  }
  const earlier = confirmedAt(useCart.getState().lines);
  if (earlier) {
    add(earlier);
    return true;
  }
  if (useAgeCheck.getState().pending) {
    // The question on screen belongs to the product before: answer it first.
    beepError();
    return false;
  }
  const confirmed = await useAgeCheck.getState().ask(product);
  if (!confirmed) {
    recordDeclined();
    useCart.getState().setNotice({
      tone: 'info',
      text: {
        zh: `未販售 ${product.name}：未確認顧客年滿18歲`,
        en: `${product.name} not sold: the customer's age (18 or over) was not confirmed`,
      },
    });
    return false;
  }
  add(new Date().toISOString());
  return true;
}

/** A scale label: the product by its embedded code; the line at the label's price, or weight × unit price. */
async function addScaleLabel(code: string, label: ScaleBarcode): Promise<boolean> {
  const cart = useCart.getState();
  const result = await callTill('catalog.lookup', { code: label.productCode });
  if (!result.ok) {
    beepError();
    cart.setNotice({ tone: 'error', text: result.error.message });
    return false;
  }
  const product = result.value.product;
  if (!product) {
    beepError();
    cart.setNotice({
      tone: 'error',
      text: {
        zh: `秤重條碼 ${code} 的品號 ${label.productCode} 不在商品檔`,
        en: `Scale label ${code}: no product with the code ${label.productCode}`,
      },
    });
    return false;
  }
  if (label.value === 'price') {
    return sellProduct(product, (at) => useCart.getState().addScaled(product, label.amount, undefined, at));
  }
  const kg = label.amount.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return sellProduct(product, (at) =>
    useCart.getState().addScaled(product, roundNtd(label.amount * product.price), `${kg} kg`, at),
  );
}

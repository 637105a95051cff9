import { validateCitizenCertificate, validateMobileBarcode } from '../../../shared/domain';
import { useCheckout } from '../checkout/checkout-store';
import { callTill } from '../ipc/till-client';
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
  if (trimmed.startsWith('/')) {
    const mobile = validateMobileBarcode(trimmed);
    if (mobile.ok) {
      useCheckout.getState().prefillCarrier('mobile', mobile.value);
      cart.setNotice({
        tone: 'info',
        text: {
          zh: `已記下手機條碼載具 ${mobile.value}，結帳時使用`,
          en: `Mobile barcode ${mobile.value} kept for the checkout`,
        },
      });
      return true;
    }
  }
  if (/^[A-Za-z]{2}\d{14}$/.test(trimmed)) {
    const citizen = validateCitizenCertificate(trimmed);
    if (citizen.ok) {
      useCheckout.getState().prefillCarrier('citizen', citizen.value);
      cart.setNotice({
        tone: 'info',
        text: {
          zh: `已記下自然人憑證載具 ${citizen.value}，結帳時使用`,
          en: `Citizen certificate ${citizen.value} kept for the checkout`,
        },
      });
      return true;
    }
  }
  const result = await callTill('catalog.lookup', { code: trimmed.slice(0, 64) });
  if (!result.ok) {
    cart.setNotice({ tone: 'error', text: result.error.message });
    return false;
  }
  if (!result.value.product) {
    cart.setNotice({
      tone: 'error',
      text: { zh: `查無此條碼或品號：${trimmed}`, en: `No product with the barcode or code ${trimmed}` },
    });
    return false;
  }
  useCart.getState().addProduct(result.value.product);
  return true;
}

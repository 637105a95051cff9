import {
  allocateNtd,
  cartTotal,
  lineSubtotal,
  roundNtd,
  sumNtd,
  type LineTaxType,
  type Ntd,
} from '../../../shared/domain';
import type { CheckoutLine } from '../../../shared/ipc/contract/checkout';

/**
 * The cart's arithmetic on top of the shared money rules (lineSubtotal, roundNtd, cartTotal):
 * what each line costs after its discount, how an order discount is shared out, and the invoice
 * lines the engine receives. Every discount ends up inside the lines' tax-inclusive unit prices,
 * per line and so per tax type, so that the invoice total is exactly what the customer pays.
 */
export interface CartLine {
  id: number;
  code: string;
  name: string;
  taxType: LineTaxType;
  /** The catalog's tax-inclusive unit price. */
  listPrice: number;
  /** A price typed at the counter; null keeps the catalog price. */
  priceOverride: number | null;
  quantity: number;
  /** A line discount in NT$ (tax included), at most the line's amount. */
  discount: Ntd;
  /** A voided line stays on screen, struck through, and is not sold. */
  voided: boolean;
  /** A 菸酒 product: when the cashier confirmed the customer is 18 or over (ISO time). */
  ageCheckedAt?: string;
}

export type OrderDiscount = { kind: 'amount'; value: Ntd } | { kind: 'percent'; value: number } | null;

export const MAX_QUANTITY = 9999;
export const MAX_LINES = 500;

export const unitPriceOf = (line: CartLine): number => line.priceOverride ?? line.listPrice;
export const grossOf = (line: CartLine): Ntd => lineSubtotal(line.quantity, unitPriceOf(line));
/** The line's amount after its own discount (never below 0). */
export const netOf = (line: CartLine): Ntd => Math.max(0, grossOf(line) - line.discount);

export interface CartTotals {
  /** Before any discount. */
  gross: Ntd;
  lineDiscounts: Ntd;
  orderDiscount: Ntd;
  /** What the customer pays: the sum of the invoice lines. */
  total: Ntd;
  byTaxType: Record<LineTaxType, Ntd>;
  itemCount: number;
  activeLines: number;
}

/** The order discount in NT$: a percentage rounds once, and it never exceeds what is left to pay. */
export function orderDiscountAmount(discount: OrderDiscount, subtotal: Ntd): Ntd {
  if (!discount || subtotal <= 0) return 0;
  const amount = discount.kind === 'amount' ? discount.value : roundNtd((subtotal * discount.value) / 100);
  return Math.min(Math.max(0, amount), subtotal);
}

/**
 * Shares `amount` out over `weights` in proportion, in whole dollars that add up exactly
 * (largest remainder; ties go to the earlier line): the shared rule the exports use too.
 */
export const allocate = (amount: Ntd, weights: readonly Ntd[]): Ntd[] => allocateNtd(amount, weights);

/** The amount each active line is sold for, after its own discount and its share of the order discount. */
export function finalAmounts(lines: readonly CartLine[], discount: OrderDiscount): Map<number, Ntd> {
  const active = lines.filter((line) => !line.voided);
  const nets = active.map(netOf);
  const shares = allocate(orderDiscountAmount(discount, sumNtd(nets)), nets);
  return new Map(active.map((line, i) => [line.id, nets[i]! - shares[i]!]));
}

/** A unit price that multiplies back to `amount` (to 4 decimals, as the tax split's B lines do). */
export function unitPriceFor(amount: Ntd, quantity: number): number {
  const price = Number((amount / quantity).toFixed(4));
  if (lineSubtotal(quantity, price) !== amount)
    throw new Error(`no unit price gives ${amount} for ${quantity}`);
  return price;
}

/** The lines `checkout.submit` receives: tax-inclusive unit prices with every discount inside. */
export function toCheckoutLines(lines: readonly CartLine[], discount: OrderDiscount): CheckoutLine[] {
  const amounts = finalAmounts(lines, discount);
  return lines
    .filter((line) => !line.voided)
    .map((line) => {
      const amount = amounts.get(line.id)!;
      const undiscounted = amount === grossOf(line);
      const unitPrice = undiscounted ? unitPriceOf(line) : unitPriceFor(amount, line.quantity);
      const taken = grossOf(line) - amount;
      // What the journal keeps beside the invoice line: the catalog price when it was not what was
      // charged, and the NT$ taken off (the line's discount and its share of the order's).
      return {
        name: line.name,
        quantity: line.quantity,
        unitPrice,
        taxType: line.taxType,
        ...(unitPrice !== line.listPrice ? { listPrice: line.listPrice } : {}),
        ...(taken > 0 ? { discount: taken } : {}),
        ...(line.ageCheckedAt
          ? { ageCheck: { code: line.code, answer: 'confirmed' as const, at: line.ageCheckedAt } }
          : {}),
      };
    });
}

export function cartTotals(lines: readonly CartLine[], discount: OrderDiscount): CartTotals {
  const active = lines.filter((line) => !line.voided);
  const gross = sumNtd(active.map(grossOf));
  const subtotal = sumNtd(active.map(netOf));
  const invoiceLines = toCheckoutLines(lines, discount);
  const byTaxType: Record<LineTaxType, Ntd> = { taxable: 0, zero: 0, exempt: 0 };
  for (const line of invoiceLines) byTaxType[line.taxType] += lineSubtotal(line.quantity, line.unitPrice);
  const total = cartTotal(invoiceLines);
  return {
    gross,
    lineDiscounts: gross - subtotal,
    orderDiscount: subtotal - total,
    total,
    byTaxType,
    itemCount: sumNtd(active.map((line) => line.quantity)),
    activeLines: active.length,
  };
}

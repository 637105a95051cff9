import type { Bilingual } from './i18n';
import { lineSubtotal, roundNtd, sumNtd, type Ntd } from './money';

/**
 * The B/C tax split of provider profile §3. The till prices everything tax-inclusive (as a shop
 * shelf does); this module turns a cart into the invoice's header and line amounts.
 */
export type LineTaxType = 'taxable' | 'zero' | 'exempt';

/** The provider's codes: `TaxType` on the header, `ItemTaxType` on lines; 9 = mixed (C only). */
export const TAX_TYPE_CODE = { taxable: '1', zero: '2', exempt: '3' } as const;
export type TaxTypeCode = '1' | '2' | '3' | '9';
export const VAT_RATE = 0.05;

export interface PricedLine {
  name: string;
  quantity: number;
  /** Tax-inclusive unit price, in NT$ (may carry cents for weighed goods). */
  unitPrice: number;
  taxType: LineTaxType;
}

export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPrice: number;
  subTotal: Ntd;
  itemTaxType: '1' | '2' | '3';
}

export interface InvoiceAmounts {
  invoiceFor: 'B' | 'C';
  taxType: TaxTypeCode;
  salesAmount: Ntd;
  zeroTaxSalesAmount: Ntd;
  freeTaxSalesAmount: Ntd;
  taxAmount: Ntd;
  totalAmount: Ntd;
  lines: InvoiceLine[];
}

export type TaxSplit = { ok: true; amounts: InvoiceAmounts } | { ok: false; reason: Bilingual };

const refuse = (zh: string, en: string): TaxSplit => ({ ok: false, reason: { zh, en } });

/** The total a customer pays for these lines (tax included): the sum of the rounded line subtotals. */
export function cartTotal(lines: readonly PricedLine[]): Ntd {
  return sumNtd(lines.map((line) => lineSubtotal(line.quantity, line.unitPrice)));
}

export function splitTax(lines: readonly PricedLine[], invoiceFor: 'B' | 'C'): TaxSplit {
  if (lines.length === 0) return refuse('沒有商品，無法開立發票', 'No items: nothing to invoice');
  const inclusive = lines.map((line) => lineSubtotal(line.quantity, line.unitPrice));
  const byType = (type: LineTaxType) => sumNtd(inclusive.filter((_, i) => lines[i]!.taxType === type));
  const taxableInclusive = byType('taxable');
  const zero = byType('zero');
  const exempt = byType('exempt');
  const total = taxableInclusive + zero + exempt;
  if (total <= 0)
    return refuse('金額為 0 或負數，不能開立發票', 'The total is zero or negative: no invoice can be issued');
  if (taxableInclusive < 0 || zero < 0 || exempt < 0) {
    return refuse('折扣大於同稅別商品的金額', 'A discount is larger than the items of its tax type');
  }
  const types = new Set(lines.map((line) => line.taxType));
  const headerType: TaxTypeCode = types.size > 1 ? '9' : TAX_TYPE_CODE[lines[0]!.taxType];

  if (invoiceFor === 'C') {
    return {
      ok: true,
      amounts: {
        invoiceFor,
        taxType: headerType,
        salesAmount: taxableInclusive,
        zeroTaxSalesAmount: zero,
        freeTaxSalesAmount: exempt,
        taxAmount: 0,
        totalAmount: total,
        lines: lines.map((line, i) => ({
          name: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          subTotal: inclusive[i]!,
          itemTaxType: TAX_TYPE_CODE[line.taxType],
        })),
      },
    };
  }

  if (headerType === '9') {
    return refuse(
      '有統一編號的發票不能混合稅別，請分開結帳',
      'An invoice with a buyer tax ID cannot mix tax types: check these items out separately',
    );
  }
  // B: start from the tax-inclusive total, then spread the pre-tax amount over the lines so that
  // they add up exactly (the largest line absorbs the rounding).
  const salesAmount = roundNtd(taxableInclusive / (1 + VAT_RATE));
  const taxAmount = taxableInclusive - salesAmount;
  const preTax = inclusive.map((amount, i) =>
    lines[i]!.taxType === 'taxable' ? roundNtd(amount / (1 + VAT_RATE)) : amount,
  );
  if (headerType === '1') {
    const largest = preTax.reduce(
      (best, amount, i) => (Math.abs(amount) > Math.abs(preTax[best]!) ? i : best),
      0,
    );
    preTax[largest] = preTax[largest]! + (salesAmount - sumNtd(preTax));
  }
  return {
    ok: true,
    amounts: {
      invoiceFor,
      taxType: headerType,
      salesAmount: headerType === '1' ? salesAmount : 0,
      zeroTaxSalesAmount: zero,
      freeTaxSalesAmount: exempt,
      taxAmount: headerType === '1' ? taxAmount : 0,
      totalAmount: total,
      lines: lines.map((line, i) => ({
        name: line.name,
        quantity: line.quantity,
        // The unit price follows the pre-tax subtotal so that quantity × unit price still gives it.
        unitPrice: Number((preTax[i]! / line.quantity).toFixed(4)),
        subTotal: preTax[i]!,
        itemTaxType: TAX_TYPE_CODE[line.taxType],
      })),
    },
  };
}

/** The B rule the provider checks: tax is 5 % of the taxable sales, rounded, give or take 1. */
export function isAcceptableBusinessTax(salesAmount: Ntd, taxAmount: Ntd): boolean {
  return Math.abs(taxAmount - roundNtd(salesAmount * VAT_RATE)) <= 1;
}

/**
 * The 5 % tax inside a tax-inclusive amount, by splitTax's B rule: the pre-tax part is the amount
 * ÷ 1.05 rounded, the tax what is left. The return (401) reports consumer (C) invoices with their
 * tax inside, and takes it out of the period's sum this way; a C invoice itself states no tax.
 */
export function includedTax(taxInclusive: Ntd): Ntd {
  return taxInclusive - roundNtd(taxInclusive / (1 + VAT_RATE));
}

/**
 * Shares `amount` out over `weights` in proportion, in whole dollars that add up exactly (largest
 * remainder; ties go to the earlier one): a sum's rounding spread over its parts, so the parts
 * shown beside a total always add up to it.
 */
export function allocateNtd(amount: Ntd, weights: readonly Ntd[]): Ntd[] {
  // A negative weight (a discount line) takes no share.
  const positive = weights.map((w) => Math.max(0, w));
  const base = sumNtd(positive);
  if (amount === 0 || base <= 0) return weights.map(() => 0);
  const sign = Math.sign(amount);
  const whole = Math.abs(amount);
  const exact = positive.map((w) => (whole * w) / base);
  const shares = exact.map(Math.floor);
  let left = whole - sumNtd(shares);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares.map((share) => sign * share);
}

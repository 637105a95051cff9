/**
 * The provider's own reading of the tax, amount and tax-ID rules, written again from the text of
 * `../shared/spec/provider-profile.md` (§3 and §4), NOT imported from the till.
 *
 * Why a second copy: the training service is the till's test oracle. If it checked orders and
 * allowances with the till's own functions (`validateBuyerTaxId`, `lineSubtotal`,
 * `isAcceptableBusinessTax`, `consumerRefundSplit`, `businessLineTax`), a bug in one of them would
 * be on both sides of every integration test and no test could see it. So this file shares no code
 * with `src/shared/domain` and works differently on purpose: whole-number arithmetic (fractions
 * as numerator and denominator, exact decimals for line products) where the till uses floating
 * point with a noise clean-up. Both must give the same answers for every input the profile allows;
 * where they do not, one of them is wrong, and the unit test `test/unit/training-service/
 * profile-rules.test.ts` says which by hand-computed examples.
 *
 * Rounding: the profile says "rounded" (四捨五入); a half goes away from zero.
 */

// ---------------------------------------------------------------------------------------------
// Whole-number arithmetic

/** `numerator / denominator` rounded half away from zero; both whole, `denominator` > 0. */
function divideRounded(numerator: number, denominator: number): number {
  const magnitude = Math.abs(numerator);
  // floor((2n + d) / 2d) is n/d rounded half up, exactly, for whole numbers within 2^53.
  const rounded = Math.floor((2 * magnitude + denominator) / (2 * denominator));
  return numerator < 0 ? -rounded : rounded;
}

/**
 * A JavaScript number as an exact decimal `digits × 10^-scale`, from its shortest text (the text
 * JSON carried it in): `1.05` is 105 × 10^-2, not the binary fraction next to it.
 */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`not a finite number: ${value}`);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

// ---------------------------------------------------------------------------------------------
// §3 Validation: the buyer tax ID (統一編號)

/** §3: "Multiply by weights 1,2,1,2,1,2,4,1". */
const TAX_ID_WEIGHT = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * §3: "8 digits. Multiply by weights 1,2,1,2,1,2,4,1; add the digits of each product. Valid when
 * the sum is divisible by 5; when the 7th digit is 7, also when sum + 1 is."
 */
export function isValidTaxId(text: string): boolean {
  if (!/^[0-9]{8}$/.test(text)) return false;
  let sum = 0;
  for (let position = 0; position < 8; position++) {
    const product = (text.charCodeAt(position) - 48) * TAX_ID_WEIGHT[position]!;
    // "the digits of each product": a product is at most 9 × 4 = 36, two digits.
    for (const digit of String(product)) sum += Number(digit);
  }
  if (sum % 5 === 0) return true;
  return text[6] === '7' && (sum + 1) % 5 === 0;
}

// ---------------------------------------------------------------------------------------------
// §3 Amounts

/**
 * §3: "A line's `SubTotal` is `Quantity` × `UnitPrice`, rounded to an integer." Computed on the
 * exact decimals the order carried (weighed goods: `0.35` kg × `128.5`), never on binary floats.
 */
export function expectedSubTotal(quantity: number, unitPrice: number): number {
  const q = exactDecimal(quantity);
  const p = exactDecimal(unitPrice);
  const product = q.digits * p.digits;
  const unit = 10n ** BigInt(q.scale + p.scale);
  const magnitude = product < 0n ? -product : product;
  let whole = magnitude / unit;
  if (2n * (magnitude % unit) >= unit) whole += 1n;
  return Number(product < 0n ? -whole : whole);
}

/** 5 % of a whole amount, rounded: §3's B `TaxAmount` and §4's allowance `Tax`. */
export function fivePercentOf(amount: number): number {
  return divideRounded(amount * 5, 100);
}

/**
 * §3 Business (B): "`TaxAmount` is 5 % of it [SalesAmount] rounded (a difference of 1 is
 * accepted ...)".
 */
export function isBusinessTaxAcceptable(salesAmount: number, taxAmount: number): boolean {
  const expected = fivePercentOf(salesAmount);
  return taxAmount >= expected - 1 && taxAmount <= expected + 1;
}

// ---------------------------------------------------------------------------------------------
// §4 Allowance (折讓) lines

export type InvoiceFor = 'B' | 'C';
export type ItemTaxType = '1' | '2' | '3';

/**
 * §4: "`Tax` is `round(Amount × 0.05)` for `ItemTaxType` 1 and 0 otherwise. For a consumer (C)
 * invoice, whose line amounts include tax, a refund of `R` on a taxable line is sent as
 * `Amount = round(R / 1.05)`, `Tax = R − Amount`." So a C line is right when `Amount` is what
 * `Amount + Tax` (the refund R) gives: R / 1.05 = R × 100 / 105, rounded.
 */
export function isAllowanceLineTaxRight(
  invoiceFor: InvoiceFor,
  itemTaxType: ItemTaxType,
  amount: number,
  tax: number,
): boolean {
  if (itemTaxType !== '1') return tax === 0;
  if (invoiceFor === 'B') return tax === fivePercentOf(amount);
  const refund = amount + tax;
  return amount === divideRounded(refund * 100, 105);
}

/**
 * How much of the original line an allowance line uses, in the units of that line's `SubTotal`
 * (§3): a C invoice's lines include tax (the refund, Amount + Tax), a B invoice's exclude it.
 */
export function allowanceLineUse(invoiceFor: InvoiceFor, amount: number, tax: number): number {
  return invoiceFor === 'C' ? amount + tax : amount;
}

/** §4: "`TotalAmount` = Σ `Amount`, `TaxAmount` = Σ `Tax`". */
export function allowanceHeaderSums(details: ReadonlyArray<{ Amount: number; Tax: number }>): {
  totalAmount: number;
  taxAmount: number;
} {
  let totalAmount = 0;
  let taxAmount = 0;
  for (const detail of details) {
    totalAmount += detail.Amount;
    taxAmount += detail.Tax;
  }
  return { totalAmount, taxAmount };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessLineTax, consumerRefundSplit } from '../../../src/provider/standard-profile';
import {
  isAcceptableBusinessTax,
  lineSubtotal,
  splitTax,
  validateBuyerTaxId,
  type PricedLine,
} from '../../../src/shared/domain';
import {
  allowanceHeaderSums,
  expectedSubTotal,
  fivePercentOf,
  isAllowanceLineTaxRight,
  isBusinessTaxAcceptable,
  isValidTaxId,
} from '../../../src/training-service/profile-rules';

/**
 * The training service's own reading of the profile's rules (profile-rules.ts), the oracle the
 * till's integration tests are checked against. First the oracle itself, on amounts worked out by
 * hand from the profile's text (never from a formula under test); then the till's rules against
 * the oracle on generated input: they are two implementations of one text, so any disagreement is
 * a bug in one of them.
 */
describe('the training service’s own rules, on hand-computed examples (profile §3, §4)', () => {
  it('tax ID: weights 1,2,1,2,1,2,4,1, digit sums, divisible by 5; the 7th digit 7 also with sum + 1', () => {
    // 0 4 5 9 5 2 5 2 → 0, 8, 5, 18→9, 5, 4, 20→2, 2 = 35: divisible by 5 (not by 10: the pre-2023 rule says no).
    expect(isValidTaxId('04595252')).toBe(true);
    expect(isValidTaxId('10458570')).toBe(true);
    // 36 and 37: not divisible by 5, 7th digit 5.
    expect(isValidTaxId('04595253')).toBe(false);
    expect(isValidTaxId('04595254')).toBe(false);
    // 0000007x: the 7 weighs 28 → 2 + 8 = 10. x = 4: 14, not divisible, but 14 + 1 = 15 is.
    expect(isValidTaxId('00000074')).toBe(true);
    // x = 5: 15 divisible outright; x = 3: 13 and 14, neither.
    expect(isValidTaxId('00000075')).toBe(true);
    expect(isValidTaxId('00000073')).toBe(false);
    // The sum + 1 rule is for a 7th digit of 7 only: 00000064 → 6×4 = 24 → 6, + 4 = 10 (valid);
    // 00000063 → 9, and 9 + 1 = 10 would pass only under the 7 rule.
    expect(isValidTaxId('00000064')).toBe(true);
    expect(isValidTaxId('00000063')).toBe(false);
    for (const notEight of ['', '0459525', '045952520', '0459525a', ' 04595252']) {
      expect(isValidTaxId(notEight)).toBe(false);
    }
  });

  it('SubTotal: Quantity × UnitPrice on the exact decimals, a half away from zero', () => {
    expect(expectedSubTotal(3, 33.5)).toBe(101); // 100.5
    expect(expectedSubTotal(0.35, 128.5)).toBe(45); // 44.975
    expect(expectedSubTotal(1.005, 100)).toBe(101); // 100.5 (in binary 1.005 × 100 = 100.49999…)
    expect(expectedSubTotal(0.1, 3)).toBe(0); // 0.3
    expect(expectedSubTotal(1, -2.5)).toBe(-3); // a discount line: -2.5, away from zero
    expect(expectedSubTotal(2, 1050)).toBe(2100);
    expect(expectedSubTotal(0.7, 99.99)).toBe(70); // 69.993
    expect(expectedSubTotal(1.5, 1.3)).toBe(2); // 1.95
  });

  it('5 %: Tax = round(Amount × 0.05), the halves up', () => {
    expect(fivePercentOf(1000)).toBe(50);
    expect(fivePercentOf(10)).toBe(1); // 0.5
    expect(fivePercentOf(30)).toBe(2); // 1.5
    expect(fivePercentOf(49)).toBe(2); // 2.45
    expect(fivePercentOf(952)).toBe(48); // 47.6
    expect(fivePercentOf(9)).toBe(0); // 0.45
  });

  it('B TaxAmount: 5 % of SalesAmount rounded, a difference of 1 accepted', () => {
    expect([48, 49, 50, 51, 52].map((tax) => isBusinessTaxAcceptable(1000, tax))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    // 21 → 1.05 → 1: a till that split NT$22 as 21 + 1 or 20 + 2 is within the tolerance.
    expect(isBusinessTaxAcceptable(21, 1)).toBe(true);
    expect(isBusinessTaxAcceptable(20, 2)).toBe(true);
    expect(isBusinessTaxAcceptable(21, 3)).toBe(false);
  });

  it('allowance lines: B Tax = round(Amount × 0.05); C Amount = round(R / 1.05), Tax = R − Amount', () => {
    // B: one of two chairs (pre-tax line 2,000): 1,000 + 50.
    expect(isAllowanceLineTaxRight('B', '1', 1000, 50)).toBe(true);
    expect(isAllowanceLineTaxRight('B', '1', 1000, 49)).toBe(false);
    expect(isAllowanceLineTaxRight('B', '1', 10, 1)).toBe(true); // 0.5 → 1
    expect(isAllowanceLineTaxRight('B', '1', 10, 0)).toBe(false);
    // C: R = 1,050 → 1,000 + 50; R = 31 → 29.52… → 30 + 1; R = 35 → 33.33… → 33 + 2.
    expect(isAllowanceLineTaxRight('C', '1', 1000, 50)).toBe(true);
    expect(isAllowanceLineTaxRight('C', '1', 30, 1)).toBe(true);
    expect(isAllowanceLineTaxRight('C', '1', 29, 2)).toBe(false);
    expect(isAllowanceLineTaxRight('C', '1', 33, 2)).toBe(true);
    expect(isAllowanceLineTaxRight('C', '1', 34, 1)).toBe(false);
    // R = 10 → 9.52… → 10 + 0: a small refund may carry no tax at all.
    expect(isAllowanceLineTaxRight('C', '1', 10, 0)).toBe(true);
    // Zero-rated and exempt lines carry no tax, B or C.
    expect(isAllowanceLineTaxRight('B', '2', 1000, 0)).toBe(true);
    expect(isAllowanceLineTaxRight('C', '3', 1000, 50)).toBe(false);
    expect(
      allowanceHeaderSums([
        { Amount: 1000, Tax: 50 },
        { Amount: 33, Tax: 2 },
      ]),
    ).toEqual({
      totalAmount: 1033,
      taxAmount: 52,
    });
  });
});

/** Cases per property: CI's default; `PROPERTY_RUNS=20000` for a longer local search. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 500);

describe('the till’s rules agree with the training service’s (two implementations of one text)', () => {
  const eightDigits = fc.stringMatching(/^[0-9]{8}$/);

  it('validateBuyerTaxId accepts exactly the IDs the profile accepts', () => {
    fc.assert(
      fc.property(eightDigits, (id) => {
        // The till also refuses 00000000 (no real business has it); the profile does not say.
        if (id === '00000000') return;
        expect(validateBuyerTaxId(id).ok, id).toBe(isValidTaxId(id));
      }),
      { numRuns: RUNS },
    );
    // The random IDs rarely hit the 7th-digit-7 rule; walk every check digit of a few of those.
    for (const stem of ['0000007', '1234567', '9876577', '0459527']) {
      for (let last = 0; last <= 9; last++) {
        const id = `${stem.slice(0, 6)}7${last}`;
        expect(validateBuyerTaxId(id).ok, id).toBe(isValidTaxId(id));
      }
    }
  });

  it('lineSubtotal gives the profile’s SubTotal (counted items, weighed goods, discounts)', () => {
    const cents = fc.integer({ min: -500_000, max: 5_000_000 }).map((c) => c / 100);
    const quantity = fc.oneof(
      fc.integer({ min: 1, max: 999 }),
      fc.integer({ min: 1, max: 99_999 }).map((g) => g / 1000),
    );
    fc.assert(
      fc.property(quantity, cents, (q, p) => {
        // + 0: the till's rounding of a small discount gives -0, which JSON writes as 0.
        expect(lineSubtotal(q, p) + 0, `${q} × ${p}`).toBe(expectedSubTotal(q, p));
      }),
      { numRuns: RUNS },
    );
  });

  it('isAcceptableBusinessTax and businessLineTax follow the 5 % rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 600_000 }), (a, t) => {
        expect(isAcceptableBusinessTax(a, t)).toBe(isBusinessTaxAcceptable(a, t));
        expect(businessLineTax(a, '1')).toBe(fivePercentOf(a));
      }),
      { numRuns: RUNS },
    );
  });

  it('consumerRefundSplit sends every refund as the profile says (C allowance lines)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), (refund) => {
        const taxed = consumerRefundSplit(refund, '1');
        expect(taxed.amount + taxed.tax).toBe(refund);
        expect(isAllowanceLineTaxRight('C', '1', taxed.amount, taxed.tax), `R = ${refund}`).toBe(true);
        const exempt = consumerRefundSplit(refund, '3');
        expect(isAllowanceLineTaxRight('C', '3', exempt.amount, exempt.tax)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('splitTax for B: the header tax within the profile’s tolerance, lines adding up, each SubTotal right', () => {
    const line = fc.record({
      name: fc.constant('品項'),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPrice: fc.integer({ min: 1, max: 50_000 }),
      taxType: fc.constant('taxable' as const),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines: PricedLine[]) => {
        const split = splitTax(lines, 'B');
        if (!split.ok) throw new Error(split.reason.en);
        const { amounts } = split;
        expect(isBusinessTaxAcceptable(amounts.salesAmount, amounts.taxAmount)).toBe(true);
        expect(amounts.lines.reduce((sum, l) => sum + l.subTotal, 0)).toBe(amounts.salesAmount);
        for (const l of amounts.lines) expect(expectedSubTotal(l.quantity, l.unitPrice)).toBe(l.subTotal);
      }),
      { numRuns: RUNS },
    );
  });
});

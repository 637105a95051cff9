import { describe, expect, it } from 'vitest';
import {
  cartTotal,
  cashChange,
  composeQrCodes,
  displayWidth,
  formatInvoiceNumber,
  proofInvoiceNumber,
  invoicePeriod,
  isAcceptableBusinessTax,
  lineSubtotal,
  parseTaipeiDateTime,
  proofBarcode,
  rocDate,
  roundNtd,
  spreadRow,
  splitTax,
  taipeiBusinessDay,
  taipeiDateTime,
  type PricedLine,
} from '../../../src/shared/domain';

describe('invoice period in Asia/Taipei time', () => {
  it('puts a sale just after midnight in Taipei into the next period, whatever the machine zone', () => {
    // 2026-12-31T16:30Z is 2027-01-01 00:30 in Taipei.
    const instant = new Date('2026-12-31T16:30:00Z');
    expect(invoicePeriod(instant)).toMatchObject({
      rocYear: 116,
      startMonth: 1,
      endMonth: 2,
      text: '116年01-02月',
      code: '11602',
    });
    expect(taipeiBusinessDay(instant)).toBe('2027-01-01');
    expect(taipeiDateTime(instant)).toBe('2027-01-01T00:30:00');
  });
  it('uses the even month of the span', () => {
    expect(invoicePeriod(new Date('2026-11-22T04:00:00Z'))).toMatchObject({
      text: '115年11-12月',
      code: '11512',
    });
    expect(invoicePeriod(new Date('2026-12-01T04:00:00Z')).code).toBe('11512');
    expect(invoicePeriod(new Date('2026-04-30T15:59:59Z')).text).toBe('115年03-04月');
    expect(invoicePeriod(new Date('2026-04-30T16:00:00Z')).text).toBe('115年05-06月');
  });
  it('reads Taipei date-times back and refuses impossible ones', () => {
    expect(parseTaipeiDateTime('2026-11-22T12:00:00')?.toISOString()).toBe('2026-11-22T04:00:00.000Z');
    expect(parseTaipeiDateTime('2026-02-30T12:00:00')).toBeNull();
    expect(parseTaipeiDateTime('2026-11-22 12:00:00')).toBeNull();
    expect(rocDate(new Date('2026-11-22T04:00:00Z'))).toBe('1151122');
  });
});

describe('money', () => {
  it('rounds half away from zero after clearing float noise', () => {
    expect(roundNtd(2.5)).toBe(3);
    expect(roundNtd(-2.5)).toBe(-3);
    expect(lineSubtotal(3, 0.1 * 3)).toBe(1);
    expect(lineSubtotal(1.005, 100)).toBe(101);
    expect(lineSubtotal(0.333, 45)).toBe(15);
  });
  it('computes change and refuses a short tender', () => {
    expect(cashChange(150, 200)).toEqual({ ok: true, change: 50 });
    const short = cashChange(150, 100);
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.reason.zh).toBe('收款不足，尚差 50 元');
  });
});

const line = (
  name: string,
  quantity: number,
  unitPrice: number,
  taxType: PricedLine['taxType'] = 'taxable',
): PricedLine => ({
  name,
  quantity,
  unitPrice,
  taxType,
});

describe('B/C tax split (provider profile §3)', () => {
  it('keeps consumer amounts tax-inclusive with tax 0, mixed types as 9', () => {
    const result = splitTax(
      [line('咖啡', 2, 55), line('出口品', 1, 100, 'zero'), line('書', 1, 300, 'exempt')],
      'C',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.amounts).toMatchObject({
      taxType: '9',
      salesAmount: 110,
      zeroTaxSalesAmount: 100,
      freeTaxSalesAmount: 300,
      taxAmount: 0,
      totalAmount: 510,
    });
    expect(result.amounts.lines.map((l) => l.itemTaxType)).toEqual(['1', '2', '3']);
  });

  it('splits a business invoice from the inclusive total, lines adding up exactly', () => {
    const lines = [line('A', 3, 33), line('B', 1, 17), line('C', 7, 9)];
    const total = cartTotal(lines); // 99 + 17 + 63 = 179
    const result = splitTax(lines, 'B');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { amounts } = result;
    expect(amounts.salesAmount).toBe(Math.round(total / 1.05)); // 170
    expect(amounts.taxAmount).toBe(total - amounts.salesAmount);
    expect(amounts.totalAmount).toBe(total);
    expect(amounts.lines.reduce((sum, l) => sum + l.subTotal, 0)).toBe(amounts.salesAmount);
    expect(isAcceptableBusinessTax(amounts.salesAmount, amounts.taxAmount)).toBe(true);
    for (const l of amounts.lines) expect(lineSubtotal(l.quantity, l.unitPrice)).toBe(l.subTotal);
  });

  // Worked out by hand from profile §3 (never with the formula under test): the B split starts
  // from the tax-inclusive total, SalesAmount = round(total / 1.05), and the lines' pre-tax
  // amounts (each round(line / 1.05)) are made to add up by moving the largest line.
  const businessSplit = (lines: PricedLine[]) => {
    const result = splitTax(lines, 'B');
    if (!result.ok) throw new Error(result.reason.en);
    const { salesAmount, taxAmount, totalAmount } = result.amounts;
    return {
      salesAmount,
      taxAmount,
      totalAmount,
      lines: result.amounts.lines.map((l) => [l.quantity, l.unitPrice, l.subTotal]),
    };
  };

  it('B: remainders of .5 and above round up (NT$22 → 21 + 1, NT$31 → 30 + 1)', () => {
    // 22 / 1.05 = 20.952… → 21; a floor would give 20 + 2.
    expect(businessSplit([line('筆', 1, 22)])).toEqual({
      salesAmount: 21,
      taxAmount: 1,
      totalAmount: 22,
      lines: [[1, 21, 21]],
    });
    // 31 / 1.05 = 29.523… → 30.
    expect(businessSplit([line('筆記本', 1, 31)])).toMatchObject({ salesAmount: 30, taxAmount: 1 });
    // Below .5 stays down: 179 / 1.05 = 170.476… → 170 + 9.
    expect(businessSplit([line('A', 3, 33), line('B', 1, 17), line('C', 7, 9)])).toMatchObject({
      salesAmount: 170,
      taxAmount: 9,
    });
  });

  it('B: two chairs at 1,050 and shipping 100: 2,000 + 95 pre-tax, tax 105', () => {
    // 2,200 / 1.05 = 2,095.238… → 2,095; chairs 2,100 / 1.05 = 2,000 exactly; shipping
    // 100 / 1.05 = 95.238… → 95; 2,000 + 95 = 2,095: nothing to move.
    expect(businessSplit([line('辦公椅', 2, 1050), line('運費', 1, 100)])).toEqual({
      salesAmount: 2095,
      taxAmount: 105,
      totalAmount: 2200,
      lines: [
        [2, 1000, 2000],
        [1, 95, 95],
      ],
    });
  });

  it('B: the rounding adjustment moves the largest line (10 + 10 + 2 × 10)', () => {
    // Each 10 → 9.523… → 10; 20 → 19.047… → 19; the lines make 39, but 40 / 1.05 = 38.095… → 38:
    // the largest line (20 → 19) gives 1, so 18, unit price 9. Tax 40 − 38 = 2.
    expect(businessSplit([line('A', 1, 10), line('B', 1, 10), line('C', 2, 10)])).toEqual({
      salesAmount: 38,
      taxAmount: 2,
      totalAmount: 40,
      lines: [
        [1, 10, 10],
        [1, 10, 10],
        [2, 9, 18],
      ],
    });
  });

  it('B: a weighed line and a half at the line: 0.35 kg × 128.5 = 44.975 → 45, pre-tax 43', () => {
    // 45 / 1.05 = 42.857… → 43, tax 2; the unit price follows, 43 / 0.35 = 122.857142… → 122.8571.
    expect(businessSplit([line('牛肉', 0.35, 128.5)])).toEqual({
      salesAmount: 43,
      taxAmount: 2,
      totalAmount: 45,
      lines: [[0.35, 122.8571, 43]],
    });
    // 3 × 33.5 = 100.5 → 101 (the half goes up), 101 / 1.05 = 96.190… → 96, tax 5.
    expect(businessSplit([line('貼紙', 3, 33.5)])).toMatchObject({
      salesAmount: 96,
      taxAmount: 5,
      totalAmount: 101,
    });
  });

  it('refuses mixed tax for a business buyer, and zero or negative totals', () => {
    const mixed = splitTax([line('A', 1, 100), line('B', 1, 50, 'exempt')], 'B');
    expect(mixed.ok).toBe(false);
    if (!mixed.ok) expect(mixed.reason.zh).toContain('不能混合稅別');
    expect(splitTax([line('A', 1, 0)], 'C').ok).toBe(false);
    expect(splitTax([line('A', 1, 50), line('折扣', 1, -80)], 'C').ok).toBe(false);
    expect(splitTax([], 'C').ok).toBe(false);
  });
});

describe('proof codes', () => {
  const issuedAt = new Date('2026-11-22T04:05:06Z');
  it('builds the 19-character Code 39 content', () => {
    expect(proofBarcode(issuedAt, 'AB12345678', '0122')).toBe('11512AB123456780122');
  });
  it('shows an invoice number one way everywhere but on the printed proof (issue 24, item 8)', () => {
    // Screens, messages, exports: the e-invoice service's form, whichever way it was typed.
    expect(formatInvoiceNumber('AB12345678')).toBe('AB12345678');
    expect(formatInvoiceNumber('ab-12345678')).toBe('AB12345678');
    expect(formatInvoiceNumber(' TR-00000006 ')).toBe('TR00000006');
    expect(formatInvoiceNumber('T01-20261127-000001')).toBe('T01-20261127-000001');
    // The paper proof's legal layout, and only there.
    expect(proofInvoiceNumber('AB12345678')).toBe('AB-12345678');
  });
  it('starts the left QR with the 77 fixed characters and continues on the right after **', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ name: `測試商品${i}`, quantity: 1, unitPrice: 25 }));
    const { left, right } = composeQrCodes({
      invoiceNumber: 'AB12345678',
      rocDate: '1151122',
      randomNumber: '0122',
      salesAmount: null,
      totalAmount: 150,
      buyerId: '',
      sellerId: '24549210',
      verificationCode: 'x'.repeat(24),
      items,
    });
    expect(left.slice(0, 77)).toBe(
      'AB1234567811511220122' + '00000000' + '00000096' + '00000000' + '24549210' + 'x'.repeat(24),
    );
    expect(left.slice(77, 90)).toBe(':**********:6');
    expect(right.startsWith('**')).toBe(true);
    expect(left + right.slice(2)).toContain(':測試商品5:1:25');
  });
});

describe('display width', () => {
  it('counts a CJK character as two columns', () => {
    expect(displayWidth('總計')).toBe(4);
    expect(displayWidth('NT$150')).toBe(6);
    expect(displayWidth(spreadRow('咖啡拿鐵', '110', 32))).toBe(32);
  });
});

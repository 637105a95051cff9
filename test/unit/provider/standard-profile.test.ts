import { describe, expect, it } from 'vitest';
import {
  AllowanceData,
  CancelInvoiceData,
  CancelModel,
  STANDARD_LIMITS,
  allowanceLineValue,
  allowanceNumberOf,
  allowanceTotals,
  buildStandardRequestBody,
  businessLineTax,
  consumerRefundSplit,
  isLineTaxValid,
  isWithinVoidWindow,
  lastOperationOf,
  signRequest,
  standardOperationForPath,
  voidWindowEnd,
} from '../../../src/provider/standard-profile';
import { parseTaipeiDateTime, taipeiDateTime } from '../../../src/shared/domain';

const at = (text: string) => parseTaipeiDateTime(text)!;

describe('standard profile: refund split and line tax', () => {
  it('splits a consumer refund on a taxable line as round(R / 1.05) and R − Amount', () => {
    expect(consumerRefundSplit(100, '1')).toEqual({ amount: 95, tax: 5 });
    expect(consumerRefundSplit(10, '1')).toEqual({ amount: 10, tax: 0 });
    expect(consumerRefundSplit(21, '1')).toEqual({ amount: 20, tax: 1 });
    expect(consumerRefundSplit(1, '1')).toEqual({ amount: 1, tax: 0 });
    // Amount + Tax is always exactly the refund.
    for (let refund = 1; refund <= 2000; refund++) {
      const { amount, tax } = consumerRefundSplit(refund, '1');
      expect(amount + tax).toBe(refund);
      expect(isLineTaxValid('C', '1', amount, tax)).toBe(true);
    }
  });

  it('keeps untaxed consumer lines whole', () => {
    expect(consumerRefundSplit(37, '2')).toEqual({ amount: 37, tax: 0 });
    expect(consumerRefundSplit(37, '3')).toEqual({ amount: 37, tax: 0 });
  });

  it('taxes a business line at round(Amount × 0.05), untaxed at 0', () => {
    expect(businessLineTax(95, '1')).toBe(5);
    expect(businessLineTax(10, '1')).toBe(1); // 0.5 rounds away from zero
    expect(businessLineTax(9, '1')).toBe(0);
    expect(businessLineTax(95, '2')).toBe(0);
    expect(isLineTaxValid('B', '1', 95, 5)).toBe(true);
    expect(isLineTaxValid('B', '1', 95, 4)).toBe(false);
    expect(isLineTaxValid('B', '3', 95, 0)).toBe(true);
    expect(isLineTaxValid('C', '2', 95, 1)).toBe(false);
    expect(isLineTaxValid('C', '1', 95, 9)).toBe(false);
  });

  it("counts a line against its SubTotal in the invoice type's units", () => {
    expect(allowanceLineValue('C', 95, 5)).toBe(100);
    expect(allowanceLineValue('B', 95, 5)).toBe(95);
  });

  it('sums the header totals from the lines', () => {
    expect(
      allowanceTotals([
        { Amount: 95, Tax: 5 },
        { Amount: 20, Tax: 1 },
      ]),
    ).toEqual({ totalAmount: 115, taxAmount: 6 });
  });
});

describe('standard profile: void window', () => {
  it("ends with the invoice's two-month period, Asia/Taipei", () => {
    expect(taipeiDateTime(voidWindowEnd('2026-11-05T10:00:00')!)).toBe('2027-01-01T00:00:00');
    expect(taipeiDateTime(voidWindowEnd('2026-03-31T23:59:59')!)).toBe('2026-05-01T00:00:00');
    expect(taipeiDateTime(voidWindowEnd('2026-04-01T00:00:00')!)).toBe('2026-05-01T00:00:00');
    expect(voidWindowEnd('2026-02-30T00:00:00')).toBeNull();
  });

  it('is open until the last second of the period and closed at its end', () => {
    const issued = '2026-04-10T12:00:00';
    expect(isWithinVoidWindow(issued, at('2026-03-01T00:00:00'))).toBe(true);
    expect(isWithinVoidWindow(issued, at('2026-04-30T23:59:59'))).toBe(true);
    expect(isWithinVoidWindow(issued, at('2026-05-01T00:00:00'))).toBe(false);
    // 16:00 UTC on 30 April is already 1 May in Taipei.
    expect(isWithinVoidWindow(issued, new Date('2026-04-30T16:00:00Z'))).toBe(false);
    expect(isWithinVoidWindow(issued, new Date('2026-04-30T15:59:59Z'))).toBe(true);
    expect(isWithinVoidWindow('garbage', at('2026-03-01T00:00:00'))).toBe(false);
  });
});

describe('standard profile: numbers, paths, schemas, wrapper', () => {
  it('builds the allowance number from the prefix and a 3-digit serial', () => {
    expect(allowanceNumberOf('T010001', 1)).toBe('T010001001');
    expect(allowanceNumberOf('T010001', 42)).toBe('T010001042');
  });

  it('knows its paths and the process status families', () => {
    expect(standardOperationForPath('/Update/AllowanceInvoice')).toBe('allowanceInvoice');
    expect(standardOperationForPath('/Append/Order')).toBeNull();
    expect(lastOperationOf('C0')).toBe('voided');
    expect(lastOperationOf('D9')).toBe('allowanceVoided');
    expect(lastOperationOf('NF')).toBe('notFound');
    expect(lastOperationOf('ZZ')).toBeNull();
  });

  it('limits reasons to 20 characters and prefixes to 10', () => {
    const voidData = {
      SellerID: '12345678',
      InvoiceNumber: 'AB12345678',
      CancelDate: '2026-04-10T12:00:00',
      CancelReason: '退貨',
    };
    expect(CancelInvoiceData.safeParse(voidData).success).toBe(true);
    expect(CancelInvoiceData.safeParse({ ...voidData, CancelReason: 'x'.repeat(21) }).success).toBe(false);
    expect(CancelInvoiceData.safeParse({ ...voidData, CancelDate: '2026-04-31T00:00:00' }).success).toBe(
      false,
    );
    expect(
      CancelModel.safeParse({
        SellerID: '12345678',
        AllowanceNumber: 'T010001001',
        CancelDate: '2026-04-10T12:00:00',
        CancelReason: '開錯',
      }).data?.Remark,
    ).toBe('');
    const allowance = {
      AllowanceNumberPrefix: 'T010001',
      AllowanceDate: '2026-04-10T12:00:00',
      SellerID: '12345678',
      BuyerID: '0000000000',
      AllowanceType: '2',
      TaxAmount: 5,
      TotalAmount: 95,
      Details: [
        {
          InvoiceNumber: 'AB12345678',
          SequenceNumber: '001',
          Description: '茶',
          Quantity: 1,
          UnitPrice: 95,
          Amount: 95,
          ItemTaxType: '1',
          Tax: 5,
        },
      ],
    };
    expect(AllowanceData.safeParse(allowance).success).toBe(true);
    expect(
      AllowanceData.safeParse({
        ...allowance,
        AllowanceNumberPrefix: 'x'.repeat(STANDARD_LIMITS.allowancePrefixChars + 1),
      }).success,
    ).toBe(false);
    expect(AllowanceData.safeParse({ ...allowance, AllowanceType: '1' }).success).toBe(false);
  });

  it('signs the wrapper with the POS recipe', () => {
    const body = buildStandardRequestBody('12345678', 'secret', '1700000000', [{ x: 1 }]);
    expect(body.Signature).toBe(signRequest('12345678', 'secret', '1700000000'));
    expect(body.Signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

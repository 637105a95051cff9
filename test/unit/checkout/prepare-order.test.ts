import { describe, expect, it } from 'vitest';
import { prepareOrder } from '../../../src/main/checkout/prepare-order';
import { toPosOrderData } from '../../../src/provider/pos-profile';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';

const order = (invoice: CheckoutOrder['invoice'], extra: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  lines: [
    { name: '珍珠奶茶', quantity: 2, unitPrice: 55, taxType: 'taxable' },
    { name: '蛋糕', quantity: 1, unitPrice: 95, taxType: 'taxable' },
  ],
  payments: [{ method: 'cash', amount: 300 }],
  invoice,
  ...extra,
});

const reasonsOf = (o: CheckoutOrder) => {
  const result = prepareOrder(o);
  return result.ok ? [] : result.reasons.map((r) => r.en);
};

describe('prepareOrder: everything decided before anything is written or sent', () => {
  it('chooses the one operation of profile §2 for each invoice kind', () => {
    const op = (invoice: CheckoutOrder['invoice']) => {
      const result = prepareOrder(order(invoice));
      if (!result.ok) throw new Error(JSON.stringify(result.reasons));
      return result.order.operation;
    };
    expect(op({ kind: 'paper' })).toBe('order');
    expect(op({ kind: 'phone' })).toBe('orderReturnQKey');
    expect(op({ kind: 'carrier', carrierId: '/ABC+123' })).toBe('orderWithoutPrint');
    expect(op({ kind: 'donate', loveCode: '001' })).toBe('orderWithoutPrint');
    expect(op({ kind: 'business', buyerTaxId: '04595252', buyerTitle: '某某公司' })).toBe('order');
    expect(
      op({ kind: 'business', buyerTaxId: '04595252', buyerTitle: '某某公司', carrierId: '/ABC+123' }),
    ).toBe('orderWithoutPrint');
  });

  it('computes C amounts tax-inclusive and the change due', () => {
    const result = prepareOrder(order({ kind: 'paper' }));
    expect(result).toMatchObject({
      ok: true,
      order: {
        paid: 300,
        change: 95,
        amounts: { invoiceFor: 'C', totalAmount: 205, salesAmount: 205, taxAmount: 0 },
      },
    });
  });

  it('computes B amounts from the tax-inclusive total', () => {
    const result = prepareOrder(order({ kind: 'business', buyerTaxId: '04595252', buyerTitle: '某某公司' }));
    if (!result.ok) throw new Error('refused');
    expect(result.order.amounts).toMatchObject({
      invoiceFor: 'B',
      salesAmount: 195,
      taxAmount: 10,
      totalAmount: 205,
    });
    const data = toPosOrderData({
      orderNo: 'T01-20261122-000001',
      invoiceDateTime: '2026-11-22T10:00:00',
      deviceId: 'T01',
      operation: result.order.operation,
      ...result.order.amounts,
      buyerTaxId: result.order.invoice.buyerTaxId!,
      buyerTitle: result.order.invoice.buyerTitle!,
      lines: result.order.amounts.lines,
    });
    expect(data).toMatchObject({
      BillingNo: 'T01-20261122-000001',
      InvoiceFor: 'B',
      BuyerID: '04595252',
      BuyerInvoiceTitle: '某某公司',
      BuyerName: '某某公司',
      PrintMark: 'Y',
      TaxType: '1',
      SalesAmount: 195,
      TaxAmount: 10,
      TotalAmount: 205,
    });
    expect(data.Details.map((d) => d.SubTotal).reduce((a, b) => a + b)).toBe(195);
    expect(data.Details[0]!.DetailID).toBe('001');
  });

  it('normalizes carriers and infers the carrier type from the id', () => {
    const mobile = prepareOrder(order({ kind: 'carrier', carrierId: ' /abc+123 ' }));
    expect(mobile).toMatchObject({
      ok: true,
      order: { invoice: { carrierType: '3J0002', carrierId: '/ABC+123' } },
    });
    const citizen = prepareOrder(order({ kind: 'carrier', carrierId: 'AB12345678901234' }));
    expect(citizen).toMatchObject({ ok: true, order: { invoice: { carrierType: 'CQ0001' } } });
  });

  it('refuses bad buyer data with the validators’ bilingual reasons', () => {
    const result = prepareOrder(order({ kind: 'business', buyerTaxId: '12345678', buyerTitle: '' }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reasons.map((r) => r.en)).toEqual([
        'The tax ID check digit is wrong: check the number again',
        'A buyer title is required with a tax ID',
      ]);
      expect(result.reasons[0]!.zh).toContain('統一編號');
    }
  });

  it('refuses what does not belong to the chosen kind', () => {
    expect(
      reasonsOf(order({ kind: 'business', buyerTaxId: '04595252', buyerTitle: 'X', loveCode: '001' })),
    ).toEqual(['An invoice with a buyer tax ID cannot be donated']);
    expect(
      reasonsOf(
        order({ kind: 'business', buyerTaxId: '04595252', buyerTitle: 'X', carrierId: 'AB12345678901234' }),
      ),
    ).toEqual(['With a buyer tax ID the only carrier allowed is a mobile barcode']);
    expect(reasonsOf(order({ kind: 'paper', loveCode: '001' }))).toHaveLength(1);
    expect(reasonsOf(order({ kind: 'phone', carrierId: '/ABC+123' }))).toHaveLength(1);
    expect(reasonsOf(order({ kind: 'donate', loveCode: '001', buyerTaxId: '04595252' }))).toHaveLength(1);
    expect(reasonsOf(order({ kind: 'donate', loveCode: '12' }))).toEqual(['A love code is 3 to 7 digits']);
    expect(reasonsOf(order({ kind: 'carrier', carrierId: '/abc' }))).toHaveLength(1);
    expect(reasonsOf(order({ kind: 'carrier', carrierType: 'XX0001', carrierId: '/ABC+123' }))).toEqual([
      'Unsupported carrier type: XX0001',
    ]);
  });

  it('refuses lines, payments and totals that cannot make an invoice', () => {
    expect(reasonsOf(order({ kind: 'paper' }, { lines: [] }))).toContain('No items: nothing to check out');
    expect(
      reasonsOf(
        order(
          { kind: 'paper' },
          { lines: [{ name: 'a:b', quantity: 1, unitPrice: 10, taxType: 'taxable' }] },
        ),
      ),
    ).toEqual(['Line 1: A product name cannot contain ":"']);
    expect(
      reasonsOf(
        order({ kind: 'paper' }, { lines: [{ name: 'a', quantity: 0, unitPrice: 10, taxType: 'taxable' }] }),
      )[0],
    ).toMatch(/quantity/);
    expect(reasonsOf(order({ kind: 'paper' }, { payments: [] }))).toEqual(['No payment entered']);
    expect(reasonsOf(order({ kind: 'paper' }, { payments: [{ method: 'cash', amount: 10.5 }] }))[0]).toMatch(
      /whole number/,
    );
    expect(reasonsOf(order({ kind: 'paper' }, { payments: [{ method: 'cash', amount: 200 }] }))).toEqual([
      'Payments do not cover the total 205: 5 short',
    ]);
    expect(
      reasonsOf(
        order(
          { kind: 'paper' },
          {
            lines: [
              { name: 'a', quantity: 1, unitPrice: 10, taxType: 'taxable' },
              { name: '折扣', quantity: 1, unitPrice: -10, taxType: 'taxable' },
            ],
          },
        ),
      ),
    ).toEqual(['The total is zero or negative: no invoice can be issued']);
    expect(
      reasonsOf(
        order(
          { kind: 'business', buyerTaxId: '04595252', buyerTitle: 'X' },
          {
            lines: [
              { name: 'a', quantity: 1, unitPrice: 10, taxType: 'taxable' },
              { name: 'b', quantity: 1, unitPrice: 10, taxType: 'zero' },
            ],
          },
        ),
      )[0],
    ).toMatch(/cannot mix tax types/);
  });

  it('collects every reason at once, so the cashier fixes them in one go', () => {
    expect(
      reasonsOf(
        order(
          { kind: 'donate', loveCode: 'x' },
          { lines: [{ name: '', quantity: 1, unitPrice: 1, taxType: 'taxable' }], payments: [] },
        ),
      ),
    ).toHaveLength(3);
  });
});

describe('payments are recorded net of change', () => {
  it('keeps what the sale took on each payment, with the cash tendered and the change beside it', () => {
    // Total 205: card 100, cash 150 handed over → 45 change, cash kept 105.
    const result = prepareOrder(
      order(
        { kind: 'paper' },
        {
          payments: [
            { method: 'card', amount: 100 },
            { method: 'cash', amount: 150 },
          ],
        },
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.change).toBe(45);
    expect(result.order.payments).toEqual([
      { method: 'card', amount: 100 },
      { method: 'cash', amount: 105, tendered: 150, change: 45 },
    ]);
    expect(result.order.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(
      result.order.amounts.totalAmount,
    );
  });

  it('refuses change on a card: an overpaid card is a typing mistake', () => {
    expect(reasonsOf(order({ kind: 'paper' }, { payments: [{ method: 'card', amount: 300 }] }))).toEqual([
      'Card and other payments cannot exceed the amount due: only cash gets change',
    ]);
  });
});

describe('every line comes to at least NT$1 (a discount line to at most -NT$1)', () => {
  const line = (unitPrice: number, quantity = 1, name = 'a') => ({
    name,
    quantity,
    unitPrice,
    taxType: 'taxable' as const,
  });

  it('refuses a line whose quantity × unit price rounds to 0, with the line and the reason in both languages', () => {
    for (const zeroLine of [line(0), line(0.3), line(0.1, 4), line(-0.4)]) {
      const result = prepareOrder(order({ kind: 'paper' }, { lines: [line(100), zeroLine] }));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.reasons).toHaveLength(1);
      expect(result.reasons[0]!.zh).toMatch(/^第 2 項：小計.*為 0 元/);
      expect(result.reasons[0]!.en).toMatch(/^Line 2: its subtotal .* is NT\$0/);
    }
  });

  it('keeps a line of NT$1 (0.5 rounds up) and a discount line of -NT$1 or less', () => {
    const result = prepareOrder(
      order({ kind: 'paper' }, { lines: [line(100), line(0.5), line(-1, 1, '折扣'), line(-30, 1, '折扣')] }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.order.lines.map((l) => l.subTotal)).toEqual([100, 1, -1, -30]);
  });

  it('applies the rule to the pre-tax SubTotal a B invoice sends', () => {
    // 21 lines of NT$1: NT$20 before tax, and the rounding lands on one line, which would be 0.
    const lines = Array.from({ length: 21 }, (_, i) => line(1, 1, `item ${i + 1}`));
    const result = prepareOrder(
      order({ kind: 'business', buyerTaxId: '04595252', buyerTitle: '某某公司' }, { lines }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons[0]!.en).toMatch(/^Line 1 comes to NT\$0 before tax/);
    // The same items on one line are fine.
    expect(
      prepareOrder(
        order({ kind: 'business', buyerTaxId: '04595252', buyerTitle: '某某公司' }, { lines: [line(1, 21)] }),
      ).ok,
    ).toBe(true);
  });
});

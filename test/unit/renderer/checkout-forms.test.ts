import { describe, expect, it } from 'vitest';
import { checkInvoiceForm, emptyInvoiceForm } from '../../../src/renderer/src/checkout/invoice-form';
import {
  checkPayment,
  emptyPaymentForm,
  quickTenders,
} from '../../../src/renderer/src/checkout/payment-form';

const taxable = [{ name: '便當', quantity: 1, unitPrice: 79, taxType: 'taxable' as const }];
const mixed = [...taxable, { name: '報紙', quantity: 1, unitPrice: 15, taxType: 'exempt' as const }];

describe('the invoice choice, checked with the shared validators', () => {
  it('needs nothing for paper and the phone path', () => {
    expect(checkInvoiceForm({ ...emptyInvoiceForm(), kind: 'paper' }, taxable)).toEqual({
      ok: true,
      choice: { kind: 'paper' },
    });
    expect(checkInvoiceForm({ ...emptyInvoiceForm(), kind: 'phone' }, taxable)).toEqual({
      ok: true,
      choice: { kind: 'phone' },
    });
  });

  it('takes a mobile barcode (upper-cased, + kept) or a citizen certificate, with the carrier type', () => {
    const form = { ...emptyInvoiceForm(), kind: 'carrier' as const, carrierId: '/abc+123' };
    expect(checkInvoiceForm(form, taxable)).toEqual({
      ok: true,
      choice: { kind: 'carrier', carrierType: '3J0002', carrierId: '/ABC+123' },
    });
    const citizen = checkInvoiceForm(
      { ...form, carrierKind: 'citizen', carrierId: 'AB12345678901234', wantsDetails: true },
      taxable,
    );
    expect(citizen).toEqual({
      ok: true,
      choice: { kind: 'carrier', carrierType: 'CQ0001', carrierId: 'AB12345678901234', wantsDetails: true },
    });
    const short = checkInvoiceForm({ ...form, carrierId: '/ABC12' }, taxable);
    expect(short).toEqual({
      ok: false,
      errors: { carrierId: expect.objectContaining({ zh: '手機條碼是「/」加 7 個字元' }) },
    });
  });

  it('keeps a love code with leading zeros and refuses a short one', () => {
    expect(checkInvoiceForm({ ...emptyInvoiceForm(), kind: 'donate', loveCode: '0123' }, taxable)).toEqual({
      ok: true,
      choice: { kind: 'donate', loveCode: '0123' },
    });
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm(), kind: 'donate', loveCode: '12' }, taxable),
    ).toMatchObject({
      ok: false,
      errors: { loveCode: { en: 'A love code is 3 to 7 digits' } },
    });
  });

  it('needs a valid tax ID and a title for a business buyer, allows a mobile barcode, refuses mixed tax', () => {
    const base = { ...emptyInvoiceForm(), kind: 'business' as const };
    expect(checkInvoiceForm({ ...base, taxId: '12345678' }, taxable)).toMatchObject({
      ok: false,
      errors: {
        taxId: { zh: '統一編號檢查碼不正確，請再確認一次' },
        title: { zh: '有統一編號時必須填寫買受人抬頭' },
      },
    });
    expect(checkInvoiceForm({ ...base, taxId: '04595252', title: '測試股份有限公司' }, taxable)).toEqual({
      ok: true,
      choice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '測試股份有限公司' },
    });
    expect(
      checkInvoiceForm({ ...base, taxId: '10458570', title: '甲公司', businessMobile: '/ABC+123' }, taxable),
    ).toEqual({
      ok: true,
      choice: {
        kind: 'business',
        buyerTaxId: '10458570',
        buyerTitle: '甲公司',
        carrierType: '3J0002',
        carrierId: '/ABC+123',
      },
    });
    expect(
      checkInvoiceForm({ ...base, taxId: '04595252', title: '甲', businessMobile: 'nope' }, taxable),
    ).toMatchObject({
      ok: false,
      errors: { businessMobile: { en: 'A mobile barcode starts with "/"' } },
    });
    expect(checkInvoiceForm({ ...base, taxId: '04595252', title: '甲' }, mixed)).toMatchObject({
      ok: false,
      errors: { kind: { zh: '有統一編號的發票不能混合稅別，請分開結帳' } },
    });
  });
});

describe('payments', () => {
  it('cash: empty means exact, change via cashChange, too little is refused with the shortfall', () => {
    expect(checkPayment(emptyPaymentForm(), 129)).toEqual({
      ok: true,
      payments: [{ method: 'cash', amount: 129 }],
      change: 0,
      paid: 129,
    });
    expect(checkPayment({ ...emptyPaymentForm(), tendered: '500' }, 129)).toMatchObject({
      ok: true,
      change: 371,
    });
    expect(checkPayment({ ...emptyPaymentForm(), tendered: '100' }, 129)).toMatchObject({
      ok: false,
      reason: { zh: '收款不足，尚差 29 元' },
      remaining: 29,
    });
    expect(checkPayment({ ...emptyPaymentForm(), tendered: '1.5' }, 129)).toMatchObject({ ok: false });
  });

  it('card and other take the amount due', () => {
    expect(checkPayment({ ...emptyPaymentForm(), method: 'card', tendered: '999' }, 129)).toEqual({
      ok: true,
      payments: [{ method: 'card', amount: 129 }],
      change: 0,
      paid: 129,
    });
  });

  it('split: all must be whole dollars above 0, card may not exceed the total, cash may give change', () => {
    const split = (entries: [string, string][]) => ({
      ...emptyPaymentForm(),
      mode: 'split' as const,
      split: entries.map(([method, amount], i) => ({
        id: i,
        method: method as 'cash' | 'card' | 'other',
        amount,
      })),
    });
    expect(
      checkPayment(
        split([
          ['card', '39'],
          ['cash', '70'],
        ]),
        99,
      ),
    ).toEqual({
      ok: true,
      payments: [
        { method: 'card', amount: 39 },
        { method: 'cash', amount: 70 },
      ],
      change: 10,
      paid: 109,
    });
    expect(checkPayment(split([['card', '50']]), 99)).toMatchObject({
      ok: false,
      remaining: 49,
      reason: { en: '49 still to pay' },
    });
    expect(checkPayment(split([['card', '100']]), 99)).toMatchObject({
      ok: false,
      reason: { en: 'Card and other payments cannot exceed the amount due' },
    });
    expect(checkPayment(split([['cash', '']]), 99)).toMatchObject({
      ok: false,
      reason: { en: 'Payment 1 must be whole dollars above 0' },
    });
    expect(checkPayment(split([]), 99)).toMatchObject({ ok: false });
  });

  it('offers the exact amount and the next notes as quick cash', () => {
    expect(quickTenders(129)).toEqual([129, 200, 500, 1000]);
    expect(quickTenders(500)).toEqual([500, 1000]);
    expect(quickTenders(1234)).toEqual([1234, 1300, 1500, 2000]);
  });
});

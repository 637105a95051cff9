import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findHiddenCharacter,
  isVisibleText,
  replaceHiddenCharacters,
  validateBuyerTitle,
  validateProductName,
  validateVisibleText,
} from '../../../src/shared/domain';
import { CheckoutOrder, PaymentMethod } from '../../../src/shared/ipc/contract/checkout';
import { BusinessDay, PlainText } from '../../../src/shared/ipc/contract/define';
import { SettingsPatch } from '../../../src/shared/ipc/contract/settings';

/** Deterministic and small: these run on shared machines with every other test. */
const RUNS = { seed: 20261122, numRuns: 200 };

const HIDDEN_RANGES: Array<[number, number]> = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const isHidden = (cp: number) => HIDDEN_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
const hiddenChar = fc
  .constantFrom(...HIDDEN_RANGES)
  .chain(([lo, hi]) => fc.integer({ min: lo, max: hi }))
  .map((cp) => String.fromCodePoint(cp));
/** Any text at all: ASCII, CJK, emoji, controls. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 });
const hostileText = fc
  .tuple(anyText, hiddenChar, anyText)
  .map(([before, hidden, after]) => before + hidden + after);

describe('the one text rule: visible text only', () => {
  it('refuses exactly C0, DEL, C1, the line/paragraph separators and the bidi overrides/isolates', () => {
    for (let cp = 0; cp <= 0x2100; cp++) {
      expect(isVisibleText(`a${String.fromCodePoint(cp)}b`), cp.toString(16)).toBe(!isHidden(cp));
    }
    expect(isVisibleText('珍珠奶茶 大杯 (冰) 🧋 No.1')).toBe(true);
    expect(isVisibleText('\u200f')).toBe(true); // a mark, not an override: allowed
  });

  it('finds the first hidden character of any text with one in it, wherever it is', () => {
    fc.assert(
      fc.property(anyText, hiddenChar, anyText, (before, hidden, after) => {
        const found = findHiddenCharacter(before + hidden + after);
        expect(found).not.toBeNull();
        expect(found!.index).toBeLessThanOrEqual(before.length);
        expect(isHidden(found!.codePoint)).toBe(true);
      }),
      RUNS,
    );
  });

  it('says why in zh-TW first and English second, naming the code point', () => {
    const result = validateVisibleText('可樂\u001bp', { zh: '品名', en: 'The product name' });
    expect(result).toEqual({
      ok: false,
      reason: {
        zh: '「品名」含有看不見的控制字元 U+001B (ESC)（第 3 個字元），請刪除後再輸入',
        en: 'The product name contains an invisible control character U+001B (ESC) at position 3: remove it and type it again',
      },
    });
  });

  it('leaves no hidden character after replacement, and changes nothing in visible text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const replaced = replaceHiddenCharacters(text);
        expect(isVisibleText(replaced)).toBe(true);
        if (isVisibleText(text)) expect(replaced).toBe(text);
      }),
      RUNS,
    );
  });

  it('is the rule of the product-name and buyer-title validators too', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(validateProductName(text).ok).toBe(false);
        expect(validateBuyerTitle(text).ok).toBe(false);
      }),
      RUNS,
    );
    // A trailing line break is refused, not trimmed away.
    expect(validateProductName('可樂\n').ok).toBe(false);
  });

  it('is the rule of every PlainText field of the contract, with the reason in both languages', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const parsed = PlainText(1000).safeParse(text);
        expect(parsed.success).toBe(false);
        const issue = parsed.error!.issues.find((i) => i.code === 'custom')!;
        expect(issue.message).toMatch(/invisible control character U\+[0-9A-F]{4}/);
        expect(issue.code === 'custom' && issue.params?.zh).toMatch(/看不見的控制字元/);
      }),
      RUNS,
    );
  });
});

describe('the contract refuses hidden characters in every text a person supplies', () => {
  const order = {
    lines: [{ name: '可樂', quantity: 1, unitPrice: 30, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: 30 }],
    invoice: { kind: 'paper' },
  };
  const texts: Array<[string, (text: string) => unknown]> = [
    ['line name', (t) => ({ ...order, lines: [{ ...order.lines[0], name: t }] })],
    ['cashier', (t) => ({ ...order, cashier: t })],
    ['payment reference', (t) => ({ ...order, payments: [{ method: 'card', amount: 30, reference: t }] })],
    [
      'buyer title',
      (t) => ({ ...order, invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: t } }),
    ],
    ['buyer tax id', (t) => ({ ...order, invoice: { kind: 'business', buyerTaxId: t, buyerTitle: 'X' } })],
    ['carrier id', (t) => ({ ...order, invoice: { kind: 'carrier', carrierId: t } })],
    [
      'carrier type',
      (t) => ({ ...order, invoice: { kind: 'carrier', carrierType: t, carrierId: '/ABC+123' } }),
    ],
    ['love code', (t) => ({ ...order, invoice: { kind: 'donate', loveCode: t } })],
  ];

  it('accepts the same order with visible text', () => {
    expect(CheckoutOrder.safeParse(order).success).toBe(true);
  });

  it.each(texts)('refuses a %s with ESC p (drawer kick) or GS V (cut) in it', (_field, build) => {
    for (const text of ['可樂\u001bp\u0000\u0019\u00fa', '可樂\u001dV\u0001', '12\u202e34', '可樂\r\n']) {
      expect(CheckoutOrder.safeParse(build(text)).success).toBe(false);
    }
  });

  it('takes only the payment methods the checkout screen offers', () => {
    expect(PaymentMethod.options).toEqual(['cash', 'card', 'other']);
    for (const method of ['__proto__', 'constructor', 'toString', 'CASH', 'line-pay', '', 'cash\u0000']) {
      const parsed = CheckoutOrder.safeParse({ ...order, payments: [{ method, amount: 30 }] });
      expect(parsed.success, method).toBe(false);
    }
  });

  it('refuses hidden characters in the settings texts', () => {
    for (const patch of [
      { sellerName: '練習商店\u001bp' },
      { sellerName: '練習\n商店' },
      { tillId: 'T0\u00001' },
      { printer: { uri: 'tcp://127.0.0.1:9100\u001dV' } },
      { serviceUrl: 'https://example.com/\tpos' },
    ]) {
      expect(SettingsPatch.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
    }
    expect(SettingsPatch.safeParse({ sellerName: '練習商店' }).success).toBe(true);
  });
});

describe('a business day is a day of the calendar', () => {
  it('refuses days that do not exist and keeps the ones that do', () => {
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01']) {
      expect(BusinessDay.safeParse(day).success, day).toBe(false);
    }
    for (const day of ['2026-02-28', '2024-02-29', '2026-12-31', '2026-01-01']) {
      expect(BusinessDay.safeParse(day).success, day).toBe(true);
    }
  });

  it('agrees with the calendar for any YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const real =
            month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(BusinessDay.safeParse(text).success).toBe(real);
        },
      ),
      RUNS,
    );
  });
});

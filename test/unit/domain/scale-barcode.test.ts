import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildScaleBarcode,
  DEFAULT_SCALE_BARCODE,
  ean13CheckDigit,
  parseScaleBarcode,
  SCALE_EXAMPLE_CODE,
  scaleExampleAmount,
  type ScaleBarcodeConfig,
} from '../../../src/shared/domain/scale-barcode';

const on = (patch: Partial<ScaleBarcodeConfig> = {}): ScaleBarcodeConfig => ({
  ...DEFAULT_SCALE_BARCODE,
  enabled: true,
  ...patch,
});

const configArb = fc
  .record({
    from: fc.integer({ min: 20, max: 29 }),
    span: fc.integer({ min: 0, max: 9 }),
    codeLength: fc.integer({ min: 4, max: 6 }),
    value: fc.constantFrom<'price' | 'weight'>('price', 'weight'),
    decimals: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ from, span, codeLength, value, decimals }): ScaleBarcodeConfig => ({
    enabled: true,
    prefixFrom: from,
    prefixTo: Math.min(29, from + span),
    codeLength,
    value,
    decimals: value === 'price' ? Math.min(decimals, 2) : decimals,
  }));

describe('EAN-13 check digit', () => {
  it('matches real barcodes', () => {
    expect(ean13CheckDigit('471008800117')).toBe(7);
    expect(ean13CheckDigit('471008800168')).toBe(9);
    expect(ean13CheckDigit('400638133393')).toBe(1);
  });
});

describe('parseScaleBarcode', () => {
  it('reads product code and price: 20 · 12345 · 00150 · check', () => {
    const label = buildScaleBarcode(20, '12345', 150, { codeLength: 5, decimals: 0 });
    expect(label).toMatch(/^201234500150\d$/);
    expect(parseScaleBarcode(label, on())).toEqual({
      prefix: 20,
      productCode: '12345',
      value: 'price',
      amount: 150,
    });
  });

  it('reads a weight in grams as kilograms (3 decimals) and keeps leading zeros of the code', () => {
    const label = buildScaleBarcode(21, '00042', 0.532, { codeLength: 5, decimals: 3 });
    expect(parseScaleBarcode(label, on({ value: 'weight', decimals: 3 }))).toEqual({
      prefix: 21,
      productCode: '00042',
      value: 'weight',
      amount: 0.532,
    });
  });

  it('is not a scale label when disabled, out of range, badly checked, or not 13 digits', () => {
    const label = buildScaleBarcode(25, '12345', 99, { codeLength: 5, decimals: 0 });
    expect(parseScaleBarcode(label, DEFAULT_SCALE_BARCODE)).toBeNull();
    expect(parseScaleBarcode(label, on({ prefixFrom: 20, prefixTo: 24 }))).toBeNull();
    const wrong = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    expect(parseScaleBarcode(wrong, on())).toBeNull();
    expect(parseScaleBarcode('4710088001177', on())).toBeNull(); // an ordinary product
    expect(parseScaleBarcode(label.slice(1), on())).toBeNull();
    expect(parseScaleBarcode(`${label}0`, on())).toBeNull();
  });

  it('property: every label built in the configured layout reads back its code and amount', () => {
    fc.assert(
      fc.property(configArb, fc.nat(), fc.nat(), fc.nat(), (config, p, c, v) => {
        const prefix = config.prefixFrom + (p % (config.prefixTo - config.prefixFrom + 1));
        const productCode = String(c % 10 ** config.codeLength).padStart(config.codeLength, '0');
        const scaled = v % 10 ** (10 - config.codeLength);
        const amount = scaled / 10 ** config.decimals;
        const label = buildScaleBarcode(prefix, productCode, amount, config);
        expect(label).toHaveLength(13);
        const parsed = parseScaleBarcode(label, config);
        expect(parsed).not.toBeNull();
        expect(parsed!.productCode).toBe(productCode);
        expect(parsed!.prefix).toBe(prefix);
        expect(Math.round(parsed!.amount * 10 ** config.decimals)).toBe(scaled);
      }),
    );
  });

  it('property: a single changed digit is never read as a (different) label: the check digit catches it', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.nat(),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (config, n, at, delta) => {
          const label = buildScaleBarcode(config.prefixFrom, String(n % 10 ** config.codeLength), 1, config);
          const changed = `${label.slice(0, at)}${(Number(label[at]) + delta) % 10}${label.slice(at + 1)}`;
          expect(parseScaleBarcode(changed, config)).toBeNull();
        },
      ),
    );
  });

  it('property: codes that are not 13 digits, or prefixes outside 20-29, are never labels', () => {
    fc.assert(
      fc.property(fc.string(), configArb, (code, config) => {
        const parsed = parseScaleBarcode(code, config);
        if (parsed) {
          expect(code).toMatch(/^\d{13}$/);
          expect(parsed.prefix).toBeGreaterThanOrEqual(20);
          expect(parsed.prefix).toBeLessThanOrEqual(29);
        }
      }),
    );
  });
});

// Issue 24, item 9: Settings' example label reads back as the amount it is shown with, for every
// layout the settings accept (「金額 1.5 元」 with 0 decimals scanned as NT$2).
describe('the example label of Settings', () => {
  it('carries its amount exactly, whatever the decimals', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const amount = scaleExampleAmount(config);
        const code = SCALE_EXAMPLE_CODE.padStart(config.codeLength, '0').slice(-config.codeLength);
        const label = buildScaleBarcode(config.prefixFrom, code, amount, config);
        const read = parseScaleBarcode(label, config);
        expect(read).toEqual({ prefix: config.prefixFrom, productCode: code, value: config.value, amount });
        expect(Number(amount.toFixed(config.decimals))).toBe(amount);
      }),
    );
  });

  it('with 0 decimals shows a whole amount: NT$128, 2 kg', () => {
    expect(scaleExampleAmount({ value: 'price', decimals: 0 })).toBe(128);
    expect(scaleExampleAmount({ value: 'weight', decimals: 0 })).toBe(2);
    expect(scaleExampleAmount({ value: 'price', decimals: 1 })).toBe(1.5);
  });
});

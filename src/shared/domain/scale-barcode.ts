/**
 * Price-embedded barcodes from a scale (店內碼, in-store EAN-13 with prefix 20-29): the label
 * carries the product's code and either its price or its weight. Layout, left to right:
 *
 *   PP · CCCCC · VVVVV · K
 *   prefix (2 digits, within the configured range) · product code (`codeLength` digits) ·
 *   value (the rest, 10 − codeLength digits, with `decimals` of them after the point) ·
 *   the EAN-13 check digit.
 *
 * Pure: the store's layout comes from Settings; the catalog lookup and the cart line are the
 * caller's (the product is found by the embedded code; the line is the embedded price, or the
 * weight × the catalog's unit price per kilogram).
 */
export interface ScaleBarcodeConfig {
  enabled: boolean;
  /** The lowest and highest 2-digit prefix read as a scale label (20-29 by GS1). */
  prefixFrom: number;
  prefixTo: number;
  /** Digits of the product code after the prefix (4 to 6). */
  codeLength: number;
  /** What the value digits are: the price in NT$, or the weight in kilograms. */
  value: 'price' | 'weight';
  /** Digits of the value after the decimal point (price: 0-2; weight: 0-3, e.g. 3 = grams). */
  decimals: number;
}

export const DEFAULT_SCALE_BARCODE: ScaleBarcodeConfig = {
  enabled: false,
  prefixFrom: 20,
  prefixTo: 29,
  codeLength: 5,
  value: 'price',
  decimals: 0,
};

export interface ScaleBarcode {
  prefix: number;
  /** The embedded product code, leading zeros kept (the catalog's code or barcode). */
  productCode: string;
  value: 'price' | 'weight';
  /** The price in NT$ or the weight in kg, `decimals` applied. */
  amount: number;
}

/** The EAN-13 check digit of the first 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('ean13CheckDigit needs 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Is the configuration one the parser can read (what Settings accepts)? */
export function isScaleBarcodeConfig(config: ScaleBarcodeConfig): boolean {
  return (
    Number.isInteger(config.prefixFrom) &&
    Number.isInteger(config.prefixTo) &&
    config.prefixFrom >= 20 &&
    config.prefixTo <= 29 &&
    config.prefixFrom <= config.prefixTo &&
    Number.isInteger(config.codeLength) &&
    config.codeLength >= 4 &&
    config.codeLength <= 6 &&
    Number.isInteger(config.decimals) &&
    config.decimals >= 0 &&
    config.decimals <= (config.value === 'price' ? 2 : 3)
  );
}

/**
 * Reads a scale label; null when it is not one (disabled, not 13 digits, a prefix outside the
 * range, a wrong check digit): the caller then treats the code as an ordinary barcode.
 */
export function parseScaleBarcode(code: string, config: ScaleBarcodeConfig): ScaleBarcode | null {
  if (!config.enabled || !isScaleBarcodeConfig(config)) return null;
  if (!/^\d{13}$/.test(code)) return null;
  const prefix = Number(code.slice(0, 2));
  if (prefix < config.prefixFrom || prefix > config.prefixTo) return null;
  if (ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) return null;
  const productCode = code.slice(2, 2 + config.codeLength);
  const digits = code.slice(2 + config.codeLength, 12);
  const amount = Number(digits) / 10 ** config.decimals;
  return { prefix, productCode, value: config.value, amount };
}

/**
 * The product code Settings' example label carries: the sample catalog's scale product (01234,
 * 台灣芭樂 秤重) at the default 5 digits, so the example scans in training as it reads.
 */
export const SCALE_EXAMPLE_CODE = '01234';

/**
 * The amount Settings' example label shows: one the configured decimals carry exactly (issue 24:
 * 「金額 1.5 元」 with 0 decimals scanned as NT$2). 1.5 with decimals; whole without: NT$128 or 2 kg.
 */
export function scaleExampleAmount(config: Pick<ScaleBarcodeConfig, 'value' | 'decimals'>): number {
  if (config.decimals > 0) return 1.5;
  return config.value === 'price' ? 128 : 2;
}

/** Builds a scale label (for tests and a label printer's preview): the inverse of parseScaleBarcode. */
export function buildScaleBarcode(
  prefix: number,
  productCode: string,
  amount: number,
  config: Pick<ScaleBarcodeConfig, 'codeLength' | 'decimals'>,
): string {
  const valueLength = 10 - config.codeLength;
  const scaled = Math.round(amount * 10 ** config.decimals);
  const first12 = `${String(prefix).padStart(2, '0')}${productCode.padStart(config.codeLength, '0')}${String(scaled).padStart(valueLength, '0')}`;
  if (!/^\d{12}$/.test(first12)) throw new Error('the label does not fit 13 digits');
  return `${first12}${ean13CheckDigit(first12)}`;
}

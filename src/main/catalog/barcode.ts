/**
 * Retail barcodes as a shop's products carry them: EAN-13 (Taiwan's start with 471), EAN-8 and
 * UPC-A (12 digits). The last digit is a check digit: weights 3 and 1 from the right, the total a
 * multiple of 10. A typo in a catalog file is caught here instead of at the counter.
 */
export function isValidRetailBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  let sum = 0;
  const body = code.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    // Weight 3 for the digit next to the check digit, then alternating.
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(code[code.length - 1]);
}

/** Completes a 7-, 11- or 12-digit body with its check digit (tests and sample data). */
export function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    if (isValidRetailBarcode(body + d)) return body + d;
  }
  throw new Error(`not a barcode body: ${body}`);
}

/** The field each invoice kind needs typed first (paper and phone need none). */
export const INVOICE_FIELD: Partial<Record<string, string>> = {
  carrier: 'carrier-id',
  donate: 'love-code',
  business: 'tax-id',
};

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/**
 * Puts the cursor in the field the invoice kind needs (the tax ID for a business invoice): the
 * checkout and 改開 both pick a kind by its F-key and the cashier types next. False when the kind
 * has no field or it is not on screen.
 */
export function focusInvoiceField(kind: string): boolean {
  const id = INVOICE_FIELD[kind];
  const input = id ? byTestId(id) : null;
  if (!input) return false;
  input.focus();
  if (input instanceof HTMLInputElement) input.select();
  return true;
}

/** Each checked field's input on screen (the form's field names as invoice-form checks them). */
const FIELD_INPUT: Record<string, string> = {
  carrierId: 'carrier-id',
  loveCode: 'love-code',
  taxId: 'tax-id',
  title: 'buyer-title',
  businessMobile: 'business-mobile',
};

/** Puts the cursor in the first field with a problem (of these, in the form's order); false if none. */
export function focusFirstProblem(fields: readonly string[]): boolean {
  for (const field of Object.keys(FIELD_INPUT)) {
    if (!fields.includes(field)) continue;
    const input = byTestId(FIELD_INPUT[field]!);
    if (!input) continue;
    input.focus();
    return true;
  }
  return false;
}

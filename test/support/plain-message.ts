import { expect } from 'vitest';

/**
 * Provider and transport text a cashier must never read (issue 15): error codes, HTTP statuses,
 * field names and the provider's own ResultMessage. It belongs in the detail view.
 */
export const TECHNICAL_TEXT =
  /ECONN|ETIMEDOUT|EPIPE|ENOTFOUND|socket|HTTP|StatusCode|ResultMessage|BuyerIdentifier|BillingNo|sent, then|Seller suspended|within \d+ ms/i;

/** The cashier's message, in both languages, carries none of {@link TECHNICAL_TEXT}. */
export function expectPlainMessage(message: { zh: string; en: string }): void {
  expect(message.zh, 'zh cashier message').not.toMatch(TECHNICAL_TEXT);
  expect(message.en, 'en cashier message').not.toMatch(TECHNICAL_TEXT);
}

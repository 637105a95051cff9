import type { Bilingual } from './i18n';

/**
 * Common love codes (愛心碼) offered beside the love-code field (issue 24, item 10), so a cashier
 * asked "捐給家扶" need not know the digits. Only codes these charities publish in their own
 * invoice-donation campaigns are listed; the authority is the Ministry of Finance e-invoice
 * platform's love-code search (財政部電子發票整合服務平台, 捐贈碼查詢:
 * https://www.einvoice.nat.gov.tw/), which a store should check before adding one. A code never
 * comes from here unchecked: the field's own validator still applies.
 */
export interface LoveCodeEntry {
  code: string;
  name: Bilingual;
}

export const COMMON_LOVE_CODES: readonly LoveCodeEntry[] = [
  {
    code: '8585',
    name: { zh: '台灣兒童暨家庭扶助基金會（家扶）', en: 'Taiwan Fund for Children and Families' },
  },
  {
    code: '919',
    name: { zh: '創世社會福利基金會', en: 'Genesis Social Welfare Foundation' },
  },
];

/** The listed charity of a love code, or null (most codes are not listed: that is no error). */
export function loveCodeName(code: string): Bilingual | null {
  return COMMON_LOVE_CODES.find((entry) => entry.code === code.trim())?.name ?? null;
}

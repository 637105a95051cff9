import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PosOrderData, PosResponse } from '../pos-profile';
import type { ProviderVariant } from './variant';

/**
 * SystemLead (provider profile §6, from its public ERP API documentation, `SL-PD/Einvoice_Erp_api`):
 * - Signature: SHA-256 of the ASCII string `Timestamp + Salt` (the signing secret), UPPERCASE hex,
 *   without CompanyID.
 * - Order fields: `RelateNumber` for the order number (BillingNo), `UseFor` for DeviceID,
 *   `PrintWithDetail` for PrintMark, and `DonateMark` ('1' with a love code, else '0').
 * - Issue answers without `StatusCode`: an array of `{ InvoiceID, InvoiceDateTime, AuthCode }` on
 *   success, of `{ ..., Message }` on failure.
 *
 * Assumptions of this adapter that the profile does not fix (verify with the provider, then
 * change this file only): `AuthCode` is the 4-digit random code; one order is one array element;
 * the POS extras (`PrintDataString`, `QKey`, `QrCodeUrl`) ride along in the element under the
 * profile's names when the operation returns them.
 */
export function systemLeadSignature(timestamp: string, salt: string): string {
  return createHash('sha256')
    .update(timestamp + salt, 'ascii')
    .digest('hex')
    .toUpperCase();
}

/** Canonical name → SystemLead's name. Every other field keeps the profile's name. */
const RENAMED = {
  BillingNo: 'RelateNumber',
  DeviceID: 'UseFor',
  PrintMark: 'PrintWithDetail',
} as const satisfies Partial<Record<keyof PosOrderData, string>>;

const Extras = {
  PrintDataString: z.string().optional(),
  QKey: z.string().optional(),
  QrCodeUrl: z.string().optional(),
};
const Issued = z.object({
  InvoiceID: z.string(),
  InvoiceDateTime: z.string(),
  AuthCode: z.string(),
  RelateNumber: z.string().optional(),
  Message: z.string().optional(),
  ...Extras,
});
const Failed = z.object({ Message: z.string().min(1) });
const ISSUED_MESSAGE = 'Invoice issued';

export const systemLeadVariant: ProviderVariant = {
  id: 'systemlead',
  label: { zh: 'SystemLead（ERP API）', en: 'SystemLead (ERP API)' },
  signatureRecipe: {
    zh: 'SHA-256(Timestamp + Salt)，大寫十六進位，不含 CompanyID',
    en: 'SHA-256(Timestamp + Salt), UPPERCASE hex, without CompanyID',
  },
  sign: (_companyId, signingSecret, timestamp) => systemLeadSignature(timestamp, signingSecret),

  toWireOrder(data) {
    const wire: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      wire[(RENAMED as Record<string, string>)[key] ?? key] = value;
    }
    wire.DonateMark = data.NPOBAN ? '1' : '0';
    return wire;
  },

  fromWireOrder(data) {
    const canonical: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (key === 'DonateMark') continue;
      if ((Object.keys(RENAMED) as string[]).includes(key)) {
        return { ok: false, message: `${key} is not a field of this API` };
      }
      const original = Object.entries(RENAMED).find(([, wire]) => wire === key)?.[0];
      canonical[original ?? key] = value;
    }
    const donate = data.DonateMark;
    if (donate !== '0' && donate !== '1') return { ok: false, message: 'DonateMark must be 0 or 1' };
    if ((donate === '1') !== Boolean(data.NPOBAN)) {
      return { ok: false, message: 'DonateMark must be 1 exactly when NPOBAN is given' };
    }
    return { ok: true, data: canonical };
  },

  toWireAnswer(response) {
    if (response.StatusCode === 0) return [{ Message: response.ResultMessage }];
    const element: Record<string, unknown> = {
      InvoiceID: response.InvoiceNumber,
      InvoiceDateTime: response.InvoiceDateTime,
      AuthCode: response.RandomNumber,
    };
    for (const key of ['PrintDataString', 'QKey', 'QrCodeUrl'] as const) {
      if (response[key] !== undefined) element[key] = response[key];
    }
    return [element];
  },

  readAnswer(json, billingNo) {
    // One order, one element: anything else is not an answer this till can attribute.
    if (!Array.isArray(json) || json.length !== 1) return null;
    const element: unknown = json[0];
    if (typeof element !== 'object' || element === null) return null;
    const hasInvoice = 'InvoiceID' in element;
    if (!hasInvoice) {
      const failed = Failed.safeParse(element);
      return failed.success ? { StatusCode: 0, ResultMessage: failed.data.Message } : null;
    }
    const issued = Issued.safeParse(element);
    if (!issued.success) return null;
    const { InvoiceID, InvoiceDateTime, AuthCode, RelateNumber, PrintDataString, QKey, QrCodeUrl } =
      issued.data;
    const answer: PosResponse = {
      StatusCode: 1,
      ResultMessage: issued.data.Message ?? ISSUED_MESSAGE,
      InvoiceNumber: InvoiceID,
      InvoiceDateTime,
      RandomNumber: AuthCode,
    };
    const number = RelateNumber ?? billingNo;
    if (number !== undefined) answer.BillingNo = number;
    if (PrintDataString !== undefined) answer.PrintDataString = PrintDataString;
    if (QKey !== undefined) answer.QKey = QKey;
    if (QrCodeUrl !== undefined) answer.QrCodeUrl = QrCodeUrl;
    return answer;
  },
};

import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseTaipeiDateTime, taipeiDateTime, type Bilingual } from '../../shared/domain';
import {
  CONSUMER_BUYER_NAME,
  POS_OPERATIONS,
  RANDOM_NUMBER_PATTERN,
  RESULT_MESSAGES,
  type PosOperation,
  type PosOrderData,
  type PosResponse,
} from '../pos-profile';
import { systemLeadStandardDialect, systemLeadText } from './systemlead-standard';
import type { ProviderVariant } from './variant';

/**
 * SystemLead (provider profile §6), checked against its public ERP API documentation
 * (`SL-PD/Einvoice_Erp_api`, folder `CHT/`):
 * - Signature (`Signature.md`): SHA-256 of the ASCII string `Timestamp + Salt` (the signing
 *   secret), UPPERCASE hex, without CompanyID.
 * - Order fields (`Receipt.md`): `RelateNumber` (20 characters) for the order number,
 *   `UseFor` (the number segment group of `/Inquire/GetInvoiceIDList`, 2 characters) for DeviceID,
 *   `BuyerEmail`, `MainRemark`; `PrintMark` under its own name; `DonateMark` `Y`/`N` (C only: with
 *   PrintMark=Y only `N`). The random code is a REQUEST field the seller chooses: `RandomNumber`
 *   (C) or `CheckNumber` (B), 4 digits, printed on the proof and equal to what is uploaded.
 *   `PrintWithDetail` and `PrinterNo` drive SystemLead's own printer: never sent (this till
 *   prints).
 * - Issue answers without `StatusCode` (`b2bJsonSample.md`): an array of
 *   `{ InvoiceID, InvoiceDateTime, AuthCode }` on success, `{ [InvoiceID, InvoiceDateTime,]
 *   Message }` on failure. `AuthCode` is an authorization code (a GUID), never the random code:
 *   it stays in the journal's copy of the answer as the provider's evidence. The answer carries no
 *   random code (the till sent it) and no `PrintDataString` (the till builds the proof).
 *
 * The standard API's shapes (batch bodies, answers without StatusCode, the number list):
 * `./systemlead-standard.ts`.
 *
 * - Operations (`InvoiceApiList.md`): `/Append/Order` only, no `/Append/OrderWithoutPrint` and no
 *   `/Append/OrderReturnQKey`. A carrier or love-code sale is `/Append/Order` with `PrintMark` N and
 *   the carrier fields, or `DonateMark` Y and `NPOBAN`; there is no donate/bind page, so the till
 *   does not offer "the customer decides on the phone" in this variant.
 * - Authentication (`ApiHeader.md`, `Signature.md`): no `apiKey` header; one Salt per company.
 * - `Data.CompanyID` is mandatory (`Receipt.md`, both samples). `InvoiceDateTime` is not sent in
 *   order mode ("訂單版得不需傳入"); where it is sent and answered it is UTC, ISO 8601
 *   (`2011-07-14T19:43:37`), so the answer's time is read as UTC and kept as Taipei time.
 *
 * Still an assumption (verify with the provider, then change this file only): one order is one
 * array element of the answer.
 */
export function systemLeadSignature(timestamp: string, salt: string): string {
  return createHash('sha256')
    .update(timestamp + salt, 'ascii')
    .digest('hex')
    .toUpperCase();
}

/** Field lengths SystemLead allows where the till's own may be longer (`Receipt.md`). */
export const SYSTEMLEAD_LIMITS = { UseFor: 2, RelateNumber: 20 } as const;

/** Canonical name → SystemLead's name. Every other field keeps the profile's name. */
const RENAMED = {
  BillingNo: 'RelateNumber',
  DeviceID: 'UseFor',
  BuyerEmailAddress: 'BuyerEmail',
  Note: 'MainRemark',
} as const satisfies Partial<Record<keyof PosOrderData, string>>;
const CANONICAL_NAMES = Object.keys(RENAMED) as string[];
const CANONICAL_OF = new Map<string, string>(
  Object.entries(RENAMED).map(([canonical, wire]) => [wire, canonical]),
);

/** The random code's wire name: C invoices have a `RandomNumber`, B invoices a `CheckNumber`. */
const randomCodeField = (invoiceFor: unknown) => (invoiceFor === 'B' ? 'CheckNumber' : 'RandomNumber');

/** SystemLead's own texts for the checks the profile names, read as the profile's texts. */
const KNOWN_MESSAGES: Readonly<Record<string, string>> = {
  簽章驗證錯誤: RESULT_MESSAGES.signatureMismatch,
};

const Issued = z.object({
  InvoiceID: z.string(),
  InvoiceDateTime: z.string(),
  AuthCode: z.string().min(1),
  RelateNumber: z.string().optional(),
});
const Failed = z.object({ Message: z.string().min(1) });
const ISSUED_MESSAGE = 'Invoice issued';

/** `Receipt.md`'s `InvoiceDateTime`: ISO 8601, UTC, to the second (a trailing `Z` read too). */
const UTC_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z?$/;

/** A SystemLead time (UTC) as the till's Taipei `YYYY-MM-DDTHH:mm:ss`; null when it is not one. */
export function systemLeadTimeToTaipei(text: string): string | null {
  const match = UTC_DATE_TIME.exec(text);
  if (!match) return null;
  const instant = new Date(`${match.slice(1, 4).join('-')}T${match.slice(4, 7).join(':')}Z`);
  if (Number.isNaN(instant.getTime())) return null;
  // The round trip refuses 2026-02-30 and 25:00, as the Taipei reading does.
  return systemLeadTime(instant) === `${match.slice(1, 4).join('-')}T${match.slice(4, 7).join(':')}`
    ? taipeiDateTime(instant)
    : null;
}

/** An instant as SystemLead writes `InvoiceDateTime`: UTC, `YYYY-MM-DDTHH:mm:ss`. */
export function systemLeadTime(instant: Date): string {
  return instant.toISOString().slice(0, 19);
}

/** The till's Taipei time as SystemLead's UTC text; null when it is not a Taipei time. */
export function taipeiToSystemLeadTime(text: string): string | null {
  const instant = parseTaipeiDateTime(text);
  return instant ? systemLeadTime(instant) : null;
}

/**
 * The number group an order without `UseFor` is issued from (optional in `Receipt.md`): the
 * sample's group (`GetInvoiceIDList.md`). Only the training service uses it; the till always sends
 * its id.
 */
export const SYSTEMLEAD_DEFAULT_USE_FOR = 'U1';

/** The operations SystemLead has, by the till's name (`InvoiceApiList.md`). */
const SYSTEMLEAD_PATHS: Readonly<Record<PosOperation, string | null>> = {
  order: POS_OPERATIONS.order,
  // PrintMark N and the carrier fields, or DonateMark Y and NPOBAN, on the one order operation.
  orderWithoutPrint: POS_OPERATIONS.order,
  orderReturnQKey: null,
};

function missingOperation(operation: PosOperation): Bilingual | null {
  if (SYSTEMLEAD_PATHS[operation] !== null) return null;
  return {
    zh: 'SystemLead 沒有「客人用手機決定」（捐贈或歸戶頁面）：請在櫃台掃描手機條碼載具或輸入愛心碼，或列印紙本證明聯。',
    en: 'SystemLead has no "customer decides on the phone" (no donate/bind page): scan the mobile barcode or enter the love code at the counter, or print the paper proof.',
  };
}

/** Amount fields `Receipt.md` makes conditional, as the documents' defaults for the tax type. */
function defaultAmounts(data: Record<string, unknown>, canonical: Record<string, unknown>): void {
  const total = typeof data.TotalAmount === 'number' ? data.TotalAmount : null;
  const taxType = data.TaxType;
  if (canonical.TaxAmount === undefined && taxType !== '1') canonical.TaxAmount = 0;
  const tax = typeof canonical.TaxAmount === 'number' ? canonical.TaxAmount : 0;
  const byType: Record<string, string> = {
    '1': 'SalesAmount',
    '2': 'ZeroTaxSalesAmount',
    '3': 'FreeTaxSalesAmount',
  };
  for (const field of ['SalesAmount', 'ZeroTaxSalesAmount', 'FreeTaxSalesAmount']) {
    if (canonical[field] !== undefined) continue;
    canonical[field] =
      typeof taxType === 'string' && byType[taxType] === field && total !== null ? total - tax : 0;
  }
}

function refuseTillId(deviceId: string): Bilingual | null {
  if (deviceId.length <= SYSTEMLEAD_LIMITS.UseFor) return null;
  return {
    zh: `收銀機編號「${deviceId}」有 ${deviceId.length} 個字元，SystemLead 的發票組別（UseFor）最多 ${SYSTEMLEAD_LIMITS.UseFor} 個字元：請把收銀機編號改為 ${SYSTEMLEAD_LIMITS.UseFor} 個字元以內（與業者設定的組別相同，例如 T1）。`,
    en: `The till id "${deviceId}" has ${deviceId.length} characters; SystemLead's segment group (UseFor) takes at most ${SYSTEMLEAD_LIMITS.UseFor}: set a till id of at most ${SYSTEMLEAD_LIMITS.UseFor} characters (the group the provider set up, e.g. T1).`,
  };
}

function refuseOrder(data: PosOrderData): Bilingual | null {
  const device = refuseTillId(data.DeviceID);
  if (device) {
    return {
      zh: `${device.zh}所以未送出，請店長到設定畫面修改。`,
      en: `${device.en} So nothing was sent; ask the manager to change it in Settings.`,
    };
  }
  if (data.BillingNo.length > SYSTEMLEAD_LIMITS.RelateNumber) {
    return {
      zh: `訂單編號 ${data.BillingNo} 超過 SystemLead 關聯號碼（RelateNumber）的 ${SYSTEMLEAD_LIMITS.RelateNumber} 個字元，所以未送出。`,
      en: `Order number ${data.BillingNo} is longer than SystemLead's RelateNumber (${SYSTEMLEAD_LIMITS.RelateNumber} characters), so nothing was sent.`,
    };
  }
  if (data.RandomNumber === undefined || !RANDOM_NUMBER_PATTERN.test(data.RandomNumber)) {
    // Without the code in the journal the till could never print or check this invoice: SystemLead
    // does not answer it.
    return {
      zh: `訂單 ${data.BillingNo} 在日誌中沒有收銀機選定的隨機碼（較早版本記錄的交易），SystemLead 需要由收銀機送出隨機碼，所以未送出。請重新結帳成一筆新交易。`,
      en: `Order ${data.BillingNo} has no random code chosen by the till in the journal (recorded by an earlier version); SystemLead needs the till to send one, so nothing was sent. Check out again as a new sale.`,
    };
  }
  return null;
}

export const systemLeadVariant: ProviderVariant = {
  id: 'systemlead',
  label: { zh: 'SystemLead（ERP API）', en: 'SystemLead (ERP API)' },
  signatureRecipe: {
    zh: 'SHA-256(Timestamp + Salt)，大寫十六進位，不含 CompanyID',
    en: 'SHA-256(Timestamp + Salt), UPPERCASE hex, without CompanyID',
  },
  sign: (_companyId, signingSecret, timestamp) => systemLeadSignature(timestamp, signingSecret),
  paths: SYSTEMLEAD_PATHS,
  sendsApiKey: false,
  missingOperation,
  sendsPrintData: false,
  refuseOrder,
  refuseTillId,

  toWireOrder(data, companyId) {
    // Order mode: no InvoiceDateTime (Receipt.md); the provider's answer is the invoice's time.
    const { RandomNumber: randomNumber, InvoiceDateTime: _orderTime, ...rest } = data;
    const wire: Record<string, unknown> = { CompanyID: companyId };
    for (const [key, value] of Object.entries(rest)) {
      wire[(RENAMED as Record<string, string>)[key] ?? key] = value;
    }
    if (randomNumber !== undefined) wire[randomCodeField(data.InvoiceFor)] = randomNumber;
    // DonateMark is a C field ("X" for B in Receipt.md): Y with a love code, else N.
    if (data.InvoiceFor === 'C') wire.DonateMark = data.NPOBAN ? 'Y' : 'N';
    return wire;
  },

  fromWireOrder(data, context) {
    const refuse = (message: string) => ({ ok: false as const, message });
    const canonical: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (CANONICAL_NAMES.includes(key) || key === 'RandomNumber' || key === 'CheckNumber') continue;
      if (key === 'DonateMark' || key === 'PrintWithDetail' || key === 'PrinterNo') continue;
      if (key === 'CompanyID' || key === 'InvoiceDateTime' || key === 'CutDetail') continue;
      canonical[CANONICAL_OF.get(key) ?? key] = value;
    }
    const misnamed = CANONICAL_NAMES.find((key) => key in data);
    if (misnamed) return refuse(`${misnamed} is not a field of this API`);

    // Data.CompanyID: M for B and C (Receipt.md), the seller of the wrapper.
    if (typeof data.CompanyID !== 'string' || data.CompanyID === '') return refuse('CompanyID is required');
    if (context?.companyId !== undefined && data.CompanyID !== context.companyId) {
      return refuse('CompanyID of Data is not the CompanyID of the request');
    }
    // InvoiceDateTime: not needed for /Append/Order; where sent, UTC (Receipt.md).
    if (data.InvoiceDateTime !== undefined) {
      const taipei =
        typeof data.InvoiceDateTime === 'string' ? systemLeadTimeToTaipei(data.InvoiceDateTime) : null;
      if (taipei === null) return refuse('InvoiceDateTime must be ISO 8601 UTC, e.g. 2011-07-14T19:43:37');
      canonical.InvoiceDateTime = taipei;
    } else if (context) {
      canonical.InvoiceDateTime = taipeiDateTime(context.now);
    }
    // The documents' defaults for what they make optional or do not have.
    if (canonical.BuyerName === undefined) {
      canonical.BuyerName =
        typeof data.BuyerInvoiceTitle === 'string' && data.BuyerInvoiceTitle !== ''
          ? data.BuyerInvoiceTitle
          : CONSUMER_BUYER_NAME;
    }
    if (canonical.DeviceID === undefined) canonical.DeviceID = SYSTEMLEAD_DEFAULT_USE_FOR;
    defaultAmounts(data, canonical);
    // Receipt.md's Details have no ItemTaxType: each line is of the invoice's TaxType.
    if (Array.isArray(data.Details)) {
      canonical.Details = (data.Details as unknown[]).map((line) =>
        typeof line === 'object' && line !== null && !Array.isArray(line) && !('ItemTaxType' in line)
          ? { ...line, ItemTaxType: data.TaxType }
          : line,
      );
    }

    const useFor = data.UseFor;
    if (typeof useFor === 'string' && useFor.length > SYSTEMLEAD_LIMITS.UseFor) {
      return refuse(`UseFor is longer than ${SYSTEMLEAD_LIMITS.UseFor} characters`);
    }
    const relateNumber = data.RelateNumber;
    if (typeof relateNumber === 'string' && relateNumber.length > SYSTEMLEAD_LIMITS.RelateNumber) {
      return refuse(`RelateNumber is longer than ${SYSTEMLEAD_LIMITS.RelateNumber} characters`);
    }

    // The random code: the field of the invoice's kind only, 4 digits, required when printed.
    const business = data.InvoiceFor === 'B';
    const field = randomCodeField(data.InvoiceFor);
    const other = business ? 'RandomNumber' : 'CheckNumber';
    if (data[other] !== undefined)
      return refuse(`${other} is not a field of a ${business ? 'B' : 'C'} invoice`);
    const code = data[field];
    if (code !== undefined) {
      if (typeof code !== 'string' || !RANDOM_NUMBER_PATTERN.test(code))
        return refuse(`${field} must be 4 digits`);
      canonical.RandomNumber = code;
    } else if (data.PrintMark === 'Y') {
      // Printed on the proof: only the seller can know it (Receipt.md).
      return refuse(`${field} is required when PrintMark is Y`);
    }

    const donate = data.DonateMark;
    if (business) {
      if (donate !== undefined && donate !== 'N') return refuse('DonateMark must be N or absent for B');
    } else {
      if (donate !== 'Y' && donate !== 'N') return refuse('DonateMark must be Y or N');
      if ((donate === 'Y') !== Boolean(data.NPOBAN)) {
        return refuse('DonateMark must be Y exactly when NPOBAN is given');
      }
      if (donate === 'Y' && data.PrintMark === 'Y') return refuse('DonateMark must be N when PrintMark is Y');
    }
    return { ok: true, data: canonical };
  },

  toWireAnswer(response) {
    if (response.StatusCode === 0) return [{ Message: systemLeadText(response.ResultMessage) }];
    // No RandomNumber (the till sent it) and no PrintDataString (SystemLead prints on its own
    // printers, if at all); AuthCode as SystemLead makes it: a GUID, upper case.
    // InvoiceDateTime in UTC, as Receipt.md has it.
    const time = response.InvoiceDateTime;
    return [
      {
        InvoiceID: response.InvoiceNumber,
        InvoiceDateTime: time === undefined ? undefined : (taipeiToSystemLeadTime(time) ?? time),
        AuthCode: randomUUID().toUpperCase(),
      },
    ];
  },

  readAnswer(json, sent) {
    // One order, one element: anything else is not an answer this till can attribute.
    if (!Array.isArray(json) || json.length !== 1) return null;
    const element: unknown = json[0];
    if (typeof element !== 'object' || element === null || Array.isArray(element)) return null;
    // A success has an AuthCode, a failure a Message: both or neither is no answer to guess from.
    const hasAuthCode = 'AuthCode' in element;
    if (hasAuthCode === 'Message' in element) return null;
    if (!hasAuthCode) {
      const failed = Failed.safeParse(element);
      if (!failed.success) return null;
      const message = failed.data.Message;
      return { StatusCode: 0, ResultMessage: KNOWN_MESSAGES[message] ?? message };
    }
    const issued = Issued.safeParse(element);
    if (!issued.success) return null;
    const { InvoiceID, InvoiceDateTime, RelateNumber } = issued.data;
    const answer: PosResponse = {
      StatusCode: 1,
      ResultMessage: ISSUED_MESSAGE,
      InvoiceNumber: InvoiceID,
      // UTC on the wire (Receipt.md), the till's Taipei time in the journal; a text that is not a
      // time stays as it came, and the outcome rules make the outcome unknown.
      InvoiceDateTime: systemLeadTimeToTaipei(InvoiceDateTime) ?? InvoiceDateTime,
    };
    const number = RelateNumber ?? sent?.BillingNo;
    if (number !== undefined) answer.BillingNo = number;
    // The random code is the one the till sent (and journaled first); without it the issue
    // result is incomplete and the outcome rules make it unknown.
    if (sent?.RandomNumber !== undefined) answer.RandomNumber = sent.RandomNumber;
    return answer;
  },

  evidence(json) {
    const element: unknown = Array.isArray(json) && json.length === 1 ? json[0] : null;
    if (typeof element !== 'object' || element === null || !('AuthCode' in element)) return null;
    const { AuthCode } = element as { AuthCode: unknown };
    // Bounded: whatever the provider sends, the log line stays a line.
    return typeof AuthCode === 'string' ? `AuthCode ${AuthCode.slice(0, 80)}` : null;
  },

  standard: systemLeadStandardDialect,
};

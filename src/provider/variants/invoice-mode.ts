import { randomUUID } from 'node:crypto';
import {
  INVOICE_MODE_MESSAGES,
  INVOICE_MODE_OPERATIONS,
  SYSTEMLEAD_BLANK_TEXTS,
  type InvoiceModeData,
  type InvoiceModeOperation,
} from '../invoice-mode';
import { RESULT_MESSAGES, drawRandomNumber, type PosOrderData } from '../pos-profile';
import type { StandardRequestBody } from '../standard-profile';
import {
  SYSTEMLEAD_LIMITS,
  systemLeadTimeToTaipei,
  systemLeadVariant,
  taipeiToSystemLeadTime,
} from './systemlead';
import { systemLeadText } from './systemlead-standard';
import type { ProviderVariantId } from './variant';

/**
 * Invoice mode (provider profile §7) in one provider's shape: the path, the wire body and the
 * reading of its answer onto the profile's answer (`../invoice-mode.ts`), and the training
 * service's way back. The profile's dialect is the identity.
 *
 * SystemLead (`SL-PD/Einvoice_Erp_api`, `CHT/`), from its documents:
 * - `InvoiceApiList.md` lists `/Append/Invoices` (發票版), `/Append/TrackBlank`,
 *   `/Update/SetBlankInvoiceID` and `/Append/BlankCancel`; NOT `/Append/Invoice` (one invoice is
 *   `/Append/Invoices` with one record, ApiHeader.md's single-record format) and NOT
 *   `/Update/SplitInvoiceID` (segments are set up in SystemLead's own console: `GetInvoiceIDList.md`
 *   lists them with their `UseFor`).
 * - `Receipt.md` 發票版: `InvoiceID` the whole number, `InvoiceDateTime` UTC (ISO 8601), the
 *   order's fields under SystemLead's names (`RelateNumber`, `RandomNumber` for C / `CheckNumber`
 *   for B, `DonateMark`, `Data.CompanyID`); the answer (`b2cJsonSample.md`) one element per record,
 *   `{ InvoiceID, InvoiceDateTime, AuthCode }` or `{ InvoiceID, InvoiceDateTime, Message }`.
 * - `SetBlankInvoice.md`, `TrackBlank.md`: bodies and answers as the profile has them (strings).
 * Assumptions (not published; change here only): `/Update/SplitInvoiceID` and `/Append/BlankCancel`
 * take the profile's `Data` with string numbers and answer one element per record without
 * `StatusCode` (`Message` on failure), as the other operations do; an invoice already stored with
 * the same content answers as a success (no `Message`), so a retry cannot tell "stored now" from
 * "stored before" (both are done).
 */
export interface InvoiceModeDialect {
  /** The path (relative to the standard base URL) an operation is sent to. */
  path(operation: InvoiceModeOperation): string;
  /** The wire body of the profile's `Data` (one object or an array); `wrap` signs one wrapper. */
  requestBody(
    operation: InvoiceModeOperation,
    data: unknown,
    wrap: (data: unknown) => StandardRequestBody<unknown>,
    /** The seller (SystemLead repeats it in `Data.CompanyID`). */
    companyId: string,
  ): unknown;
  /**
   * The answer (parsed JSON) as the profile's answer; what cannot be mapped is returned as it came,
   * and the profile's answer checks find it broken (never a success).
   */
  readAnswer(operation: InvoiceModeOperation, json: unknown, sent: unknown): unknown;
  /** The training service: one record's wire `Data` as the profile's, or a refusal. */
  fromWireRecord(
    operation: InvoiceModeOperation,
    data: unknown,
    context: { now: Date; companyId: string },
  ): { ok: true; data: unknown } | { ok: false; message: string };
  /** The training service: one record's answer element from the profile's result. */
  toWireRecord(operation: InvoiceModeOperation, result: unknown, record: unknown): unknown;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const profileInvoiceModeDialect: InvoiceModeDialect = {
  path: (operation) => INVOICE_MODE_OPERATIONS[operation],
  requestBody: (_operation, data, wrap) => wrap(data),
  readAnswer: (_operation, json) => json,
  fromWireRecord: (_operation, data) => ({ ok: true, data }),
  toWireRecord: (_operation, result) => result,
};

/** SystemLead's texts read as the profile's. */
const KNOWN: Readonly<Record<string, string>> = { 簽章驗證錯誤: RESULT_MESSAGES.signatureMismatch };
const known = (message: string) => KNOWN[message] ?? message;
/** The checks of a request before any record is looked at (signature, timestamp). */
const REQUEST_CHECKS: readonly string[] = [
  RESULT_MESSAGES.signatureMismatch,
  RESULT_MESSAGES.timestampExpired,
  RESULT_MESSAGES.timestampUsed,
];
const failed = (element: Fields): string | null =>
  typeof element.Message === 'string' && element.Message !== '' ? element.Message : null;

/** One offline invoice under SystemLead's names (`Receipt.md` 發票版), `InvoiceDateTime` in UTC. */
export function systemLeadInvoiceWire(data: InvoiceModeData, companyId: string): Fields {
  const { InvoiceID, InvoiceDateTime, CheckNumber: _sameCode, ...order } = data;
  // The order mode's names (RelateNumber, RandomNumber/CheckNumber by kind, DonateMark…) from the
  // one place that has them; invoice mode has no UseFor (the number names its segment).
  const { UseFor: _none, ...wire } = systemLeadVariant.toWireOrder(
    { ...order, DeviceID: '' } as PosOrderData,
    companyId,
  );
  return {
    CompanyID: companyId,
    InvoiceID,
    InvoiceDateTime: taipeiToSystemLeadTime(InvoiceDateTime) ?? InvoiceDateTime,
    ...wire,
  };
}

/** The training service's reading of one SystemLead invoice record as the profile's `InvoiceModeData`. */
function fromWireInvoice(
  data: unknown,
  context: { now: Date; companyId: string },
): { ok: true; data: unknown } | { ok: false; message: string } {
  if (!isFields(data)) return { ok: false, message: 'Data of one record is one object' };
  const { InvoiceID, InvoiceDateTime, UseFor: _group, ...order } = data;
  if (typeof InvoiceID !== 'string' || InvoiceID === '')
    return { ok: false, message: 'InvoiceID is required' };
  if (typeof InvoiceDateTime !== 'string') return { ok: false, message: 'InvoiceDateTime is required' };
  const taipei = systemLeadTimeToTaipei(InvoiceDateTime);
  if (taipei === null)
    return { ok: false, message: 'InvoiceDateTime must be ISO 8601 UTC, e.g. 2011-07-14T19:43:37' };
  const read = systemLeadVariant.fromWireOrder({ ...order, InvoiceDateTime }, context);
  if (!read.ok) return read;
  const { DeviceID: _default, ...canonical } = read.data;
  // Receipt.md: not printed and no code sent, SystemLead draws it.
  const code = typeof canonical.RandomNumber === 'string' ? canonical.RandomNumber : drawRandomNumber();
  return {
    ok: true,
    data: {
      ...canonical,
      InvoiceID,
      InvoiceDateTime: taipei,
      RandomNumber: code,
      ...(canonical.InvoiceFor === 'B' ? { CheckNumber: code } : {}),
    },
  };
}

const SYSTEMLEAD_TRACK_BLANK_TEXT: Readonly<Record<string, string>> = {
  [INVOICE_MODE_MESSAGES.blankEndBeforeStart]: SYSTEMLEAD_BLANK_TEXTS.endBeforeStart,
  [INVOICE_MODE_MESSAGES.blankAlreadyReported]: SYSTEMLEAD_BLANK_TEXTS.alreadyReported,
  [INVOICE_MODE_MESSAGES.blankReported]: SYSTEMLEAD_BLANK_TEXTS.reported,
};

const SUCCESS_TEXT: Partial<Record<InvoiceModeOperation, string>> = {
  splitInvoiceId: INVOICE_MODE_MESSAGES.segmentSplit,
  blankCancel: INVOICE_MODE_MESSAGES.blankWithdrawn,
};

export const systemLeadInvoiceModeDialect: InvoiceModeDialect = {
  path: (operation) =>
    operation === 'appendInvoice'
      ? INVOICE_MODE_OPERATIONS.appendInvoices
      : INVOICE_MODE_OPERATIONS[operation],

  requestBody(operation, data, wrap, companyId) {
    if (operation === 'appendInvoices' || operation === 'appendInvoice') {
      const records = Array.isArray(data) ? (data as InvoiceModeData[]) : [data as InvoiceModeData];
      const wrappers = records.map((record) => wrap(systemLeadInvoiceWire(record, companyId)));
      return Array.isArray(data) ? wrappers : wrappers[0];
    }
    if ((operation === 'splitInvoiceId' || operation === 'setBlankInvoiceId') && isFields(data)) {
      // The period's fields are strings on SystemLead's wire (SetBlankInvoice.md, GetInvoiceIDList.md).
      return wrap({ ...data, StageYear: String(data.StageYear), StageMonth: String(data.StageMonth) });
    }
    return wrap(data);
  },

  readAnswer(operation, json, sent) {
    if (!Array.isArray(json)) return json;
    const elements = json as unknown[];
    if (operation === 'appendInvoices' || operation === 'appendInvoice') {
      const records = Array.isArray(sent) ? (sent as InvoiceModeData[]) : [sent as InvoiceModeData];
      if (elements.length !== records.length || !elements.every(isFields)) return json;
      const messages = (elements as Fields[]).map(failed);
      // Every record refused the same way, by a check of the request (or without naming an
      // invoice): the request was refused, nothing of it stored.
      const [first] = messages;
      if (
        first !== null &&
        first !== undefined &&
        messages.every((message) => message === first) &&
        (REQUEST_CHECKS.includes(known(first)) ||
          (elements as Fields[]).every((element) => element.InvoiceID === undefined))
      ) {
        return { StatusCode: 0, ResultMessage: known(first) };
      }
      const results = (elements as Fields[]).map((element) => {
        const message = failed(element);
        if (message !== null)
          return { StatusCode: 0, ResultMessage: known(message), InvoiceID: element.InvoiceID };
        // A success must carry AuthCode (b2cJsonSample.md): without it, no StatusCode, so broken.
        if (typeof element.AuthCode !== 'string' || element.AuthCode === '') return element;
        const time = typeof element.InvoiceDateTime === 'string' ? element.InvoiceDateTime : null;
        return {
          StatusCode: 1,
          ResultMessage: INVOICE_MODE_MESSAGES.invoiceStored,
          InvoiceID: element.InvoiceID,
          InvoiceNumber: element.InvoiceID,
          ...(time === null ? {} : { InvoiceDateTime: systemLeadTimeToTaipei(time) ?? time }),
        };
      });
      return Array.isArray(sent) ? results : results[0];
    }
    if (elements.length !== 1 || !isFields(elements[0])) return json;
    const element = elements[0];
    const message = failed(element);
    if (operation === 'setBlankInvoiceId') {
      // A refused request (a wrong signature) answers the record's Message, not SetBlankInvoice.md's shape.
      return message !== null && !('ErrorMessage' in element)
        ? { StatusCode: 0, ResultMessage: known(message) }
        : json;
    }
    if (operation === 'trackBlank') return json;
    const { Message: _message, ...rest } = element;
    return message !== null
      ? { ...rest, StatusCode: 0, ResultMessage: known(message) }
      : { ...rest, StatusCode: 1, ResultMessage: SUCCESS_TEXT[operation] ?? '' };
  },

  fromWireRecord(operation, data, context) {
    if (operation === 'appendInvoices' || operation === 'appendInvoice')
      return fromWireInvoice(data, context);
    if (!isFields(data)) return { ok: false, message: 'Data of one record is one object' };
    // Receipt.md: SystemLead's UseFor has at most 2 characters.
    if (
      operation === 'splitInvoiceId' &&
      typeof data.UseFor === 'string' &&
      data.UseFor.length > SYSTEMLEAD_LIMITS.UseFor
    ) {
      return { ok: false, message: `UseFor is longer than ${SYSTEMLEAD_LIMITS.UseFor} characters` };
    }
    return { ok: true, data };
  },

  toWireRecord(operation, result, record) {
    // SetBlankInvoice.md and TrackBlank.md: the profile's element is SystemLead's, one per record.
    if (operation === 'setBlankInvoiceId') return Array.isArray(result) ? result[0] : result;
    if (operation === 'trackBlank') {
      const element: unknown = Array.isArray(result) ? result[0] : result;
      if (!isFields(element) || !Array.isArray(element.Items)) return element;
      // TrackBlank.md's own texts where it has them.
      return {
        ...element,
        Items: (element.Items as unknown[]).map((item) =>
          isFields(item) && typeof item.Message === 'string'
            ? { ...item, Message: SYSTEMLEAD_TRACK_BLANK_TEXT[item.Message] ?? systemLeadText(item.Message) }
            : item,
        ),
      };
    }
    if (!isFields(result)) return result;
    const { StatusCode, ResultMessage, ...rest } = result;
    if (operation === 'appendInvoices' || operation === 'appendInvoice') {
      const sent = isFields(record) ? record : {};
      if (StatusCode === 1) {
        const instant =
          typeof rest.InvoiceDateTime === 'string' ? taipeiToSystemLeadTime(rest.InvoiceDateTime) : null;
        return {
          InvoiceID: rest.InvoiceID,
          InvoiceDateTime: instant ?? sent.InvoiceDateTime,
          AuthCode: randomUUID().toUpperCase(),
        };
      }
      return {
        InvoiceID: rest.InvoiceID ?? sent.InvoiceID,
        InvoiceDateTime: sent.InvoiceDateTime,
        Message: systemLeadText(String(ResultMessage)),
      };
    }
    return StatusCode === 1 ? rest : { ...rest, Message: systemLeadText(String(ResultMessage)) };
  },
};

export const INVOICE_MODE_DIALECTS: Readonly<Record<ProviderVariantId, InvoiceModeDialect>> = {
  profile: profileInvoiceModeDialect,
  systemlead: systemLeadInvoiceModeDialect,
};

/** The invoice-mode dialect of a variant (the profile's when none is given). */
export function invoiceModeDialectFor(id: ProviderVariantId | undefined): InvoiceModeDialect {
  return INVOICE_MODE_DIALECTS[id ?? 'profile'];
}

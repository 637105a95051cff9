import { RESULT_MESSAGES } from '../pos-profile';
import { STANDARD_OPERATIONS, STANDARD_RESULT_MESSAGES, type StandardOperation } from '../standard-profile';
import type { StandardDialect } from './variant';

/**
 * SystemLead's standard API (provider profile §6), from `SL-PD/Einvoice_Erp_api` (`CHT/`):
 * - Several records (`ApiHeader.md`): a top-level array of wrappers
 *   `[{ CompanyID, Timestamp, Signature, Data: {…} }, …]`, one per record, each signed; one record
 *   is the single-record format, one wrapper. Every answer is an array with one element per
 *   wrapper, in order (as `/Append/Order`'s and `GetInvoiceIDList.md`'s samples).
 * - Answers without `StatusCode`: an element is the record's result, or the record's identifying
 *   fields and `Message` when it failed (`GetInvoiceIDList.md`: `{ Message, CompanyID, StageYear }`).
 * - `/Inquire/GetInvoiceIDList` (`GetInvoiceIDList.md`): `Data` fields are strings
 *   (`"StageYear":"2017"`, `"StageMonth":"8"`); the element is
 *   `{ IDList: [{ IDKey, CompanyID, Word, StageYear, StageMonth, BeginNumber, EndNumber,
 *   Details: [{ Code, StartNumber, EndNumber, CurrentNumber, SplitBooklet, BeginBooklet,
 *   EndBooklet, InvoiceCount, LastUseDate, RowStatus, UseFor, Note }] }], CompanyID, StageYear }`.
 *   Its sample writes `StageYear` as a string and `StageMonth` as a number or a string: both are read.
 *
 * Assumptions (not in the public pages; verify, then change this file only): the per-record results
 * of voids, allowances and their voids are the profile's fields without `StatusCode`/`ResultMessage`
 * (e.g. `{ SellerID, AllowanceNumber }`); the status queries answer one element per invoice with the
 * profile's item fields (`ProcessStatus`, `AppendStatus`); the texts of `Message` are the profile's,
 * except SystemLead's own `簽章驗證錯誤`. `CancelInvoice.md`, `InsertAllowance.md` and
 * `CancelAllowance.md` publish no answer at all, and `GetInvoicesStatus.md`'s has no allowance list:
 * an allowance answered without its number stays unknown (docs/integrators.md, issue 25).
 */

/** The fields that say which record an element is about (kept in a failed record's element). */
const IDENTIFYING = [
  'InvoiceID',
  'InvoiceNumber',
  'SellerID',
  'AllowanceNumber',
  'CompanyID',
  'StageYear',
  'StageMonth',
] as const;

/** SystemLead's own texts for the checks the profile names, read as the profile's texts. */
const KNOWN_MESSAGES: Readonly<Record<string, string>> = {
  簽章驗證錯誤: RESULT_MESSAGES.signatureMismatch,
};

/**
 * The profile's text as SystemLead writes it, where its documents give one (`b2cJsonSample.md`,
 * `GetInvoiceIDList.md`: a wrong signature is `簽章驗證錯誤`); every other text as it is.
 */
export function systemLeadText(message: string): string {
  return message === RESULT_MESSAGES.signatureMismatch ? '簽章驗證錯誤' : message;
}

/**
 * `GetInvoicesStatus.md`'s table: `ProcessStatusMessage` by `ProcessStatus`. It has no code for a
 * number the provider does not know; the training service's `NF` keeps the sample's 查無資訊 (an
 * assumption: SystemLead publishes no answer for it).
 */
export const SYSTEMLEAD_PROCESS_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  I0: '開立新增',
  I1: '開立待上傳',
  I2: '開立上傳待確認',
  I9: '開立上傳完成',
  IP: '開立暫停上傳',
  C0: '作廢新增',
  C1: '作廢待上傳',
  C2: '作廢上傳待確認',
  C9: '作廢上傳完成',
  CP: '作廢暫停上傳',
  A0: '折讓新增',
  A1: '折讓待上傳',
  A2: '折讓上傳待確認',
  A9: '折讓上傳完成',
  AP: '折讓暫停上傳',
  D0: '折讓作廢新增',
  D1: '折讓作廢待上傳',
  D2: '折讓作廢上傳待確認',
  D9: '折讓作廢上傳完成',
  DP: '折讓作廢暫停上傳',
  NF: '查無資訊',
};

/** The profile's `ResultMessage` of a record that did not fail (SystemLead sends none). */
const SUCCESS_TEXT: Record<StandardOperation, string> = {
  cancelInvoices: STANDARD_RESULT_MESSAGES.voided,
  allowanceInvoice: STANDARD_RESULT_MESSAGES.allowanceMade,
  allowanceInvoices: STANDARD_RESULT_MESSAGES.allowanceMade,
  cancelAllowance: STANDARD_RESULT_MESSAGES.allowanceVoided,
  cancelAllowances: STANDARD_RESULT_MESSAGES.allowanceVoided,
  getInvoicesStatus: STANDARD_RESULT_MESSAGES.statusAnswered,
  getInvoicesAppendStatus: STANDARD_RESULT_MESSAGES.appendStatusAnswered,
  getInvoiceIdList: STANDARD_RESULT_MESSAGES.idListAnswered,
};

/** Invoice numbers come in booklets (本) of 50: SystemLead's `SplitBooklet`/`BeginBooklet`/`EndBooklet`. */
const BOOKLET = 50;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A failed record's element has a `Message`; a result has none. */
const failedMessage = (element: Fields): string | null =>
  typeof element.Message === 'string' && element.Message !== '' ? element.Message : null;

/** `2017` or `"2017"`: SystemLead's sample writes both; anything else is not a number to read. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return Number(value);
  return null;
}

function identifying(record: unknown): Fields {
  if (!isFields(record)) return {};
  const fields: Fields = {};
  for (const key of IDENTIFYING) if (record[key] !== undefined) fields[key] = record[key];
  return fields;
}

/** One element of the number list as the profile's answer, or null when it cannot be read. */
function readIdList(element: Fields, sent: unknown): unknown {
  const message = failedMessage(element);
  if (message !== null) return { StatusCode: 0, ResultMessage: KNOWN_MESSAGES[message] ?? message };
  if (!Array.isArray(element.IDList)) return null;
  // An answer about another seller is not this till's list.
  if (isFields(sent) && element.CompanyID !== undefined && element.CompanyID !== sent.CompanyID) return null;
  const tracks: Fields[] = [];
  for (const track of element.IDList as unknown[]) {
    if (!isFields(track)) return null;
    const stageYear = wholeNumber(track.StageYear);
    const stageMonth = wholeNumber(track.StageMonth);
    if (stageYear === null || stageMonth === null || !Array.isArray(track.Details)) return null;
    const details: Fields[] = [];
    for (const detail of track.Details as unknown[]) {
      if (!isFields(detail)) return null;
      const count = wholeNumber(detail.InvoiceCount);
      if (count === null) return null;
      details.push({ ...detail, InvoiceCount: count });
    }
    tracks.push({ ...track, StageYear: stageYear, StageMonth: stageMonth, Details: details });
  }
  return { StatusCode: 1, ResultMessage: SUCCESS_TEXT.getInvoiceIdList, IDList: tracks };
}

/** The number list's element as SystemLead answers it, from the profile's answer. */
function toWireIdList(result: Fields, record: unknown): unknown {
  const asked = identifying(record);
  // Another seller's list is the sample's 查無資訊: an empty list, not an error (GetInvoiceIDList.md).
  if (result.ResultMessage === STANDARD_RESULT_MESSAGES.idListOtherSeller) return { IDList: [], ...asked };
  if (result.StatusCode !== 1) return { Message: systemLeadText(String(result.ResultMessage)), ...asked };
  const tracks = Array.isArray(result.IDList) ? (result.IDList as Fields[]) : [];
  return {
    IDList: tracks.map((track) => {
      const year = Number(track.StageYear);
      const month = Number(track.StageMonth);
      const begin = Number(track.BeginNumber);
      const details = Array.isArray(track.Details) ? (track.Details as Fields[]) : [];
      return {
        // Shaped like the sample's (company, ROC year, month, track, first number); never read.
        IDKey: `${String(asked.CompanyID ?? '')}${String(year - 1911).padStart(3, '0')}${String(month).padStart(2, '0')}${String(track.Word)}${String(track.BeginNumber)}00`,
        CompanyID: asked.CompanyID,
        Word: track.Word,
        StageYear: String(year),
        StageMonth: month,
        BeginNumber: track.BeginNumber,
        EndNumber: track.EndNumber,
        Details: details.map((detail) => {
          const count = Number(detail.InvoiceCount);
          const beginBooklet = Math.floor((Number(detail.StartNumber) - begin) / BOOKLET) + 1;
          const booklets = Math.ceil(count / BOOKLET);
          return {
            Code: detail.Code,
            StartNumber: detail.StartNumber,
            EndNumber: detail.EndNumber,
            CurrentNumber: detail.CurrentNumber,
            SplitBooklet: booklets,
            BeginBooklet: beginBooklet,
            EndBooklet: beginBooklet + booklets - 1,
            InvoiceCount: count,
            LastUseDate: null,
            RowStatus: detail.RowStatus,
            UseFor: detail.UseFor,
            Note: '',
          };
        }),
      };
    }),
    ...asked,
  };
}

export const systemLeadStandardDialect: StandardDialect = {
  records: 'wrappers',
  // InvoiceApiList.md: 批次作廢折讓單 `/Update/CancelAllowances` is the only allowance void; one
  // record is one wrapper (ApiHeader.md's single-record format). No `/Update/CancelAllowance`.
  paths: { cancelAllowance: STANDARD_OPERATIONS.cancelAllowances },

  requestBody(operation, data, wrap) {
    // The number list's fields are strings on SystemLead's wire (`GetInvoiceIDList.md`).
    const toWire = (record: unknown): unknown => {
      if (operation !== 'getInvoiceIdList' || !isFields(record)) return record;
      const wire: Fields = { ...record, StageYear: String(record.StageYear) };
      if (record.StageMonth !== undefined) wire.StageMonth = String(record.StageMonth);
      return wire;
    };
    // Several records: one signed wrapper each; one record: the single-record format.
    return Array.isArray(data) ? data.map((record) => wrap(toWire(record))) : wrap(toWire(data));
  },

  readAnswer(operation, json, sent) {
    const records = Array.isArray(sent) ? sent : [sent];
    // One element per wrapper, in order: any other count cannot be attributed.
    if (!Array.isArray(json) || json.length !== records.length) return null;
    const elements = json as unknown[];
    if (!elements.every(isFields)) return null;
    const fields = elements as Fields[];

    if (operation === 'getInvoiceIdList') return fields.length === 1 ? readIdList(fields[0]!, sent) : null;

    if (operation === 'getInvoicesStatus' || operation === 'getInvoicesAppendStatus') {
      const messages = fields.map(failedMessage);
      if (messages.every((message) => message === null)) {
        return { StatusCode: 1, ResultMessage: SUCCESS_TEXT[operation], Data: fields };
      }
      // The whole request refused (each element the same refusal): read as the profile's one refusal.
      const [first] = messages;
      if (first !== null && first !== undefined && messages.every((message) => message === first)) {
        return { StatusCode: 0, ResultMessage: KNOWN_MESSAGES[first] ?? first };
      }
      // Some items answered, some refused: the profile's query has no such answer; never guess.
      return null;
    }

    // Voids, allowances, allowance voids: each element is its record's result.
    const results = fields.map((element) => {
      const { Message: _message, ...rest } = element;
      const message = failedMessage(element);
      return message === null
        ? { ...rest, StatusCode: 1, ResultMessage: SUCCESS_TEXT[operation] }
        : { ...rest, StatusCode: 0, ResultMessage: KNOWN_MESSAGES[message] ?? message };
    });
    return Array.isArray(sent) ? results : results[0];
  },

  fromWireRecord(operation, data) {
    if (!isFields(data)) return { ok: false, message: 'Data of one record is one object' };
    if (operation !== 'getInvoiceIdList') return { ok: true, data };
    const read: Fields = { ...data };
    for (const key of ['StageYear', 'StageMonth'] as const) {
      const value = data[key];
      if (value === undefined && key === 'StageMonth') continue;
      if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) {
        return { ok: false, message: `${key} must be a string of digits (e.g. "2017")` };
      }
      read[key] = Number(value);
    }
    return { ok: true, data: read };
  },

  toWireRecord(operation, result, record) {
    if (!isFields(result)) return result;
    if (operation === 'getInvoiceIdList') return toWireIdList(result, record);
    if (!('StatusCode' in result)) {
      // A status item: its message in GetInvoicesStatus.md's words.
      const status = result.ProcessStatus;
      const text = typeof status === 'string' ? SYSTEMLEAD_PROCESS_STATUS_MESSAGES[status] : undefined;
      return operation === 'getInvoicesStatus' && text !== undefined
        ? { ...result, ProcessStatusMessage: text }
        : result;
    }
    const { StatusCode, ResultMessage, ...rest } = result;
    return StatusCode === 1 ? rest : { ...rest, Message: systemLeadText(String(ResultMessage)) };
  },

  refusal: (message, record) => ({ Message: systemLeadText(message), ...identifying(record) }),
};

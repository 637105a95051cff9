import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small SystemLead stand-in written from SystemLead's PUBLISHED documents
 * (`SL-PD/Einvoice_Erp_api`, folder `CHT/`), not from this project's training service, so that the
 * till is tested against what SystemLead publishes rather than against our own reading of it.
 *
 * - `InvoiceApiList.md`: the paths. Anything else is HTTP 404 (there is no
 *   `/Append/OrderWithoutPrint` and no `/Append/OrderReturnQKey`).
 * - `ApiHeader.md`: the wrapper `{ CompanyID, Timestamp, Signature, Data }` (one) or a top-level array
 *   of wrappers (several); no `apiKey` header is named, so none is looked at (the requests are kept
 *   for the tests to see what was sent).
 * - `Signature.md`: SHA-256 over the ASCII `{TimeStamp}{Salt}`, hex of the bytes (the sample is
 *   upper case). A wrong one is answered `簽章驗證錯誤` (`b2cJsonSample.md`, `GetInvoiceIDList.md`).
 * - `Receipt.md`: the mandatory fields (M, and CM/CO where their condition holds) for
 *   `/Append/Order`: not `InvoiceID` nor `InvoiceDateTime` (order mode), but `RelateNumber`, never
 *   repeated. A refused order is answered with the sample's failure text `Append Inovice Error!!`;
 *   the reasons are kept in `refusals` for the tests.
 * - `b2cJsonSample.md`: the answer, an array `[{ InvoiceID, InvoiceDateTime, AuthCode }]`;
 *   `InvoiceDateTime` is UTC (`Receipt.md`), taken from the stand-in's clock.
 * - `GetInvoicesStatus.md`: `{ InvoiceID, ProcessStatus, ProcessStatusMessage }`, `I0` `開立新增`
 *   for an invoice just issued.
 * - `GetInvoiceIDList.md`: string fields, the sample's list shape, and `IDList: []` (查無資訊) for
 *   another company. The seller's own list: one track per period, one segment per `UseFor`
 *   (`Receipt.md`: an order's `UseFor` picks the segment of that name), numbered from it.
 *   `CurrentNumber` is read as the next number the segment gives (the sample does not settle it).
 * - `CancelInvoice.md` (`/Update/CancelInvoices`): `SellerID`, `InvoiceNumber`, `CancelDate`,
 *   `CancelReason`; the invoice's status becomes `C0` 作廢新增 (`GetInvoicesStatus.md`).
 * - `InsertAllowance.md` (`/Update/AllowanceInvoice`): the head `AllowanceNumberPrefix`, `SellerID`,
 *   `BuyerID`, `AllowanceType` (default 2), `TaxAmount`, `TotalAmount` (未稅), `Details[]` with
 *   `InvoiceNumber`, `SequenceNumber`, `Amount`, `Quantity`, `UnitPrice`, `Tax` (`Description`
 *   非必要); the sample's sums hold (`TotalAmount` = Σ `Amount`, `TaxAmount` = Σ `Tax`). The status
 *   becomes `A0` 折讓新增.
 * - `CancelAllowance.md` (`/Update/CancelAllowances`): `SellerID`, `AllowanceNumber`, `CancelDate`,
 *   `CancelReason`, `Remark`.
 * - `GetInvoicesAppendStatus.md`: `AppendStatus` `P` for an invoice on the platform, `N` for one not.
 * - `Receipt.md` 發票版 (`/Append/Invoices`, issue 27): `InvoiceID` (the whole number) and
 *   `InvoiceDateTime` (UTC, ISO 8601) are mandatory, the random code is the caller's (`RandomNumber`
 *   C, `CheckNumber` B, M); the answer as in order mode. The invoice number is the key
 *   (`InvoiceApiList.md` on `/Update/Invoices`: 發票號為鍵值), so a number stored already is refused
 *   with the sample's failure text, whatever its content. The segment's `CurrentNumber` moves one
 *   past the highest number uploaded (the documents do not settle it; the profile's reading).
 * - `SetBlankInvoice.md` (`/Update/SetBlankInvoiceID`): the fields and the answer sample;
 *   `[NextNumber, EndNumber]` is blank. A refusal's `ErrorMessage` text is not published: the reasons.
 * - `TrackBlank.md` (`/Append/TrackBlank`): per range `Status` `C` `空白發票新增成功`, or `E` with
 *   `發票迄號必須大於或等於起號` (end before start) or `空白發票新增失敗，請確認是否有輸入相同區間`
 *   (a range reported before).
 * - A number reported blank (未使用) is refused on upload (the documents' reading of "unused"; the
 *   text is the sample's failure text).
 * - Segments: `GetInvoiceIDList.md` lists them with their `UseFor`; SystemLead sets them up in its
 *   own console, which `allot(useFor)` stands for. There is NO `/Update/SplitInvoiceID` in
 *   `InvoiceApiList.md` (nor anywhere in the documents), so this stand-in has none (HTTP 404).
 *   `/Append/BlankCancel` is listed, but its format link leads to `CancelInvoice.md` (an invoice
 *   void): its body is unpublished, so it is not in this stand-in either.
 *
 * What the documents do NOT publish, and this stand-in therefore does not make up:
 * - the answer of a void, an allowance or an allowance void: the stand-in answers ApiHeader.md's one
 *   element per wrapper, the record's own identifying fields, with `Message` when it failed
 *   (`GetInvoiceIDList.md`'s pattern) and nothing more. In particular NO `AllowanceNumber`: no
 *   document says how SystemLead numbers an allowance or where it answers the number
 *   (`CancelAllowance.md`'s sample `AA12345678A001` is the only one seen), so an allowance made here
 *   has no number the till could learn, and none can be voided by number;
 * - an allowance list in `GetInvoicesStatus` (its answer is `{ InvoiceID, ProcessStatus,
 *   ProcessStatusMessage }` only);
 * - a timestamp window or a check that timestamps are not reused (the batch sample reuses one).
 */
export const SYSTEMLEAD_DOCUMENTED_PATHS = [
  '/Inquire/GetInvoiceIDList',
  '/Append/TrackBlank',
  '/Update/SetBlankInvoiceID',
  '/Append/Order',
  '/Append/Orders',
  '/Append/Invoices',
  '/Update/Invoices',
  '/Append/PrintInvoices',
  '/Inquire/GetInvoicesStatus',
  '/Inquire/GetInvoicesAppendStatus',
  '/Update/CancelInvoices',
  '/Append/BlankCancel',
  '/Update/AllowanceInvoice',
  '/Update/CancelAllowances',
] as const;

/** `Signature.md`: SHA-256 of the ASCII `{TimeStamp}{Salt}`, as hex (the sample writes it upper case). */
export function documentedSignature(timestamp: string, salt: string): string {
  return createHash('sha256').update(`${timestamp}${salt}`, 'ascii').digest('hex').toUpperCase();
}

export interface StandinRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface StandinInvoice {
  invoiceId: string;
  /** `/Append/Order` (the provider numbered it) or `/Append/Invoices` (the caller did). */
  via: string;
  relateNumber: string;
  issuedAtUtc: string;
  data: Record<string, unknown>;
  /** `GetInvoicesStatus.md`'s code of the invoice's last step. */
  processStatus: string;
}

export interface StandinAllowance {
  prefix: string;
  invoiceNumbers: string[];
  data: Record<string, unknown>;
}

export interface SystemLeadStandin {
  url: string;
  requests: StandinRequest[];
  refusals: string[][];
  invoices: StandinInvoice[];
  /** Allowances made, by their prefix (no number: the documents publish none). */
  allowances: StandinAllowance[];
  /** The stand-in's clock (what the provider takes as the invoice's time). */
  setNow(instant: Date): void;
  /**
   * SystemLead's console (outside the API): a segment of this period's track for `useFor`, as
   * GetInvoiceIDList then lists it. Its whole invoice numbers' track and range.
   */
  allot(useFor: string): { word: string; start: number; end: number };
  /** Blank ranges reported (SetBlankInvoiceID and TrackBlank), as `[word, begin, end]`. */
  blanks: Array<{ word: string; yearMonth: string; begin: number; end: number }>;
  close(): Promise<void>;
}

type Fields = Record<string, unknown>;

/** GetInvoicesStatus.md's table, the codes this stand-in reaches. */
const PROCESS_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  I0: '開立新增',
  C0: '作廢新增',
  A0: '折讓新增',
  D0: '折讓作廢新增',
};
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (data: Fields, field: string) =>
  data[field] !== undefined && data[field] !== null && data[field] !== '';

/** `Receipt.md`'s M fields of order mode (and the CM/CO ones whose condition holds) that are missing. */
export function missingOrderFields(data: Fields): string[] {
  const missing: string[] = [];
  const need = (field: string) => {
    if (!given(data, field)) missing.push(field);
  };
  const business = data.InvoiceFor === 'B';
  for (const field of [
    'CompanyID',
    'InvoiceFor',
    'BuyerID',
    'PrintMark',
    'TaxType',
    'TotalAmount',
    'Details',
  ])
    need(field);
  // /Append/Order: RelateNumber must be given (and never repeated); no InvoiceID, no InvoiceDateTime.
  need('RelateNumber');
  if (data.InvoiceFor !== 'B' && data.InvoiceFor !== 'C') missing.push('InvoiceFor B or C');
  if (business) need('BuyerInvoiceTitle');
  else need('DonateMark');
  // The printed code: the seller's when printed; SystemLead draws it when not printed and not sent.
  if (data.PrintMark === 'Y') need(business ? 'CheckNumber' : 'RandomNumber');
  if (data.PrintMark !== 'Y' && data.PrintMark !== 'N') missing.push('PrintMark Y or N');
  if (data.DonateMark === 'Y') {
    need('NPOBAN');
    if (data.PrintMark === 'Y') missing.push('DonateMark N when PrintMark Y');
  }
  if (data.TaxType === '1') need('TaxAmount');
  if (data.TaxType === '2') need('CustomsClearanceMark');
  if (data.TaxType === '3') need('FreeTaxSalesAmount');
  if (given(data, 'CarrierType') && data.CarrierType !== '3J0002' && data.CarrierType !== 'CQ0001')
    missing.push('CarrierType 3J0002 or CQ0001');
  if (Array.isArray(data.Details)) {
    (data.Details as unknown[]).forEach((line, index) => {
      if (!isFields(line)) return missing.push(`Details[${index}]`);
      for (const field of ['DetailID', 'ProductName', 'Quantity', 'UnitPrice', 'SubTotal'])
        if (!given(line, field)) missing.push(`Details[${index}].${field}`);
      if (typeof line.DetailID === 'string' && !/^\d{3}$/.test(line.DetailID))
        missing.push(`Details[${index}].DetailID 3 digits`);
    });
  }
  return missing;
}

/** `CancelInvoice.md`'s fields that are missing (the page names four and marks none optional). */
export function missingVoidFields(data: Fields): string[] {
  return ['SellerID', 'InvoiceNumber', 'CancelDate', 'CancelReason'].filter((field) => !given(data, field));
}

/** `InsertAllowance.md`'s fields that are missing or do not add up (`Description` is 非必要). */
export function missingAllowanceFields(data: Fields): string[] {
  const missing = [
    'AllowanceNumberPrefix',
    'SellerID',
    'BuyerID',
    'AllowanceType',
    'TaxAmount',
    'TotalAmount',
    'Details',
  ].filter((field) => !given(data, field));
  if (typeof data.AllowanceNumberPrefix === 'string' && data.AllowanceNumberPrefix.length > 10)
    missing.push('AllowanceNumberPrefix over 10 characters');
  if (data.AllowanceType !== undefined && data.AllowanceType !== '1' && data.AllowanceType !== '2')
    missing.push('AllowanceType 1 or 2');
  const details = Array.isArray(data.Details) ? (data.Details as unknown[]) : [];
  if (details.length === 0) missing.push('Details[]');
  let amounts = 0;
  let taxes = 0;
  details.forEach((line, index) => {
    if (!isFields(line)) return missing.push(`Details[${index}]`);
    for (const field of ['InvoiceNumber', 'SequenceNumber', 'Amount', 'Quantity', 'UnitPrice', 'Tax'])
      if (!given(line, field)) missing.push(`Details[${index}].${field}`);
    amounts += Number(line.Amount);
    taxes += Number(line.Tax);
  });
  if (details.length > 0 && amounts !== data.TotalAmount) missing.push('TotalAmount = Σ Details[].Amount');
  if (details.length > 0 && taxes !== data.TaxAmount) missing.push('TaxAmount = Σ Details[].Tax');
  return missing;
}

/** `CancelAllowance.md`'s fields that are missing (`Remark` is a note). */
export function missingAllowanceVoidFields(data: Fields): string[] {
  return ['SellerID', 'AllowanceNumber', 'CancelDate', 'CancelReason'].filter((field) => !given(data, field));
}

/** The period of an instant (Taipei): AD year and its even month, `GetInvoiceIDList.md`'s StageYear/StageMonth. */
function stageOf(instant: Date): { year: string; month: number } {
  const taipei = new Date(instant.getTime() + 8 * 3600_000);
  const month = taipei.getUTCMonth() + 1;
  return { year: String(taipei.getUTCFullYear()), month: month + (month % 2) };
}

export async function startSystemLeadStandin(options: {
  companyId: string;
  salt: string;
  /** The provider's clock: an instant (moved with `setNow`) or a clock shared with the test. */
  now: Date | (() => Date);
}): Promise<SystemLeadStandin> {
  let now: Date = typeof options.now === 'function' ? options.now() : options.now;
  let clock = typeof options.now === 'function' ? options.now : () => now;
  const requests: StandinRequest[] = [];
  const refusals: string[][] = [];
  const invoices: StandinInvoice[] = [];
  const allowances: StandinAllowance[] = [];
  /** Per period, one segment per UseFor: the sample's track `CA`, 1,000 numbers a segment. */
  const tracks = new Map<string, { word: string; year: string; month: number; segments: Fields[] }>();
  const SEGMENT = 1000;
  const BEGIN = 89430000; // the sample's CA89430015 lies in it

  const trackOf = (segment: Fields) =>
    [...tracks.values()].find((track) => track.segments.includes(segment))!.word;

  function segmentFor(useFor: string): Fields {
    const stage = stageOf(clock());
    const key = `${stage.year}-${stage.month}`;
    let track = tracks.get(key);
    // Each period its own track word (CA, CB, …), as the tax authority gives a new one per period.
    const word = `C${String.fromCharCode(65 + tracks.size)}`;
    if (!track) tracks.set(key, (track = { word, ...stage, segments: [] }));
    let segment = track.segments.find((item) => item.UseFor === useFor);
    if (!segment) {
      const start = BEGIN + track.segments.length * SEGMENT;
      segment = {
        Code: String(track.segments.length + 1).padStart(2, '0'),
        StartNumber: String(start),
        EndNumber: String(start + SEGMENT - 1),
        CurrentNumber: String(start),
        SplitBooklet: SEGMENT / 50,
        BeginBooklet: (track.segments.length * SEGMENT) / 50 + 1,
        EndBooklet: ((track.segments.length + 1) * SEGMENT) / 50,
        InvoiceCount: SEGMENT,
        LastUseDate: null,
        RowStatus: 'A',
        UseFor: useFor,
        Note: '',
      };
      track.segments.push(segment);
    }
    return segment;
  }

  function answerOrder(wrapper: Fields): Fields {
    const data = wrapper.Data;
    if (!isFields(data)) return { Message: 'Append Inovice Error!!' };
    const reasons = missingOrderFields(data);
    if (invoices.some((invoice) => invoice.relateNumber === data.RelateNumber))
      reasons.push('RelateNumber repeated');
    if (given(data, 'InvoiceID')) reasons.push('InvoiceID is not sent in order mode');
    if (reasons.length > 0) {
      refusals.push(reasons);
      return { Message: 'Append Inovice Error!!' };
    }
    // Receipt.md: UseFor picks the segment (GetInvoiceIDList's Details[].UseFor); none given, the first.
    const segment = segmentFor(typeof data.UseFor === 'string' ? data.UseFor : '');
    const serial = Number(segment.CurrentNumber);
    segment.CurrentNumber = String(serial + 1);
    const invoiceId = `${trackOf(segment)}${serial}`;
    const issuedAtUtc = clock().toISOString().slice(0, 19);
    invoices.push({
      invoiceId,
      via: '/Append/Order',
      relateNumber: String(data.RelateNumber),
      issuedAtUtc,
      data,
      processStatus: 'I0',
    });
    return { InvoiceID: invoiceId, InvoiceDateTime: issuedAtUtc, AuthCode: randomUUID().toUpperCase() };
  }

  function answerStatus(wrapper: Fields): Fields {
    const data = isFields(wrapper.Data) ? wrapper.Data : {};
    const invoice = invoices.find((item) => item.invoiceId === data.InvoiceID);
    return invoice
      ? {
          InvoiceID: invoice.invoiceId,
          ProcessStatus: invoice.processStatus,
          ProcessStatusMessage: PROCESS_STATUS_MESSAGES[invoice.processStatus],
        }
      : // Not in the documents: their table has no code for an unknown number.
        { InvoiceID: data.InvoiceID, ProcessStatus: 'NF', ProcessStatusMessage: '查無資訊' };
  }

  function answerIdList(wrapper: Fields): Fields {
    const data = isFields(wrapper.Data) ? wrapper.Data : {};
    const asked: Fields = { CompanyID: data.CompanyID, StageYear: data.StageYear };
    if (data.StageMonth !== undefined) asked.StageMonth = data.StageMonth;
    // Another company: the sample's 查無資訊.
    if (data.CompanyID !== options.companyId) return { IDList: [], ...asked };
    const list = [...tracks.values()]
      .filter((track) => track.year === data.StageYear)
      .filter((track) => data.StageMonth === undefined || String(track.month) === data.StageMonth)
      .map((track) => ({
        IDKey: `${options.companyId}${Number(track.year) - 1911}${String(track.month).padStart(2, '0')}${track.word}${BEGIN}00`,
        CompanyID: options.companyId,
        Word: track.word,
        StageYear: track.year,
        StageMonth: track.month,
        BeginNumber: String(BEGIN),
        EndNumber: String(BEGIN + 9999),
        Details: track.segments.map((segment) => ({ ...segment })),
      }));
    return { IDList: list, ...asked };
  }

  const ofSeller = (data: Fields) => data.SellerID === options.companyId;
  const invoiceOf = (number: unknown) => invoices.find((invoice) => invoice.invoiceId === number);

  /** CancelInvoice.md. The answer is not published: the record's own fields, Message on failure. */
  function answerVoid(data: Fields): Fields {
    const echo = { SellerID: data.SellerID, InvoiceNumber: data.InvoiceNumber };
    const reasons = missingVoidFields(data);
    if (reasons.length > 0) return refuse(reasons, echo);
    const invoice = invoiceOf(data.InvoiceNumber);
    if (!ofSeller(data) || !invoice) return { Message: '查無資訊', ...echo };
    invoice.processStatus = 'C0';
    return echo;
  }

  /** InsertAllowance.md. The answer is not published: no AllowanceNumber is made up. */
  function answerAllowance(data: Fields): Fields {
    const echo = { SellerID: data.SellerID, AllowanceNumberPrefix: data.AllowanceNumberPrefix };
    const reasons = missingAllowanceFields(data);
    if (reasons.length > 0) return refuse(reasons, echo);
    const numbers = (data.Details as Fields[]).map((line) => String(line.InvoiceNumber));
    const targets = numbers.map(invoiceOf);
    if (!ofSeller(data) || targets.some((invoice) => invoice === undefined))
      return { Message: '查無資訊', ...echo };
    for (const invoice of targets) invoice!.processStatus = 'A0';
    allowances.push({ prefix: String(data.AllowanceNumberPrefix), invoiceNumbers: numbers, data });
    return echo;
  }

  /** CancelAllowance.md. No allowance here has a number, so none is found by one. */
  function answerAllowanceVoid(data: Fields): Fields {
    const echo = { SellerID: data.SellerID, AllowanceNumber: data.AllowanceNumber };
    const reasons = missingAllowanceVoidFields(data);
    if (reasons.length > 0) return refuse(reasons, echo);
    return { Message: '查無資訊', ...echo };
  }

  /** GetInvoicesAppendStatus.md: P on the platform, N not. */
  function answerAppendStatus(data: Fields): Fields {
    return { InvoiceID: data.InvoiceID, AppendStatus: invoiceOf(data.InvoiceID) ? 'P' : 'N' };
  }

  const blanks: Array<{ word: string; yearMonth: string; begin: number; end: number }> = [];
  const yearMonthOf = (track: { year: string; month: number }) =>
    `${Number(track.year) - 1911}${String(track.month).padStart(2, '0')}`;
  const trackByWord = (word: unknown) => [...tracks.values()].find((track) => track.word === word);
  const isBlank = (word: string, serial: number) =>
    blanks.some((blank) => blank.word === word && blank.begin <= serial && serial <= blank.end);
  const usedIn = (word: string, begin: number, end: number) =>
    invoices.some((invoice) => {
      const serial = Number(invoice.invoiceId.slice(2));
      return invoice.invoiceId.slice(0, 2) === word && begin <= serial && serial <= end;
    });

  /** Receipt.md 發票版: the caller's number, time (UTC) and random code. */
  function answerInvoice(wrapper: Fields): Fields {
    const data = wrapper.Data as Fields;
    const echo = { InvoiceID: data.InvoiceID, InvoiceDateTime: data.InvoiceDateTime };
    const { RelateNumber: _optional, ...rest } = data;
    const reasons = missingOrderFields({ ...rest, RelateNumber: 'not needed in 發票版' });
    if (!given(data, 'InvoiceID')) reasons.push('InvoiceID');
    else if (typeof data.InvoiceID !== 'string' || !/^[A-Z]{2}\d{8}$/.test(data.InvoiceID))
      reasons.push('InvoiceID is 2 letters + 8 digits');
    if (
      typeof data.InvoiceDateTime !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(data.InvoiceDateTime)
    )
      reasons.push('InvoiceDateTime ISO 8601 (UTC)');
    // M for the kind (Receipt.md): CheckNumber for B, RandomNumber for C.
    need(reasons, data, data.InvoiceFor === 'B' ? 'CheckNumber' : 'RandomNumber');
    const invoiceId = String(data.InvoiceID);
    const track = trackByWord(invoiceId.slice(0, 2));
    const serial = Number(invoiceId.slice(2));
    const segment = track?.segments.find(
      (item) => Number(item.StartNumber) <= serial && serial <= Number(item.EndNumber),
    );
    if (reasons.length === 0 && !segment) reasons.push('InvoiceID not in a segment of GetInvoiceIDList');
    if (invoices.some((invoice) => invoice.invoiceId === invoiceId))
      reasons.push('InvoiceID stored already (the key)');
    if (given(data, 'RelateNumber') && invoices.some((invoice) => invoice.relateNumber === data.RelateNumber))
      reasons.push('RelateNumber repeated');
    if (segment && isBlank(invoiceId.slice(0, 2), serial)) reasons.push('InvoiceID reported blank');
    if (reasons.length > 0) {
      refusals.push(reasons);
      return { ...echo, Message: 'Append Inovice Error!!' };
    }
    segment!.CurrentNumber = String(Math.max(Number(segment!.CurrentNumber), serial + 1));
    invoices.push({
      invoiceId,
      via: '/Append/Invoices',
      relateNumber: String(data.RelateNumber ?? ''),
      issuedAtUtc: String(data.InvoiceDateTime),
      data,
      processStatus: 'I0',
    });
    return { ...echo, AuthCode: randomUUID().toUpperCase() };
  }

  function need(reasons: string[], data: Fields, field: string): void {
    if (!given(data, field)) reasons.push(field);
  }

  /** SetBlankInvoice.md: `[NextNumber, EndNumber]` of the period's range is blank. */
  function answerSetBlank(data: Fields): Fields {
    const reasons: string[] = [];
    for (const field of [
      'CompanyID',
      'Word',
      'StageYear',
      'StageMonth',
      'StartNumber',
      'EndNumber',
      'NextNumber',
    ])
      need(reasons, data, field);
    const track = trackByWord(data.Word);
    const yearMonth = track ? yearMonthOf(track) : '';
    const [start, end, next] = [data.StartNumber, data.EndNumber, data.NextNumber].map(Number);
    if (reasons.length === 0) {
      if (!track || track.year !== data.StageYear || String(track.month) !== String(data.StageMonth))
        reasons.push('no such track in the period');
      else if (!(start! <= next! && next! <= end!)) reasons.push('NextNumber outside StartNumber-EndNumber');
      else if (usedIn(String(data.Word), next!, end!)) reasons.push('a number of the blank range is used');
      else if (blanks.some((blank) => blank.word === data.Word && blank.begin <= end! && next! <= blank.end))
        reasons.push('reported before');
    }
    const answer = {
      CompanyID: data.CompanyID,
      YearMonth: yearMonth,
      InvoiceWord: data.Word,
      BlankInvoiceBeginNo: data.NextNumber,
      BlankInvoiceEndNo: data.EndNumber,
    };
    if (reasons.length > 0) {
      refusals.push(reasons);
      return { ErrorMessage: reasons.join('; '), ...answer };
    }
    blanks.push({ word: String(data.Word), yearMonth, begin: next!, end: end! });
    return { ErrorMessage: null, ...answer };
  }

  /** TrackBlank.md: each range on its own, its texts. */
  function answerTrackBlank(data: Fields): Fields {
    const { HeadBan, BranchBan, InvoiceType, YearMonth, InvoiceTrack } = data;
    const items = Array.isArray(data.Items) ? (data.Items as Fields[]) : [];
    return {
      HeadBan,
      BranchBan,
      InvoiceType,
      YearMonth,
      InvoiceTrack,
      Items: items.map((item) => {
        const begin = Number(item.InvoiceBeginNo);
        const end = Number(item.InvoiceEndNo);
        const echo = { InvoiceBeginNo: item.InvoiceBeginNo, InvoiceEndNo: item.InvoiceEndNo };
        if (end < begin) return { ...echo, Message: '發票迄號必須大於或等於起號', Status: 'E' };
        const again = blanks.some(
          (blank) => blank.word === InvoiceTrack && blank.begin <= end && begin <= blank.end,
        );
        if (again || usedIn(String(InvoiceTrack), begin, end))
          return { ...echo, Message: '空白發票新增失敗，請確認是否有輸入相同區間', Status: 'E' };
        blanks.push({ word: String(InvoiceTrack), yearMonth: String(YearMonth), begin, end });
        return { ...echo, Message: '空白發票新增成功', Status: 'C' };
      }),
    };
  }

  function refuse(reasons: string[], echo: Fields): Fields {
    refusals.push(reasons);
    // No published text for a refused record of these operations: the reasons are the test's.
    return { Message: reasons.join('; '), ...echo };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ path, headers: req.headers, body });
      if (req.method !== 'POST' || !(SYSTEMLEAD_DOCUMENTED_PATHS as readonly string[]).includes(path))
        return send(404, { Message: `No ${path}` });
      const wrappers = Array.isArray(body) ? body : [body];
      const wrapperShape = (value: unknown): value is Fields =>
        isFields(value) &&
        typeof value.CompanyID === 'string' &&
        typeof value.Timestamp === 'string' &&
        typeof value.Signature === 'string' &&
        isFields(value.Data);
      if (!wrappers.every(wrapperShape)) return send(400, { Message: 'Not the ApiHeader.md wrapper' });
      const answers = wrappers.map((wrapper) => {
        if (wrapper.Signature !== documentedSignature(String(wrapper.Timestamp), options.salt))
          return { Message: '簽章驗證錯誤' };
        if (wrapper.CompanyID !== options.companyId) return { Message: '簽章驗證錯誤' };
        switch (path) {
          case '/Append/Order':
          case '/Append/Orders':
            return answerOrder(wrapper);
          case '/Inquire/GetInvoicesStatus':
            return answerStatus(wrapper);
          case '/Inquire/GetInvoiceIDList':
            return answerIdList(wrapper);
          case '/Inquire/GetInvoicesAppendStatus':
            return answerAppendStatus(wrapper.Data as Fields);
          case '/Update/CancelInvoices':
            return answerVoid(wrapper.Data as Fields);
          case '/Update/AllowanceInvoice':
            return answerAllowance(wrapper.Data as Fields);
          case '/Update/CancelAllowances':
            return answerAllowanceVoid(wrapper.Data as Fields);
          case '/Append/Invoices':
            return answerInvoice(wrapper);
          case '/Update/SetBlankInvoiceID':
            return answerSetBlank(wrapper.Data as Fields);
          case '/Append/TrackBlank':
            return answerTrackBlank(wrapper.Data as Fields);
          default:
            return { Message: `${path}: not in this stand-in` };
        }
      });
      send(200, answers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refusals,
    invoices,
    allowances,
    blanks,
    allot(useFor) {
      const segment = segmentFor(useFor);
      return { word: trackOf(segment), start: Number(segment.StartNumber), end: Number(segment.EndNumber) };
    },
    setNow: (instant) => {
      now = instant;
      clock = () => now;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

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
    setNow: (instant) => {
      now = instant;
      clock = () => now;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

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
 *   another company.
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
}

export interface SystemLeadStandin {
  url: string;
  requests: StandinRequest[];
  refusals: string[][];
  invoices: StandinInvoice[];
  /** The stand-in's clock (what the provider takes as the invoice's time). */
  setNow(instant: Date): void;
  close(): Promise<void>;
}

type Fields = Record<string, unknown>;
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

export async function startSystemLeadStandin(options: {
  companyId: string;
  salt: string;
  now: Date;
}): Promise<SystemLeadStandin> {
  let now = options.now;
  const requests: StandinRequest[] = [];
  const refusals: string[][] = [];
  const invoices: StandinInvoice[] = [];
  let next = 89430015; // the sample's CA89430015

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
    const invoiceId = `CA${next++}`;
    const issuedAtUtc = now.toISOString().slice(0, 19);
    invoices.push({ invoiceId, relateNumber: String(data.RelateNumber), issuedAtUtc, data });
    return { InvoiceID: invoiceId, InvoiceDateTime: issuedAtUtc, AuthCode: randomUUID().toUpperCase() };
  }

  function answerStatus(wrapper: Fields): Fields {
    const data = isFields(wrapper.Data) ? wrapper.Data : {};
    const invoice = invoices.find((item) => item.invoiceId === data.InvoiceID);
    return invoice
      ? { InvoiceID: invoice.invoiceId, ProcessStatus: 'I0', ProcessStatusMessage: '開立新增' }
      : // Not in the documents: their table has no code for an unknown number.
        { InvoiceID: data.InvoiceID, ProcessStatus: 'NF', ProcessStatusMessage: '查無資訊' };
  }

  function answerIdList(wrapper: Fields): Fields {
    const data = isFields(wrapper.Data) ? wrapper.Data : {};
    const asked: Fields = { CompanyID: data.CompanyID, StageYear: data.StageYear };
    if (data.StageMonth !== undefined) asked.StageMonth = data.StageMonth;
    // Another company: the sample's 查無資訊. This stand-in holds no tracks of its own either.
    return { IDList: [], ...asked };
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
    setNow: (instant) => {
      now = instant;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosOrderData } from '../../../src/provider/pos-profile';
import { buildWireBody, variantFor } from '../../../src/provider/variants';
import { systemLeadSignature } from '../../../src/provider/variants/systemlead';
import { taipeiDateTime } from '../../../src/shared/domain';
import { freshTimestamp, sampleOrder } from '../../support/pos-client';
import { startService, type RunningService } from './harness';

/**
 * The training service in SystemLead's dialect (provider profile §6), on the wire: its recipe
 * signs, its field names are the order's, the random code is the one the till sends
 * (`RandomNumber` for C, `CheckNumber` for B), its answers are arrays without StatusCode (an
 * `AuthCode` GUID, no random code, no print data); the profile's wire body is refused before
 * anything is issued.
 */
describe('the training service speaking the systemlead variant', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ config: { variant: 'systemlead' } });
  });
  afterAll(() => running.dispose());

  const send = (body: unknown) => running.post('order', undefined, { rawBody: JSON.stringify(body) });
  /** A sample order from till `T1` (SystemLead's UseFor takes 2 characters). */
  const order = (billingNo: string, overrides: Partial<PosOrderData> = {}, buyerTaxId?: string) =>
    sampleOrder(billingNo, {
      overrides: { DeviceID: 'T1', RandomNumber: '0427', ...overrides },
      ...(buyerTaxId ? { buyerTaxId } : {}),
    });
  const wire = (data: PosOrderData, variant: 'profile' | 'systemlead' = 'systemlead', signature?: string) => {
    const { companyId, signingSecret } = running.config;
    const timestamp = freshTimestamp();
    const body = buildWireBody(variantFor(variant), companyId, signingSecret, timestamp, data);
    return signature === undefined ? body : { ...body, Signature: signature };
  };

  it('issues a SystemLead order with the till’s random code and answers [{ InvoiceID, InvoiceDateTime, AuthCode }]', async () => {
    const body = wire(order('SL-0001'));
    expect(body.Signature).toBe(systemLeadSignature(body.Timestamp, running.config.signingSecret));
    expect(body.Data).toMatchObject({
      RelateNumber: 'SL-0001',
      UseFor: 'T1',
      PrintMark: 'Y',
      DonateMark: 'N',
      RandomNumber: '0427',
    });
    const call = await send(body);
    expect(call.status).toBe(200);
    const answer = JSON.parse(call.text) as Array<Record<string, unknown>>;
    expect(answer).toHaveLength(1);
    expect(answer[0]).toEqual({
      InvoiceID: expect.stringMatching(/^[A-Z]{2}\d{8}$/),
      // A GUID in upper case, as SystemLead's sample; never the random code.
      AuthCode: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
      InvoiceDateTime: expect.any(String),
    });
    expect(await running.lookup('SL-0001')).toMatchObject({
      found: true,
      InvoiceNumber: answer[0]!.InvoiceID,
      RandomNumber: '0427',
    });
    expect(variantFor('systemlead').readAnswer(answer, order('SL-0001'))).toMatchObject({
      StatusCode: 1,
      BillingNo: 'SL-0001',
      RandomNumber: '0427',
    });
  });

  it('a B invoice’s code is its CheckNumber; a donation says DonateMark Y', async () => {
    const business = wire(order('SL-0005', { RandomNumber: '9001' }, '04595252'));
    expect(business.Data).toMatchObject({ CheckNumber: '9001' });
    expect(business.Data).not.toHaveProperty('DonateMark');
    expect(JSON.parse((await send(business)).text)[0]).toHaveProperty('AuthCode');
    expect(await running.lookup('SL-0005')).toMatchObject({ found: true, RandomNumber: '9001' });

    const donation = wire(order('SL-0006', { PrintMark: 'N', NPOBAN: '8585' }));
    expect(donation.Data).toMatchObject({ DonateMark: 'Y', NPOBAN: '8585' });
    expect(JSON.parse((await send(donation)).text)[0]).toHaveProperty('AuthCode');
  });

  it('issue 25 item 5: an order without an apiKey header is taken (the Salt signature is the authentication)', async () => {
    const call = await running.post('order', undefined, {
      rawBody: JSON.stringify(wire(order('SL-0101'))),
      apiKey: null,
    });
    expect(call.status).toBe(200);
    expect(JSON.parse(call.text)[0]).toHaveProperty('AuthCode');
  });

  it('issue 25 item 6: a minimal Receipt.md order (its M fields and RelateNumber) is issued with the documents’ defaults', async () => {
    const { companyId, signingSecret } = running.config;
    const timestamp = freshTimestamp();
    const minimal = {
      CompanyID: companyId,
      InvoiceFor: 'C',
      BuyerID: '0000000000',
      RelateNumber: 'SL-MIN-1',
      PrintMark: 'N',
      DonateMark: 'N',
      TaxType: '1',
      TaxAmount: 0,
      TotalAmount: 1500,
      Details: [
        { DetailID: '001', ProductName: '產品名稱', Quantity: 5, UnitPrice: 100, SubTotal: 500 },
        { DetailID: '002', ProductName: '長度256個字', Quantity: 2, UnitPrice: 500, SubTotal: 1000 },
      ],
    };
    const call = await send({
      CompanyID: companyId,
      Timestamp: timestamp,
      Signature: systemLeadSignature(timestamp, signingSecret),
      Data: minimal,
    });
    const answer = JSON.parse(call.text) as Array<Record<string, unknown>>;
    expect(answer).toEqual([
      {
        InvoiceID: expect.stringMatching(/^[A-Z]{2}\d{8}$/),
        InvoiceDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
        AuthCode: expect.any(String),
      },
    ]);
    // The answer's time is UTC (Receipt.md): 8 hours behind the Taipei time the service keeps.
    const kept = (await running.lookup('SL-MIN-1')) as { found: boolean; InvoiceDateTime: string };
    expect(kept.found).toBe(true);
    const utc = new Date(`${String(answer[0]!.InvoiceDateTime)}Z`).getTime();
    expect(new Date(`${kept.InvoiceDateTime}Z`).getTime() - utc).toBe(8 * 3600_000);
  });

  it('issue 25 item 1: there is no /Append/OrderWithoutPrint and no /Append/OrderReturnQKey (InvoiceApiList.md)', async () => {
    for (const operation of ['orderWithoutPrint', 'orderReturnQKey'] as const) {
      const call = await running.post(operation, undefined, {
        rawBody: JSON.stringify(wire(order('SL-0102'))),
      });
      expect(call.status).toBe(404);
    }
  });

  it('refuses the profile’s recipe and field names, a long UseFor and a bad code with [{ Message }], issuing nothing', async () => {
    const profileSigned = await send(wire(order('SL-0002'), 'profile'));
    // SystemLead's own words for it (b2cJsonSample.md, GetInvoiceIDList.md).
    expect(JSON.parse(profileSigned.text)).toEqual([{ Message: '簽章驗證錯誤' }]);
    const renamed = wire(order('SL-0004'));
    const mixed = await send({ ...renamed, Data: { ...renamed.Data, BillingNo: 'SL-0004' } });
    expect(JSON.parse(mixed.text)).toEqual([{ Message: 'BillingNo is not a field of this API' }]);
    const long = await send(wire(order('SL-0007', { DeviceID: 'T01' })));
    expect(JSON.parse(long.text)).toEqual([{ Message: 'UseFor is longer than 2 characters' }]);
    const badCode = await send(wire(order('SL-0008', { RandomNumber: '12345' })));
    expect(JSON.parse(badCode.text)).toEqual([{ Message: 'RandomNumber must be 4 digits' }]);
    for (const billingNo of ['SL-0002', 'SL-0004', 'SL-0007', 'SL-0008']) {
      expect(await running.lookup(billingNo)).toMatchObject({ found: false });
    }
  });
});

/**
 * The training service's standard API in SystemLead's dialect (profile §6, `ApiHeader.md`,
 * `GetInvoiceIDList.md`): one signed wrapper per record, answers without StatusCode (an element per
 * wrapper, `Message` on a refused one), the number list's fields as strings.
 */
const taipeiNow = () => taipeiDateTime(new Date());

describe('the training service’s standard API speaking the systemlead variant', () => {
  let running: RunningService;
  let invoiceNumber = '';
  let second = 0;
  beforeAll(async () => {
    running = await startService({ config: { variant: 'systemlead' } });
    const { companyId, signingSecret } = running.config;
    const data = sampleOrder('SL-STD-1', { overrides: { DeviceID: 'T1', RandomNumber: '4321' } });
    const body = buildWireBody(variantFor('systemlead'), companyId, signingSecret, freshTimestamp(), data);
    const call = await running.post('order', undefined, { rawBody: JSON.stringify(body) });
    invoiceNumber = (JSON.parse(call.text) as Array<{ InvoiceID: string }>)[0]!.InvoiceID;
    second = Math.floor(Date.now() / 1000) - 200;
  });
  afterAll(() => running.dispose());

  const wrap = (data: unknown, timestamp: string, secret = running.config.standardSigningSecret) => ({
    CompanyID: running.config.companyId,
    Timestamp: timestamp,
    Signature: systemLeadSignature(timestamp, secret),
    Data: data,
  });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${running.service.standardUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apiKey: running.config.standardApiKey },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as unknown };
  };
  const record = (InvoiceID: string) => ({ CompanyID: running.config.companyId, InvoiceID });

  it('a status batch: one element per wrapper, without StatusCode; a badly signed wrapper refused alone', async () => {
    const timestamp = String(second++);
    const answered = await post('/Inquire/GetInvoicesStatus', [
      wrap(record(invoiceNumber), timestamp),
      wrap(record('ZZ00000000'), timestamp),
    ]);
    expect(answered.status).toBe(200);
    expect(answered.json).toEqual([
      expect.objectContaining({ InvoiceID: invoiceNumber, ProcessStatus: 'I0' }),
      expect.objectContaining({ InvoiceID: 'ZZ00000000', ProcessStatus: 'NF' }),
    ]);
    expect(JSON.stringify(answered.json)).not.toContain('StatusCode');

    const mixed = String(second++);
    const refusedOne = await post('/Inquire/GetInvoicesAppendStatus', [
      wrap(record(invoiceNumber), mixed),
      wrap(record(invoiceNumber), mixed, 'not-the-secret'),
    ]);
    expect(refusedOne.json).toEqual([
      { InvoiceID: invoiceNumber, AppendStatus: expect.stringMatching(/^[NPUC]$/) },
      { Message: '簽章驗證錯誤', CompanyID: running.config.companyId, InvoiceID: invoiceNumber },
    ]);
    // The request's one timestamp is used: every element says so.
    const again = await post('/Inquire/GetInvoicesAppendStatus', [wrap(record(invoiceNumber), mixed)]);
    expect(again.json).toEqual([expect.objectContaining({ Message: 'Timestamp already used' })]);
    // Wrappers of one request share its timestamp.
    const split = await post('/Inquire/GetInvoicesStatus', [
      wrap(record(invoiceNumber), String(second++)),
      wrap(record(invoiceNumber), String(second++)),
    ]);
    expect(split.status).toBe(400);
  });

  it('issue 25 items 5, 7: no apiKey needed; ProcessStatusMessage in GetInvoicesStatus.md’s words', async () => {
    const response = await fetch(`${running.service.standardUrl}/Inquire/GetInvoicesStatus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wrap(record(invoiceNumber), String(second++))),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      expect.objectContaining({
        InvoiceID: invoiceNumber,
        ProcessStatus: 'I0',
        ProcessStatusMessage: '開立新增',
      }),
    ]);
  });

  it('issue 25 item 7: GetInvoiceIDList for another company answers IDList: [] (the sample’s 查無資訊)', async () => {
    const asked = { CompanyID: '34567890', StageYear: '2017', StageMonth: '8' };
    const list = await post('/Inquire/GetInvoiceIDList', wrap(asked, String(second++)));
    expect(list.json).toEqual([{ IDList: [], ...asked }]);
  });

  it('GetInvoiceIDList: string fields in, SystemLead’s list out (the till’s segment under UseFor)', async () => {
    const now = new Date();
    const taipei = new Date(now.getTime() + 8 * 3600_000);
    const year = taipei.getUTCFullYear();
    const evenMonth = taipei.getUTCMonth() + 1 + ((taipei.getUTCMonth() + 1) % 2);
    const asked = {
      CompanyID: running.config.companyId,
      StageYear: String(year),
      StageMonth: String(evenMonth),
    };
    const list = await post('/Inquire/GetInvoiceIDList', wrap(asked, String(second++)));
    expect(list.json).toEqual([
      {
        IDList: expect.arrayContaining([
          expect.objectContaining({
            IDKey: expect.any(String),
            CompanyID: running.config.companyId,
            StageYear: String(year),
            StageMonth: evenMonth,
            Details: expect.arrayContaining([
              expect.objectContaining({
                UseFor: 'T1',
                SplitBooklet: expect.any(Number),
                BeginBooklet: 1,
                LastUseDate: null,
                Note: '',
              }),
            ]),
          }),
        ]),
        ...asked,
      },
    ]);
    const numbers = await post(
      '/Inquire/GetInvoiceIDList',
      wrap({ CompanyID: running.config.companyId, StageYear: year }, String(second++)),
    );
    expect(numbers.json).toEqual([
      {
        Message: 'StageYear must be a string of digits (e.g. "2017")',
        CompanyID: running.config.companyId,
        StageYear: year,
      },
    ]);
  });

  it('a void: the single-record format answered by one element; again, its Message', async () => {
    const cancel = {
      SellerID: running.config.companyId,
      InvoiceNumber: invoiceNumber,
      CancelDate: taipeiNow(),
      CancelReason: '測試作廢',
    };
    const first = await post('/Update/CancelInvoices', wrap(cancel, String(second++)));
    expect(first.json).toEqual([{ SellerID: running.config.companyId, InvoiceNumber: invoiceNumber }]);
    const again = await post('/Update/CancelInvoices', [wrap(cancel, String(second++))]);
    expect(again.json).toEqual([
      { SellerID: running.config.companyId, InvoiceNumber: invoiceNumber, Message: 'Invoice already voided' },
    ]);
    // The profile's batch (one wrapper, Data an array) is not SystemLead's: refused, nothing done.
    const profileShaped = await post('/Update/CancelInvoices', wrap([cancel], String(second++)));
    expect(profileShaped.json).toEqual([{ Message: 'Data of one record is one object' }]);
  });
});

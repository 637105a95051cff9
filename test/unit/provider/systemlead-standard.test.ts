import { describe, expect, it } from 'vitest';
import { readStandardResult } from '../../../src/main/invoice-service/standard-client';
import {
  classifyAppendStatus,
  classifyIdList,
  classifyStandard,
  classifyStatus,
} from '../../../src/main/invoice-service/standard-outcome';
import type { TransportResult } from '../../../src/main/invoice-service/transport';
import { buildStandardWireBody, variantFor } from '../../../src/provider/variants';
import { systemLeadSignature } from '../../../src/provider/variants/systemlead';

const systemlead = variantFor('systemlead');
const profile = variantFor('profile');
const answer = (body: unknown): TransportResult => ({
  kind: 'response',
  status: 200,
  body: JSON.stringify(body),
  elapsedMs: 1,
});
/** The answer as the till reads it in SystemLead's dialect. */
const read = (operation: Parameters<typeof readStandardResult>[1], body: unknown, sent: unknown) =>
  readStandardResult(systemlead, operation, answer(body), sent);

const asked = [
  { CompanyID: '12345678', InvoiceID: 'CA89430001' },
  { CompanyID: '12345678', InvoiceID: 'CA89430002' },
];

/** `CHT/GetInvoiceIDList.md`'s answer to a query of 2017 (its first element, JSON made valid). */
const SAMPLE_ID_LIST = {
  IDList: [
    {
      IDKey: '1234567810606HC1234000000',
      CompanyID: '12345678',
      Word: 'HC',
      StageYear: '2017',
      StageMonth: 6,
      BeginNumber: '12340000',
      EndNumber: '12349999',
      Details: [
        {
          Code: '01',
          StartNumber: '12340000',
          EndNumber: '12342999',
          CurrentNumber: '12340000',
          SplitBooklet: 60,
          BeginBooklet: 1,
          EndBooklet: 60,
          InvoiceCount: 3000,
          LastUseDate: null,
          RowStatus: 'A',
          UseFor: 'U1',
          Note: '',
        },
      ],
    },
  ],
  CompanyID: '12345678',
  StageYear: '2017',
};

describe('SystemLead standard API: requests', () => {
  it('several records: a top-level array of wrappers, one per record, each signed', () => {
    const body = buildStandardWireBody(
      systemlead,
      'getInvoicesStatus',
      '12345678',
      'salt',
      '1496339450',
      asked,
    );
    const signature = systemLeadSignature('1496339450', 'salt');
    expect(body).toEqual(
      asked.map((record) => ({
        CompanyID: '12345678',
        Timestamp: '1496339450',
        Signature: signature,
        Data: record,
      })),
    );
    // The profile: one wrapper, Data the array.
    expect(buildStandardWireBody(profile, 'getInvoicesStatus', '12345678', 'salt', '1', asked)).toMatchObject(
      {
        Data: asked,
      },
    );
  });

  it('one record: the single-record format; the number list’s fields as strings', () => {
    const body = buildStandardWireBody(systemlead, 'getInvoiceIdList', '12345678', 'salt', '1', {
      CompanyID: '12345678',
      StageYear: 2017,
      StageMonth: 8,
    });
    expect(body).toMatchObject({ Data: { CompanyID: '12345678', StageYear: '2017', StageMonth: '8' } });
    const year = buildStandardWireBody(systemlead, 'getInvoiceIdList', '12345678', 'salt', '1', {
      CompanyID: '12345678',
      StageYear: 2017,
    }) as { Data: Record<string, unknown> };
    expect(year.Data).toEqual({ CompanyID: '12345678', StageYear: '2017' });
  });
});

describe('SystemLead standard API: the till reads its answers, or calls them unreadable', () => {
  it('the documented number list: tracks and segments, the year and month read as numbers', () => {
    const outcome = classifyIdList(
      read('getInvoiceIdList', [SAMPLE_ID_LIST], { CompanyID: '12345678', StageYear: 2017 }),
      { stageYear: 2017 },
    );
    expect(outcome).toMatchObject({
      kind: 'answered',
      tracks: [
        {
          Word: 'HC',
          StageYear: 2017,
          StageMonth: 6,
          Details: [{ Code: '01', UseFor: 'U1', InvoiceCount: 3000, CurrentNumber: '12340000' }],
        },
      ],
    });
    // "查無資訊": an empty list answers; "簽章驗證錯誤" refuses.
    expect(
      classifyIdList(
        read(
          'getInvoiceIdList',
          [{ IDList: [], CompanyID: '12345678', StageYear: '2017', StageMonth: '8' }],
          {
            CompanyID: '12345678',
            StageYear: 2017,
            StageMonth: 8,
          },
        ),
        { stageYear: 2017, stageMonth: 8 },
      ),
    ).toEqual({ kind: 'answered', tracks: [] });
    expect(
      classifyIdList(
        read('getInvoiceIdList', [{ Message: '簽章驗證錯誤', CompanyID: '12345678', StageYear: '2017' }], {
          CompanyID: '12345678',
          StageYear: 2017,
        }),
        { stageYear: 2017 },
      ),
    ).toMatchObject({ kind: 'rejected', reason: 'Signature mismatch' });
  });

  it('number lists it cannot read are unknown', () => {
    const sent = { CompanyID: '12345678', StageYear: 2017 };
    const cases: unknown[] = [
      SAMPLE_ID_LIST, // not an array
      [SAMPLE_ID_LIST, SAMPLE_ID_LIST], // two elements for one wrapper
      [{ ...SAMPLE_ID_LIST, CompanyID: '87654321' }], // another seller's list
      [{ ...SAMPLE_ID_LIST, IDList: [{ ...SAMPLE_ID_LIST.IDList[0], StageYear: 'twenty' }] }],
      [{ ...SAMPLE_ID_LIST, IDList: 'none' }],
      [{ CompanyID: '12345678' }],
    ];
    for (const body of cases) {
      expect(
        classifyIdList(read('getInvoiceIdList', body, sent), { stageYear: 2017 }).kind,
        JSON.stringify(body),
      ).toBe('unknown');
    }
  });

  it('status and upload queries: one element per wrapper; a refusal of all is a refusal, a mix is unknown', () => {
    const items = [
      { InvoiceID: 'CA89430001', ProcessStatus: 'I0', ProcessStatusMessage: 'Issued', Allowances: [] },
      { InvoiceID: 'CA89430002', ProcessStatus: 'NF', ProcessStatusMessage: 'Invoice not found' },
    ];
    const numbers = asked.map((record) => record.InvoiceID);
    expect(classifyStatus(read('getInvoicesStatus', items, asked), numbers)).toMatchObject({
      kind: 'answered',
      items: [{ ProcessStatus: 'I0' }, { ProcessStatus: 'NF' }],
    });
    expect(
      classifyStatus(
        read('getInvoicesStatus', [{ Message: '簽章驗證錯誤' }, { Message: '簽章驗證錯誤' }], asked),
        numbers,
      ),
    ).toMatchObject({ kind: 'rejected', reason: 'Signature mismatch' });
    for (const body of [
      [items[0], { Message: 'Signature mismatch', InvoiceID: 'CA89430002' }],
      [{ Message: 'a' }, { Message: 'b' }],
      [items[0]],
      { StatusCode: 1, ResultMessage: 'ok', Data: items },
    ]) {
      expect(classifyStatus(read('getInvoicesStatus', body, asked), numbers).kind, JSON.stringify(body)).toBe(
        'unknown',
      );
    }
    expect(
      classifyAppendStatus(
        read(
          'getInvoicesAppendStatus',
          [
            { InvoiceID: 'CA89430001', AppendStatus: 'U' },
            { InvoiceID: 'CA89430002', AppendStatus: 'N' },
          ],
          asked,
        ),
        numbers,
      ),
    ).toMatchObject({ kind: 'answered', items: [{ AppendStatus: 'U' }, { AppendStatus: 'N' }] });
  });

  it('voids and allowances: the element is the result, a Message its refusal', () => {
    const voidData = {
      SellerID: '12345678',
      InvoiceNumber: 'CA89430001',
      CancelDate: '2026-11-23T10:00:00',
      CancelReason: '退貨',
    };
    const context = { afterUnknown: false };
    expect(
      classifyStandard(
        'cancelInvoices',
        read('cancelInvoices', [{ SellerID: '12345678', InvoiceNumber: 'CA89430001' }], voidData),
        context,
      ),
    ).toMatchObject({ kind: 'done' });
    expect(
      classifyStandard(
        'cancelInvoices',
        read(
          'cancelInvoices',
          [{ SellerID: '12345678', InvoiceNumber: 'CA89430001', Message: 'Invoice already voided' }],
          voidData,
        ),
        { afterUnknown: true },
      ),
    ).toMatchObject({ kind: 'done', already: true });
    expect(
      classifyStandard(
        'cancelInvoices',
        read('cancelInvoices', [{ Message: 'Void window closed' }], voidData),
        context,
      ),
    ).toMatchObject({ kind: 'rejected', reason: 'Void window closed' });
    const allowance = { AllowanceNumberPrefix: 'T10001' };
    const prefix = { afterUnknown: true, allowancePrefix: 'T10001' };
    expect(
      classifyStandard(
        'allowanceInvoice',
        read('allowanceInvoice', [{ SellerID: '12345678', AllowanceNumber: 'T10001001' }], allowance),
        prefix,
      ),
    ).toMatchObject({ kind: 'done', allowanceNumber: 'T10001001', already: false });
    expect(
      classifyStandard(
        'allowanceInvoice',
        read(
          'allowanceInvoice',
          [
            {
              SellerID: '12345678',
              AllowanceNumber: 'T10001001',
              Message: 'Duplicate AllowanceNumberPrefix',
            },
          ],
          allowance,
        ),
        prefix,
      ),
    ).toMatchObject({ kind: 'done', allowanceNumber: 'T10001001', already: true });
    // A profile answer, two elements, or none: unknown (it may stand; the status query settles it).
    for (const body of [
      { StatusCode: 1, ResultMessage: 'ok', SellerID: '12345678', AllowanceNumber: 'T10001001' },
      [{ SellerID: '12345678', AllowanceNumber: 'T10001001' }, { Message: 'x' }],
      [],
      ['T10001001'],
    ]) {
      expect(
        classifyStandard('allowanceInvoice', read('allowanceInvoice', body, allowance), prefix).kind,
        JSON.stringify(body),
      ).toBe('unknown');
    }
  });
});

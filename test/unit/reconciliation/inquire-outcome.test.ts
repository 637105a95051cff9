import { describe, expect, it } from 'vitest';
import { classifyAppendStatus, classifyIdList } from '../../../src/main/invoice-service/standard-outcome';
import type { TransportResult } from '../../../src/main/invoice-service/transport';

/** The Inquire group's reads: an answer, or why there is none; never a guess. */
const answer = (body: unknown, status = 200): TransportResult => ({
  kind: 'response',
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  elapsedMs: 1,
});

const segment = (over: Record<string, unknown> = {}) => ({
  Code: 'S1',
  UseFor: 'T01',
  StartNumber: '00001000',
  EndNumber: '00001999',
  CurrentNumber: '00001005',
  InvoiceCount: 1000,
  RowStatus: 'A',
  ...over,
});
const idList = (details: unknown[], over: Record<string, unknown> = {}) => ({
  StatusCode: 1,
  ResultMessage: 'Invoice number list returned',
  IDList: [
    {
      Word: 'TR',
      StageYear: 2026,
      StageMonth: 12,
      BeginNumber: '00000000',
      EndNumber: '00049999',
      Details: details,
      ...over,
    },
  ],
});

describe('GetInvoicesAppendStatus answers', () => {
  const asked = ['AB00000001', 'AB00000002'];
  it('reads the items in request order', () => {
    const outcome = classifyAppendStatus(
      answer({
        StatusCode: 1,
        ResultMessage: 'ok',
        Data: [
          { InvoiceID: 'AB00000001', AppendStatus: 'P' },
          { InvoiceID: 'AB00000002', AppendStatus: 'C' },
        ],
      }),
      asked,
    );
    expect(outcome).toEqual({
      kind: 'answered',
      items: [
        { InvoiceID: 'AB00000001', AppendStatus: 'P' },
        { InvoiceID: 'AB00000002', AppendStatus: 'C' },
      ],
    });
  });

  it('unreadable: not JSON, an unknown AppendStatus, items of other invoices or missing ones', () => {
    for (const body of [
      'not json',
      {
        StatusCode: 1,
        ResultMessage: 'ok',
        Data: [
          { InvoiceID: 'AB00000001', AppendStatus: 'X' },
          { InvoiceID: 'AB00000002', AppendStatus: 'C' },
        ],
      },
      {
        StatusCode: 1,
        ResultMessage: 'ok',
        Data: [
          { InvoiceID: 'AB00000002', AppendStatus: 'C' },
          { InvoiceID: 'AB00000001', AppendStatus: 'C' },
        ],
      },
      { StatusCode: 1, ResultMessage: 'ok', Data: [{ InvoiceID: 'AB00000001', AppendStatus: 'C' }] },
      { StatusCode: 1, ResultMessage: 'ok' },
    ]) {
      expect(classifyAppendStatus(answer(body), asked).kind, JSON.stringify(body)).toBe('unknown');
    }
  });

  it('not delivered, refused, and a used timestamp to retry', () => {
    expect(classifyAppendStatus({ kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 1 }, asked).kind).toBe(
      'not-delivered',
    );
    expect(
      classifyAppendStatus(answer({ StatusCode: 0, ResultMessage: 'Signature mismatch' }), asked),
    ).toMatchObject({
      kind: 'rejected',
      retryWithFreshTimestamp: false,
    });
    expect(
      classifyAppendStatus(answer({ StatusCode: 0, ResultMessage: 'Timestamp already used' }), asked),
    ).toMatchObject({
      kind: 'rejected',
      retryWithFreshTimestamp: true,
    });
    expect(classifyAppendStatus(answer('', 502), asked).kind).toBe('unknown');
  });
});

describe('GetInvoiceIDList answers', () => {
  const period = { stageYear: 2026, stageMonth: 12 };
  it('reads the tracks and their segments', () => {
    const outcome = classifyIdList(
      answer(
        idList([
          segment(),
          segment({
            Code: 'S2',
            UseFor: 'T02',
            StartNumber: '00002000',
            EndNumber: '00002999',
            CurrentNumber: '00003000',
          }),
        ]),
      ),
      period,
    );
    expect(outcome.kind).toBe('answered');
    if (outcome.kind === 'answered')
      expect(outcome.tracks[0]!.Details.map((d) => d.UseFor)).toEqual(['T01', 'T02']);
  });

  it('unreadable: another period, a segment outside its track, a CurrentNumber outside its segment', () => {
    for (const body of [
      idList([segment()], { StageMonth: 10 }),
      idList([segment()], { StageYear: 2025 }),
      idList([segment({ StartNumber: '00049000', EndNumber: '00050999' })]),
      idList([segment({ CurrentNumber: '00000999' })]),
      idList([segment({ CurrentNumber: '00002001' })]),
      idList([segment({ StartNumber: '00001999', EndNumber: '00001000' })]),
      idList([segment({ StartNumber: '1000' })]),
      { StatusCode: 1, ResultMessage: 'ok' },
    ]) {
      expect(classifyIdList(answer(body), period).kind, JSON.stringify(body)).toBe('unknown');
    }
  });

  it('a whole year (no StageMonth) takes every period of that year', () => {
    expect(classifyIdList(answer(idList([segment()], { StageMonth: 4 })), { stageYear: 2026 }).kind).toBe(
      'answered',
    );
  });
});

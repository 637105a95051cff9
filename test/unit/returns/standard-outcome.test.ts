import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyStandard, classifyStatus } from '../../../src/main/invoice-service/standard-outcome';
import { readScan } from '../../../src/main/returns/find';
import type { TransportResult } from '../../../src/main/invoice-service/transport';

const answer = (body: unknown, status = 200): TransportResult => ({
  kind: 'response',
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  elapsedMs: 1,
});
const first = { afterUnknown: false };
const retry = { afterUnknown: true };

describe('standard API outcomes', () => {
  it('reads done, rejected, not delivered and unknown', () => {
    const ok = {
      StatusCode: 1,
      ResultMessage: 'Invoice voided successfully',
      SellerID: '1',
      InvoiceNumber: 'AB12345678',
    };
    expect(classifyStandard('cancelInvoices', answer(ok), first).kind).toBe('done');
    expect(
      classifyStandard('cancelInvoices', { kind: 'not-sent', reason: 'ECONNREFUSED', elapsedMs: 1 }, first)
        .kind,
    ).toBe('not-delivered');
    for (const result of [
      { kind: 'failed-after-send', reason: 'ECONNRESET', elapsedMs: 1 } as const,
      answer('', 500),
      answer('', 503),
      answer('<html>'),
    ]) {
      expect(classifyStandard('cancelInvoices', result, first).kind).toBe('unknown');
    }
    expect(classifyStandard('cancelInvoices', answer({ ResultMessage: 'x' }, 401), first)).toMatchObject({
      kind: 'rejected',
      statusCode: null,
    });
    expect(
      classifyStandard(
        'cancelInvoices',
        answer({ StatusCode: 0, ResultMessage: 'Void window closed' }),
        first,
      ),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'Void window closed',
    });
    expect(
      classifyStandard(
        'cancelInvoices',
        answer({ StatusCode: 0, ResultMessage: 'Timestamp already used' }),
        first,
      ),
    ).toMatchObject({
      kind: 'rejected',
      retryWithFreshTimestamp: true,
    });
  });

  it('reads "already voided" as done only after an unknown outcome', () => {
    const already = answer({
      StatusCode: 0,
      ResultMessage: 'Invoice already voided',
      SellerID: '1',
      InvoiceNumber: 'AB12345678',
    });
    expect(classifyStandard('cancelInvoices', already, first).kind).toBe('rejected');
    expect(classifyStandard('cancelInvoices', already, retry)).toMatchObject({ kind: 'done', already: true });
    const allowance = answer({
      StatusCode: 0,
      ResultMessage: 'Allowance already voided',
      SellerID: '1',
      AllowanceNumber: 'T010001001',
    });
    expect(
      classifyStandard('cancelAllowance', allowance, { ...retry, allowanceNumber: 'T010001001' }).kind,
    ).toBe('done');
  });

  it('a duplicate prefix is done with the existing number; a number under another prefix is unknown', () => {
    const context = { ...first, allowancePrefix: 'T010001' };
    expect(
      classifyStandard(
        'allowanceInvoice',
        answer({
          StatusCode: 0,
          ResultMessage: 'Duplicate AllowanceNumberPrefix',
          SellerID: '1',
          AllowanceNumber: 'T010001001',
        }),
        context,
      ),
    ).toMatchObject({ kind: 'done', allowanceNumber: 'T010001001', already: true });
    expect(
      classifyStandard(
        'allowanceInvoice',
        answer({ StatusCode: 0, ResultMessage: 'Duplicate AllowanceNumberPrefix', SellerID: '1' }),
        context,
      ).kind,
    ).toBe('unknown');
    expect(
      classifyStandard(
        'allowanceInvoice',
        answer({
          StatusCode: 1,
          ResultMessage: 'Allowance issued',
          SellerID: '1',
          AllowanceNumber: 'T020001001',
        }),
        context,
      ).kind,
    ).toBe('unknown');
  });

  it('settles nothing from a status answer about other invoices', () => {
    const body = {
      StatusCode: 1,
      ResultMessage: 'Status returned',
      Data: [{ InvoiceID: 'AB00000001', ProcessStatus: 'C0', ProcessStatusMessage: 'Voided' }],
    };
    expect(classifyStatus(answer(body), ['AB00000001']).kind).toBe('answered');
    expect(classifyStatus(answer(body), ['AB00000002']).kind).toBe('unknown');
  });

  it('reads the proof: Code 39, left QR, a number with or without the dash', () => {
    expect(readScan('11504AB123456781234')).toEqual({ invoiceNumber: 'AB12345678', randomNumber: '1234' });
    expect(readScan('AB1234567811504011234000000960000009600000000245492100000')).toEqual({
      invoiceNumber: 'AB12345678',
      randomNumber: '1234',
    });
    expect(readScan(' ab-12345678 ')).toEqual({ invoiceNumber: 'AB12345678', randomNumber: null });
    expect(readScan('hello')).toBeNull();
  });
});

// Issue 22, item 3: an answer is about what was asked only when it names it.
describe('a void or an allowance void is done only when its answer names the number asked about', () => {
  const invoiceNumber = fc.stringMatching(/^[A-Z]{2}\d{8}$/);
  const allowanceNumber = fc.stringMatching(/^[A-Z0-9]{4,16}$/);

  it('cancelInvoices: done for the same invoice number, unknown for any other', () => {
    fc.assert(
      fc.property(invoiceNumber, invoiceNumber, fc.boolean(), (asked, other, same) => {
        const named = same ? asked : other;
        const ok = {
          StatusCode: 1,
          ResultMessage: 'Invoice voided successfully',
          SellerID: '1',
          InvoiceNumber: named,
        };
        const outcome = classifyStandard('cancelInvoices', answer(ok), { ...first, invoiceNumber: asked });
        expect(outcome.kind).toBe(asked === named ? 'done' : 'unknown');
      }),
    );
    const ok = { StatusCode: 1, ResultMessage: 'ok', SellerID: '1', InvoiceNumber: 'ZZ99999999' };
    expect(
      classifyStandard('cancelInvoices', answer(ok), { ...first, invoiceNumber: 'TR00001000' }).kind,
    ).toBe('unknown');
  });

  it('cancelAllowance: done for the same allowance number, unknown for any other', () => {
    fc.assert(
      fc.property(allowanceNumber, allowanceNumber, fc.boolean(), (asked, other, same) => {
        const named = same ? asked : other;
        const ok = { StatusCode: 1, ResultMessage: 'ok', SellerID: '1', AllowanceNumber: named };
        const outcome = classifyStandard('cancelAllowance', answer(ok), { ...first, allowanceNumber: asked });
        expect(outcome.kind).toBe(asked === named ? 'done' : 'unknown');
      }),
    );
  });
});

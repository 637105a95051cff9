import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPosClient, type AttemptRecorder } from '../../../src/main/invoice-service/client';
import type { Outcome } from '../../../src/main/invoice-service/outcome';
import { toPosOrderData, type PosOperation, type PosOrderData } from '../../../src/provider/pos-profile';
import { invoicePeriod, parseTaipeiDateTime, taipeiBusinessDay } from '../../../src/shared/domain';
import { memoryLogger } from '../checkout/harness';
import { startSystemLeadStandin, type SystemLeadStandin } from '../../support/systemlead-standin';

/**
 * The till's SystemLead variant against a stand-in written from SystemLead's published documents
 * (test/support/systemlead-standin.ts), not against our training service (issue 25 items 1-4).
 */
const COMPANY = '89430377'; // ApiHeader.md's sample seller
const SALT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // Signature.md's sample Salt
/** 23:59:59 Taipei on 2026-12-31: the last second of period 115年11-12月. */
const LAST_SECOND = parseTaipeiDateTime('2026-12-31T23:59:59')!;

let standin: SystemLeadStandin;
let seconds = Math.floor(LAST_SECOND.getTime() / 1000);

beforeAll(async () => {
  standin = await startSystemLeadStandin({ companyId: COMPANY, salt: SALT, now: LAST_SECOND });
});
afterAll(() => standin.close());
beforeEach(() => {
  standin.requests.length = 0;
  standin.refusals.length = 0;
});

function client() {
  return createPosClient({
    config: {
      serviceUrl: standin.url,
      companyId: COMPANY,
      apiKey: 'a-key-systemlead-does-not-have',
      signingSecret: SALT,
      timeoutMs: 5000,
      variant: 'systemlead',
    },
    // Per till, forward only, never reused (the journal's allocator in the till).
    reserveTimestamp: () => String(seconds++),
    logger: memoryLogger(),
    nowSeconds: () => seconds,
  });
}

const recorder: AttemptRecorder = { beforeSend: () => {}, afterAnswer: () => {} };

function order(
  operation: PosOperation,
  extra: Partial<Parameters<typeof toPosOrderData>[0]> = {},
): PosOrderData {
  return toPosOrderData({
    orderNo: `T1-20261231-${String(seconds).slice(-6)}`,
    invoiceDateTime: '2026-12-31T23:59:59',
    deviceId: 'T1',
    operation,
    invoiceFor: 'C',
    taxType: '1',
    salesAmount: 150,
    freeTaxSalesAmount: 0,
    zeroTaxSalesAmount: 0,
    taxAmount: 0,
    totalAmount: 150,
    lines: [{ name: '便當', quantity: 1, unitPrice: 150, subTotal: 150, itemTaxType: '1' }],
    randomNumber: '0427',
    ...extra,
  } as Parameters<typeof toPosOrderData>[0]);
}

async function issue(operation: PosOperation, data: PosOrderData): Promise<Outcome> {
  return (await client().issue(operation, data, recorder)).outcome;
}

describe('the SystemLead variant against the documents (stand-in)', () => {
  it('item 1: a carrier sale is /Append/Order with PrintMark N and the carrier fields', async () => {
    const outcome = await issue(
      'orderWithoutPrint',
      order('orderWithoutPrint', { carrier: { type: '3J0002', id: '/ABC+123' } }),
    );
    expect(standin.requests.map((request) => request.path)).toEqual(['/Append/Order']);
    expect(standin.refusals).toEqual([]);
    expect((standin.requests[0]!.body as { Data: unknown }).Data).toMatchObject({
      PrintMark: 'N',
      CarrierType: '3J0002',
      CarrierId: '/ABC+123',
      DonateMark: 'N',
    });
    expect(outcome.kind).toBe('issued');
  });

  it('item 1: a donation is /Append/Order with PrintMark N, DonateMark Y and NPOBAN', async () => {
    const outcome = await issue('orderWithoutPrint', order('orderWithoutPrint', { loveCode: '8585' }));
    expect(standin.requests.map((request) => request.path)).toEqual(['/Append/Order']);
    expect((standin.requests[0]!.body as { Data: unknown }).Data).toMatchObject({
      PrintMark: 'N',
      DonateMark: 'Y',
      NPOBAN: '8585',
    });
    expect(outcome.kind).toBe('issued');
  });

  it('item 1: "the customer decides on the phone" is refused before anything is sent, saying why', () => {
    const refusal = client().refusal(order('orderReturnQKey'), 'orderReturnQKey');
    expect(refusal?.zh).toMatch(/SystemLead 沒有「客人用手機決定」/);
    expect(refusal?.en).toMatch(/SystemLead has no "customer decides on the phone"/);
    expect(standin.requests).toEqual([]);
  });

  it('item 2: Data.CompanyID is the seller (Receipt.md: M for B and C)', async () => {
    const outcome = await issue('order', order('order'));
    expect(standin.refusals).toEqual([]);
    expect((standin.requests[0]!.body as { Data: unknown }).Data).toMatchObject({ CompanyID: COMPANY });
    expect(outcome.kind).toBe('issued');
  });

  it('item 3: no InvoiceDateTime in order mode; the answer (UTC) is the invoice time, 23:59:59 Taipei stays in its day and period', async () => {
    standin.setNow(LAST_SECOND);
    const outcome = await issue('order', order('order'));
    expect((standin.requests[0]!.body as { Data: object }).Data).not.toHaveProperty('InvoiceDateTime');
    // The stand-in answered UTC, as Receipt.md says.
    expect(standin.invoices.at(-1)!.issuedAtUtc).toBe('2026-12-31T15:59:59');
    expect(outcome.kind).toBe('issued');
    if (outcome.kind !== 'issued') return;
    expect(outcome.response.InvoiceDateTime).toBe('2026-12-31T23:59:59');
    const instant = parseTaipeiDateTime(outcome.response.InvoiceDateTime!)!;
    expect(taipeiBusinessDay(instant)).toBe('2026-12-31');
    expect(invoicePeriod(instant).text).toBe('115年11-12月');
  });

  it('item 3: a second after midnight Taipei (still the old year in UTC) is the new period', async () => {
    const firstSecond = parseTaipeiDateTime('2027-01-01T00:00:01')!;
    standin.setNow(firstSecond);
    const outcome = await issue('order', order('order'));
    expect(outcome.kind).toBe('issued');
    if (outcome.kind !== 'issued') return;
    expect(outcome.response.InvoiceDateTime).toBe('2027-01-01T00:00:01');
    expect(invoicePeriod(parseTaipeiDateTime(outcome.response.InvoiceDateTime!)!).text).toBe('116年01-02月');
    standin.setNow(LAST_SECOND);
  });

  it('item 4: no apiKey header (ApiHeader.md names none): the Salt signature is the authentication', async () => {
    await issue('order', order('order'));
    expect(standin.requests[0]!.headers).not.toHaveProperty('apikey');
    const body = standin.requests[0]!.body as { Timestamp: string; Signature: string };
    expect(body.Signature).toMatch(/^[0-9A-F]{64}$/);
  });

  it('item 4: a wrong Salt is answered in the documents’ words and read as a signature mismatch', async () => {
    const wrong = createPosClient({
      config: {
        serviceUrl: standin.url,
        companyId: COMPANY,
        apiKey: '',
        signingSecret: 'wrong',
        timeoutMs: 5000,
        variant: 'systemlead',
      },
      reserveTimestamp: () => String(seconds++),
      logger: memoryLogger(),
      nowSeconds: () => seconds,
    });
    const { outcome } = await wrong.issue('order', order('order'), recorder);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('Signature mismatch'),
    });
  });
});

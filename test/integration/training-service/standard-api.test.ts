import { afterEach, describe, expect, it } from 'vitest';
import { STANDARD_RESULT_MESSAGES as M } from '../../../src/provider/standard-profile';
import { taipeiDateTime } from '../../../src/shared/domain';
import { postOrder, sampleOrder } from '../../support/pos-client';
import { taipei } from './harness';
import { allowanceData, startStandardRig, type RefundLine, type StandardRig } from './standard-client';

// The standard API under /standard (provider profile §4) over real HTTP: every rule and every
// rejection text, batches, key separation, faults aimed at one operation, and a restart.
const CONSUMER = '0000000000';
const BUYER = '04595252';

describe('training service: standard API (profile §4)', () => {
  let rig: StandardRig;
  let n = 0;
  const billing = () => `STD-${++n}`;
  afterEach(async () => {
    await rig?.dispose();
  });
  const start = async (at = taipei('2026-04-10T10:00:00')) => {
    rig = await startStandardRig(at);
    return rig;
  };
  const seller = () => rig.svc.config.companyId;
  const allowance = (prefix: string, lines: RefundLine[], invoiceFor: 'B' | 'C' = 'C', buyer = CONSUMER) =>
    allowanceData(seller(), prefix, buyer, invoiceFor, lines, taipeiDateTime(rig.clock.now()));

  describe('void: /Update/CancelInvoices', () => {
    it('voids an issued invoice once; a second void is "Invoice already voided"', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const first = await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber));
      expect(first).toEqual({
        StatusCode: 1,
        ResultMessage: M.voided,
        SellerID: seller(),
        InvoiceNumber: issued.InvoiceNumber,
      });
      expect(await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber))).toEqual({
        StatusCode: 0,
        ResultMessage: 'Invoice already voided',
        SellerID: seller(),
        InvoiceNumber: issued.InvoiceNumber,
      });
      const [status] = await rig.status([issued.InvoiceNumber]);
      expect(status).toMatchObject({ ProcessStatus: 'C0', Allowances: [] });
      expect(await rig.svc.lookup(issued.BillingNo)).toMatchObject({
        found: true,
        Voided: true,
        ProcessStatus: 'C0',
      });
      // A voided number is never issued again: the next sale gets a new one.
      const next = await rig.issue(billing());
      expect(next.issued.InvoiceNumber).not.toBe(issued.InvoiceNumber);
    });

    it('answers "Invoice not found" for an unknown number and for another seller', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      expect(await rig.ok('cancelInvoices', rig.voidData('ZZ99999999'))).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Invoice not found',
        InvoiceNumber: 'ZZ99999999',
      });
      expect(
        await rig.ok('cancelInvoices', { ...rig.voidData(issued.InvoiceNumber), SellerID: '04595252' }),
      ).toMatchObject({ StatusCode: 0, ResultMessage: 'Invoice not found', SellerID: '04595252' });
    });

    it('closes the void window at the end of the two-month period (Asia/Taipei)', async () => {
      await start(taipei('2026-04-30T23:50:00'));
      const a = await rig.issue(billing());
      const b = await rig.issue(billing());
      rig.clock.set(taipei('2026-04-30T23:59:59'));
      expect(await rig.ok('cancelInvoices', rig.voidData(a.issued.InvoiceNumber))).toMatchObject({
        StatusCode: 1,
      });
      rig.clock.set(taipei('2026-05-01T00:00:00'));
      expect(await rig.ok('cancelInvoices', rig.voidData(b.issued.InvoiceNumber))).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Void window closed',
      });
      // An allowance is still possible after the period.
      const made = await rig.ok(
        'allowanceInvoice',
        allowance('LATE1', [{ invoice: b.issued.InvoiceNumber, sequence: '002', quantity: 1, value: 55 }]),
      );
      expect(made).toMatchObject({ StatusCode: 1, AllowanceNumber: 'LATE1001' });
    });

    it('refuses a void while allowances stand ("Invoice has allowances"), allows it once they are voided', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const made = await rig.ok<{ AllowanceNumber: string }>(
        'allowanceInvoice',
        allowance('HAS1', [{ invoice: issued.InvoiceNumber, sequence: '001', quantity: 1, value: 65 }]),
      );
      expect(await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber))).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Invoice has allowances',
      });
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData(made.AllowanceNumber))).toMatchObject({
        StatusCode: 1,
      });
      expect(await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber))).toMatchObject({
        StatusCode: 1,
      });
    });

    it('checks the reason (at most 20 characters) and the date', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const long = await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber, '理'.repeat(21)));
      expect(long).toMatchObject({ StatusCode: 0, InvoiceNumber: issued.InvoiceNumber });
      expect(String(long.ResultMessage)).toMatch(/^Invalid data: CancelReason /);
      const badDate = await rig.ok('cancelInvoices', {
        ...rig.voidData(issued.InvoiceNumber),
        CancelDate: '2026-02-30T00:00:00',
      });
      expect(String(badDate.ResultMessage)).toMatch(/^Invalid data: CancelDate /);
      expect(
        await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber, '理'.repeat(20))),
      ).toMatchObject({
        StatusCode: 1,
      });
    });
  });

  describe('allowance: /Update/AllowanceInvoice', () => {
    it('makes an allowance numbered prefix + 001 and lists it in the status', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const data = allowance('T010001', [
        { invoice: issued.InvoiceNumber, sequence: '001', quantity: 1, value: 65 },
      ]);
      // round(65 / 1.05) = 62, tax 3: Amount + Tax is what the customer gets back.
      expect(data).toMatchObject({ TotalAmount: 62, TaxAmount: 3 });
      expect(await rig.ok('allowanceInvoice', data)).toEqual({
        StatusCode: 1,
        ResultMessage: M.allowanceMade,
        SellerID: seller(),
        AllowanceNumber: 'T010001001',
      });
      const [status] = await rig.status([issued.InvoiceNumber]);
      expect(status).toMatchObject({
        InvoiceID: issued.InvoiceNumber,
        ProcessStatus: 'A0',
        BillingNo: issued.BillingNo,
        InvoiceDateTime: issued.InvoiceDateTime,
        TotalAmount: 185,
        Allowances: [{ AllowanceNumber: 'T010001001', TotalAmount: 62, TaxAmount: 3, Voided: false }],
      });
    });

    it('answers "Duplicate AllowanceNumberPrefix" with the existing number and makes nothing', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const data = allowance('DUP1', [
        { invoice: issued.InvoiceNumber, sequence: '001', quantity: 2, value: 130 },
      ]);
      expect(await rig.ok('allowanceInvoice', data)).toMatchObject({
        StatusCode: 1,
        AllowanceNumber: 'DUP1001',
      });
      // The retry of the same body (the line is used up by now) learns what stands.
      expect(await rig.ok('allowanceInvoice', data)).toEqual({
        StatusCode: 0,
        ResultMessage: 'Duplicate AllowanceNumberPrefix',
        SellerID: seller(),
        AllowanceNumber: 'DUP1001',
      });
      const other = allowance('DUP1', [
        { invoice: issued.InvoiceNumber, sequence: '002', quantity: 1, value: 55 },
      ]);
      expect(await rig.ok('allowanceInvoice', other)).toMatchObject({
        ResultMessage: 'Duplicate AllowanceNumberPrefix',
        AllowanceNumber: 'DUP1001',
      });
      const [status] = await rig.status([issued.InvoiceNumber]);
      expect(status!.Allowances).toHaveLength(1);
    });

    it('keeps cumulative limits per line: quantity and amount; a voided allowance frees its share', async () => {
      await start();
      const { issued } = await rig.issue(billing()); // 001: 2 × 65 = 130, 002: 1 × 55
      const inv = issued.InvoiceNumber;
      const ok = (prefix: string, lines: RefundLine[]) =>
        rig.ok('allowanceInvoice', allowance(prefix, lines));
      expect(await ok('CUM1', [{ invoice: inv, sequence: '001', quantity: 1, value: 65 }])).toMatchObject({
        StatusCode: 1,
      });
      // Quantity: 1 left on 001.
      expect(await ok('CUM2', [{ invoice: inv, sequence: '001', quantity: 2, value: 60 }])).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Allowance exceeds the line',
      });
      // Amount: 65 left on 001 (tax included, as a C line's SubTotal is).
      expect(await ok('CUM3', [{ invoice: inv, sequence: '001', quantity: 0, value: 66 }])).toMatchObject({
        ResultMessage: 'Allowance exceeds the line',
      });
      // Two details of one allowance on the same line count together.
      expect(
        await ok('CUM4', [
          { invoice: inv, sequence: '001', quantity: 0, value: 40 },
          { invoice: inv, sequence: '001', quantity: 0, value: 26 },
        ]),
      ).toMatchObject({ ResultMessage: 'Allowance exceeds the line' });
      expect(await ok('CUM5', [{ invoice: inv, sequence: '001', quantity: 0, value: 30 }])).toMatchObject({
        StatusCode: 1,
        AllowanceNumber: 'CUM5001',
      });
      expect(await ok('CUM6', [{ invoice: inv, sequence: '001', quantity: 1, value: 35 }])).toMatchObject({
        StatusCode: 1,
      });
      expect(await ok('CUM7', [{ invoice: inv, sequence: '001', quantity: 0, value: 1 }])).toMatchObject({
        ResultMessage: 'Allowance exceeds the line',
      });
      // Voiding CUM5 frees its 30 again.
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData('CUM5001'))).toMatchObject({
        StatusCode: 1,
      });
      expect(await ok('CUM8', [{ invoice: inv, sequence: '001', quantity: 0, value: 30 }])).toMatchObject({
        StatusCode: 1,
      });
      // The rejected ones made nothing; the list shows the voided one as voided.
      const [status] = await rig.status([inv]);
      expect(status!.Allowances).toEqual([
        { AllowanceNumber: 'CUM1001', TotalAmount: 62, TaxAmount: 3, Voided: false },
        { AllowanceNumber: 'CUM5001', TotalAmount: 29, TaxAmount: 1, Voided: true },
        { AllowanceNumber: 'CUM6001', TotalAmount: 33, TaxAmount: 2, Voided: false },
        { AllowanceNumber: 'CUM8001', TotalAmount: 29, TaxAmount: 1, Voided: false },
      ]);
    });

    it('applies the B rules: pre-tax amounts against the line, Tax = round(Amount × 0.05)', async () => {
      await start();
      const { issued } = await rig.issue(billing(), { buyerTaxId: BUYER }); // 001 pre-tax 124, 002 52
      const inv = issued.InvoiceNumber;
      const b = (prefix: string, lines: RefundLine[], buyer = BUYER) =>
        rig.ok('allowanceInvoice', allowance(prefix, lines, 'B', buyer));
      expect(await b('B1', [{ invoice: inv, sequence: '001', quantity: 1, value: 62 }])).toMatchObject({
        StatusCode: 1,
        AllowanceNumber: 'B1001',
      });
      expect(await b('B2', [{ invoice: inv, sequence: '001', quantity: 1, value: 63 }])).toMatchObject({
        ResultMessage: 'Allowance exceeds the line',
      });
      expect(await b('B3', [{ invoice: inv, sequence: '001', quantity: 1, value: 62 }])).toMatchObject({
        StatusCode: 1,
      });
      // The consumer split (Tax = R − Amount) is not the B rule.
      const wrongTax = allowance(
        'B4',
        [{ invoice: inv, sequence: '002', quantity: 1, value: 10 }],
        'B',
        BUYER,
      );
      wrongTax.Details[0]!.Tax = 0;
      wrongTax.TaxAmount = 0;
      expect(await rig.ok('allowanceInvoice', wrongTax)).toMatchObject({
        ResultMessage: 'Totals do not match lines',
      });
      expect(
        await b('B5', [{ invoice: inv, sequence: '002', quantity: 1, value: 10 }], CONSUMER),
      ).toMatchObject({
        StatusCode: 0,
        ResultMessage: M.buyerMismatch,
      });
    });

    it('covers lines of several invoices of the same buyer in one allowance', async () => {
      await start();
      const a = await rig.issue(billing());
      const b = await rig.issue(billing());
      const made = await rig.ok(
        'allowanceInvoice',
        allowance('MULTI', [
          { invoice: a.issued.InvoiceNumber, sequence: '002', quantity: 1, value: 55 },
          { invoice: b.issued.InvoiceNumber, sequence: '001', quantity: 1, value: 65 },
        ]),
      );
      expect(made).toMatchObject({ StatusCode: 1, AllowanceNumber: 'MULTI001' });
      const [sa, sb] = await rig.status([a.issued.InvoiceNumber, b.issued.InvoiceNumber]);
      expect(sa!.Allowances).toEqual([
        { AllowanceNumber: 'MULTI001', TotalAmount: 52, TaxAmount: 3, Voided: false },
      ]);
      expect(sb!.Allowances).toEqual([
        { AllowanceNumber: 'MULTI001', TotalAmount: 62, TaxAmount: 3, Voided: false },
      ]);
    });

    it('answers every rejection text and makes nothing for a rejected allowance', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const voided = await rig.issue(billing());
      await rig.ok('cancelInvoices', rig.voidData(voided.issued.InvoiceNumber));
      const inv = issued.InvoiceNumber;
      const line = (over: Partial<RefundLine> = {}): RefundLine => ({
        invoice: inv,
        sequence: '001',
        quantity: 1,
        value: 65,
        ...over,
      });
      const expectRejected = async (data: unknown, message: string) => {
        const answer = await rig.ok('allowanceInvoice', data);
        expect(answer, message).toEqual({ StatusCode: 0, ResultMessage: message, SellerID: seller() });
      };
      await expectRejected(allowance('R1', [line({ invoice: 'ZZ00000001' })]), 'Invoice not found');
      await expectRejected(
        allowance('R2', [line({ invoice: voided.issued.InvoiceNumber })]),
        'Invoice voided',
      );
      await expectRejected(allowance('R3', [line({ sequence: '009' })]), 'Line not found');
      await expectRejected(
        allowance('R4', [line({ quantity: 3, value: 130 })]),
        'Allowance exceeds the line',
      );
      const total = allowance('R5', [line()]);
      total.TotalAmount += 1;
      await expectRejected(total, 'Totals do not match lines');
      const tax = allowance('R6', [line()]);
      tax.TaxAmount -= 1;
      await expectRejected(tax, 'Totals do not match lines');
      const lineTax = allowance('R7', [line()]);
      lineTax.Details[0]!.Tax += 4;
      lineTax.TaxAmount += 4;
      await expectRejected(lineTax, 'Totals do not match lines');
      const taxType = allowance('R8', [line({ itemTaxType: '3' })]);
      await expectRejected(taxType, 'Totals do not match lines');
      // Another seller's SellerID: its invoices are not this key pair's (the answer echoes the field).
      expect(
        await rig.ok('allowanceInvoice', { ...allowance('R9', [line()]), SellerID: '04595252' }),
      ).toEqual({
        StatusCode: 0,
        ResultMessage: 'Invoice not found',
        SellerID: '04595252',
      });
      // Field rules: prefix ≤ 10 characters, AllowanceType 2.
      const long = await rig.ok('allowanceInvoice', allowance('P'.repeat(11), [line()]));
      expect(String(long.ResultMessage)).toMatch(/^Invalid data: AllowanceNumberPrefix /);
      const type = await rig.ok('allowanceInvoice', { ...allowance('R10', [line()]), AllowanceType: '1' });
      expect(String(type.ResultMessage)).toMatch(/^Invalid data: AllowanceType /);
      const [status] = await rig.status([inv]);
      expect(status).toMatchObject({ ProcessStatus: 'I0', Allowances: [] });
      // None of the rejected prefixes is taken.
      expect(await rig.ok('allowanceInvoice', allowance('R4', [line()]))).toMatchObject({
        StatusCode: 1,
        AllowanceNumber: 'R4001',
      });
    });
  });

  describe('allowance void: /Update/CancelAllowance', () => {
    it('voids once; then "Allowance already voided"; unknown "Allowance not found"', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      await rig.ok(
        'allowanceInvoice',
        allowance('CA1', [{ invoice: issued.InvoiceNumber, sequence: '001', quantity: 1, value: 65 }]),
      );
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData('CA1001'))).toEqual({
        StatusCode: 1,
        ResultMessage: M.allowanceVoided,
        SellerID: seller(),
        AllowanceNumber: 'CA1001',
      });
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData('CA1001'))).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Allowance already voided',
        AllowanceNumber: 'CA1001',
      });
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData('NOPE001'))).toMatchObject({
        StatusCode: 0,
        ResultMessage: 'Allowance not found',
      });
      expect(
        await rig.ok('cancelAllowance', { ...rig.cancelAllowanceData('CA1001'), SellerID: '04595252' }),
      ).toMatchObject({ ResultMessage: 'Allowance not found' });
      const [status] = await rig.status([issued.InvoiceNumber]);
      expect(status).toMatchObject({ ProcessStatus: 'D0' });
      expect(await rig.svc.lookup(issued.BillingNo)).toMatchObject({
        Voided: false,
        ProcessStatus: 'D0',
        Allowances: [{ AllowanceNumber: 'CA1001', TotalAmount: 62, TaxAmount: 3, Voided: true }],
      });
    });
  });

  describe('batches', () => {
    it('answers one result per item in request order; a bad item does not stop the others', async () => {
      await start();
      const a = await rig.issue(billing());
      const b = await rig.issue(billing());
      const voids = await rig.ok<unknown[]>('cancelInvoices', [
        rig.voidData(a.issued.InvoiceNumber),
        rig.voidData('ZZ00000000'),
        rig.voidData(a.issued.InvoiceNumber),
        { nonsense: true },
        rig.voidData(b.issued.InvoiceNumber),
      ]);
      expect(voids).toHaveLength(5);
      expect(voids).toMatchObject([
        { StatusCode: 1, InvoiceNumber: a.issued.InvoiceNumber },
        { StatusCode: 0, ResultMessage: 'Invoice not found', InvoiceNumber: 'ZZ00000000' },
        { StatusCode: 0, ResultMessage: 'Invoice already voided' },
        { StatusCode: 0, SellerID: '', InvoiceNumber: '' },
        { StatusCode: 1, InvoiceNumber: b.issued.InvoiceNumber },
      ]);
      expect(String((voids[3] as { ResultMessage: string }).ResultMessage)).toMatch(/^Invalid data: /);

      const c = await rig.issue(billing());
      const inv = c.issued.InvoiceNumber;
      const made = await rig.ok<unknown[]>('allowanceInvoices', [
        allowance('BA1', [{ invoice: inv, sequence: '001', quantity: 1, value: 65 }]),
        allowance('BA2', [{ invoice: inv, sequence: '009', quantity: 1, value: 65 }]),
        allowance('BA3', [{ invoice: inv, sequence: '001', quantity: 1, value: 65 }]),
        allowance('BA4', [{ invoice: inv, sequence: '001', quantity: 1, value: 65 }]),
        allowance('BA1', [{ invoice: inv, sequence: '002', quantity: 1, value: 55 }]),
      ]);
      expect(made).toEqual([
        { StatusCode: 1, ResultMessage: M.allowanceMade, SellerID: seller(), AllowanceNumber: 'BA1001' },
        { StatusCode: 0, ResultMessage: 'Line not found', SellerID: seller() },
        { StatusCode: 1, ResultMessage: M.allowanceMade, SellerID: seller(), AllowanceNumber: 'BA3001' },
        { StatusCode: 0, ResultMessage: 'Allowance exceeds the line', SellerID: seller() },
        {
          StatusCode: 0,
          ResultMessage: 'Duplicate AllowanceNumberPrefix',
          SellerID: seller(),
          AllowanceNumber: 'BA1001',
        },
      ]);
      const cancelled = await rig.ok<unknown[]>('cancelAllowances', [
        rig.cancelAllowanceData('BA3001'),
        rig.cancelAllowanceData('BA2001'),
        rig.cancelAllowanceData('BA3001'),
      ]);
      expect(cancelled).toMatchObject([
        { StatusCode: 1, AllowanceNumber: 'BA3001' },
        { StatusCode: 0, ResultMessage: 'Allowance not found', AllowanceNumber: 'BA2001' },
        { StatusCode: 0, ResultMessage: 'Allowance already voided', AllowanceNumber: 'BA3001' },
      ]);
      const statuses = await rig.status([inv, 'ZZ00000000', a.issued.InvoiceNumber]);
      expect(statuses).toMatchObject([
        { InvoiceID: inv, ProcessStatus: 'D0' },
        {
          InvoiceID: 'ZZ00000000',
          ProcessStatus: 'NF',
          ProcessStatusMessage: 'Invoice not found',
          Allowances: [],
        },
        { InvoiceID: a.issued.InvoiceNumber, ProcessStatus: 'C0', TotalAmount: 185 },
      ]);
      expect(statuses[1]).not.toHaveProperty('BillingNo');
    });

    it('refuses more than 100 items whole, and a Data of the wrong shape with HTTP 400', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const many = Array.from({ length: 101 }, () => rig.voidData(issued.InvoiceNumber));
      expect(await rig.ok('cancelInvoices', many)).toEqual({
        StatusCode: 0,
        ResultMessage: 'Too many items',
      });
      const hundred = await rig.ok<unknown[]>('cancelInvoices', many.slice(0, 100));
      expect(hundred).toHaveLength(100);
      expect(hundred.filter((item) => (item as { StatusCode: number }).StatusCode === 1)).toHaveLength(1);
      const one = allowance('SHAPE', [
        { invoice: issued.InvoiceNumber, sequence: '001', quantity: 1, value: 65 },
      ]);
      expect((await rig.call('allowanceInvoice', [one])).status).toBe(400);
      expect((await rig.call('allowanceInvoices', one)).status).toBe(400);
      expect((await rig.call('getInvoicesStatus', { CompanyID: seller(), InvoiceID: 'X' })).status).toBe(400);
      expect((await rig.call('cancelAllowances', [])).status).toBe(400);
      expect((await rig.call('cancelInvoices', null, { rawBody: 'not json' })).status).toBe(400);
    });
  });

  describe('keys and timestamps', () => {
    it('refuses the POS key on the standard API and the standard key on the POS API (401)', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const config = rig.svc.config;
      const posKey = await rig.call('cancelInvoices', rig.voidData(issued.InvoiceNumber), {
        apiKey: config.apiKey,
        signingSecret: config.signingSecret,
      });
      expect(posKey.status).toBe(401);
      expect(posKey.json).toEqual({ StatusCode: 0, ResultMessage: 'Invalid apiKey' });
      const order = sampleOrder(billing(), { at: rig.clock.now() });
      const standardOnPos = await postOrder(rig.svc.target, 'order', order, {
        apiKey: config.standardApiKey,
        timestamp: rig.stamp(),
      });
      expect(standardOnPos.status).toBe(401);
      // The standard key with the POS secret: the signature does not match.
      expect(
        (
          await rig.call('cancelInvoices', rig.voidData(issued.InvoiceNumber), {
            signingSecret: config.signingSecret,
          })
        ).json,
      ).toEqual({ StatusCode: 0, ResultMessage: 'Signature mismatch' });
      // Standard paths without the prefix do not exist on the POS API, nor POS paths under it.
      expect(
        (
          await rig.call('cancelInvoices', rig.voidData(issued.InvoiceNumber), {
            path: '/Update/CancelInvoices',
          })
        ).status,
      ).toBe(404);
      expect((await rig.call('cancelInvoices', {}, { path: '/standard/Append/Order' })).status).toBe(404);
      expect(await rig.status([issued.InvoiceNumber])).toMatchObject([{ ProcessStatus: 'I0' }]);
    });

    it('keeps a timestamp space per key pair; a reused or stale one is refused', async () => {
      await start();
      const stamp = rig.stamp();
      const order = sampleOrder(billing(), { at: rig.clock.now() });
      expect((await postOrder(rig.svc.target, 'order', order, { timestamp: stamp })).json).toMatchObject({
        StatusCode: 1,
      });
      const invoice = (await rig.svc.lookup(order.BillingNo)).InvoiceNumber as string;
      // The same second on the standard pair is its own.
      expect(
        await rig.call('getInvoicesStatus', [{ CompanyID: seller(), InvoiceID: invoice }], {
          timestamp: stamp,
        }),
      ).toMatchObject({
        status: 200,
        json: { StatusCode: 1 },
      });
      const again = await rig.call('cancelInvoices', rig.voidData(invoice), { timestamp: stamp });
      expect(again.json).toEqual({ StatusCode: 0, ResultMessage: 'Timestamp already used' });
      const stale = String(Math.floor(rig.clock.now().getTime() / 1000) - 301);
      expect((await rig.call('cancelInvoices', rig.voidData(invoice), { timestamp: stale })).json).toEqual({
        StatusCode: 0,
        ResultMessage: 'Timestamp expired',
      });
      expect(
        (await rig.call('cancelInvoices', rig.voidData(invoice), { companyId: '04595252' })).json,
      ).toEqual({ StatusCode: 0, ResultMessage: 'CompanyID does not match the apiKey' });
      // A refused item used its timestamp all the same (a retry needs a fresh one).
      const used = rig.stamp();
      await rig.call('cancelInvoices', rig.voidData('ZZ00000000'), { timestamp: used });
      expect(
        (await rig.call('cancelInvoices', rig.voidData(invoice), { timestamp: used })).json,
      ).toMatchObject({
        ResultMessage: 'Timestamp already used',
      });
      expect(await rig.status([invoice])).toMatchObject([{ ProcessStatus: 'I0' }]);
    });
  });

  describe('faults', () => {
    it('a fault with a path takes only that operation; without one, the next request of either API', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      const inv = issued.InvoiceNumber;
      expect(
        (
          await rig.svc.admin('faults', {
            kind: 'http-503-before',
            count: 1,
            path: '/Update/AllowanceInvoice',
          })
        ).status,
      ).toBe(200);
      // Neither a POS order nor another standard operation takes it.
      await rig.issue(billing());
      expect(await rig.status([inv])).toMatchObject([{ ProcessStatus: 'I0' }]);
      const data = allowance('FLT1', [{ invoice: inv, sequence: '001', quantity: 1, value: 65 }]);
      const refused = await rig.call('allowanceInvoice', data);
      expect(refused.status).toBe(503);
      expect(await rig.status([inv])).toMatchObject([{ Allowances: [] }]);

      // After the commit: the allowance stands though the answer never came; the retry under
      // the same prefix learns its number.
      await rig.svc.admin('faults', {
        kind: 'drop-after-commit',
        count: 1,
        path: '/Update/AllowanceInvoice',
      });
      await expect(rig.call('allowanceInvoice', data)).rejects.toThrow();
      expect(await rig.status([inv])).toMatchObject([
        { ProcessStatus: 'A0', Allowances: [{ AllowanceNumber: 'FLT1001', Voided: false }] },
      ]);
      expect(await rig.ok('allowanceInvoice', data)).toMatchObject({
        ResultMessage: 'Duplicate AllowanceNumberPrefix',
        AllowanceNumber: 'FLT1001',
      });

      await rig.svc.admin('faults', {
        kind: 'http-500-after-commit',
        count: 1,
        path: '/Update/CancelAllowance',
      });
      expect((await rig.call('cancelAllowance', rig.cancelAllowanceData('FLT1001'))).status).toBe(500);
      expect(await rig.ok('cancelAllowance', rig.cancelAllowanceData('FLT1001'))).toMatchObject({
        ResultMessage: 'Allowance already voided',
      });

      await rig.svc.admin('faults', { kind: 'not-json', count: 1, path: '/Update/CancelInvoices' });
      const notJson = await rig.call('cancelInvoices', rig.voidData(inv));
      expect(notJson).toMatchObject({ status: 200, json: undefined });
      expect(await rig.ok('cancelInvoices', rig.voidData(inv))).toMatchObject({
        ResultMessage: 'Invoice already voided',
      });

      // Without a path: the very next request, whichever API.
      await rig.svc.admin('faults', { kind: 'status-0', count: 1, message: 'Busy' });
      expect(await rig.ok('getInvoicesStatus', [{ CompanyID: seller(), InvoiceID: inv }])).toEqual({
        StatusCode: 0,
        ResultMessage: 'Busy',
      });
      await rig.svc.admin('faults', { kind: 'status-0', count: 1, message: 'Busy' });
      const order = sampleOrder(billing(), { at: rig.clock.now() });
      expect((await postOrder(rig.svc.target, 'order', order, { timestamp: rig.stamp() })).json).toEqual({
        StatusCode: 0,
        ResultMessage: 'Busy',
      });
      // A POS path aims at the POS API only.
      await rig.svc.admin('faults', { kind: 'http-503-before', count: 1, path: '/Append/Order' });
      expect(await rig.status([inv])).toMatchObject([{ ProcessStatus: 'C0' }]);
      const posOrder = sampleOrder(billing(), { at: rig.clock.now() });
      expect((await postOrder(rig.svc.target, 'order', posOrder, { timestamp: rig.stamp() })).status).toBe(
        503,
      );
      // An unknown path is refused.
      const bad = await rig.svc.admin('faults', {
        kind: 'http-503-before',
        count: 1,
        path: '/standard/Update/CancelInvoices',
      });
      expect(bad.status).toBe(400);
    });

    it('a trickled and a delayed answer still carry the per-item result', async () => {
      await start();
      const { issued } = await rig.issue(billing());
      await rig.svc.admin('faults', {
        kind: 'trickle',
        count: 1,
        ms: 20,
        path: '/Inquire/GetInvoicesStatus',
      });
      expect(await rig.status([issued.InvoiceNumber])).toMatchObject([{ ProcessStatus: 'I0' }]);
      await rig.svc.admin('faults', {
        kind: 'delay-after-commit',
        count: 1,
        ms: 10,
        path: '/Update/CancelInvoices',
      });
      expect(await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber))).toMatchObject({
        StatusCode: 1,
      });
    });
  });

  describe('durability', () => {
    it('keeps voids, allowances, prefixes and line use across a restart', async () => {
      await start();
      const a = await rig.issue(billing());
      const b = await rig.issue(billing());
      await rig.ok('cancelInvoices', rig.voidData(a.issued.InvoiceNumber));
      const data = allowance('KEEP', [
        { invoice: b.issued.InvoiceNumber, sequence: '001', quantity: 2, value: 130 },
      ]);
      await rig.ok('allowanceInvoice', data);
      await rig.restart();
      expect(await rig.status([a.issued.InvoiceNumber, b.issued.InvoiceNumber])).toMatchObject([
        { ProcessStatus: 'C0' },
        { ProcessStatus: 'A0', Allowances: [{ AllowanceNumber: 'KEEP001', TotalAmount: 124, TaxAmount: 6 }] },
      ]);
      expect(await rig.ok('allowanceInvoice', data)).toMatchObject({
        ResultMessage: 'Duplicate AllowanceNumberPrefix',
        AllowanceNumber: 'KEEP001',
      });
      expect(
        await rig.ok(
          'allowanceInvoice',
          allowance('KEEP2', [{ invoice: b.issued.InvoiceNumber, sequence: '001', quantity: 1, value: 1 }]),
        ),
      ).toMatchObject({ ResultMessage: 'Allowance exceeds the line' });
      expect(await rig.ok('cancelInvoices', rig.voidData(a.issued.InvoiceNumber))).toMatchObject({
        ResultMessage: 'Invoice already voided',
      });
    });
  });
});

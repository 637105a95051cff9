import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_VARIANT_IDS } from '../../../src/provider/variants';
import { paperOrder, phoneOrder, useCheckoutRig } from './harness';

/**
 * Every fault the training service can inject, over real HTTP on 127.0.0.1 and a real journal
 * file: each lands in the right state, the till sends exactly once (counted by a relay outside
 * the till), and the service's own record (admin look-up) holds exactly the invoices we expect.
 * The whole suite runs once per provider variant (profile §6): the till and the training service
 * speak it on both ends, and every outcome must be the same.
 */
const TIMEOUT_MS = 700;
const LONG_MS = 1500;

describe.each(PROVIDER_VARIANT_IDS)(
  'fault injection (variant %s): every kind lands in the right state, never resent',
  (variant) => {
    const rig = useCheckoutRig(`checkout-faults-${variant}`, { timeoutMs: TIMEOUT_MS, variant });
    beforeEach(() => {
      rig.till.issued.length = 0;
    });
    afterEach(async () => {
      await rig.svc.clearFaults();
    });

    /** Runs one checkout and checks the invariants every fault shares. */
    async function checkout(order = paperOrder()) {
      const before = rig.relay.connections();
      const result = await rig.till.engine.submit(order);
      const detail = rig.till.journal.detail(result.orderNo)!;
      expect(rig.relay.connections() - before, 'exactly one request left the till').toBe(1);
      expect(detail.exchanges).toHaveLength(1);
      expect(detail.transaction.requestData.BillingNo).toBe(result.orderNo);
      expect(detail.transaction.state).toBe(result.state);
      return { result, detail };
    }

    /** Waits for the service to finish a delayed request, then asks its verification channel. */
    async function invoicesAfter(orderNo: string, waitMs = 0) {
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      return rig.svc.lookup(orderNo);
    }

    it('no fault: issued, with the proof data parsed', async () => {
      const { result, detail } = await checkout();
      expect(result).toMatchObject({ state: 'issued', printDataStatus: 'ok', missing: [] });
      expect(result.printData).toMatchObject({ InvoiceNumber: result.invoiceNumber, TotalAmount: 150 });
      expect(detail.issue?.printDataStatus).toBe('ok');
      expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(result.invoiceNumber);
      expect(rig.till.issued.map((e) => e.orderNo)).toEqual([result.orderNo]);
    });

    it('delay-before shorter than the timeout: issued', async () => {
      await rig.svc.fault('delay-before', 1, 200);
      const { result } = await checkout();
      expect(result.state).toBe('issued');
      expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(result.invoiceNumber);
    });

    it('delay-before longer than the timeout: needs verification, the look-up tells', async () => {
      await rig.svc.fault('delay-before', 1, LONG_MS);
      const { result, detail } = await checkout();
      expect(result).toMatchObject({ state: 'needs-verification', invoiceNumber: null });
      expect(result.message.en).toMatch(/not known whether the invoice was issued/);
      expect(detail.exchanges[0]).toMatchObject({ outcome: 'uncertain', httpStatus: null });
      // Whatever the service did after we gave up, the verification channel says it, once.
      const found = await invoicesAfter(result.orderNo, LONG_MS);
      const lookup = await rig.till.verification.lookupTraining(result.orderNo);
      expect(lookup.found).toBe(found.found);
      expect(rig.till.verification.pending().map((p) => p.orderNo)).toContain(result.orderNo);
    });

    it('delay-after-commit longer than the timeout: needs verification; the invoice exists', async () => {
      await rig.svc.fault('delay-after-commit', 1, LONG_MS);
      const { result } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
      expect(rig.till.issued).toHaveLength(0);
    });

    it('drop-after-commit (reset after sending): needs verification; the invoice exists', async () => {
      await rig.svc.fault('drop-after-commit');
      const { result, detail } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect(detail.exchanges[0]!.error).toMatch(/ECONNRESET|hang up|cut off/);
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });

    it('http-500-after-commit: needs verification; the invoice exists', async () => {
      await rig.svc.fault('http-500-after-commit');
      const { result, detail } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect(detail.exchanges[0]).toMatchObject({ httpStatus: 500, outcome: 'uncertain' });
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });

    it('http-503-before: needs verification (a 5xx may hide an invoice); here none exists', async () => {
      await rig.svc.fault('http-503-before');
      const { result } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(false);
    });

    it('not-json (an unreadable 200): needs verification; the invoice exists', async () => {
      await rig.svc.fault('not-json');
      const { result, detail } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect(detail.exchanges[0]).toMatchObject({ httpStatus: 200, statusCode: null, outcome: 'uncertain' });
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });

    it('status-0: rejected, nothing issued, the reason kept', async () => {
      await rig.svc.fault('status-0', 1, undefined, 'Seller suspended (training)');
      const { result, detail } = await checkout();
      expect(result).toMatchObject({ state: 'rejected', invoiceNumber: null });
      expect(result.message.en).toContain('Seller suspended (training)');
      expect(result.message.zh).toContain('同一訂單編號');
      expect(detail.transaction.lastMessage).toBe('Seller suspended (training)');
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(false);
    });

    it('rejected, then resubmitted: issued under the same order number, once', async () => {
      await rig.svc.fault('status-0', 1, undefined, 'Seller suspended (training)');
      const { result } = await checkout();
      expect(result.state).toBe('rejected');
      const before = rig.relay.connections();
      const again = await rig.till.engine.resubmit(result.orderNo);
      expect(again).toMatchObject({ state: 'issued', orderNo: result.orderNo, printDataStatus: 'ok' });
      expect(rig.relay.connections() - before).toBe(1);
      expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(again.invoiceNumber);
    });

    it('no-print-data: issued, the missing data recorded, never issued again', async () => {
      await rig.svc.fault('no-print-data');
      const { result, detail } = await checkout();
      expect(result).toMatchObject({
        state: 'issued',
        printDataStatus: 'missing',
        printData: null,
        missing: ['PrintDataString'],
      });
      expect(result.message.en).toMatch(/no print data\. Do not issue again/);
      expect(detail.issue).toMatchObject({ printDataStatus: 'missing', printDataString: null });
      expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(result.invoiceNumber);
      expect(rig.till.issued).toHaveLength(1);
    });

    it('no-qkey: issued, the QR link still shown as returned', async () => {
      await rig.svc.fault('no-qkey');
      const { result } = await checkout(phoneOrder());
      expect(result).toMatchObject({ state: 'issued', operation: 'orderReturnQKey', missing: ['QKey'] });
      expect(result.qrCodeUrl).toMatch(/^https:\/\//);
      expect(result.message.en).not.toMatch(/no QR code is shown/);
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });

    it('no-qr-url: issued, no QR entry shown, recorded as not shown', async () => {
      await rig.svc.fault('no-qr-url');
      const { result, detail } = await checkout(phoneOrder());
      expect(result).toMatchObject({ state: 'issued', qrCodeUrl: null, missing: ['QrCodeUrl'] });
      expect(detail.qrDisplays).toMatchObject([{ shown: false, reason: 'QrCodeUrl missing' }]);
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });

    it('trickle within the timeout: issued', async () => {
      await rig.svc.fault('trickle', 1, 150);
      const { result } = await checkout();
      expect(result.state).toBe('issued');
    });

    it('trickle past the timeout: needs verification; the invoice exists', async () => {
      await rig.svc.fault('trickle', 1, LONG_MS * 2);
      const { result, detail } = await checkout();
      expect(result.state).toBe('needs-verification');
      expect(detail.exchanges[0]!.error).toMatch(/no complete answer within/);
      expect((await rig.svc.lookup(result.orderNo)).found).toBe(true);
    });
  },
);

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTill, paperOrder, useCheckoutRig } from './harness';

/**
 * Verification (spec POS rule 5): a sale of unknown outcome waits, frozen, until a person records
 * what the provider's channel says; only "not issued" opens a resubmission, under the same number.
 */
describe('verification and resubmission', () => {
  const rig = useCheckoutRig('checkout-verification', { timeoutMs: 600 });

  async function unknownButIssued() {
    await rig.svc.fault('http-500-after-commit');
    const result = await rig.till.engine.submit(paperOrder());
    expect(result.state).toBe('needs-verification');
    return result;
  }

  async function unknownAndNotIssued() {
    await rig.svc.fault('http-503-before');
    const result = await rig.till.engine.submit(paperOrder());
    expect(result.state).toBe('needs-verification');
    return result;
  }

  it('lists pending sales and looks them up in training mode', async () => {
    const issued = await unknownButIssued();
    const notIssued = await unknownAndNotIssued();
    const pending = rig.till.verification.pending();
    expect(pending.map((p) => p.orderNo)).toEqual(
      expect.arrayContaining([issued.orderNo, notIssued.orderNo]),
    );
    expect(pending.find((p) => p.orderNo === issued.orderNo)).toMatchObject({
      state: 'needs-verification',
      operation: 'order',
      invoiceKind: 'paper',
      totalAmount: 150,
      training: true,
    });
    const found = await rig.till.verification.lookupTraining(issued.orderNo);
    expect(found).toMatchObject({ orderNo: issued.orderNo, found: true });
    expect(found.invoiceNumber).toBe((await rig.svc.lookup(issued.orderNo)).InvoiceNumber);
    const missing = await rig.till.verification.lookupTraining(notIssued.orderNo);
    expect(missing).toMatchObject({ found: false, invoiceNumber: null });
    expect(missing.message.zh).toContain('沒有開立');
    await expect(rig.till.verification.lookupTraining('T01-19990101-000001')).rejects.toMatchObject({
      code: 'journal-not-found',
    });
  });

  it('a needs-verification sale is frozen: no resubmission until a person resolves it', async () => {
    const result = await unknownButIssued();
    const connections = rig.relay.connections();
    await expect(rig.till.engine.resubmit(result.orderNo)).rejects.toMatchObject({ code: 'journal-refused' });
    await expect(rig.till.engine.resubmit(result.orderNo)).rejects.toThrow(/needs verification/);
    expect(rig.relay.connections()).toBe(connections);
    expect(rig.till.journal.get(result.orderNo)!.state).toBe('needs-verification');
  });

  it('resolved as issued, with who and when, using the number as the channel shows it', async () => {
    const result = await unknownButIssued();
    const number = (await rig.svc.lookup(result.orderNo)).InvoiceNumber!;
    const shown = `${number.slice(0, 2).toLowerCase()}-${number.slice(2)}`;
    const before = Date.now();
    const resolved = rig.till.verification.resolve({
      orderNo: result.orderNo,
      outcome: 'issued',
      invoiceNumber: shown,
      by: '王店長',
    });
    expect(resolved).toMatchObject({
      orderNo: result.orderNo,
      state: 'issued',
      invoiceNumber: number,
      by: '王店長',
    });
    expect(Date.parse(resolved.at)).toBeGreaterThanOrEqual(before - 1000);
    const record = rig.till.journal.get(result.orderNo)!;
    expect(record).toMatchObject({
      state: 'issued',
      invoiceNumber: number,
      resolution: { outcome: 'issued', by: '王店長' },
    });
    expect(rig.till.verification.pending().map((p) => p.orderNo)).not.toContain(result.orderNo);
    await expect(rig.till.engine.resubmit(result.orderNo)).rejects.toMatchObject({ code: 'journal-refused' });
  });

  it('resolved as issued with the random code the channel shows: kept for the proof the till builds', async () => {
    const result = await unknownButIssued();
    const found = await rig.till.verification.lookupTraining(result.orderNo);
    expect(found.randomNumber).toMatch(/^\d{4}$/);
    rig.till.verification.resolve({
      orderNo: result.orderNo,
      outcome: 'issued',
      invoiceNumber: found.invoiceNumber!,
      randomNumber: found.randomNumber!,
      by: '王店長',
    });
    const tx = rig.till.journal.get(result.orderNo)!;
    expect(tx).toMatchObject({
      state: 'issued',
      invoiceNumber: found.invoiceNumber,
      randomNumber: found.randomNumber,
    });
    // The derived row is what the entries replay to: the chain check agrees.
    expect(rig.till.journal.verifyChain().ok).toBe(true);
    // A random code makes no sense for "not issued": refused, nothing recorded.
    const other = await unknownAndNotIssued();
    expect(() =>
      rig.till.verification.resolve({
        orderNo: other.orderNo,
        outcome: 'notIssued',
        randomNumber: '1234',
        by: 'x',
      }),
    ).toThrow(/random code/);
    expect(rig.till.journal.get(other.orderNo)!.state).toBe('needs-verification');
  });

  it('refuses a resolution without a usable invoice number, and changes nothing', async () => {
    const result = await unknownButIssued();
    const head = rig.till.journal.chainHead();
    for (const invoiceNumber of [undefined, '', '12345678', 'AB1234567']) {
      expect(() =>
        rig.till.verification.resolve({
          orderNo: result.orderNo,
          outcome: 'issued',
          by: 'x',
          ...(invoiceNumber === undefined ? {} : { invoiceNumber }),
        }),
      ).toThrow(/2 letters \+ 8 digits/);
    }
    expect(() =>
      rig.till.verification.resolve({
        orderNo: result.orderNo,
        outcome: 'notIssued',
        invoiceNumber: 'AB12345678',
        by: 'x',
      }),
    ).toThrow(/takes no invoice number/);
    expect(rig.till.journal.chainHead()).toEqual(head);
    expect(rig.till.journal.get(result.orderNo)!.state).toBe('needs-verification');
  });

  it('resolved as not issued: resubmitted by a person under the same order number, issued once', async () => {
    const result = await unknownAndNotIssued();
    expect((await rig.till.verification.lookupTraining(result.orderNo)).found).toBe(false);
    const resolved = rig.till.verification.resolve({
      orderNo: result.orderNo,
      outcome: 'notIssued',
      by: '林小姐',
      note: '電話確認',
    });
    expect(resolved).toMatchObject({ state: 'not-issued', invoiceNumber: null, by: '林小姐' });
    const again = await rig.till.engine.resubmit(result.orderNo, { by: '林小姐' });
    expect(again).toMatchObject({ orderNo: result.orderNo, state: 'issued', attempt: 2 });
    expect((await rig.svc.lookup(result.orderNo)).InvoiceNumber).toBe(again.invoiceNumber);
    expect(rig.till.journal.get(result.orderNo)!.requestData.BillingNo).toBe(result.orderNo);
    await expect(rig.till.engine.resubmit(result.orderNo)).rejects.toMatchObject({ code: 'journal-refused' });
  });

  it('a wrong "not issued" is caught by the service: Duplicate BillingNo goes back to verification', async () => {
    const result = await unknownButIssued();
    rig.till.verification.resolve({ orderNo: result.orderNo, outcome: 'notIssued', by: 'x' });
    const again = await rig.till.engine.resubmit(result.orderNo);
    expect(again).toMatchObject({ state: 'needs-verification', invoiceNumber: null });
    expect(again.message.en).toMatch(/already has an invoice/);
    expect(rig.till.verification.pending().map((p) => p.orderNo)).toContain(result.orderNo);
  });

  it('a rejected sale is resubmitted under the same number', async () => {
    await rig.svc.fault('status-0');
    const result = await rig.till.engine.submit(paperOrder());
    expect(result.state).toBe('rejected');
    const again = await rig.till.engine.resubmit(result.orderNo);
    expect(again).toMatchObject({ orderNo: result.orderNo, state: 'issued', attempt: 2 });
  });

  it('refuses to resubmit an issued sale or an unknown order number', async () => {
    const result = await rig.till.engine.submit(paperOrder());
    expect(result.state).toBe('issued');
    await expect(rig.till.engine.resubmit(result.orderNo)).rejects.toThrow(/issued/);
    await expect(rig.till.engine.resubmit('T01-19990101-000009')).rejects.toMatchObject({
      code: 'journal-not-found',
    });
  });

  it('production mode has no look-up', async () => {
    const production = openTill({
      dbPath: join(rig.dir, 'production.sqlite'),
      service: rig.service,
      tillId: 'P1',
    });
    try {
      const { createVerification } = await import('../../../src/main/checkout/verification');
      const verification = createVerification({ journal: production.journal, logger: production.logger });
      await expect(verification.lookupTraining('P1-20260101-000001')).rejects.toMatchObject({
        code: 'not-training',
      });
    } finally {
      production.close();
    }
  });
});

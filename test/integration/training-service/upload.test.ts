import { afterEach, describe, expect, it } from 'vitest';
import {
  GetInvoicesAppendStatusResponse,
  STANDARD_LIMITS,
  STANDARD_RESULT_MESSAGES,
} from '../../../src/provider/standard-profile';
import { postOrder, sampleOrder } from '../../support/pos-client';
import { taipei } from './harness';
import { startStandardRig, type StandardRig } from './standard-client';

// Profile §4 Upload, simulated on the service clock: an invoice is `P` until uploadAfterSeconds
// after its issue, then `U`, then `C` from confirmAfterSeconds; GetInvoicesStatus moves with it
// (I0, I2, I9) while the issue is the invoice's last operation. The upload faults mark the next
// invoices issued: stuck (P, I1) or suspended (P, IP), for good. No test sleeps: the clock is set.
describe('training service: simulated upload (GetInvoicesAppendStatus)', () => {
  let rig: StandardRig | undefined;
  afterEach(async () => {
    await rig?.dispose();
    rig = undefined;
  });

  const start = taipei('2026-11-20T10:00:00');
  const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  let n = 0;
  const billingNo = () => `UPL-${++n}`;

  const appendStatus = async (invoiceNumbers: string[], companyId = rig!.svc.config.companyId) => {
    const answer = await rig!.ok(
      'getInvoicesAppendStatus',
      invoiceNumbers.map((number) => ({ CompanyID: companyId, InvoiceID: number })),
    );
    const parsed = GetInvoicesAppendStatusResponse.parse(answer);
    expect(parsed.ResultMessage).toBe(STANDARD_RESULT_MESSAGES.appendStatusAnswered);
    return parsed.Data.map((item) => item.AppendStatus);
  };
  const processStatus = async (invoiceNumbers: string[]) =>
    (await rig!.status(invoiceNumbers)).map((item) => `${item.ProcessStatus} ${item.ProcessStatusMessage}`);

  it('moves P → U → C on the service clock, and GetInvoicesStatus I0 → I2 → I9 with it', async () => {
    rig = await startStandardRig(start);
    const { issued, data } = await rig.issue(billingNo());
    const number = issued.InvoiceNumber;
    const steps: Array<[number, string, string]> = [
      [0, 'P', 'I0 Issued'],
      [59, 'P', 'I0 Issued'],
      [60, 'U', 'I2 Uploaded, awaiting confirmation'],
      [119, 'U', 'I2 Uploaded, awaiting confirmation'],
      [120, 'C', 'I9 Upload done'],
      [86_400 * 30, 'C', 'I9 Upload done'],
    ];
    for (const [seconds, append, status] of steps) {
      rig.clock.set(later(seconds));
      expect(await appendStatus([number]), `+${seconds}s`).toEqual([append]);
      expect(await processStatus([number]), `+${seconds}s`).toEqual([status]);
      // The verification channel answers the same at the same instant.
      expect(await rig.svc.lookup(data.BillingNo)).toMatchObject({
        AppendStatus: append,
        ProcessStatus: status.slice(0, 2),
      });
    }
  });

  it('uploads at once with uploadAfterSeconds 0, and confirms at once with confirmAfterSeconds 0', async () => {
    rig = await startStandardRig(start, { config: { uploadAfterSeconds: 0, confirmAfterSeconds: 0 } });
    const { issued } = await rig.issue(billingNo());
    expect(await appendStatus([issued.InvoiceNumber])).toEqual(['C']);
    expect(await processStatus([issued.InvoiceNumber])).toEqual(['I9 Upload done']);
    await rig.dispose();

    rig = await startStandardRig(start, { config: { uploadAfterSeconds: 0, confirmAfterSeconds: 3600 } });
    const second = await rig.issue(billingNo());
    expect(await appendStatus([second.issued.InvoiceNumber])).toEqual(['U']);
    rig.clock.set(later(3600));
    expect(await appendStatus([second.issued.InvoiceNumber])).toEqual(['C']);
  });

  it('stays P for days with large values, and follows the configured clock offset', async () => {
    rig = await startStandardRig(start, {
      config: { uploadAfterSeconds: 172_800, confirmAfterSeconds: 604_800, clockOffsetSeconds: 30 },
    });
    const { issued } = await rig.issue(billingNo(), { at: later(30) });
    rig.clock.set(later(172_799));
    expect(await appendStatus([issued.InvoiceNumber])).toEqual(['P']);
    rig.clock.set(later(172_800));
    expect(await appendStatus([issued.InvoiceNumber])).toEqual(['U']);
    rig.clock.set(later(604_800));
    expect(await appendStatus([issued.InvoiceNumber])).toEqual(['C']);
  });

  it('answers in request order; unknown, foreign or malformed items are N', async () => {
    rig = await startStandardRig(start);
    const a = (await rig.issue(billingNo())).issued.InvoiceNumber;
    rig.clock.set(later(90));
    const b = (await rig.issue(billingNo())).issued.InvoiceNumber;
    const seller = rig.svc.config.companyId;
    const answer = await rig.ok('getInvoicesAppendStatus', [
      { CompanyID: seller, InvoiceID: b },
      { CompanyID: seller, InvoiceID: 'ZZ99999999' },
      { CompanyID: seller, InvoiceID: a },
      { CompanyID: '04595252', InvoiceID: a },
      { CompanyID: seller, InvoiceID: 42 },
      'not an item',
      { CompanyID: seller, InvoiceID: b },
    ]);
    expect(answer).toEqual({
      StatusCode: 1,
      ResultMessage: STANDARD_RESULT_MESSAGES.appendStatusAnswered,
      Data: [
        { InvoiceID: b, AppendStatus: 'P' },
        { InvoiceID: 'ZZ99999999', AppendStatus: 'N' },
        { InvoiceID: a, AppendStatus: 'U' },
        { InvoiceID: a, AppendStatus: 'N' },
        { InvoiceID: '', AppendStatus: 'N' },
        { InvoiceID: '', AppendStatus: 'N' },
        { InvoiceID: b, AppendStatus: 'P' },
      ],
    });
  });

  it('keeps a void’s status C0 while the upload goes on', async () => {
    rig = await startStandardRig(start);
    const { issued } = await rig.issue(billingNo());
    expect(await rig.ok('cancelInvoices', rig.voidData(issued.InvoiceNumber))).toMatchObject({
      StatusCode: 1,
    });
    rig.clock.set(later(600));
    expect(await processStatus([issued.InvoiceNumber])).toEqual(['C0 Voided']);
    expect(await appendStatus([issued.InvoiceNumber])).toEqual(['C']);
  });

  it('takes at most 100 items, and Data must be a non-empty array', async () => {
    rig = await startStandardRig(start);
    const { issued } = await rig.issue(billingNo());
    const seller = rig.svc.config.companyId;
    const item = { CompanyID: seller, InvoiceID: issued.InvoiceNumber };
    const full = Array.from({ length: STANDARD_LIMITS.batchItems }, () => item);
    expect(await appendStatus(full.map((entry) => entry.InvoiceID))).toEqual(full.map(() => 'P'));
    expect(await rig.ok('getInvoicesAppendStatus', [...full, item])).toEqual({
      StatusCode: 0,
      ResultMessage: STANDARD_RESULT_MESSAGES.tooManyItems,
    });
    for (const data of [[], item]) {
      const refused = await rig.call('getInvoicesAppendStatus', data);
      expect(refused.status, JSON.stringify(data)).toBe(400);
    }
  });

  describe('upload faults', () => {
    const fault = async (body: Record<string, unknown>) => {
      const answer = await rig!.svc.admin('faults', body);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json;
    };

    it('upload-stuck: the next `count` invoices issued stay P and answer I1 for good; the request is answered normally', async () => {
      rig = await startStandardRig(start);
      await fault({ kind: 'upload-stuck', count: 2 });
      const first = await rig.issue(billingNo());
      // A refused order does not use up the fault.
      const duplicate = await postOrder(
        rig.svc.target,
        'order',
        sampleOrder(first.data.BillingNo, { at: rig.clock.now() }),
        {
          timestamp: rig.stamp(),
        },
      );
      expect(duplicate.json).toMatchObject({ StatusCode: 0, ResultMessage: 'Duplicate BillingNo' });
      const second = await rig.issue(billingNo());
      const third = await rig.issue(billingNo());
      // The issuing answers were normal, print data and all.
      expect(first.issued.PrintDataString).toBeDefined();
      const numbers = [first, second, third].map(({ issued }) => issued.InvoiceNumber);
      rig.clock.set(later(86_400 * 366));
      expect(await appendStatus(numbers)).toEqual(['P', 'P', 'C']);
      expect(await processStatus(numbers)).toEqual([
        'I1 Waiting for upload',
        'I1 Waiting for upload',
        'I9 Upload done',
      ]);
      expect(await rig.svc.lookup(first.data.BillingNo)).toMatchObject({
        AppendStatus: 'P',
        ProcessStatus: 'I1',
      });
      // Recorded with the invoice: a restart does not unstick it.
      await rig.restart();
      expect(await processStatus(numbers.slice(0, 1))).toEqual(['I1 Waiting for upload']);
    });

    it('upload-suspended: IP and P; aimed at one operation, it waits for that operation’s issue', async () => {
      rig = await startStandardRig(start, { config: { uploadAfterSeconds: 0, confirmAfterSeconds: 0 } });
      expect(await fault({ kind: 'upload-suspended', count: 1, path: '/Append/OrderWithoutPrint' })).toEqual({
        ok: true,
        pending: 1,
      });
      const paper = await rig.issue(billingNo());
      const data = sampleOrder(billingNo(), { at: rig.clock.now() });
      const carrier = await postOrder(rig.svc.target, 'orderWithoutPrint', data, { timestamp: rig.stamp() });
      expect(carrier.json).toMatchObject({ StatusCode: 1 });
      const numbers = [paper.issued.InvoiceNumber, carrier.json!.InvoiceNumber as string];
      expect(await appendStatus(numbers)).toEqual(['C', 'P']);
      expect(await processStatus(numbers)).toEqual(['I9 Upload done', 'IP Upload suspended']);
      expect((await rig.svc.admin('faults', { kind: 'status-0', count: 1 })).json).toEqual({
        ok: true,
        pending: 1,
      });
    });

    it('does not hold back a request fault queued after it, nor take one itself', async () => {
      rig = await startStandardRig(start);
      await fault({ kind: 'upload-stuck', count: 1 });
      await fault({ kind: 'status-0', count: 1, message: 'Busy' });
      // The first request takes the status-0 fault (nothing issued, so the upload fault waits).
      const busy = await postOrder(
        rig.svc.target,
        'order',
        sampleOrder(billingNo(), { at: rig.clock.now() }),
        {
          timestamp: rig.stamp(),
        },
      );
      expect(busy.json).toEqual({ StatusCode: 0, ResultMessage: 'Busy' });
      // A standard request is not an issue: the fault still waits.
      await rig.status(['TR00000000']);
      const stuck = await rig.issue(billingNo());
      rig.clock.set(later(3600));
      expect(await processStatus([stuck.issued.InvoiceNumber])).toEqual(['I1 Waiting for upload']);
      expect((await rig.svc.admin('faults', { kind: 'status-0', count: 1 })).json).toEqual({
        ok: true,
        pending: 1,
      });
    });

    it('refuses an upload fault aimed at a standard operation', async () => {
      rig = await startStandardRig(start);
      const refused = await rig.svc.admin('faults', {
        kind: 'upload-stuck',
        count: 1,
        path: '/Update/CancelInvoices',
      });
      expect(refused).toEqual({
        status: 400,
        json: {
          error:
            'upload-stuck applies to issued invoices: path must be one of /Append/Order, /Append/OrderReturnQKey, /Append/OrderWithoutPrint',
        },
      });
    });
  });
});

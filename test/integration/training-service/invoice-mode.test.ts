import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadOutcome } from '../../../src/main/invoice-service/invoice-mode';
import { createStandardClient, type StandardClient } from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import {
  invoiceModeUpload,
  setBlankData,
  trackBlankData,
  type HeldSegment,
  type InvoiceModeData,
} from '../../../src/provider/invoice-mode';
import type { ProviderVariantId } from '../../../src/provider/variants';
import { taipeiDateTime } from '../../../src/shared/domain';
import type { TrainingService } from '../../../src/training-service';
import { postAdmin, sampleOrder } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import {
  sellDirectly,
  settableClock,
  startClockedService,
  standardConfigOf,
  type Clock,
} from '../reconciliation/harness';

/**
 * Invoice mode (provider profile §7) against the training service over real HTTP, in both dialects
 * it speaks, with the till's own standard client (timestamps from a real journal file): splits,
 * uploads answered per invoice, blank reports, the number list and status queries afterwards, the
 * clock switch across a period end and the fault `unreachable` (a refused TCP connection).
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const GROUP = 'O1'; // an invoice-mode group short enough for SystemLead's UseFor (2)
const noRecord = { afterAnswer: () => {} };

interface Rig {
  service: TrainingService;
  client: StandardClient;
  clock: Clock;
  journal: Journal;
  seller: string;
}

describe.each<ProviderVariantId>(['profile', 'systemlead'])(
  'invoice mode on the training service (%s)',
  (variant) => {
    let temp: ReturnType<typeof makeTempDir>;
    let rig: Rig;

    beforeEach(async () => {
      temp = makeTempDir('invoice-mode');
      const clock = settableClock(START);
      const service = await startClockedService(temp.dir, clock, {
        variant,
        devices: [{ deviceId: 'T9', apiKey: 'device-t9-api-key', signingSecret: 'device-t9-secret' }],
      });
      const journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
      const client = createStandardClient({
        config: standardConfigOf(service),
        reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
        logger: { info() {}, warn() {}, error() {} },
        nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
      });
      rig = { service, client, clock, journal, seller: service.config.companyId };
    });
    afterEach(async () => {
      await rig.service.close();
      rig.journal.close();
      temp.remove();
    });

    const split = async (count = 10, period = { StageYear: 2026, StageMonth: 12 }, useFor = GROUP) =>
      (
        await rig.client.split(
          { CompanyID: rig.seller, ...period, UseFor: useFor, InvoiceCount: count },
          noRecord,
        )
      ).outcome;

    async function segment(count = 10): Promise<HeldSegment> {
      const outcome = await split(count);
      if (outcome.kind !== 'done') throw new Error(`split: ${JSON.stringify(outcome)}`);
      return outcome.segment;
    }

    /** An offline invoice of the segment's `serial`, sold at the clock. */
    function offline(
      held: HeldSegment,
      serial: number,
      billingNo: string,
      buyerTaxId?: string,
    ): InvoiceModeData {
      const order = sampleOrder(billingNo, {
        at: rig.clock.now(),
        ...(buyerTaxId ? { buyerTaxId } : {}),
        overrides: { DeviceID: GROUP, RandomNumber: String(serial % 10_000).padStart(4, '0') },
      });
      return invoiceModeUpload({ invoiceNumber: held.word + String(serial).padStart(8, '0'), order });
    }

    const upload = async (invoices: InvoiceModeData[], afterUnknown = false) =>
      (await rig.client.upload(invoices, noRecord, { afterUnknown })).outcome;

    const items = (outcome: UploadOutcome) => {
      if (outcome.kind !== 'answered') throw new Error(`upload: ${JSON.stringify(outcome)}`);
      return outcome.items.map(
        (item) => `${item.invoiceId} ${item.kind === 'rejected' ? `rejected ${item.reason}` : item.kind}`,
      );
    };

    it('splits a segment of its own for the group, listed by GetInvoiceIDList with CurrentNumber at its start', async () => {
      const held = await segment(10);
      expect(held).toMatchObject({ stageYear: 2026, stageMonth: 12, useFor: GROUP });
      expect(held.end - held.start + 1).toBe(10);
      const list = (await rig.client.invoiceIdList({ stageYear: 2026, stageMonth: 12 })).outcome;
      expect(list.kind).toBe('answered');
      const listed = list.kind === 'answered' ? list.tracks.flatMap((track) => track.Details) : [];
      expect(listed.find((detail) => detail.UseFor === GROUP)).toMatchObject({
        StartNumber: String(held.start).padStart(8, '0'),
        CurrentNumber: String(held.start).padStart(8, '0'),
        InvoiceCount: 10,
      });
      // A second split gets the next numbers, never the same ones.
      const next = await segment(5);
      expect(next.start).toBeGreaterThan(held.end);
    });

    it('refuses a period not open yet, numbers running out, and an order-mode device both ways', async () => {
      // The next period (Jan-Feb 2027) opens 15 days before it starts: 2026-12-17 00:00 Taipei.
      expect(await split(10, { StageYear: 2027, StageMonth: 2 })).toMatchObject({
        kind: 'rejected',
        reason: 'Period not open',
      });
      rig.clock.set(new Date('2026-12-17T00:00:00+08:00'));
      expect((await split(10, { StageYear: 2027, StageMonth: 2 })).kind).toBe('done');
      expect(await split(1000, { StageYear: 2026, StageMonth: 12 }, 'O2')).toMatchObject({
        kind: 'done',
      });
      // A configured device, and a device that has sold in order mode, are not invoice-mode groups.
      expect(await split(10, { StageYear: 2026, StageMonth: 12 }, 'T9')).toMatchObject({
        kind: 'rejected',
        reason: 'UseFor is an order-mode device',
      });
      await sellDirectly(rig.service, rig.clock, 'T1-20261217-000001', { deviceId: 'T1' });
      expect(await split(10, { StageYear: 2026, StageMonth: 12 }, 'T1')).toMatchObject({
        kind: 'rejected',
        reason: 'UseFor is an order-mode device',
      });
      // ...and an order from an invoice-mode group is refused the same way.
      await expect(
        sellDirectly(rig.service, rig.clock, 'O1-20261217-000001', { deviceId: GROUP }),
      ).rejects.toThrow(/UseFor is an order-mode device/);
    });

    it('Not enough numbers when no track has the count left', async () => {
      await rig.service.close();
      rig.journal.close();
      temp.remove();
      temp = makeTempDir('invoice-mode-small');
      const clock = settableClock(START);
      const service = await startClockedService(temp.dir, clock, {
        variant,
        tracks: ['TR'],
        numbersPerTrack: 30,
      });
      const journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
      const client = createStandardClient({
        config: standardConfigOf(service),
        reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
        logger: { info() {}, warn() {}, error() {} },
        nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
      });
      rig = { service, client, clock, journal, seller: service.config.companyId };
      expect((await split(20)).kind).toBe('done');
      expect(await split(20)).toMatchObject({ kind: 'rejected', reason: 'Not enough numbers' });
      expect((await split(10)).kind).toBe('done');
    });

    it('uploads a batch answered per invoice; a retry reads "Invoice already exists" as done; a refused item stops nothing', async () => {
      const held = await segment(10);
      const batch = [
        offline(held, held.start, 'O1-20261105-000001'),
        offline(held, held.start + 1, 'O1-20261105-000002', '04595252'),
        offline(held, held.start + 2, 'O1-20261105-000003'),
      ];
      expect(items(await upload(batch))).toEqual(batch.map((data) => `${data.InvoiceID} done`));
      // The answer to that batch was lost: the same batch again, every invoice done (already there).
      const again = await upload(batch, true);
      expect(items(again)).toEqual(batch.map((data) => `${data.InvoiceID} done`));
      if (again.kind === 'answered' && variant === 'profile') {
        expect(again.items.every((item) => item.kind === 'done' && item.already)).toBe(true);
      }

      // A batch with one bad invoice: the others are stored all the same, each answer in order.
      const foreign = { ...offline(held, held.start + 3, 'O1-20261105-000004'), InvoiceID: 'ZZ00000001' };
      const reused = { ...offline(held, held.start + 4, 'O1-20261105-000002') }; // BillingNo of batch[1]
      const other = { ...offline(held, held.start + 2, 'O1-20261105-000099'), TotalAmount: 999 };
      const good = offline(held, held.start + 5, 'O1-20261105-000006');
      expect(items(await upload([foreign, reused, other, good]))).toEqual([
        'ZZ00000001 rejected Invoice number not allotted',
        `${reused.InvoiceID} rejected BillingNo already used`,
        `${other.InvoiceID} rejected Invoice number already used`,
        `${good.InvoiceID} done`,
      ]);

      // Afterwards as any invoice: the list's CurrentNumber one past the highest uploaded, the status
      // queries, and a void through the standard API.
      const list = (await rig.client.invoiceIdList({ stageYear: 2026, stageMonth: 12 })).outcome;
      const listed = list.kind === 'answered' ? list.tracks.flatMap((track) => track.Details) : [];
      expect(listed.find((detail) => detail.UseFor === GROUP)?.CurrentNumber).toBe(
        String(held.start + 6).padStart(8, '0'),
      );
      const status = (await rig.client.status([batch[1]!.InvoiceID], noRecord)).outcome;
      expect(status).toMatchObject({
        kind: 'answered',
        items: [{ InvoiceID: batch[1]!.InvoiceID, ProcessStatus: 'I0' }],
      });
      expect((await rig.client.appendStatus([good.InvoiceID])).outcome).toMatchObject({
        kind: 'answered',
        items: [{ AppendStatus: 'P' }],
      });
      const voided = await rig.client.send(
        'cancelInvoices',
        {
          SellerID: rig.seller,
          InvoiceNumber: batch[0]!.InvoiceID,
          CancelDate: taipeiDateTime(rig.clock.now()),
          CancelReason: '客人退貨',
        },
        noRecord,
      );
      expect(voided.outcome.kind).toBe('done');
    });

    it('one invoice alone (/Append/Invoice; SystemLead: /Append/Invoices with one record)', async () => {
      const held = await segment(10);
      const one = offline(held, held.start, 'O1-20261105-000001');
      const { outcome } = await rig.client.uploadOne(one, noRecord);
      expect(items(outcome)).toEqual([`${one.InvoiceID} done`]);
    });

    it("reports a segment's unused tail and a gap blank; a blank number is refused on upload until withdrawn", async () => {
      const held = await segment(10);
      const used = [held.start, held.start + 1, held.start + 4];
      expect(
        items(await upload(used.map((serial, i) => offline(held, serial, `O1-20261105-00000${i + 1}`)))),
      ).toEqual(used.map((serial) => `${held.word}${String(serial).padStart(8, '0')} done`));
      const tail = setBlankData(rig.seller, held, held.start + 5)!;
      expect((await rig.client.setBlank(tail, noRecord)).outcome).toEqual({
        kind: 'done',
        begin: held.start + 5,
        end: held.end,
        already: false,
      });
      const gaps = trackBlankData(rig.seller, held, [
        { begin: held.start + 2, end: held.start + 3 },
        { begin: held.start + 4, end: held.start + 4 }, // used: refused, the other stands
      ]);
      expect((await rig.client.trackBlank(gaps, noRecord)).outcome).toMatchObject({
        kind: 'answered',
        items: [
          { begin: held.start + 2, end: held.start + 3, kind: 'done' },
          { begin: held.start + 4, kind: 'rejected', reason: 'Blank range holds a used number' },
        ],
      });
      // Reported again after an unknown outcome: the report stands (done); without one, refused.
      expect((await rig.client.setBlank(tail, noRecord, { afterUnknown: true })).outcome).toMatchObject({
        kind: 'done',
        already: true,
      });
      expect(
        (
          await rig.client.trackBlank({ ...gaps, Items: gaps.Items.slice(0, 1) }, noRecord, {
            afterUnknown: true,
          })
        ).outcome,
      ).toMatchObject({
        kind: 'answered',
        items: [{ kind: 'done', already: true }],
      });
      expect((await rig.client.setBlank(tail, noRecord)).outcome).toMatchObject({
        kind: 'rejected',
        reason: 'Blank range already reported',
      });

      const blank = offline(held, held.start + 2, 'O1-20261105-000010');
      expect(items(await upload([blank]))).toEqual([`${blank.InvoiceID} rejected Invoice number is blank`]);
      const withdraw = {
        CompanyID: rig.seller,
        YearMonth: '11512',
        InvoiceTrack: held.word,
        InvoiceBeginNo: String(held.start + 2).padStart(8, '0'),
        InvoiceEndNo: String(held.start + 3).padStart(8, '0'),
      };
      expect((await rig.client.blankCancel(withdraw, noRecord)).outcome).toEqual({
        kind: 'done',
        already: false,
      });
      expect(items(await upload([blank]))).toEqual([`${blank.InvoiceID} done`]);
      expect((await rig.client.blankCancel(withdraw, noRecord)).outcome).toMatchObject({
        kind: 'rejected',
        reason: 'Blank range not found',
      });
    });

    it('the admin clock switch crosses a period end; blank reports close after the 10th day of the next period', async () => {
      const held = await segment(10);
      const admin = (route: string, body: unknown) =>
        postAdmin(rig.service.url, rig.service.config.adminToken, route as 'faults', body);
      // The service's clock jumps (its base clock stays); the till follows it with a clock of its
      // own, for its timestamps.
      const till = settableClock(START);
      const client = createStandardClient({
        config: standardConfigOf(rig.service),
        reserveTimestamp: (key, nowSeconds, window) => rig.journal.reserveTimestamp(key, nowSeconds, window),
        logger: { info() {}, warn() {}, error() {} },
        nowSeconds: () => Math.floor(till.now().getTime() / 1000),
      });
      const jump = async (at: string) => {
        expect((await admin('clock', { at })).json).toMatchObject({ now: new Date(at).toISOString() });
        till.set(new Date(at));
      };
      await jump('2027-01-10T23:59:00+08:00');
      expect(
        (await client.setBlank(setBlankData(rig.seller, held, held.start + 5)!, noRecord)).outcome.kind,
      ).toBe('done');
      await jump('2027-01-11T00:00:00+08:00');
      expect(
        (
          await client.trackBlank(
            trackBlankData(rig.seller, held, [{ begin: held.start, end: held.start }]),
            noRecord,
          )
        ).outcome,
      ).toMatchObject({ kind: 'answered', items: [{ kind: 'rejected', reason: 'Blank report closed' }] });
      // The ended period is no longer split.
      expect(
        (
          await client.split(
            { CompanyID: rig.seller, StageYear: 2026, StageMonth: 12, UseFor: GROUP, InvoiceCount: 10 },
            noRecord,
          )
        ).outcome,
      ).toMatchObject({ kind: 'rejected', reason: 'Period not open' });
    });

    it('unreachable: the TCP connection is refused (not delivered), then the service answers again', async () => {
      const held = await segment(10);
      const one = offline(held, held.start, 'O1-20261105-000001');
      await rig.service.unreachable();
      expect(await upload([one])).toMatchObject({ kind: 'not-delivered' });
      await rig.service.reachable();
      expect(items(await upload([one]))).toEqual([`${one.InvoiceID} done`]);

      // The admin channel's switch: answered, then the listener goes for `ms`.
      const answer = await postAdmin(rig.service.url, rig.service.config.adminToken, 'faults', {
        kind: 'unreachable',
        ms: 60_000,
      });
      expect(answer.json).toMatchObject({ ok: true, unreachableMs: 60_000 });
      const refused = await new Promise<string>((resolve) => {
        const poll = () => {
          const socket = createConnection(rig.service.port, '127.0.0.1');
          socket.once('connect', () => {
            // The switch comes right after the answer went out: this connection may still have made it.
            socket.destroy();
            setImmediate(poll);
          });
          socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''));
        };
        poll();
      });
      expect(refused).toBe('ECONNREFUSED');
      await rig.service.reachable(); // ends the outage at once (its timer cleared)
      expect((await split(1)).kind).toBe('done');
    });
  },
);

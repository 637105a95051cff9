import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadOutcome } from '../../../src/main/invoice-service/invoice-mode';
import {
  createStandardClient,
  type StandardClient,
  type StandardServiceConfig,
} from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import {
  blankPlan,
  invoiceModeUpload,
  serialText,
  setBlankData,
  trackBlankData,
  type HeldSegment,
  type InvoiceModeData,
} from '../../../src/provider/invoice-mode';
import {
  SYSTEMLEAD_DOCUMENTED_PATHS,
  startSystemLeadStandin,
  type SystemLeadStandin,
} from '../../support/systemlead-standin';
import { sampleOrder } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import { settableClock, startClockedService, standardConfigOf, type Clock } from '../reconciliation/harness';

/**
 * Invoice mode (issue 27, provider profile §7) in SystemLead's dialect, ONE suite against both
 * sides of the wire: the training service in `systemlead` mode, and the stand-in written from
 * SystemLead's published documents (test/support/systemlead-standin.ts: Receipt.md 發票版,
 * SetBlankInvoice.md, TrackBlank.md). Where the documents publish nothing (a split operation, an
 * "already exists" answer), the stand-in makes nothing up, and the suite asserts what the till
 * reads instead.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const GROUP = 'O1';
const noRecord = { afterAnswer: () => {} };

interface Backend {
  standard: Omit<StandardServiceConfig, 'timeoutMs'>;
  /** A segment of this group's own, the provider's way: a split, or SystemLead's console. */
  segment(client: StandardClient): Promise<HeldSegment>;
  /** Whether the provider documents `/Update/SplitInvoiceID` (SystemLead's documents do not). */
  splitDocumented: boolean;
  /** Whether a repeat of a stored invoice is answered as done (unpublished by SystemLead). */
  answersAlreadyExists: boolean;
  close(): Promise<void>;
}

async function trainingBackend(dir: string, clock: Clock): Promise<Backend> {
  const service = await startClockedService(dir, clock, { variant: 'systemlead' });
  return {
    standard: standardConfigOf(service),
    async segment(client) {
      const { outcome } = await client.split(
        {
          CompanyID: service.config.companyId,
          StageYear: 2026,
          StageMonth: 12,
          UseFor: GROUP,
          InvoiceCount: 20,
        },
        noRecord,
      );
      if (outcome.kind !== 'done') throw new Error(`split: ${JSON.stringify(outcome)}`);
      return outcome.segment;
    },
    splitDocumented: true,
    answersAlreadyExists: true,
    close: () => service.close(),
  };
}

async function standinBackend(clock: Clock): Promise<Backend & { standin: SystemLeadStandin }> {
  const companyId = '89430377'; // ApiHeader.md's sample seller
  const salt = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // Signature.md's sample Salt
  const standin = await startSystemLeadStandin({ companyId, salt, now: clock.now });
  return {
    standin,
    standard: { serviceUrl: standin.url, companyId, apiKey: '', signingSecret: salt, variant: 'systemlead' },
    async segment(client) {
      // SystemLead's console gives the group its segment; the till learns it from the number list.
      standin.allot(GROUP);
      const { outcome } = await client.invoiceIdList({ stageYear: 2026, stageMonth: 12 });
      if (outcome.kind !== 'answered') throw new Error(`list: ${JSON.stringify(outcome)}`);
      const track = outcome.tracks.find((item) => item.Details.some((detail) => detail.UseFor === GROUP))!;
      const detail = track.Details.find((item) => item.UseFor === GROUP)!;
      return {
        word: track.Word,
        stageYear: 2026,
        stageMonth: 12,
        start: Number(detail.StartNumber),
        end: Number(detail.EndNumber),
      };
    },
    splitDocumented: false,
    answersAlreadyExists: false,
    close: () => standin.close(),
  };
}

const SIDES = ['training service (systemlead)', 'stand-in from the documents'] as const;

describe.each(SIDES)('invoice mode in SystemLead dialect: %s', (side) => {
  let temp: ReturnType<typeof makeTempDir>;
  let clock: Clock;
  let backend: Backend;
  let journal: Journal;
  let client: StandardClient;

  beforeEach(async () => {
    temp = makeTempDir('invoice-mode-sl');
    clock = settableClock(START);
    backend = side === SIDES[0] ? await trainingBackend(temp.dir, clock) : await standinBackend(clock);
    journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
    client = createStandardClient({
      config: { ...backend.standard, timeoutMs: 2000 },
      reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
      logger: { info() {}, warn() {}, error() {} },
      nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    });
  });
  afterEach(async () => {
    await backend.close();
    journal.close();
    temp.remove();
  });

  function offline(
    held: HeldSegment,
    serial: number,
    billingNo: string,
    buyerTaxId?: string,
  ): InvoiceModeData {
    const order = sampleOrder(billingNo, {
      at: clock.now(),
      ...(buyerTaxId ? { buyerTaxId } : {}),
      overrides: { DeviceID: GROUP, RandomNumber: String(serial % 10_000).padStart(4, '0') },
    });
    return invoiceModeUpload({ invoiceNumber: held.word + serialText(serial), order });
  }
  const items = (outcome: UploadOutcome) => {
    if (outcome.kind !== 'answered') throw new Error(`upload: ${JSON.stringify(outcome)}`);
    return outcome.items.map((item) => `${item.invoiceId} ${item.kind}`);
  };

  it('a segment of its own: split where the provider has it, else from its console via GetInvoiceIDList', async () => {
    expect((SYSTEMLEAD_DOCUMENTED_PATHS as readonly string[]).includes('/Update/SplitInvoiceID')).toBe(false);
    const held = await backend.segment(client);
    expect(held.end).toBeGreaterThan(held.start);
    const { outcome } = await client.invoiceIdList({ stageYear: 2026, stageMonth: 12 });
    const listed = outcome.kind === 'answered' ? outcome.tracks.flatMap((track) => track.Details) : [];
    expect(listed.find((detail) => detail.UseFor === GROUP)?.CurrentNumber).toBe(serialText(held.start));
    if (!backend.splitDocumented) {
      // Not in SystemLead's documents: the stand-in has no such path.
      const split = await client.split(
        {
          CompanyID: backend.standard.companyId,
          StageYear: 2026,
          StageMonth: 12,
          UseFor: 'O2',
          InvoiceCount: 10,
        },
        noRecord,
      );
      expect(split.outcome.kind).not.toBe('done');
    }
  });

  it('uploads a batch; a retry after an unknown outcome is done, or verified by the status query', async () => {
    const held = await backend.segment(client);
    const batch = [
      offline(held, held.start, 'O1-20261105-000001'),
      offline(held, held.start + 1, 'O1-20261105-000002', '04595252'),
      offline(held, held.start + 2, 'O1-20261105-000003'),
    ];
    const first = (await client.upload(batch, noRecord)).outcome;
    expect(items(first)).toEqual(batch.map((data) => `${data.InvoiceID} done`));
    // The answer was lost: the same batch again.
    const again = (await client.upload(batch, noRecord, { afterUnknown: true })).outcome;
    if (backend.answersAlreadyExists) {
      expect(items(again)).toEqual(batch.map((data) => `${data.InvoiceID} done`));
    } else {
      // SystemLead's documents answer a stored number only with 'Append Inovice Error!!': after an
      // unknown outcome that is no finding but "verify", and the status query finds each one.
      expect(items(again)).toEqual(batch.map((data) => `${data.InvoiceID} unknown`));
    }
    const status = (
      await client.status(
        batch.map((data) => data.InvoiceID),
        noRecord,
      )
    ).outcome;
    expect(status.kind).toBe('answered');
    if (status.kind === 'answered')
      expect(status.items.map((item) => item.ProcessStatus)).toEqual(['I0', 'I0', 'I0']);
    // The number list's CurrentNumber: one past the highest number uploaded.
    const list = (await client.invoiceIdList({ stageYear: 2026, stageMonth: 12 })).outcome;
    const listed = list.kind === 'answered' ? list.tracks.flatMap((track) => track.Details) : [];
    expect(listed.find((detail) => detail.UseFor === GROUP)?.CurrentNumber).toBe(serialText(held.start + 3));
  });

  it('one refused invoice stops none of the others', async () => {
    const held = await backend.segment(client);
    const bad = { ...offline(held, held.start + 1, 'O1-20261105-000002'), PrintMark: 'X' as 'Y' };
    const batch = [
      offline(held, held.start, 'O1-20261105-000001'),
      bad,
      offline(held, held.start + 2, 'O1-20261105-000003'),
    ];
    const { outcome } = await client.upload(batch, noRecord);
    expect(items(outcome)).toEqual([
      `${batch[0]!.InvoiceID} done`,
      `${bad.InvoiceID} rejected`,
      `${batch[2]!.InvoiceID} done`,
    ]);
  });

  it("blank report: a segment's unused tail (SetBlankInvoiceID) and a gap (TrackBlank); a blank number is refused on upload", async () => {
    const held = await backend.segment(client);
    const used = [held.start, held.start + 3];
    await client.upload(
      used.map((serial, i) => offline(held, serial, `O1-20261105-00000${i + 1}`)),
      noRecord,
    );
    const plan = blankPlan(held, used);
    expect(plan.gaps).toEqual([{ begin: held.start + 1, end: held.start + 2 }]);
    const tail = setBlankData(backend.standard.companyId, held, plan.tail!.next)!;
    expect((await client.setBlank(tail, noRecord)).outcome).toEqual({
      kind: 'done',
      begin: held.start + 4,
      end: held.end,
      already: false,
    });
    const gaps = trackBlankData(backend.standard.companyId, held, plan.gaps);
    expect((await client.trackBlank(gaps, noRecord)).outcome).toEqual({
      kind: 'answered',
      items: [{ begin: held.start + 1, end: held.start + 2, kind: 'done', already: false }],
    });
    // Reported twice (TrackBlank.md's 相同區間): refused, unless our own report's answer was lost.
    expect((await client.trackBlank(gaps, noRecord)).outcome).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'rejected', reason: '空白發票新增失敗，請確認是否有輸入相同區間' }],
    });
    expect((await client.trackBlank(gaps, noRecord, { afterUnknown: true })).outcome).toMatchObject({
      kind: 'answered',
      items: [{ kind: 'done', already: true }],
    });
    // A number reported blank is never uploaded.
    const blank = offline(held, held.start + 1, 'O1-20261105-000009');
    const { outcome } = await client.upload([blank], noRecord);
    expect(items(outcome)).toEqual([`${blank.InvoiceID} rejected`]);
    const tailNumber = offline(held, held.end, 'O1-20261105-000010');
    expect(items((await client.upload([tailNumber], noRecord)).outcome)).toEqual([
      `${tailNumber.InvoiceID} rejected`,
    ]);
  });
});

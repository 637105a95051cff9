import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStandardClient } from '../../../src/main/invoice-service/standard-client';
import { postJson, type PostOptions } from '../../../src/main/invoice-service/transport';
import { Journal } from '../../../src/main/journal/journal';
import {
  uploadOfflineBatch,
  type InvoiceModeOpsDeps,
} from '../../../src/main/provider-ops/kinds/invoice-mode';
import { periodCodeOf, taipeiDateTime } from '../../../src/shared/domain';
import { startSystemLeadStandin, type SystemLeadStandin } from '../../support/systemlead-standin';
import { makeTempDir } from '../../support/temp-dir';
import { sale } from '../journal/fixtures';
import { settableClock } from '../reconciliation/harness';

/**
 * SystemLead's retry after an unknown upload outcome (issue 27, provider profile §6-§7): its
 * documents publish no "Invoice already exists", and a number stored before is refused with the
 * generic `Append Inovice Error!!`. So an upload resent after a lost answer is settled with
 * `GetInvoicesStatus`: a number the service holds is uploaded (never a finding), one it does not
 * hold is the refusal it seemed. Against the stand-in written from SystemLead's documents, over
 * real HTTP; only the first answer is lost on its way back (the request reached the stand-in).
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const GROUP = 'O1';
const companyId = '89430377'; // ApiHeader.md's sample seller
const salt = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // Signature.md's sample Salt
const quiet = { info() {}, warn() {}, error() {} };

describe('SystemLead: an upload resent after an unknown outcome is settled by GetInvoicesStatus', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let standin: SystemLeadStandin;
  let journal: Journal;
  let deps: InvoiceModeOpsDeps;
  let loseNextAnswer = false;
  const clock = settableClock(START);

  beforeEach(async () => {
    temp = makeTempDir('invoice-mode-sl-retry');
    standin = await startSystemLeadStandin({ companyId, salt, now: clock.now });
    journal = Journal.open(join(temp.dir, 'till.sqlite'), { now: clock.now });
    const post = async (options: PostOptions) => {
      const result = await postJson(options);
      if (!loseNextAnswer) return result;
      loseNextAnswer = false;
      return { kind: 'failed-after-send' as const, reason: 'socket hang up (answer lost)', elapsedMs: 1 };
    };
    const client = createStandardClient({
      config: {
        serviceUrl: standin.url,
        companyId,
        apiKey: '',
        signingSecret: salt,
        variant: 'systemlead',
        timeoutMs: 2000,
      },
      reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
      logger: quiet,
      nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
      post,
    });
    deps = { journal, client, path: { journal, logger: quiet as never }, now: clock.now };
    // SystemLead's console gives the group its segment; the till learns it from the number list.
    standin.allot(GROUP);
    const { outcome } = await client.invoiceIdList({ stageYear: 2026, stageMonth: 12 });
    if (outcome.kind !== 'answered') throw new Error(`list: ${JSON.stringify(outcome)}`);
    const track = outcome.tracks.find((item) => item.Details.some((detail) => detail.UseFor === GROUP))!;
    const detail = track.Details.find((item) => item.UseFor === GROUP)!;
    journal.addInvoiceModeSegment({
      companyId,
      tillId: 'T01',
      training: false,
      useFor: GROUP,
      word: track.Word,
      periodCode: periodCodeOf(START),
      start: Number(detail.StartNumber),
      end: Number(detail.EndNumber),
    });
  });
  afterEach(async () => {
    await standin.close();
    journal.close();
    temp.remove();
  });

  const offlineSale = (total: number) => {
    const orderNo = journal.nextOrderNo('T01', START);
    journal.begin({
      ...sale(orderNo, { at: START, total, extraData: { InvoiceDateTime: taipeiDateTime(START) } }),
      companyId,
    });
    journal.markNotDelivered(orderNo, { reason: 'connection refused' });
    return journal.issueOffline({ orderNo }).invoice.invoiceNumber;
  };

  it('the lost batch is resent, refused as a repeat, and found uploaded by the status query', async () => {
    const numbers = [offlineSale(120), offlineSale(80)];
    loseNextAnswer = true;
    const lost = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(lost).toMatchObject({ outcome: 'unknown', uploaded: [], waiting: numbers });

    // The same batch again: SystemLead refuses stored numbers with its generic text, which after
    // an unknown outcome is no finding; GetInvoicesStatus finds both, so both are uploaded.
    const again = await uploadOfflineBatch(deps, journal.offlineInvoices({ state: 'waiting' }));
    expect(again).toMatchObject({ uploaded: numbers, rejected: [], waiting: [] });
    expect(journal.offlineInvoices({ state: 'uploaded' })).toMatchObject(
      numbers.map((invoiceNumber) => ({
        invoiceNumber,
        uploadMessage: expect.stringContaining('GetInvoicesStatus'),
      })),
    );
    expect(journal.offlineInvoices({ state: 'rejected' })).toEqual([]);
  });
});

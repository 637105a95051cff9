import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JournalError } from '../../../src/main/journal/errors';
import { Journal } from '../../../src/main/journal/journal';
import { assembleReturns } from '../../../src/main/returns/assemble';
import { LifeTally, planLife, runLife, useCrashRig, type LifeEnding } from '../../support/crash-lives';
import { memoryLogger, openTill } from '../checkout/harness';
import { returnsAdmin } from './harness';

/**
 * The returns command is killed (SIGKILL) at random moments while it voids, makes allowances and
 * voids allowances back to back, 100+ times, with delays injected so that many kills land
 * mid-request. Afterwards the journal is reopened, what is unsettled is settled the till's way
 * (status query first; a resend only under the same prefix) and every sale is reconciled against
 * the service: no allowance twice (one per prefix, one journal record per allowance number), none
 * lost (every allowance the service has is a done allowance in the journal, and the other way
 * round, voided or not alike), no void lost (voided at the service ⇔ a done void in the journal).
 *
 * Deterministic in the way the checkout crash test is: each life does at most MAX_OPS returns
 * (and settles at most 3), so the standard pair's forward-only timestamps stay inside the window
 * whatever the machine's speed; every fifth life is killed at a moment a relay makes certain (its
 * first request swallowed, or the service's answer to it held back); and the service is idle
 * before each life settles what the last one left, and before the final reconciliation.
 */
const KILLS = Number(process.env.RETURNS_CRASH_KILLS ?? 110);
const MAX_OPS = 3;
const SALES = 150;
const WINDOW_SECONDS = 3600;

describe('returns crash: SIGKILL at random moments, then reconcile journal and service', () => {
  const orderNos: string[] = [];
  beforeAll(() => {
    expect(KILLS * (MAX_OPS + 4)).toBeLessThan(WINDOW_SECONDS);
  });
  const rig = useCrashRig({
    name: 'returns-crash',
    entry: join(import.meta.dirname, 'crash-child.ts'),
    windowSeconds: WINDOW_SECONDS,
    admin: returnsAdmin,
    // The sales the lives take back, made before the first life.
    prepare: async ({ service }) => {
      const till = openTill({ dbPath, service, config: { timestampWindowSeconds: WINDOW_SECONDS } });
      for (let i = 0; i < SALES; i++) {
        const business = i % 5 === 4;
        const sale = await till.engine.submit({
          lines: [
            { name: '便當', quantity: 3, unitPrice: 120, taxType: 'taxable' },
            // A tax-ID invoice cannot mix tax types.
            { name: '鮮奶', quantity: 2, unitPrice: 45, taxType: business ? 'taxable' : 'exempt' },
          ],
          payments: [{ method: i % 2 === 0 ? 'cash' : 'card', amount: 450 }],
          invoice: business
            ? { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' }
            : { kind: 'paper' },
        });
        if (sale.state !== 'issued') throw new Error(`setup sale ${sale.orderNo} ${sale.state}`);
        orderNos.push(sale.orderNo);
      }
      till.close();
      writeFileSync(salesFile, JSON.stringify(orderNos));
    },
    setupTimeoutMs: 120_000,
  });
  const { dbPath } = rig;
  const salesFile = join(rig.dir, 'sales.json');

  async function runAndKill(
    ending: LifeEnding,
    seed: number,
  ): Promise<{ ops: ReportedOp[]; settled: number; killedBeforeReady: boolean }> {
    const { out, killedBeforeReady } = await runLife(rig, {
      ending,
      arg: {
        dbPath,
        salesFile,
        serviceUrl: `${rig.relay.url}/standard`,
        companyId: rig.service.config.companyId,
        apiKey: rig.service.config.standardApiKey,
        signingSecret: rig.service.config.standardSigningSecret,
        tillId: 'K1',
        maxOps: MAX_OPS,
        seed,
        timestampWindowSeconds: WINDOW_SECONDS,
      },
      who: 'the returns command',
      idleMeans: 'finished its returns',
    });
    return {
      ops: out
        .split('\n')
        .filter((l) => l.startsWith('op ') && !l.endsWith('none'))
        .map((l) => {
          const [, orderNo = '', kind = '', state = ''] = l.split(' ');
          return { orderNo, kind, state };
        }),
      settled: out.split('\n').filter((l) => l.startsWith('settled ')).length,
      killedBeforeReady,
    };
  }

  it(`survives ${KILLS} kills without an allowance twice, one lost, or a void lost`, async () => {
    const { service, svc } = rig;
    const started = Date.now();
    const ops: ReportedOp[] = [];
    let settledByLives = 0;
    const tally = new LifeTally();
    for (let kill = 0; kill < KILLS; kill++) {
      await svc.clearFaults();
      // What the last life sent may still be held by the service: settle only once it has none.
      await service.idle();
      const { ending, slow } = planLife(kill);
      if (slow) await svc.fault(slow.kind, { count: slow.count, ms: slow.ms });
      const life = await runAndKill(ending, kill + 1);
      tally.add(ending, life);
      ops.push(...life.ops);
      settledByLives += life.settled;
    }
    const { earlyKills, observedKills } = tally;
    await svc.clearFaults();
    await service.idle();

    const journal = Journal.open(dbPath);
    try {
      const recovered = journal.recoverInFlightReturns();
      expect(journal.verifyChain().ok).toBe(true);
      const all = orderNos.flatMap((orderNo) => journal.returnsOf(orderNo));
      const byStateBefore = countBy(all, (r) => `${r.kind}:${r.state}`);
      // The till's way of settling: the status query first, a resend only under the same prefix.
      const engine = assembleReturns({
        journal,
        service: {
          serviceUrl: service.standardUrl,
          companyId: service.config.companyId,
          apiKey: service.config.standardApiKey,
          signingSecret: service.config.standardSigningSecret,
          timeoutMs: 3000,
          timestampWindowSeconds: WINDOW_SECONDS,
        },
        tillId: 'K1',
        trainingMode: true,
        logger: memoryLogger(),
      });
      let settledDone = 0;
      let resendRefused = 0;
      for (const r of all) {
        const current = journal.getReturn(r.id)!;
        if (!['needs-verification', 'not-done', 'not-delivered'].includes(current.state)) continue;
        try {
          const result = await engine.status(r.id, { by: 'reconcile', resend: true });
          if (result.state === 'done') settledDone++;
        } catch (error) {
          // Only the journal's refusal of a resend that no longer fits (another return took the
          // goods, or the sale was voided since) counts as refused; anything else is a failure.
          if (!(error instanceof JournalError)) throw error;
          resendRefused++;
          // Refused before anything was sent: the record is where it was, not in flight; the
          // reconciliation below checks the service has nothing under its prefix.
          expect(journal.getReturn(r.id)!.state, `return ${r.id} after a refused resend`).toBe(current.state);
        }
      }

      let voids = 0;
      let allowances = 0;
      for (const orderNo of orderNos) {
        const lookup = await svc.lookup(orderNo);
        const returns = journal.returnsOf(orderNo);
        const doneVoids = returns.filter((r) => r.kind === 'void' && r.state === 'done');
        expect(doneVoids.length).toBeLessThanOrEqual(1);
        expect(lookup.Voided, `${orderNo}: void at the service ⇔ a done void in the journal`).toBe(
          doneVoids.length === 1,
        );
        if (lookup.Voided) voids++;
        const service = lookup.Allowances ?? [];
        const prefixes = service.map((a) => a.AllowanceNumber.slice(0, -3));
        expect(new Set(prefixes).size, `${orderNo}: an allowance made twice`).toBe(prefixes.length);
        for (const made of service) {
          const mine = returns.filter(
            (r) => r.kind === 'allowance' && r.allowanceNumber === made.AllowanceNumber,
          );
          expect(mine, `${orderNo}: ${made.AllowanceNumber} at the service`).toHaveLength(1);
          expect(mine[0]!.state).toBe('done');
          expect(mine[0]!.totals.salesAmount).toBe(made.TotalAmount);
          expect(mine[0]!.totals.taxAmount).toBe(made.TaxAmount);
          expect(mine[0]!.voidedBy !== null, `${made.AllowanceNumber} voided`).toBe(made.Voided);
          allowances++;
        }
        for (const r of returns.filter((x) => x.kind === 'allowance')) {
          const there = service.some(
            (a) =>
              a.AllowanceNumber.startsWith(r.allowancePrefix!) &&
              a.AllowanceNumber.length === r.allowancePrefix!.length + 3,
          );
          expect(there, `${orderNo}: allowance ${r.id} (${r.state}) vs the service`).toBe(r.state === 'done');
        }
      }
      expect(journal.verifyChain().ok).toBe(true);
      const byStateAfter = countBy(
        orderNos.flatMap((orderNo) => journal.returnsOf(orderNo)),
        (r) => `${r.kind}:${r.state}`,
      );
      expect(Object.keys(byStateAfter).some((k) => k.endsWith(':needs-verification'))).toBe(false);

      // The returns the lives made happened. Each one a life reported done is done in the journal
      // (and so, by the checks above, at the service): a life is killed at any moment, so few
      // report one; the lives killed while the service held an answer back made theirs unseen,
      // and the settling found them. Voids and allowances must both have been made.
      const reportedDone = ops.filter((op) => op.state === 'done');
      const journalKind: Record<string, string> = {
        void: 'void',
        allowance: 'allowance',
        'cancel-allowance': 'allowance-void',
      };
      for (const [key, count] of Object.entries(countBy(reportedDone, (op) => `${op.orderNo} ${op.kind}`))) {
        const [orderNo = '', kind = ''] = key.split(' ');
        const done = journal
          .returnsOf(orderNo)
          .filter((r) => r.kind === journalKind[kind] && r.state === 'done');
        expect(done.length, `${key}: ${count} reported done`).toBeGreaterThanOrEqual(count);
      }
      expect(byStateAfter['void:done'] ?? 0, 'voids done').toBeGreaterThan(0);
      expect(byStateAfter['allowance:done'] ?? 0, 'allowances done').toBeGreaterThan(0);
      expect(voids).toBeGreaterThan(0);
      expect(allowances).toBeGreaterThan(0);
      console.log(
        `returns crash test: ${KILLS} kills (${earlyKills} during start-up, ${observedKills} at an observed moment), ` +
          `${ops.length} returns reported (${reportedDone.length} done), ${settledByLives} unsettled returns settled by later lives, ${all.length} returns in the journal, ${recovered.length} recovered at the final start; ` +
          `before settling ${JSON.stringify(byStateBefore)}; after ${JSON.stringify(byStateAfter)}; ` +
          `${settledDone} settled done, ${resendRefused} resends refused; service: ${voids} voids, ${allowances} allowances; ` +
          `${Math.round((Date.now() - started) / 1000)} s`,
      );
    } finally {
      journal.close();
    }
  }, 900_000);
});

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
/** One return a life reported (`op <orderNo> <kind> <state>`): kind as the engine's result names it. */
interface ReportedOp {
  orderNo: string;
  kind: string;
  state: string;
}

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerification } from '../../../src/main/checkout/verification';
import { Journal, parseOrderNo, type TransactionRecord } from '../../../src/main/journal/journal';
import { LifeTally, planLife, runLife, useCrashRig, type LifeEnding } from '../../support/crash-lives';
import { admin, memoryLogger } from './harness';

/**
 * The till is killed (SIGKILL) at random moments while it checks out back to back, 200+ times,
 * with delays injected in the service so that many kills land mid-request. Afterwards the
 * journal is reopened and reconciled against the service's own record of every order number:
 * no invoice the service issued is missing from the journal, none was issued twice, no order
 * number changed, and nothing the journal calls "not issued" exists at the service.
 *
 * Nothing here depends on the machine's speed: each life sells at most MAX_SALES_PER_LIFE, so
 * the forward-only request clock can run at most KILLS × MAX_SALES_PER_LIFE seconds ahead of
 * real time, inside the window the service and till are given; every fifth life is killed at a
 * moment the test controls (a relay in front of the service swallows its first request, or holds
 * back the service's answer to it), so kills mid-request are certain, not a matter of timing;
 * and the service is idle (no delayed request left) before anything is reconciled.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 210);
const MAX_SALES_PER_LIFE = 6;
const WINDOW_SECONDS = 3600;
const TILL = 'K1';

describe('crash: SIGKILL at random moments, then reconcile journal and service', () => {
  beforeAll(() => {
    // Back to back, the till uses a second of the company's timestamps per sale (forward only), far
    // faster than a shop does; the window holds every sale the test can make (see above).
    expect(KILLS * MAX_SALES_PER_LIFE).toBeLessThan(WINDOW_SECONDS);
  });
  const rig = useCrashRig({
    name: 'checkout-crash',
    entry: join(import.meta.dirname, 'crash-child.ts'),
    windowSeconds: WINDOW_SECONDS,
    admin,
  });
  const { dbPath } = rig;

  /** Starts the till; resolves when it is killed. */
  async function runAndKill(ending: LifeEnding): Promise<{ checkouts: number; killedBeforeReady: boolean }> {
    const { out, killedBeforeReady } = await runLife(rig, {
      ending,
      arg: {
        dbPath,
        serviceUrl: rig.relay.url,
        companyId: rig.service.config.companyId,
        apiKey: rig.service.config.apiKey,
        signingSecret: rig.service.config.signingSecret,
        tillId: TILL,
        maxSales: MAX_SALES_PER_LIFE,
        timestampWindowSeconds: WINDOW_SECONDS,
      },
      who: 'the till',
      idleMeans: 'sold all its sales',
    });
    return {
      checkouts: out.split('\n').filter((line) => line.startsWith(`${TILL}-`)).length,
      killedBeforeReady,
    };
  }

  it(`survives ${KILLS} kills without losing or doubling an invoice`, async () => {
    const { service, svc } = rig;
    const started = Date.now();
    let checkouts = 0;
    const tally = new LifeTally();
    for (let kill = 0; kill < KILLS; kill++) {
      await svc.clearFaults();
      // Every fifth life is killed at a moment the relay makes certain; every other one of the rest
      // gets slow answers queued, so that random kills land while requests are out.
      const { ending, slow } = planLife(kill);
      if (slow) await svc.fault(slow.kind, slow.count, slow.ms);
      const life = await runAndKill(ending);
      tally.add(ending, life);
      checkouts += life.checkouts;
    }
    const { earlyKills, observedKills, answersLost } = tally;
    await svc.clearFaults();
    // A request the service still holds may yet issue: reconcile only once it has none.
    await service.idle();

    // Reopen as the till would at its next start.
    const journal = Journal.open(dbPath);
    try {
      const recovered = journal.recoverInFlight();
      expect(journal.counts().inFlight).toBe(0);
      expect(journal.verifyChain().ok).toBe(true);

      const days = new Set<string>();
      const all = new Map<string, TransactionRecord>();
      let maxSeq = 0;
      // Order numbers carry their Taipei day; a run crossing midnight spans two days.
      for (const offset of [-1, 0]) {
        days.add(new Date(started + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10));
      }
      days.add(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
      for (const day of days) {
        for (const item of journal.list({ businessDay: day })) {
          const tx = journal.get(item.orderNo)!;
          all.set(tx.orderNo, tx);
          const parsed = parseOrderNo(tx.orderNo)!;
          expect(parsed.tillId).toBe(TILL);
          maxSeq = Math.max(maxSeq, parsed.seq);
        }
      }
      expect(all.size).toBeGreaterThan(KILLS);

      // Every order number ever handed out (and a margin past the last one), asked at the service.
      const issuedNumbers = new Map<string, string>();
      const byState: Record<string, number> = {};
      for (const day of days) {
        for (let seq = 1; seq <= maxSeq + 20; seq++) {
          const orderNo = `${TILL}-${day.replace(/-/g, '')}-${String(seq).padStart(6, '0')}`;
          const lookup = await svc.lookup(orderNo);
          const tx = all.get(orderNo);
          if (lookup.found) {
            expect(tx, `the service issued ${orderNo}, which the journal does not have`).toBeDefined();
            expect(lookup.BillingNo).toBe(orderNo);
            expect(lookup.TotalAmount).toBe(tx!.totals.totalAmount);
            expect(issuedNumbers.has(lookup.InvoiceNumber!), `${lookup.InvoiceNumber} issued twice`).toBe(
              false,
            );
            issuedNumbers.set(lookup.InvoiceNumber!, orderNo);
          }
          if (!tx) continue;
          byState[tx.state] = (byState[tx.state] ?? 0) + 1;
          expect(tx.requestData.BillingNo, 'the order number never changes').toBe(orderNo);
          expect(tx.attempt).toBe(1); // nothing was resent
          switch (tx.state) {
            case 'issued':
              expect(lookup.found).toBe(true);
              expect(tx.invoiceNumber).toBe(lookup.InvoiceNumber);
              break;
            case 'rejected':
            case 'not-delivered':
              expect(lookup.found, `${orderNo} is ${tx.state} but the service issued it`).toBe(false);
              break;
            case 'needs-verification':
              break;
            default:
              throw new Error(`${orderNo} ended in state ${tx.state}`);
          }
        }
      }
      // Kills did land mid-request: at least every observed one left a sale to verify. Nothing was
      // refused or lost on the way.
      expect(byState['needs-verification'] ?? 0).toBeGreaterThanOrEqual(observedKills);
      expect(byState['rejected'] ?? 0).toBe(0);
      expect(byState['not-delivered'] ?? 0).toBe(0);

      // Verification at scale: every pending sale resolved from the service's channel.
      const verification = createVerification({
        journal,
        logger: memoryLogger(),
        trainingChannel: { url: service.url, adminToken: service.config.adminToken },
      });
      for (const pending of verification.pending()) {
        const lookup = await verification.lookupTraining(pending.orderNo);
        verification.resolve(
          lookup.found
            ? {
                orderNo: pending.orderNo,
                outcome: 'issued',
                invoiceNumber: lookup.invoiceNumber!,
                by: 'crash-test',
              }
            : { orderNo: pending.orderNo, outcome: 'notIssued', by: 'crash-test' },
        );
      }
      expect(verification.pending()).toHaveLength(0);
      const journalIssued = [...all.keys()].filter((orderNo) => journal.get(orderNo)!.state === 'issued');
      expect(journalIssued.length).toBe(issuedNumbers.size);
      // Every lost answer was an invoice the service issued and the till learnt of only by verifying.
      expect(issuedNumbers.size).toBeGreaterThanOrEqual(answersLost);

      console.log(
        `crash test: ${KILLS} kills (${earlyKills} during start-up), ${checkouts} checkouts reported, ` +
          `${all.size} sales in the journal, ${issuedNumbers.size} invoices at the service, ` +
          `${recovered.length} recovered at the final start, ${observedKills} kills at an observed moment, ` +
          `states ${JSON.stringify(byState)}, ` +
          `${Math.round((Date.now() - started) / 1000)} s`,
      );
    } finally {
      journal.close();
    }
  }, 600_000);
});

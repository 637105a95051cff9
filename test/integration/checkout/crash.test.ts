import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerification } from '../../../src/main/checkout/verification';
import { Journal, parseOrderNo, type TransactionRecord } from '../../../src/main/journal/journal';
import type { TrainingService } from '../../../src/training-service';
import { childCommand } from '../../support/child-command';
import { makeTempDir } from '../../support/temp-dir';
import { startTrapRelay, type RelayTrap, type TrapRelay } from '../../support/trap-relay';
import { admin, memoryLogger, startService, type Admin } from './harness';

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
const root = resolve(import.meta.dirname, '../../..');
const TILL = 'K1';

describe('crash: SIGKILL at random moments, then reconcile journal and service', () => {
  const temp = makeTempDir('checkout-crash');
  const dbPath = join(temp.dir, 'journal.sqlite');
  let service: TrainingService;
  let svc: Admin;
  let relay: TrapRelay;
  let command: { file: string; args: string[]; env: NodeJS.ProcessEnv };

  beforeAll(async () => {
    // Back to back, the till uses a second of the company's timestamps per sale (forward only), far
    // faster than a shop does; the window holds every sale the test can make (see above).
    expect(KILLS * MAX_SALES_PER_LIFE).toBeLessThan(WINDOW_SECONDS);
    service = await startService(temp.dir, { timestampWindowSeconds: WINDOW_SECONDS });
    svc = admin(service);
    relay = await startTrapRelay(service.port);
    command = await childCommand(join(import.meta.dirname, 'crash-child.ts'), temp.dir);
  });
  afterAll(async () => {
    await relay?.close();
    await service.close();
    temp.remove();
  });

  const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

  /**
   * How a life ends: `random`, 20-300 ms after `ready` (or, one time in ten, during start-up);
   * `request-lost`, once its first request has wholly reached the relay, which never passes it on;
   * `answer-lost`, once the service has answered its first request (issued), which the relay
   * holds back.
   */
  type Ending = 'random' | Exclude<RelayTrap, null>;

  /** Starts the till; resolves when it is killed. */
  function runAndKill(ending: Ending): Promise<{ checkouts: number; killedBeforeReady: boolean }> {
    return new Promise((done, fail) => {
      const arg = JSON.stringify({
        dbPath,
        serviceUrl: relay.url,
        companyId: service.config.companyId,
        apiKey: service.config.apiKey,
        signingSecret: service.config.signingSecret,
        tillId: TILL,
        maxSales: MAX_SALES_PER_LIFE,
        timestampWindowSeconds: WINDOW_SECONDS,
      });
      const child: ChildProcess = spawn(command.file, [...command.args, arg], {
        cwd: root,
        env: command.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      let ready = false;
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        child.kill('SIGKILL');
      };
      const early = ending === 'random' && Math.random() < 0.1;
      if (early) setTimeout(kill, rand(0, 150));
      if (ending !== 'random') relay.trap(ending, kill);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!ready && out.includes('ready\n')) {
          ready = true;
          if (ending === 'random' && !early) setTimeout(kill, rand(20, 300));
        }
        if (ending !== 'random' && out.includes('idle\n')) {
          fail(new Error(`a life meant to be killed mid-request sold all its sales: ${out}`));
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') {
          fail(new Error(`the till exited by itself (code ${code}): ${err.slice(0, 2000)}`));
          return;
        }
        done({
          checkouts: out.split('\n').filter((line) => line.startsWith(`${TILL}-`)).length,
          killedBeforeReady: !ready,
        });
      });
      // A guard: a random life that hangs is killed anyway (observed lives wait for their moment).
      if (ending === 'random') setTimeout(kill, 10_000);
    });
  }

  it(`survives ${KILLS} kills without losing or doubling an invoice`, async () => {
    const started = Date.now();
    let checkouts = 0;
    let earlyKills = 0;
    let observedKills = 0;
    let answersLost = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      await svc.clearFaults();
      let ending: Ending = 'random';
      // Every fifth life is killed at a moment the relay makes certain.
      if (kill % 10 === 3) ending = 'request-lost';
      else if (kill % 10 === 8) ending = 'answer-lost';
      else if (kill % 2 === 0) {
        // Every other life gets slow answers queued, so that random kills land while requests are out.
        const kind = Math.random() < 0.5 ? 'delay-before' : 'delay-after-commit';
        await svc.fault(kind, rand(1, 4), rand(30, 200));
      }
      const life = await runAndKill(ending);
      if (ending !== 'random') observedKills++;
      if (ending === 'answer-lost') answersLost++;
      checkouts += life.checkouts;
      if (life.killedBeforeReady) earlyKills++;
    }
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

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import type { FaultKind } from '../../../src/training-service';
import { memoryLogger } from '../checkout/harness';
import { expectPlainMessage } from '../../support/plain-message';
import { PROVIDER_VARIANT_IDS } from '../../../src/provider/variants';
import { BY, standardConfig, tillIdFor, twoLineOrder, useReturnsRig } from './harness';

/**
 * Every fault the training service can inject, aimed at the void or the allowance request (a
 * fault naming its path), lands in the right state; then `status` (GetInvoicesStatus first, a
 * resend under the same prefix only when the answer shows nothing stands) settles it, and the
 * service ends with exactly one void or exactly one allowance: never two, never none.
 */
const TIMEOUT_MS = 800;

/** What the first send must end in, per fault (the standard API has no print data: those three change nothing). */
const EXPECTED: Record<FaultKind, ReadonlyArray<ReturnResult['state']>> = {
  'delay-before': ['needs-verification'],
  'delay-after-commit': ['needs-verification'],
  'drop-after-commit': ['needs-verification'],
  'http-500-after-commit': ['needs-verification'],
  'http-503-before': ['needs-verification'],
  'not-json': ['needs-verification'],
  'status-0': ['rejected'],
  'no-print-data': ['done'],
  'no-qkey': ['done'],
  'no-qr-url': ['done'],
  trickle: ['needs-verification'],
};

// The whole suite runs once per provider variant (profile §6): SystemLead's one signed wrapper per
// record and its answers without StatusCode must come to the same states as the profile's.
describe.each(PROVIDER_VARIANT_IDS)(
  'faults on a void and on an allowance, settled by the status query (%s)',
  (variant) => {
    const rig = useReturnsRig(`returns-faults-${variant}`, { timeoutMs: TIMEOUT_MS, variant });

    for (const kind of Object.keys(EXPECTED) as FaultKind[]) {
      for (const what of ['void', 'allowance'] as const) {
        it(`${kind} on the ${what}`, async () => {
          const sale = await rig.till.engine.submit(twoLineOrder());
          expect(sale.state).toBe('issued');
          const path =
            what === 'void' ? STANDARD_OPERATIONS.cancelInvoices : STANDARD_OPERATIONS.allowanceInvoice;
          await rig.svc.fault(kind, { path, ms: kind.startsWith('delay') || kind === 'trickle' ? 1500 : 10 });
          const first = await rig.till.returns.submit(
            what === 'void'
              ? { kind: 'void', orderNo: sale.orderNo, reason: '故障測試' }
              : {
                  kind: 'allowance',
                  orderNo: sale.orderNo,
                  items: [{ sequence: '002', quantity: 1 }],
                  reason: '故障測試',
                },
            BY,
          );
          expect(EXPECTED[kind]).toContain(first.state);
          // The cashier's message has no provider or transport text; the detail keeps it.
          expectPlainMessage(first.message);
          if (first.state !== 'done') expect(first.detail).toBeTruthy();
          await rig.svc.clearFaults();
          // A request the service still holds may yet land: settle only once it has none.
          await rig.service.idle();

          let result = first;
          for (
            let round = 0;
            round < 3 && (result.state === 'needs-verification' || result.state === 'not-done');
            round++
          ) {
            result = await rig.till.returns.status(first.returnId, { by: '店長', resend: true });
          }
          const lookup = await rig.svc.lookup(sale.orderNo);
          const record = rig.till.journal.getReturn(first.returnId)!;
          if (first.state === 'rejected') {
            expect(record.state).toBe('rejected');
            expect(lookup.Voided).toBe(false);
            expect(lookup.Allowances).toEqual([]);
            return;
          }
          expect(result.state).toBe('done');
          expect(record.state).toBe('done');
          if (what === 'void') {
            expect(lookup.Voided).toBe(true);
          } else {
            expect(lookup.Allowances).toHaveLength(1);
            expect(lookup.Allowances![0]!.AllowanceNumber).toBe(record.allowanceNumber);
            expect(lookup.Allowances![0]!.AllowanceNumber.startsWith(record.allowancePrefix!)).toBe(true);
          }
          // Every step is in the journal; the chain holds.
          expect(rig.till.journal.verifyChain().ok).toBe(true);
        });
      }
    }

    it('not delivered (nothing listening): safe to send again, once', async () => {
      const sale = await rig.till.engine.submit(twoLineOrder());
      const offline = assembleReturns({
        journal: rig.till.journal,
        service: { ...standardConfig(rig.service), serviceUrl: 'http://127.0.0.1:9/standard' },
        tillId: tillIdFor(variant),
        trainingMode: true,
        logger: memoryLogger(),
      });
      const first = await offline.submit(
        {
          kind: 'allowance',
          orderNo: sale.orderNo,
          items: [{ sequence: '001', quantity: 1 }],
          reason: '斷線',
        },
        BY,
      );
      expect(first.state).toBe('not-delivered');
      // Not-delivered does not count against what is left, and a second allowance is still refused
      // nothing; the resend goes under the same prefix.
      const resent = await rig.till.returns.status(first.returnId, { by: '店長', resend: true });
      expect(resent).toMatchObject({ state: 'done', attempt: 2 });
      const lookup = await rig.svc.lookup(sale.orderNo);
      expect(lookup.Allowances).toHaveLength(1);
    });

    it('status without resend settles a lost answer as done, and a second status changes nothing', async () => {
      const sale = await rig.till.engine.submit(twoLineOrder());
      await rig.svc.fault('drop-after-commit', { path: STANDARD_OPERATIONS.allowanceInvoice });
      const first = await rig.till.returns.submit(
        {
          kind: 'allowance',
          orderNo: sale.orderNo,
          items: [{ sequence: '001', quantity: 2 }],
          reason: '遺失回應',
        },
        BY,
      );
      expect(first.state).toBe('needs-verification');
      // What is in doubt counts against what is left: no second allowance of the same goods.
      expect(rig.till.journal.returnedLines(sale.orderNo)[0]!.remainingQuantity).toBe(0);
      const settled = await rig.till.returns.status(first.returnId, { by: '店長', resend: false });
      expect(settled.state).toBe('done');
      expect(settled.allowanceNumber).toMatch(/\d{3}$/);
      const again = await rig.till.returns.status(first.returnId, { by: '店長', resend: true });
      expect(again).toMatchObject({ state: 'done', attempt: 1 });
      expect((await rig.svc.lookup(sale.orderNo)).Allowances).toHaveLength(1);
    });

    it('a status query that itself fails leaves the return needing verification', async () => {
      const sale = await rig.till.engine.submit(twoLineOrder());
      await rig.svc.fault('http-503-before', { path: STANDARD_OPERATIONS.cancelInvoices });
      const first = await rig.till.returns.submit(
        { kind: 'void', orderNo: sale.orderNo, reason: '查詢失敗' },
        BY,
      );
      expect(first.state).toBe('needs-verification');
      await rig.svc.fault('http-503-before', { path: STANDARD_OPERATIONS.getInvoicesStatus });
      const still = await rig.till.returns.status(first.returnId, { by: '店長', resend: true });
      expect(still.state).toBe('needs-verification');
      const settled = await rig.till.returns.status(first.returnId, { by: '店長', resend: true });
      expect(settled.state).toBe('done');
      expect((await rig.svc.lookup(sale.orderNo)).Voided).toBe(true);
      void join;
    });
  },
);

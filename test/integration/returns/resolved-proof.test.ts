import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROOF_TITLE, REPRINT_TITLE } from '../../../src/main/printing/layout/proof-layout';
import type { CheckoutResult, TrainingLookupResult } from '../../../src/shared/ipc/contract/checkout';
import { order, PIN, textOf, useShiftRig } from '../shifts/harness';

interface Detail {
  transaction: {
    state: string;
    invoiceNumber: string | null;
    resolution: { by: string; atTill?: string | null } | null;
  };
  entries: Array<{ kind: string; payload: Record<string, unknown> }>;
}

/**
 * Issue 22, item 16: a 待確認 sale resolved as issued (the lost-answer drill, the training
 * service's channel read, the supervisor's confirmation with the PIN) gets its proof: the first
 * print after the resolution is the proof itself, never titled 補印, since none ever printed. The
 * record names who confirmed (typed in the dialog, with the PIN) and who was at the till.
 */
describe('a 待確認 sale resolved as issued: its proof, and both names', () => {
  const rig = useShiftRig('returns-resolved-proof');
  /** The journal's supervisor records, read beside the core's own connection. */
  const supervisorActions = () => {
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    try {
      return (
        db.prepare(`SELECT payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id`).all() as {
          payload: string;
        }[]
      ).map(
        (row) => JSON.parse(row.payload) as { action: string; by: string; detail: Record<string, unknown> },
      );
    } finally {
      db.close();
    }
  };

  it('王小明 is at the till; 林店長 confirms the sale with the PIN; the proof prints as the original', async () => {
    await rig.call('cashiers.save', {
      cashier: { id: 'A01', name: '王小明', pin: '1111' },
      pin: PIN,
      by: '陳店長',
    });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '100': 10 } });
    await rig.call('training.drill', { drill: 'lost-answer', pin: PIN, by: '王小明' });
    const sale = await rig.call<CheckoutResult>(
      'checkout.submit',
      order([['保溫杯', 1, 300]], [['card', 300]]),
    );
    expect(sale.state).toBe('needs-verification');
    const lookup = await rig.call<TrainingLookupResult>('verification.lookupTraining', {
      orderNo: sale.orderNo,
    });
    expect(lookup.found).toBe(true);

    const from = rig.printedCount();
    const resolved = await rig.call<{ by: string; print?: { printed: boolean; reprint: boolean } }>(
      'verification.resolve',
      {
        orderNo: sale.orderNo,
        outcome: 'issued',
        invoiceNumber: lookup.invoiceNumber!,
        randomNumber: lookup.randomNumber!,
        by: '林店長',
        pin: PIN,
      },
    );
    expect(resolved.by).toBe('林店長');
    expect(resolved.print).toMatchObject({ printed: true, reprint: false });
    const printed = rig.printedSince(from);
    const text = textOf(printed);
    expect(text).toContain(PROOF_TITLE);
    expect(text).not.toContain(REPRINT_TITLE);
    expect(printed.flatMap((job) => job.barcodes)).toHaveLength(1);

    const detail = await rig.call<Detail>('journal.get', { orderNo: sale.orderNo });
    expect(detail.transaction.resolution).toMatchObject({ by: '林店長', atTill: '王小明' });
    const action = supervisorActions().findLast((item) => item.action === 'verification.resolve')!;
    expect(action).toMatchObject({ by: '林店長', detail: { atTill: '王小明' } });

    // Only now is a further print a 補印.
    const again = rig.printedCount();
    const reprint = await rig.call<{ printed: boolean; reprint: boolean }>('printing.reprint', {
      orderNo: sale.orderNo,
      by: '林店長',
      reason: '顧客遺失',
      pin: PIN,
    });
    expect(reprint).toMatchObject({ printed: true, reprint: true });
    expect(textOf(rig.printedSince(again))).toContain(REPRINT_TITLE);
  });
});

import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { ReturnResult, ReturnsFindResult } from '../../../src/shared/ipc/contract/returns';
import type { z } from 'zod';
import { kicks, order, PIN, textOf, useShiftRig } from '../shifts/harness';

type Found = z.infer<typeof ReturnsFindResult>;
type Pending = { items: Array<{ returnId: number; state: string; reissueOwed?: boolean; orderNo: string }> };

/**
 * Issue 22, items 1, 2 and 4, through the core as the hosts run it (training service over real
 * HTTP, the journal in real SQLite, the receipt printer a virtual one on real TCP):
 * - a 改開 checks everything the new invoice needs before anything is sent, and moves no money
 *   (no drawer kick, ever);
 * - a 改開 whose void comes back 待確認 owes its reissue from then on, and issues it (new order
 *   number) once the status query finds the void done;
 * - 補印 of a voided invoice is refused with the reason: nothing that passes for a proof prints.
 */
describe('改開 and 補印 through the core', () => {
  const rig = useShiftRig('returns-reissue-core');
  const cashSale = async () => {
    const sale = await rig.call<CheckoutResult>(
      'checkout.submit',
      order(
        [
          ['保溫杯', 2, 300],
          ['杯刷', 1, 60],
        ],
        [['cash', 660]],
      ),
    );
    expect(sale.state).toBe('issued');
    return sale;
  };
  /** `returns.submit` of a 改開 to a business invoice with this tax ID. */
  const reissueWith = (orderNo: string, buyerTaxId: string) => ({
    kind: 'void-and-reissue',
    orderNo,
    invoice: { kind: 'business', buyerTaxId, buyerTitle: '好公司' },
    reason: '改統編',
    pin: PIN,
    by: '王店長',
  });
  const expectedCash = async () =>
    (
      await rig.call<{ sales: { expectedCash: number } }>('journal.summary', {
        businessDay: taipeiBusinessDay(new Date()),
      })
    ).sales.expectedCash;
  const voidStateOf = async (orderNo: string) =>
    (await rig.call<Found>('returns.find', { by: 'order', orderNo })).matches[0]!.voidState;

  it('item 1: a reissue with a wrong tax ID is refused before the void: nothing sent, printed or opened', async () => {
    const sale = await cashSale();
    const from = rig.printedCount();
    const head = await rig.head();
    const refused = await rig.refusal('returns.submit', reissueWith(sale.orderNo, '11111111'));
    expect(refused.code).toBe('invalid-order');
    expect(refused.message.zh).toContain('統一編號');
    expect(await voidStateOf(sale.orderNo)).toBe('none');
    expect(rig.printedSince(from)).toEqual([]);
    // Nothing of the return reached the journal.
    expect(await rig.head()).toBe(head);
  });

  it('item 1: a 改開 of a cash sale moves no money: no drawer kick for the void or for the new sale', async () => {
    const sale = await cashSale();
    const from = rig.printedCount();
    const cashBefore = await expectedCash();
    const result = await rig.call<ReturnResult>('returns.submit', reissueWith(sale.orderNo, '04595252'));
    expect(result).toMatchObject({ kind: 'void', state: 'done' });
    expect(result.reissue).toMatchObject({ state: 'issued' });
    const jobs = rig.printedSince(from);
    expect(textOf(jobs)).toContain('發票作廢通知');
    expect(textOf(jobs)).toContain('04595252');
    expect(kicks(jobs)).toBe(0);
    // Nothing goes back to the customer, and the drawer's expected cash is what it was.
    expect(result.refunds).toEqual([]);
    expect(await expectedCash()).toBe(cashBefore);
  });

  it('item 2: a 改開 whose void is 待確認 owes the reissue, and issues it once the void stands', async () => {
    const sale = await cashSale();
    await rig.call('training.drill', { drill: 'lost-answer', pin: PIN, by: '王店長' });
    const from = rig.printedCount();
    const first = await rig.call<ReturnResult>('returns.submit', reissueWith(sale.orderNo, '04595252'));
    expect(first.state).toBe('needs-verification');
    expect(first.reissue).toBeNull();
    expect(first.message.zh).toContain('改開');
    // Owed from the moment the void was sent: listed with what waits for verification.
    const owed = (await rig.call<Pending>('returns.pending', {})).items.find(
      (item) => item.returnId === first.returnId,
    );
    expect(owed).toMatchObject({ state: 'needs-verification', reissueOwed: true });

    const settled = await rig.call<ReturnResult>('returns.status', {
      returnId: first.returnId,
      resend: false,
      pin: PIN,
      by: '王店長',
    });
    expect(settled.state).toBe('done');
    expect(settled.reissue).toMatchObject({ state: 'issued' });
    expect(settled.reissue!.orderNo).not.toBe(sale.orderNo);
    const reissued = (
      await rig.call<Found>('returns.find', { by: 'order', orderNo: settled.reissue!.orderNo })
    ).matches[0]!;
    expect(reissued.buyerTaxId).toBe('04595252');
    expect(reissued.totalAmount).toBe(660);
    // No longer owed; the drawer never opened.
    const after = (await rig.call<Pending>('returns.pending', {})).items;
    expect(after.some((item) => item.returnId === first.returnId)).toBe(false);
    expect(kicks(rig.printedSince(from))).toBe(0);
    // Asking again issues nothing more.
    const again = await rig.call<ReturnResult>('returns.status', {
      returnId: first.returnId,
      resend: false,
      pin: PIN,
      by: '王店長',
    });
    expect(again.reissue).toBeNull();
    const verified = await rig.call<{ ok: boolean }>('journal.verify', {});
    expect(verified.ok).toBe(true);
  });

  it('item 4: 補印 of a voided invoice is refused with the reason, and nothing prints', async () => {
    const sale = await cashSale();
    const voided = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void',
      orderNo: sale.orderNo,
      reason: '客人退貨',
      pin: PIN,
      by: '王店長',
    });
    expect(voided.state).toBe('done');
    const from = rig.printedCount();
    const refused = await rig.refusal('printing.reprint', {
      orderNo: sale.orderNo,
      by: '王店長',
      reason: '顧客遺失',
      pin: PIN,
    });
    expect(refused.message.zh).toContain('已作廢');
    expect(refused.message.en).toContain('voided');
    const jobs = rig.printedSince(from);
    expect(jobs.flatMap((job) => job.barcodes)).toEqual([]);
    expect(textOf(jobs)).not.toContain('電子發票證明聯');
  });
});

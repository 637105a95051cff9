import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalDetail, JournalListItem } from '../../../src/shared/ipc/contract/journal';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { order, PIN, useShiftRig } from '../shifts/harness';

/**
 * Issue 24, item 1, through the core as the hosts run it (the training service over real HTTP,
 * the journal in real SQLite): the journal's list and detail say what each invoice is NOW. Before,
 * every one of these sales was listed as `issued` (已開立), the filter knew only the sale states.
 */
describe('the journal lists each invoice as it stands now', () => {
  const rig = useShiftRig('journal-invoice-status');
  const businessDay = taipeiBusinessDay(new Date());
  const sell = async () => {
    const sale = await rig.call<CheckoutResult>(
      'checkout.submit',
      order(
        [
          ['保溫杯', 1, 300],
          ['杯刷', 1, 60],
        ],
        [['cash', 360]],
      ),
    );
    expect(sale.state).toBe('issued');
    return sale;
  };
  const supervisor = { reason: '客人退貨', pin: PIN, by: '王店長' };
  const list = (status?: string) =>
    rig.call<JournalListItem[]>('journal.list', { businessDay, ...(status ? { status } : {}) });
  const rowOf = async (orderNo: string) => (await list()).find((item) => item.orderNo === orderNo)!;
  const ordersUnder = async (status: string) => (await list(status)).map((item) => item.orderNo);

  let untouched: CheckoutResult;
  let voided: CheckoutResult;
  let allowed: CheckoutResult;
  let reissued: CheckoutResult;
  let newSale = '';
  let unsure: CheckoutResult;

  it('a sale, a void, an allowance, a 改開 and a void without an answer', async () => {
    untouched = await sell();
    voided = await sell();
    allowed = await sell();
    reissued = await sell();
    unsure = await sell();
    expect(
      await rig.call<ReturnResult>('returns.submit', {
        kind: 'void',
        orderNo: voided.orderNo,
        ...supervisor,
      }),
    ).toMatchObject({ state: 'done' });
    expect(
      await rig.call<ReturnResult>('returns.submit', {
        kind: 'allowance',
        orderNo: allowed.orderNo,
        items: [{ sequence: '002', quantity: 1 }],
        ...supervisor,
      }),
    ).toMatchObject({ state: 'done', totalAmount: 60 });
    const reissue = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void-and-reissue',
      orderNo: reissued.orderNo,
      invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
      ...supervisor,
      reason: '改統編',
    });
    expect(reissue.reissue).toMatchObject({ state: 'issued' });
    newSale = reissue.reissue!.orderNo;
    await rig.call('training.drill', { drill: 'lost-answer', pin: PIN, by: '王店長' });
    expect(
      await rig.call<ReturnResult>('returns.submit', {
        kind: 'void',
        orderNo: unsure.orderNo,
        ...supervisor,
      }),
    ).toMatchObject({ state: 'needs-verification' });
  });

  it('each row says what its invoice is now, and the sale states stay as they were', async () => {
    const rows = await list();
    // The sale's own state is unchanged: every one of them was issued.
    for (const orderNo of [untouched, voided, allowed, reissued, unsure].map((s) => s.orderNo))
      expect(rows.find((row) => row.orderNo === orderNo)!.state).toBe('issued');

    expect((await rowOf(untouched.orderNo)).invoiceStatus).toMatchObject({
      code: 'issued',
      hasReturns: false,
    });
    expect((await rowOf(voided.orderNo)).invoiceStatus).toMatchObject({ code: 'voided', hasReturns: true });
    expect((await rowOf(allowed.orderNo)).invoiceStatus).toMatchObject({ code: 'allowed', allowed: 60 });
    const made = await rowOf(newSale);
    expect(made.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect((await rowOf(reissued.orderNo)).invoiceStatus).toMatchObject({
      code: 'reissued',
      reissuedAs: { orderNo: newSale, invoiceNumber: made.invoiceNumber },
    });
    expect(made.invoiceStatus).toMatchObject({
      code: 'issued',
      reissueOf: { orderNo: reissued.orderNo, invoiceNumber: reissued.invoiceNumber },
    });
    expect((await rowOf(unsure.orderNo)).invoiceStatus.code).toBe('void-pending');
  });

  it('the filter lists 已作廢, 已折讓, 改開 and what waits for an answer', async () => {
    expect(await ordersUnder('issued')).toEqual([untouched.orderNo, newSale]);
    expect(await ordersUnder('voided')).toEqual([voided.orderNo, reissued.orderNo]);
    expect(await ordersUnder('allowed')).toEqual([allowed.orderNo]);
    expect(await ordersUnder('reissued')).toEqual([reissued.orderNo, newSale]);
    expect(await ordersUnder('returns-pending')).toEqual([unsure.orderNo]);
    expect(await ordersUnder('needs-verification')).toEqual([]);
    // The limit counts what is listed, not what was read before the rule.
    const first = await rig.call<JournalListItem[]>('journal.list', {
      businessDay,
      status: 'voided',
      limit: 1,
    });
    expect(first.map((item) => item.orderNo)).toEqual([voided.orderNo]);
  });

  it('the detail carries the same state: the voided invoice and the one still unconfirmed', async () => {
    const detail = await rig.call<JournalDetail>('journal.get', { orderNo: voided.orderNo });
    expect(detail.invoiceStatus.code).toBe('voided');
    const pending = await rig.call<JournalDetail>('journal.get', { orderNo: unsure.orderNo });
    expect(pending.invoiceStatus.code).toBe('void-pending');
    // Once the status query finds the void done, the invoice is voided.
    const returnId = (
      await rig.call<{ items: Array<{ returnId: number; orderNo: string }> }>('returns.pending', {})
    ).items.find((item) => item.orderNo === unsure.orderNo)!.returnId;
    await rig.call('returns.status', { returnId, resend: false, pin: PIN, by: '王店長' });
    expect((await rowOf(unsure.orderNo)).invoiceStatus.code).toBe('voided');
  });
});

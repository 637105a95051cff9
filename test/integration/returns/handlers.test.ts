import { describe, expect, it } from 'vitest';
import { TillError } from '../../../src/main/core/errors';
import { createReturnsHandlers } from '../../../src/main/returns/handlers';
import { ReturnResult, ReturnsFindResult, ReturnPlan } from '../../../src/shared/ipc/contract/returns';
import { supervisorWithPin, TEST_PIN } from '../settings/supervisor-fixture';
import { twoLineOrder, useReturnsRig } from './harness';

const ctx = { sender: 'test' } as never;

describe('returns handlers: find by scan, plan, and the supervisor PIN for every return', () => {
  const rig = useReturnsRig('returns-handlers');

  async function handlers() {
    const { gate } = await supervisorWithPin(rig.till.journal);
    return createReturnsHandlers({ engine: rig.till.returns, journal: rig.till.journal, supervisor: gate });
  }

  it('finds the sale by the proof barcode, the left QR text, invoice and order number', async () => {
    const h = await handlers();
    const sale = await rig.till.engine.submit(twoLineOrder());
    const tx = rig.till.journal.get(sale.orderNo)!;
    const barcode = `11504${tx.invoiceNumber}${tx.randomNumber}`;
    const qr = `${tx.invoiceNumber}1150401${tx.randomNumber}000000150000001500000000024549210ABCDEFGHIJKLMNOPQRSTUVWX`;
    for (const input of [
      { by: 'scan' as const, text: barcode },
      { by: 'scan' as const, text: qr },
      { by: 'scan' as const, text: `${tx.invoiceNumber!.slice(0, 2)}-${tx.invoiceNumber!.slice(2)}` },
      { by: 'invoice' as const, invoiceNumber: tx.invoiceNumber! },
      { by: 'order' as const, orderNo: sale.orderNo },
    ]) {
      const found = ReturnsFindResult.parse(await h['returns.find'](input, ctx));
      expect(found.matches.map((m) => m.orderNo)).toEqual([sale.orderNo]);
      expect(found.matches[0]!.lines).toHaveLength(2);
      expect(found.matches[0]!.withinVoidWindow).toBe(true);
    }
    const wrongRandom = `11504${tx.invoiceNumber}${tx.randomNumber === '0000' ? '0001' : '0000'}`;
    expect((await h['returns.find']({ by: 'scan', text: wrongRandom }, ctx)).matches).toEqual([]);
    const byDay = await h['returns.find'](
      { by: 'day-amount', businessDay: tx.businessDay, totalAmount: tx.totals.totalAmount },
      ctx,
    );
    expect(byDay.matches.map((m) => m.orderNo)).toContain(sale.orderNo);
    const plan = ReturnPlan.parse(await h['returns.plan']({ orderNo: sale.orderNo }, ctx));
    expect(plan.kind).toBe('void');
  });

  it('refuses every return without the right PIN and changes nothing; with it, records who', async () => {
    const h = await handlers();
    const sale = await rig.till.engine.submit(twoLineOrder());
    const entries = rig.till.journal.verifyChain().entries;
    const connections = rig.relay.connections();
    for (const pin of [undefined, '0000']) {
      const error = await h['returns.submit'](
        { kind: 'return', orderNo: sale.orderNo, reason: '退貨', pin, by: '小王' },
        ctx,
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TillError);
      expect((error as TillError).code).toMatch(/^pin-/);
    }
    expect(rig.relay.connections()).toBe(connections);
    expect(rig.till.journal.verifyChain().entries).toBe(entries);
    const done = ReturnResult.parse(
      await h['returns.submit'](
        { kind: 'return', orderNo: sale.orderNo, reason: '退貨', pin: TEST_PIN, by: '小王' },
        ctx,
      ),
    );
    expect(done.state).toBe('done');
    expect(rig.till.journal.getReturn(done.returnId)).toMatchObject({
      by: '小王',
      reason: '退貨',
      kind: 'void',
    });
    await expect(h['returns.status']({ returnId: done.returnId, resend: true }, ctx)).rejects.toBeInstanceOf(
      TillError,
    );
  });
});

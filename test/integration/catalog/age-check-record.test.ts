import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalDetail } from '../../../src/shared/ipc/contract/journal';
import type { DeclinedAgeCheck } from '../../../src/shared/ipc/contract/shifts';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { PIN, useShiftRig } from '../shifts/harness';

/**
 * Issue 24, item 10: a 菸酒 line's age check goes into the journal with the sale: who (the
 * signed-in cashier, as main knows them), when, which product and the
 * answer; the journal's sale detail gives it back. A line without it has none.
 */
describe('the age check of a 菸酒 product, recorded with the sale', () => {
  const rig = useShiftRig('catalog-age-check');

  it('keeps who confirmed, when, the product and the answer on the sale line', async () => {
    await rig.call('catalog.loadSample', { pin: PIN });
    const beer = await rig.call<{
      product: { code: string; name: string; price: number; ageCheck?: boolean };
    }>('catalog.lookup', { code: '4710088003898' });
    expect(beer.product).toMatchObject({ code: 'P017', name: '金牌台灣啤酒 330ml', ageCheck: true });

    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    const at = '2026-11-27T08:15:30.000Z';
    const sale = await rig.call<CheckoutResult>('checkout.submit', {
      lines: [
        {
          name: beer.product.name,
          quantity: 2,
          unitPrice: 40,
          taxType: 'taxable',
          ageCheck: { code: 'P017', answer: 'confirmed', at },
        },
        { name: '可口可樂 600ml', quantity: 1, unitPrice: 35, taxType: 'taxable' },
      ],
      payments: [{ method: 'cash', amount: 115 }],
      invoice: { kind: 'paper' },
    });
    expect(sale.state).toBe('issued');

    const detail = await rig.call<JournalDetail>('journal.get', { orderNo: sale.orderNo });
    expect(detail.transaction.lines[0]!.ageCheck).toEqual({
      code: 'P017',
      answer: 'confirmed',
      at,
      by: '王小明',
    });
    expect(detail.transaction.lines[1]!.ageCheck).toBeUndefined();
  });

  it('refuses an age check that is not a confirmation: a sale is never recorded as sold to a minor', async () => {
    const refused = await rig.refusal('checkout.submit', {
      lines: [
        {
          name: '金牌台灣啤酒 330ml',
          quantity: 1,
          unitPrice: 40,
          taxType: 'taxable',
          ageCheck: { code: 'P017', answer: 'refused', at: '2026-11-27T08:15:30.000Z' },
        },
      ],
      payments: [{ method: 'cash', amount: 40 }],
      invoice: { kind: 'paper' },
    });
    expect(refused.code).toBe('invalid-input');
  });

  it('records a declined check (不販售 / Esc) as a counter record: who, when, the product, declined', async () => {
    // The cashier A01 (王小明) is signed in from the first test.
    const before = await rig.head();
    const declined = await rig.call<{ id: number; at: string }>('counter.ageCheckDeclined', {
      code: 'P017',
      product: '金牌台灣啤酒 330ml',
    });
    expect(declined.id).toBe(before + 1);

    // Read back from the journal file itself: a chained entry of its own, no sale.
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    const rows = db
      .prepare(`SELECT id, at, order_no, payload FROM entries WHERE kind = 'counter.age-check-declined'`)
      .all() as { id: number; at: string; order_no: string | null; payload: string }[];
    db.close();
    expect(rows.map((row) => [row.id, row.at, row.order_no, JSON.parse(row.payload) as unknown])).toEqual([
      [
        declined.id,
        declined.at,
        null,
        {
          tillId: expect.any(String) as string,
          businessDay: taipeiBusinessDay(new Date(declined.at)),
          training: true,
          code: 'P017',
          product: '金牌台灣啤酒 330ml',
          answer: 'declined',
          cashierId: 'A01',
          name: '王小明',
        },
      ],
    ]);
    // The journal's 年齡確認 list of the day gives it back.
    const list = await rig.call<DeclinedAgeCheck[]>('counter.ageChecksDeclined', {
      businessDay: taipeiBusinessDay(new Date(declined.at)),
    });
    expect(list).toEqual([
      {
        id: declined.id,
        at: declined.at,
        code: 'P017',
        product: '金牌台灣啤酒 330ml',
        training: true,
        name: '王小明',
      },
    ]);
  });

  it('refuses a declined check while nobody is signed in: who declined is always known', async () => {
    await rig.call('session.signOut');
    const refused = await rig.refusal('counter.ageCheckDeclined', {
      code: 'P017',
      product: '金牌台灣啤酒 330ml',
    });
    expect(refused.code).toBe('till-locked');
  });
});

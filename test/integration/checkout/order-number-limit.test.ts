import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TillError } from '../../../src/main/core/errors';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { openTill, paperOrder, useCheckoutRig } from './harness';

/**
 * A sale when the till has used every order number of the business day (9,999,999, the
 * journal's daily limit): refused with the reason before anything is written or sent, the counter
 * untouched, and the till sells again the next business day. The counter is set on the journal
 * file directly: handing out ten million numbers would take minutes.
 */
describe('checkout at the order-number daily limit', () => {
  const rig = useCheckoutRig('checkout-order-limit');

  it('the last number sells; the next sale is refused bilingually, nothing written or sent', async () => {
    const dbPath = join(rig.dir, 'limit.sqlite');
    const now = new Date();
    const day = taipeiBusinessDay(now);
    openTill({ dbPath, service: rig.service, tillId: 'T09' }).close();
    const db = new Database(dbPath);
    db.prepare('INSERT INTO order_counters (till_id, day, last_seq) VALUES (?, ?, ?)').run(
      'T09',
      day,
      9_999_998,
    );
    db.close();

    const till = openTill({
      dbPath,
      service: rig.service,
      url: rig.relay.url,
      tillId: 'T09',
      now: () => now,
    });
    try {
      const last = await till.engine.submit(paperOrder());
      expect(last).toMatchObject({ state: 'issued', orderNo: `T09-${day.replace(/-/g, '')}-9999999` });
      expect((await rig.svc.lookup(last.orderNo)).InvoiceNumber).toBe(last.invoiceNumber);

      const before = rig.relay.connections();
      const entries = till.journal.verifyChain().entries;
      const refused = await till.engine.submit(paperOrder()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TillError);
      expect((refused as TillError).bilingual).toEqual({
        zh: '收銀機 T09 今日的訂單編號已用完',
        en: `Till T09 has used every order number for ${day}`,
      });
      expect(rig.relay.connections(), 'nothing sent').toBe(before);
      expect(till.journal.verifyChain().entries, 'nothing journaled').toBe(entries);
      expect(till.journal.counts().inFlight).toBe(0);
    } finally {
      till.close();
    }
    // The next business day (24 h later in Taipei) starts again at 000001.
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const nextDay = openTill({ dbPath, service: rig.service, tillId: 'T09', now: () => tomorrow });
    try {
      expect(nextDay.journal.nextOrderNo('T09', tomorrow)).toBe(
        `T09-${taipeiBusinessDay(tomorrow).replace(/-/g, '')}-000001`,
      );
    } finally {
      nextDay.close();
    }
  });
});

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRAINING_DRILL_TEXT } from '../../../src/shared/domain/training-drills';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { TrainingDrillResult } from '../../../src/shared/ipc/contract/training';
import { openTestCore } from '../../support/test-core';
import { paperOrder } from '../checkout/harness';

/**
 * The outage drill (issue 27): in training mode a supervisor makes the embedded service
 * unreachable for N minutes, with the PIN like the other drills and a journal record of it; the
 * till then goes through what a real outage does: sales not delivered, then issued offline with
 * the till's own numbers.
 */
describe('the outage drill in training mode', () => {
  const PIN = '2468';
  const till = openTestCore('invoice-mode-outage-drill', {
    pin: PIN,
    before: ({ settings }) => settings.update({ invoiceModeGroup: 'DRILL1', invoiceModeSegmentSize: 10 }),
  });

  it('needs the PIN; armed, the service refuses connections and the next sales are issued offline', async () => {
    await till.core.runBackgroundNow('invoice-mode-top-up');
    expect((await till.call<AppStatus>('app.status')).invoiceMode?.numbersLeft).toBe(10);

    const wrong = await till.dispatch('training.drill', { drill: 'outage', minutes: 1, pin: '1111' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'pin-wrong' } });
    const tooLong = await till.dispatch('training.drill', { drill: 'outage', minutes: 121, pin: PIN });
    expect(tooLong.ok).toBe(false);
    expect((await till.call<CheckoutResult>('checkout.submit', paperOrder())).state).toBe('issued');

    const armed = await till.call<TrainingDrillResult>('training.drill', {
      drill: 'outage',
      minutes: 1,
      pin: PIN,
      by: '陳店長',
    });
    expect(armed).toMatchObject({ drill: 'outage', ...TRAINING_DRILL_TEXT.outage });

    const first = await till.call<CheckoutResult>('checkout.submit', paperOrder(120));
    expect(first).toMatchObject({ state: 'issued', offline: { numbersLeft: 9 } });
    const second = await till.call<CheckoutResult>('checkout.submit', paperOrder(130));
    expect(second).toMatchObject({ state: 'issued', offline: { numbersLeft: 8 } });
    expect((await till.call<AppStatus>('app.status')).invoiceMode).toMatchObject({
      mode: 'offline',
      waitingUpload: 2,
    });

    // Who armed it, when, for how long: a supervisor action in the journal.
    const db = new Database(join(till.dir, 'journal.sqlite'), { readonly: true });
    const actions = db
      .prepare(
        `SELECT payload ->> '$.by' AS by, payload ->> '$.detail.minutes' AS minutes FROM entries
          WHERE kind = 'supervisor.action' AND payload ->> '$.action' = 'training.drill'`,
      )
      .all();
    db.close();
    expect(actions).toEqual([{ by: '陳店長', minutes: 1 }]);
  });
});

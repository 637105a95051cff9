import { describe, expect, it } from 'vitest';
import { paperOrder, phoneOrder, useCheckoutRig } from '../checkout/harness';

/**
 * Issue 26: a sale's path makes at most two durable commits (fsyncs under synchronous=FULL): the
 * write-ahead (order number, sale in flight, first timestamp) and the outcome (last exchange and
 * state). Counted, not timed, so that a third cannot creep back in unnoticed.
 */
describe('durable commits per sale', () => {
  const rig = useCheckoutRig('provider-ops-commits');

  it('an issued sale, a rejected one and a resubmission each commit twice', async () => {
    const { journal, engine } = rig.till;
    for (const order of [paperOrder(), phoneOrder()]) {
      const before = journal.durableCommits();
      const result = await engine.submit(order);
      expect(result.state).toBe('issued');
      expect(journal.durableCommits() - before).toBe(2);
    }

    await rig.svc.fault('status-0', 1);
    let before = journal.durableCommits();
    const refused = await engine.submit(paperOrder());
    expect(refused.state).toBe('rejected');
    expect(journal.durableCommits() - before).toBe(2);

    before = journal.durableCommits();
    const resent = await engine.resubmit(refused.orderNo, { by: '店長' });
    expect(resent.state).toBe('issued');
    expect(journal.durableCommits() - before).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHangingChild } from './child';
import { beginSale, ISSUE, tempJournal } from './fixtures';

describe('startup recovery', () => {
  let env: ReturnType<typeof tempJournal>;
  beforeEach(() => {
    env = tempJournal('recovery');
  });
  afterEach(() => env.cleanup());

  it('turns a sale left in flight by a killed process into needs-verification, recorded as an event', async () => {
    const child = await startHangingChild(env.path);
    await child.kill(); // SIGKILL: no close, no checkpoint, the WAL holds the sale

    const journal = env.open({ now: () => new Date('2026-11-22T04:00:00Z') });
    expect(journal.get(child.orderNo)!.state).toBe('in-flight');
    const recovered = journal.recoverInFlight();
    expect(recovered.map((tx) => [tx.orderNo, tx.state])).toEqual([[child.orderNo, 'needs-verification']]);
    const last = journal.detail(child.orderNo)!.entries.at(-1)!;
    expect(last).toMatchObject({ kind: 'tx.recovered', at: '2026-11-22T04:00:00.000Z' });
    expect(last.payload).toMatchObject({ from: 'in-flight', state: 'needs-verification' });
    expect(journal.pending().map((tx) => tx.orderNo)).toEqual([child.orderNo]);
    expect(journal.verifyChain().ok).toBe(true);
  });

  it('touches only in-flight sales and is idempotent across restarts', () => {
    let journal = env.open();
    const inFlight = beginSale(journal);
    const issued = beginSale(journal);
    journal.markIssued(issued, ISSUE);
    const rejected = beginSale(journal);
    journal.markRejected(rejected, { statusCode: 0, resultMessage: 'bad' });
    journal.close();

    journal = env.open();
    expect(journal.recoverInFlight().map((tx) => tx.orderNo)).toEqual([inFlight]);
    journal.close();
    journal = env.open();
    expect(journal.recoverInFlight()).toEqual([]);
    expect(journal.get(issued)!.state).toBe('issued');
    expect(journal.get(rejected)!.state).toBe('rejected');
    expect(journal.detail(inFlight)!.entries.filter((e) => e.kind === 'tx.recovered')).toHaveLength(1);
  });
});

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useClosing } from '../../../src/renderer/src/closing/closing-store';
import { useJournal } from '../../../src/renderer/src/journal/journal-store';
import type { TillBridge } from '../../../src/shared/ipc/bridge';
import type {
  JournalDetail,
  JournalListItem,
  JournalSummary,
} from '../../../src/shared/ipc/contract/journal';

/**
 * The journal's and the closing's stores against a bridge whose answers the test hands back in the order it
 * chooses: on a busy machine, or with a big day beside a small one, they do not come back in the
 * order they were asked.
 */
interface Asked {
  method: string;
  input: Record<string, unknown>;
  answer(value: unknown): void;
}
const asked: Asked[] = [];
const bridge: TillBridge = {
  call: ((method: string, input: Record<string, unknown>) =>
    new Promise<unknown>((resolve) => {
      asked.push({ method, input, answer: (value) => resolve({ ok: true, value }) });
    })) as TillBridge['call'],
  on: () => () => undefined,
};
const globals = globalThis as { window?: unknown };
const hadWindow = 'window' in globals;
globals.window = { till: bridge };
afterAll(() => {
  if (!hadWindow) delete globals.window;
});

const journal = () => useJournal.getState();
const item = (orderNo: string) => ({ orderNo }) as unknown as JournalListItem;
const detail = (orderNo: string) => ({ transaction: { orderNo } }) as unknown as JournalDetail;
const take = (method: string, key: string, value: string): Asked => {
  const index = asked.findIndex((a) => a.method === method && a.input[key] === value);
  expect(index, `${method} asked with ${key} ${value}`).toBeGreaterThanOrEqual(0);
  return asked.splice(index, 1)[0]!;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the journal store, when answers come back out of order', () => {
  beforeEach(() => {
    asked.length = 0;
    useJournal.setState({ items: [], selected: null, businessDay: '2026-11-20', stateFilter: 'all' });
  });

  it('lists the day picked last, though the day picked before answers later', async () => {
    journal().setDay('2026-11-21');
    journal().setDay('2026-11-22');
    take('journal.list', 'businessDay', '2026-11-22').answer([item('B-22')]);
    await settle();
    take('journal.list', 'businessDay', '2026-11-21').answer([item('A-21')]);
    await settle();
    expect(journal().items.map((i) => i.orderNo)).toEqual(['B-22']);
    expect(journal().loading).toBe(false);
  });

  it('in order, each answer shows as it comes (the newest last)', async () => {
    journal().setDay('2026-11-21');
    take('journal.list', 'businessDay', '2026-11-21').answer([item('A-21')]);
    await settle();
    expect(journal().items.map((i) => i.orderNo)).toEqual(['A-21']);
    journal().setStateFilter('issued');
    take('journal.list', 'status', 'issued').answer([item('A-21')]);
    await settle();
    expect(journal().items.map((i) => i.orderNo)).toEqual(['A-21']);
  });

  it('shows the sale clicked last, and no sale of the day left behind', async () => {
    void journal().select('ORDER-1');
    void journal().select('ORDER-2');
    take('journal.get', 'orderNo', 'ORDER-2').answer(detail('ORDER-2'));
    await settle();
    take('journal.get', 'orderNo', 'ORDER-1').answer(detail('ORDER-1'));
    await settle();
    expect(journal().selected?.transaction.orderNo).toBe('ORDER-2');

    // A sale clicked, then another day picked before its detail came: the detail is dropped.
    void journal().select('ORDER-3');
    journal().setDay('2026-11-19');
    take('journal.get', 'orderNo', 'ORDER-3').answer(detail('ORDER-3'));
    await settle();
    expect(journal().selected).toBeNull();
  });
});

describe('the closing store, when answers come back out of order', () => {
  beforeEach(() => {
    asked.length = 0;
    useClosing.setState({ summary: null, businessDay: '2026-11-20' });
  });

  it('shows the summary of the day picked last, never the one picked before it', async () => {
    const summary = (businessDay: string) => ({ businessDay }) as unknown as JournalSummary;
    useClosing.getState().setDay('2026-11-21');
    useClosing.getState().setDay('2026-11-22');
    take('journal.summary', 'businessDay', '2026-11-22').answer(summary('2026-11-22'));
    await settle();
    take('journal.summary', 'businessDay', '2026-11-21').answer(summary('2026-11-21'));
    await settle();
    expect(useClosing.getState().summary?.businessDay).toBe('2026-11-22');
  });
});

import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { createShiftsEngine } from '../../../src/main/shifts/engine';
import { beginSale, issuedSale, NOON_TAIPEI, tempJournal } from './fixtures';

/**
 * The journal's side of shifts (schema 8): cashier, session, shift and Z entries are chained
 * entries with no order number whose payloads the journal checks; nothing is derived from them
 * into a table, so the chain check replays nothing new and an edit of one breaks the chain like
 * any other; the file itself refuses a second Z report of a day and a shift number used twice.
 */
const opened = (number: number, businessDay = '2026-11-22') => ({
  tillId: 'T01',
  businessDay,
  number,
  training: false,
  cashierId: 'A01',
  name: '王小明',
  float: { '100': 10 },
  floatAmount: 1000,
});

describe('shift entries in the journal', () => {
  let fixture: ReturnType<typeof tempJournal>;
  afterEach(() => fixture.cleanup());

  const engineOver = (journal: Journal) =>
    createShiftsEngine({ journal, tillId: () => 'T01', training: () => false, now: () => NOON_TAIPEI });

  it('chains them with no order number, and the full and keyed chain checks pass', () => {
    fixture = tempJournal('shift-entries');
    const journal = fixture.open({ chainKey: randomBytes(32), now: () => NOON_TAIPEI });
    const engine = engineOver(journal);
    const cashier = { id: 'A01', name: '王小明', active: true, supervisor: false };
    journal.appendShiftEntry('cashier.saved', {
      cashierId: 'A01',
      name: '王小明',
      active: true,
      supervisor: false,
      pinChanged: true,
      by: 'supervisor',
    });
    engine.open({ '100': 10 }, cashier);
    issuedSale(journal, 'AB12345678', { payments: [{ method: 'cash', amount: 150 }] });
    const pending = beginSale(journal, { total: 80, payments: [{ method: 'card', amount: 80 }] }); // left in flight
    expect(() => engine.close({ count: {}, otherCounted: [], cashier })).toThrow(/being sent/);
    journal.recoverInFlight(); // as at a restart: in flight → needs verification
    engine.cashMovement({ kind: 'paid-out', amount: 50, reason: '文具', by: 'supervisor', cashier });
    const closed = engine.close({ count: { '100': 11 }, otherCounted: [], cashier });
    expect(closed.figures).toMatchObject({ expectedCash: 1000 + 150 - 50, pending: 1 });
    expect(closed.reconciliation![0]).toEqual({
      method: 'cash',
      expected: 1100,
      counted: 1100,
      overShort: 0,
    });
    // The Z report waits until nothing of the day is 待確認 (issue 22): the sale settled, it is made.
    expect(() => engine.zReport('2026-11-22', 'supervisor')).toThrow(/1 sale or return to verify/);
    journal.resolve(pending, { outcome: 'not-issued', by: 'supervisor' });
    expect(engine.zReport('2026-11-22', 'supervisor')).toMatchObject({ number: 1, shifts: [{ number: 1 }] });

    const rows = new Database(fixture.path, { readonly: true })
      .prepare(
        `SELECT kind, order_no FROM entries WHERE kind LIKE 'shift.%' OR kind LIKE 'day.%' OR kind LIKE 'cashier.%'`,
      )
      .all() as { kind: string; order_no: string | null }[];
    expect(rows.map((row) => row.kind)).toEqual([
      'cashier.saved',
      'shift.opened',
      'shift.cash-movement',
      'shift.closed',
      'day.z-report',
    ]);
    expect(rows.every((row) => row.order_no === null)).toBe(true);
    expect(journal.verifyChain()).toMatchObject({ ok: true, hmac: 'checked' });
    expect(journal.verifyChainTail()).toMatchObject({ ok: true });
  });

  it('refuses a malformed payload with a bilingual reason and writes nothing', () => {
    fixture = tempJournal('shift-entries-bad');
    const journal = fixture.open({ now: () => NOON_TAIPEI });
    const head = journal.chainHead();
    expect(() => journal.appendShiftEntry('shift.opened', { ...opened(1), floatAmount: -1 })).toThrow(
      /shift\.opened is malformed/,
    );
    expect(() => journal.appendShiftEntry('shift.opened', { ...opened(1), float: { '100': -1 } })).toThrow(
      expect.objectContaining({
        code: 'journal-invalid',
        bilingual: expect.objectContaining({ zh: expect.stringContaining('資料不正確') }),
      }),
    );
    expect(() =>
      journal.appendShiftEntry('cashier.saved', {
        cashierId: 'A 1',
        name: '王\u001bp',
        active: true,
        supervisor: false,
        pinChanged: false,
        by: 'x',
      }),
    ).toThrow(/malformed/);
    expect(journal.chainHead()).toEqual(head);
  });

  it('the file refuses a second Z report of a day and a shift number used twice, even around the till', () => {
    fixture = tempJournal('shift-entries-unique');
    const journal = fixture.open({ now: () => NOON_TAIPEI });
    journal.appendShiftEntry('shift.opened', opened(1));
    expect(() => journal.appendShiftEntry('shift.opened', opened(1))).toThrow(/UNIQUE/);
    journal.appendShiftEntry('shift.opened', opened(1, '2026-11-23')); // another day: its own numbers
    const z = (number: number, businessDay: string, training = false) => ({
      tillId: 'T01',
      businessDay,
      number,
      training,
      madeBy: 'supervisor',
      chainHead: journal.chainHead(),
      shiftIds: [],
      figures: {
        float: 0,
        sales: { count: 0, amount: 0 },
        returns: { count: 0, amount: 0 },
        net: [],
        paidIn: 0,
        paidOut: 0,
        cashDrops: 0,
        expectedCash: 0,
        pending: 0,
      },
      invoices: [],
      reconciliation: [],
    });
    journal.appendShiftEntry('day.z-report', z(1, '2026-11-22'));
    const head = journal.chainHead();
    expect(() => journal.appendShiftEntry('day.z-report', z(2, '2026-11-22'))).toThrow(/UNIQUE/);
    expect(() => journal.appendShiftEntry('day.z-report', z(1, '2026-11-23'))).toThrow(/UNIQUE/);
    expect(journal.chainHead()).toEqual(head);
    // Training keeps its own Z numbers and days.
    journal.appendShiftEntry('day.z-report', z(1, '2026-11-22', true));
    expect(journal.verifyChain()).toMatchObject({ ok: true });
  });

  it('an edited shift entry breaks the chain like any other entry', () => {
    fixture = tempJournal('shift-entries-edit');
    const journal = fixture.open({ now: () => NOON_TAIPEI });
    const entry = journal.appendShiftEntry('shift.opened', opened(1));
    journal.close();
    const raw = new Database(fixture.path);
    raw.exec('DROP TRIGGER entries_no_update');
    raw
      .prepare('UPDATE entries SET payload = ? WHERE id = ?')
      .run(JSON.stringify({ ...opened(1), floatAmount: 9000 }), entry.entryId);
    raw.close();
    const reopened = fixture.open();
    expect(reopened.verifyChain()).toMatchObject({ ok: false, brokenEntryId: entry.entryId });
    // What no longer parses is left out rather than guessed at.
    expect(reopened.shiftEntries({ kinds: ['shift.opened'] })).toHaveLength(1);
  });
});

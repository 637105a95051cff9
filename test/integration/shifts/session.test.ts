import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { SessionView } from '../../../src/shared/ipc/contract/shifts';
import { order, PIN, useShiftRig } from './harness';

const MINUTE = 60_000;
const sale = () => order([['可樂', 1, 30]], [['cash', 30]]);

/** The journal's entries of a kind, read from the file as anyone would (never through the till). */
const entriesOf = (dir: string, kind: string) => {
  const db = new Database(join(dir, 'journal.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT payload FROM entries WHERE kind = ? ORDER BY id').all(kind) as { payload: string }[]
    ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);
  } finally {
    db.close();
  }
};

describe('without cashiers the till works as before', () => {
  const rig = useShiftRig('shifts-none');

  it('sells without a sign-in or a shift, with the cashier name the screen sends', async () => {
    expect(SessionView.parse(await rig.call('session.current'))).toMatchObject({
      cashier: null,
      locked: false,
      lockReason: null,
      shift: null,
      cashiersConfigured: false,
      idleLockMinutes: 10,
    });
    const result = await rig.call<CheckoutResult>('checkout.submit', { ...sale(), cashier: 'Amy' });
    expect(result.state).toBe('issued');
    const items = await rig.call<Array<{ orderNo: string; cashier: string | null }>>('journal.list', {
      businessDay: taipeiBusinessDay(new Date()),
    });
    expect(items.find((item) => item.orderNo === result.orderNo)?.cashier).toBe('Amy');
    // Idle time does nothing without cashiers.
    rig.advance(600 * MINUTE);
    expect((await rig.call<CheckoutResult>('checkout.submit', sale())).state).toBe('issued');
    expect(AppStatus.parse(await rig.call('app.status'))).toMatchObject({ cashier: null, locked: false });
    // Shifts belong to cashiers: the supervisor adds one first.
    expect((await rig.refusal('shift.open', { float: { '100': 1 } })).code).toBe('cashier-required');
  });
});

describe('signing in, the idle lock and who is recorded', () => {
  const rig = useShiftRig('shifts-session');

  it('keeps PIN hashes in main: never in the list, the journal or in plain text on disk', async () => {
    const refused = await rig.refusal('cashiers.save', {
      cashier: { id: 'A01', name: '王小明', pin: '1357' },
    });
    expect(refused.code).toBe('pin-required');
    expect(
      (await rig.refusal('cashiers.save', { cashier: { id: 'A01', name: '王小明' }, pin: PIN })).code,
    ).toBe('cashier-pin-required');
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1357' }, pin: PIN });
    await rig.call('cashiers.save', { cashier: { id: 'B02', name: '李小華', pin: '8642' }, pin: PIN });
    await rig.call('cashiers.save', {
      cashier: { id: 'M01', name: '陳店長', pin: '9753', supervisor: true },
      pin: PIN,
    });
    // Names must tell the cashiers apart.
    expect(
      (
        await rig.refusal('cashiers.save', {
          cashier: { id: 'C03', name: ' 王小明 ', pin: '1111' },
          pin: PIN,
        })
      ).code,
    ).toBe('cashier-name-taken');
    expect(await rig.call('cashiers.list')).toEqual([
      { id: 'A01', name: '王小明', active: true, supervisor: false },
      { id: 'B02', name: '李小華', active: true, supervisor: false },
      { id: 'M01', name: '陳店長', active: true, supervisor: true },
    ]);
    const saved = entriesOf(rig.dir, 'cashier.saved');
    expect(saved).toHaveLength(3);
    expect(JSON.stringify(saved)).not.toMatch(/scrypt|1357|9753/);
    expect(saved[0]).toEqual({
      cashierId: 'A01',
      name: '王小明',
      active: true,
      supervisor: false,
      pinChanged: true,
      by: 'supervisor',
    });
    const secretsFile = readFileSync(join(rig.dir, 'secrets.json'), 'utf8');
    expect(secretsFile).toContain('cashierPinHashes');
    expect(secretsFile).not.toMatch(/scrypt|1357/);
  });

  it('a locked till refuses sales, returns, the drawer and shifts until a cashier signs in', async () => {
    expect(AppStatus.parse(await rig.call('app.status'))).toMatchObject({ cashier: null, locked: true });
    const before = await rig.head();
    for (const [method, payload] of [
      ['checkout.submit', sale()],
      ['printing.openDrawer', { pin: PIN }],
      ['returns.submit', { kind: 'void', orderNo: 'T01-X', reason: '測試', pin: PIN }],
      ['shift.open', { float: {} }],
    ] as const) {
      const refused = await rig.refusal(method, payload);
      expect(refused.code, method).toBe('till-locked');
      expect(refused.message.zh, method).toContain('PIN 登入');
    }
    expect(await rig.head()).toBe(before);
  });

  it('signs in with the cashier’s PIN; a wrong one is refused', async () => {
    expect((await rig.refusal('session.signIn', { cashierId: 'A01', pin: '0000' })).code).toBe('pin-wrong');
    expect((await rig.refusal('session.signIn', { cashierId: 'ZZZ', pin: '1357' })).code).toBe('pin-wrong');
    const session = SessionView.parse(await rig.call('session.signIn', { cashierId: 'A01', pin: '1357' }));
    expect(session).toMatchObject({ cashier: { id: 'A01' }, locked: false, lockReason: null });
    await rig.call('shift.open', { float: { '100': 10 } });
  });

  it('fills the sale’s cashier from the session and refuses another name', async () => {
    const mismatch = await rig.refusal('checkout.submit', { ...sale(), cashier: 'Amy' });
    expect(mismatch.code).toBe('cashier-mismatch');
    expect(mismatch.message.en).toContain('"Amy"');
    const named = await rig.call<CheckoutResult>('checkout.submit', { ...sale(), cashier: '王小明' });
    const unnamed = await rig.call<CheckoutResult>('checkout.submit', sale());
    const byId = await rig.call<CheckoutResult>('checkout.submit', { ...sale(), cashier: 'A01' });
    const items = await rig.call<Array<{ orderNo: string; cashier: string | null }>>('journal.list', {
      businessDay: taipeiBusinessDay(new Date()),
    });
    for (const result of [named, unnamed, byId]) {
      expect(items.find((item) => item.orderNo === result.orderNo)?.cashier).toBe('王小明');
    }
  });

  it('records the signed-in cashier for a drawer opened by hand', async () => {
    await rig.call('printing.openDrawer', { pin: PIN, by: '某人' });
    const actions = entriesOf(rig.dir, 'supervisor.action').filter(
      (a) => a.action === 'printing.open-drawer',
    );
    expect(actions.at(-1)).toMatchObject({ by: '王小明' });
  });

  it('locks after idleLockMinutes without activity; activity keeps it open; passive reads do not', async () => {
    await rig.call('settings.update', { patch: { idleLockMinutes: 2 }, pin: PIN });
    rig.advance(90_000);
    expect(await rig.call('session.activity')).toEqual({ locked: false });
    rig.advance(90_000);
    await rig.call('catalog.search', { query: '可樂', limit: 1 }); // any call is activity
    rig.advance(90_000);
    expect(AppStatus.parse(await rig.call('app.status')).locked).toBe(false);
    rig.advance(45_000); // 135 s since the search; the status read did not count
    expect(AppStatus.parse(await rig.call('app.status'))).toMatchObject({ cashier: null, locked: true });
    expect(rig.statuses.at(-1)).toMatchObject({ cashier: null, locked: true });
    const session = SessionView.parse(await rig.call('session.current'));
    expect(session).toMatchObject({ locked: true, lockReason: 'idle', idleLockMinutes: 2 });
    // The shift stays open for whoever signs in next.
    expect(session.shift).toMatchObject({ state: 'open', openedBy: '王小明' });
    const refused = await rig.refusal('checkout.submit', sale());
    expect(refused.code).toBe('till-locked');
    expect(refused.message.zh).toContain('閒置');
    expect(entriesOf(rig.dir, 'session.signed-out').at(-1)).toMatchObject({
      cashierId: 'A01',
      reason: 'idle',
    });
  });

  it('any cashier signs back in and sells in the open shift', async () => {
    await rig.call('session.signIn', { cashierId: 'B02', pin: '8642' });
    const result = await rig.call<CheckoutResult>('checkout.submit', sale());
    expect(result.state).toBe('issued');
    expect(AppStatus.parse(await rig.call('app.status')).cashier).toEqual({ id: 'B02', name: '李小華' });
  });

  it('after sign-out the till answers no reads: the journal, returns, shifts and prints wait for a sign-in', async () => {
    const day = taipeiBusinessDay(new Date());
    const [sold] = await rig.call<Array<{ orderNo: string }>>('journal.list', { businessDay: day });
    await rig.call('session.signOut');
    const printed = rig.printedCount();
    for (const [method, payload] of [
      ['journal.list', { businessDay: day }],
      ['journal.get', { orderNo: sold!.orderNo }],
      ['journal.summary', { businessDay: day }],
      ['returns.find', { by: 'order', orderNo: sold!.orderNo }],
      ['shift.list', { businessDay: day }],
      ['printing.testPrint', {}],
    ] as const) {
      const refused = await rig.refusal(method, payload);
      expect(refused.code, method).toBe('till-locked');
      expect(refused.message.zh, method).toContain('PIN 登入');
    }
    expect(rig.printedCount()).toBe(printed);
    // What the lock screen needs still answers.
    expect(SessionView.parse(await rig.call('session.current'))).toMatchObject({ locked: true });
    expect(await rig.call<Array<{ id: string }>>('cashiers.list')).toHaveLength(3);
    await rig.call('session.signIn', { cashierId: 'B02', pin: '8642' });
    expect(await rig.call<unknown[]>('shift.list', { businessDay: day })).toHaveLength(1);
  });

  it('a manager signed in passes supervisor acts with their own PIN; a plain cashier’s PIN does not', async () => {
    expect((await rig.refusal('printing.openDrawer', { pin: '8642' })).code).toBe('pin-wrong');
    await rig.call('session.signIn', { cashierId: 'M01', pin: '9753' });
    await rig.call('printing.openDrawer', { pin: '9753' });
    await rig.call('printing.openDrawer', { pin: PIN }); // the supervisor PIN still works
    const actions = entriesOf(rig.dir, 'supervisor.action').filter(
      (a) => a.action === 'printing.open-drawer',
    );
    expect(actions.slice(-2).map((a) => a.by)).toEqual(['陳店長', '陳店長']);
    // Settings still ask the supervisor PIN itself.
    expect((await rig.refusal('settings.update', { patch: { idleLockMinutes: 3 }, pin: '9753' })).code).toBe(
      'pin-wrong',
    );
  });

  it('deactivating the signed-in cashier signs them out; an inactive cashier cannot sign in', async () => {
    await rig.call('cashiers.save', {
      cashier: { id: 'M01', name: '陳店長', active: false, supervisor: true },
      pin: PIN,
    });
    expect(SessionView.parse(await rig.call('session.current'))).toMatchObject({
      cashier: null,
      locked: true,
    });
    expect(entriesOf(rig.dir, 'session.signed-out').at(-1)).toMatchObject({
      cashierId: 'M01',
      reason: 'deactivated',
    });
    expect((await rig.refusal('session.signIn', { cashierId: 'M01', pin: '9753' })).code).toBe(
      'cashier-inactive',
    );
  });

  it('five wrong cashier PINs lock the sign-in (the right PIN too), not the supervisor PIN', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await rig.refusal('session.signIn', { cashierId: 'A01', pin: '0000' })).code).toBe('pin-wrong');
    }
    const locked = await rig.refusal('session.signIn', { cashierId: 'B02', pin: '0000' });
    expect(locked.code).toBe('pin-wrong');
    const refused = await rig.refusal('session.signIn', { cashierId: 'A01', pin: '1357' });
    expect(refused.code).toBe('pin-locked');
    expect(refused.message.zh).toContain('收銀員 PIN 錯誤次數過多');
    expect(await rig.call('settings.verifyPin', { pin: PIN })).toEqual({ valid: true, pinSet: true });
    expect(JSON.parse(readFileSync(join(rig.dir, 'secrets.json'), 'utf8'))).toHaveProperty(
      'cashierPinLockout',
    );
  });
});

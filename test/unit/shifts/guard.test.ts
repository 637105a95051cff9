import { describe, expect, it } from 'vitest';
import type { HandlerMap } from '../../../src/main/core/dispatch';
import { TillError } from '../../../src/main/core/errors';
import { guardHandlers, LOCKED_METHODS } from '../../../src/main/shifts/guard';
import { methodNames } from '../../../src/shared/ipc/contract';
import type { Cashier } from '../../../src/shared/ipc/contract/shifts';

/**
 * The lock as an allow-list (issue 22, item 12), over every method of the contract: a locked till
 * runs only the lock screen's methods and the supervisor acts that check the PIN themselves; any
 * other method, one added later included, is refused before its handler runs.
 */
const ctx = { host: 'web' as const };
const AMY: Cashier = { id: 'A01', name: 'Amy', active: true, supervisor: false };

function rig(signedIn: Cashier | null, configured = true) {
  const ran: string[] = [];
  const handlers = Object.fromEntries(
    methodNames.map((method) => [
      method,
      async (input: unknown) => {
        ran.push(method);
        return input;
      },
    ]),
  ) as unknown as HandlerMap;
  const guarded = guardHandlers(handlers, {
    expire: () => undefined,
    touch: () => undefined,
    configured: () => configured,
    session: () => ({ cashier: signedIn, lockReason: signedIn ? null : 'signed-out' }),
    shiftOpen: () => true,
  });
  const call = (method: string) =>
    (guarded as unknown as Record<string, (input: unknown, c: typeof ctx) => Promise<unknown>>)[method]!(
      {},
      ctx,
    );
  return { ran, call };
}

describe('a locked till answers only what the lock screen needs', () => {
  it('refuses every contract method outside the allow-list, and runs its handler for none', async () => {
    const { ran, call } = rig(null);
    const answered: string[] = [];
    for (const method of methodNames) {
      try {
        await call(method);
        answered.push(method);
      } catch (error) {
        expect(error, method).toBeInstanceOf(TillError);
        expect((error as TillError).code, method).toBe('till-locked');
        expect((error as TillError).bilingual.zh, method).toContain('PIN 登入');
      }
    }
    expect(answered.sort()).toEqual([...LOCKED_METHODS].sort());
    expect(ran.sort()).toEqual([...LOCKED_METHODS].sort());
  });

  it('names only methods of the contract, and keeps the reads that show sales or cash out', () => {
    for (const method of LOCKED_METHODS) expect(methodNames, method).toContain(method);
    for (const read of [
      'journal.list',
      'journal.get',
      'journal.summary',
      'journal.export',
      'returns.find',
      'returns.pending',
      'shift.list',
      'printing.testPrint',
      'printing.printSummary',
      'verification.pending',
      'headOffice.storeDay',
      'reconciliation.last',
    ]) {
      expect(LOCKED_METHODS.has(read), read).toBe(false);
    }
  });

  it('a signed-in cashier, or a till without cashiers, reaches every method', async () => {
    for (const state of [rig(AMY), rig(null, false)]) {
      for (const method of methodNames) await state.call(method);
      expect(state.ran).toHaveLength(methodNames.length);
    }
  });
});

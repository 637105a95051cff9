import type { Cashier } from '../../shared/ipc/contract/shifts';
import { TillError } from '../core/errors';
import type { PinGuard } from '../settings/pin';
import type { CashierDirectory } from './cashiers';

/**
 * The PIN the supervisor gate checks (settings/supervisor.ts): the supervisor PIN, or, while a
 * cashier marked `supervisor` (a store manager) is signed in, that cashier's own PIN. Settings
 * keep asking the supervisor PIN itself (the settings handlers have the plain guard).
 *
 * The manager's PIN is tried first, so a manager using their own PIN never counts towards the
 * supervisor PIN's lockout; a PIN that is neither counts towards both; the supervisor PIN typed
 * while a manager is signed in clears the manager's count again. A manager's lockout only skips
 * their PIN: the supervisor PIN still works.
 */
export function withSupervisorCashiers(
  pins: PinGuard,
  deps: { signedIn(): Cashier | null; directory: Pick<CashierDirectory, 'checkPin' | 'resetAttempts'> },
): PinGuard {
  return {
    isSet: () => pins.isSet(),
    set: (pin) => pins.set(pin),
    async verify(pin) {
      const cashier = deps.signedIn();
      const manager = cashier?.supervisor && cashier.active ? cashier : null;
      if (manager) {
        try {
          if (await deps.directory.checkPin(manager.id, pin)) return true;
        } catch (error) {
          if (!(error instanceof TillError && error.code === 'pin-locked')) throw error;
        }
      }
      const ok = await pins.verify(pin);
      if (ok && manager) deps.directory.resetAttempts();
      return ok;
    },
  };
}

/**
 * The same, for the core, which builds the supervisor gate before the shifts capability (that
 * needs the gate): the capability is looked up at the first check, by when it exists.
 */
export function lateSupervisorPins(
  pins: PinGuard,
  shifts: () => { supervisorPins(pins: PinGuard): PinGuard },
): PinGuard {
  return {
    isSet: () => pins.isSet(),
    set: (pin) => pins.set(pin),
    verify: (pin) => shifts().supervisorPins(pins).verify(pin),
  };
}

import type { Cashier } from '../../shared/ipc/contract/shifts';
import type { Journal } from '../journal/journal';
import {
  createAttemptCounter,
  hashPin,
  type AttemptCounter,
  type AttemptCounterOptions,
} from '../settings/pin';
import type { SecretStore } from '../settings/secret-store';
import {
  cashierInactive,
  cashierNameTaken,
  cashierPinLocked,
  cashiersNeedSecureStorage,
  cashierUnknown,
  newCashierNeedsPin,
} from './messages';

/**
 * The store's cashiers. The list (id, name, active, may act as supervisor) is the journal's
 * `cashier.saved` entries, the last one per id winning: every change is a chained record of who
 * made it. Each cashier's personal PIN is a scrypt hash (the supervisor PIN's, settings/pin.ts) in
 * the secret store under `cashierPinHashes`; wrong PINs are counted before the hash and locked out
 * like the supervisor's, under `cashierPinLockout` (one count for all cashiers, so guessing cannot
 * move from one id to the next). Hashes never leave this module: not to the renderer, not to the
 * journal, not to an export.
 */
export interface CashierInput {
  id: string;
  name: string;
  pin?: string | undefined;
  active: boolean;
  supervisor: boolean;
}

export interface CashierDirectory {
  list(): Cashier[];
  get(id: string): Cashier | null;
  /** At least one active cashier: the till asks for a sign-in. */
  configured(): boolean;
  /** Adds or changes one; a new cashier needs a PIN. Recorded with `by`. */
  save(input: CashierInput, by: string): Promise<Cashier>;
  /** The cashier whose PIN this is; TillError `pin-wrong` / `pin-locked` / `cashier-inactive`. */
  signIn(id: string, pin: string): Promise<Cashier>;
  /** Whether the PIN is this cashier's (counted like a sign-in); for a supervisor cashier's own PIN. */
  checkPin(id: string, pin: string): Promise<boolean>;
  /** Forgets wrong guesses (the person proved who they are another way). */
  resetAttempts(): void;
}

export function createCashierDirectory(deps: {
  journal: Journal;
  secrets: SecretStore;
  /** The lockout's clock and the hash check (tests). */
  pinOptions?: Pick<AttemptCounterOptions, 'now' | 'checkHash' | 'maxAttempts' | 'lockMs'>;
}): CashierDirectory {
  const attempts: AttemptCounter = createAttemptCounter({
    secrets: deps.secrets,
    lockoutName: 'cashierPinLockout',
    locked: cashierPinLocked,
    ...deps.pinOptions,
  });

  /** id → hash. A Map: ids come from outside (`constructor` is a valid id). */
  const readHashes = (): Map<string, string> => {
    const raw = deps.secrets.get('cashierPinHashes');
    const out = new Map<string, string>();
    if (raw === null) return out;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [id, hash] of Object.entries(parsed)) if (typeof hash === 'string') out.set(id, hash);
      }
    } catch {
      // Damaged: nobody can sign in until the supervisor sets the PINs again.
    }
    return out;
  };
  const writeHashes = (hashes: Map<string, string>) =>
    deps.secrets.set('cashierPinHashes', JSON.stringify(Object.fromEntries(hashes)));

  const list = (): Cashier[] => {
    const byId = new Map<string, Cashier>();
    for (const entry of deps.journal.shiftEntries({ kinds: ['cashier.saved'] })) {
      const p = entry.payload;
      byId.set(p.cashierId, { id: p.cashierId, name: p.name, active: p.active, supervisor: p.supervisor });
    }
    return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };
  const get = (id: string) => list().find((cashier) => cashier.id === id) ?? null;
  const sameName = (a: string, b: string) =>
    a.trim().normalize('NFKC').toLowerCase() === b.trim().normalize('NFKC').toLowerCase();

  return {
    list,
    get,
    configured: () => list().some((cashier) => cashier.active),

    async save(input, by) {
      const existing = get(input.id);
      if (!existing && input.pin === undefined) throw newCashierNeedsPin(input.id);
      const name = input.name.trim();
      const clash = list().find((other) => other.id !== input.id && sameName(other.name, name));
      if (clash) throw cashierNameTaken(name, clash.id);
      const cashier: Cashier = { id: input.id, name, active: input.active, supervisor: input.supervisor };
      if (input.pin === undefined) {
        deps.journal.appendShiftEntry('cashier.saved', { ...entryOf(cashier), pinChanged: false, by });
        return cashier;
      }
      if (deps.secrets.backend === 'unavailable') throw cashiersNeedSecureStorage();
      const hash = await hashPin(input.pin);
      const before = deps.secrets.get('cashierPinHashes');
      const hashes = readHashes();
      hashes.set(input.id, hash);
      writeHashes(hashes);
      try {
        deps.journal.appendShiftEntry('cashier.saved', { ...entryOf(cashier), pinChanged: true, by });
      } catch (error) {
        // No record, no change: the PIN goes back to what it was.
        if (before === null) deps.secrets.clear('cashierPinHashes');
        else deps.secrets.set('cashierPinHashes', before);
        throw error;
      }
      return cashier;
    },

    async signIn(id, pin) {
      const ok = await attempts.guess(pin, () => readHashes().get(id) ?? null);
      const cashier = ok ? get(id) : null;
      if (!cashier) throw cashierUnknown();
      // Said only to whoever knows the PIN: an inactive id answers like a wrong PIN otherwise.
      if (!cashier.active) throw cashierInactive();
      return cashier;
    },

    checkPin: (id, pin) => attempts.guess(pin, () => readHashes().get(id) ?? null),
    resetAttempts: () => attempts.reset(),
  };
}

const entryOf = (cashier: Cashier) => ({
  cashierId: cashier.id,
  name: cashier.name,
  active: cashier.active,
  supervisor: cashier.supervisor,
});

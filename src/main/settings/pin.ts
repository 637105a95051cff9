import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Bilingual } from '../../shared/domain/i18n';
import { TillError } from '../core/errors';
import type { SecretName, SecretStore } from './secret-store';

/*
 * The supervisor PIN: kept only as a salted scrypt hash (in the secret store, so encrypted as
 * well), compared in constant time, and guarded against guessing: a PIN has few digits.
 */

const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPinHash(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounded, so a damaged or planted hash cannot make a check take minutes or gigabytes.
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await derive(pin, salt, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(actual, expected);
}

/**
 * Wrong guesses against a PIN hash, counted and locked out: shared by the supervisor PIN (below)
 * and the cashiers' personal PINs (src/main/shifts), each with its own lockout record.
 */
export interface AttemptCounterOptions {
  secrets: SecretStore;
  /** Where the count and the lock are kept (they must outlive a restart). */
  lockoutName: SecretName;
  /** Wrong PINs in a row before the lock; default 5. */
  maxAttempts?: number;
  /** How long the lock lasts; default 60 s. */
  lockMs?: number;
  now?: () => number;
  /** The slow hash comparison; tests count how often it runs. */
  checkHash?: (pin: string, stored: string) => Promise<boolean>;
  /** The refusal while locked (in the words of whoever's PIN it is). */
  locked?: (seconds: number) => TillError;
}

export interface AttemptCounter {
  /**
   * One guess at `stored()` (read when the guess's turn comes; null: nothing to guess against,
   * false without counting). Throws the `locked` TillError while locked (nothing is checked).
   */
  guess(pin: string, stored: () => string | null): Promise<boolean>;
  /** Forgets wrong guesses (a new PIN was set, or another PIN of the same person matched). */
  reset(): void;
}

/** The lockout as kept in the secret store: it must outlive a restart, or a restart resets it. */
interface LockoutState {
  failures: number;
  lockedUntil: number;
}

const pinLocked = (seconds: number) =>
  new TillError('pin-locked', {
    zh: `主管 PIN 錯誤次數過多，請 ${seconds} 秒後再試。`,
    en: `Too many wrong supervisor PINs: try again in ${seconds} s.`,
  });

export function createAttemptCounter(options: AttemptCounterOptions): AttemptCounter {
  const { secrets, lockoutName } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const lockMs = options.lockMs ?? 60_000;
  const now = options.now ?? Date.now;
  const checkHash = options.checkHash ?? verifyPinHash;
  const locked = options.locked ?? pinLocked;
  // Checks run one at a time: parallel guesses would otherwise all pass the lock test before
  // the first wrong one is counted.
  let queue: Promise<unknown> = Promise.resolve();

  const readLockout = (): LockoutState => {
    const raw = secrets.get(lockoutName);
    if (raw === null) return { failures: 0, lockedUntil: 0 };
    try {
      const parsed = JSON.parse(raw) as Partial<LockoutState>;
      const failures = Number.isInteger(parsed.failures) ? Math.max(0, parsed.failures!) : maxAttempts - 1;
      const lockedUntil = Number.isFinite(parsed.lockedUntil) ? parsed.lockedUntil! : 0;
      return { failures, lockedUntil };
    } catch {
      // A damaged record must not give a fresh set of guesses: one more wrong PIN locks.
      return { failures: maxAttempts - 1, lockedUntil: 0 };
    }
  };
  const writeLockout = (state: LockoutState) => {
    if (state.failures === 0 && state.lockedUntil === 0) secrets.clear(lockoutName);
    else secrets.set(lockoutName, JSON.stringify(state));
  };

  async function guessNow(pin: string, storedHash: () => string | null): Promise<boolean> {
    const stored = storedHash();
    if (stored === null) return false;
    const state = readLockout();
    // A clock turned back must not stretch the lock beyond its length.
    const remaining = Math.min(state.lockedUntil - now(), lockMs);
    if (remaining > 0) throw locked(Math.ceil(remaining / 1000));
    // Counted (and kept on disk) BEFORE the slow hash: a guess cut short by a crash or a
    // restart still counts, and the lock is in place before the next one is looked at.
    const failures = state.failures + 1;
    const locks = failures >= maxAttempts;
    writeLockout({ failures: locks ? 0 : failures, lockedUntil: locks ? now() + lockMs : 0 });
    const ok = await checkHash(pin, stored);
    if (ok) writeLockout({ failures: 0, lockedUntil: 0 });
    return ok;
  }

  return {
    guess(pin, stored) {
      const result = queue.then(() => guessNow(pin, stored));
      queue = result.catch(() => undefined);
      return result;
    },
    reset: () => writeLockout({ failures: 0, lockedUntil: 0 }),
  };
}

export type PinGuardOptions = Omit<AttemptCounterOptions, 'lockoutName' | 'locked'>;

export interface PinGuard {
  isSet(): boolean;
  /** True when the PIN matches. Throws TillError `pin-locked` while locked (nothing is checked). */
  verify(pin: string): Promise<boolean>;
  set(pin: string): Promise<void>;
}

/** The supervisor PIN: its hash `supervisorPinHash`, its lockout `pinLockout`. */
export function createPinGuard(options: PinGuardOptions): PinGuard {
  const { secrets } = options;
  const attempts = createAttemptCounter({ ...options, lockoutName: 'pinLockout' });
  return {
    isSet: () => secrets.has('supervisorPinHash'),
    verify: (pin) => attempts.guess(pin, () => secrets.get('supervisorPinHash')),
    async set(pin) {
      secrets.set('supervisorPinHash', await hashPin(pin));
      attempts.reset();
    },
  };
}

/**
 * Guards a supervisor's action: the PIN must be given and match, else a TillError
 * (`pin-required`, `pin-wrong`, or `pin-locked` from the guard) and the action does not run.
 * `messages` say, in the cashier's words, what needed the PIN.
 */
export async function requirePin(
  pins: PinGuard,
  pin: string | undefined,
  messages: { required: Bilingual; wrong: Bilingual },
): Promise<void> {
  if (pin === undefined) throw new TillError('pin-required', messages.required);
  if (!(await pins.verify(pin))) throw new TillError('pin-wrong', messages.wrong);
}

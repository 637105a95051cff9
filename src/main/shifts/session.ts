import type { Cashier } from '../../shared/ipc/contract/shifts';

/**
 * Who is signed in at this till, kept in main (the renderer only shows it), and the idle lock:
 * a signed-in till left without activity for `idleMs` signs its cashier out by itself. Time comes
 * from an injected clock, so a test moves it instead of waiting. A restart signs everyone out.
 */
export type LockReason = 'idle' | 'signed-out' | 'not-signed-in';

export interface SessionState {
  cashier: Cashier | null;
  /** Why nobody is signed in (null while someone is). */
  lockReason: LockReason | null;
}

export interface Session {
  state(): SessionState;
  /**
   * Signs the cashier out when the till was idle too long; returns who was signed out then (for
   * the journal's record), else null. `idleMs` 0: never.
   */
  expire(idleMs: number): Cashier | null;
  /** Someone worked at the till now (any call but a passive read). Does not unlock. */
  touch(): void;
  /** Signs `cashier` in (another cashier signed in before is replaced); returns who was replaced. */
  signIn(cashier: Cashier): Cashier | null;
  /** Signs the cashier out; returns who it was. */
  signOut(reason: Exclude<LockReason, 'not-signed-in'>): Cashier | null;
  /** The cashier's record changed (name, flags): the session shows the new one. */
  refresh(cashier: Cashier): void;
  /** Milliseconds since the last activity (for tests and the log). */
  idleFor(): number;
}

export function createSession(clock: () => number): Session {
  let cashier: Cashier | null = null;
  let lockReason: LockReason = 'not-signed-in';
  let lastActivity = clock();

  const signOut: Session['signOut'] = (reason) => {
    const was = cashier;
    cashier = null;
    lockReason = reason;
    return was;
  };

  return {
    state: () => ({ cashier, lockReason: cashier ? null : lockReason }),
    expire(idleMs) {
      if (!cashier || idleMs <= 0) return null;
      if (clock() - lastActivity < idleMs) return null;
      return signOut('idle');
    },
    touch() {
      if (cashier) lastActivity = clock();
    },
    signIn(next) {
      const was = cashier;
      cashier = next;
      lastActivity = clock();
      return was;
    },
    signOut,
    refresh(next) {
      if (cashier && cashier.id === next.id) cashier = next;
    },
    idleFor: () => clock() - lastActivity,
  };
}

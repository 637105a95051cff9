import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain';
import type { Cashier, SessionView } from '../../../shared/ipc/contract/shifts';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { useStatus } from '../status/status-store';

/**
 * Who is signed in and whether the till is locked, as main last said. Main decides both (it
 * locks an idle till by its own clock and refuses sales while locked); the renderer shows the
 * sign-in screen when main says so and reports that someone is working.
 */
interface SessionState {
  session: SessionView | null;
  /** The cashiers to pick from on the sign-in screen (never their PINs). */
  cashiers: Cashier[];
  error: IpcError | null;
  load(): Promise<SessionView | null>;
  loadCashiers(): Promise<void>;
  /** Answers null when signed in, or main's reason (wrong PIN, locked out) in the cashier's words. */
  signIn(cashierId: string, pin: string): Promise<Bilingual | null>;
  signOut(): Promise<void>;
  /** Someone pressed a key or touched the screen (throttled by the caller). */
  reportActivity(): Promise<void>;
}

export const useSession = create<SessionState>((set, get) => ({
  session: null,
  cashiers: [],
  error: null,

  async load() {
    const result = await callTill('session.current', {});
    if (!result.ok) {
      set({ error: result.error });
      return null;
    }
    set({ session: result.value, error: null });
    return result.value;
  },

  async loadCashiers() {
    const result = await callTill('cashiers.list', {});
    if (result.ok) set({ cashiers: result.value });
    else set({ error: result.error });
  },

  async signIn(cashierId, pin) {
    const result = await callTill('session.signIn', { cashierId, pin });
    if (!result.ok) return result.error.message;
    set({ session: result.value, error: null });
    // The status bar names the cashier at once, without waiting for main's next push.
    void useStatus.getState().refresh();
    return null;
  },

  async signOut() {
    const result = await callTill('session.signOut', {});
    if (result.ok) set({ session: result.value, error: null });
    else set({ error: result.error });
    void useStatus.getState().refresh();
  },

  async reportActivity() {
    const session = get().session;
    // Nobody to keep signed in: the sign-in screen's own calls are activity enough.
    if (!session?.cashiersConfigured || session.locked) return;
    const result = await callTill('session.activity', {});
    // Locked by main meanwhile (the idle time passed before this report): show the sign-in.
    if (result.ok && result.value.locked) await get().load();
  },
}));

/** The lock screen is up: cashiers exist and nobody is signed in (or the till went idle). */
export const isLocked = (session: SessionView | null): boolean =>
  session !== null && session.cashiersConfigured && session.locked;

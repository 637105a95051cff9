import { bilingual, type Bilingual } from '../../shared/domain';
import type { contract } from '../../shared/ipc/contract';
import type { Cashier } from '../../shared/ipc/contract/shifts';
import type { CallContext, HandlersFor } from '../core/handlers';
import { cashierMismatch, noOpenShift, tillLocked } from './messages';
import type { LockReason } from './session';

/**
 * The session's hold on every other capability, as one wrapper around the core's handler map
 * (the capabilities themselves stay as they were): every call first lets an idle till lock, and
 * counts as activity unless it is a passive read; then, while the till has cashiers,
 *
 * - sale, return, drawer, reprint and resolution methods are refused until someone signs in;
 * - a sale or a return (money into or out of the drawer) needs an open shift;
 * - who did it is the signed-in cashier: `cashier` of a sale is filled in by main (a different
 *   name from the screen is refused), and `by` of a return, a resolution, a drawer opening, a
 *   reprint or a Z report is the cashier's name whatever the screen sent.
 *
 * - while nobody is signed in, the till answers only the methods of LOCKED_METHODS (the lock
 *   screen's own, and supervisor acts that check the supervisor PIN in main): every other method,
 *   a read included, is refused. An allow-list, so a method added to the contract is locked until
 *   someone decides the lock screen needs it.
 *
 * Without cashiers nothing changes: the till works as before, with the names the screen sends.
 */
type Handlers = HandlersFor<typeof contract>;
type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>;

interface Policy {
  /** Refused while nobody is signed in. */
  signedIn?: boolean;
  /** Needs an open shift: what the refusal calls the act. */
  shift?: Bilingual;
  /** `by` becomes the signed-in cashier's name. */
  by?: boolean;
  /** `cashier` (a sale) becomes the signed-in cashier's name. */
  cashier?: boolean;
}

const POLICIES = new Map<string, Policy>([
  ['checkout.submit', { signedIn: true, shift: bilingual('結帳', 'a sale'), cashier: true }],
  ['checkout.resubmit', { signedIn: true, by: true }],
  // Who confirmed is who typed their name with the PIN (often not the cashier); the cashier at
  // the till is recorded beside (the call's context).
  ['verification.resolve', { signedIn: true }],
  ['returns.submit', { signedIn: true, shift: bilingual('退貨', 'a return'), by: true }],
  ['returns.status', { signedIn: true, by: true }],
  ['printing.openDrawer', { signedIn: true, by: true }],
  ['printing.reprint', { signedIn: true, by: true }],
  ['printing.cloudReprint', { signedIn: true, by: true }],
  ['reconciliation.accept', { signedIn: true, by: true }],
  ['shift.open', { signedIn: true }],
  ['counter.ageCheckDeclined', { signedIn: true }],
  ['shift.cashMovement', { signedIn: true, by: true }],
  ['shift.xReport', { signedIn: true, by: true }],
  // A product change's journal record names who made it (the price history's who): the cashier
  // signed in; with nobody signed in (Settings from the lock screen), the name sent or supervisor.
  ['catalog.saveProduct', { by: true }],
  ['shift.close', { signedIn: true }],
  // Also after the last cashier signed out (LOCKED_METHODS).
  ['day.zReport', { by: true }],
  ['day.zReportCopy', { by: true }],
]);

/**
 * Reads a screen or a push may make with nobody at the till: they neither keep it unlocked nor
 * are refused.
 */
export const PASSIVE_METHODS: ReadonlySet<string> = new Set(['app.status', 'session.current']);

/**
 * What a locked till answers. The lock screen: the status bar, the session, the cashiers to pick
 * from (never their PINs) and the settings it reads (language, seller; no secret). The settings
 * screen stays reachable from the lock screen for a supervisor, so the acts on it that check the
 * supervisor PIN in main (and record who) pass too. Nothing here shows a sale, a buyer or the
 * day's cash without the supervisor PIN: journal reads, returns look-ups, shift lists and prints
 * wait for a sign-in (a blind count stays blind).
 */
export const LOCKED_METHODS: ReadonlySet<string> = new Set([
  'app.status',
  'session.current',
  'session.signIn',
  'session.signOut',
  'session.activity',
  'cashiers.list',
  'settings.get',
  // Supervisor acts, each with the supervisor PIN checked in main:
  'settings.verifyPin',
  'settings.update',
  'settings.setPin',
  'settings.checkProvider',
  'cashiers.save',
  'catalog.import',
  'catalog.loadSample',
  // The Products screen (Settings): its list (names and prices, no sale) and its save (PIN in main).
  'catalog.products',
  'catalog.categories',
  'catalog.checkProduct',
  'catalog.saveProduct',
  'catalog.export',
  'training.drill',
  'invoiceMode.topUp',
  'journal.acknowledgeBroken',
  // A supervisor makes the Z report with the PIN, also after the last cashier signed out.
  'day.zReport',
  'day.zReportCopy',
]);

export interface GuardDeps {
  /** Signs out a cashier left idle too long (records it), before the call is looked at. */
  expire(): void;
  /** The call is someone working at the till. */
  touch(): void;
  configured(): boolean;
  session(): { cashier: Cashier | null; lockReason: LockReason | null };
  shiftOpen(): boolean;
}

export function guardHandlers(handlers: Handlers, deps: GuardDeps): Handlers {
  const guarded: Record<string, AnyHandler> = {};
  for (const [method, handler] of Object.entries(handlers) as [string, AnyHandler][]) {
    const policy = POLICIES.get(method);
    guarded[method] = async (input, ctx) => {
      deps.expire();
      if (!PASSIVE_METHODS.has(method)) deps.touch();
      if (!deps.configured()) return handler(input, ctx);
      const { cashier, lockReason } = deps.session();
      if (!cashier && !LOCKED_METHODS.has(method)) throw tillLocked(lockReason ?? 'not-signed-in');
      if (!policy) return handler(input, ctx);
      if (policy.signedIn && !cashier) throw tillLocked(lockReason ?? 'not-signed-in');
      if (policy.shift && !deps.shiftOpen()) throw noOpenShift(policy.shift);
      if (!cashier) return handler(input, ctx);
      let next = input as Record<string, unknown>;
      if (policy.cashier) {
        const sent = next.cashier;
        if (typeof sent === 'string' && sent !== cashier.name && sent !== cashier.id) {
          throw cashierMismatch(sent, cashier.name);
        }
        next = { ...next, cashier: cashier.name };
      }
      if (policy.by) next = { ...next, by: cashier.name };
      return handler(next, { ...ctx, cashier: cashier.name });
    };
  }
  return guarded as Handlers;
}

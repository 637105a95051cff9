import type { contract } from '../../shared/ipc/contract';
import type { PrintOutcome } from '../../shared/ipc/contract/printing';
import type { Cashier, SessionView, shiftsMethods } from '../../shared/ipc/contract/shifts';
import type { HandlersFor } from '../core/handlers';
import { periodic, type Service } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal/journal';
import { failureMessage, ShiftSlipContent, type PrintService } from '../printing';
import type { PinGuard } from '../settings/pin';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { SupervisorGate } from '../settings/supervisor';
import { createCashierDirectory, type CashierDirectory } from './cashiers';
import { createShiftsEngine, type ShiftsEngine } from './engine';
import { guardHandlers } from './guard';
import { createShiftsHandlers } from './handlers';
import { cashierRequired, tillLocked } from './messages';
import { createSession, type Session } from './session';
import { withSupervisorCashiers } from './supervisor-pins';

/**
 * Cashiers, the session and its idle lock, shifts and the Z report, as the core assembles them
 * (issue 14). The session lives here, in main: the renderer shows who is signed in and asks for
 * a PIN, and `guard` holds every other capability's methods to it.
 */
export interface ShiftsCapabilityOptions {
  journal: Journal;
  settings: SettingsStore;
  secrets: SecretStore;
  /** The gate every supervisor act goes through (its PIN may be a signed-in manager's: `supervisorPins`). */
  supervisor: SupervisorGate;
  /** The report slips as print jobs, and the drawer for a paid-in / paid-out / cash drop. */
  printing: { service: Pick<PrintService, 'retry' | 'openDrawer'> };
  logger: Logger;
  /** Who is signed in or whether the till is locked changed: the status bar. */
  onChanged(): void;
  /** The idle lock's clock in ms (tests move it); Date.now by default. */
  clock?: () => number;
  /** How often the idle lock is looked at between calls (default 15 s; 0: only at calls). */
  idleCheckMs?: number;
}

export interface ShiftsCapability {
  handlers: HandlersFor<typeof shiftsMethods>;
  /** Holds the core's whole handler map to the session (guard.ts). */
  guard(handlers: HandlersFor<typeof contract>): HandlersFor<typeof contract>;
  /** The status bar's part. */
  status(): { cashier: { id: string; name: string } | null; locked: boolean };
  /** The signed-in cashier's name (who a reissue is recorded for), or null. */
  cashierName(): string | null;
  /** The supervisor PIN, or a signed-in manager's own (supervisor-pins.ts). */
  supervisorPins(pins: PinGuard): PinGuard;
  /** Locks an idle till between calls too: register it with the core's lifecycle. */
  service: Service;
  directory: CashierDirectory;
  engine: ShiftsEngine;
  session: Session;
}

export function createShiftsCapability(options: ShiftsCapabilityOptions): ShiftsCapability {
  const { journal, settings, logger } = options;
  const session = createSession(options.clock ?? Date.now);
  const directory = createCashierDirectory({ journal, secrets: options.secrets });
  const engine = createShiftsEngine({
    journal,
    tillId: () => settings.get().tillId,
    training: () => settings.get().mode === 'training',
  });
  const tillId = () => settings.get().tillId;

  const recordSignOut = (cashier: Cashier, reason: 'signed-out' | 'idle' | 'deactivated') => {
    try {
      journal.appendShiftEntry('session.signed-out', {
        tillId: tillId(),
        cashierId: cashier.id,
        name: cashier.name,
        reason,
      });
    } catch (error) {
      // The till locks all the same: a lock that waited for the disk would not be a lock.
      logger.error('the sign-out could not be recorded', error);
    }
  };

  const expire = () => {
    const idleMs = settings.get().idleLockMinutes * 60_000;
    const signedOut = session.expire(idleMs);
    if (!signedOut) return;
    recordSignOut(signedOut, 'idle');
    logger.info('the till locked after being idle', { cashierId: signedOut.id });
    options.onChanged();
  };

  const configured = () => directory.configured();
  const locked = () => configured() && session.state().cashier === null;

  const sessionView = (): SessionView => {
    const state = session.state();
    const hasCashiers = configured();
    const open = engine.openShift();
    return {
      cashier: state.cashier,
      locked: hasCashiers && state.cashier === null,
      lockReason: hasCashiers ? state.lockReason : null,
      idleLockMinutes: settings.get().idleLockMinutes,
      shift: open ? engine.view(open) : null,
      cashiersConfigured: hasCashiers,
    };
  };

  async function print(content: ShiftSlipContent): Promise<PrintOutcome> {
    // Checked before a job exists: a slip the layout refuses is never a pending job.
    const parsed = ShiftSlipContent.parse(content);
    const job = journal.createPrintJob({ orderNo: null, kind: 'summary', content: JSON.stringify(parsed) });
    const result = await options.printing.service.retry(job.id);
    return {
      jobId: result.jobId,
      printed: result.printed,
      reprint: result.reprint,
      failure: result.failure,
      message: failureMessage(result.failure),
    };
  }

  const handlers = createShiftsHandlers({
    directory,
    engine,
    supervisor: options.supervisor,
    sessionView,
    signIn(cashier) {
      const before = session.state().cashier;
      if (before && before.id !== cashier.id) recordSignOut(before, 'signed-out');
      journal.appendShiftEntry('session.signed-in', {
        tillId: tillId(),
        cashierId: cashier.id,
        name: cashier.name,
      });
      session.signIn(cashier);
      options.onChanged();
    },
    signOut() {
      const was = session.signOut('signed-out');
      if (was) recordSignOut(was, 'signed-out');
      options.onChanged();
    },
    cashierSaved(cashier) {
      const current = session.state().cashier;
      if (!current || current.id !== cashier.id) return options.onChanged();
      if (cashier.active) session.refresh(cashier);
      else {
        session.signOut('signed-out');
        recordSignOut(current, 'deactivated');
      }
      options.onChanged();
    },
    requireCashier() {
      if (!configured()) throw cashierRequired();
      const state = session.state();
      if (!state.cashier) throw tillLocked(state.lockReason ?? 'not-signed-in');
      return state.cashier;
    },
    locked,
    signedIn: () => session.state().cashier,
    async openDrawer() {
      try {
        await options.printing.service.openDrawer();
        return true;
      } catch (error) {
        logger.warn('the drawer did not open for a cash movement', { error: (error as Error).message });
        return false;
      }
    },
    print,
    sellerName: () => settings.get().sellerName,
    training: () => settings.get().mode === 'training',
    now: () => new Date(),
  });

  return {
    handlers,
    guard: (all) =>
      guardHandlers(all, {
        expire,
        touch: () => session.touch(),
        configured,
        session: () => session.state(),
        shiftOpen: () => engine.openShift() !== null,
      }),
    status() {
      const cashier = session.state().cashier;
      return { cashier: cashier ? { id: cashier.id, name: cashier.name } : null, locked: locked() };
    },
    cashierName: () => session.state().cashier?.name ?? null,
    supervisorPins: (pins) =>
      withSupervisorCashiers(pins, { signedIn: () => session.state().cashier, directory }),
    service: periodic({
      name: 'idle-lock',
      intervalMs: options.idleCheckMs ?? 15_000,
      run: async () => expire(),
      logger,
    }),
    directory,
    engine,
    session,
  };
}

import type { PrintOutcome } from '../../shared/ipc/contract/printing';
import type { Cashier, SessionView, shiftsMethods, ZReport } from '../../shared/ipc/contract/shifts';
import type { HandlersFor } from '../core/handlers';
import type { ShiftSlipContent } from '../printing';
import { supervisorName, type SupervisorGate } from '../settings/supervisor';
import type { CashierDirectory } from './cashiers';
import type { ShiftsEngine } from './engine';
import { movementMessage, noOpenShift, PIN_TEXTS } from './messages';

export interface ShiftsHandlerDeps {
  directory: CashierDirectory;
  engine: ShiftsEngine;
  /**
   * Adding a cashier, a paid-in / paid-out / cash drop, the X report (it shows the expected cash the counting
   * cashier must not see) and the Z report are a supervisor's acts: the PIN is checked in main.
   */
  supervisor: SupervisorGate;
  sessionView(): SessionView;
  /** Signs the cashier in (recorded; whoever was signed in before is signed out). */
  signIn(cashier: Cashier): void;
  signOut(): void;
  /** A cashier was saved: the session follows (a deactivated cashier is signed out). */
  cashierSaved(cashier: Cashier): void;
  /** The signed-in cashier, else TillError `cashier-required` / `till-locked`. */
  requireCashier(): Cashier;
  locked(): boolean;
  /** The signed-in cashier, or null (a locked till, or none configured). */
  signedIn(): Cashier | null;
  /** Opens the drawer through the receipt printer; false when it did not answer. */
  openDrawer(): Promise<boolean>;
  /** Prints a report slip as a print job in the journal. */
  print(content: ShiftSlipContent): Promise<PrintOutcome>;
  sellerName(): string;
  /** Training mode: the X report and the close slip say so. */
  training?(): boolean;
  now(): Date;
}

/** The contract's cashier, session, shift and day methods (dispatch has validated the shapes). */
export function createShiftsHandlers(deps: ShiftsHandlerDeps): HandlersFor<typeof shiftsMethods> {
  const { directory, engine, supervisor } = deps;
  return {
    'cashiers.list': async () => directory.list(),
    'cashiers.save': async ({ cashier, pin, by }) => {
      await supervisor.check({ pin, by }, PIN_TEXTS.cashiers);
      const saved = await directory.save(cashier, supervisorName(by));
      deps.cashierSaved(saved);
      return saved;
    },

    'session.current': async () => deps.sessionView(),
    'session.signIn': async ({ cashierId, pin }) => {
      deps.signIn(await directory.signIn(cashierId, pin));
      return deps.sessionView();
    },
    'session.signOut': async () => {
      deps.signOut();
      return deps.sessionView();
    },
    // The core's guard has already counted the call as activity (or found the till locked).
    'session.activity': async () => ({ locked: deps.locked() }),

    'shift.open': async ({ float, takeOver }) => engine.open(float, deps.requireCashier(), { takeOver }),
    'shift.cashMovement': async ({ kind, amount, reason, pin, by, approvedBy }) => {
      const cashier = deps.requireCashier();
      await supervisor.check({ pin, by }, PIN_TEXTS.cashMovement);
      const entry = engine.cashMovement({
        kind,
        amount,
        reason,
        by: supervisorName(by),
        cashier,
        approvedBy: approver(approvedBy),
      });
      const drawerOpened = await deps.openDrawer();
      return { id: entry.entryId, message: movementMessage(kind, amount, drawerOpened), drawerOpened };
    },
    'shift.xReport': async ({ print, pin, by }) => {
      deps.requireCashier();
      const report = await supervisor.run(
        { pin, by },
        {
          action: 'shift.x-report',
          ...PIN_TEXTS.xReport,
          detail: (result) => ({ shiftId: result.shift.shiftId, expectedCash: result.figures.expectedCash }),
        },
        () => {
          const shift = engine.openShift();
          if (!shift) throw noOpenShift({ zh: '列印 X 報表', en: 'an X report' });
          return { shift: engine.view(shift), figures: engine.liveFigures(shift) };
        },
      );
      const printed = print
        ? await deps.print({
            layout: 'x-report',
            sellerName: deps.sellerName(),
            shift: report.shift,
            figures: report.figures,
            at: deps.now().toISOString(),
            ...(deps.training?.() ? { training: true } : {}),
          })
        : null;
      return { ...report, print: printed };
    },
    'shift.close': async ({ count, otherCounted, print }) => {
      const shift = engine.close({ count, otherCounted, cashier: deps.requireCashier() });
      const printed = print
        ? await deps.print({
            layout: 'shift-close',
            sellerName: deps.sellerName(),
            shift,
            ...(deps.training?.() ? { training: true } : {}),
          })
        : null;
      return { ...shift, print: printed };
    },
    // Who is the signed-in cashier as main knows them, not a name the screen sends.
    'counter.ageCheckDeclined': async ({ code, product }) => {
      const entry = engine.ageCheckDeclined({ code, product, cashier: deps.signedIn() });
      return { id: entry.entryId, at: entry.at };
    },
    'counter.ageChecksDeclined': async ({ businessDay }) =>
      engine.ageChecksDeclined(businessDay).map(({ entryId, at, payload }) => ({
        id: entryId,
        at,
        code: payload.code,
        product: payload.product,
        training: payload.training,
        name: payload.name,
      })),
    'shift.list': async ({ businessDay }) => engine.list(businessDay),

    'day.zReport': async ({ businessDay, print, pin, by, approvedBy }) => {
      await supervisor.check({ pin, by }, PIN_TEXTS.zReport);
      const report = engine.zReport(businessDay, supervisorName(by), approver(approvedBy));
      return { ...report, print: print ? await printZ(report) : null };
    },
    'day.zReportCopy': async ({ businessDay, print, pin, by }) => {
      const report = await supervisor.run(
        { pin, by },
        {
          action: 'day.z-report-copy',
          ...PIN_TEXTS.zCopy,
          detail: (result) => ({ businessDay, number: result.number }),
        },
        () => engine.zReportCopy(businessDay),
      );
      return { ...report, print: print ? await printZ(report) : null };
    },
  };

  /**
   * Who approved with the PIN: the name given with it, else a signed-in store manager (whose own
   * PIN passes the gate), else nobody named (the shared supervisor PIN names no one).
   */
  function approver(named: string | undefined): string | null {
    if (named?.trim()) return named.trim();
    const signedIn = deps.signedIn();
    return signedIn?.supervisor ? signedIn.name : null;
  }

  function printZ(report: ZReport) {
    return deps.print({
      layout: 'z-report',
      sellerName: deps.sellerName(),
      report,
      printedAt: deps.now().toISOString(),
    });
  }
}

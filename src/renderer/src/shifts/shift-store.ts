import { create } from 'zustand';
import type { Bilingual, CashMovementKind } from '../../../shared/domain';
import type { MethodInput, MethodOutput } from '../../../shared/ipc/contract';
import type { DenominationCount } from '../../../shared/ipc/contract/shifts';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill } from '../ipc/till-client';
import { isPinError, type SupervisorInput } from '../settings/SupervisorAction';
import { useSession } from './session-store';

export type XReport = MethodOutput<'shift.xReport'>;
export type ClosedShift = MethodOutput<'shift.close'>;
type OtherCounted = NonNullable<MethodInput<'shift.close'>['otherCounted']>;

/**
 * The shift screen's work with main: open with the float, paid-in / paid-out / cash drops, the X report, and
 * the close with a blind count. Main answers every figure; the expected ones come back only with
 * the X report (supervisor) and after the count is in.
 */
interface ShiftState {
  /** `counting`: the blind count of the close is on screen (the expected figures are not). */
  mode: 'overview' | 'counting';
  /** The shift just closed, with expected vs counted: shown until the cashier is done with it. */
  closed: ClosedShift | null;
  /** The X report on screen (with the PIN it was asked with, to print it without asking again). */
  xReport: { report: XReport; supervisor: SupervisorInput } | null;
  /** What main said about the last paid-in / paid-out / cash drop (recorded, whether the drawer opened). */
  notice: { message: Bilingual; drawerOpened: boolean } | null;
  busy: boolean;
  /** Main's refusal, shown beside the button that asked. */
  error: { action: 'open' | 'close' | 'movement' | 'x-report'; message: Bilingual } | null;
  startCount(): void;
  cancelCount(): void;
  dismissClosed(): void;
  /** `takeOver`: the drawer of the shift before as it was counted, instead of a float (item 14). */
  open(float: DenominationCount, takeOver?: boolean): Promise<boolean>;
  cashMovement(
    input: { kind: CashMovementKind; amount: number; reason: string },
    supervisor: SupervisorInput,
  ): Promise<IpcError | null>;
  showXReport(supervisor: SupervisorInput, print: boolean): Promise<IpcError | null>;
  closeXReport(): void;
  close(count: DenominationCount, otherCounted: OtherCounted): Promise<boolean>;
  clearError(): void;
}

export const useShift = create<ShiftState>((set, get) => ({
  mode: 'overview',
  closed: null,
  xReport: null,
  notice: null,
  busy: false,
  error: null,

  startCount: () => set({ mode: 'counting', error: null, notice: null }),
  cancelCount: () => set({ mode: 'overview', error: null }),
  dismissClosed: () => set({ closed: null }),
  clearError: () => set({ error: null }),

  async open(float, takeOver = false) {
    set({ busy: true, error: null, notice: null, closed: null });
    const result = await callTill('shift.open', takeOver ? { float: {}, takeOver } : { float });
    set({ busy: false });
    if (!result.ok) {
      set({ error: { action: 'open', message: result.error.message } });
      return false;
    }
    await useSession.getState().load();
    return true;
  },

  async cashMovement(input, supervisor) {
    set({ busy: true, error: null, notice: null });
    const result = await callTill('shift.cashMovement', { ...input, ...supervisor });
    set({ busy: false });
    if (result.ok) {
      set({ notice: { message: result.value.message, drawerOpened: result.value.drawerOpened ?? true } });
      return null;
    }
    // A wrong PIN is answered in the PIN dialog, which stays open for another try.
    if (!isPinError(result.error)) set({ error: { action: 'movement', message: result.error.message } });
    return result.error;
  },

  async showXReport(supervisor, print) {
    set({ busy: true, error: null });
    const result = await callTill('shift.xReport', { print, ...supervisor });
    set({ busy: false });
    if (result.ok) {
      set({ xReport: { report: result.value, supervisor } });
      return null;
    }
    if (!isPinError(result.error)) set({ error: { action: 'x-report', message: result.error.message } });
    return result.error;
  },

  closeXReport: () => set({ xReport: null }),

  async close(count, otherCounted) {
    if (get().busy) return false;
    set({ busy: true, error: null });
    const result = await callTill('shift.close', { count, otherCounted });
    set({ busy: false });
    if (!result.ok) {
      set({ error: { action: 'close', message: result.error.message } });
      return false;
    }
    set({ closed: result.value, mode: 'overview' });
    await useSession.getState().load();
    return true;
  },
}));

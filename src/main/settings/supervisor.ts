import type { Bilingual } from '../../shared/domain/i18n';
import { TillError } from '../core/errors';
import { requirePin, type PinGuard } from './pin';
import type { SettingsStore } from './settings-store';

/*
 * Supervisor actions (prices replaced, the drawer opened, a sale resolved, …): the PIN is checked
 * here in main, whatever the screen did, and each one done leaves a chained journal record of
 * who, when and what.
 */

/**
 * What a supervisor did with the PIN (settings, resolutions, imports, exports, the drawer…): a
 * journal entry of its own (no order number), so the chain proves who did what and when.
 */
export type SupervisorActionKind =
  | 'settings.update'
  | 'settings.set-pin'
  | 'catalog.import'
  | 'catalog.load-sample'
  // Issue 28: a product added or changed on the Products screen (detail: code, name, price, and
  // oldPrice when the price changed: the price history).
  | 'catalog.product-saved'
  // Issue 28: the catalog exported (detail: format, file, productCount).
  | 'catalog.export'
  | 'journal.export'
  | 'printing.open-drawer'
  | 'printing.reprint'
  | 'verification.resolve'
  | 'checkout.resubmit'
  | 'journal.chain-broken-acknowledged'
  | 'reconciliation.store'
  | 'reconciliation.accept'
  // Shifts (issue 14): the X report shows the expected cash; a Z report's copy is printed.
  | 'shift.x-report'
  | 'day.z-report-copy'
  // Training mode (issue 15): a fault drill of the training service armed from Settings.
  | 'training.drill'
  // Issue 22: another till's export signing key, pinned at the first store reconciliation that
  // imported it (detail: tillId, publicKey, fingerprint).
  | 'reconciliation.till-key'
  // Head office (issue 22): sales stopped by a refused claim of the till id, resolved with the PIN.
  | 'head-office.claim-resolved'
  // Invoice mode (issue 27): offline numbers split now with the PIN (detail: numbers left, reason).
  | 'invoice-mode.top-up'
  // Invoice mode (issue 27): a period's unused offline numbers reported blank from the closing
  // screen (detail: periods, segments reported, ranges refused).
  | 'invoice-mode.blank-report';

export interface SupervisorActionInput {
  action: SupervisorActionKind;
  /** Who did it: the cashier's name as given, else `supervisor`. */
  by: string;
  /** What was done, in a few plain fields (never a secret). */
  detail?: Record<string, unknown>;
}

/** Where the records go: the journal (a narrow view, so tests and other hosts can pass a fake). */
export interface SupervisorRecorder {
  recordSupervisorAction(input: SupervisorActionInput): unknown;
}

export interface SupervisorRequest {
  pin?: string | undefined;
  /** The cashier's name as the screen sends it; `supervisor` when none. */
  by?: string | undefined;
}

export interface SupervisorAction<T> {
  action: SupervisorActionKind;
  /** In the cashier's words: what needed the PIN, and that nothing changed. */
  required: Bilingual;
  wrong: Bilingual;
  /** What was done, in a few plain fields (never a secret). */
  detail?: (result: T) => Record<string, unknown>;
}

export interface SupervisorGate {
  /** Throws `pin-required` / `pin-wrong` / `pin-locked` / `pin-not-set`; nothing has run then. */
  check(request: SupervisorRequest, messages: { required: Bilingual; wrong: Bilingual }): Promise<void>;
  /** Checks, runs `act`, then records it. A refused or failed action leaves nothing changed. */
  run<T>(request: SupervisorRequest, action: SupervisorAction<T>, act: () => Promise<T> | T): Promise<T>;
  record(action: SupervisorActionKind, by: string | undefined, detail?: Record<string, unknown>): void;
  /** `set`, `waived` (the supervisor chose to run without one, visibly), or `missing`. */
  pinState(): 'set' | 'waived' | 'missing';
}

export const pinNotSet = () =>
  new TillError('pin-not-set', {
    zh: '尚未設定主管 PIN：請主管先在「設定」設定 PIN（或明確選擇不使用 PIN），此操作未執行。',
    en: 'No supervisor PIN is set: a supervisor sets one under Settings (or explicitly chooses to run without one) first. Nothing was done.',
  });

export const supervisorName = (by: string | undefined): string => {
  const name = by?.trim() ?? '';
  return name === '' ? 'supervisor' : name;
};

export function createSupervisorGate(deps: {
  pins: PinGuard;
  settings: SettingsStore;
  journal: SupervisorRecorder;
}): SupervisorGate {
  const pinState = () =>
    deps.pins.isSet() ? 'set' : deps.settings.get().runWithoutPin ? 'waived' : 'missing';

  async function check(request: SupervisorRequest, messages: { required: Bilingual; wrong: Bilingual }) {
    switch (pinState()) {
      case 'set':
        return requirePin(deps.pins, request.pin, messages);
      case 'waived':
        return; // the supervisor's own, recorded and shown choice
      case 'missing':
        throw pinNotSet();
    }
  }

  const record: SupervisorGate['record'] = (action, by, detail = {}) => {
    deps.journal.recordSupervisorAction({ action, by: supervisorName(by), detail });
  };

  return {
    check,
    record,
    pinState,
    async run(request, action, act) {
      await check(request, action);
      const result = await act();
      record(action.action, request.by, action.detail?.(result) ?? {});
      return result;
    },
  };
}

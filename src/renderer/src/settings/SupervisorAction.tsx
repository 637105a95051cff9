import { useState, type ReactNode } from 'react';
import type { Bilingual } from '../../../shared/domain';
import type { IpcError } from '../../../shared/ipc/result';
import { PinDialog } from '../components/PinDialog';
import { useText } from '../i18n/language-store';
import { useSession } from '../shifts/session-store';
import { useStatus } from '../status/status-store';

/** The answers about the PIN itself: shown in the PIN dialog, which stays open for another try. */
const PIN_ERRORS = new Set(['pin-required', 'pin-wrong', 'pin-locked']);
export const isPinError = (error: IpcError | null): boolean => error !== null && PIN_ERRORS.has(error.code);

/** The supervisor's PIN and name for one action (main checks the PIN and records the name). */
export interface SupervisorInput {
  pin?: string;
  /**
   * The supervisor who approved it, named beside the signed-in cashier (issue 22, item 7): only
   * for the actions that record one (a paid-in / paid-out / cash drop, a drawer opening, the Z report).
   */
  approvedBy?: string;
}

/** `approver`: the dialog asks who approves (the signed-in supervisor's name filled in). */
export interface SupervisorAskOptions {
  approver?: boolean;
}

/**
 * Asks for the supervisor PIN before a supervisor action (import, export, open drawer, resolve,
 * resubmit). Main checks it again and records the action; this only collects it. When the
 * supervisor chose to run without a PIN (shown in the status bar) the action runs at once.
 * `run` answers the call's error, or null when it went through.
 */
export function useSupervisorAction(): {
  ask(
    title: Bilingual,
    run: (input: SupervisorInput) => Promise<IpcError | null>,
    options?: SupervisorAskOptions,
  ): void;
  dialog: ReactNode;
} {
  const t = useText();
  const pinState = useStatus((s) => s.status?.supervisorPin);
  // A supervisor signed in at the till approves as themself unless another name is typed.
  const signedIn = useSession((s) => s.session?.cashier ?? null);
  const manager = signedIn?.supervisor ? signedIn.name : '';
  const [pending, setPending] = useState<{
    title: Bilingual;
    run: (input: SupervisorInput) => Promise<IpcError | null>;
    approver: boolean;
  } | null>(null);

  const ask = (
    title: Bilingual,
    run: (input: SupervisorInput) => Promise<IpcError | null>,
    options: SupervisorAskOptions = {},
  ) => {
    const approver = options.approver === true;
    if (pinState === 'waived') void run(approver && manager ? { approvedBy: manager } : {});
    else setPending({ title, run, approver });
  };

  const dialog = pending ? (
    <PinDialog
      title={t(pending.title)}
      hint={t({
        zh: '此操作需要主管 PIN，並會記入日誌。',
        en: 'This needs the supervisor PIN and is recorded in the journal.',
      })}
      approver={pending.approver ? manager : undefined}
      onClose={() => setPending(null)}
      onSubmit={async (pin, approvedBy) => {
        const name = approvedBy?.trim() ?? '';
        const error = await pending.run(
          pending.approver && name !== '' ? { pin, approvedBy: name } : { pin },
        );
        if (isPinError(error)) return error!.message;
        setPending(null);
        return null;
      }}
    />
  ) : null;

  return { ask, dialog };
}

import { useState, type ReactNode } from 'react';
import type { Bilingual } from '../../../shared/domain';
import type { IpcError } from '../../../shared/ipc/result';
import { PinDialog } from '../components/PinDialog';
import { useText } from '../i18n/language-store';
import { useStatus } from '../status/status-store';

/** The answers about the PIN itself: shown in the PIN dialog, which stays open for another try. */
const PIN_ERRORS = new Set(['pin-required', 'pin-wrong', 'pin-locked']);
export const isPinError = (error: IpcError | null): boolean => error !== null && PIN_ERRORS.has(error.code);

/** The supervisor's PIN and name for one action (main checks the PIN and records the name). */
export interface SupervisorInput {
  pin?: string;
}

/**
 * Asks for the supervisor PIN before a supervisor action (import, export, open drawer, resolve,
 * resubmit). Main checks it again and records the action; this only collects it. When the
 * supervisor chose to run without a PIN (shown in the status bar) the action runs at once.
 * `run` answers the call's error, or null when it went through.
 */
export function useSupervisorAction(): {
  ask(title: Bilingual, run: (input: SupervisorInput) => Promise<IpcError | null>): void;
  dialog: ReactNode;
} {
  const t = useText();
  const pinState = useStatus((s) => s.status?.supervisorPin);
  const [pending, setPending] = useState<{
    title: Bilingual;
    run: (input: SupervisorInput) => Promise<IpcError | null>;
  } | null>(null);

  const ask = (title: Bilingual, run: (input: SupervisorInput) => Promise<IpcError | null>) => {
    if (pinState === 'waived') void run({});
    else setPending({ title, run });
  };

  const dialog = pending ? (
    <PinDialog
      title={t(pending.title)}
      hint={t({
        zh: '此操作需要主管 PIN，並會記入日誌。',
        en: 'This needs the supervisor PIN and is recorded in the journal.',
      })}
      onClose={() => setPending(null)}
      onSubmit={async (pin) => {
        const error = await pending.run({ pin });
        if (isPinError(error)) return error!.message;
        setPending(null);
        return null;
      }}
    />
  ) : null;

  return { ask, dialog };
}

import type { z } from 'zod';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { MethodSpec } from '../../shared/ipc/contract/define';

/** Who is calling: the app's own window in Electron, or an authenticated web-host client. */
export interface CallContext {
  readonly host: 'electron' | 'web';
  /**
   * The cashier signed in at the till, as the session guard knows it (shifts/guard.ts); absent
   * without cashiers. A record naming a confirmer other than the caller names this one beside.
   */
  readonly cashier?: string;
}

/** The handlers for a group of contract methods, typed from their schemas. */
export type HandlersFor<Methods extends Record<string, MethodSpec>> = {
  [M in keyof Methods]: (
    input: z.output<Methods[M]['input']>,
    ctx: CallContext,
  ) => Promise<z.input<Methods[M]['output']>>;
};

/** Push events to every window or web client; the core publishes, the hosts deliver. */
export interface EventSink {
  publish<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

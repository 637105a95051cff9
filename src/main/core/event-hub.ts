import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { EventSink } from './handlers';

type Listener = (event: EventName, payload: unknown) => void;

/**
 * Fans the core's push events out to whichever hosts are attached (Electron windows, web-host
 * SSE clients). The core publishes without knowing who listens.
 */
export function createEventHub(): EventSink & { subscribe(listener: Listener): () => void } {
  const listeners = new Set<Listener>();
  return {
    publish<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

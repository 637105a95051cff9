import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from './contract';
import type { IpcResult } from './result';

/**
 * The one object the renderer sees on `window.till`, whether the preload (Electron) or the
 * web host's script put it there.
 */
export interface TillBridge {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<IpcResult<MethodOutput<M>>>;
  /** Returns a function that stops the subscription. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The Electron channel names: one per method (each registered with ipcMain.handle), one per event. */
export const ipcMethodChannel = (method: MethodName): string => `till:${method}`;
export const ipcEventChannel = (event: EventName): string => `till:event:${event}`;

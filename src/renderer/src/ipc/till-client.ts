import type {
  EventName,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
} from '../../../shared/ipc/contract';
import type { TillBridge } from '../../../shared/ipc/bridge';
import type { IpcResult } from '../../../shared/ipc/result';

declare global {
  interface Window {
    till?: TillBridge;
  }
}

function bridge(): TillBridge {
  if (!window.till)
    throw new Error('window.till is missing: the preload bridge or the web host script did not load');
  return window.till;
}

/** Calls a contract method; the answer is the result envelope (errors are values). */
export function callTill<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
): Promise<IpcResult<MethodOutput<M>>> {
  return bridge().call(method, input);
}

export function onTillEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return bridge().on(event, listener);
}

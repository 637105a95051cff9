import type {
  EventName,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
} from '../../../shared/ipc/contract';
import type { TillBridge } from '../../../shared/ipc/bridge';
import type { IpcError, IpcResult } from '../../../shared/ipc/result';

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

/** A failed call, carrying the contract's bilingual error for the screen. */
export class TillCallError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message.en);
  }
}

/** Calls a contract method; the result envelope stays visible to callers that want it. */
export function callTill<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
): Promise<IpcResult<MethodOutput<M>>> {
  return bridge().call(method, input);
}

/** Calls a contract method and throws TillCallError on failure, for code that only wants the value. */
export async function requestTill<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const result = await callTill(method, input);
  if (!result.ok) throw new TillCallError(result.error);
  return result.value;
}

export function onTillEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return bridge().on(event, listener);
}

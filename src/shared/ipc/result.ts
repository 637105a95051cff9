import type { Bilingual } from '../domain/i18n';

/**
 * What crosses the IPC boundary for every call. Errors are values, not thrown exceptions:
 * Electron flattens a thrown Error to a string, and the renderer needs the code and both languages.
 */
export type IpcErrorCode =
  | 'invalid-input' // the payload does not match the contract: no handler ran
  | 'unknown-method'
  | 'forbidden' // the sender is not the app's own frame, or the web token is wrong
  | 'rejected' // a handler refused the request for a business reason
  | 'internal';

export interface IpcError {
  code: IpcErrorCode | (string & {});
  message: Bilingual;
  /** Where the input was wrong, for invalid-input: `path: problem` lines. */
  issues?: string[];
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** The answer to a method the contract does not have: the preload refuses it, and dispatch again. */
export function unknownMethod(method: unknown): { ok: false; error: IpcError } {
  return {
    ok: false,
    error: {
      code: 'unknown-method',
      message: { zh: `沒有這個功能：${String(method)}`, en: `Unknown method: ${String(method)}` },
    },
  };
}

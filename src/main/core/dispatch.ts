import { contract, isMethodName } from '../../shared/ipc/contract';
import { issuesText } from '../../shared/ipc/issue-text';
import { unknownMethod, type IpcResult } from '../../shared/ipc/result';
import { TillError } from './errors';
import type { CallContext, HandlersFor } from './handlers';
import type { Logger } from './logger';

export type HandlerMap = HandlersFor<typeof contract>;

/**
 * The single entry for every call from the renderer, whichever host carried it: validates the
 * payload against the contract before any handler runs, then turns the handler's outcome into an
 * IpcResult. A malformed payload never reaches a handler; its refusal names each field in words
 * in both languages (shared/ipc/issue-text.ts).
 */
export function createDispatcher(handlers: HandlerMap, logger: Pick<Logger, 'error'>) {
  return async function dispatch(
    method: unknown,
    payload: unknown,
    ctx: CallContext,
  ): Promise<IpcResult<unknown>> {
    if (!isMethodName(method)) return unknownMethod(method);
    const spec = contract[method];
    // The input kept on each issue: a field left out reads 「未填寫」, not a wrong type.
    const parsed = spec.input.safeParse(payload ?? {}, { reportInput: true });
    if (!parsed.success) {
      // For scripts and logs: where and zod's own words, as before.
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`,
      );
      // For the person at the till: each field named in words, what is wrong in both languages.
      const text = issuesText(parsed.error.issues);
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: {
            zh: `資料格式不正確，未執行「${method}」：${text.zh}`,
            en: `Invalid input for ${method}, nothing was done: ${text.en}`,
          },
          issues,
        },
      };
    }
    try {
      const handler = handlers[method] as (input: unknown, ctx: CallContext) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data, ctx) };
    } catch (error) {
      if (error instanceof TillError) {
        return { ok: false, error: { code: error.code, message: error.bilingual } };
      }
      logger.error(`handler ${method} failed`, error);
      return {
        ok: false,
        error: {
          code: 'internal',
          message: {
            zh: '系統發生錯誤，請再試一次；若持續發生請通知店長。',
            en: 'Something went wrong inside the till. Try again; tell the manager if it persists.',
          },
        },
      };
    }
  };
}

export type Dispatch = ReturnType<typeof createDispatcher>;

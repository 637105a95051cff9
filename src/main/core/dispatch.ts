import type { z } from 'zod';
import { contract, isMethodName } from '../../shared/ipc/contract';
import { unknownMethod, type IpcResult } from '../../shared/ipc/result';
import { TillError } from './errors';
import type { CallContext, HandlersFor } from './handlers';
import type { Logger } from './logger';

export type HandlerMap = HandlersFor<typeof contract>;

/**
 * The single entry for every call from the renderer, whichever host carried it: validates the
 * payload against the contract before any handler runs, then turns the handler's outcome into an
 * IpcResult. A malformed payload never reaches a handler.
 */
export function createDispatcher(handlers: HandlerMap, logger: Pick<Logger, 'error'>) {
  return async function dispatch(
    method: unknown,
    payload: unknown,
    ctx: CallContext,
  ): Promise<IpcResult<unknown>> {
    if (!isMethodName(method)) return unknownMethod(method);
    const spec = contract[method];
    const parsed = spec.input.safeParse(payload ?? {});
    if (!parsed.success) {
      const where = (issue: z.core.$ZodIssue) => issue.path.join('.') || '(input)';
      const issues = parsed.error.issues.map((issue) => `${where(issue)}: ${issue.message}`);
      // A schema that knows the reason in Chinese (the shared text rule, the business day) gives it.
      const zhIssues = parsed.error.issues.map((issue) => {
        const zh: unknown = issue.code === 'custom' ? issue.params?.zh : undefined;
        return `${where(issue)}：${typeof zh === 'string' ? zh : issue.message}`;
      });
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: {
            zh: `資料格式不正確，未執行「${method}」：${zhIssues.join('；')}`,
            en: `Invalid input for ${method}, nothing was done: ${issues.join('; ')}`,
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

import { describe, expect, it, vi } from 'vitest';
import { createAppHandlers } from '../../../src/main/app/handlers';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { TillError } from '../../../src/main/core/errors';

function makeHandlers() {
  const base = createAppHandlers({
    status: () => {
      throw new Error('not used');
    },
  });
  const echo = vi.fn(base['app.echo']);
  return { handlers: { ...base, 'app.echo': echo } as unknown as HandlerMap, echo };
}

describe('dispatch', () => {
  const logger = { error: vi.fn() };

  it('runs no handler when the payload does not match the contract', async () => {
    const { handlers, echo } = makeHandlers();
    const dispatch = createDispatcher(handlers, logger);
    for (const bad of [{ text: 7 }, { text: '' }, { text: 'ok', extra: true }, null, 'text', [1]]) {
      const result = await dispatch('app.echo', bad, { host: 'web' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid-input');
    }
    expect(echo).not.toHaveBeenCalled();
  });

  it('passes a valid payload to the handler', async () => {
    const { handlers, echo } = makeHandlers();
    const result = await createDispatcher(handlers, logger)('app.echo', { text: '你好' }, { host: 'web' });
    expect(result).toMatchObject({ ok: true, value: { text: '你好' } });
    expect(echo).toHaveBeenCalledTimes(1);
  });

  it('turns a TillError into its bilingual message and hides other errors', async () => {
    const { handlers } = makeHandlers();
    handlers['app.echo'] = async () => {
      throw new TillError('rejected', { zh: '不行', en: 'No' });
    };
    const dispatch = createDispatcher(handlers, logger);
    expect(await dispatch('app.echo', { text: 'x' }, { host: 'web' })).toEqual({
      ok: false,
      error: { code: 'rejected', message: { zh: '不行', en: 'No' } },
    });
    handlers['app.echo'] = async () => {
      throw new Error('database is locked at /secret/path');
    };
    const hidden = await dispatch('app.echo', { text: 'x' }, { host: 'web' });
    expect(hidden.ok || hidden.error.message.en).not.toContain('/secret/path');
    expect(logger.error).toHaveBeenCalled();
  });
});

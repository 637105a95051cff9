import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { TillError } from '../../../src/main/core/errors';

// A method with a small input schema (app.echo, which served here, is gone from the contract).
function makeHandlers() {
  const echo = vi.fn(async ({ pin }: { pin: string }) => ({ valid: pin === '2468', pinSet: true }));
  return { handlers: { 'settings.verifyPin': echo } as unknown as HandlerMap, echo };
}

describe('dispatch', () => {
  const logger = { error: vi.fn() };

  it('runs no handler when the payload does not match the contract', async () => {
    const { handlers, echo } = makeHandlers();
    const dispatch = createDispatcher(handlers, logger);
    for (const bad of [{ pin: 2468 }, { pin: '' }, { pin: '2468', extra: true }, null, 'text', [1]]) {
      const result = await dispatch('settings.verifyPin', bad, { host: 'web' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid-input');
    }
    expect(echo).not.toHaveBeenCalled();
  });

  it('passes a valid payload to the handler', async () => {
    const { handlers, echo } = makeHandlers();
    const result = await createDispatcher(handlers, logger)(
      'settings.verifyPin',
      { pin: '2468' },
      { host: 'web' },
    );
    expect(result).toMatchObject({ ok: true, value: { valid: true } });
    expect(echo).toHaveBeenCalledTimes(1);
  });

  it('turns a TillError into its bilingual message and hides other errors', async () => {
    const { handlers } = makeHandlers();
    handlers['settings.verifyPin'] = async () => {
      throw new TillError('rejected', { zh: '不行', en: 'No' });
    };
    const dispatch = createDispatcher(handlers, logger);
    expect(await dispatch('settings.verifyPin', { pin: '1357' }, { host: 'web' })).toEqual({
      ok: false,
      error: { code: 'rejected', message: { zh: '不行', en: 'No' } },
    });
    handlers['settings.verifyPin'] = async () => {
      throw new Error('database is locked at /secret/path');
    };
    const hidden = await dispatch('settings.verifyPin', { pin: '1357' }, { host: 'web' });
    expect(hidden.ok || hidden.error.message.en).not.toContain('/secret/path');
    expect(logger.error).toHaveBeenCalled();
  });
});

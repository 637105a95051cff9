import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runProviderCheck } from '../../../src/main/invoice-service/provider-check';
import { checkPrinterUri } from '../../../src/main/printing/transports/printer-uri';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createSettingsHandlers } from '../../../src/main/settings/handlers';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { createPinGuard } from '../../../src/main/settings/pin';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

/**
 * Issue 24, item 4: a training till without an OS key store (the file-key store is `weak`) given
 * head office's password is told what to do about that password, not about production keys it is
 * not storing; production keys keep their own message.
 */
describe('settings: what a refusal says', () => {
  const tempDir = tempDirsPerTest('settings-messages');

  async function setup() {
    const dir = tempDir();
    const settings = createJsonFileSettingsStore(join(dir, 'settings.json'));
    const secrets = createFileKeySecretStore(dir);
    const pins = createPinGuard({ secrets });
    const journal = { recordSupervisorAction: () => undefined };
    // The real checks, as the composition (src/main/app) hands them in.
    const handlers = createSettingsHandlers({
      settings,
      secrets,
      pins,
      onChanged: vi.fn(),
      journal,
      checkProvider: (request) => runProviderCheck(request),
      checkPrinterUri: (uri) => checkPrinterUri(uri),
    });
    const dispatch = createDispatcher(handlers as unknown as HandlerMap, { error: vi.fn() });
    const errorOf = async (input: unknown) => {
      const result = (await dispatch('settings.update', input, { host: 'web' })) as
        { ok: true } | { ok: false; error: { code: string; message: { zh: string; en: string } } };
      if (result.ok) throw new Error('settings.update should have been refused');
      return result.error;
    };
    await dispatch('settings.setPin', { newPin: '2580' }, { host: 'web' });
    return { secrets, errorOf };
  }

  it('head office’s password in training on a PC without a key store: what to do, in words', async () => {
    const { secrets, errorOf } = await setup();
    const refused = await errorOf({
      patch: { headOfficeUrl: 'postgres://till_feed@127.0.0.1:5432/hq', headOfficeStoreId: 'S1' },
      secrets: { headOfficePassword: 'feed-only-password' },
      pin: '2580',
    });
    expect(refused.code).toBe('secure-storage-weak');
    expect(refused.message.zh).toMatch(/^總部密碼未儲存/);
    expect(refused.message.zh).toContain('GNOME Keyring');
    expect(refused.message.zh).toContain('接受不安全的金鑰儲存');
    expect(refused.message.zh).not.toContain('正式營業');
    expect(refused.message.en).not.toContain('production keys');
    expect(secrets.has('headOfficePassword')).toBe(false);
  });

  it('production keys keep the message about production keys', async () => {
    const { errorOf } = await setup();
    const refused = await errorOf({ secrets: { apiKey: 'AK-test-5e4d3c2b1a09' }, pin: '2580' });
    expect(refused.message.zh).toContain('正式營業的金鑰');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { runProviderCheck } from '../../../src/main/invoice-service/provider-check';
import { checkPrinterUri } from '../../../src/main/printing/transports/printer-uri';
import { createFileSecretBlobs } from '../../../src/main/settings/file-secret-blobs';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createSettingsHandlers } from '../../../src/main/settings/handlers';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { createPinGuard } from '../../../src/main/settings/pin';
import { openSafeStorageSecretStore } from '../../../src/main/settings/safe-storage-secret-store';
import type { SecretStore } from '../../../src/main/settings/secret-store';
import type { SettingsStore } from '../../../src/main/settings/settings-store';
import type { SettingsView } from '../../../src/shared/ipc/contract/settings';
import type { SupervisorActionInput } from '../../../src/main/journal/types';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

const API_KEY = 'AK-test-5e4d3c2b1a09';
const SIGNING_SECRET = 'SS-test-a1b2c3d4e5f60718';
const QR_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90';

type Result =
  | { ok: true; value: SettingsView }
  | { ok: false; error: { code: string; message: { zh: string; en: string }; issues?: string[] } };

describe('settings methods', () => {
  const tempDir = tempDirsPerTest('settings');

  function setup(options: { secrets?: SecretStore; settings?: SettingsStore; now?: () => number } = {}) {
    const dir = tempDir();
    const settings = options.settings ?? createJsonFileSettingsStore(join(dir, 'settings.json'));
    const secrets = options.secrets ?? createFileKeySecretStore(dir);
    const onChanged = vi.fn();
    const pins = createPinGuard({ secrets, now: options.now });
    const recorded: SupervisorActionInput[] = [];
    const journal = { recordSupervisorAction: (action: SupervisorActionInput) => recorded.push(action) };
    // The real checks, as the composition (src/main/app) hands them in.
    const handlers = createSettingsHandlers({
      settings,
      secrets,
      pins,
      onChanged,
      journal,
      checkProvider: (request) => runProviderCheck(request),
      checkPrinterUri: (uri) => checkPrinterUri(uri),
    });
    const dispatch = createDispatcher(handlers as unknown as HandlerMap, { error: vi.fn() });
    const call = (method: string, input: unknown) =>
      dispatch(method, input, { host: 'web' }) as Promise<Result>;
    const value = async <T = SettingsView>(method: string, input: unknown): Promise<T> => {
      const result = await call(method, input);
      if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
      return result.value as T;
    };
    const errorOf = async (method: string, input: unknown) => {
      const result = await call(method, input);
      if (result.ok) throw new Error(`${method} should have failed`);
      return result.error;
    };
    return { dir, settings, secrets, onChanged, call, value, errorOf, recorded };
  }

  it('shows defaults, no secrets, and how secrets are protected on a fresh till', async () => {
    const { value } = setup();
    const view = await value('settings.get', {});
    expect(view.settings).toMatchObject({
      mode: 'training',
      tillId: 'T01',
      kiosk: false,
      firstRunDone: false,
    });
    expect(view.secrets).toEqual({
      apiKey: { set: false },
      signingSecret: { set: false },
      qrAesKey: { set: false },
      supervisorPin: { set: false },
    });
    expect(view.secureStorage).toBe('weak');
    expect(view.secureStorageNotice!.zh).toContain('金鑰庫');
    expect(view.secureStorageNotice!.en).toContain('key store');
    expect(view.pinRequired).toBe(false);
  });

  it('refuses a till id the chosen provider variant could never send, by name, and changes nothing', async () => {
    const { value, errorOf, settings, recorded } = setup();
    // SystemLead's segment group (UseFor) has 2 characters; the default till id T01 has 3.
    const refused = await errorOf('settings.update', { patch: { providerVariant: 'systemlead' } });
    expect(refused.code).toBe('rejected');
    expect(refused.message.zh).toMatch(/收銀機編號「T01」.*UseFor.*設定未變更/);
    expect(refused.message.en).toMatch(/till id "T01".*Nothing was changed/);
    expect(settings.get().providerVariant).toBe('profile');
    expect(recorded).toHaveLength(0);
    // Both at once is fine, and then a longer till id is refused the same way.
    await value('settings.update', { patch: { providerVariant: 'systemlead', tillId: 'T1' } });
    expect((await errorOf('settings.update', { patch: { tillId: 'T02' } })).message.en).toContain('"T02"');
    expect(settings.get()).toMatchObject({ providerVariant: 'systemlead', tillId: 'T1' });
  });

  it('changes only the fields given, printer fields one at a time, persists them and reports the change', async () => {
    const { value, onChanged, dir } = setup();
    const view = await value('settings.update', {
      patch: { language: 'en', tillId: 'A7', printer: { paperWidth: 80 } },
    });
    expect(view.settings).toMatchObject({ language: 'en', tillId: 'A7', mode: 'training' });
    expect(view.settings.printer).toEqual({
      uri: 'virtual',
      model: 'epson',
      paperWidth: 80,
      chinese: 'big5',
    });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({
      tillId: 'A7',
      printer: { paperWidth: 80 },
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onChanged.mock.calls[0]![0]).toMatchObject({ tillId: 'A7' });
  });

  it('keeps a cloud printer for the paper proof beside the local printer, refusing what the provider cannot take', async () => {
    const { errorOf, value, settings, onChanged } = setup();
    // A fresh till prints the paper proof on its own printer.
    expect((await value('settings.get', {})).settings).toMatchObject({ cloudPrinter: '', cloudSalesId: '' });

    const view = await value('settings.update', {
      patch: { cloudPrinter: 'cloud:P01', cloudSalesId: 'S-7' },
    });
    expect(view.settings).toMatchObject({ cloudPrinter: 'cloud:P01', cloudSalesId: 'S-7' });
    // The local printer stays as it was: it prints the slips that are no invoice.
    expect(view.settings.printer.uri).toBe('virtual');
    expect(onChanged).toHaveBeenCalledTimes(1);

    // Shape errors: empty number, control characters, too long for any provider, a bad SalesID.
    for (const patch of [
      { cloudPrinter: 'cloud:' },
      { cloudPrinter: 'cloud:P\u000701' },
      { cloudPrinter: 'cloud:ABCDEFGHIJK' },
      { cloudPrinter: 'tcp://10.0.0.5:9100' },
      { cloudSalesId: 'S 7' },
    ]) {
      const error = await errorOf('settings.update', { patch });
      expect(error.code, JSON.stringify(patch)).toBe('invalid-input');
      expect(error.message.zh).toContain('資料格式不正確');
    }

    // SystemLead takes no cloud print from an order-mode till: refused by name, nothing changed.
    const notOffered = await errorOf('settings.update', {
      patch: { providerVariant: 'systemlead', tillId: 'T1' },
    });
    expect(notOffered.code).toBe('rejected');
    expect(notOffered.message.zh).toMatch(/SystemLead.*雲端列印.*設定未變更/);
    expect(notOffered.message.en).toMatch(/cannot use cloud print.*Nothing was changed/);

    // Back to this till's printer for the paper proof.
    await value('settings.update', { patch: { cloudPrinter: '', cloudSalesId: '' } });
    expect(settings.get()).toMatchObject({ cloudPrinter: '', cloudSalesId: '', providerVariant: 'profile' });
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('refuses bad input with a bilingual error and changes nothing', async () => {
    const { errorOf, value, onChanged, secrets } = setup();
    const before = await value('settings.get', {});
    const bad = [
      { patch: { companyId: '12345678' } }, // wrong check digit
      { patch: { tillId: 't 01' } },
      { patch: { timeoutMs: 10 } },
      { patch: { serviceUrl: 'http://einvoice.example.com/pos' } }, // plain http off this machine
      { patch: { serviceUrl: 'https://user:pw@einvoice.example.com/' } },
      { patch: { printer: { paperWidth: 76 } } },
      { patch: { color: 'red' } },
      { patch: { kiosk: true }, secrets: { qrAesKey: 'not hex' } },
      { patch: { kiosk: true }, secrets: { apiKey: 'short' } },
      { secrets: { supervisorPinHash: 'scrypt$1$1$1$x$y' } }, // not writable this way
      { patch: { mode: 'training' }, pin: '12' },
    ];
    for (const input of bad) {
      const error = await errorOf('settings.update', input);
      expect(error.code, JSON.stringify(input)).toBe('invalid-input');
      expect(error.message.zh).toContain('資料格式不正確');
    }
    expect(await value('settings.get', {})).toEqual(before);
    expect(secrets.has('qrAesKey')).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('accepts an https service address and the training service on 127.0.0.1', async () => {
    const { value } = setup();
    expect(
      (await value('settings.update', { patch: { serviceUrl: 'https://pos.einvoice.example/api' } })).settings
        .serviceUrl,
    ).toBe('https://pos.einvoice.example/api');
    expect(
      (await value('settings.update', { patch: { serviceUrl: 'http://127.0.0.1:4567' } })).settings
        .serviceUrl,
    ).toBe('http://127.0.0.1:4567');
  });

  it('takes secrets in and never gives them back, only whether each is set', async () => {
    const { value, secrets, onChanged } = setup();
    const view = await value('settings.update', {
      // This store keeps its key on disk (`weak`): the supervisor's knowing choice is needed.
      patch: { acceptInsecureSecretStorage: true },
      secrets: { apiKey: API_KEY, signingSecret: SIGNING_SECRET, qrAesKey: QR_KEY },
    });
    expect(view.secrets).toMatchObject({
      apiKey: { set: true },
      signingSecret: { set: true },
      qrAesKey: { set: true },
    });
    for (const shown of [view, await value('settings.get', {})]) {
      const text = JSON.stringify(shown);
      for (const secret of [API_KEY, SIGNING_SECRET, QR_KEY]) expect(text).not.toContain(secret);
    }
    expect(secrets.get('apiKey')).toBe(API_KEY); // the main process can still sign with them
    expect(onChanged).toHaveBeenCalledTimes(1);

    const cleared = await value('settings.update', { secrets: { apiKey: null } });
    expect(cleared.secrets.apiKey).toEqual({ set: false });
    expect(cleared.secrets.signingSecret).toEqual({ set: true });
    expect(secrets.get('apiKey')).toBeNull();
  });

  it('goes into production only with the service address and every credential, in one step or several', async () => {
    const { errorOf, value, secrets, settings } = setup();
    await value('settings.update', { patch: { acceptInsecureSecretStorage: true } });
    const missing = await errorOf('settings.update', { patch: { mode: 'production' } });
    expect(missing.code).toBe('rejected');
    expect(missing.message.zh).toContain('服務網址');
    expect(missing.message.zh).toContain('API 金鑰');
    expect(missing.message.en).toContain('the signing secret');
    expect(settings.get().mode).toBe('training');

    const partial = await errorOf('settings.update', {
      patch: { mode: 'production', serviceUrl: 'https://pos.einvoice.example' },
      secrets: { apiKey: API_KEY, signingSecret: SIGNING_SECRET },
    });
    expect(partial.message.en).toContain('the QR key');
    expect(partial.message.en).not.toContain('the API key');
    expect(secrets.has('apiKey')).toBe(false); // all or nothing

    const view = await value('settings.update', {
      patch: { mode: 'production', serviceUrl: 'https://pos.einvoice.example' },
      secrets: { apiKey: API_KEY, signingSecret: SIGNING_SECRET, qrAesKey: QR_KEY },
    });
    expect(view.settings.mode).toBe('production');

    // Production cannot lose a credential.
    const losing = await errorOf('settings.update', { secrets: { apiKey: null } });
    expect(losing.code).toBe('rejected');
    expect(secrets.get('apiKey')).toBe(API_KEY);
  });

  it('asks for the supervisor PIN once it is set, first run included', async () => {
    const { value, errorOf, settings, dir } = setup();
    expect((await value('settings.get', {})).pinRequired).toBe(false);
    // First run: the PIN is set without a current one; from then on every change needs it.
    expect((await value('settings.setPin', { newPin: '482916' })).secrets.supervisorPin).toEqual({
      set: true,
    });
    expect((await errorOf('settings.update', { patch: { sellerName: '好店' } })).code).toBe('pin-required');
    const done = await value('settings.update', { patch: { firstRunDone: true }, pin: '482916' });
    expect(done).toMatchObject({ pinRequired: true, supervisorPin: 'set' });

    const needsPin = await errorOf('settings.update', { patch: { kiosk: true } });
    expect(needsPin.code).toBe('pin-required');
    expect(needsPin.message.zh).toContain('主管 PIN');
    const wrong = await errorOf('settings.update', { patch: { kiosk: true }, pin: '000000' });
    expect(wrong.code).toBe('pin-wrong');
    expect(settings.get().kiosk).toBe(false);
    expect((await value('settings.update', { patch: { kiosk: true }, pin: '482916' })).settings.kiosk).toBe(
      true,
    );

    // Changing the PIN needs the current one now.
    expect((await errorOf('settings.setPin', { newPin: '1357' })).code).toBe('pin-required');
    expect((await errorOf('settings.setPin', { newPin: '1357', currentPin: '111111' })).code).toBe(
      'pin-wrong',
    );
    await value('settings.setPin', { newPin: '1357', currentPin: '482916' });
    expect(await value('settings.verifyPin', { pin: '1357' })).toEqual({ valid: true, pinSet: true });
    expect(await value('settings.verifyPin', { pin: '482916' })).toEqual({ valid: false, pinSet: true });

    // The PIN is kept as an encrypted scrypt hash: no file holds the hash or the PIN.
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name));
      expect(bytes.includes('scrypt$'), name).toBe(false);
      expect(bytes.includes('"1357"'), name).toBe(false);
    }
  });

  it('says no PIN is set rather than checking one', async () => {
    const { value } = setup();
    expect(await value('settings.verifyPin', { pin: '1234' })).toEqual({ valid: false, pinSet: false });
  });

  it('locks PIN checks for a minute after five wrong PINs, even for the right one', async () => {
    let now = 1_000_000;
    const { value, errorOf } = setup({ now: () => now });
    await value('settings.setPin', { newPin: '2580' });
    for (let i = 0; i < 5; i++)
      expect((await value<{ valid: boolean }>('settings.verifyPin', { pin: '0000' })).valid).toBe(false);
    const locked = await errorOf('settings.verifyPin', { pin: '2580' });
    expect(locked.code).toBe('pin-locked');
    expect(locked.message.zh).toContain('60 秒');
    now += 59_000;
    expect((await errorOf('settings.verifyPin', { pin: '2580' })).code).toBe('pin-locked');
    now += 1_000;
    expect(await value('settings.verifyPin', { pin: '2580' })).toEqual({ valid: true, pinSet: true });
  });

  it('refuses to store any secret or PIN when the OS offers no secure storage, and says so', async () => {
    const dir = tempDir();
    const secrets = await openSafeStorageSecretStore({
      safeStorage: {
        isAsyncEncryptionAvailable: async () => false,
        encryptStringAsync: () => {
          throw new Error('must not be called');
        },
        decryptStringAsync: async () => ({ result: '', shouldReEncrypt: false }),
      },
      platform: 'linux',
      blobs: createFileSecretBlobs(join(dir, 'secrets.json')),
    });
    const { value, errorOf, settings } = setup({ secrets });
    const view = await value('settings.get', {});
    expect(view.secureStorage).toBe('unavailable');
    expect(view.secureStorageNotice!.en).toContain('cannot encrypt');
    const refused = await errorOf('settings.update', {
      patch: { sellerName: '新名字' },
      secrets: { apiKey: API_KEY },
    });
    expect(refused.code).toBe('secure-storage-unavailable');
    expect(refused.message.zh).toContain('未儲存任何密鑰');
    expect(settings.get().sellerName).not.toBe('新名字'); // all or nothing
    expect((await errorOf('settings.setPin', { newPin: '2580' })).code).toBe('secure-storage-unavailable');
    // Settings without secrets still work.
    expect((await value('settings.update', { patch: { sellerName: '新名字' } })).settings.sellerName).toBe(
      '新名字',
    );
  });

  it('puts the previous secrets back when the settings cannot be written', async () => {
    const dir = tempDir();
    const real = createJsonFileSettingsStore(join(dir, 'settings.json'));
    const failing: SettingsStore = {
      get: () => real.get(),
      update: () => {
        throw new Error('disk full');
      },
    };
    const secrets = createFileKeySecretStore(dir);
    secrets.set('apiKey', 'AK-previous-0000');
    const { errorOf, onChanged } = setup({ settings: failing, secrets });
    const error = await errorOf('settings.update', {
      patch: { kiosk: true, acceptInsecureSecretStorage: true },
      secrets: { apiKey: API_KEY, qrAesKey: QR_KEY },
    });
    expect(error.code).toBe('internal');
    expect(secrets.get('apiKey')).toBe('AK-previous-0000');
    expect(secrets.has('qrAesKey')).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('refuses to finish first run without a PIN unless the supervisor explicitly chooses to, and records it', async () => {
    const { value, errorOf, settings, recorded } = setup();
    expect((await value('settings.get', {})).supervisorPin).toBe('missing');
    const refused = await errorOf('settings.update', { patch: { sellerName: '好店', firstRunDone: true } });
    expect(refused.code).toBe('pin-not-set');
    expect(refused.message.zh).toContain('主管 PIN');
    expect(settings.get()).toMatchObject({ firstRunDone: false, sellerName: '練習商店' });
    expect(recorded).toEqual([]);

    const waived = await value('settings.update', {
      patch: { firstRunDone: true, runWithoutPin: true },
      by: '陳老闆',
    });
    expect(waived).toMatchObject({ supervisorPin: 'waived', pinRequired: false });
    expect(recorded).toEqual([
      {
        action: 'settings.update',
        by: '陳老闆',
        detail: { changed: { firstRunDone: true, runWithoutPin: true }, secrets: {} },
      },
    ]);

    // Setting a PIN later ends the choice to run without one, and is recorded too.
    const withPin = await value('settings.setPin', { newPin: '5678' });
    expect(withPin).toMatchObject({ supervisorPin: 'set', pinRequired: true });
    expect(settings.get().runWithoutPin).toBe(false);
    expect(recorded.at(-1)).toEqual({
      action: 'settings.set-pin',
      by: 'supervisor',
      detail: { changed: 'first set' },
    });
    expect(JSON.stringify(recorded)).not.toContain('5678'); // the PIN itself is never recorded
  });

  it('without an OS key store takes production keys only once the supervisor knowingly accepts it', async () => {
    const { value, errorOf, secrets, recorded } = setup();
    await value('settings.setPin', { newPin: '2580' });
    const refused = await errorOf('settings.update', { secrets: { apiKey: API_KEY }, pin: '2580' });
    expect(refused.code).toBe('secure-storage-weak');
    expect(refused.message.zh).toContain('接受不安全的金鑰儲存');
    expect(secrets.has('apiKey')).toBe(false);
    const production = await errorOf('settings.update', { patch: { mode: 'production' }, pin: '2580' });
    expect(production.code).toBe('secure-storage-weak');

    // The choice itself needs the PIN and is recorded, with who made it.
    expect((await errorOf('settings.update', { patch: { acceptInsecureSecretStorage: true } })).code).toBe(
      'pin-required',
    );
    const accepted = await value('settings.update', {
      patch: { acceptInsecureSecretStorage: true },
      pin: '2580',
      by: '林主管',
    });
    expect(accepted.settings.acceptInsecureSecretStorage).toBe(true);
    expect(recorded.at(-1)).toMatchObject({
      action: 'settings.update',
      by: '林主管',
      detail: { changed: { acceptInsecureSecretStorage: true } },
    });
    await value('settings.update', { secrets: { apiKey: API_KEY }, pin: '2580' });
    expect(secrets.get('apiKey')).toBe(API_KEY);
    expect(recorded.at(-1)).toMatchObject({ detail: { secrets: { apiKey: 'set' } } });
    expect(JSON.stringify(recorded)).not.toContain(API_KEY);
  });
});

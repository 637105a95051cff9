import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TillError } from '../../../src/main/core/errors';
import { filesUnder } from '../../support/files-under';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
});

const { createElectronSecretBlobs } = await import('../../../src/main/settings/electron-secret-blobs');
const { createFileKeySecretStore } = await import('../../../src/main/settings/file-key-secret-store');
const { openSafeStorageSecretStore, safeStorageState } =
  await import('../../../src/main/settings/safe-storage-secret-store');

const SECRET = 'SS-live-Zq8Pw3Lm6Rt9Yx2';

/**
 * safeStorage as a keychain would do it: real encryption under a key that is not on disk, only
 * through Electron 45's asynchronous calls (the deprecated synchronous ones throw if called).
 * `rotated` answers every decryption with `shouldReEncrypt`, as after the OS changed its key.
 */
function fakeSafeStorage(options: { available?: boolean; backend?: string; rotated?: boolean } = {}) {
  const key = randomBytes(32);
  const deprecated = (name: string) => () => {
    throw new Error(`deprecated safeStorage.${name} called`);
  };
  return {
    isEncryptionAvailable: deprecated('isEncryptionAvailable'),
    encryptString: deprecated('encryptString'),
    decryptString: deprecated('decryptString'),
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    getSelectedStorageBackend: () => (options.backend ?? 'gnome_libsecret') as never,
    encryptStringAsync: vi.fn(async (text: string) => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]);
    }),
    decryptStringAsync: vi.fn(async (data: Buffer) => {
      const decipher = createDecipheriv('aes-256-cbc', key, data.subarray(0, 16));
      const result = Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]).toString('utf8');
      return { result, shouldReEncrypt: options.rotated ?? false };
    }),
  };
}

describe('secret stores', () => {
  const tempDir = tempDirsPerTest('secrets');

  describe('safeStorage (Electron)', () => {
    it('encrypts with safeStorage and keeps base64 ciphertext in secrets.json', async () => {
      const dir = tempDir();
      const safeStorage = fakeSafeStorage();
      const secrets = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'linux',
        blobs: createElectronSecretBlobs(dir),
      });
      expect(secrets.backend).toBe('os');
      secrets.set('signingSecret', SECRET);
      // Readable at once; on disk once settled.
      expect(secrets.get('signingSecret')).toBe(SECRET);
      await secrets.settled!();
      expect(safeStorage.encryptStringAsync).toHaveBeenCalledWith(SECRET);
      const stored = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
      expect(stored.signingSecret).toMatch(/^[A-Za-z0-9+/]+=*$/);
      for (const path of filesUnder(dir)) expect(readFileSync(path).includes(SECRET), path).toBe(false);

      // A restart reads it back through safeStorage.
      const again = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'linux',
        blobs: createElectronSecretBlobs(dir),
      });
      expect(again.has('signingSecret')).toBe(true);
      expect(again.get('signingSecret')).toBe(SECRET);
      expect(again.get('apiKey')).toBeNull();
      again.clear('signingSecret');
      expect(again.has('signingSecret')).toBe(false);
      await again.settled!();
      expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).signingSecret).toBeUndefined();
    });

    it('writes in the order of the calls, and settled() reports a write that failed', async () => {
      const dir = tempDir();
      const safeStorage = fakeSafeStorage();
      const secrets = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'win32',
        blobs: createElectronSecretBlobs(dir),
      });
      // The first encryption is slow: the later set and clear must still land after it.
      let release!: () => void;
      const slow = new Promise<void>((resolve) => (release = resolve));
      const encrypt = safeStorage.encryptStringAsync.getMockImplementation()!;
      safeStorage.encryptStringAsync.mockImplementationOnce(async (text: string) => {
        await slow;
        return encrypt(text);
      });
      secrets.set('apiKey', 'first');
      secrets.set('apiKey', 'second');
      secrets.set('qrAesKey', 'gone');
      secrets.clear('qrAesKey');
      release();
      await secrets.settled!();
      const reopened = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'win32',
        blobs: createElectronSecretBlobs(dir),
      });
      expect(reopened.get('apiKey')).toBe('second');
      expect(reopened.has('qrAesKey')).toBe(false);

      safeStorage.encryptStringAsync.mockRejectedValueOnce(new Error('keychain locked'));
      secrets.set('signingSecret', SECRET);
      await expect(secrets.settled!()).rejects.toThrow('keychain locked');
      await expect(secrets.settled!()).resolves.toBeUndefined();
    });

    it('stores a value again when the OS rotated its key (shouldReEncrypt)', async () => {
      const dir = tempDir();
      const safeStorage = fakeSafeStorage({ rotated: true });
      const secrets = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'win32',
        blobs: createElectronSecretBlobs(dir),
      });
      secrets.set('apiKey', SECRET);
      await secrets.settled!();
      const before = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).apiKey as string;
      const reopened = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'win32',
        blobs: createElectronSecretBlobs(dir),
      });
      expect(reopened.get('apiKey')).toBe(SECRET);
      const after = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).apiKey as string;
      expect(after).not.toBe(before);
    });

    it('says how safe the storage is: OS store, Linux basic_text (weak), or none', async () => {
      expect(await safeStorageState(fakeSafeStorage(), 'win32')).toBe('os');
      expect(await safeStorageState(fakeSafeStorage({ backend: 'kwallet5' }), 'linux')).toBe('os');
      expect(await safeStorageState(fakeSafeStorage({ backend: 'basic_text' }), 'linux')).toBe('weak');
      expect(await safeStorageState(fakeSafeStorage({ available: false }), 'darwin')).toBe('unavailable');
    });

    it('refuses to store anything when encryption is unavailable, with a bilingual reason', async () => {
      const dir = tempDir();
      const safeStorage = fakeSafeStorage({ available: false });
      const secrets = await openSafeStorageSecretStore({
        safeStorage,
        platform: 'linux',
        blobs: createElectronSecretBlobs(dir),
      });
      let error: unknown;
      try {
        secrets.set('apiKey', SECRET);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TillError);
      expect((error as TillError).code).toBe('secure-storage-unavailable');
      expect((error as TillError).bilingual.zh).toContain('無法加密儲存密鑰');
      expect(secrets.has('apiKey')).toBe(false);
      expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled();
    });

    it('reports a secret it cannot decrypt (another OS account) as unreadable', async () => {
      const dir = tempDir();
      const first = await openSafeStorageSecretStore({
        safeStorage: fakeSafeStorage(),
        platform: 'linux',
        blobs: createElectronSecretBlobs(dir),
      });
      first.set('apiKey', SECRET);
      await first.settled!();
      const other = await openSafeStorageSecretStore({
        safeStorage: fakeSafeStorage(),
        platform: 'linux',
        blobs: createElectronSecretBlobs(dir),
      });
      expect(() => other.get('apiKey')).toThrow(/cannot be decrypted/);
    });
  });

  describe('AES-256-GCM with a key file (web host, tests)', () => {
    it('keeps ciphertext in secrets.json and the key in an owner-only file apart from the settings', () => {
      const dir = tempDir();
      const secrets = createFileKeySecretStore(dir);
      expect(secrets.backend).toBe('weak');
      secrets.set('apiKey', SECRET);
      expect(createFileKeySecretStore(dir).get('apiKey')).toBe(SECRET);
      for (const path of filesUnder(dir)) expect(readFileSync(path).includes(SECRET), path).toBe(false);
      if (process.platform !== 'win32') {
        expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
        expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
      }
    });

    it('does not decrypt a blob moved to another name, a tampered blob, or under another key', () => {
      const dir = tempDir();
      const secrets = createFileKeySecretStore(dir);
      secrets.set('apiKey', SECRET);
      const file = join(dir, 'secrets.json');
      const stored = JSON.parse(readFileSync(file, 'utf8'));

      writeFileSync(file, JSON.stringify({ signingSecret: stored.apiKey }));
      expect(() => createFileKeySecretStore(dir).get('signingSecret')).toThrow(/cannot be decrypted/);

      const raw = Buffer.from(stored.apiKey.slice(3), 'base64');
      raw[raw.length - 1]! ^= 1;
      writeFileSync(file, JSON.stringify({ apiKey: 'v1:' + raw.toString('base64') }));
      expect(() => createFileKeySecretStore(dir).get('apiKey')).toThrow(/cannot be decrypted/);

      writeFileSync(file, JSON.stringify(stored));
      writeFileSync(join(dir, 'secret.key'), randomBytes(32));
      expect(() => createFileKeySecretStore(dir).get('apiKey')).toThrow(/cannot be decrypted/);
    });
  });
});

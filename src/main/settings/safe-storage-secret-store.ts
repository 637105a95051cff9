import type { SafeStorage } from 'electron';
import type { SecureStorageState } from '../../shared/ipc/contract/settings';
import {
  SECRET_NAMES,
  secretUnreadable,
  secureStorageUnavailable,
  type SecretBlobStore,
  type SecretName,
  type SecretStore,
} from './secret-store';

/**
 * The part of Electron's safeStorage the store uses (a fake in tests): only the asynchronous
 * calls. Electron 45 deprecates `encryptString`, `decryptString` and `isEncryptionAvailable`.
 */
export type SafeStorageLike = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync'
> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

/**
 * How safeStorage protects data here. On Linux without a keyring Chromium falls back to
 * `basic_text`: encrypted with a password built into Chromium, i.e. obfuscation only.
 * Must be asked after the app is ready.
 */
export async function safeStorageState(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform,
): Promise<SecureStorageState> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return 'unavailable';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'weak';
  return 'os';
}

/**
 * The Electron shell's secret store: safeStorage (DPAPI on Windows, Keychain on macOS, the
 * Secret Service / KWallet on Linux) encrypts, the blob store keeps base64 ciphertext.
 *
 * safeStorage now only encrypts asynchronously while the till's SecretStore is synchronous (the
 * signer, the PIN guard and the journal key read it in the middle of their work). So every blob
 * is decrypted once here, at start, and kept in memory as the values were read before anyway;
 * a `set` or `clear` changes memory at once and reaches the disk in order through one queue.
 * `settled()` waits for that queue: the core answers no call before the secrets it wrote are on
 * disk (`withSecretsOnDisk`), and a new journal key is on disk before the journal is keyed.
 */
export async function openSafeStorageSecretStore(options: {
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  blobs: SecretBlobStore;
}): Promise<SecretStore> {
  const { safeStorage, blobs } = options;
  const backend = await safeStorageState(safeStorage, options.platform);
  const values = new Map<SecretName, string>();
  const unreadable = new Set<SecretName>();
  for (const name of SECRET_NAMES) {
    const blob = blobs.read(name);
    if (blob === undefined) continue;
    try {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(blob, 'base64'));
      values.set(name, result);
      // The OS rotated its key: store the value again under the new one, as Electron asks.
      if (shouldReEncrypt)
        blobs.write(name, (await safeStorage.encryptStringAsync(result)).toString('base64'));
    } catch {
      unreadable.add(name);
    }
  }

  let queue: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const enqueue = (write: () => Promise<void>) => {
    queue = queue.then(write).catch((error: unknown) => {
      failure ??= error;
    });
  };

  return {
    backend,
    set(name, value) {
      if (backend === 'unavailable') throw secureStorageUnavailable();
      values.set(name, value);
      unreadable.delete(name);
      enqueue(async () =>
        blobs.write(name, (await safeStorage.encryptStringAsync(value)).toString('base64')),
      );
    },
    get(name) {
      if (unreadable.has(name)) throw secretUnreadable(name);
      return values.get(name) ?? null;
    },
    has: (name) => values.has(name) || unreadable.has(name),
    clear(name) {
      values.delete(name);
      unreadable.delete(name);
      enqueue(async () => blobs.remove(name));
    },
    async settled() {
      await queue;
      if (failure !== null) {
        const error = failure;
        failure = null;
        throw error;
      }
    },
  };
}

import type { SafeStorage } from 'electron';
import type { SecureStorageState } from '../../shared/ipc/contract/settings';
import {
  secretUnreadable,
  secureStorageUnavailable,
  type SecretBlobStore,
  type SecretStore,
} from './secret-store';

/** The part of Electron's safeStorage the store uses (a fake in tests). */
export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

/**
 * How safeStorage protects data here. On Linux without a keyring Chromium falls back to
 * `basic_text`: encrypted with a password built into Chromium, i.e. obfuscation only.
 * Must be asked after the app is ready.
 */
export function safeStorageState(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform,
): SecureStorageState {
  if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'weak';
  return 'os';
}

/**
 * The Electron shell's secret store: safeStorage (DPAPI on Windows, Keychain on macOS, the
 * Secret Service / KWallet on Linux) encrypts, the blob store keeps base64 ciphertext.
 */
export function createSafeStorageSecretStore(options: {
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  blobs: SecretBlobStore;
}): SecretStore {
  const { safeStorage, blobs } = options;
  const backend = safeStorageState(safeStorage, options.platform);
  return {
    backend,
    set(name, value) {
      if (backend === 'unavailable') throw secureStorageUnavailable();
      blobs.write(name, safeStorage.encryptString(value).toString('base64'));
    },
    get(name) {
      const blob = blobs.read(name);
      if (blob === undefined) return null;
      try {
        return safeStorage.decryptString(Buffer.from(blob, 'base64'));
      } catch {
        throw secretUnreadable(name);
      }
    },
    has: (name) => blobs.read(name) !== undefined,
    clear: (name) => blobs.remove(name),
  };
}

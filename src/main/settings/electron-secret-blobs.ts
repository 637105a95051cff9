import { ElectronStoreClass } from './electron-store-class';
import type { SecretBlobStore } from './secret-store';

/** safeStorage ciphertext (base64) in its own electron-store file, `secrets.json`, owner-only. */
export function createElectronSecretBlobs(cwd: string): SecretBlobStore {
  const store = new ElectronStoreClass<Record<string, string>>({
    name: 'secrets',
    cwd,
    configFileMode: 0o600,
    watch: false,
  });
  return {
    read: (name) => store.get(name),
    write: (name, blob) => store.set(name, blob),
    remove: (name) => store.delete(name),
  };
}

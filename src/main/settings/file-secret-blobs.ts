import { existsSync, readFileSync } from 'node:fs';
import { SECRET_NAMES, type SecretBlobStore, type SecretName } from './secret-store';
import { writeJsonFile } from './write-json-file';

/**
 * Encrypted secret blobs in one JSON file (owner-only, written atomically). The blobs are
 * ciphertext already: this file only keeps them.
 */
export function createFileSecretBlobs(file: string): SecretBlobStore {
  const load = (): Partial<Record<SecretName, string>> => {
    if (!existsSync(file)) return {};
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const blobs: Partial<Record<SecretName, string>> = {};
    for (const name of SECRET_NAMES) {
      if (typeof raw[name] === 'string') blobs[name] = raw[name];
    }
    return blobs;
  };
  const save = (blobs: Partial<Record<SecretName, string>>) => writeJsonFile(file, blobs, 0o600);
  return {
    read: (name) => load()[name],
    write(name, blob) {
      save({ ...load(), [name]: blob });
    },
    remove(name) {
      const blobs = load();
      if (!(name in blobs)) return;
      delete blobs[name];
      save(blobs);
    },
  };
}

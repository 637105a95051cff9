import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileSecretBlobs } from './file-secret-blobs';
import { secretUnreadable, type SecretStore } from './secret-store';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1:';

/**
 * The secret store of the development web host and the tests: AES-256-GCM under a random key kept
 * in its own file (`secret.key`, owner-only 0600) beside the settings, never inside them.
 *
 * Acceptable for a dev tool only: anyone who can read the data folder can read both the key and
 * the ciphertext, so this protects against a settings file pasted into a chat or a ticket, not
 * against someone with the disk. Hence `backend: 'weak'`. The shipped app uses the OS store
 * (safeStorage) instead.
 */
export function createFileKeySecretStore(dir: string): SecretStore {
  const keyFile = join(dir, 'secret.key');
  const blobs = createFileSecretBlobs(join(dir, 'secrets.json'));
  let key: Buffer | null = null;

  const loadKey = (): Buffer => {
    if (key) return key;
    mkdirSync(dir, { recursive: true });
    if (!existsSync(keyFile)) {
      // 'wx': never overwrite a key that another process created a moment ago.
      try {
        writeFileSync(keyFile, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    if (process.platform !== 'win32') chmodSync(keyFile, 0o600);
    const bytes = readFileSync(keyFile);
    if (bytes.length !== KEY_BYTES) throw new Error(`secret key file ${keyFile} is damaged`);
    key = bytes;
    return key;
  };

  return {
    backend: 'weak',
    set(name, value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', loadKey(), iv);
      // The name is authenticated too: a blob copied into another slot does not decrypt.
      cipher.setAAD(Buffer.from(name, 'utf8'));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      blobs.write(name, PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'));
    },
    get(name) {
      const blob = blobs.read(name);
      if (blob === undefined) return null;
      try {
        if (!blob.startsWith(PREFIX)) throw new Error('unknown format');
        const raw = Buffer.from(blob.slice(PREFIX.length), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', loadKey(), raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(name, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw secretUnreadable(name);
      }
    },
    has: (name) => blobs.read(name) !== undefined,
    clear: (name) => blobs.remove(name),
  };
}

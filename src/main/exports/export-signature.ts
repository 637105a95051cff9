import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * The JSON export's signature (issue 22, item 11): the export's `digest` is a plain SHA-256 that
 * whoever edits the file can recompute, so each till also signs it with a key of its own, an
 * Ed25519 pair made on first use and kept in the secret store (`tillExportSigningKey`, like the
 * journal's chain key). The signature covers the digest, which covers every byte before it, so
 * it covers the bytes; the file carries the public key and its fingerprint, and a store's
 * reconciliation pins each till's key at the first import (supervisor PIN, a journal record that
 * shows the fingerprint) and refuses a file signed with another key.
 */

/** The secret holding this till's signing key (PKCS#8 DER, base64). */
export const EXPORT_SIGNING_KEY_SECRET = 'tillExportSigningKey';

export const EXPORT_SIGNATURE_ALGORITHM = 'Ed25519';

/** The signature block of an export, after its digest. */
export interface ExportSignature {
  algorithm: typeof EXPORT_SIGNATURE_ALGORITHM;
  /** The till's public key: SPKI DER, base64. */
  publicKey: string;
  /** What a supervisor compares: `keyFingerprint(publicKey)`. */
  fingerprint: string;
  /** Ed25519 over `signedMessage(digest)`, base64. */
  value: string;
}

/** What is signed: the format, its version and the digest, so a signature means nothing elsewhere. */
function signedMessage(digest: string): Buffer {
  return Buffer.from(`till-journal-export:2:${digest}`, 'utf8');
}

/**
 * A key's fingerprint as people read it: the first 16 bytes of the SHA-256 of its SPKI DER, in
 * 8 groups of 4 hex digits (`3F2A-91BC-…`), the same on the export, the record and the screen.
 */
export function keyFingerprint(publicKeyBase64: string): string {
  const hex = createHash('sha256')
    .update(Buffer.from(publicKeyBase64, 'base64'))
    .digest('hex')
    .slice(0, 32)
    .toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

const publicKeys = new WeakMap<KeyObject, string>();

export function publicKeyOf(privateKey: KeyObject): string {
  let publicKey = publicKeys.get(privateKey);
  if (publicKey === undefined) {
    publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
    publicKeys.set(privateKey, publicKey);
  }
  return publicKey;
}

/** The last public keys read (a store has a few tills): a key object is costly to build. */
const keyObjects = new Map<string, KeyObject>();

function publicKeyObject(publicKey: string): KeyObject {
  let key = keyObjects.get(publicKey);
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (keyObjects.size >= 64) keyObjects.delete(keyObjects.keys().next().value!);
    keyObjects.set(publicKey, key);
  }
  return key;
}

export function exportSignature(privateKey: KeyObject, digest: string): ExportSignature {
  const publicKey = publicKeyOf(privateKey);
  return {
    algorithm: EXPORT_SIGNATURE_ALGORITHM,
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    value: sign(null, signedMessage(digest), privateKey).toString('base64'),
  };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `signature` (as read from a file: anything) is a valid Ed25519 signature of `digest` by
 * the public key it names, with the fingerprint of that key. Never throws.
 */
export function verifyExportSignature(signature: unknown, digest: string): ExportSignature | null {
  if (typeof signature !== 'object' || signature === null || Array.isArray(signature)) return null;
  const { algorithm, publicKey, fingerprint, value } = signature as Record<string, unknown>;
  if (algorithm !== EXPORT_SIGNATURE_ALGORITHM) return null;
  if (typeof publicKey !== 'string' || publicKey.length > 200 || !BASE64.test(publicKey)) return null;
  if (typeof value !== 'string' || value.length > 200 || !BASE64.test(value)) return null;
  if (fingerprint !== keyFingerprint(publicKey)) return null;
  try {
    const key = publicKeyObject(publicKey);
    if (key.asymmetricKeyType !== 'ed25519') return null;
    if (!verify(null, signedMessage(digest), key, Buffer.from(value, 'base64'))) return null;
  } catch {
    return null;
  }
  return { algorithm, publicKey, fingerprint, value };
}

/** Where the key is kept: the secret store's get/set (settings/secret-store.ts). */
export interface SigningKeyStore {
  get(name: typeof EXPORT_SIGNING_KEY_SECRET): string | null;
  set(name: typeof EXPORT_SIGNING_KEY_SECRET, value: string): void;
}

/**
 * This till's signing key, made on first use. Null when none can be kept (no secure storage):
 * the exports are then unsigned, and other tills refuse them by name.
 */
export function loadExportSigningKey(store: SigningKeyStore): KeyObject | null {
  let stored: string | null = null;
  try {
    stored = store.get(EXPORT_SIGNING_KEY_SECRET);
  } catch {
    // Not decryptable (another OS account): a new key below.
  }
  if (stored) {
    try {
      const key = createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });
      if (key.asymmetricKeyType === 'ed25519') return key;
    } catch {
      // Unreadable: a new key below (the next import at another till shows its new fingerprint).
    }
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    store.set(
      EXPORT_SIGNING_KEY_SECRET,
      privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    );
  } catch {
    return null;
  }
  return privateKey;
}

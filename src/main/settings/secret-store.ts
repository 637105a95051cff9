import type { SecureStorageState } from '../../shared/ipc/contract/settings';
import { TillError } from '../core/errors';

/**
 * Every secret the till keeps. The renderer can write the first three, never read any.
 * `pinLockout` (wrong-PIN count and lock) is not secret, but lives here so that only the main
 * process can reset it and a restart does not.
 */
export const SECRET_NAMES = [
  'apiKey',
  'signingSecret',
  'qrAesKey',
  // The standard API's pair (returns): its own apiKey and signing secret (profile §4, §5).
  'standardApiKey',
  'standardSigningSecret',
  // Head office's PostgreSQL password (issue 17): the address in settings carries none.
  'headOfficePassword',
  'supervisorPinHash',
  'pinLockout',
  'journalChainKey',
  // This till's Ed25519 key that signs its JSON exports (journal/export-signature.ts), made on first use.
  'tillExportSigningKey',
  // The cashiers' personal PINs (src/main/shifts/cashiers.ts): `{ "<cashier id>": "<scrypt hash>" }`,
  // and their wrong-PIN lockout, counted apart from the supervisor's.
  'cashierPinHashes',
  'cashierPinLockout',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
// `journalChainKey`: the journal's HMAC chain key (journal/guard.ts), made on first use; never leaves main.

/**
 * Secrets, encrypted at rest. `get` is for the main process only (the invoice client signs with
 * the signing secret); nothing that reaches the renderer may call it.
 */
export interface SecretStore {
  /** How well the values are protected on disk; `unavailable` refuses every `set`. */
  readonly backend: SecureStorageState;
  /** Throws TillError `secure-storage-unavailable` when backend is `unavailable`. */
  set(name: SecretName, value: string): void;
  /** The value, or null when not set. Throws TillError `secret-unreadable` if it cannot be decrypted. */
  get(name: SecretName): string | null;
  has(name: SecretName): boolean;
  clear(name: SecretName): void;
  /**
   * Resolves when every `set` and `clear` so far is on disk (rejects if one failed). Stores that
   * write synchronously leave it out; Electron's safeStorage encrypts asynchronously.
   */
  settled?(): Promise<void>;
}

/**
 * The handler map with one rule added: no answer goes back before the secrets a call wrote are
 * on disk, so a PIN set, a wrong-PIN count or a key saved is never lost to a crash right after
 * the screen said it was done.
 */
export function withSecretsOnDisk<M extends Record<string, (...args: never[]) => Promise<unknown>>>(
  handlers: M,
  secrets: SecretStore,
): M {
  const settled = secrets.settled?.bind(secrets);
  if (!settled) return handlers;
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (...args) => {
      try {
        return await handler(...args);
      } finally {
        await settled();
      }
    };
  }
  return wrapped as M;
}

/** Where the encrypted values (base64 text) are kept: electron-store or a JSON file. */
export interface SecretBlobStore {
  read(name: SecretName): string | undefined;
  write(name: SecretName, blob: string): void;
  remove(name: SecretName): void;
}

export const secureStorageUnavailable = () =>
  new TillError('secure-storage-unavailable', {
    zh: '此電腦無法加密儲存密鑰（作業系統未提供安全儲存），因此未儲存任何密鑰。請在有安全儲存的電腦上設定正式營業用的 API 金鑰、簽章密鑰與 QR 金鑰。',
    en: 'This computer cannot store secrets encrypted (the OS offers no secure storage), so nothing was stored. Set the production API key, signing secret and QR key on a computer with secure storage.',
  });

/**
 * Only head office's password to store, on a PC without an OS key store (a training till that
 * feeds head office): what to do, not a message about production keys it is not storing.
 */
export const headOfficePasswordWeakRefused = () =>
  new TillError('secure-storage-weak', {
    zh: '總部密碼未儲存：此電腦沒有作業系統的安全金鑰庫，密碼只會以存放在本機的金鑰加密。請啟用金鑰庫（例如 GNOME Keyring 或 KWallet）後重新開啟收銀程式再輸入；或由主管在「設定」勾選「接受不安全的金鑰儲存」（需 PIN，並記入日誌）後再按「儲存」。設定未變更。',
    en: 'Head office\'s password was not stored: this computer has no OS key store, so it would be encrypted only with a key kept on this disk. Enable a key store (e.g. GNOME Keyring or KWallet), restart the till and type it again; or have a supervisor tick "Accept insecure key storage" in Settings (PIN, recorded in the journal), then Save. Nothing was changed.',
  });

export const secureStorageWeakRefused = () =>
  new TillError('secure-storage-weak', {
    zh: '此電腦沒有作業系統的安全金鑰庫：正式營業的金鑰只會以存放在本機的金鑰加密。主管須在「設定」勾選「接受不安全的金鑰儲存」（需 PIN，並記入日誌）才能儲存或切換為正式模式。設定未變更。',
    en: 'This computer has no OS key store: production keys would be encrypted only with a key kept on this disk. A supervisor must tick "Accept insecure key storage" under Settings (PIN, recorded in the journal) before storing them or switching to production. Nothing was changed.',
  });

export const secretUnreadable = (name: SecretName) =>
  new TillError('secret-unreadable', {
    zh: `無法解密已儲存的密鑰（${name}），可能是作業系統帳號或金鑰庫已變更。請重新輸入。`,
    en: `The stored secret ${name} cannot be decrypted (the OS account or key store may have changed). Enter it again.`,
  });

/** The settings screen's explanation when secrets are not protected by the OS. */
export function secureStorageNotice(state: SecureStorageState): { zh: string; en: string } | null {
  switch (state) {
    case 'os':
      return null;
    case 'weak':
      return {
        zh: '此電腦沒有作業系統的安全金鑰庫，密鑰只以存放在本機的金鑰加密。正式營業前請啟用金鑰庫（例如 GNOME Keyring 或 KWallet）。',
        en: 'This computer has no OS key store: secrets are encrypted only with a key kept on this disk. Enable a key store (e.g. GNOME Keyring or KWallet) before going into production.',
      };
    case 'unavailable':
      return {
        zh: '此電腦無法加密儲存密鑰，因此不會儲存 API 金鑰、簽章密鑰、QR 金鑰與主管 PIN。',
        en: 'This computer cannot encrypt stored secrets, so the API key, signing secret, QR key and supervisor PIN will not be stored.',
      };
  }
}

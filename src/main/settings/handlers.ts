import type { z } from 'zod';
import type { Bilingual } from '../../shared/domain/i18n';
import {
  TillSettings,
  cloudPrinterNo,
  HeadOfficeSecretName,
  StandardSecretName,
  WritableSecretName,
  type settingsMethods,
  type SecretsPatch,
  type SettingsPatch,
  type SettingsView,
} from '../../shared/ipc/contract/settings';
import { CLOUD_PRINT_DIALECTS, refusePrinter } from '../../provider/cloud-print';
import { variantFor, type ProviderVariantId } from '../../provider/variants';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import { createPinGuard, requirePin, type PinGuard } from './pin';
import {
  secureStorageNotice,
  secureStorageUnavailable,
  headOfficePasswordWeakRefused,
  secureStorageWeakRefused,
  type SecretStore,
} from './secret-store';
import type { SettingsStore } from './settings-store';
import { supervisorName, type SupervisorRecorder } from './supervisor';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  /** Defaults to a guard over `secrets` (5 wrong PINs lock for a minute). */
  pins?: PinGuard;
  /** After settings or secrets changed: the core publishes `app.status-changed`. */
  onChanged(settings: TillSettings): void;
  /** Where each change is recorded (who, when, what): the journal in the core. */
  journal?: SupervisorRecorder;
  /**
   * The conformance check (settings.checkProvider): invoice-service/provider-check.ts, handed in by
   * the composition (src/main/app) with the journal's timestamps, since settings sit below the
   * provider's client.
   */
  checkProvider(request: ProviderCheckRequest): Promise<ProviderCheckAnswer>;
  /**
   * Training mode's check goes to the embedded training service with its well-known keys (issue
   * 24, item 4: a shop tries the check before it has production keys). The composition hands in
   * where that service answers now; null while it is not running.
   */
  trainingProvider?(): Omit<ProviderCheckRequest, 'timeoutMs' | 'variant'> | null;
  /**
   * Whether a printer address can be used now (printing/transports/printer-uri.ts, handed in by
   * the composition): a mistyped one must not be saved.
   */
  checkPrinterUri(uri: string): Promise<{ ok: true } | { ok: false; message: Bilingual }>;
}

/** What the provider check is run with: the standard API and its keys, as the settings hold them. */
export interface ProviderCheckRequest {
  standardServiceUrl: string;
  companyId: string;
  standardApiKey: string;
  standardSigningSecret: string;
  timeoutMs: number;
  variant: ProviderVariantId;
}

type ProviderCheckAnswer = z.input<(typeof settingsMethods)['settings.checkProvider']['output']>;

/**
 * The settings screen's methods. Secrets go in and never come out: the view only says which
 * are set. Once the supervisor PIN is set every change needs it, and first-run setup cannot
 * finish without one unless the supervisor explicitly chooses to run without (recorded, shown).
 */
export function createSettingsHandlers(deps: SettingsHandlerDeps): HandlersFor<typeof settingsMethods> {
  const { settings, secrets } = deps;
  const pins = deps.pins ?? createPinGuard({ secrets });

  const pinRequired = () => pins.isSet();
  const pinState = () => (pins.isSet() ? 'set' : settings.get().runWithoutPin ? 'waived' : 'missing');
  const record = (action: 'settings.update' | 'settings.set-pin', by: string | undefined, detail: object) =>
    deps.journal?.recordSupervisorAction({ action, by: supervisorName(by), detail: { ...detail } });

  const view = (): SettingsView => ({
    settings: settings.get(),
    secrets: {
      apiKey: { set: secrets.has('apiKey') },
      signingSecret: { set: secrets.has('signingSecret') },
      qrAesKey: { set: secrets.has('qrAesKey') },
      supervisorPin: { set: pins.isSet() },
    },
    standardSecrets: {
      standardApiKey: { set: secrets.has('standardApiKey') },
      standardSigningSecret: { set: secrets.has('standardSigningSecret') },
    },
    headOfficeSecrets: { headOfficePassword: { set: secrets.has('headOfficePassword') } },
    secureStorage: secrets.backend,
    secureStorageNotice: secureStorageNotice(secrets.backend),
    pinRequired: pinRequired(),
    supervisorPin: pinState(),
  });

  async function requireSettingsPin(pin: string | undefined): Promise<void> {
    if (!pinRequired()) return;
    await requirePin(pins, pin, {
      required: { zh: '變更設定需要主管 PIN。', en: 'Changing settings needs the supervisor PIN.' },
      wrong: { zh: '主管 PIN 不正確，設定未變更。', en: 'Wrong supervisor PIN: nothing was changed.' },
    });
  }

  return {
    'settings.get': async () => view(),

    'settings.update': async ({ patch, secrets: secretsPatch, pin, by }) => {
      await requireSettingsPin(pin);
      const next = applyPatch(settings.get(), patch);
      if (next.firstRunDone && !next.runWithoutPin && !pins.isSet()) throw firstRunNeedsPin();
      if (patch.printer?.uri !== undefined) {
        // A mistyped address must not be saved: it used to print into a file and say it printed.
        const printer = await deps.checkPrinterUri(patch.printer.uri);
        if (!printer.ok) throw new TillError('rejected', printer.message);
      }
      // Head office needs to know which store the till feeds: an address alone is refused.
      if (next.headOfficeUrl !== '' && next.headOfficeStoreId === '') throw headOfficeNeedsStore();
      const writes = secretWrites(secretsPatch);
      const storesSecret = writes.some(([, value]) => value !== null);
      if (storesSecret && secrets.backend === 'unavailable') throw secureStorageUnavailable();
      // Without an OS key store the keys would be encrypted with a key lying beside them: only
      // when the supervisor has said so knowingly (the setting is recorded and shown).
      if (
        secrets.backend === 'weak' &&
        !next.acceptInsecureSecretStorage &&
        (storesSecret || next.mode === 'production')
      ) {
        const onlyHeadOffice =
          next.mode !== 'production' &&
          writes.every(([name, value]) => value === null || name === 'headOfficePassword');
        throw onlyHeadOffice ? headOfficePasswordWeakRefused() : secureStorageWeakRefused();
      }
      const isSetAfter = (name: WritableSecretName) => {
        const write = writes.find(([written]) => written === name);
        return write ? write[1] !== null : secrets.has(name);
      };
      // A till id the chosen provider could never send (SystemLead's 2-character UseFor): refused
      // here, by name, rather than on every sale afterwards.
      if (patch.tillId !== undefined || patch.providerVariant !== undefined) {
        const refused = variantFor(next.providerVariant).refuseTillId(next.tillId);
        if (refused) {
          throw new TillError('rejected', {
            zh: `${refused.zh}設定未變更。`,
            en: `${refused.en} Nothing was changed.`,
          });
        }
      }
      // A cloud printer this provider could not be sent (SystemLead: not offered; its PrinterNo is
      // 2 characters and it has no SalesID): refused by name here rather than on the first sale.
      if (
        patch.cloudPrinter !== undefined ||
        patch.cloudSalesId !== undefined ||
        patch.providerVariant !== undefined
      ) {
        const refused = refuseCloudPrinter(next);
        if (refused) {
          throw new TillError('rejected', {
            zh: `${refused.zh}設定未變更。`,
            en: `${refused.en} Nothing was changed.`,
          });
        }
      }
      const problems = productionProblems(next, isSetAfter);
      if (problems.length > 0) {
        throw new TillError('rejected', {
          zh: `正式營業模式尚缺：${problems.map((p) => p.zh).join('、')}。設定未變更。`,
          en: `Production mode still needs: ${problems.map((p) => p.en).join(', ')}. Nothing was changed.`,
        });
      }

      const changesSettings = Object.keys(patch).length > 0;
      const undo = applySecretWrites(secrets, writes);
      try {
        if (changesSettings) settings.update(next);
      } catch (error) {
        undo();
        throw error;
      }
      if (changesSettings || writes.length > 0) {
        record('settings.update', by, {
          changed: patch,
          secrets: Object.fromEntries(
            writes.map(([name, value]) => [name, value === null ? 'cleared' : 'set']),
          ),
        });
        deps.onChanged(settings.get());
      }
      return view();
    },

    'settings.verifyPin': async ({ pin }) => {
      if (!pins.isSet()) return { valid: false, pinSet: false };
      return { valid: await pins.verify(pin), pinSet: true };
    },

    'settings.checkProvider': async ({ pin }) => {
      await requireSettingsPin(pin);
      const current = settings.get();
      if (current.mode !== 'production') {
        const training = deps.trainingProvider?.() ?? null;
        if (!training) {
          throw new TillError('service-not-configured', {
            zh: '練習服務尚未啟動，無法檢查。未送出任何請求。',
            en: 'The training service is not running: nothing to check, nothing was sent.',
          });
        }
        return deps.checkProvider({
          ...training,
          timeoutMs: current.timeoutMs,
          variant: current.providerVariant,
        });
      }
      // SystemLead has no apiKey (ApiHeader.md): the Salt alone is checked.
      const apiKey = secrets.get('standardApiKey') ?? '';
      const keyNeeded = current.providerVariant !== 'systemlead';
      const signingSecret = secrets.get('standardSigningSecret');
      if (!current.standardServiceUrl || (keyNeeded && !apiKey) || !signingSecret) {
        throw new TillError('service-not-configured', {
          zh: '尚未設定標準 API 網址、標準 API 金鑰 或其簽章密鑰，無法檢查。未送出任何請求。',
          en: 'The standard API address, key or signing secret is not set: nothing to check, nothing was sent.',
        });
      }
      return deps.checkProvider({
        standardServiceUrl: current.standardServiceUrl,
        companyId: current.companyId,
        standardApiKey: apiKey,
        standardSigningSecret: signingSecret,
        timeoutMs: current.timeoutMs,
        variant: current.providerVariant,
      });
    },

    'settings.setPin': async ({ newPin, currentPin, by }) => {
      if (secrets.backend === 'unavailable') throw secureStorageUnavailable();
      const hadPin = pins.isSet();
      await requireSettingsPin(currentPin);
      await pins.set(newPin);
      // With a PIN, the earlier choice to run without one no longer holds.
      if (settings.get().runWithoutPin) settings.update({ ...settings.get(), runWithoutPin: false });
      record('settings.set-pin', by, { changed: hadPin ? 'changed' : 'first set' });
      deps.onChanged(settings.get());
      return view();
    },
  };
}

const firstRunNeedsPin = () =>
  new TillError('pin-not-set', {
    zh: '請先設定主管 PIN，或明確勾選「不使用主管 PIN」，才能完成設定。設定未變更。',
    en: 'Set a supervisor PIN first, or explicitly choose to run without one, to finish setup. Nothing was changed.',
  });

/** The printer's fields merge one level deep, so the screen may change one of them. */
function applyPatch(current: TillSettings, patch: SettingsPatch): TillSettings {
  const { printer, ...rest } = patch;
  return TillSettings.parse({ ...current, ...rest, printer: { ...current.printer, ...printer } });
}

/** Why the settings' cloud printer cannot be used with their provider; null when it can (or is none). */
function refuseCloudPrinter(next: TillSettings): Bilingual | null {
  const printerNo = cloudPrinterNo(next.cloudPrinter);
  if (printerNo === null) return null;
  const dialect = CLOUD_PRINT_DIALECTS[next.providerVariant];
  if (dialect.notOffered) return dialect.notOffered;
  const refused = refusePrinter(dialect, printerNo, next.cloudSalesId === '' ? undefined : next.cloudSalesId);
  return refused && { zh: refused.zh, en: refused.en };
}

const headOfficeNeedsStore = () =>
  new TillError('rejected', {
    zh: '設定總部位址時須一併填寫門市代號。設定未變更。',
    en: 'A head-office address needs the store id too. Nothing was changed.',
  });

type AnySecretName = WritableSecretName | StandardSecretName | HeadOfficeSecretName;
type SecretWrite = [AnySecretName, string | null];

function secretWrites(patch: SecretsPatch): SecretWrite[] {
  return [
    ...WritableSecretName.options,
    ...StandardSecretName.options,
    ...HeadOfficeSecretName.options,
  ].flatMap((name): SecretWrite[] => {
    const value = patch[name];
    return value === undefined ? [] : [[name, value]];
  });
}

/** Writes the secrets; returns how to put the previous values back if the settings write fails. */
function applySecretWrites(secrets: SecretStore, writes: SecretWrite[]): () => void {
  const previous: Array<[AnySecretName, string | null]> = [];
  try {
    for (const [name, value] of writes) {
      previous.push([name, readable(secrets, name)]);
      if (value === null) secrets.clear(name);
      else secrets.set(name, value);
    }
  } catch (error) {
    restore(secrets, previous);
    throw error;
  }
  return () => restore(secrets, previous);
}

function readable(secrets: SecretStore, name: AnySecretName): string | null {
  try {
    return secrets.get(name);
  } catch {
    return null; // unreadable: nothing worth putting back
  }
}

function restore(secrets: SecretStore, previous: Array<[AnySecretName, string | null]>): void {
  for (const [name, value] of previous.reverse()) {
    if (value === null) secrets.clear(name);
    else secrets.set(name, value);
  }
}

const SECRET_LABELS: Record<WritableSecretName, Bilingual> = {
  apiKey: { zh: 'API 金鑰', en: 'the API key' },
  signingSecret: { zh: '簽章密鑰', en: 'the signing secret' },
  qrAesKey: { zh: 'QR 金鑰', en: 'the QR key' },
};

/** Production issues real invoices: it needs the provider's address and every credential. */
function productionProblems(next: TillSettings, isSet: (name: WritableSecretName) => boolean): Bilingual[] {
  if (next.mode !== 'production') return [];
  const problems: Bilingual[] = [];
  if (next.serviceUrl === '') problems.push({ zh: '服務網址', en: 'the service address' });
  for (const name of WritableSecretName.options) if (!isSet(name)) problems.push(SECRET_LABELS[name]);
  return problems;
}

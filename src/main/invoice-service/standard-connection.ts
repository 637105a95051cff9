import { bilingual, type Bilingual } from '../../shared/domain';
import { STANDARD_PATH_PREFIX } from '../../provider/standard-profile';
import { trainingDefaults } from '../../training-service';
import { TillError } from '../core/errors';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { StandardServiceConfig } from './standard-client';

/**
 * Where the till's standard API is (profile §4), for every capability that uses it (returns,
 * reconciliation), read afresh on each call so that a change in Settings applies to the next use:
 * - training mode: the embedded training service's `<service>/standard` with its well-known
 *   standard key pair, in the `providerVariant` setting's dialect (the service speaks it too);
 * - production: the `standardServiceUrl` setting, the `standardApiKey` / `standardSigningSecret`
 *   secrets and the `providerVariant` setting.
 */
export interface StandardConnection {
  config: StandardServiceConfig;
  training: boolean;
}

export interface StandardConnectionSource {
  settings: SettingsStore;
  secrets: SecretStore;
  /** The training service's address while it runs (the checkout capability starts it). */
  trainingServiceUrl(): string | null;
}

/**
 * The standard API as the settings say now. Throws `service-not-configured` when it is not set up
 * (the training service not running, or production without the address or a key), with
 * `nothingDone` ("未退貨。" / "nothing was returned.") saying what did not happen.
 */
export function standardConnection(
  source: StandardConnectionSource,
  nothingDone: Bilingual,
): StandardConnection {
  const settings = source.settings.get();
  if (settings.mode === 'training') {
    const url = source.trainingServiceUrl();
    if (!url) {
      throw new TillError(
        'service-not-configured',
        bilingual(
          `練習服務尚未啟動，${nothingDone.zh}`,
          `The training service is not running; ${nothingDone.en}`,
        ),
      );
    }
    const training = trainingDefaults();
    return {
      config: {
        serviceUrl: url + STANDARD_PATH_PREFIX,
        companyId: training.companyId,
        apiKey: training.standardApiKey,
        signingSecret: training.standardSigningSecret,
        timeoutMs: settings.timeoutMs,
        // The embedded service speaks the setting's variant (checkout/capability.ts restarts it).
        variant: settings.providerVariant,
      },
      training: true,
    };
  }
  const apiKey = source.secrets.get('standardApiKey');
  const signingSecret = source.secrets.get('standardSigningSecret');
  if (!settings.standardServiceUrl || !apiKey || !signingSecret) {
    throw new TillError(
      'service-not-configured',
      bilingual(
        `正式模式尚未設定電子發票標準 API 網址、API 金鑰或簽章密鑰，${nothingDone.zh}請店長到設定畫面完成設定。`,
        `Production mode has no standard API address, API key or signing secret yet; ${nothingDone.en} Ask the manager to complete the settings.`,
      ),
    );
  }
  return {
    config: {
      serviceUrl: settings.standardServiceUrl,
      companyId: settings.companyId,
      apiKey,
      signingSecret,
      timeoutMs: settings.timeoutMs,
      variant: settings.providerVariant,
    },
    training: false,
  };
}

/**
 * Whether the standard API can be used now without asking anything: always in training mode (the
 * embedded service has well-known keys) once it runs; in production once the address and both
 * keys are set. The background reconciliation runs only then.
 */
export function standardConnectionReady(source: StandardConnectionSource): boolean {
  const settings = source.settings.get();
  if (settings.mode === 'training') return source.trainingServiceUrl() !== null;
  return (
    settings.standardServiceUrl !== '' &&
    source.secrets.get('standardApiKey') !== null &&
    source.secrets.get('standardSigningSecret') !== null
  );
}

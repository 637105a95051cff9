import { bilingual } from '../../shared/domain';
import type { CheckoutOrder, CheckoutResult } from '../../shared/ipc/contract/checkout';
import type { returnsMethods } from '../../shared/ipc/contract/returns';
import { STANDARD_PATH_PREFIX } from '../../provider/standard-profile';
import { trainingDefaults } from '../../training-service';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import type { StandardServiceConfig } from '../invoice-service/standard-client';
import type { Journal, ReturnRecord } from '../journal/journal';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { SupervisorGate } from '../settings/supervisor';
import { createReturnsEngine, type ReturnsEngine, type StandardConnection } from './engine';
import { createReturnsHandlers } from './handlers';

/**
 * The returns capability as the core assembles it. Training mode: the embedded training service's
 * standard API (`<service>/standard`) with its well-known standard key pair. Production: the
 * `standardServiceUrl` setting and the `standardApiKey` / `standardSigningSecret` secrets, read
 * for every return, so a change in Settings applies to the next one.
 */
export interface ReturnsCapabilityOptions {
  journal: Journal;
  settings: SettingsStore;
  secrets: SecretStore;
  supervisor: SupervisorGate;
  logger: Logger;
  /** The training service's address while it runs (the checkout capability starts it). */
  trainingServiceUrl(): string | null;
  /** 改開: the new sale through the checkout engine. */
  reissue(order: CheckoutOrder, reissueOf: string): Promise<CheckoutResult>;
  onStateChanged?: (record: ReturnRecord) => void;
  /** A return stands: print its slip or notice (see slips.ts). */
  onDone?: (record: ReturnRecord) => Promise<void>;
}

export interface ReturnsCapability {
  handlers: HandlersFor<typeof returnsMethods>;
  engine: ReturnsEngine;
}

export function createReturnsCapability(options: ReturnsCapabilityOptions): ReturnsCapability {
  function connect(): StandardConnection {
    const settings = options.settings.get();
    if (settings.mode === 'training') {
      const url = options.trainingServiceUrl();
      if (!url) {
        throw new TillError(
          'service-not-configured',
          bilingual(
            '練習服務尚未啟動，未退貨。',
            'The training service is not running; nothing was returned.',
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
        },
        training: true,
      };
    }
    const apiKey = options.secrets.get('standardApiKey');
    const signingSecret = options.secrets.get('standardSigningSecret');
    if (!settings.standardServiceUrl || !apiKey || !signingSecret) {
      throw new TillError(
        'service-not-configured',
        bilingual(
          '正式模式尚未設定電子發票標準 API 網址、API 金鑰或簽章密鑰，未退貨。請店長到設定畫面完成設定。',
          'Production mode has no standard API address, API key or signing secret yet; nothing was returned. Ask the manager to complete the settings.',
        ),
      );
    }
    const config: StandardServiceConfig = {
      serviceUrl: settings.standardServiceUrl,
      companyId: settings.companyId,
      apiKey,
      signingSecret,
      timeoutMs: settings.timeoutMs,
      variant: settings.providerVariant,
    };
    return { config, training: false };
  }

  const engine = createReturnsEngine({
    journal: options.journal,
    connect,
    tillId: () => options.settings.get().tillId,
    logger: options.logger,
    reissue: options.reissue,
    ...(options.onStateChanged ? { onStateChanged: options.onStateChanged } : {}),
    ...(options.onDone ? { onDone: options.onDone } : {}),
  });
  return {
    engine,
    handlers: createReturnsHandlers({ engine, journal: options.journal, supervisor: options.supervisor }),
  };
}

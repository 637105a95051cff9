import { bilingual } from '../../shared/domain';
import type { CheckoutOrder, CheckoutResult } from '../../shared/ipc/contract/checkout';
import type { returnsMethods } from '../../shared/ipc/contract/returns';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import { standardConnection, type StandardConnection } from '../invoice-service/standard-connection';
import type { Journal, ReturnRecord } from '../journal/journal';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { SupervisorGate } from '../settings/supervisor';
import { createReturnsEngine, type ReturnsEngine } from './engine';
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
  // The one reading of the standard API's settings (shared with reconciliation).
  const connect = (): StandardConnection =>
    standardConnection(options, bilingual('未退貨。', 'nothing was returned.'));

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

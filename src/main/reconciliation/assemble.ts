import { createVerification } from '../checkout';
import type { Logger } from '../core/logger';
import type { StandardServiceConfig } from '../invoice-service/standard-client';
import type { Journal } from '../journal/journal';
import {
  createReconciliationEngine,
  type ReconciliationEngine,
  type ReconciliationEngineDeps,
} from './engine';

/**
 * Journal + reconciliation engine for one fixed standard API, for the CLI, the tests and the
 * bench. The core wires its own (capability.ts): it reads the service from the settings each run.
 */
export interface AssembleReconciliationOptions {
  journal: Journal;
  service: StandardServiceConfig;
  tillId: string;
  logger: Logger;
  /** Training-mode sales are reconciled in training mode only, real ones in production only. */
  trainingMode: boolean;
  now?: () => Date;
  post?: ReconciliationEngineDeps['post'];
  sleep?: ReconciliationEngineDeps['sleep'];
  maxPaceMs?: number;
}

export function assembleReconciliation(options: AssembleReconciliationOptions): ReconciliationEngine {
  const connection = { config: options.service, training: options.trainingMode };
  const verification = createVerification({ journal: options.journal, logger: options.logger });
  return createReconciliationEngine({
    journal: options.journal,
    connect: () => connection,
    tillId: options.tillId,
    logger: options.logger,
    resolveSale: (input) => verification.resolve(input),
    ...(options.now ? { now: options.now } : {}),
    ...(options.post ? { post: options.post } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.maxPaceMs === undefined ? {} : { maxPaceMs: options.maxPaceMs }),
  });
}

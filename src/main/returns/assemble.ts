import type { Logger } from '../core/logger';
import type { StandardServiceConfig } from '../invoice-service/standard-client';
import type { Journal, ReturnRecord } from '../journal/journal';
import { createReturnsEngine, type ReissueHook, type ReturnsEngine, type ReturnsEngineDeps } from './engine';

/**
 * Journal + returns engine for one fixed standard API, for the CLI, the tests and the bench. The
 * core wires its own (capability.ts): it reads the service from the settings for every return.
 */
export interface AssembleReturnsOptions {
  journal: Journal;
  service: StandardServiceConfig;
  tillId: string;
  logger: Logger;
  /** Training-mode sales are returned only in training mode. */
  trainingMode: boolean;
  now?: () => Date;
  reissue?: ReissueHook;
  onStateChanged?: (record: ReturnRecord) => void;
  post?: ReturnsEngineDeps['post'];
}

export function assembleReturns(options: AssembleReturnsOptions): ReturnsEngine {
  const connection = { config: options.service, training: options.trainingMode };
  return createReturnsEngine({
    journal: options.journal,
    connect: () => connection,
    tillId: options.tillId,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
    ...(options.reissue ? { reissue: options.reissue } : {}),
    ...(options.onStateChanged ? { onStateChanged: options.onStateChanged } : {}),
    ...(options.post ? { post: options.post } : {}),
  });
}

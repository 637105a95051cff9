import type { Logger } from '../core/logger';
import type { PosServiceConfig } from '../invoice-service/client';
import type { Journal, TransactionRecord } from '../journal/journal';
import type { OperationTrace } from '../provider-ops/operation';
import { createCheckoutEngine, type CheckoutEngine, type IssuedEvent } from './engine';
import { createVerification, type TrainingChannel, type Verification } from './verification';

/**
 * Journal + engine + verification for one fixed service, for the CLI, the tests and the bench.
 * The core wires its own (capability.ts): it reads the service from the settings for every sale.
 */
export interface CheckoutAssembly {
  engine: CheckoutEngine;
  verification: Verification;
}

export interface AssembleOptions {
  journal: Journal;
  service: PosServiceConfig;
  tillId: string;
  logger: Logger;
  /** Training-mode sales are kept apart in the journal. */
  trainingMode: boolean;
  /** The training service's admin channel (training mode only). */
  training?: TrainingChannel;
  now?: () => Date;
  onIssued?: (event: IssuedEvent) => void | Promise<void>;
  onStateChanged?: (transaction: TransactionRecord) => void;
  onClockSeen?: (offsetSeconds: number) => void;
  /** Where each sale's time goes (the bench). */
  trace?: OperationTrace;
}

export function assembleCheckout(options: AssembleOptions): CheckoutAssembly {
  const { journal, logger } = options;
  const connection = { config: options.service, training: options.trainingMode };
  const engine = createCheckoutEngine({
    journal,
    connect: () => connection,
    tillId: options.tillId,
    logger,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onIssued ? { onIssued: options.onIssued } : {}),
    ...(options.onStateChanged ? { onStateChanged: options.onStateChanged } : {}),
    ...(options.onClockSeen ? { onClockSeen: options.onClockSeen } : {}),
    ...(options.trace ? { trace: options.trace } : {}),
  });
  const verification = createVerification({
    journal,
    logger,
    ...(options.training ? { trainingChannel: options.training } : {}),
    ...(options.onStateChanged ? { onStateChanged: options.onStateChanged } : {}),
  });
  return { engine, verification };
}

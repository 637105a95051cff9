// The setup the service benches share (checkout, returns, reconciliation, store-keys): a temp
// folder, the embedded training service in it, journals, and the till's engines wired to that
// service as the CLIs wire them (training mode, quiet logs). Kept in one place so that every
// bench measures the same till against the same service, set up and torn down the same way; a
// bench keeps only what it measures. Nothing here is timed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleCheckout } from '../../src/main/checkout/assemble';
import type { CheckoutEngine } from '../../src/main/checkout/engine';
import type { Logger } from '../../src/main/core/logger';
import { Journal } from '../../src/main/journal/journal';
import type { OperationTrace } from '../../src/main/provider-ops/operation';
import { assembleReconciliation } from '../../src/main/reconciliation/assemble';
import type { ReconciliationEngine } from '../../src/main/reconciliation/engine';
import { assembleReturns } from '../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../src/main/returns/engine';
import type { CheckoutOrder } from '../../src/shared/ipc/contract/checkout';
import {
  startTrainingService,
  trainingDefaults,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../src/training-service';

/** The benches' logger: the engines log every exchange, the figures are all a bench prints. */
export const QUIET: Logger = { info() {}, warn() {}, error() {} };

const DEFAULT_TILL = 'B1';
const DEFAULT_TIMEOUT_MS = 5000;

/** The benches' sale: two lines (taxable and exempt, 235 in all), paid with `cash` in cash. */
export function benchOrder(cash: number): CheckoutOrder {
  return {
    lines: [
      { name: '便當', quantity: 2, unitPrice: 95, taxType: 'taxable' },
      { name: '鮮奶', quantity: 1, unitPrice: 45, taxType: 'exempt' },
    ],
    payments: [{ method: 'cash', amount: cash }],
    invoice: { kind: 'paper' },
  };
}

export interface RigOptions {
  /** The temp folder is `till-bench-<name>-XXXXXX` under os.tmpdir(). */
  name: string;
  /** Laid over trainingDefaults() (a wider timestamp window, devices, …). */
  config?: Partial<TrainingServiceConfig>;
  /** One clock for the service, the journals and the engines; the real one when left out. */
  now?: () => Date;
  /**
   * Where the journals go (a temp folder made under it): `/dev/shm` shows the code's part of a
   * commit without the disk's fsync. The service's data stays under os.tmpdir() either way, so
   * the bare round trip is the same work in both.
   */
  journalBase?: string;
}

/** How one engine reaches the service; each left out is the rig's default. */
export interface ClientOptions {
  tillId?: string;
  logger?: Logger;
  timeoutMs?: number;
  /** The client's window; the profile's 300 s when left out (the service's own is in the config). */
  timestampWindowSeconds?: number;
}

export interface Rig {
  dir: string;
  /** The folder the journals are in (`dir` unless `journalBase` was given). */
  journalDir: string;
  config: TrainingServiceConfig;
  service: TrainingService;
  /** A journal in the temp folder (`journal.sqlite` unless named), closed by close(). */
  openJournal(file?: string): Journal;
  /** The checkout engine on the POS API, with the config's key pair unless given one. */
  checkout(
    journal: Journal,
    options?: ClientOptions & { apiKey?: string; signingSecret?: string; trace?: OperationTrace },
  ): CheckoutEngine;
  /** The returns engine on the standard API. */
  returns(journal: Journal, options?: ClientOptions): ReturnsEngine;
  /** The reconciliation engine on the standard API. */
  reconciliation(journal: Journal, options?: ClientOptions): ReconciliationEngine;
  /** Closes the journals, then the service, then removes the folder. */
  close(): Promise<void>;
}

export async function openRig(options: RigOptions): Promise<Rig> {
  const clock = options.now ? { now: options.now } : {};
  const dir = mkdtempSync(join(tmpdir(), `till-bench-${options.name}-`));
  const config: TrainingServiceConfig = { ...trainingDefaults(), ...options.config };
  let service: TrainingService;
  try {
    service = await startTrainingService({ dataDir: join(dir, 'service'), config, ...clock });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let journalDir = dir;
  if (options.journalBase) {
    try {
      journalDir = mkdtempSync(join(options.journalBase, `till-bench-${options.name}-journal-`));
    } catch (error) {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const journals: Journal[] = [];

  const common = (client: ClientOptions = {}) => ({
    tillId: client.tillId ?? DEFAULT_TILL,
    trainingMode: true,
    logger: client.logger ?? QUIET,
    ...clock,
  });
  const clientWindow = (client: ClientOptions = {}) =>
    client.timestampWindowSeconds === undefined
      ? {}
      : { timestampWindowSeconds: client.timestampWindowSeconds };
  const standard = (client: ClientOptions = {}) => ({
    serviceUrl: service.standardUrl,
    companyId: config.companyId,
    apiKey: config.standardApiKey,
    signingSecret: config.standardSigningSecret,
    timeoutMs: client.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...clientWindow(client),
  });

  return {
    dir,
    journalDir,
    config,
    service,
    openJournal(file = 'journal.sqlite') {
      const journal = Journal.open(join(journalDir, file), clock);
      journals.push(journal);
      return journal;
    },
    checkout(journal, client = {}) {
      const { engine } = assembleCheckout({
        journal,
        service: {
          serviceUrl: service.url,
          companyId: config.companyId,
          apiKey: client.apiKey ?? config.apiKey,
          signingSecret: client.signingSecret ?? config.signingSecret,
          timeoutMs: client.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          ...clientWindow(client),
        },
        ...common(client),
        ...(client.trace ? { trace: client.trace } : {}),
      });
      return engine;
    },
    returns(journal, client) {
      return assembleReturns({ journal, service: standard(client), ...common(client) });
    },
    reconciliation(journal, client) {
      return assembleReconciliation({ journal, service: standard(client), ...common(client) });
    },
    async close() {
      try {
        for (const journal of journals) journal.close();
        await service.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
        if (journalDir !== dir) rmSync(journalDir, { recursive: true, force: true });
      }
    },
  };
}

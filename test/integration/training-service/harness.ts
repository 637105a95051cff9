import type { PosIssued, PosOperation, PosOrderData } from '../../../src/provider/pos-profile';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  trainingDefaults,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../../src/training-service';
import { postAdmin, postOrder, type PosPostOptions, type PosTarget } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';

/** A training service on 127.0.0.1 (any free port) in a temp dir, with shortcuts to call it. */
export interface RunningService {
  service: TrainingService;
  config: TrainingServiceConfig;
  dataDir: string;
  target: PosTarget;
  post(operation: PosOperation, data: unknown, options?: PosPostOptions): ReturnType<typeof postOrder>;
  admin(route: 'lookup' | 'faults' | 'faults/clear', body: unknown): ReturnType<typeof postAdmin>;
  lookup(billingNo: string): Promise<Record<string, unknown>>;
  /** Stops the service, keeping the data dir (for restarts). */
  stop(): Promise<void>;
  /** Starts it again on the same data dir (a new port). */
  restart(): Promise<RunningService>;
  /** Stops it and removes the data dir. */
  dispose(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<TrainingServiceConfig>;
  now?: () => Date;
  dataDir?: string;
}

export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const temp = options.dataDir ? null : makeTempDir('training-service');
  const dataDir = options.dataDir ?? temp!.dir;
  const parsed = parseTrainingServiceConfig({ ...trainingDefaults(), ...options.config });
  if (!parsed.ok) throw new Error(parsed.message.en);
  const config = parsed.config;
  const service = await startTrainingService({ dataDir, config, ...(options.now && { now: options.now }) });
  const target: PosTarget = {
    url: service.url,
    companyId: config.companyId,
    apiKey: config.apiKey,
    signingSecret: config.signingSecret,
  };
  const running: RunningService = {
    service,
    config,
    dataDir,
    target,
    post: (operation, data, postOptions) => postOrder(target, operation, data, postOptions),
    admin: (route, body) => postAdmin(service.url, config.adminToken, route, body),
    lookup: async (billingNo) =>
      (await postAdmin(service.url, config.adminToken, 'lookup', { BillingNo: billingNo })).json,
    stop: () => service.close(),
    restart: async () => {
      await service.close();
      const next = await startService({ ...options, dataDir });
      const disposeNext = next.dispose;
      next.dispose = async () => {
        await disposeNext();
        temp?.remove();
      };
      return next;
    },
    dispose: async () => {
      await service.close();
      temp?.remove();
    },
  };
  return running;
}

/** A settable clock for the `now` option. */
export function fakeClock(start: Date): { now: () => Date; set(instant: Date): void; seconds(): string } {
  let current = start;
  return {
    now: () => current,
    set(instant) {
      current = instant;
    },
    seconds: () => String(Math.floor(current.getTime() / 1000)),
  };
}

/** A Taipei local time as an instant: `taipei('2026-12-31T23:59:00')`. */
export function taipei(localDateTime: string): Date {
  return new Date(`${localDateTime}+08:00`);
}

/** What the verification channel answers for an order the service issued at `path`. */
export function issuedLookup(data: PosOrderData, issued: PosIssued, path: string) {
  return {
    found: true,
    BillingNo: data.BillingNo,
    InvoiceNumber: issued.InvoiceNumber,
    InvoiceDateTime: issued.InvoiceDateTime,
    RandomNumber: issued.RandomNumber,
    TotalAmount: data.TotalAmount,
    Operation: path,
    // What the standard API did since: nothing, for a fresh issue (not yet uploaded either).
    Voided: false,
    ProcessStatus: 'I0',
    AppendStatus: 'P',
    Allowances: [],
  };
}

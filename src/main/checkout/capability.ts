import { randomBytes } from 'node:crypto';
import { serviceAnswers } from './probe';
import { join } from 'node:path';
import { bilingual, describeClockOffset } from '../../shared/domain';
import type { AppStatus } from '../../shared/ipc/contract/app';
import type { CheckoutOrder, CheckoutResult, checkoutMethods } from '../../shared/ipc/contract/checkout';
import type { trainingMethods } from '../../shared/ipc/contract/training';
import { cloudPrinterNo, type TillSettings } from '../../shared/ipc/contract/settings';
import { startTrainingService, trainingDefaults, type TrainingService } from '../../training-service';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal/journal';
import type { SupervisorGate } from '../settings/supervisor';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import { variantFor, type ProviderVariantId } from '../../provider/variants';
import { createCloudPrintClient, type CloudPrintClient } from '../invoice-service/cloud-print-client';
import {
  createCheckoutEngine,
  journaledClientDeps,
  type IssuedEvent,
  type OfflineIssuing,
  type ServiceConnection,
} from './engine';
import { createDrillHandlers, type TrainingAdminChannel } from './drills';
import { createCheckoutHandlers } from './handlers';
import { createVerification } from './verification';

/** The settings' cloud printer for the paper proof, or null: it prints on this till's printer. */
function cloudPrinterOf(settings: TillSettings): ServiceConnection['cloudPrinter'] {
  const printerNo = cloudPrinterNo(settings.cloudPrinter);
  if (printerNo === null) return null;
  return settings.cloudSalesId === '' ? { printerNo } : { printerNo, salesId: settings.cloudSalesId };
}

/**
 * The checkout capability as the core assembles it. Training mode (the default) runs the embedded
 * training service with its well-known keys, data under `<dataDir>/training-service`; production
 * mode reads the provider address from the settings and the keys from the secret store, for every
 * checkout, so a change in the settings screen applies to the next sale.
 */
export interface CheckoutCapabilityOptions {
  dataDir: string;
  journal: Journal;
  settings: SettingsStore;
  secrets: SecretStore;
  /** Resolving and resubmitting are supervisor acts: the core's one PIN guard, and journal records. */
  supervisor: SupervisorGate;
  logger: Logger;
  /** The status bar's figures moved (pending-verification count, service reachability). */
  onStatusChanged(): void;
  /** Invoice mode's offline issuing (src/main/invoice-mode), when the composition has it. */
  offline?: OfflineIssuing;
  /**
   * Where the embedded training service's cloud printer P01 delivers its bytes (the virtual
   * printer; issue 29), so that `cloud:P01` works in training mode out of the box. Null: no agent.
   */
  cloudPrintAgent?: () => Promise<{ host: string; port: number } | null>;
}

export interface CheckoutCapability {
  handlers: HandlersFor<typeof checkoutMethods>;
  /** Fault drills of the embedded training service (training mode only, supervisor PIN). */
  trainingHandlers: HandlersFor<typeof trainingMethods>;
  /** The printing capability subscribes here; returns the unsubscribe function. */
  onIssued(listener: (event: IssuedEvent) => void | Promise<void>): () => void;
  /**
   * Journal writes that belong in an issued sale's outcome commit (the print job), synchronous,
   * before the `onIssued` listeners run; returns the unsubscribe function.
   */
  enqueueOnIssued(writer: (event: IssuedEvent) => void): () => void;
  serviceStatus(): AppStatus['service'];
  /** The training service's address while it runs (training mode), else null. */
  trainingServiceUrl(): string | null;
  /**
   * The running training service's admin channel (its address and this start's token), for the
   * core's own callers in this process; never sent over the contract. Null outside training mode.
   */
  trainingAdmin(): Promise<TrainingAdminChannel | null>;
  /**
   * The settings changed: in training mode the embedded service is started again when the
   * provider variant changed (it speaks the setting's dialect). Never throws.
   */
  settingsChanged(): Promise<void>;
  /**
   * The cloud print client (issue 29) on the service sales go to now, its timestamps from the
   * journal: printing polls its jobs and sends 補印 with it. Throws when no service is set up.
   */
  cloudPrintClient(): Promise<CloudPrintClient>;
  /** 改開: a new sale (new order number) replacing a voided one; the returns capability calls it. */
  reissue(order: CheckoutOrder, reissueOf: string): Promise<CheckoutResult>;
  close(): Promise<void>;
}

type ServiceState = AppStatus['service']['state'];

/** The embedded training service's cloud printer (Settings: `cloud:P01`). */
export const TRAINING_CLOUD_PRINTER = 'P01';

/** How long a sale waits for the service before the status bar calls it slow. */
export const SLOW_ANSWER_MS = 4000;

export async function createCheckoutCapability(
  options: CheckoutCapabilityOptions,
): Promise<CheckoutCapability> {
  const { journal, logger } = options;
  const listeners = new Set<(event: IssuedEvent) => void | Promise<void>>();
  const writers = new Set<(event: IssuedEvent) => void>();
  let training: TrainingService | null = null;
  /** The start (or restart) under way, for the variant it starts. */
  let pending: { variant: ProviderVariantId; promise: Promise<TrainingService> } | null = null;
  let chain: Promise<void> = Promise.resolve();
  let seen: { state: ServiceState; checkedAt: string | null } = { state: 'unknown', checkedAt: null };
  let closed = false;
  /** The service's clock minus the till's, from its last answer; null until one came. */
  let clockOffsetSeconds: number | null = null;

  const setSeen = (state: ServiceState) => {
    const changed = state !== seen.state;
    seen = { state, checkedAt: new Date().toISOString() };
    if (changed) options.onStatusChanged();
  };
  /**
   * Sales waiting for the service's answer: the status bar says 'issuing', then 'slow' after
   * SLOW_ANSWER_MS, until the answer (or its absence) says reachable or not.
   */
  let inFlight = 0;
  let slowTimer: ReturnType<typeof setTimeout> | null = null;
  let beforeIssuing: ServiceState = 'unknown';
  const tracked =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (inFlight++ === 0) {
        beforeIssuing = seen.state;
        setSeen('issuing');
        slowTimer = setTimeout(() => {
          if (inFlight > 0 && seen.state === 'issuing') setSeen('slow');
        }, SLOW_ANSWER_MS);
        slowTimer.unref?.();
      }
      try {
        return await run(...args);
      } finally {
        if (--inFlight === 0) {
          if (slowTimer) clearTimeout(slowTimer);
          slowTimer = null;
          // Refused before anything was sent: the service is as it was.
          if (seen.state === 'issuing' || seen.state === 'slow') setSeen(beforeIssuing);
        }
      }
    };
  let lastPending = journal.counts().needsVerification;
  /** Tells the status bar only when the pending count really moved. */
  const onStateChanged = () => {
    const pending = journal.counts().needsVerification;
    if (pending === lastPending) return;
    lastPending = pending;
    options.onStatusChanged();
  };

  /**
   * The embedded training service, speaking the `providerVariant` setting's dialect (profile §6),
   * so that a store rehearses its provider's wire format: started on first need, and started
   * again (same data folder: its invoices and used timestamps stay) when the setting changed.
   * Starts and stops run one after the other (`chain`): one service at a time owns the folder,
   * and the last variant asked for is the one left running.
   */
  const agentAddress = async () => {
    try {
      return (await options.cloudPrintAgent?.()) ?? null;
    } catch (error) {
      logger.warn('the training cloud printer has no agent (the virtual printer did not start)', {
        error: (error as Error).message,
      });
      return null;
    }
  };

  function ensureTrainingService(): Promise<TrainingService> {
    const variant = options.settings.get().providerVariant;
    if (training && training.config.variant === variant && !pending) return Promise.resolve(training);
    if (pending && pending.variant === variant) return pending.promise;
    const promise = chain.then(async () => {
      if (training && training.config.variant === variant) return training;
      const old = training;
      training = null;
      if (old) {
        await old.close();
        logger.info('training service stopped for another provider variant', { variant });
      }
      const service = await startTrainingService({
        dataDir: join(options.dataDir, 'training-service'),
        // A random admin token per start, held only here (never in settings, the status or a
        // file): the well-known training token would let anyone on this machine arm a fault or
        // read a sale without the drill's supervisor PIN and its journal record.
        config: {
          ...trainingDefaults(),
          variant,
          adminToken: randomBytes(32).toString('base64url'),
          // Cloud print (profile §8): printer P01, its agent printing on the virtual printer.
          // SystemLead has no cloud print the till can use (provider/cloud-print.ts).
          cloudPrinters:
            variant === 'profile'
              ? [{ printerNo: TRAINING_CLOUD_PRINTER, agent: await agentAddress(), salesIds: null }]
              : [],
        },
      });
      training = service;
      logger.info('training service started', { url: service.url, variant });
      return service;
    });
    const entry = { variant, promise };
    pending = entry;
    chain = promise.then(
      () => {
        if (pending === entry) pending = null;
        setSeen('reachable');
      },
      () => {
        if (pending === entry) pending = null;
        setSeen('unreachable');
      },
    );
    return promise;
  }

  async function connect(): Promise<ServiceConnection> {
    if (closed) throw new TillError('closing', bilingual('收銀機正在關閉', 'The till is closing'));
    const settings = options.settings.get();
    if (settings.mode === 'training') {
      const service = await ensureTrainingService();
      const { companyId, apiKey, signingSecret, variant } = service.config;
      return {
        // Signed and read in the dialect the service speaks (the setting's, see above).
        config: {
          serviceUrl: service.url,
          companyId,
          apiKey,
          signingSecret,
          timeoutMs: settings.timeoutMs,
          variant,
        },
        training: true,
        cloudPrinter: cloudPrinterOf(settings),
      };
    }
    // SystemLead has no apiKey (ApiHeader.md): its Salt is the signing secret, and no key is needed.
    const apiKey = options.secrets.get('apiKey') ?? '';
    const keyNeeded = variantFor(settings.providerVariant).sendsApiKey;
    const signingSecret = options.secrets.get('signingSecret');
    if (!settings.serviceUrl || (keyNeeded && !apiKey) || !signingSecret) {
      throw new TillError(
        'service-not-configured',
        bilingual(
          '正式模式尚未設定發票服務網址、API 金鑰或簽章密鑰，未結帳。請店長到設定畫面完成設定。',
          'Production mode has no e-invoice service address, API key or signing secret yet; nothing was checked out. Ask the manager to complete the settings.',
        ),
      );
    }
    return {
      config: {
        serviceUrl: settings.serviceUrl,
        companyId: settings.companyId,
        apiKey,
        signingSecret,
        timeoutMs: settings.timeoutMs,
        variant: settings.providerVariant,
      },
      training: false,
      cloudPrinter: cloudPrinterOf(settings),
    };
  }

  const engine = createCheckoutEngine({
    journal,
    connect,
    tillId: () => options.settings.get().tillId,
    logger,
    onStateChanged,
    ...(options.offline ? { offline: options.offline } : {}),
    onServiceSeen: (reachable) => setSeen(reachable ? 'reachable' : 'unreachable'),
    onClockSeen: (offsetSeconds) => {
      // The status bar changes only when the warning appears, goes, or its size changes.
      const before = describeClockOffset(clockOffsetSeconds)?.zh;
      clockOffsetSeconds = offsetSeconds;
      if (describeClockOffset(offsetSeconds)?.zh !== before) options.onStatusChanged();
    },
    enqueueOnIssued: (event) => {
      for (const writer of writers) writer(event);
    },
    onIssued: async (event) => {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          logger.error(`issued listener failed for ${event.orderNo} (the invoice stands)`, error);
        }
      }
    },
  });
  const verification = createVerification({
    journal,
    logger,
    trainingChannel: () =>
      training && options.settings.get().mode === 'training'
        ? { url: training.url, adminToken: training.config.adminToken }
        : null,
    onStateChanged,
  });

  const startup = options.settings.get();
  if (startup.mode === 'training') {
    try {
      await ensureTrainingService();
    } catch (error) {
      logger.error('training service did not start', error);
    }
  } else if (startup.serviceUrl) {
    void serviceAnswers(startup.serviceUrl).then((reachable) =>
      setSeen(reachable ? 'reachable' : 'unreachable'),
    );
  }

  async function trainingAdmin(): Promise<TrainingAdminChannel | null> {
    if (closed || options.settings.get().mode !== 'training') return null;
    const service = await ensureTrainingService();
    return { url: service.url, adminToken: service.config.adminToken, reachable: () => service.reachable() };
  }

  return {
    trainingAdmin,
    handlers: createCheckoutHandlers({
      engine: { ...engine, submit: tracked(engine.submit), resubmit: tracked(engine.resubmit) },
      verification,
      supervisor: options.supervisor,
    }),
    trainingHandlers: createDrillHandlers({
      channel: trainingAdmin,
      timeoutMs: () => options.settings.get().timeoutMs,
      supervisor: options.supervisor,
      logger,
    }),
    onIssued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enqueueOnIssued(writer) {
      writers.add(writer);
      return () => writers.delete(writer);
    },
    serviceStatus() {
      const settings = options.settings.get();
      const url = settings.mode === 'training' ? (training?.url ?? '') : settings.serviceUrl;
      return { state: seen.state, url, checkedAt: seen.checkedAt, clockOffsetSeconds };
    },
    trainingServiceUrl: () => training?.url ?? null,
    async cloudPrintClient() {
      const { config } = await connect();
      return createCloudPrintClient(journaledClientDeps({ journal, logger, now: () => new Date() }, config));
    },
    async settingsChanged() {
      // Training follows the provider variant at once, so that returns and reconciliation (which
      // only ask for the address) meet a service speaking the setting's dialect.
      if (closed || options.settings.get().mode !== 'training') return;
      try {
        await ensureTrainingService();
      } catch (error) {
        logger.error('training service did not start', error);
      }
    },
    // 改開 is a sale too: the status bar says 開立中, then 回應緩慢, while it waits.
    reissue: tracked((order: CheckoutOrder, reissueOf: string) => engine.submit(order, { reissueOf })),
    async close() {
      closed = true;
      await chain;
      const service = training;
      training = null;
      await service?.close();
    },
  };
}

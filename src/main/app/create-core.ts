import type { KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppStatus } from '../../shared/ipc/contract/app';
import type { CustomerWindowState } from '../../shared/ipc/contract/display';
import { STANDARD_PATH_PREFIX } from '../../provider/standard-profile';
import { trainingDefaults } from '../../training-service';
import { createCatalogCapability } from '../catalog/handlers';
import { createCheckoutCapability } from '../checkout/capability';
import { createInvoiceModeCapability } from '../invoice-mode/capability';
import { createInvoiceModeHandlers } from '../invoice-mode/handlers';
import { createInvoiceModeServices } from '../invoice-mode/services';
import type { TrainingAdminChannel } from '../checkout/drills';
import { createDispatcher, type Dispatch, type HandlerMap } from '../core/dispatch';
import { createEventHub, type EventHub } from '../core/event-hub';
import { createLifecycle } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import { createHeadOfficeCapability, type HeadOfficeSettings } from '../head-office/capability';
import { loadExportSigningKey } from '../exports/export-signature';
import { createExportHandlers } from '../exports/handlers';
import { runProviderCheck } from '../invoice-service/provider-check';
import { standardConnection } from '../invoice-service/standard-connection';
import { bilingual } from '../../shared/domain';
import { TillError } from '../core/errors';
import { CHAIN_KEY_SECRET, loadChainKey, openGuardedJournal } from '../journal/guard';
import { createJournalHandlers } from '../journal/handlers';
import { createPrintingCapability } from '../printing/capability';
import { checkPrinterUri } from '../printing/transports/printer-uri';
import { createReconciliationCapability } from '../reconciliation/capability';
import { createReturnsCapability } from '../returns/capability';
import { cashRefund, paperForReturn } from '../returns/slips';
import { createSettingsHandlers } from '../settings/handlers';
import { createPinGuard } from '../settings/pin';
import { withSecretsOnDisk, type SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import { createSupervisorGate } from '../settings/supervisor';
import { createShiftsCapability } from '../shifts/capability';
import { lateSupervisorPins } from '../shifts/supervisor-pins';
import { createAppHandlers } from './status';

/*
 * The composition: the one room that knows every capability. It builds them on the ground
 * (core: dispatch, lifecycle, events, logger; settings; the journal), hands each what it needs
 * of the others (a function or an object, so no capability reaches into another's files), and gives
 * the hosts (Electron, the web host, tests) one handler map. Nothing below imports this room.
 */

/** How often an idle printer is asked for its state (paper, cover) for the status bar. */
const PRINTER_STATUS_INTERVAL_MS = 15_000;

export interface CoreOptions {
  host: 'electron' | 'web';
  appName: string;
  version: string;
  /** Where the journal, the training service's state and logs live. */
  dataDir: string;
  settings: SettingsStore;
  /** API key, signing secret, QR key, PIN hash: encrypted at rest, never sent to the renderer. */
  secrets: SecretStore;
  logger: Logger;
  /** The idle lock's clock in ms (shifts/session.ts); tests move it instead of waiting. */
  sessionClock?: () => number;
  /** The cloud print jobs' clock in ms (printing/cloud-jobs.ts: when a queued job is stuck); tests move it. */
  cloudPrintClock?: () => number;
  /** Between head-office runs (head-office/capability.ts; default 10 s); tests shorten it. */
  headOfficeIntervalMs?: number;
  /** The customer display's window, where the host has one (Electron: shell/customer-window.ts). */
  customerWindow?: {
    state(): Exclude<CustomerWindowState, 'unavailable'>;
    setOpen(open: boolean): Exclude<CustomerWindowState, 'unavailable'>;
  };
}

/** The main process without Electron: every capability behind one typed handler map. */
export interface TillCore {
  dispatch: Dispatch;
  events: EventHub;
  /**
   * The embedded training service's admin channel with this start's random token (training mode;
   * else null). For code in this process only (test rigs that arm a fault): no host forwards it,
   * and the contract's way to a fault is `training.drill`, with the supervisor PIN and a record.
   */
  trainingAdmin(): Promise<TrainingAdminChannel | null>;
  /**
   * Durable commits (fsyncs) the journal has made since it opened: a sale's path is held to two
   * (issue 26), and the tests count them through the whole core, printing included.
   */
  durableCommits(): number;
  /**
   * A run of one background service now, by its name (`invoice-mode-upload`…), joining one under
   * way: for tests and rigs that force the order of events instead of waiting for a timer.
   */
  runBackgroundNow(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function createTillCore(options: CoreOptions): Promise<TillCore> {
  const events = createEventHub();
  // Background services (printer poll, reconciliation…) start after the handlers exist and stop
  // before anything closes (core/lifecycle.ts).
  const lifecycle = createLifecycle(options.logger);
  const startedAt = new Date().toISOString();
  // A fresh install (or `npm run web` on a fresh clone) has no data folder yet.
  mkdirSync(options.dataDir, { recursive: true });
  // The journal first: keyed, its tail checked as found, then sales left in flight by a crash
  // become needs-verification before anything else runs (journal/guard.ts).
  // A key made now must be on disk before the journal records its keyed start with it: a crash
  // in between would leave a journal keyed with a key nobody has.
  const keyLoad = loadChainKey(options.secrets, options.logger);
  await options.secrets.settled?.();
  const guarded = openGuardedJournal({
    path: join(options.dataDir, 'journal.sqlite'),
    secrets: options.secrets,
    keyLoad,
    logger: options.logger,
    // The same supervisor check as every other PIN action (below, once the journal exists).
    checkSupervisor: (request, messages) => supervisor.check(request, messages),
    onChanged: () => publishStatus(),
  });
  const journal = guarded.journal;
  // The till's JSON exports are signed with its own Ed25519 key (exports/export-signature.ts),
  // made at the first export; without secure storage none is kept and the exports go unsigned.
  let signingKey: KeyObject | null | undefined;
  const exportSigningKey = () => {
    if (signingKey === undefined) signingKey = loadExportSigningKey(options.secrets);
    if (signingKey === null) options.logger.warn('no secure storage: this JSON export is not signed');
    return signingKey;
  };
  const recovered = guarded.recovered;
  if (recovered.length > 0) {
    options.logger.warn('journal: in-flight sales need verification', {
      orderNos: recovered.map((tx) => tx.orderNo),
    });
  }

  // One guard for every supervisor action, so wrong PINs count together towards the lockout.
  const pins = createPinGuard({ secrets: options.secrets });
  // Every supervisor action (import, export, drawer, resolve, resubmit) checks the PIN in main
  // through this gate and leaves a chained journal record of who, when and what.
  // A signed-in store manager's own PIN passes too (shifts/supervisor-pins.ts); settings keep `pins`.
  const supervisor = createSupervisorGate({
    pins: lateSupervisorPins(pins, () => shifts),
    settings: options.settings,
    journal,
  });
  // Capabilities report changes while they start, before the status can be read, and a late
  // answer (the printer's) may come while they close: pushes run only in between.
  let publishing = false;
  const publishStatus = () => {
    if (publishing) events.publish('app.status-changed', status());
  };
  const status = (): AppStatus => {
    const settings = options.settings.get();
    return {
      appName: options.appName,
      version: options.version,
      mode: settings.mode,
      tillId: settings.tillId,
      providerVariant: settings.providerVariant,
      host: options.host,
      startedAt,
      service: checkout.serviceStatus(),
      printer: { state: printing.printerState(), name: settings.printer.uri },
      pendingVerification: journal.counts().needsVerification,
      journal: guarded.health(),
      supervisorPin: supervisor.pinState(),
      // Late uploads and findings stay in the status bar (reconciliation/capability.ts).
      reconciliation: reconciliation.state(),
      invoiceMode: invoiceMode.status(),
      // Head office: synced, behind by N, unreachable, refused; `off` without an address.
      headOffice: headOffice.state(),
      // The catalog version this till runs (head office's), shown in the status bar.
      catalog: headOffice.catalogState(),
      // Who is signed in, and whether the till waits for a sign-in (shifts/capability.ts).
      ...shifts.status(),
    };
  };

  // The seller's QR key, for a proof the till builds itself (a sale resolved after a timeout, an
  // offline invoice): the training service's well-known key in training mode, the seller's
  // write-only secret in production.
  const qrAesKey = () =>
    options.settings.get().mode === 'training'
      ? trainingDefaults().qrAesKey
      : options.secrets.get('qrAesKey');
  // Printing: jobs in the journal; prints the proof / details slip / drawer kick after each issue.
  const printing = createPrintingCapability({
    store: journal,
    daySummary: (businessDay) => journal.summary({ businessDay }),
    settings: options.settings,
    logger: options.logger,
    onStateChanged: publishStatus,
    statusIntervalMs: PRINTER_STATUS_INTERVAL_MS,
    supervisor,
    // For a proof the till builds itself (a sale resolved after a timeout): the training service's
    // well-known key in training mode, the seller's write-only secret in production.
    qrAesKey,
    // Cloud print (issue 29): its jobs asked on the checkout's connection, each move pushed.
    cloud: {
      journal,
      client: () => checkout.cloudPrintClient(),
      ...(options.cloudPrintClock ? { now: options.cloudPrintClock } : {}),
      onChanged: (orderNo, job) => events.publish('printing.cloud-job-changed', { orderNo, job }),
    },
  });
  // Sales on their way to the e-invoice service: a product edit waits for them (catalog.saveProduct).
  let salesPaying = 0;
  const paying = async <T>(sale: () => Promise<T>): Promise<T> => {
    salesPaying++;
    try {
      return await sale();
    } finally {
      salesPaying--;
      // Head office's catalog change that waited for this sale goes in now, before the next one.
      if (salesPaying === 0) void headOffice.salesIdle();
    }
  };
  const catalog = createCatalogCapability({
    dataDir: options.dataDir,
    events,
    supervisor,
    salePaying: () => salesPaying > 0,
  });
  // Invoice mode (issue 27): offline mode, its probe, and sales issued with the till's own numbers
  // when the service surely never got them (invoice-mode/capability.ts).
  const invoiceMode = createInvoiceModeCapability({
    journal,
    seller: () => {
      const settings = options.settings.get();
      return settings.mode === 'training'
        ? { companyId: trainingDefaults().companyId, training: true }
        : { companyId: settings.companyId, training: false };
    },
    sellerName: () => options.settings.get().sellerName,
    qrAesKey,
    serviceUrl: () => checkout.serviceStatus().url || null,
    printJob: (jobId) => printing.service.retry(jobId),
    openDrawer: () => printing.service.openDrawer(),
    logger: options.logger,
    onStatusChanged: () => publishStatus(),
    // Back online (the probe got an answer): the offline invoices go up at once.
    onBackOnline: () => void invoiceModeServices.upload.runNow(),
    offlineAfterFailures: () => options.settings.get().offlineAfterFailures,
    lowNumbers: () => options.settings.get().offlineLowNumbers,
  });
  // The upload of offline invoices and the top-up of numbers (invoice-mode/services.ts), over the
  // standard API as returns use it.
  const invoiceModeServices = createInvoiceModeServices({
    journal,
    connect: () =>
      standardConnection(
        {
          settings: options.settings,
          secrets: options.secrets,
          trainingServiceUrl: () => checkout.trainingServiceUrl(),
        },
        bilingual('未上傳。', 'nothing was uploaded.'),
      ),
    tillId: () => options.settings.get().tillId,
    online: () => !invoiceMode.issuing.offlineMode(),
    lowNumbers: () => options.settings.get().offlineLowNumbers,
    segmentSize: () => options.settings.get().invoiceModeSegmentSize,
    group: () => options.settings.get().invoiceModeGroup,
    logger: options.logger,
    onStatusChanged: () => publishStatus(),
  });
  lifecycle.register(invoiceMode.pendingProofs);
  lifecycle.register(invoiceMode.probe);
  lifecycle.register(invoiceModeServices.topUp);
  lifecycle.register(invoiceModeServices.upload);
  lifecycle.register(invoiceModeServices.blanks);
  // Training mode (the default) starts the embedded training service here; see checkout/capability.ts.
  const checkout = await createCheckoutCapability({
    offline: invoiceMode.issuing,
    // Training's cloud printer P01 prints on the virtual printer (issue 29).
    cloudPrintAgent: () => printing.service.virtualPrinterAddress(),
    dataDir: options.dataDir,
    journal,
    settings: options.settings,
    secrets: options.secrets,
    supervisor,
    logger: options.logger,
    onStatusChanged: publishStatus,
  });
  // The sale's print job is written in its outcome commit (two durable commits per sale, issue
  // 26), then printed once the outcome is on disk.
  checkout.enqueueOnIssued((event) => printing.enqueueIssued(event));
  checkout.onIssued(async (event) => {
    await printing.onIssued(event);
  });
  // Returns (void, allowance, allowance void, 改開) over the standard API; see returns/capability.ts.
  const returns = createReturnsCapability({
    journal,
    settings: options.settings,
    secrets: options.secrets,
    supervisor,
    logger: options.logger,
    trainingServiceUrl: () => checkout.trainingServiceUrl(),
    reissue: async (order, reissueOf) => {
      guarded.assertCanSell();
      headOffice.assertCanSell();
      // 改開 is the signed-in cashier's sale, not the voided one's cashier's.
      const cashier = shifts.cashierName();
      return checkout.reissue(cashier ? { ...order, cashier } : order, reissueOf);
    },
    onStateChanged: () => publishStatus(),
    // The allowance slip (two copies) or the void notice, with the drawer for a cash refund.
    onDone: async (record) => {
      const sale = journal.get(record.orderNo);
      if (!sale) return;
      const settings = options.settings.get();
      const paper = paperForReturn(record, sale, {
        sellerName: settings.sellerName,
        sellerId: settings.companyId,
      });
      const openDrawer = cashRefund(record) > 0;
      if (paper?.kind === 'allowance') {
        await printing.service.printAllowanceSlip({ orderNo: record.orderNo, slip: paper.slip, openDrawer });
      } else if (paper?.kind === 'void') {
        await printing.service.printVoidNotice({ orderNo: record.orderNo, notice: paper.notice, openDrawer });
      }
    },
  });
  // Reconciliation with the provider (status, upload deadlines, this till's number segments): at
  // closing and on demand through its methods, and in the background as a periodic service.
  const reconciliation = createReconciliationCapability({
    journal,
    settings: options.settings,
    secrets: options.secrets,
    supervisor,
    logger: options.logger,
    trainingServiceUrl: () => checkout.trainingServiceUrl(),
    onStateChanged: () => publishStatus(),
    onSaleResolved: () => publishStatus(),
  });
  // The printer's first answer, for the status bar (the poll keeps it fresh).
  void printing.refreshPrinterState();
  lifecycle.register(printing.statusPoll);
  if (printing.cloudJobs) lifecycle.register(printing.cloudJobs.poll);
  lifecycle.register(reconciliation.service);
  // Cashiers, the session and its idle lock, shifts, paid-in/out, X and Z reports (issue 14).
  const shifts = createShiftsCapability({
    journal,
    settings: options.settings,
    secrets: options.secrets,
    supervisor,
    printing,
    logger: options.logger,
    onChanged: () => publishStatus(),
    ...(options.sessionClock ? { clock: options.sessionClock } : {}),
  });
  lifecycle.register(shifts.service);

  // Head office (issue 17): the journal fed to the chain's PostgreSQL when it can be reached.
  // Without an address `settings()` is null: nothing runs, nothing connects, the state is `off`.
  // The password is read once per settings change (a status push reads the settings each time).
  let headOfficePassword: { value: string | null } | null = null;
  const headOfficeSettings = (): HeadOfficeSettings | null => {
    const settings = options.settings.get();
    if (settings.headOfficeUrl === '' || settings.headOfficeStoreId === '') return null;
    if (!headOfficePassword) {
      try {
        headOfficePassword = { value: options.secrets.get('headOfficePassword') };
      } catch {
        // Undecryptable: head office refuses the login and the status bar says so.
        headOfficePassword = { value: null };
      }
    }
    return {
      connection: {
        url: settings.headOfficeUrl,
        password: headOfficePassword.value,
        tls: settings.headOfficeTls,
        caCert: settings.headOfficeCaCert === '' ? null : settings.headOfficeCaCert,
      },
      storeId: settings.headOfficeStoreId,
    };
  };
  const headOffice = createHeadOfficeCapability({
    journal,
    settings: headOfficeSettings,
    companyId: () => options.settings.get().companyId,
    tillId: () => options.settings.get().tillId,
    chainKey: () => {
      const hex = options.secrets.get(CHAIN_KEY_SECRET);
      return hex && /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
    },
    logger: options.logger,
    supervisor,
    onStateChanged: () => publishStatus(),
    ...(options.headOfficeIntervalMs ? { intervalMs: options.headOfficeIntervalMs } : {}),
    // Head office's catalog (issue 28): pulled at start and every few minutes, applied between
    // sales (a batch pulled while a sale is being paid waits for it); a cart's lines keep the
    // prices they were scanned at, whatever the catalog does meanwhile.
    catalog: {
      lookup: () => catalog.service.index,
      version: () => catalog.service.version(),
      apply: (batch) => catalog.service.applyBatch(batch),
      salePaying: () => salesPaying > 0,
    },
  });
  lifecycle.register(headOffice.service);
  lifecycle.register(headOffice.catalogService);
  // Each issued sale nudges a run (sent within a second or so, not at the next interval). After
  // the answer (setImmediate): the sale's path never waits on head office, not even the run's
  // synchronous start (issue 26, item 1).
  checkout.onIssued(() => {
    setImmediate(() => {
      if (headOfficeSettings()) void headOffice.service.runNow();
    });
  });

  const refuseIfManaged = (tail: { zh: string; en: string }) => {
    const managed = headOffice.catalogManagedReason();
    if (managed) {
      throw new TillError('catalog-managed', {
        zh: `${managed.zh}。${tail.zh}`,
        en: `${managed.en}. ${tail.en}`,
      });
    }
  };

  const handlers: HandlerMap = {
    ...createAppHandlers({ status }),
    // Invoice mode's supervisor actions: the top-up and the blank report (PIN, recorded).
    ...createInvoiceModeHandlers({ capability: invoiceMode, services: invoiceModeServices, supervisor }),
    ...createSettingsHandlers({
      settings: options.settings,
      secrets: options.secrets,
      pins,
      journal,
      // The provider check takes its timestamps where the standard client does: never twice.
      checkProvider: (request) =>
        runProviderCheck(request, {
          reserveTimestamp: (clockKey, nowSeconds, windowSeconds) =>
            journal.reserveTimestamp(clockKey, nowSeconds, windowSeconds),
        }),
      checkPrinterUri: (uri) => checkPrinterUri(uri),
      // Training mode checks the embedded service, as the till's own sales reach it.
      trainingProvider: () => {
        const url = checkout.trainingServiceUrl();
        if (!url) return null;
        const training = trainingDefaults();
        return {
          standardServiceUrl: url + STANDARD_PATH_PREFIX,
          companyId: training.companyId,
          standardApiKey: training.standardApiKey,
          standardSigningSecret: training.standardSigningSecret,
        };
      },
      onChanged: () => {
        // The head-office password may have changed: read again; a new address is tried at once.
        headOfficePassword = null;
        if (headOfficeSettings()) void headOffice.service.runNow();
        publishStatus();
        // Training follows the provider variant: the embedded service restarts in the new one.
        void checkout.settingsChanged().then(publishStatus);
      },
    }),
    ...catalog.handlers,
    // A store whose catalog head office manages: its prices change there, never at the till.
    'catalog.saveProduct': async (input, ctx) => {
      const before = input.original === null ? null : catalog.service.index.byProductCode(input.original);
      // A new product or a new price; its name, barcodes or category stay the store's to fix.
      if (!before || before.price !== input.product.price) {
        refuseIfManaged(bilingual('商品未變更。', 'The product was not changed.'));
      }
      return catalog.handlers['catalog.saveProduct'](input, ctx);
    },
    'catalog.import': async (input, ctx) => {
      refuseIfManaged(bilingual('商品未變更。', 'The catalog was not changed.'));
      return catalog.handlers['catalog.import'](input, ctx);
    },
    'catalog.loadSample': async (input, ctx) => {
      refuseIfManaged(bilingual('商品未變更。', 'The catalog was not changed.'));
      return catalog.handlers['catalog.loadSample'](input, ctx);
    },
    ...createJournalHandlers({ journal, health: guarded }),
    ...createExportHandlers({
      journal,
      supervisor,
      companyId: () => options.settings.get().companyId,
      signingKey: exportSigningKey,
    }),
    ...checkout.handlers,
    // No sale while the journal is broken and no supervisor has acknowledged it.
    'checkout.submit': async (order, ctx) => {
      guarded.assertCanSell();
      // Nor while head office refuses this PC's claim of its till id (another PC sells under it).
      headOffice.assertCanSell();
      return paying(() => checkout.handlers['checkout.submit'](order, ctx));
    },
    'checkout.resubmit': async (input, ctx) => {
      guarded.assertCanSell();
      headOffice.assertCanSell();
      return checkout.handlers['checkout.resubmit'](input, ctx);
    },
    // A paper-proof sale resolved as issued gets its proof now: the first print is the original.
    'verification.resolve': async (input, ctx) => {
      const resolved = await checkout.handlers['verification.resolve'](input, ctx);
      if (resolved.state !== 'issued') return resolved;
      const print = await printing.printResolvedProof({
        orderNo: resolved.orderNo,
        ...(input.randomNumber ? { randomNumber: input.randomNumber } : {}),
      });
      return print ? { ...resolved, print } : resolved;
    },
    ...printing.handlers,
    // Every return needs the supervisor PIN; a reissue (改開) is a sale: not on a broken journal.
    ...returns.handlers,
    // Runs read only; a store reconciliation and accepting a suggestion need the supervisor PIN.
    ...reconciliation.handlers,
    ...shifts.handlers,
    // Status and sync read only; the store view needs a connected head office.
    ...headOffice.handlers,
    // Fault drills of the training service: training mode only, supervisor PIN, recorded.
    ...checkout.trainingHandlers,
    // The customer display: what the till's screen publishes, with the store's name, to every window.
    'display.update': async (update) => {
      events.publish('display.changed', { ...update, sellerName: options.settings.get().sellerName });
      return { ok: true as const };
    },
    // Its window (Electron): the cashier can close it from the till and open it again.
    'display.window': async ({ open }) => {
      const window = options.customerWindow;
      if (!window) return { state: 'unavailable' as const };
      return { state: open === undefined ? window.state() : window.setOpen(open) };
    },
  };

  publishing = true;
  guarded.startFullCheck();
  await lifecycle.start();
  return {
    // Every call goes through the session first: idle lock, sign-in, open shift, who did it.
    // …and answers only once the secrets it wrote are on disk (settings/secret-store.ts).
    dispatch: createDispatcher(withSecretsOnDisk(shifts.guard(handlers), options.secrets), options.logger),
    events,
    trainingAdmin: () => checkout.trainingAdmin(),
    durableCommits: () => journal.durableCommits(),
    runBackgroundNow: (name) => lifecycle.runNow(name),
    async close() {
      publishing = false;
      await lifecycle.stop();
      catalog.close();
      await checkout.close();
      await printing.close();
      await guarded.close();
      await options.secrets.settled?.();
    },
  };
}

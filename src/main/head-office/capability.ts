import type pg from 'pg';
import { z } from 'zod';
import type { Bilingual } from '../../shared/domain';
import {
  StoreDay,
  type CatalogSyncState,
  type HeadOfficeState,
  type headOfficeMethods,
} from '../../shared/ipc/contract/head-office';
import type { CatalogBatch } from '../catalog';
import { planCatalogBatch, pullCatalog, type CatalogLookup } from './catalog-pull';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import { periodic, type PeriodicService } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import {
  classifyError,
  closeQuietly,
  connectHeadOffice,
  describeAddress,
  headOfficeError,
  plain,
  type HeadOfficeConnection,
  type HeadOfficeProblemCode,
} from './connection';
import type { TillIdentity } from './feed';
import type { SupervisorGate } from '../settings/supervisor';
import {
  catalogFileFor,
  clearClaimStop,
  installFileFor,
  readCatalogManaged,
  writeCatalogManaged,
  loadOrCreateInstallId,
  readClaimStop,
  stopFileFor,
  writeClaimStop,
  type ClaimStop,
} from './install-id';
import { DEFAULT_BATCH, syncOnce, type SyncResult } from './replicator';

/**
 * Head office as the core assembles it: the replicator as a periodic service on the core's
 * lifecycle (never a timer of its own: the core starts it after the handlers exist and stops it,
 * waiting for the batch in flight, before the journal closes), the status bar's line, and the
 * closing screen's store view.
 *
 * Without a head-office address nothing runs and the state is `off`: the till is exactly as
 * before. With one, a run every `intervalMs` (and on `sync`) sends what head office lacks; a run
 * that finds head office unreachable leaves the till selling and tries again at the next interval.
 */
export interface HeadOfficeSettings {
  connection: HeadOfficeConnection;
  /** The store this till belongs to (head office's stores). */
  storeId: string;
}

export interface HeadOfficeCapabilityOptions {
  /** The till's journal: its file is read on a separate read-only connection. */
  journal: { readonly path: string; chainHead(): { entryId: number } };
  /** The head-office address, password, TLS and store, or null when none is set. */
  settings: () => HeadOfficeSettings | null;
  companyId: () => string;
  tillId: () => string;
  /**
   * This PC's install id; by default the one kept beside the journal (`head-office.json`, made on
   * first use: install-id.ts), which is where `hq restore` writes the new PC's.
   */
  installId?: () => string;
  /** The journal's chain key (the `journalChainKey` secret), or null. */
  chainKey: () => Buffer | null;
  logger: Logger;
  /** The PIN gate (and its journal record) for resolving a refused claim; without one it is refused. */
  supervisor?: SupervisorGate;
  /** Where a refused claim's stop is kept (default beside the journal: install-id.ts). */
  stopFile?: string;
  /** The status bar's line changed (throttled to one call a second during a catch-up). */
  onStateChanged?: () => void;
  /** Between runs (default 10 s). */
  intervalMs?: number;
  /** Head office's catalog at this till (issue 28); without it the till pulls none. */
  catalog?: TillCatalog;
  /** Between catalog pulls (default 3 minutes); a pull also runs at start. */
  catalogIntervalMs?: number;
  batchSize?: number;
  now?: () => Date;
}

/** The till's catalog as head office's pull reaches it (the composition joins the catalog capability). */
export interface TillCatalog {
  lookup(): CatalogLookup;
  /** The version the catalog runs (null: never pulled). */
  version(): string | null;
  /** One batch, atomically (catalog-service.ts applyBatch). */
  apply(batch: CatalogBatch): Promise<void>;
  /** A sale is being paid: a pulled batch waits for it. */
  salePaying(): boolean;
  /** The catalog's line in the status bar changed. */
  onChanged?(): void;
}

export interface HeadOfficeCapability {
  /** Register with the core's lifecycle. */
  service: PeriodicService;
  /** The catalog's pull (issue 28), on the core's lifecycle too. */
  catalogService: PeriodicService;
  catalogState(): CatalogSyncState;
  /** Head office manages this store's prices: local price edits are refused (the reason, else null). */
  catalogManagedReason(): Bilingual | null;
  /** A sale ended: a batch that waited for it is applied now. */
  salesIdle(): Promise<void>;
  /** One pull (and its apply, or its wait for the sale) now; the state after it. */
  pullCatalogNow(): Promise<CatalogSyncState>;
  state(): HeadOfficeState;
  /** One run now (or the one in progress); the state after it. */
  syncNow(): Promise<HeadOfficeState>;
  storeDay(businessDay: string): Promise<StoreDay>;
  /**
   * Throws the bilingual `till-id-claimed` TillError while head office refuses this PC's claim of
   * the till id it sells under (another PC owns it) and no supervisor has resolved it.
   */
  assertCanSell(): void;
  handlers: HandlersFor<typeof headOfficeMethods>;
}

/** Problems that are head office saying no (shown as refused) rather than not being there. */
const REFUSING: ReadonlySet<HeadOfficeProblemCode> = new Set([
  'other-company',
  'other-machine',
  'other-store',
  'chain-key',
]);
const UNREACHABLE: ReadonlySet<HeadOfficeProblemCode> = new Set([
  'bad-address',
  'unreachable',
  'auth',
  'no-database',
  'not-migrated',
  'permission',
  'tls',
  'timeout',
]);

export function createHeadOfficeCapability(options: HeadOfficeCapabilityOptions): HeadOfficeCapability {
  const now = options.now ?? (() => new Date());
  let keptInstallId: string | null = null;
  const installId =
    options.installId ??
    (() => (keptInstallId ??= loadOrCreateInstallId(installFileFor(options.journal.path))));
  let outcome: 'none' | 'ok' | 'unreachable' | 'refused' | 'failed' = 'none';
  let reason: Bilingual | null = null;
  let headOfficeEntryId: number | null = null;
  let lastSyncedAt: string | null = null;
  let lastContactAt: string | null = null;
  let stopping = false;
  let client: pg.Client | null = null;
  let published = '';
  let publishedAt = 0;
  let loggedReason = '';

  function journalEntryId(): number {
    try {
      return options.journal.chainHead().entryId;
    } catch {
      return 0; // the journal is closing
    }
  }

  const stopFile = options.stopFile ?? stopFileFor(options.journal.path);

  /** The stop that applies to the till id sold under now (an unreadable one applies to any). */
  function stop(): ClaimStop | null {
    const found = readClaimStop(stopFile);
    return found && (found.tillId === '*' || found.tillId === options.tillId()) ? found : null;
  }

  function state(): HeadOfficeState {
    const settings = options.settings();
    const local = journalEntryId();
    const stopped = stop();
    if (!settings) {
      return {
        stopped,
        state: 'off',
        behind: null,
        headOfficeEntryId: null,
        journalEntryId: local,
        lastSyncedAt,
        lastContactAt,
        reason: null,
        address: null,
      };
    }
    const behind = headOfficeEntryId === null ? null : Math.max(0, local - headOfficeEntryId);
    const kind: HeadOfficeState['state'] =
      outcome === 'refused'
        ? 'refused'
        : outcome === 'unreachable'
          ? 'unreachable'
          : outcome === 'failed'
            ? 'failed'
            : behind === 0
              ? 'synced'
              : 'behind';
    return {
      state: kind,
      behind,
      headOfficeEntryId,
      journalEntryId: local,
      lastSyncedAt,
      lastContactAt,
      reason: kind === 'synced' || kind === 'behind' ? null : reason,
      address: describeAddress(settings.connection.url),
      stopped,
    };
  }

  /** Tells the core when the line changed: at once for a new state, once a second for progress. */
  function publish(force = false): void {
    if (!options.onStateChanged) return;
    const current = state();
    const key = `${current.state}|${current.reason?.en ?? ''}|${current.behind === 0}`;
    const at = Date.now();
    if (!force && key === published && at - publishedAt < 1_000) return;
    published = key;
    publishedAt = at;
    options.onStateChanged();
  }

  function identity(): TillIdentity {
    const settings = options.settings()!;
    return {
      companyId: options.companyId(),
      storeId: settings.storeId,
      tillId: options.tillId(),
      installId: installId(),
    };
  }

  function chainKey(): Buffer | null {
    try {
      return options.chainKey();
    } catch {
      return null; // unreadable: the run says the key is missing
    }
  }

  function record(result: SyncResult): void {
    const at = now().toISOString();
    if (result.headOffice) {
      headOfficeEntryId = result.headOffice.entryId;
      lastContactAt = at;
    }
    switch (result.kind) {
      case 'synced':
        outcome = 'ok';
        reason = null;
        lastSyncedAt = at;
        // The first start: the catalog's pull came before head office registered this till.
        if (catalogUnregistered) void catalogPoll.runNow();
        break;
      case 'stopped':
        // The till stopped the run: what head office last said stands (a run that reached head
        // office has already said so through onProgress).
        break;
      case 'refused':
        outcome = 'refused';
        reason = result.refusal.reason;
        break;
      case 'failed':
        if (result.error.problem === 'other-machine' && tillOfRun !== null) {
          // Selling on would hand out the other PC's order numbers: stop until a person acts.
          writeClaimStop(stopFile, {
            tillId: tillOfRun,
            since: at,
            reason: result.error.bilingual,
          });
        }
        outcome = REFUSING.has(result.error.problem)
          ? 'refused'
          : UNREACHABLE.has(result.error.problem)
            ? 'unreachable'
            : 'failed';
        reason = result.error.bilingual;
        break;
    }
    // The log hears of a problem once, not at every interval while head office is down.
    const logKey = `${outcome}|${reason?.en ?? ''}`;
    if (logKey !== loggedReason) {
      loggedReason = logKey;
      if (reason) {
        (outcome === 'unreachable' ? options.logger.warn : options.logger.error)('head office: ' + outcome, {
          reason: reason.en,
        });
      } else if (outcome === 'ok') {
        options.logger.info('head office: connected', { headOfficeEntryId });
      }
    }
  }

  /** The till id the run in progress registers as (a stop names it, not a later setting). */
  let tillOfRun: string | null = null;

  async function run(): Promise<void> {
    const settings = options.settings();
    if (!settings || stopping) return;
    let till: TillIdentity;
    try {
      till = identity();
      tillOfRun = till.tillId;
    } catch (error) {
      // The install id could not be kept (a read-only data folder): said, not thrown at the core.
      record({ kind: 'failed', error: classifyError(error), headOffice: null, journalEntryId: 0, sent: 0 });
      publish(true);
      return;
    }
    const result = await syncOnce({
      journalPath: options.journal.path,
      identity: till,
      chainKey: chainKey(),
      connection: settings.connection,
      batchSize: options.batchSize ?? DEFAULT_BATCH,
      shouldStop: () => stopping,
      onClient: (current) => {
        client = current;
      },
      onProgress: ({ headOffice }) => {
        // Head office took this PC as the till (registered): a stop under this id is over.
        if (readClaimStop(stopFile)?.tillId === till.tillId) clearClaimStop(stopFile);
        headOfficeEntryId = headOffice.entryId;
        lastContactAt = now().toISOString();
        if (outcome !== 'ok') {
          outcome = 'ok';
          reason = null;
        }
        publish();
      },
    });
    record(result);
    publish(true);
  }

  const poll = periodic({
    name: 'head-office',
    intervalMs: options.intervalMs ?? 10_000,
    runAtStart: true,
    logger: options.logger,
    enabled: () => options.settings() !== null,
    run,
  });

  const service: PeriodicService = {
    name: poll.name,
    start() {
      stopping = false;
      return poll.start();
    },
    async stop() {
      // The batch in flight is abandoned (head office rolls it back) rather than waited for: a
      // head office that does not answer must not hold up closing the till.
      stopping = true;
      const current = client;
      if (current) void closeQuietly(current);
      await poll.stop();
    },
    runNow: (ask) => poll.runNow(ask),
  };

  async function storeDay(businessDay: string): Promise<StoreDay> {
    const settings = options.settings();
    if (!settings) {
      throw headOfficeError(
        'bad-address',
        '尚未設定總部資料庫，無法顯示門市資料',
        'No head office is set: the store view is not available',
      );
    }
    let connection: pg.Client | null = null;
    try {
      connection = await connectHeadOffice(settings.connection);
      const result = await connection.query<{ answer: unknown }>(
        'SELECT hq.store_day($1, $2, $3::date) AS answer',
        [options.tillId(), installId(), businessDay],
      );
      const parsed = StoreDayAnswer.safeParse(result.rows[0]?.answer);
      if (!parsed.success) {
        throw headOfficeError(
          'internal',
          '總部資料庫的回應無法辨識',
          'Head office gave an answer this till cannot read',
        );
      }
      const answer = parsed.data;
      if (answer.status !== 'ok') {
        throw headOfficeError(
          answer.status === 'other-machine' ? 'other-machine' : 'internal',
          answer.status === 'other-machine'
            ? '此收銀機代號由另一台電腦傳送資料，無法顯示門市資料'
            : '總部尚未收到此收銀機的資料',
          answer.status === 'other-machine'
            ? 'This till id is fed by another PC: the store view is not available'
            : 'Head office has nothing from this till yet',
        );
      }
      return {
        storeId: plain(answer.storeId, 32),
        businessDay,
        tills: answer.tills.map((till) => ({ ...till, tillId: plain(till.tillId, 12) })),
        payments: answer.payments.map((payment) => ({
          ...payment,
          tillId: plain(payment.tillId, 12),
          method: plain(payment.method, 32),
        })),
        feeds: answer.feeds.map((feed) => ({
          tillId: plain(feed.tillId, 12),
          refused: feed.refused,
          lastEntryAt: feed.lastEntryAt,
          headEntryId: feed.headId,
        })),
        generatedAt: now().toISOString(),
      };
    } catch (error) {
      throw classifyError(error);
    } finally {
      await closeQuietly(connection);
    }
  }

  function assertCanSell(): void {
    const stopped = stop();
    if (!stopped) return;
    throw new TillError('till-id-claimed', {
      zh: `總部拒絕本機以收銀機代號 ${options.tillId()} 傳送資料（另一台電腦已使用此代號），為免訂單編號重複已暫停結帳；請主管處理（總部的 hq status 列出此事）。此筆未送出。`,
      en: `Head office refused this PC's claim of till id ${options.tillId()} (another PC uses it): sales are stopped so that no order number is handed out twice; a supervisor must resolve it (head office's hq status lists it). Nothing was sent.`,
    });
  }

  async function resolveClaim(request: { pin?: string | undefined; by?: string | undefined; note: string }) {
    const stopped = stop();
    if (!stopped) return state();
    const note = request.note.trim();
    if (note === '') {
      throw new TillError('rejected', {
        zh: '請說明如何處理（例如：已改收銀機代號、總部已移轉），未變更任何設定。',
        en: 'Say how it was resolved (the till id changed, head office moved it, …). Nothing was changed.',
      });
    }
    if (!options.supervisor) {
      throw new TillError('rejected', {
        zh: '此處無法確認主管 PIN，未變更任何設定。',
        en: 'No supervisor PIN can be checked here. Nothing was changed.',
      });
    }
    await options.supervisor.run(
      request,
      {
        action: 'head-office.claim-resolved',
        required: {
          zh: '恢復結帳需要主管 PIN，仍暫停結帳。',
          en: 'Selling again needs the supervisor PIN: sales stay stopped.',
        },
        wrong: { zh: '主管 PIN 不正確，仍暫停結帳。', en: 'Wrong supervisor PIN: sales stay stopped.' },
        detail: () => ({ tillId: stopped.tillId, since: stopped.since, note }),
      },
      () => clearClaimStop(stopFile),
    );
    publish(true);
    return state();
  }

  // ---------------------------------------------------------------- the catalog (issue 28)
  const catalogFile = catalogFileFor(options.journal.path);
  let managed = options.catalog ? readCatalogManaged(catalogFile) : false;
  let catalogReason: Bilingual | null = null;
  let waiting: { batch: CatalogBatch } | null = null;
  let applying: Promise<void> | null = null;

  function catalogState(): CatalogSyncState {
    return {
      version: options.catalog?.version() ?? null,
      managed,
      waiting: waiting !== null,
      reason: catalogReason,
    };
  }

  const catalogChanged = () => {
    options.catalog?.onChanged?.();
    options.onStateChanged?.();
  };

  /** The waiting batch, unless a sale is being paid (it waits on) or one is being applied. */
  async function applyWaiting(): Promise<void> {
    const catalog = options.catalog;
    if (!catalog) return;
    if (applying) return applying;
    if (!waiting || catalog.salePaying()) return;
    const { batch } = waiting;
    waiting = null;
    applying = (async () => {
      try {
        await catalog.apply(batch);
        catalogReason = null;
        options.logger.info('head office: catalog applied', {
          version: batch.version,
          products: batch.upserts.length,
        });
      } catch (error) {
        catalogReason = {
          zh: '無法套用總部的商品更新，將於下次更新時重試',
          en: "Head office's catalog update could not be applied: the next pull tries again",
        };
        options.logger.error('head office: catalog apply failed', error);
      } finally {
        applying = null;
        catalogChanged();
      }
    })();
    await applying;
    // Head office hears the version this till now runs (its report of which till runs which):
    // a pull in progress asks again itself; after a sale, a pull now.
    if (catalogReason === null && !stopping && !pulling) void catalogPoll.runNow();
  }

  let pulling = false;
  let catalogUnregistered = false;

  /** Pull, apply (or leave waiting for the sale), and pull again to tell head office the version now run. */
  async function pullOnce(): Promise<void> {
    const catalog = options.catalog;
    if (!catalog) return;
    pulling = true;
    try {
      for (let round = 0; round < 3; round++) {
        const before = catalog.version();
        await pullAndPlan(catalog);
        if (!waiting) return;
        await applyWaiting();
        if (catalog.version() === before) return; // waiting for the sale, or refused
      }
    } finally {
      pulling = false;
    }
  }

  async function pullAndPlan(catalog: TillCatalog): Promise<void> {
    const settings = options.settings();
    if (!settings || stopping || applying) return;
    const text = catalog.version();
    const running = text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
    let connection: pg.Client | null = null;
    try {
      const till = identity();
      connection = await connectHeadOffice(settings.connection);
      const result = await pullCatalog(connection, till, running, running);
      catalogUnregistered = result.kind === 'unknown-till';
      if (result.kind !== 'ok') {
        catalogReason = result.reason;
        return;
      }
      if (result.managed !== managed) {
        writeCatalogManaged(catalogFile, result.managed, now());
        managed = result.managed;
      }
      if (result.products.length === 0 && String(result.version) === text) {
        catalogReason = null;
        return;
      }
      const plan = planCatalogBatch(catalog.lookup(), result.products, result.version);
      if (!plan.ok) {
        catalogReason = plan.reason;
        return;
      }
      // A newer pull holds everything an older waiting one did (both start at the running version).
      waiting = { batch: plan.batch };
      catalogReason = null;
    } catch (error) {
      // Head office unreachable: the journal's line says so; the catalog keeps what it runs.
      catalogReason = classifyError(error).bilingual;
    } finally {
      await closeQuietly(connection);
      catalogChanged();
    }
  }

  const catalogPoll = periodic({
    name: 'head-office-catalog',
    intervalMs: options.catalogIntervalMs ?? 180_000,
    runAtStart: true,
    logger: options.logger,
    enabled: () => options.catalog !== undefined && options.settings() !== null,
    run: pullOnce,
  });

  const catalogService: PeriodicService = {
    name: catalogPoll.name,
    start() {
      return catalogPoll.start();
    },
    async stop() {
      await catalogPoll.stop();
      // A batch being written finishes (its transaction either way) before the catalog closes.
      if (applying) await applying;
    },
    runNow: (ask) => catalogPoll.runNow(ask),
  };

  function catalogManagedReason(): Bilingual | null {
    if (!options.catalog || !managed) return null;
    return {
      zh: '本門市的商品價格由總部統一管理，請在總部變更（npm run hq -- catalog set-price）',
      en: "This store's prices are managed by head office: change them there (npm run hq -- catalog set-price)",
    };
  }

  return {
    service,
    catalogService,
    catalogState,
    catalogManagedReason,
    salesIdle: applyWaiting,
    async pullCatalogNow() {
      await catalogService.runNow();
      if (applying) await applying;
      return catalogState();
    },
    state,
    assertCanSell,
    async syncNow() {
      await service.runNow();
      return state();
    },
    storeDay,
    handlers: {
      'headOffice.status': async () => state(),
      'headOffice.sync': async () => {
        // Fresh: the supervisor may have just changed the address or the password. The catalog's
        // pull too: "sync now" brings head office's prices now rather than at the next pull.
        await Promise.all([
          service.runNow({ fresh: true }),
          options.catalog ? catalogService.runNow({ fresh: true }).then(() => applying) : null,
        ]);
        return state();
      },
      'headOffice.storeDay': async ({ businessDay }) => storeDay(businessDay),
      'headOffice.resolveClaim': async (request) => resolveClaim(request),
    },
  };
}

/** hq.store_day's answer (schema.ts): numbers arrive as JSON numbers (jsonb numeric). */
const Num = z.coerce.number();
const StoreDayAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    storeId: z.string(),
    tills: z.array(
      z.object({
        tillId: z.string(),
        training: z.boolean(),
        transactions: Num,
        salesCount: Num,
        salesAmount: Num,
        salesTax: Num,
        returnsCount: Num,
        returnsAmount: Num,
        returnsTax: Num,
        netAmount: Num,
        netTax: Num,
        pendingSales: Num,
        pendingReturns: Num,
      }),
    ),
    payments: z.array(
      z.object({
        tillId: z.string(),
        training: z.boolean(),
        method: z.string(),
        taken: Num,
        refunded: Num,
        net: Num,
      }),
    ),
    feeds: z.array(
      z.object({
        tillId: z.string(),
        refused: z.boolean(),
        lastEntryAt: z.string().nullable(),
        headId: z.number().int().nonnegative().nullable(),
      }),
    ),
  }),
  z.object({ status: z.literal('other-machine') }),
  z.object({ status: z.literal('unknown-till') }),
]);

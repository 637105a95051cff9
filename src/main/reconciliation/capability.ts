import { bilingual, taipeiBusinessDay } from '../../shared/domain';
import type {
  ReconciliationReport,
  ReconciliationState,
  ReconciliationSuggestion,
} from '../../shared/ipc/contract/reconciliation';
import type { reconciliationMethods } from '../../shared/ipc/contract/reconciliation';
import { createVerification } from '../checkout';
import type { HandlersFor } from '../core/handlers';
import { periodic, type PeriodicService } from '../core/lifecycle';
import type { Logger } from '../core/logger';
import type { StandardClientDeps } from '../invoice-service/standard-client';
import {
  standardConnection,
  standardConnectionReady,
  type StandardConnectionSource,
} from '../invoice-service/standard-connection';
import type { Journal } from '../journal/journal';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { SupervisorGate } from '../settings/supervisor';
import { createReconciliationEngine, type ReconciliationEngine, type Trigger } from './engine';
import { isLate } from './findings';
import { createReconciliationHandlers } from './handlers';
import { acceptRefused, reconciliationRefused } from './messages';
import { readExports, sourcesOfExports } from './sources';
import { checkTillKeys } from './till-export';

/**
 * The reconciliation capability as the core assembles it: the engine over the standard API as the
 * settings say now (training: the embedded service; production: the standard address and key
 * pair), the last report and the status bar's line, and the background run, a periodic service on
 * the core's lifecycle (never a timer of its own).
 */
export interface ReconciliationCapabilityOptions {
  journal: Journal;
  settings: SettingsStore;
  secrets: SecretStore;
  supervisor: SupervisorGate;
  logger: Logger;
  trainingServiceUrl(): string | null;
  /** The status bar's line changed. */
  onStateChanged?: () => void;
  /** A 待確認 sale was resolved (the status bar's pending count moved). */
  onSaleResolved?: () => void;
  now?: () => Date;
  post?: StandardClientDeps['post'];
  /** How often the background service looks whether a run is due (default a minute). */
  tickMs?: number;
}

export interface ReconciliationCapability {
  handlers: HandlersFor<typeof reconciliationMethods>;
  engine: ReconciliationEngine;
  /** The background run: register it with the core's lifecycle. */
  service: PeriodicService;
  state(): ReconciliationState;
  run(businessDays: readonly string[], trigger: Trigger): Promise<ReconciliationReport>;
  last(): ReconciliationReport | null;
}

/** Days the background run watches: today and the 7 before it (a B invoice's deadline is 7 days). */
export const BACKGROUND_DAYS = 8;

/** At most this many settled invoice numbers are remembered (a week of a busy store). */
const SETTLED_LIMIT = 100_000;

export function createReconciliationCapability(
  options: ReconciliationCapabilityOptions,
): ReconciliationCapability {
  const now = options.now ?? (() => new Date());
  const source: StandardConnectionSource = options;
  const connect = () => standardConnection(source, bilingual('未核對。', 'nothing was reconciled.'));
  // The verification screen's own resolution (checkout/verification.ts): an accepted suggestion is
  // recorded exactly as a person's resolution is.
  const verification = createVerification({
    journal: options.journal,
    logger: options.logger,
    onStateChanged: () => options.onSaleResolved?.(),
  });
  const engine = createReconciliationEngine({
    journal: options.journal,
    connect,
    tillId: () => options.settings.get().tillId,
    logger: options.logger,
    now,
    ...(options.post ? { post: options.post } : {}),
    resolveSale: (input) =>
      verification.resolve({
        orderNo: input.orderNo,
        outcome: input.outcome,
        ...(input.invoiceNumber ? { invoiceNumber: input.invoiceNumber } : {}),
        by: input.by,
        note: input.note,
      }),
  });

  let last: ReconciliationReport | null = null;
  /** The last store report: its suggestions for this till's sales may be accepted too. */
  let lastStore: ReconciliationReport | null = null;
  let running = 0;
  let failed = false;
  let lastBackgroundAt = 0;
  /** Invoices found settled by a run: the background run leaves them out (closing runs never do). */
  const settled = new Set<string>();
  let published = '';

  function state(): ReconciliationState {
    const report = last;
    const at = now();
    const uploads = report?.uploadsLate ?? [];
    const late = uploads.filter((f) => isLate(f, at)).length;
    return {
      state: running > 0 ? 'running' : !standardConnectionReady(source) ? 'off' : failed ? 'failed' : 'idle',
      lastRunAt: report?.ranAt ?? null,
      uploadsLate: late,
      uploadsAtRisk: uploads.length - late,
      findings: report
        ? report.mismatches.length + report.uploadsLate.length + report.unknownToJournal.length
        : 0,
      suggestions: report?.suggestions.length ?? 0,
    };
  }

  /** Tells the core only when the status bar's line really changed. */
  function publish(): void {
    const next = JSON.stringify(state());
    if (next === published) return;
    published = next;
    options.onStateChanged?.();
  }

  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    running++;
    publish();
    try {
      return await work();
    } finally {
      running--;
      publish();
    }
  }

  async function run(businessDays: readonly string[], trigger: Trigger): Promise<ReconciliationReport> {
    return tracked(async () => {
      try {
        const background = trigger === 'background';
        const result = await engine.run({
          businessDays,
          trigger,
          ...(background ? { skip: settled } : {}),
        });
        if (settled.size > SETTLED_LIMIT) settled.clear();
        for (const number of result.settled) settled.add(number);
        last = result.report;
        failed = !result.report.complete;
        return result.report;
      } catch (error) {
        failed = true;
        throw error;
      }
    });
  }

  /** The background days, newest first: today (Asia/Taipei) and the days before it. */
  function backgroundDays(): string[] {
    const today = now();
    const days = new Set<string>();
    for (let i = 0; i < BACKGROUND_DAYS; i++)
      days.add(taipeiBusinessDay(new Date(today.getTime() - i * 86_400_000)));
    return [...days];
  }

  const service = periodic({
    name: 'reconciliation',
    intervalMs: options.tickMs ?? 60_000,
    logger: options.logger,
    // Only while the standard API can be asked (always in training mode), and once the interval
    // setting (minutes) has passed since the last background run: read at every tick, so a
    // change in Settings applies without a restart.
    enabled: () =>
      standardConnectionReady(source) &&
      Date.now() - lastBackgroundAt >= options.settings.get().reconcileIntervalMinutes * 60_000,
    run: async () => {
      lastBackgroundAt = Date.now();
      await run(backgroundDays(), 'background');
    },
  });

  function suggestionFor(orderNo: string): ReconciliationSuggestion {
    const found =
      last?.suggestions.find((s) => s.orderNo === orderNo) ??
      lastStore?.suggestions.find((s) => s.orderNo === orderNo);
    if (!found) {
      throw acceptRefused(
        `最近一次核對沒有訂單 ${orderNo} 的建議，請先核對`,
        `the last reconciliation has no suggestion for order ${orderNo}; reconcile first`,
      );
    }
    return found;
  }

  async function accept(orderNo: string, by: string) {
    return tracked(async () => {
      const result = await engine.accept(suggestionFor(orderNo), by);
      // The suggestion is spent: the screens and the status bar stop showing it.
      for (const report of [last, lastStore]) {
        if (report) report.suggestions = report.suggestions.filter((s) => s.orderNo !== orderNo);
      }
      return result;
    });
  }

  async function store(input: {
    businessDay: string;
    imports: Array<{ name: string; text: string }>;
    by: string;
  }) {
    const connection = connect();
    const exports = readExports(input.imports, {
      companyId: connection.config.companyId,
      businessDay: input.businessDay,
      training: connection.training,
      thisTillId: options.settings.get().tillId,
    });
    // Each till's signing key: the pinned one, or pinned now (this act has the supervisor PIN),
    // recorded with its fingerprint for whoever checks it against that till's screen.
    const keys = checkTillKeys(exports, options.journal.tillKeyPins());
    if (!keys.ok) throw reconciliationRefused(keys.reason.zh, keys.reason.en);
    for (const pin of keys.newPins) {
      options.supervisor.record('reconciliation.till-key', input.by, {
        tillId: pin.tillId,
        fingerprint: pin.fingerprint,
        publicKey: pin.publicKey,
        file: pin.file,
        businessDay: input.businessDay,
      });
    }
    const imports = sourcesOfExports(exports);
    const signers = new Map<string, string>();
    for (const data of exports)
      for (const tillId of data.tillIds) signers.set(tillId, data.signer.fingerprint);
    const pinnedNow = new Set(keys.newPins.map((pin) => pin.tillId));
    return tracked(async () => {
      const run = await engine.store({ businessDay: input.businessDay, imports, by: input.by });
      const report = {
        ...run,
        tills: run.tills.map((till) => {
          const fingerprint = signers.get(till.tillId);
          return fingerprint === undefined || till.source !== 'export'
            ? till
            : { ...till, keyFingerprint: fingerprint, keyPinnedNow: pinnedNow.has(till.tillId) };
        }),
      };
      lastStore = report;
      return report;
    });
  }

  return {
    engine,
    service,
    state,
    run,
    last: () => last,
    handlers: createReconciliationHandlers({
      run,
      last: () => last,
      state,
      store,
      accept,
      supervisor: options.supervisor,
    }),
  };
}

import { z } from 'zod';
import { BilingualText, method, noInput } from './define';
// head-office.ts imports only define.ts: no cycle back to this file.
import { CatalogSyncState, HeadOfficeState } from './head-office';

export const TillMode = z.enum(['training', 'production']);

/**
 * The journal's integrity as the start-up check (the chain's tail) and then the full check in
 * the background found it. Broken: the till refuses to sell until a supervisor acknowledges it
 * with the PIN (recorded in the journal); acknowledged, it sells and keeps showing the reason.
 */
export const JournalHealth = z.object({
  ok: z.boolean(),
  acknowledged: z.boolean(),
  reason: z.object({ zh: z.string(), en: z.string() }).nullable(),
  /** Entries covered so far: the tail at start, every entry once the background check ends. */
  checkedEntries: z.number().int().nonnegative(),
  fullCheckDone: z.boolean(),
});
export type JournalHealth = z.infer<typeof JournalHealth>;
export type TillMode = z.infer<typeof TillMode>;

/** The status bar's line: late uploads are a legal deadline, so they stay visible. */
export const ReconciliationState = z.object({
  /** `off`: no standard key pair set (production) or nothing to check yet. */
  state: z.enum(['off', 'idle', 'running', 'failed']),
  lastRunAt: z.string().nullable(),
  uploadsLate: z.number().int().nonnegative(),
  uploadsAtRisk: z.number().int().nonnegative(),
  findings: z.number().int().nonnegative(),
  suggestions: z.number().int().nonnegative(),
});
export type ReconciliationState = z.infer<typeof ReconciliationState>;

/**
 * Which dialect of the provider contract the till speaks (provider profile §6; the adapter's
 * `src/provider/variants`): the profile's own, or SystemLead's.
 */
export const ProviderVariantSetting = z.enum(['profile', 'systemlead']);
export type ProviderVariantSetting = z.infer<typeof ProviderVariantSetting>;

/** Invoice mode (issue 27): offline mode, the till's own numbers left, offline invoices to upload. */
export const InvoiceModeStatus = z.object({
  mode: z.enum(['online', 'offline']),
  /** Numbers in hand for the current period (segments not reported blank). */
  numbersLeft: z.number().int(),
  /** Offline invoices not yet uploaded; of them, waiting 24 h or more, and past their deadline. */
  waitingUpload: z.number().int(),
  warnUpload: z.number().int(),
  lateUpload: z.number().int(),
  /** Whether the till can issue offline; `reason` says why not (no QR key). */
  offlineIssuing: z.boolean(),
  reason: BilingualText.nullable(),
  /** The calm notice the sale screen shows in offline mode; null online. */
  notice: BilingualText.nullable(),
  /**
   * Numbers running out (at or below the low-numbers setting, before the last is used): what the
   * cashier does then; null while enough are left.
   */
  lowNotice: BilingualText.nullable(),
});
export type InvoiceModeStatus = z.infer<typeof InvoiceModeStatus>;

export const AppStatus = z.object({
  appName: z.string(),
  version: z.string(),
  mode: TillMode,
  tillId: z.string(),
  /**
   * The provider's variant: the checkout offers only the invoice choices it has (SystemLead has no
   * "customer decides on the phone").
   */
  providerVariant: ProviderVariantSetting,
  /** Where the core runs: inside Electron, or the development web host in plain Node. */
  host: z.enum(['electron', 'web']),
  startedAt: z.string(),
  /**
   * Reachability of the e-invoice service as last seen; 'unknown' until the first check.
   * 'issuing' while a sale waits for its answer, 'slow' once that wait passes a few seconds: the
   * status bar never says online while the service keeps a cashier waiting.
   */
  service: z.object({
    state: z.enum(['unknown', 'reachable', 'unreachable', 'issuing', 'slow']),
    url: z.string(),
    checkedAt: z.string().nullable(),
    /**
     * The service's clock minus the till's in seconds, from its last answer's `Date` header (null
     * until one came): the status bar names a wrong till clock before the service refuses it.
     */
    clockOffsetSeconds: z.number().int().nullable(),
  }),
  printer: z.object({
    state: z.enum(['unknown', 'online', 'offline', 'paper-out', 'cover-open', 'none']),
    name: z.string(),
  }),
  pendingVerification: z.number().int().nonnegative(),
  journal: JournalHealth,
  /** The supervisor PIN: `waived` is the supervisor's explicit choice to run without one. */
  supervisorPin: z.enum(['set', 'waived', 'missing']),
  /** The provider reconciliation (late uploads, findings): see contract/reconciliation.ts. */
  reconciliation: ReconciliationState,
  /** Invoice mode: offline mode, offline numbers left, uploads waiting (issue 27). */
  invoiceMode: InvoiceModeStatus.optional(),
  /** Head office (contract/head-office.ts): synced, behind by N, unreachable, refused; `off` without an address. */
  headOffice: HeadOfficeState,
  /** Head office's catalog: the version this till runs, centrally managed or not (issue 28). */
  catalog: CatalogSyncState.optional(),
  /** Who is signed in (contract/shifts.ts); null when nobody is, or the till has no cashiers. */
  cashier: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Cashiers exist and nobody is signed in (or the till was left idle): sales wait for a sign-in. */
  locked: z.boolean(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const appMethods = {
  'app.status': method(
    'The status bar: version, mode, till id, service, printer, pending count.',
    noInput,
    AppStatus,
  ),
};

export const appEvents = {
  'app.status-changed': AppStatus,
};

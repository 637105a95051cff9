import { z } from 'zod';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';

/**
 * Head office (issue 17): the till's journal fed to the chain's PostgreSQL database when it can be
 * reached (src/main/head-office). The status bar shows how far head office is; the closing screen
 * shows the store's figures from head office when connected. Nothing here changes a sale: the
 * till sells on whatever head office's state.
 */

/**
 * - `off`: no head-office address set (nothing is sent);
 * - `synced`: head office holds every entry of this journal;
 * - `behind`: connected, `behind` entries still to send (a catch-up in progress);
 * - `unreachable`: not connected (network, address, password, head office down): `reason` says
 *   which; the till sells on and catches up later;
 * - `refused`: head office refuses this till (its chain broke, another PC claims the till id,
 *   another company's database, the key differs): nothing more is sent until a person acts;
 * - `failed`: anything else (`reason`).
 */
export const HeadOfficeState = z.object({
  state: z.enum(['off', 'synced', 'behind', 'unreachable', 'refused', 'failed']),
  /** Entries this journal holds that head office does not have yet, when known. */
  behind: z.number().int().nonnegative().nullable(),
  /** The last entry head office holds of this till, when known. */
  headOfficeEntryId: z.number().int().nonnegative().nullable(),
  /** This journal's last entry. */
  journalEntryId: z.number().int().nonnegative(),
  /** When head office last held every entry (ISO instant). */
  lastSyncedAt: z.string().nullable(),
  /** When head office last answered. */
  lastContactAt: z.string().nullable(),
  reason: BilingualText.nullable(),
  /** The address as shown (no password), when set. */
  address: z.string().nullable(),
  /**
   * Sales stopped under `tillId` (issue 22): head office refused this PC's claim of that till id,
   * which another PC owns, so selling on would hand out that till's order numbers twice. Until a
   * supervisor resolves it (`headOffice.resolveClaim`, PIN, recorded) or head office takes this PC
   * as that till; a till id changed in Settings sells again. Kept across restarts.
   */
  stopped: z.object({ tillId: z.string(), since: z.string(), reason: BilingualText }).nullable(),
});
export type HeadOfficeState = z.infer<typeof HeadOfficeState>;

/**
 * Head office's catalog at this till (issue 28): the version it runs (the status bar shows it),
 * whether its store is centrally managed (local price edits refused), whether a pulled change
 * waits for the sale being paid, and why the last pull was not applied.
 */
export const CatalogSyncState = z.object({
  version: z.string().nullable(),
  managed: z.boolean(),
  waiting: z.boolean(),
  reason: BilingualText.nullable(),
});
export type CatalogSyncState = z.infer<typeof CatalogSyncState>;

const Amount = z.number();

/** One till of the store on one business day, as head office has it (every cashier summed). */
export const StoreDayTill = z.object({
  tillId: z.string(),
  training: z.boolean(),
  transactions: Amount,
  salesCount: Amount,
  salesAmount: Amount,
  salesTax: Amount,
  returnsCount: Amount,
  returnsAmount: Amount,
  returnsTax: Amount,
  netAmount: Amount,
  netTax: Amount,
  pendingSales: Amount,
  pendingReturns: Amount,
});

export const StoreDayPayment = z.object({
  tillId: z.string(),
  training: z.boolean(),
  method: z.string(),
  taken: Amount,
  refunded: Amount,
  net: Amount,
});

export const StoreDay = z.object({
  storeId: z.string(),
  businessDay: z.string(),
  tills: z.array(StoreDayTill),
  payments: z.array(StoreDayPayment),
  /** Each till of the store: how far head office has it (a till behind makes the figures partial). */
  feeds: z.array(
    z.object({
      tillId: z.string(),
      refused: z.boolean(),
      lastEntryAt: z.string().nullable(),
      headEntryId: z.number().int().nonnegative().nullable(),
    }),
  ),
  /** When head office answered. */
  generatedAt: z.string(),
});
export type StoreDay = z.infer<typeof StoreDay>;

export const headOfficeMethods = {
  'headOffice.status': method(
    'Head office: synced, behind by N, unreachable or refused (status bar).',
    noInput,
    HeadOfficeState,
  ),
  'headOffice.sync': method(
    'Head office: send what it does not have now (also runs by itself in the background).',
    noInput,
    HeadOfficeState,
  ),
  'headOffice.resolveClaim': method(
    "A supervisor (PIN) resolves head office's refusal of this PC's claim of its till id, so the till may sell again; recorded in the journal with the note.",
    z
      .object({
        pin: z.string().max(64).optional(),
        by: z.string().trim().min(1).max(40).optional(),
        note: PlainText(200),
      })
      .strict(),
    HeadOfficeState,
  ),
  'headOffice.storeDay': method(
    "The closing screen's store view: this till's store on one business day, from head office.",
    z.object({ businessDay: BusinessDay }).strict(),
    StoreDay,
  ),
};

import { z } from 'zod';
import { ReconciliationState } from './app';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';
import { MethodAmount } from './returns';
import { SupervisorFields } from './settings';

/**
 * Reconciliation with the provider (provider profile §4 Inquire group): the journal's invoices of
 * the chosen days against the provider's status, upload state and number segments, and a store's
 * tills against each other from their JSON exports. It reads; it never resolves or resends by
 * itself: a suggestion is accepted by a supervisor with the PIN, checked in main.
 */

/** What a finding is about. Each kind has one action (see the reconciliation capability). */
export const FindingKind = z.enum([
  /** The journal says issued; the provider answers `NF`. */
  'not-at-provider',
  /** The provider says voided; the journal does not. */
  'voided-at-provider-only',
  /** The journal says voided; the provider does not. */
  'voided-in-journal-only',
  /** Both know the invoice; the totals differ. */
  'amount-differs',
  /** Still `N`/`P` an hour after issue. */
  'upload-at-risk',
  /** Still `N`/`P` past the legal deadline (C 48 hours, B 7 days). */
  'upload-late',
  /** The provider suspended the upload (`IP`). */
  'upload-suspended',
  /** A number the provider issued from this till's segments that the journal does not know. */
  'unknown-to-journal',
  /** The provider's answer could not be read, or the provider could not be reached: not checked. */
  'not-checked',
  /**
   * A number of this till's invoice-mode segment that the till's cursor passed with no offline
   * invoice in the journal (issue 27): neither issued, blank nor unused.
   */
  'invoice-mode-gap',
]);
export type FindingKind = z.infer<typeof FindingKind>;

export const ReconciliationFinding = z.object({
  kind: FindingKind,
  tillId: z.string(),
  /** Null for a number the journal does not know (unless the provider names its order). */
  orderNo: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  businessDay: z.string().nullable(),
  /** What was seen, with both sides' figures. */
  detail: BilingualText,
  /** What to do about it, in a store manager's words. */
  action: BilingualText,
  /** Whole NT$ as each side has them, when the finding is about amounts. */
  journalAmount: z.number().int().nullable(),
  providerAmount: z.number().int().nullable(),
  /** `N`/`P`/`U`/`C` and `I0`…, as the provider answered. */
  appendStatus: z.string().nullable(),
  processStatus: z.string().nullable(),
  /** ISO instant of the upload deadline, for upload findings. */
  deadline: z.string().nullable(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFinding>;

/**
 * A 待確認 sale the provider's answers name: the resolution they support, with the evidence. The
 * supervisor accepts it (reconciliation.accept); nothing is resolved automatically.
 */
export const ReconciliationSuggestion = z.object({
  orderNo: z.string(),
  tillId: z.string(),
  outcome: z.enum(['issued', 'not-issued']),
  invoiceNumber: z.string().nullable(),
  invoiceDateTime: z.string().nullable(),
  providerAmount: z.number().int().nullable(),
  journalAmount: z.number().int(),
  processStatus: z.string().nullable(),
  evidence: BilingualText,
});
export type ReconciliationSuggestion = z.infer<typeof ReconciliationSuggestion>;

const AmountCount = z.object({ count: z.number().int().nonnegative(), amount: z.number().int() });

/** One till's figures for the chosen days (this till from its journal, others from their exports). */
export const TillFigures = z.object({
  tillId: z.string(),
  source: z.enum(['journal', 'export']),
  /** The export's file name; null for this till's journal. */
  file: z.string().nullable(),
  /** The chain head the figures were read at (an export states its own). */
  chainHead: z.string().nullable(),
  sales: AmountCount,
  returns: AmountCount,
  /** Sales minus refunds per payment method. */
  net: z.array(MethodAmount),
  /** Invoices of this till checked with the provider. */
  checked: z.number().int().nonnegative(),
  findings: z.number().int().nonnegative(),
  /** An export's signing key, as its till shows it (`3F2A-91BC-…`); absent for this till's journal. */
  keyFingerprint: z.string().optional(),
  /** True when this reconciliation pinned that key (the till's first import here). */
  keyPinnedNow: z.boolean().optional(),
});
export type TillFigures = z.infer<typeof TillFigures>;

/**
 * One invoice-mode segment of this till (issue 27) with every number accounted for: issued
 * offline, reported blank, still unused, a gap in the journal, or held by the provider though the
 * till never issued it. The five add up to the segment's size.
 */
export const InvoiceModeSegmentAccount = z.object({
  word: z.string(),
  periodCode: z.string(),
  useFor: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  issued: z.number().int().nonnegative(),
  blank: z.number().int().nonnegative(),
  unused: z.number().int().nonnegative(),
  gaps: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  /** Whether the provider listed the segment (`GetInvoiceIDList`); null when it was not asked. */
  atProvider: z.boolean().nullable(),
});
export type InvoiceModeSegmentAccount = z.infer<typeof InvoiceModeSegmentAccount>;

export const ReconciliationReport = z.object({
  businessDays: z.array(z.string()),
  /** ISO instant. */
  ranAt: z.string(),
  trigger: z.enum(['closing', 'on-demand', 'background', 'store', 'cli']),
  /** Invoices checked with the provider. */
  checked: z.number().int().nonnegative(),
  /** Requests made to the provider's standard API. */
  requests: z.number().int().nonnegative(),
  /** False when some of the provider's answers were missing or unreadable (see `notChecked`). */
  complete: z.boolean(),
  mismatches: z.array(ReconciliationFinding),
  uploadsLate: z.array(ReconciliationFinding),
  unknownToJournal: z.array(ReconciliationFinding),
  notChecked: z.array(ReconciliationFinding),
  suggestions: z.array(ReconciliationSuggestion),
  tills: z.array(TillFigures),
  store: z.object({ sales: AmountCount, returns: AmountCount, net: z.array(MethodAmount) }),
  /** This till's invoice-mode segments of the periods concerned (absent before issue 27). */
  invoiceMode: z.array(InvoiceModeSegmentAccount).optional(),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

// The status bar's line lives in app.ts (AppStatus carries it); re-exported for this capability.
export { ReconciliationState } from './app';

export const ReconciliationRunInput = z
  .object({
    /** One or more business days (the closing's day by default in the screen). */
    businessDays: z.array(BusinessDay).min(1).max(62),
    trigger: z.enum(['closing', 'on-demand']).default('on-demand'),
  })
  .strict();
export type ReconciliationRunInput = z.infer<typeof ReconciliationRunInput>;

/** An export file of another till, as the renderer read it (a USB stick, a shared folder). */
export const TillExportFile = z
  .object({
    name: PlainText(200).min(1),
    /** The JSON export's text (`npm run journal -- export --format json` or the closing screen). */
    text: z
      .string()
      .min(1)
      .max(64 * 1024 * 1024),
  })
  .strict();

export const ReconciliationStoreInput = z
  .object({
    businessDay: BusinessDay,
    imports: z.array(TillExportFile).min(1).max(32),
    ...SupervisorFields,
  })
  .strict();
export type ReconciliationStoreInput = z.infer<typeof ReconciliationStoreInput>;

export const ReconciliationAcceptInput = z
  .object({
    orderNo: PlainText(40).min(1),
    ...SupervisorFields,
  })
  .strict();
export type ReconciliationAcceptInput = z.infer<typeof ReconciliationAcceptInput>;

export const ReconciliationAcceptResult = z.object({
  orderNo: z.string(),
  outcome: z.enum(['issued', 'not-issued']),
  invoiceNumber: z.string().nullable(),
  message: BilingualText,
});

export const reconciliationMethods = {
  'reconciliation.run': method(
    "Checks the journal's invoices of these days with the provider and reports findings.",
    ReconciliationRunInput,
    ReconciliationReport,
  ),
  'reconciliation.last': method(
    'The last reconciliation report of this till (closing, on demand or background), or null.',
    noInput,
    ReconciliationReport.nullable(),
  ),
  'reconciliation.state': method('The status bar line of the reconciliation.', noInput, ReconciliationState),
  'reconciliation.store': method(
    "A store's reconciliation: this till's journal with other tills' JSON exports (supervisor PIN).",
    ReconciliationStoreInput,
    ReconciliationReport,
  ),
  'reconciliation.accept': method(
    "Accepts the last report's suggestion for one 待確認 sale after checking it again (supervisor PIN).",
    ReconciliationAcceptInput,
    ReconciliationAcceptResult,
  ),
};

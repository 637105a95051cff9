import { z } from 'zod';
import { BilingualText, method } from './define';
import { SupervisorFields } from './settings';

/**
 * Invoice mode's supervisor actions (issue 27). The figures themselves ride on the status
 * (`app.status`'s `invoiceMode`). A top-up splits offline numbers now rather than at the next run
 * of the top-up service. The blank report of a period's unused offline numbers runs by itself once
 * the period has ended (src/main/invoice-mode/services.ts); the closing screen runs it too, and
 * then also sends again the ranges the e-invoice service refused before. Both take the supervisor
 * PIN, checked in main, and leave a journal record of who.
 */
export const InvoiceModeTopUpResult = z.object({
  /** Offline numbers in hand for the current period after the top-up. */
  numbersLeft: z.number().int(),
  /** Why nothing was split (no invoice-mode group, offline mode, the service's refusal); null when done. */
  reason: BilingualText.nullable(),
});
export type InvoiceModeTopUpResult = z.infer<typeof InvoiceModeTopUpResult>;

/** ROC year (3 digits) + the period's even month: `11512` is Nov-Dec 2026. */
export const PeriodCode = z.string().regex(/^\d{3}(02|04|06|08|10|12)$/, 'ROC year + even month, e.g. 11512');

/** One segment's blank report, as the closing screen lists it. */
export const BlankSegmentReport = z.object({
  periodCode: z.string(),
  /** The segment, first and last number (`QQ00001000`). */
  first: z.string(),
  last: z.string(),
  /** `reported`: done (or nothing was left unused); `reporting`: something is left (see below). */
  state: z.enum(['open', 'reporting', 'reported']),
  /** The ranges the e-invoice service has taken as blank. */
  blank: z.array(z.object({ first: z.string(), last: z.string() })),
  /** The ranges it refused, with its text: a supervisor calls the e-invoice service. */
  refused: z.array(z.object({ first: z.string(), last: z.string(), reason: z.string() })),
  /** Why a call came to nothing (not delivered, unknown: the next run goes on), or null. */
  reason: z.string().nullable(),
});
export type BlankSegmentReport = z.infer<typeof BlankSegmentReport>;

/** The answer of `invoiceMode.reportBlanks`: every segment it looked at, and one message for people. */
export const BlankReportResult = z.object({
  segments: z.array(BlankSegmentReport),
  /** `done` every segment reported; `nothing` none was due; `incomplete` something is left. */
  outcome: z.enum(['done', 'nothing', 'incomplete']),
  message: BilingualText,
});
export type BlankReportResult = z.infer<typeof BlankReportResult>;

export const invoiceModeMethods = {
  'invoiceMode.topUp': method(
    'Split offline numbers now for the periods that run low (supervisor PIN; recorded in the journal)',
    z.object({ ...SupervisorFields }).strict(),
    InvoiceModeTopUpResult,
  ),
  'invoiceMode.reportBlanks': method(
    'Report the unused offline numbers of ended periods blank now (closing screen; supervisor PIN)',
    z.object({ periodCode: PeriodCode.optional(), ...SupervisorFields }).strict(),
    BlankReportResult,
  ),
};

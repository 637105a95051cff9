import { z } from 'zod';
import { BilingualText, method } from './define';
import { SupervisorFields } from './settings';

/**
 * Invoice mode (issue 27): what a supervisor runs by hand. The blank report of a period's unused
 * offline numbers runs by itself once the period has ended (src/main/invoice-mode/services.ts);
 * the closing screen runs it too, with the supervisor PIN checked in main and a journal record of
 * who (`invoice-mode.blank-report`), and then also sends again the ranges the e-invoice service
 * refused before.
 */

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
  'invoiceMode.reportBlanks': method(
    'Report the unused offline numbers of ended periods blank now (closing screen; supervisor PIN)',
    z.object({ periodCode: PeriodCode.optional(), ...SupervisorFields }).strict(),
    BlankReportResult,
  ),
};

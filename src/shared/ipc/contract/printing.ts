import { z } from 'zod';
import { BilingualText, BusinessDay, method, noInput } from './define';
import { SupervisorFields } from './settings';

/** Why a print did not come out; the job stays pending and can be retried. */
export const PrintFailureCode = z.enum([
  'offline',
  'paper-out',
  'cover-open',
  'connection-lost',
  'timeout',
  'device-error',
  'queue-error',
  'bad-content',
  'not-configured',
]);
export type PrintFailureCode = z.infer<typeof PrintFailureCode>;

export const PrintJobKind = z.enum(['proof', 'details', 'summary', 'test']);

/** The outcome of one print attempt. It is recorded apart from the invoice: a failed print never un-issues. */
export const PrintOutcome = z.object({
  jobId: z.number().int().positive(),
  printed: z.boolean(),
  /** The proof printed as 電子發票證明聯補印 (a proof of this order had already printed). */
  reprint: z.boolean(),
  failure: PrintFailureCode.nullable(),
  /** For the cashier, null when printed. */
  message: BilingualText.nullable(),
});
export type PrintOutcome = z.infer<typeof PrintOutcome>;

export const PrinterStatusView = z.object({
  state: z.enum(['online', 'offline', 'paper-out', 'cover-open', 'unknown']),
  paperNearEnd: z.boolean(),
  detail: z.string().nullable(),
  printer: z.string(),
  model: z.enum(['epson', 'star']),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  chinese: z.enum(['big5', 'raster']),
  checkedAt: z.string(),
});
export type PrinterStatusView = z.infer<typeof PrinterStatusView>;

export const PendingPrintJob = z.object({
  id: z.number().int().positive(),
  orderNo: z.string().nullable(),
  kind: PrintJobKind,
  attempts: z.number().int().nonnegative(),
  failure: PrintFailureCode.nullable(),
  message: BilingualText.nullable(),
  createdAt: z.string(),
});
export type PendingPrintJob = z.infer<typeof PendingPrintJob>;

export const SlipPreviewView = z.object({
  jobId: z.number().int().positive(),
  kind: PrintJobKind,
  /** `data:image/png;base64,…`, one pixel per printer dot (8 per mm). */
  dataUrl: z.string(),
  widthDots: z.number().int().positive(),
  heightDots: z.number().int().positive(),
});
export type SlipPreviewView = z.infer<typeof SlipPreviewView>;

const jobId = z.number().int().positive();

export const printingMethods = {
  'printing.status': method(
    'The printer as it answers now: online, offline, paper out, cover open.',
    noInput,
    PrinterStatusView,
  ),
  'printing.testPrint': method(
    'Prints the test slip (grid, Chinese, barcode, QR codes).',
    noInput,
    PrintOutcome,
  ),
  'printing.retry': method(
    'Prints a pending job again, with the same content (never a new issue).',
    z.object({ jobId }).strict(),
    PrintOutcome,
  ),
  'printing.preview': method(
    'The slip of a job (or of an order: its latest proof) as a PNG for the screen.',
    z.union([z.object({ jobId }).strict(), z.object({ orderNo: z.string().min(1).max(40) }).strict()]),
    SlipPreviewView,
  ),
  'printing.pending': method(
    'Print jobs that have not printed yet, with the reason.',
    noInput,
    z.object({ jobs: z.array(PendingPrintJob) }),
  ),
  'printing.printSummary': method(
    "Prints the business day's summary slip (日結單) from the journal's summary.",
    z.object({ businessDay: BusinessDay }).strict(),
    PrintOutcome,
  ),
  'printing.openDrawer': method(
    'Opens the cash drawer (through the receipt printer). Needs the supervisor PIN; recorded.',
    z.object(SupervisorFields).strict(),
    z.object({ opened: z.literal(true) }),
  ),
};

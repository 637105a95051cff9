import { z } from 'zod';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';
import { Pin, SupervisorBy, SupervisorFields } from './settings';

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

/**
 * 補印 of a sale's paper proof: who asks (the cashier's name) and why go into the print job, so
 * the journal keeps them; the supervisor PIN is checked in main first.
 */
export const ReprintInput = z
  .object({
    orderNo: PlainText(40).min(1),
    by: SupervisorBy,
    reason: PlainText(40).refine((text) => text.trim().length > 0, {
      message: 'a reason is required',
      params: { zh: '請填寫補印原因' },
    }),
    pin: Pin.optional(),
  })
  .strict();
export type ReprintInput = z.infer<typeof ReprintInput>;

/**
 * The slips of a return as the screen shows them before (or without) printing. Same fields as
 * main's layouts (printing/layout/allowance-layout.ts, void-notice-layout.ts), which check again.
 */
const SlipText = (max: number) => PlainText(max);
const Amount = z.number().finite().min(-99_999_999).max(99_999_999);
export const AllowanceSlipPreviewInput = z
  .object({
    sellerName: SlipText(60),
    sellerId: z.string().regex(/^\d{8}$/),
    buyerTaxId: z
      .string()
      .regex(/^\d{8}$/)
      .nullable(),
    allowanceNumber: SlipText(20).min(1),
    allowanceDate: SlipText(25).min(1),
    lines: z
      .array(
        z
          .object({
            invoiceNumber: SlipText(16).min(1),
            invoiceDate: SlipText(25).min(1),
            description: SlipText(256),
            quantity: Amount,
            unitPrice: Amount,
            amount: Amount,
            tax: Amount,
          })
          .strict(),
      )
      .min(1)
      .max(100),
    totalAmount: Amount,
    totalTax: Amount,
  })
  .strict();
export type AllowanceSlipPreviewInput = z.infer<typeof AllowanceSlipPreviewInput>;

export const VoidNoticePreviewInput = z
  .object({
    sellerName: SlipText(60),
    sellerId: z.string().regex(/^\d{8}$/),
    invoiceNumber: SlipText(16).min(1),
    invoiceDate: SlipText(25).min(1),
    voidDate: SlipText(25).min(1),
    reason: SlipText(40).min(1),
    orderNo: SlipText(40).optional(),
    by: SlipText(40).optional(),
  })
  .strict();
export type VoidNoticePreviewInput = z.infer<typeof VoidNoticePreviewInput>;

/** A slip drawn for the screen only (no print job). */
export const SlipImageView = z.object({
  dataUrl: z.string(),
  widthDots: z.number().int().positive(),
  heightDots: z.number().int().positive(),
});
export type SlipImageView = z.infer<typeof SlipImageView>;

/**
 * A proof's job on the e-invoice service's cloud printer (issue 29, provider profile §8), as the
 * journal keeps it: 排入雲端列印 (queued), 已列印 (printed) or 列印失敗 (failed, with the service's
 * message). `stuck`: queued longer than the till waits for a printer; `canReprint`: the sale's
 * latest job failed or is stuck, and its invoice stands (補印 through the service, PIN).
 */
export const CloudPrintJobView = z.object({
  printJobId: PlainText(64),
  printerNo: PlainText(10),
  state: z.enum(['queued', 'printed', 'failed']),
  message: BilingualText.nullable(),
  reprint: z.boolean(),
  by: PlainText(40).nullable(),
  reason: PlainText(40).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stuck: z.boolean(),
  canReprint: z.boolean(),
});
export type CloudPrintJobView = z.infer<typeof CloudPrintJobView>;

/** 補印 through the service: the answer. `queued`: its new job; else why nothing (or maybe something) queued. */
export const CloudReprintView = z.object({
  outcome: z.enum(['queued', 'rejected', 'not-delivered', 'unknown']),
  job: CloudPrintJobView.nullable(),
  message: BilingualText,
});
export type CloudReprintView = z.infer<typeof CloudReprintView>;

export const printingEvents = {
  /** A cloud print job moved (queued → printed or failed, or a 補印 queued): the result screen and the journal follow. */
  'printing.cloud-job-changed': z.object({ orderNo: PlainText(40), job: CloudPrintJobView }),
};

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
    'Opens the cash drawer (through the receipt printer). Needs the supervisor PIN; recorded with the till, its mode and who approved.',
    z
      .object({
        ...SupervisorFields,
        /** The supervisor who gave the PIN, named beside the signed-in cashier. */
        approvedBy: SupervisorBy.optional(),
      })
      .strict(),
    z.object({ opened: z.literal(true) }),
  ),
  'printing.reprint': method(
    "補印: prints an issued sale's paper proof again, titled 電子發票證明聯補印 (never a second original), with who and why in the job. Needs the supervisor PIN.",
    ReprintInput,
    PrintOutcome,
  ),
  'printing.cloudJobs': method(
    "A sale's jobs on the e-invoice service's cloud printer, oldest first; `refresh` asks the service first.",
    z.object({ orderNo: PlainText(40).min(1), refresh: z.boolean().optional() }).strict(),
    z.object({ jobs: z.array(CloudPrintJobView) }),
  ),
  'printing.cloudReprint': method(
    '補印 through the e-invoice service (/Update/RePrint): the same proof queued again, marked 補印, with who and why; for a failed or stuck job of an invoice that stands. Needs the supervisor PIN.',
    ReprintInput,
    CloudReprintView,
  ),
  'printing.previewAllowanceSlip': method(
    'The allowance slip (both copies) as a PNG for the screen; prints nothing.',
    AllowanceSlipPreviewInput,
    SlipImageView,
  ),
  'printing.previewVoidNotice': method(
    'The void notice as a PNG for the screen; prints nothing.',
    VoidNoticePreviewInput,
    SlipImageView,
  ),
};

import { z } from 'zod';
import { TX_STATE_LABEL as TX_STATE_GLOSSARY } from '../../domain/glossary';
import { INVOICE_STATUS_CODES, INVOICE_STATUS_FILTERS } from '../../domain/invoice-status';
import type { Bilingual } from '../../domain/i18n';
import { MAX_NTD } from '../../domain/money';
import { ProductTaxType } from './catalog';
import { InvoiceKindSchema, PosOperationSchema } from './checkout';
import { JournalHealth } from './app';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';
import { PrintJobKind } from './printing';
import { SupervisorFields } from './settings';

/**
 * The journal's part of the contract: the day's list with filters, one transaction with its
 * exchanges and prints, the end-of-day summary, the export to a chosen folder and the chain check.
 * (The needs-verification list and its resolution are `verification.*` in checkout.ts.)
 */

export const JournalTxState = z.enum([
  'in-flight',
  'issued',
  'rejected',
  'not-delivered',
  'needs-verification',
  'not-issued',
]);
export type JournalTxState = z.infer<typeof JournalTxState>;

/**
 * What a sale's state is called, on the screens, in the CLI and in refusals alike: the shared
 * glossary's entry, typed here against the contract's states so that a new state needs its words.
 */
export const TX_STATE_LABEL: Readonly<Record<JournalTxState, Bilingual>> = TX_STATE_GLOSSARY;

const OrderNo = z.string().regex(/^[A-Z0-9-]{1,30}$/, 'an order number: A-Z, 0-9 and -, at most 30');
const TillId = z.string().regex(/^[A-Z0-9]{1,12}$/, 'a till id: 1-12 capital letters or digits');

/** A whole NT$ amount in the till's range: the journal refuses any other before writing. */
export const NtdAmount = z.number().int().min(-MAX_NTD).max(MAX_NTD);

/** A sale's header amounts; the journal checks what it is given with these same schemas. */
export const JournalTotals = z.object({
  totalAmount: NtdAmount,
  salesAmount: NtdAmount,
  taxAmount: NtdAmount,
  zeroTaxSalesAmount: NtdAmount,
  freeTaxSalesAmount: NtdAmount,
});

/** The customer's invoice choice as the journal keeps it (the checkout's input is InvoiceChoiceInput). */
export const JournalInvoiceChoice = z.object({
  kind: InvoiceKindSchema,
  buyerTaxId: z.string().optional(),
  buyerTitle: z.string().optional(),
  carrierType: z.string().optional(),
  carrierId: z.string().optional(),
  loveCode: z.string().optional(),
  wantsDetails: z.boolean().optional(),
});

const Resolution = z.object({
  outcome: z.enum(['issued', 'not-issued']),
  /** Who confirmed it (with the supervisor PIN). */
  by: z.string(),
  /** Who was signed in at the till then (absent without cashiers). */
  atTill: z.string().optional(),
  at: z.string(),
  invoiceNumber: z.string().nullable(),
  note: z.string().nullable(),
});

const TxCommon = {
  orderNo: z.string(),
  tillId: z.string(),
  companyId: z.string(),
  businessDay: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: JournalTxState,
  training: z.boolean(),
  operation: PosOperationSchema,
  attempt: z.number().int(),
  totals: JournalTotals,
  cashier: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDateTime: z.string().nullable(),
  randomNumber: z.string().nullable(),
  lastMessage: z.string().nullable(),
  resolution: Resolution.nullable(),
};

const SaleRef = z.object({ orderNo: z.string(), invoiceNumber: z.string().nullable() });

/**
 * The invoice as it stands now (shared/domain/invoice-status.ts, derived in main from the sale
 * and its returns): a voided, allowed or reissued invoice is no longer just 已開立.
 */
export const InvoiceStatusSchema = z.object({
  code: z.enum(INVOICE_STATUS_CODES),
  /** NT$ of the done allowances not undone. */
  allowed: z.number().int(),
  /** NT$ of the allowances not answered yet. */
  allowancePending: z.number().int(),
  /** 改開: the new sale (its invoice number once issued). */
  reissuedAs: SaleRef.nullable(),
  /** This sale is a 改開's new invoice: the sale it replaces. */
  reissueOf: SaleRef.nullable(),
  /** A void or an allowance stands or may stand: the returns screen has it. */
  hasReturns: z.boolean(),
});
export type InvoiceStatusValue = z.infer<typeof InvoiceStatusSchema>;

export const InvoiceStatusFilterSchema = z.enum(INVOICE_STATUS_FILTERS);

/**
 * A sale issued offline (invoice mode, issue 27): its upload to the e-invoice service, waiting,
 * done or refused (with the service's reason), and the deadline (C 48 hours, B 7 days).
 */
export const OfflineUpload = z.object({
  uploadState: z.enum(['waiting', 'uploaded', 'rejected']),
  uploadMessage: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  deadline: z.string(),
});
export type OfflineUpload = z.infer<typeof OfflineUpload>;

export const JournalListItem = z.object({
  ...TxCommon,
  invoiceKind: InvoiceKindSchema,
  paymentMethods: z.array(z.string()),
  invoiceStatus: InvoiceStatusSchema,
  /** Issued offline: its upload; absent or null for a sale the e-invoice service numbered. */
  offline: OfflineUpload.nullable().optional(),
});
export type JournalListItem = z.infer<typeof JournalListItem>;

export const JournalTransaction = z.object({
  ...TxCommon,
  invoice: JournalInvoiceChoice,
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      subTotal: z.number().int(),
      taxType: ProductTaxType,
      /** The catalog price when it was not what was charged; the NT$ taken off (older sales: absent). */
      listPrice: z.number().optional(),
      discount: z.number().int().optional(),
      /** A 菸酒 product whose buyer's age the cashier confirmed at the counter (issue 24, item 10). */
      ageCheck: z
        .object({
          code: z.string(),
          answer: z.literal('confirmed'),
          at: z.string(),
          by: z.string().optional(),
        })
        .optional(),
    }),
  ),
  payments: z.array(
    z.object({
      method: z.string(),
      amount: z.number().int(),
      tendered: z.number().int().optional(),
      change: z.number().int().optional(),
      reference: z.string().optional(),
      /** A card payment's approval code (授權碼); absent when none was typed. */
      approvalCode: z.string().optional(),
    }),
  ),
  /** The request `Data` as sent (no secrets). */
  requestData: z.looseObject({ BillingNo: z.string() }),
  /** A reissue (改開): the voided sale it replaces. Optional: older mains do not send it. */
  reissueOf: z.string().nullable().optional(),
});

export const JournalPrintJob = z.object({
  id: z.number().int(),
  orderNo: z.string().nullable(),
  kind: PrintJobKind,
  content: z.string(),
  state: z.enum(['pending', 'printed']),
  reprint: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});

/** A proof's job on the e-invoice service's cloud printer (issue 29), as the journal keeps it. */
export const JournalCloudPrintJob = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  printJobId: z.string(),
  printerNo: z.string(),
  state: z.enum(['queued', 'printed', 'failed']),
  message: z.string().nullable(),
  reprint: z.boolean(),
  by: z.string().nullable(),
  approvedBy: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const JournalDetail = z.object({
  transaction: JournalTransaction,
  /** What the invoice is now (voided, allowed, reissued), as the list shows it. */
  invoiceStatus: InvoiceStatusSchema,
  /** Issued offline: its upload; absent or null for a sale the e-invoice service numbered. */
  offline: OfflineUpload.nullable().optional(),
  exchanges: z.array(
    z.object({
      entryId: z.number().int(),
      at: z.string(),
      attempt: z.number().int(),
      operation: PosOperationSchema,
      requestTimestamp: z.string().optional(),
      httpStatus: z.number().int().nullable(),
      statusCode: z.number().int().nullable(),
      resultMessage: z.string().nullable(),
      durationMs: z.number(),
      outcome: z.enum(['issued', 'rejected', 'timestamp-retry', 'not-delivered', 'uncertain']),
      error: z.string().nullable(),
    }),
  ),
  issue: z
    .object({
      entryId: z.number().int(),
      at: z.string(),
      invoiceNumber: z.string(),
      invoiceDateTime: z.string(),
      randomNumber: z.string(),
      printDataString: z.string().nullable(),
      printDataStatus: z.enum(['ok', 'missing', 'unparseable']),
      printDataProblem: z.string().nullable(),
      qKey: z.string().nullable(),
      qrCodeUrl: z.string().nullable(),
    })
    .nullable(),
  qrDisplays: z.array(
    z.object({
      entryId: z.number().int(),
      at: z.string(),
      qrCodeUrl: z.string().nullable(),
      shown: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  prints: z.array(JournalPrintJob),
  cloudPrints: z.array(JournalCloudPrintJob),
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      kind: z.string(),
      orderNo: z.string().nullable(),
      payload: z.record(z.string(), z.unknown()),
      prevHash: z.string(),
      hash: z.string(),
    }),
  ),
});
export type JournalDetail = z.infer<typeof JournalDetail>;

const AmountCount = z.object({ count: z.number().int(), amount: z.number().int() });
/** The day's invoices as the authority's return counts them (journal/types.ts InvoiceFigures). */
const InvoiceFigures = z.object({
  /** Issued and not voided: the invoice total. */
  standing: AmountCount,
  /** Issued on this day and voided since: apart. */
  voided: AmountCount,
  byKind: z.record(InvoiceKindSchema, AmountCount.extend({ tax: z.number().int() })),
  /** B as charged, C the tax inside their totals, and both. */
  tax: z.object({ business: z.number().int(), consumer: z.number().int(), total: z.number().int() }),
  allowanceTax: z.number().int(),
});
/**
 * The drawer's expected cash with its parts named (shared/domain/drawer.ts): the one figure the
 * summary, the shifts, the X and Z reports, their slips and the exports show.
 */
export const DrawerCash = z.object({
  floats: z.number().int(),
  takenOver: z.number().int(),
  cashSales: z.number().int(),
  cashRefunds: z.number().int(),
  paidIn: z.number().int(),
  paidOut: z.number().int(),
  /** Large notes taken to the safe mid-shift (issue 24); 0 on a figure recorded before them. */
  cashDrops: z.number().int().default(0),
  expected: z.number().int(),
});

const FigureRow = {
  gross: z.number().int(),
  voids: z.number().int(),
  allowances: z.number().int(),
  net: z.number().int(),
};
/**
 * The day's one set of figures (shared/domain/sales-figures.ts): gross, voids, allowances, net per
 * payment method, the invoice numbers used per track, every void and allowance by number.
 */
export const SalesFigures = z.object({
  byMethod: z.array(z.object({ method: z.string(), ...FigureRow })),
  total: z.object(FigureRow),
  issuedCount: z.number().int(),
  tracks: z.array(
    z.object({ track: z.string(), first: z.string(), last: z.string(), count: z.number().int() }),
  ),
  voids: z.array(z.object({ invoiceNumber: z.string(), amount: z.number().int(), reissue: z.boolean() })),
  allowances: z.array(
    z.object({ allowanceNumber: z.string().nullable(), invoiceNumber: z.string(), amount: z.number().int() }),
  ),
});

const SummaryBlock = z.object({
  /** Every sale, whatever its state. */
  count: z.number().int(),
  totalAmount: z.number().int(),
  /** The standing invoices' tax as the return counts it (`invoices.tax.total`). */
  taxAmount: z.number().int(),
  invoices: InvoiceFigures,
  byState: z.record(JournalTxState, AmountCount),
  byOperation: z.record(PosOperationSchema, AmountCount),
  byPaymentMethod: z.record(z.string(), AmountCount),
  issued: AmountCount,
  /** Voids and allowances of the day: done ones in the figures, unsettled ones apart (`pending`). */
  returns: z.object({
    voids: AmountCount,
    allowances: AmountCount,
    allowanceVoids: AmountCount,
    pending: AmountCount,
    amount: z.number().int(),
    byPaymentMethod: z.record(z.string(), AmountCount),
  }),
  /** Gross (issued; money taken per method) − returns. */
  net: z.object({ amount: z.number().int(), byPaymentMethod: z.record(z.string(), AmountCount) }),
  /** The drawer's expected cash (`drawer.expected`). */
  expectedCash: z.number().int(),
  /** The day's drawers: floats, taken over, cash sales, cash refunds, paid-in, paid-out, cash drops. */
  drawer: DrawerCash,
  /** Gross, voids, allowances, net per method: the figures the screen, slips, Z and export show. */
  figures: SalesFigures,
});
const ChainHead = z.object({ entryId: z.number().int(), hash: z.string() });

export const JournalSummary = z.object({
  businessDay: z.string(),
  tillId: z.string().nullable(),
  generatedAt: z.string(),
  sales: SummaryBlock,
  training: SummaryBlock,
  chainHead: ChainHead,
});
export type JournalSummary = z.infer<typeof JournalSummary>;

/**
 * Order numbers of a till and business day handed out but without a sale (a removed sale, or a
 * number taken and never used): findings beside the chain's verdict.
 */
export const OrderGap = z.object({
  tillId: z.string(),
  businessDay: z.string(),
  lastHandedOut: z.number().int(),
  missingCount: z.number().int(),
  missing: z.array(z.number().int()),
});

/** `checked` with the till's key; `not-checked`: links only (no key); `unkeyed`: plain SHA-256 chain. */
const ChainHmac = z.enum(['checked', 'not-checked', 'unkeyed']);

export const JournalVerification = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    entries: z.number().int(),
    head: ChainHead,
    hmac: ChainHmac,
    orderGaps: z.array(OrderGap),
  }),
  z.object({
    ok: z.literal(false),
    entries: z.number().int(),
    brokenEntryId: z.number().int().nullable(),
    orderNo: z.string().nullable(),
    reason: BilingualText,
    hmac: ChainHmac,
    orderGaps: z.array(OrderGap),
  }),
]);

export const JournalCounts = z.object({
  inFlight: z.number().int(),
  needsVerification: z.number().int(),
  pendingPrintJobs: z.number().int(),
});

const DayAndTill = { businessDay: BusinessDay, tillId: TillId.optional() };

/** The export's column headers (exports/types.ts ExportHeaders). */
export const ExportHeadersSchema = z.enum(['zh', 'en', 'codes']);
/** The export's tables (exports/types.ts ExportTable). */
export const ExportTableSchema = z.enum(['transactions', 'lines', 'cash', 'prices']);

export const journalMethods = {
  'journal.list': method(
    'The transactions of one business day, each with its invoice as it stands now; optionally one till / ' +
      'sale state / invoice status (voided, allowance, reissue, …) / training flag.',
    z
      .object({
        ...DayAndTill,
        state: JournalTxState.optional(),
        status: InvoiceStatusFilterSchema.optional(),
        training: z.boolean().optional(),
        limit: z.number().int().min(1).max(10_000).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .strict(),
    z.array(JournalListItem),
  ),
  'journal.get': method(
    'One transaction with its exchanges, issue result, QR displays, print jobs and entries; null if unknown.',
    z.object({ orderNo: OrderNo }).strict(),
    JournalDetail.nullable(),
  ),
  'journal.summary': method(
    'End-of-day figures: per outcome, operation and payment method, training apart, chain head.',
    z.object(DayAndTill).strict(),
    JournalSummary,
  ),
  'journal.export': method(
    'Writes the business day as XLSX (a sheet per table and the summary, typed cells: for people), CSV (its ' +
      'tables plus a summary CSV, plain values: for scripts) or JSON into a chosen folder (absolute, existing; ' +
      'never overwrites: a taken name gets -2, -3, …). Needs the supervisor PIN; recorded.',
    z
      .object({
        ...DayAndTill,
        format: z.enum(['xlsx', 'csv', 'json']),
        folder: PlainText(1000).min(1),
        /**
         * XLSX and CSV: `zh` (the default: the closing screen's) or `en` write the sheets' and
         * columns' names and the words beside each code in that language (one Taipei time
         * column); `codes` the machine names, and in CSV the transactions columns scripts have
         * read since the first export. JSON's keys never change.
         */
        headers: ExportHeadersSchema.default('zh'),
        /**
         * XLSX (a sheet each) and CSV (a file each): the tables beside the summary; default all
         * four (the day's price changes too: issue 28). JSON: the transactions.
         */
        tables: z.array(ExportTableSchema).min(1).max(4).default(['transactions', 'lines', 'cash', 'prices']),
        ...SupervisorFields,
      })
      .strict(),
    z.object({
      file: z.string(),
      summaryFile: z.string().nullable(),
      rows: z.number().int(),
      bytes: z.number().int(),
      /** Every file written, the summary included. */
      files: z.array(
        z.object({
          table: z.enum(['transactions', 'lines', 'cash', 'prices', 'summary']),
          file: z.string(),
          rows: z.number().int(),
        }),
      ),
    }),
  ),
  'journal.verify': method(
    'Checks the hash chain (HMACs with the till key), the state rows against it, and order-number gaps.',
    noInput,
    JournalVerification,
  ),
  'journal.acknowledgeBroken': method(
    'A supervisor (PIN) acknowledges a broken journal so the till may sell again; recorded in the journal.',
    z
      .object({
        pin: z.string().max(64).optional(),
        by: z.string().trim().min(1).max(40).optional(),
      })
      .strict(),
    JournalHealth,
  ),
};

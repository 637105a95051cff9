import { z } from 'zod';
import { CheckoutResult, InvoiceChoiceInput, InvoiceKindSchema } from './checkout';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';
import { SupervisorFields } from './settings';

/**
 * Returns at the counter (provider profile §4): find the sale, let the till choose void or
 * allowance, send it once (journal first), settle an unknown outcome by the status query. Every
 * change needs the supervisor PIN, checked in main. The schemas check shape only; the rules (what
 * is left to return, the void window, amounts above zero) are the engine's, with bilingual reasons.
 */

/** How the cashier found the sale. `scan` takes whatever the scanner read: the proof's Code 39 barcode (19 characters), its left QR code, or an invoice number. */
export const ReturnsFindInput = z.discriminatedUnion('by', [
  z.object({ by: z.literal('scan'), text: PlainText(1000).min(1) }).strict(),
  z.object({ by: z.literal('invoice'), invoiceNumber: PlainText(16).min(1) }).strict(),
  z.object({ by: z.literal('order'), orderNo: PlainText(40).min(1) }).strict(),
  z
    .object({
      by: z.literal('day-amount'),
      businessDay: BusinessDay,
      totalAmount: z.number().int().min(1).max(99_999_999),
    })
    .strict(),
]);
export type ReturnsFindInput = z.infer<typeof ReturnsFindInput>;

export const ReturnKindSchema = z.enum(['void', 'allowance', 'cancel-allowance']);
export type ReturnKindName = z.infer<typeof ReturnKindSchema>;

export const ReturnStateSchema = z.enum([
  'in-flight',
  'done',
  'rejected',
  'not-delivered',
  'needs-verification',
  'not-done',
]);

/** A refund (or money taken back) by one of the sale's payment methods. */
export const MethodAmount = z.object({ method: z.string(), amount: z.number().int() });

/** One line of the sale as the return screen shows it. */
export const ReturnSaleLine = z.object({
  /** `001`, `002`, … (the invoice's DetailID). */
  sequence: z.string(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  /** Tax-inclusive, as the customer paid. */
  subTotal: z.number().int(),
  taxType: z.enum(['taxable', 'zero', 'exempt']),
  returnedQuantity: z.number(),
  returnedAmount: z.number().int(),
  remainingQuantity: z.number(),
  remainingAmount: z.number().int(),
});

/** A return already made on the sale. */
export const ReturnSummaryItem = z.object({
  returnId: z.number().int(),
  kind: ReturnKindSchema,
  state: ReturnStateSchema,
  allowanceNumber: z.string().nullable(),
  totalAmount: z.number().int(),
  /** An allowance undone by a done allowance void. */
  voided: z.boolean(),
  reason: z.string(),
  by: z.string(),
  createdAt: z.string(),
});

export const ReturnSale = z.object({
  orderNo: z.string(),
  invoiceNumber: z.string(),
  invoiceDateTime: z.string(),
  businessDay: z.string(),
  tillId: z.string(),
  invoiceKind: InvoiceKindSchema,
  /** B (tax ID) or C (consumer): how an allowance's tax is split. */
  invoiceFor: z.enum(['B', 'C']),
  buyerTaxId: z.string().nullable(),
  totalAmount: z.number().int(),
  payments: z.array(MethodAmount),
  lines: z.array(ReturnSaleLine),
  /** `voided`, `pending` (a void not yet settled) or `none`. */
  voidState: z.enum(['none', 'pending', 'voided']),
  /** The first instant (ISO) the invoice can no longer be voided: the end of its two-month period. */
  voidWindowEnds: z.string().nullable(),
  withinVoidWindow: z.boolean(),
  training: z.boolean(),
  /**
   * A paper proof of it was printed (issue 24, item 10): a void asks the cashier to take it back.
   * Optional: an older main does not say.
   */
  proofPrinted: z.boolean().optional(),
  returns: z.array(ReturnSummaryItem),
});
export type ReturnSale = z.infer<typeof ReturnSale>;

export const ReturnsFindResult = z.object({
  matches: z.array(ReturnSale),
  /** What was looked for, e.g. the invoice number read from a barcode. */
  message: BilingualText,
});

/**
 * What to return: a line by its sequence, with a quantity (goods back) OR an amount (NT$,
 * tax-inclusive, as the customer paid; a price reduction without goods back).
 */
export const ReturnItem = z
  .object({
    sequence: z.string().regex(/^\d{3}$/, '001, 002, …'),
    quantity: z.number().finite().min(0).optional(),
    amount: z.number().int().min(0).max(99_999_999).optional(),
  })
  .strict()
  .refine((item) => (item.quantity === undefined) !== (item.amount === undefined), {
    message: 'a quantity or an amount, not both',
    params: { zh: '每一項請填數量或金額其中之一' },
  });
export type ReturnItem = z.infer<typeof ReturnItem>;

export const ReturnsPlanInput = z
  .object({
    orderNo: PlainText(40).min(1),
    /** Left out: the whole sale. */
    items: z.array(ReturnItem).min(1).max(100).optional(),
  })
  .strict();
export type ReturnsPlanInput = z.infer<typeof ReturnsPlanInput>;

/** One allowance line as it would be sent (`amount` and `tax` as the provider wants them). */
export const PlannedLine = z.object({
  sequence: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** What the customer gets back for the line, tax included. */
  refundAmount: z.number().int(),
  amount: z.number().int(),
  tax: z.number().int(),
});

export const ReturnPlan = z.object({
  orderNo: z.string(),
  invoiceNumber: z.string(),
  /** What the till will do: the whole sale in its period with no allowance standing is a void. */
  kind: z.enum(['void', 'allowance']),
  /** Why this kind, in the cashier's words. */
  why: BilingualText,
  totalAmount: z.number().int(),
  salesAmount: z.number().int(),
  taxAmount: z.number().int(),
  lines: z.array(PlannedLine),
  refunds: z.array(MethodAmount),
});
export type ReturnPlan = z.infer<typeof ReturnPlan>;

const Supervisor = { pin: SupervisorFields.pin, by: SupervisorFields.by };
/** The provider's limit on reasons: 20 characters. */
const Reason = PlainText(20).refine((text) => text.trim().length > 0, {
  message: 'a reason is required',
  params: { zh: '請填寫原因' },
});

export const ReturnsSubmitInput = z.discriminatedUnion('kind', [
  /** The till chooses void or allowance (as `returns.plan` says). */
  z
    .object({
      kind: z.literal('return'),
      orderNo: PlainText(40).min(1),
      items: z.array(ReturnItem).min(1).max(100).optional(),
      reason: Reason,
      ...Supervisor,
    })
    .strict(),
  z
    .object({ kind: z.literal('void'), orderNo: PlainText(40).min(1), reason: Reason, ...Supervisor })
    .strict(),
  z
    .object({
      kind: z.literal('allowance'),
      orderNo: PlainText(40).min(1),
      items: z.array(ReturnItem).min(1).max(100).optional(),
      reason: Reason,
      ...Supervisor,
    })
    .strict(),
  z
    .object({
      kind: z.literal('cancel-allowance'),
      allowanceNumber: PlainText(20).min(1),
      reason: Reason,
      ...Supervisor,
    })
    .strict(),
  /** 改開: void, then a new sale (new order number) of the same lines with this invoice choice. */
  z
    .object({
      kind: z.literal('void-and-reissue'),
      orderNo: PlainText(40).min(1),
      invoice: InvoiceChoiceInput,
      reason: Reason,
      ...Supervisor,
    })
    .strict(),
]);
export type ReturnsSubmitInput = z.infer<typeof ReturnsSubmitInput>;

export const ReturnResult = z.object({
  returnId: z.number().int(),
  kind: ReturnKindSchema,
  /** `not-done`: the status query found it does not stand (it may be sent again). */
  state: z.enum(['done', 'rejected', 'not-delivered', 'needs-verification', 'not-done']),
  orderNo: z.string(),
  invoiceNumber: z.string(),
  allowanceNumber: z.string().nullable(),
  totalAmount: z.number().int(),
  /** Money back to the customer by method (an allowance void: taken back). */
  refunds: z.array(MethodAmount),
  attempt: z.number().int(),
  /** What the cashier reads; never the provider's or transport's text. */
  message: BilingualText,
  /** That technical text (`ECONNRESET`, `HTTP 503`, the provider's message): the detail view's. */
  detail: z.string().nullable().optional(),
  /** 改開: the new sale, once the void is done (absent otherwise). */
  reissue: CheckoutResult.nullable(),
  /** 改開: the new invoice is still owed (the void is not settled yet, or the new sale not made). */
  reissueOwed: z.boolean().optional(),
});
export type ReturnResult = z.infer<typeof ReturnResult>;

const ReturnIdInput = z.object({ returnId: z.number().int().min(1), ...Supervisor }).strict();

export const PendingReturn = z.object({
  returnId: z.number().int(),
  kind: ReturnKindSchema,
  state: ReturnStateSchema,
  orderNo: z.string(),
  invoiceNumber: z.string(),
  allowanceNumber: z.string().nullable(),
  allowancePrefix: z.string().nullable(),
  totalAmount: z.number().int(),
  createdAt: z.string(),
  lastMessage: z.string().nullable(),
  training: z.boolean(),
  /** 改開: a void whose new invoice is still owed (listed until the new sale is made). */
  reissueOwed: z.boolean().optional(),
});

export const returnsMethods = {
  'returns.find': method(
    'Finds the sale of a scanned proof, an invoice number, an order number, or a day and amount, with its lines and what was already returned.',
    ReturnsFindInput,
    ReturnsFindResult,
  ),
  'returns.plan': method(
    'What the till would do for these lines (void or allowance), with the refund and tax per line; changes nothing.',
    ReturnsPlanInput,
    ReturnPlan,
  ),
  'returns.submit': method(
    'A void, an allowance, an allowance void, or a void and reissue: journal first, sent once. Needs the supervisor PIN.',
    ReturnsSubmitInput,
    ReturnResult,
  ),
  'returns.status': method(
    'Asks the provider (GetInvoicesStatus) about a return that needs verification and settles it; sends a return again only when the answer shows it does not stand (same allowance prefix). Needs the supervisor PIN.',
    ReturnIdInput.extend({ resend: z.boolean().default(false) }),
    ReturnResult,
  ),
  'returns.pending': method(
    'Returns that need verification (settle each with returns.status), oldest first.',
    noInput,
    z.object({ items: z.array(PendingReturn) }),
  ),
};

import { z } from 'zod';
import { validateApprovalCode } from '../../shared/domain/validators';
import { JournalInvoiceChoice, JournalTotals, NtdAmount } from '../../shared/ipc/contract/journal';
import { INVOICE_NUMBER_PATTERN, posOperations, RANDOM_NUMBER_PATTERN } from '../../provider/pos-profile';
import { invalid } from './errors';
import { isAcceptableOrderNo, parseOrderNo, TILL_ID_PATTERN } from './order-numbers';
import { EXCHANGE_OUTCOMES, PRINT_JOB_KINDS, type NewTransaction, type ResubmitChanges } from './types';

/**
 * Input checks: bad input is refused with a bilingual message before anything is written. The
 * invoice choice and the totals are the contract's own schemas: what is written is what is read.
 */

const date = z.instanceof(Date).refine((d) => !Number.isNaN(d.getTime()), 'invalid date');

const line = z.object({
  name: z.string().min(1),
  quantity: z.number().finite(),
  unitPrice: z.number().finite(),
  subTotal: NtdAmount,
  taxType: z.enum(['taxable', 'zero', 'exempt']),
});
const payment = z.object({
  method: z.string().min(1).max(40),
  amount: NtdAmount,
  tendered: NtdAmount.optional(),
  change: NtdAmount.optional(),
  reference: z.string().max(200).optional(),
  // As the checkout wrote it: the shared rule's own normalized form.
  approvalCode: z
    .string()
    .refine((code) => {
      const checked = validateApprovalCode(code);
      return checked.ok && checked.value === code;
    }, 'an approval code: letters and digits')
    .optional(),
});
const requestData = z.looseObject({ BillingNo: z.string(), TotalAmount: NtdAmount });
const operation = z.enum(posOperations as [string, ...string[]]);

const newTransaction = z.object({
  orderNo: z.string().refine(isAcceptableOrderNo, 'must be 1-30 characters of A-Z 0-9 -'),
  tillId: z.string().regex(TILL_ID_PATTERN, 'must be 1-12 capital letters or digits'),
  companyId: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  training: z.boolean(),
  operation,
  invoice: JournalInvoiceChoice,
  lines: z.array(line).min(1),
  payments: z.array(payment),
  totals: JournalTotals,
  requestData,
  cashier: z.string().max(100).optional(),
  reissueOf: z.string().refine(isAcceptableOrderNo, 'an order number').optional(),
  at: date.optional(),
});

const resubmitChanges = z
  .object({
    operation: operation.optional(),
    invoice: JournalInvoiceChoice.optional(),
    lines: z.array(line).min(1).optional(),
    payments: z.array(payment).optional(),
    totals: JournalTotals.optional(),
    requestData: requestData.optional(),
  })
  .strict();

export const exchangeInput = z.object({
  operation,
  requestTimestamp: z.string().max(40).optional(),
  httpStatus: z.number().int().min(0).max(999).nullable(),
  statusCode: z.number().int().nullable(),
  resultMessage: z.string().nullable(),
  durationMs: z.number().finite().min(0),
  outcome: z.enum(EXCHANGE_OUTCOMES as [string, ...string[]]),
  error: z.string().optional(),
  at: date.optional(),
});

export const issueInput = z.object({
  invoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN, 'two capital letters and 8 digits'),
  invoiceDateTime: z.string().min(1),
  randomNumber: z.string().regex(RANDOM_NUMBER_PATTERN, '4 digits'),
  printDataString: z.string().nullable(),
  qKey: z.string().nullable().optional(),
  qrCodeUrl: z.string().nullable().optional(),
  at: date.optional(),
});

export const rejectionInput = z.object({
  statusCode: z.number().int().nullable(),
  resultMessage: z.string(),
  at: date.optional(),
});
export const reasonInput = z.object({ reason: z.string().min(1), at: date.optional() });
export const qrDisplayInput = z.object({
  qrCodeUrl: z.string().nullable(),
  shown: z.boolean(),
  reason: z.string().optional(),
  at: date.optional(),
});
const person = z.string().trim().min(1, 'who resolved it is required').max(100);
export const resolutionInput = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('issued'),
    invoiceNumber: z
      .string()
      .transform((s) => s.trim().toUpperCase().replace('-', ''))
      .pipe(z.string().regex(INVOICE_NUMBER_PATTERN, 'invoice number: two letters and 8 digits')),
    randomNumber: z
      .string()
      .regex(/^\d{4}$/, 'random code: 4 digits')
      .optional(),
    by: person,
    atTill: person.optional(),
    note: z.string().max(500).optional(),
    at: date.optional(),
  }),
  z.object({
    outcome: z.literal('not-issued'),
    by: person,
    atTill: person.optional(),
    note: z.string().max(500).optional(),
    at: date.optional(),
  }),
]);
export const newPrintJob = z.object({
  orderNo: z.string().nullable(),
  kind: z.enum(PRINT_JOB_KINDS as [string, ...string[]]),
  content: z.string(),
  at: date.optional(),
});
export const printAttempt = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), reason: z.string().min(1) }),
]);

/** Parses with `schema` or throws the bilingual "nothing was written" error naming the fields. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: { zh: string; en: string },
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`)
    .join('; ');
  throw invalid(`${what.zh}（${issues}）`, `${what.en} (${issues})`);
}

export function checkNewTransaction(tx: NewTransaction): void {
  check(newTransaction, tx, { zh: '交易資料', en: 'transaction' });
  checkTransactionLinks(tx);
}

/**
 * What ties a new sale's record together, checked even for a sale the checkout engine built (whose
 * shape its types and `prepareOrder` already checked): the order number is the request's and this
 * till's, and the total is the request's.
 */
export function checkTransactionLinks(tx: NewTransaction): void {
  if (tx.requestData.BillingNo !== tx.orderNo) {
    throw invalid('訂單編號與請求的 BillingNo 不同', 'The order number differs from the request BillingNo');
  }
  const parsed = parseOrderNo(tx.orderNo);
  if (parsed && parsed.tillId !== tx.tillId) {
    throw invalid('訂單編號不是這台收銀機的', `The order number does not belong to till ${tx.tillId}`);
  }
  checkTotalMatchesRequest(tx);
}

/** The journal's total is the request's: on a new sale and after a resubmission's changes. */
export function checkTotalMatchesRequest(body: Pick<NewTransaction, 'totals' | 'requestData'>): void {
  if (body.totals.totalAmount !== body.requestData.TotalAmount) {
    throw invalid('總計與請求的 TotalAmount 不同', 'totals.totalAmount differs from the request TotalAmount');
  }
}

export function checkResubmitChanges(changes: ResubmitChanges, orderNo: string): void {
  check(resubmitChanges, changes, { zh: '重新送出的變更', en: 'resubmission changes' });
  if (changes.requestData && changes.requestData.BillingNo !== orderNo) {
    throw invalid('重新送出必須使用相同的訂單編號', 'A resubmission keeps the same order number (BillingNo)');
  }
}

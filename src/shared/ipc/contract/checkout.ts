import { z } from 'zod';
import { ProductTaxType } from './catalog';
import { BilingualText, method, noInput, PlainText } from './define';
import { SupervisorFields } from './settings';

/** The cashier's answer to the age check, as the cart sends it: the product and when it was confirmed. */
export const AgeCheckAnswer = z
  .object({
    /** The product's code (品號). */
    code: PlainText(32).min(1),
    answer: z.literal('confirmed'),
    at: z.string().datetime({ offset: true }),
  })
  .strict();
export type AgeCheckAnswer = z.infer<typeof AgeCheckAnswer>;

/**
 * Checkout and verification: one sale becomes one invoice request (provider profile §2), and a
 * sale whose outcome is unknown waits for a person to verify it through the provider's channel.
 * The schemas check shape only; the business rules (tax ID, carrier, love code, amounts) are
 * checked by the engine with the shared validators, so the CLI and the screens get the same
 * bilingual reasons.
 */
export const CheckoutLine = z
  .object({
    name: PlainText(256),
    quantity: z.number().finite(),
    /** Tax-inclusive unit price in NT$ (cents allowed for weighed goods; negative for a discount line). */
    unitPrice: z.number().finite(),
    taxType: ProductTaxType,
    /**
     * For the journal only (never sent to the provider): the catalog's unit price when it is not
     * what was charged (a price typed at the counter, a discount), and the NT$ taken off the line
     * (its own discount and its share of an order discount), so the sale detail shows both.
     */
    listPrice: z.number().finite().nonnegative().max(99_999_999).optional(),
    discount: z.number().int().nonnegative().max(99_999_999).optional(),
    /**
     * A 菸酒 product (issue 24, item 10): the cashier confirmed the customer is 18 or over when it
     * went into the cart. Journal only: who is the sale's cashier, stamped by main.
     */
    ageCheck: AgeCheckAnswer.optional(),
  })
  .strict();
export type CheckoutLine = z.infer<typeof CheckoutLine>;

/**
 * The payment methods the checkout screen offers. A closed set: a method name is a key of the
 * day's summary, so free text here once let `__proto__` into every object of the core.
 */
export const PaymentMethod = z.enum(['cash', 'card', 'other']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const CheckoutPayment = z
  .object({
    method: PaymentMethod,
    amount: z.number().finite(),
    /** Card slip / wallet reference; never a card number. */
    reference: PlainText(64).optional(),
    /** A card payment's approval code (授權碼), as the terminal's slip shows it; the engine checks it. */
    approvalCode: PlainText(40).optional(),
  })
  .strict();
export type CheckoutPayment = z.infer<typeof CheckoutPayment>;

export const InvoiceKindSchema = z.enum(['paper', 'phone', 'carrier', 'donate', 'business']);

export const InvoiceChoiceInput = z
  .object({
    kind: InvoiceKindSchema,
    /** `3J0002` mobile barcode or `CQ0001` citizen certificate; inferred from the id when left out. */
    carrierType: PlainText(10).optional(),
    carrierId: PlainText(64).optional(),
    loveCode: PlainText(16).optional(),
    buyerTaxId: PlainText(16).optional(),
    buyerTitle: PlainText(200).optional(),
    /** A transaction-details slip (not a proof) is wanted for a carrier or love code sale. */
    wantsDetails: z.boolean().optional(),
  })
  .strict();
export type InvoiceChoiceInput = z.infer<typeof InvoiceChoiceInput>;

export const CheckoutOrder = z
  .object({
    lines: z.array(CheckoutLine).max(500),
    payments: z.array(CheckoutPayment).max(20),
    invoice: InvoiceChoiceInput,
    cashier: PlainText(40).optional(),
  })
  .strict();
export type CheckoutOrder = z.infer<typeof CheckoutOrder>;

export const CheckoutState = z.enum(['issued', 'rejected', 'not-delivered', 'needs-verification']);
export type CheckoutState = z.infer<typeof CheckoutState>;

export const PosOperationSchema = z.enum(['order', 'orderReturnQKey', 'orderWithoutPrint']);

export const CheckoutResult = z.object({
  orderNo: z.string(),
  state: CheckoutState,
  invoiceNumber: z.string().nullable(),
  /** What the cashier reads: zh-TW first, English second; never the provider's or transport's text. */
  message: BilingualText,
  /** That technical text (`ECONNRESET`, `HTTP 503`, the provider's ResultMessage): the detail view's. */
  detail: z.string().nullable().optional(),
  operation: PosOperationSchema,
  totalAmount: z.number().int(),
  /** Cash change due (payments above the total). */
  change: z.number().int(),
  /** 1 on the first send, +1 per resubmission. */
  attempt: z.number().int().positive(),
  invoiceDateTime: z.string().nullable(),
  randomNumber: z.string().nullable(),
  /** The proof's content (PrintDataString parsed), only when it parsed. */
  printData: z.record(z.string(), z.unknown()).nullable(),
  printDataStatus: z.enum(['ok', 'missing', 'unparseable', 'not-expected']),
  /** The donate/bind link exactly as returned, only when it is a usable https link. */
  qrCodeUrl: z.string().nullable(),
  /** Print/QR data the operation should have returned and did not. */
  missing: z.array(z.string()),
  /**
   * Issued offline (invoice mode, issue 27): the till's numbers still in hand for the period, and
   * the cashier's notice when they run low; absent for a sale the service issued.
   */
  offline: z.object({ numbersLeft: z.number().int(), notice: BilingualText.nullable() }).optional(),
  /**
   * A paper proof sent to the e-invoice service's cloud printer (provider profile §8): its job,
   * queued when the sale is issued; the till prints nothing itself.
   */
  printJob: z.object({ id: PlainText(64), state: z.enum(['queued', 'printed', 'failed']) }).optional(),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

export const PendingVerification = z.object({
  orderNo: z.string(),
  tillId: z.string(),
  state: z.enum(['in-flight', 'needs-verification']),
  createdAt: z.string(),
  operation: PosOperationSchema,
  invoiceKind: InvoiceKindSchema,
  totalAmount: z.number().int(),
  lastMessage: z.string().nullable(),
  training: z.boolean(),
});
export type PendingVerification = z.infer<typeof PendingVerification>;

export const ResolveVerificationInput = z
  .object({
    orderNo: z.string().min(1).max(40),
    outcome: z.enum(['issued', 'notIssued']),
    /** As the provider's channel shows it: `AB12345678` or `AB-12345678`. Required for `issued`. */
    invoiceNumber: PlainText(16).optional(),
    /**
     * The 4-digit random code the provider's channel shows (`issued` only): with it the till can
     * print the proof itself, since no PrintDataString came back.
     */
    randomNumber: z
      .string()
      .refine((text) => /^\d{4}$/.test(text), {
        message: 'the random code is 4 digits',
        params: { zh: '隨機碼為 4 位數字' },
      })
      .optional(),
    /** Who verified (name or staff id). */
    by: SupervisorFields.by.unwrap(),
    note: PlainText(200).optional(),
    /** The supervisor PIN (checked in main, not only on the screen). */
    pin: SupervisorFields.pin,
  })
  .strict();
export type ResolveVerificationInput = z.infer<typeof ResolveVerificationInput>;

export const ResolveVerificationResult = z.object({
  orderNo: z.string(),
  state: z.enum(['issued', 'not-issued']),
  invoiceNumber: z.string().nullable(),
  /** Who confirmed it (the name typed with the PIN). */
  by: z.string(),
  /** Who was signed in at the till (absent without cashiers). */
  atTill: z.string().optional(),
  at: z.string(),
  message: BilingualText,
  /**
   * A paper-proof sale resolved as issued: its proof's first print (the original, never 補印);
   * absent when it needs none.
   */
  print: z
    .object({ printed: z.boolean(), reprint: z.boolean(), message: BilingualText.nullable() })
    .optional(),
});

export const TrainingLookupResult = z.object({
  orderNo: z.string(),
  found: z.boolean(),
  invoiceNumber: z.string().nullable(),
  invoiceDateTime: z.string().nullable(),
  randomNumber: z.string().nullable(),
  message: BilingualText,
});
export type TrainingLookupResult = z.infer<typeof TrainingLookupResult>;

const OrderNoInput = z.object({ orderNo: z.string().min(1).max(40) }).strict();

export const checkoutMethods = {
  'checkout.submit': method(
    'Validates the order, writes it to the journal, sends it to the e-invoice service once, returns the outcome.',
    CheckoutOrder,
    CheckoutResult,
  ),
  'checkout.resubmit': method(
    'Sends a rejected, not delivered, or verified-not-issued order again under the same order number. ' +
      'Needs the supervisor PIN; recorded.',
    OrderNoInput.extend(SupervisorFields).strict(),
    CheckoutResult,
  ),
  'verification.pending': method(
    'Orders whose outcome is unknown and wait for a person to check with the provider.',
    noInput,
    z.object({ items: z.array(PendingVerification) }),
  ),
  'verification.resolve': method(
    "Records what the provider's channel says about a pending order, with who and when.",
    ResolveVerificationInput,
    ResolveVerificationResult,
  ),
  'verification.lookupTraining': method(
    "Training mode only: asks the built-in service's admin look-up whether an order was issued.",
    OrderNoInput,
    TrainingLookupResult,
  ),
};

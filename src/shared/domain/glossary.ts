import type { Bilingual } from './i18n';
import { CARRIER_TYPES } from './validators';

/**
 * The till's one vocabulary for the codes the screens, the slips and the exports all show: a
 * sale's and a return's states, the invoice kinds and the provider operations they go by, payment
 * methods, return kinds, carrier types and tax types. Before this table the summary slip said
 * 列印證明聯 where the closing screen said 紙本證明聯; now both (and the CSV's label columns) read
 * the same entry. The keys are the codes as the journal stores them; a unit test checks that every
 * code of the journal and the contract has its entry (this layer cannot import them).
 */
type Glossary<Code extends string> = Readonly<Record<Code, Bilingual>>;

/** A sale's state (`transactions.state`). */
export const TX_STATE_LABEL = {
  'in-flight': { zh: '傳送中', en: 'In flight' },
  issued: { zh: '已開立', en: 'Issued' },
  rejected: { zh: '被退回', en: 'Rejected' },
  'not-delivered': { zh: '未送達', en: 'Not delivered' },
  'needs-verification': { zh: '待確認', en: 'Needs verification' },
  'not-issued': { zh: '確認未開立', en: 'Not issued' },
} as const satisfies Glossary<string>;
export type TxStateCode = keyof typeof TX_STATE_LABEL;

/** A void's, allowance's or allowance void's state (`returns.state`). */
export const RETURN_STATE_LABEL = {
  'in-flight': { zh: '傳送中', en: 'In flight' },
  done: { zh: '已完成', en: 'Done' },
  rejected: { zh: '被退回', en: 'Rejected' },
  'not-delivered': { zh: '未送達', en: 'Not delivered' },
  'needs-verification': { zh: '待確認', en: 'Needs verification' },
  'not-done': { zh: '確認未完成', en: 'Not done' },
} as const satisfies Glossary<string>;
export type ReturnStateCode = keyof typeof RETURN_STATE_LABEL;

/** The customer's invoice choice (provider profile §2). */
export const INVOICE_KIND_LABEL = {
  paper: { zh: '紙本證明聯', en: 'Paper proof' },
  phone: { zh: '手機 QR', en: 'Phone QR' },
  carrier: { zh: '載具', en: 'Carrier' },
  donate: { zh: '捐贈', en: 'Donation' },
  business: { zh: '統一編號', en: 'Tax ID' },
} as const satisfies Glossary<string>;
export type InvoiceKindCode = keyof typeof INVOICE_KIND_LABEL;

/**
 * The provider operation a sale went by, named for what the customer got: the summary groups by
 * it. `order` is the paper proof (a business buyer's too), hence the same words as the kind.
 */
export const OPERATION_LABEL = {
  order: INVOICE_KIND_LABEL.paper,
  orderReturnQKey: INVOICE_KIND_LABEL.phone,
  orderWithoutPrint: { zh: '載具／捐贈', en: 'Carrier / donation' },
} as const satisfies Glossary<string>;
export type OperationCode = keyof typeof OPERATION_LABEL;

/**
 * Payment methods: the contract's closed set, and `unknown`, under which the summary sums a
 * method an older journal holds that is no plain name.
 */
export const PAYMENT_METHOD_LABEL = {
  cash: { zh: '現金', en: 'Cash' },
  card: { zh: '信用卡', en: 'Card' },
  other: { zh: '其他', en: 'Other' },
  unknown: { zh: '不明', en: 'Unknown' },
} as const satisfies Glossary<string>;
export type PaymentMethodCode = keyof typeof PAYMENT_METHOD_LABEL;

/** What a return does (`returns.kind`). */
export const RETURN_KIND_LABEL = {
  void: { zh: '作廢', en: 'Void' },
  allowance: { zh: '折讓', en: 'Allowance' },
  'allowance-void': { zh: '作廢折讓', en: 'Allowance void' },
} as const satisfies Glossary<string>;
export type ReturnKindCode = keyof typeof RETURN_KIND_LABEL;

/** A row of the day's export: a sale, or one of its returns. */
export const RECORD_LABEL = {
  sale: { zh: '銷售', en: 'Sale' },
  ...RETURN_KIND_LABEL,
} as const satisfies Glossary<string>;
export type RecordCode = keyof typeof RECORD_LABEL;

/** Whether a sale's invoice stands (issued and not voided) as the authority's return counts it. */
export const INVOICE_STANDING_LABEL = {
  standing: { zh: '有效', en: 'Standing' },
  voided: { zh: '已作廢', en: 'Voided' },
  none: { zh: '未開立', en: 'Not issued' },
} as const satisfies Glossary<string>;
export type InvoiceStandingCode = keyof typeof INVOICE_STANDING_LABEL;

/** Carrier types by the platform's code. */
export const CARRIER_TYPE_LABEL = {
  [CARRIER_TYPES.mobile]: { zh: '手機條碼', en: 'Mobile barcode' },
  [CARRIER_TYPES.citizen]: { zh: '自然人憑證', en: 'Citizen certificate' },
} as const satisfies Glossary<string>;

/** A line's tax type. */
export const TAX_TYPE_LABEL = {
  taxable: { zh: '應稅', en: 'Taxable' },
  zero: { zh: '零稅率', en: 'Zero-rated' },
  exempt: { zh: '免稅', en: 'Exempt' },
} as const satisfies Glossary<string>;

/**
 * A code's words, or the code itself when the table has none (a method only an old journal
 * holds). Own keys only: a code comes from outside (the journal, a file), and `constructor` or
 * `__proto__` must not reach Object.prototype.
 */
export function labelOf(table: Readonly<Record<string, Bilingual>>, code: string): Bilingual {
  return Object.hasOwn(table, code) ? table[code]! : { zh: code, en: code };
}

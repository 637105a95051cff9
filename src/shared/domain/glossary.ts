import { DRAWER_PART_LABEL } from './drawer';
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

/**
 * A paper proof's job on the e-invoice service's cloud printer (issue 29, `cloud_print_jobs.state`):
 * shown like a local print's state on the result screen and in the journal.
 */
export const CLOUD_PRINT_STATE_LABEL = {
  queued: { zh: '排入雲端列印', en: 'Queued for cloud print' },
  printed: { zh: '已列印', en: 'Printed' },
  failed: { zh: '列印失敗', en: 'Print failed' },
} as const satisfies Glossary<string>;
export type CloudPrintStateCode = keyof typeof CLOUD_PRINT_STATE_LABEL;

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

/**
 * How an issued invoice was issued (issue 27): by the e-invoice service as the sale was sent, or
 * offline with the till's own number (invoice mode), uploaded afterwards.
 */
export const ISSUED_VIA_LABEL = {
  online: { zh: '線上', en: 'Online' },
  offline: { zh: '離線', en: 'Offline' },
} as const satisfies Glossary<string>;
export type IssuedViaCode = keyof typeof ISSUED_VIA_LABEL;

/**
 * What an invoice is now, from its sale and the returns made on it (shared/domain/invoice-status.ts).
 */
export const INVOICE_STATUS_WORDS = {
  'in-flight': TX_STATE_LABEL['in-flight'],
  rejected: TX_STATE_LABEL.rejected,
  'not-delivered': TX_STATE_LABEL['not-delivered'],
  'needs-verification': TX_STATE_LABEL['needs-verification'],
  'not-issued': TX_STATE_LABEL['not-issued'],
  issued: TX_STATE_LABEL.issued,
  'void-pending': { zh: '作廢待確認', en: 'Void unconfirmed' },
  voided: { zh: '已作廢', en: 'Voided' },
  'reissue-pending': { zh: '已作廢，待改開', en: 'Voided, to reissue' },
  reissued: { zh: '已改開', en: 'Reissued' },
  'allowance-pending': { zh: '折讓待確認', en: 'Allowance unconfirmed' },
  allowed: { zh: '已折讓', en: 'Allowance' },
} as const satisfies Glossary<string>;

/** The journal's status filter (invoice-status.ts `INVOICE_STATUS_FILTERS`). */
export const INVOICE_STATUS_FILTER_WORDS = {
  issued: TX_STATE_LABEL.issued,
  voided: INVOICE_STATUS_WORDS.voided,
  allowed: INVOICE_STATUS_WORDS.allowed,
  reissued: { zh: '改開', en: 'Reissue' },
  'returns-pending': { zh: '作廢／折讓待確認', en: 'Return unconfirmed' },
  'in-flight': TX_STATE_LABEL['in-flight'],
  'needs-verification': TX_STATE_LABEL['needs-verification'],
  rejected: TX_STATE_LABEL.rejected,
  'not-delivered': TX_STATE_LABEL['not-delivered'],
  'not-issued': TX_STATE_LABEL['not-issued'],
} as const satisfies Glossary<string>;

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

/**
 * An offline invoice's upload (invoice mode, issue 27): waiting for the e-invoice service, stored
 * there, or refused by it (a person checks it). The journal's `offline_invoices.upload_state`.
 */
export const UPLOAD_STATE_LABEL = {
  waiting: { zh: '待上傳', en: 'Waiting to upload' },
  uploaded: { zh: '已上傳', en: 'Uploaded' },
  rejected: { zh: '上傳被拒', en: 'Upload rejected' },
} as const satisfies Readonly<Record<string, Bilingual>>;

/**
 * The product's terms: one word per thing, in both languages, and the variants the screens used
 * to mix (three names for the provider, 單號 and 訂單號碼 for the order number, API Key beside API
 * 金鑰). docs/glossary.md is written from this table (`glossaryMarkdown`), and a unit test checks
 * that it still matches and that no screen or message uses an avoided variant.
 */
export interface Term extends Bilingual {
  /** What the term means, for the docs. */
  readonly note: string;
  /** Words that mean the same and must not be used in user-facing text. */
  readonly avoid: readonly string[];
}

export const TERMS = {
  invoiceService: {
    zh: '發票服務',
    en: 'e-invoice service',
    note: "The provider's e-invoice API (a value-added centre) that issues, voids and allows.",
    avoid: ['服務商', '供應商', '業者', '電子發票服務', '加值中心', 'provider'],
  },
  orderNumber: {
    zh: '訂單編號',
    en: 'order number',
    note: "The till's own number for a sale (BillingNo), the same on every resend.",
    avoid: ['訂單號碼', '單號', 'order no.', 'Order no.'],
  },
  invoiceNumber: {
    zh: '發票號碼',
    en: 'invoice number',
    note: "Two letters and eight digits, shown as the e-invoice service's and the tax platform's lists show it (AB12345678, so a search finds it); only the printed paper proof sets it AB-12345678.",
    avoid: ['發票編號', 'invoice no.'],
  },
  allowanceNumber: {
    zh: '折讓單號',
    en: 'allowance number',
    note: "The allowance's own number (its prefix is the till's), not an order number.",
    avoid: ['折讓編號', 'Allowance no.'],
  },
  apiKey: {
    zh: 'API 金鑰',
    en: 'API key',
    note: 'The key the e-invoice service gives the store.',
    avoid: ['API Key', 'API金鑰', 'APIKey'],
  },
  signingSecret: {
    zh: '簽章密鑰',
    en: 'signing secret',
    note: 'The secret the till signs each request with (never shown after it is saved).',
    avoid: ['簽章金鑰', 'signing key'],
  },
  needsVerification: {
    zh: TX_STATE_LABEL['needs-verification'].zh,
    en: TX_STATE_LABEL['needs-verification'].en,
    note: 'Sent, and no clear answer: it may or may not stand; a supervisor checks it.',
    avoid: ['待查證', '待查詢', 'To verify'],
  },
  paperProof: {
    zh: INVOICE_KIND_LABEL.paper.zh,
    en: INVOICE_KIND_LABEL.paper.en,
    note: 'The printed proof of the e-invoice (電子發票證明聯) handed to the customer.',
    avoid: ['列印證明聯', '紙本發票', '證明聯列印'],
  },
  carrier: {
    zh: INVOICE_KIND_LABEL.carrier.zh,
    en: INVOICE_KIND_LABEL.carrier.en,
    note: 'Where the invoice is kept instead of paper: a mobile barcode or a citizen certificate.',
    avoid: ['載具條碼', 'vehicle'],
  },
  loveCode: {
    zh: '愛心碼',
    en: 'love code',
    note: "A charity's 3 to 7 digit code (NPOBAN) the invoice is donated to.",
    avoid: ['捐贈碼', 'donation code'],
  },
  taxId: {
    zh: INVOICE_KIND_LABEL.business.zh,
    en: INVOICE_KIND_LABEL.business.en,
    note: "A business buyer's or the seller's 8-digit number (統編 for short on slips).",
    avoid: ['統一編號碼', 'VAT number', 'tax number'],
  },
  trainingMode: {
    zh: '練習模式',
    en: 'training mode',
    note: 'Sales go to the training service; nothing it prints is an invoice.',
    avoid: ['訓練模式', 'test mode'],
  },
  liveMode: {
    zh: '正式模式',
    en: 'production mode',
    note: 'Sales go to the e-invoice service and are real invoices.',
    avoid: ['生產模式', 'live mode'],
  },
  cashDrop: {
    zh: DRAWER_PART_LABEL.cashDrops.zh,
    en: 'cash drop',
    note: "Large notes taken from the drawer to the safe during a shift, with the supervisor PIN and a reason, recorded like a paid-out; no more than the drawer should hold, and the drawer's expected cash goes down by it.",
    avoid: ['投庫', '中途收款', 'safe drop', 'skim'],
  },
  tobaccoAlcohol: {
    zh: '菸酒',
    en: 'tobacco and alcohol',
    note: 'Products sold only to customers 18 or over; the product flag that asks the age check (CSV column 菸酒).',
    avoid: ['煙酒', '酒類', 'age-restricted'],
  },
  ageCheck: {
    zh: '年齡確認',
    en: 'age check',
    note: 'The cashier confirms a 菸酒 customer is 18 or over (已確認年滿18歲) or does not sell (不販售); both answers are in the journal.',
    avoid: ['年齡驗證', '年齡檢查', 'age verification', 'ID check'],
  },
  productsScreen: {
    zh: '商品管理',
    en: 'Products',
    note: "The Products screen (Settings, supervisor PIN): the shop's own catalog, one product at a time.",
    avoid: ['商品維護', '商品設定', 'product maintenance'],
  },
  productCode: {
    zh: '品號',
    en: 'product code',
    note: "The shop's own code for a product (1 to 32 letters, digits or . _ -), unique in the catalog.",
    avoid: ['料號', 'item code'],
  },
  barcode: {
    zh: '條碼',
    en: 'barcode',
    note: 'EAN-13, EAN-8 or UPC-A printed on the product, its check digit checked; a product may have several, each unique.',
    avoid: ['條形碼', 'bar code'],
  },
  shelfPrice: {
    zh: '售價',
    en: 'price',
    note: 'What the product sells for: NT$, tax included, whole dollars.',
    avoid: ['標價', '牌價'],
  },
  scaleCode: {
    zh: '秤重品號',
    en: 'scale product code',
    note: "The product code a scale label's barcode carries, when it is not the product's own code.",
    avoid: ['秤重編號', 'PLU'],
  },
  retired: {
    zh: '停售',
    en: 'retired',
    note: 'A product no longer sold: a scan is refused with the reason; it stays in history and on the Products screen.',
    avoid: ['下架', 'discontinued'],
  },
  priceChange: {
    zh: '售價變更',
    en: 'price change',
    note: "A product's price changed on the Products screen: a journal record of who, when, old and new price. (改價 is a line's price changed in the cart.)",
    avoid: ['調價', '價格異動', '變價', '價格變更'],
  },
  openPrice: {
    zh: '自訂金額',
    en: 'open price',
    note: 'The key for an item not in the catalog: the cashier types its amount; above the set maximum, the supervisor PIN.',
    avoid: ['開放價格', '自由價', 'custom amount'],
  },
  offlineMode: {
    zh: '離線開立中',
    en: 'Issuing offline',
    note: 'The till cannot reach the e-invoice service (a sale never got there, twice in a row by default) and issues invoices with its own offline numbers until the service answers again; it says so in the status bar and on the sale screen.',
    avoid: ['離線模式中', '斷線模式'],
  },
  issuedOffline: {
    zh: '離線開立',
    en: 'Issued offline',
    note: 'An invoice the till numbered itself from its offline numbers while the e-invoice service could not be reached; its proof is built by the till and it is uploaded afterwards (C within 48 hours, B within 7 days).',
    avoid: ['脫機開立', '離線發行', 'offline-issued'],
  },
  offlineNumbers: {
    zh: '離線號碼',
    en: 'offline numbers',
    note: 'Invoice numbers the e-invoice service split off for this till alone (invoice mode), held for the current period and the next; topped up by themselves while online, or by a supervisor. Those never used are reported blank after the period.',
    avoid: ['離線字軌', '預留號碼', 'reserved numbers'],
  },
} as const satisfies Readonly<Record<string, Term>>;

/** docs/glossary.md, written from {@link TERMS} and the code tables above. */
export function glossaryMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Glossary',
    '',
    '<!-- Written from src/shared/domain/glossary.ts (glossaryMarkdown); a unit test checks it. -->',
    '',
    'One word for each thing, in both languages, on screens, slips, messages and exports.',
    '',
    '## Terms',
    '',
    '| 中文 | English | Meaning | Not |',
    '| --- | --- | --- | --- |',
    ...Object.values(TERMS).map(
      (term: Term) =>
        `| ${cell(term.zh)} | ${cell(term.en)} | ${cell(term.note)} | ${term.avoid.map(cell).join(', ')} |`,
    ),
  ];
  const tables: Array<[string, Readonly<Record<string, Bilingual>>]> = [
    ['Sale states', TX_STATE_LABEL],
    ['Return states', RETURN_STATE_LABEL],
    ['Cloud print job states', CLOUD_PRINT_STATE_LABEL],
    ['Invoice kinds', INVOICE_KIND_LABEL],
    ['Operations', OPERATION_LABEL],
    ['Payment methods', PAYMENT_METHOD_LABEL],
    ['Return kinds', RETURN_KIND_LABEL],
    ['Invoice standing', INVOICE_STANDING_LABEL],
    ['Issued (how)', ISSUED_VIA_LABEL],
    ['Invoice status (the journal)', INVOICE_STATUS_WORDS],
    ['Journal status filter', INVOICE_STATUS_FILTER_WORDS],
    ['Carrier types', CARRIER_TYPE_LABEL],
    ['Tax types', TAX_TYPE_LABEL],
    ["The drawer's expected cash (its parts)", DRAWER_PART_LABEL],
    ['Offline invoice uploads', UPLOAD_STATE_LABEL],
  ];
  for (const [title, table] of tables) {
    lines.push('', `## ${title}`, '', '| Code | 中文 | English |', '| --- | --- | --- |');
    for (const [code, words] of Object.entries(table)) {
      lines.push(`| \`${code}\` | ${cell(words.zh)} | ${cell(words.en)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

import type { Bilingual } from '../../shared/domain';
import type { PosOperation, PosOrderData, PosResponse } from '../pos-profile';
import type { StandardOperation, StandardRequestBody } from '../standard-profile';

/**
 * One provider's dialect of the POS contract (provider profile §6): a data description plus the
 * few small functions where names alone do not say it. Only the bytes on the wire change: the
 * till's order data (`PosOrderData`, what the journal keeps) and its reading of an answer
 * (`PosResponse`, what the outcome rules judge) are the same for every variant.
 */
export const PROVIDER_VARIANT_IDS = ['profile', 'systemlead'] as const;
export type ProviderVariantId = (typeof PROVIDER_VARIANT_IDS)[number];

/**
 * What the till sent, as far as an answer needs it: the order number always, the whole canonical
 * order when the caller has it (a variant whose answer does not repeat the random code reads it
 * from here).
 */
export type SentOrder = Pick<PosOrderData, 'BillingNo'> & Partial<PosOrderData>;

/**
 * The standard API (profile §4) in one provider's shape. The till's returns and reconciliation
 * and the training service judge the profile's answers (`standard-profile.ts`): a dialect maps its
 * requests and answers onto those, nothing else.
 */
export interface StandardDialect {
  /**
   * How a request carries several records: `data`, one wrapper whose `Data` is the array (the
   * profile); `wrappers`, a top-level array of wrappers, one per record, each signed (SystemLead's
   * multi-record format), answered by an array with one element per wrapper.
   */
  records: 'data' | 'wrappers';
  /**
   * Where the provider's list of operations puts one of the till's elsewhere (SystemLead's
   * `InvoiceApiList.md` has only the batch `/Update/CancelAllowances` for an allowance void); the
   * profile's path (`STANDARD_OPERATIONS`) for every operation not named.
   */
  paths?: Readonly<Partial<Record<StandardOperation, string>>>;
  /** The wire body of `data` (the profile's `Data`: one object or an array); `wrap` signs one wrapper. */
  requestBody(
    operation: StandardOperation,
    data: unknown,
    wrap: (data: unknown) => StandardRequestBody<unknown>,
  ): unknown;
  /**
   * The till's reading of a 200 answer (parsed JSON) as the profile's answer of that operation;
   * null when this dialect cannot read it (the outcome is then unknown, never a guess). `sent` is
   * the profile's `Data` that was sent.
   */
  readAnswer(operation: StandardOperation, json: unknown, sent: unknown): unknown;
  /** The training service (records `wrappers`): one record's `Data` as the profile's, or a refusal. */
  fromWireRecord(
    operation: StandardOperation,
    data: unknown,
  ): { ok: true; data: unknown } | { ok: false; message: string };
  /** The training service (records `wrappers`): one record's answer element from the profile's result. */
  toWireRecord(operation: StandardOperation, result: unknown, record: unknown): unknown;
  /** The training service (records `wrappers`): a refusal of one record (`record` as sent, when read). */
  refusal(message: string, record?: unknown): unknown;
}

export interface ProviderVariant {
  id: ProviderVariantId;
  label: { zh: string; en: string };
  /** How the signature of a request is made (`Signature` of the wrapper). */
  signatureRecipe: { zh: string; en: string };
  sign(companyId: string, signingSecret: string, timestamp: string): string;
  /**
   * The path each of the till's operations is sent to, or null where the provider has no such
   * operation (SystemLead: carrier and love-code sales are `/Append/Order` with `PrintMark` N, and
   * there is no "decide on the phone" operation at all). The till never offers a null one.
   */
  paths: Readonly<Record<PosOperation, string | null>>;
  /**
   * Whether requests carry the `apiKey` header. SystemLead has none (`ApiHeader.md`): the Salt
   * signature is the whole authentication, and the Salt is the company's, shared by its tills.
   */
  sendsApiKey: boolean;
  /** Why an operation is not offered (null when it is): shown where the cashier would look for it. */
  missingOperation(operation: PosOperation): Bilingual | null;
  /**
   * Whether `/Append/Order`'s answer carries `PrintDataString`. When the provider never sends it
   * (false), its absence is no fault: the till builds the proof itself from the journal's order and
   * the seller's QR key (src/main/printing/built-proof.ts), the same composition the provider uses.
   */
  sendsPrintData: boolean;
  /**
   * What this provider cannot take of a canonical order (a field longer than it allows, a random
   * code it needs and the order lacks): the reason, zh-TW first, or null. Checked before anything
   * is written or sent, so a refusal leaves nothing behind.
   */
  refuseOrder(data: PosOrderData): Bilingual | null;
  /**
   * The same for the till id alone (it is the order's `DeviceID`): Settings refuses a till id the
   * chosen variant could never send, instead of every sale being refused later.
   */
  refuseTillId(tillId: string): Bilingual | null;
  /**
   * The wire names of `Data`: the till's canonical order shaped for this provider. `companyId` is
   * the seller's (SystemLead repeats it in `Data.CompanyID`, mandatory in `Receipt.md`).
   */
  toWireOrder(data: PosOrderData, companyId: string): Record<string, unknown>;
  /**
   * The training service's way back: the wire `Data` with the canonical field names (unknown
   * fields kept for the order checks), fields the provider's documents make optional given the
   * documents' defaults (`now`: the service's clock, for an order time the order need not carry),
   * or the `ResultMessage` of a refusal.
   */
  fromWireOrder(
    data: Record<string, unknown>,
    context?: { now: Date; companyId?: string },
  ): { ok: true; data: Record<string, unknown> } | { ok: false; message: string };
  /** The training service's answer in this provider's shape. */
  toWireAnswer(response: PosResponse): unknown;
  /**
   * The till's reading of an answer (parsed JSON) as the canonical answer; null when this
   * variant cannot read it (the outcome is then unknown: verify, never guess). `sent` is what
   * the till sent, for variants whose answer does not repeat the order number or the random code.
   */
  readAnswer(json: unknown, sent?: SentOrder): PosResponse | null;
  /**
   * The provider's own token of an answer that the canonical answer has no field for (SystemLead's
   * `AuthCode`), as a short text for the log; null when there is none. Never read as anything else.
   */
  evidence(json: unknown): string | null;
  /** The standard API in this provider's shape. */
  standard: StandardDialect;
}

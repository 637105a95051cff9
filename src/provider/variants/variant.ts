import type { Bilingual } from '../../shared/domain';
import type { PosOrderData, PosResponse } from '../pos-profile';

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

export interface ProviderVariant {
  id: ProviderVariantId;
  label: { zh: string; en: string };
  /** How the signature of a request is made (`Signature` of the wrapper). */
  signatureRecipe: { zh: string; en: string };
  sign(companyId: string, signingSecret: string, timestamp: string): string;
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
  /** The wire names of `Data`: the till's canonical order shaped for this provider. */
  toWireOrder(data: PosOrderData): Record<string, unknown>;
  /**
   * The training service's way back: the wire `Data` with the canonical field names (unknown
   * fields kept for the order checks), or the `ResultMessage` of a refusal.
   */
  fromWireOrder(
    data: Record<string, unknown>,
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
}

import type { PosOrderData, PosResponse } from '../pos-profile';

/**
 * One provider's dialect of the POS contract (provider profile §6): a data description plus the
 * few small functions where names alone do not say it. Only the bytes on the wire change: the
 * till's order data (`PosOrderData`, what the journal keeps) and its reading of an answer
 * (`PosResponse`, what the outcome rules judge) are the same for every variant.
 */
export const PROVIDER_VARIANT_IDS = ['profile', 'systemlead'] as const;
export type ProviderVariantId = (typeof PROVIDER_VARIANT_IDS)[number];

export interface ProviderVariant {
  id: ProviderVariantId;
  label: { zh: string; en: string };
  /** How the signature of a request is made (`Signature` of the wrapper). */
  signatureRecipe: { zh: string; en: string };
  sign(companyId: string, signingSecret: string, timestamp: string): string;
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
   * variant cannot read it (the outcome is then unknown: verify, never guess). `billingNo` is
   * the order number sent, for variants whose answer does not repeat it.
   */
  readAnswer(json: unknown, billingNo?: string): PosResponse | null;
}

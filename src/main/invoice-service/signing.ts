import { requestHeaders, type PosOrderData } from '../../provider/pos-profile';
import { buildWireBody, variantFor, type ProviderVariantId } from '../../provider/variants';

/**
 * The signed request for one attempt. The timestamp comes from the journal (persisted, forward
 * only, never reused per company); this module only puts the wrapper together. Only the bytes
 * on the wire carry `apiKey` and `Signature`: what is kept anywhere is `keptRequest`.
 */
export interface SigningConfig {
  companyId: string;
  apiKey: string;
  signingSecret: string;
  /** The provider's variant (profile §6): shapes the wire body only; the profile's when left out. */
  variant?: ProviderVariantId;
}

export function signedBody(
  config: SigningConfig,
  timestamp: string,
  data: PosOrderData,
): { json: string; headers: Record<string, string> } {
  const variant = variantFor(config.variant);
  return {
    // The variant shapes only these bytes: `data` stays the till's canonical order (see keptRequest).
    json: JSON.stringify(buildWireBody(variant, config.companyId, config.signingSecret, timestamp, data)),
    // SystemLead has no apiKey header (ApiHeader.md): the Salt signature is the authentication.
    headers: variant.sendsApiKey ? requestHeaders(config.apiKey) : {},
  };
}

/**
 * What the journal, logs and exports may hold of a request: `Data`, `CompanyID`, `Timestamp`.
 * `Data` is the till's canonical order data (the profile's field names) whatever the provider's
 * variant: the variant shapes only the wire body, so the journal, printing and returns read one
 * shape.
 */
export function keptRequest(companyId: string, timestamp: string, data: PosOrderData) {
  return { CompanyID: companyId, Timestamp: timestamp, Data: data };
}

/** Epoch seconds as the provider wants them: a decimal string. */
export function timestampText(seconds: string | number): string {
  const text = String(seconds);
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new Error(`not an epoch second: ${text}`);
  return text;
}

import type { PosOrderData } from '../pos-profile';
import { profileVariant } from './profile';
import { systemLeadVariant } from './systemlead';
import { STANDARD_OPERATIONS, buildStandardRequestBody, type StandardOperation } from '../standard-profile';
import {
  PROVIDER_VARIANT_IDS,
  type ProviderVariant,
  type ProviderVariantId,
  type SentOrder,
  type StandardDialect,
} from './variant';

export {
  PROVIDER_VARIANT_IDS,
  type ProviderVariant,
  type ProviderVariantId,
  type SentOrder,
  type StandardDialect,
};

/** Every variant the one adapter speaks; adding one is one file here and its tests. */
export const PROVIDER_VARIANTS: Readonly<Record<ProviderVariantId, ProviderVariant>> = {
  profile: profileVariant,
  systemlead: systemLeadVariant,
};

export const DEFAULT_PROVIDER_VARIANT: ProviderVariantId = 'profile';

export function isProviderVariantId(value: unknown): value is ProviderVariantId {
  return typeof value === 'string' && (PROVIDER_VARIANT_IDS as readonly string[]).includes(value);
}

/** The variant of this id; the profile's when none is given. */
export function variantFor(id: ProviderVariantId | undefined): ProviderVariant {
  return PROVIDER_VARIANTS[id ?? DEFAULT_PROVIDER_VARIANT];
}

/** The path (relative to the standard base URL) this variant sends a standard operation to. */
export function standardPathOf(variant: ProviderVariant, operation: StandardOperation): string {
  return variant.standard.paths?.[operation] ?? STANDARD_OPERATIONS[operation];
}

/** The wire body of one POS request: the wrapper, signed and shaped as the variant says. */
export function buildWireBody(
  variant: ProviderVariant,
  companyId: string,
  signingSecret: string,
  timestamp: string,
  data: PosOrderData,
): { CompanyID: string; Timestamp: string; Signature: string; Data: Record<string, unknown> } {
  return {
    CompanyID: companyId,
    Timestamp: timestamp,
    Signature: variant.sign(companyId, signingSecret, timestamp),
    Data: variant.toWireOrder(data, companyId),
  };
}

/**
 * The wire body of one standard-API request (profile §4): the profile's `Data` (one object or an
 * array) in the variant's shape, each wrapper signed with its recipe and this timestamp.
 */
export function buildStandardWireBody(
  variant: ProviderVariant,
  operation: StandardOperation,
  companyId: string,
  signingSecret: string,
  timestamp: string,
  data: unknown,
): unknown {
  return variant.standard.requestBody(operation, data, (record) =>
    buildStandardRequestBody(companyId, signingSecret, timestamp, record, variant.sign),
  );
}

export {
  INVOICE_MODE_DIALECTS,
  invoiceModeDialectFor,
  systemLeadInvoiceWire,
  type InvoiceModeDialect,
} from './invoice-mode';

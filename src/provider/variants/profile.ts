import { PosResponse, signRequest, type PosOrderData } from '../pos-profile';
import type { ProviderVariant } from './variant';

/** The provider profile itself (§1): the default, and the shape every other variant maps onto. */
export const profileVariant: ProviderVariant = {
  id: 'profile',
  label: { zh: '服務規格（預設）', en: 'Provider profile (default)' },
  signatureRecipe: {
    zh: 'SHA-256(CompanyID + 簽章密鑰 + Timestamp)，小寫十六進位',
    en: 'SHA-256(CompanyID + signing secret + Timestamp), lowercase hex',
  },
  sign: signRequest,
  toWireOrder: (data: PosOrderData) => ({ ...data }),
  fromWireOrder: (data) => ({ ok: true, data }),
  toWireAnswer: (response) => response,
  readAnswer(json) {
    const parsed = PosResponse.safeParse(json);
    return parsed.success ? parsed.data : null;
  },
};

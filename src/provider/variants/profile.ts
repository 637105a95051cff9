import { POS_OPERATIONS, PosResponse, signRequest, type PosOrderData } from '../pos-profile';
import type { ProviderVariant, StandardDialect } from './variant';

/** The standard API as profile §4 has it: one wrapper, `Data` an object or an array; answers as they are. */
export const profileStandardDialect: StandardDialect = {
  records: 'data',
  requestBody: (_operation, data, wrap) => wrap(data),
  readAnswer: (_operation, json) => json,
  fromWireRecord: (_operation, data) => ({ ok: true, data }),
  toWireRecord: (_operation, result) => result,
  refusal: (message) => ({ StatusCode: 0, ResultMessage: message }),
};

/**
 * The provider profile itself (§1): the default, and the shape every other variant maps onto.
 * Its service allocates the random code, so the till's own (`RandomNumber` of the canonical
 * order, kept in the journal) is not sent, and a `RandomNumber` in a request is no part of the
 * order: the service ignores it and answers its own.
 */
export const profileVariant: ProviderVariant = {
  id: 'profile',
  label: { zh: '服務規格（預設）', en: 'Service profile (default)' },
  signatureRecipe: {
    zh: 'SHA-256(CompanyID + 簽章密鑰 + Timestamp)，小寫十六進位',
    en: 'SHA-256(CompanyID + signing secret + Timestamp), lowercase hex',
  },
  sign: signRequest,
  paths: POS_OPERATIONS,
  sendsApiKey: true,
  missingOperation: () => null,
  sendsPrintData: true,
  refuseOrder: () => null,
  refuseTillId: () => null,
  toWireOrder: ({ RandomNumber: _tillChoice, ...data }: PosOrderData) => ({ ...data }),
  fromWireOrder: ({ RandomNumber: _ignored, ...data }) => ({ ok: true, data }),
  toWireAnswer: (response) => response,
  readAnswer(json) {
    const parsed = PosResponse.safeParse(json);
    return parsed.success ? parsed.data : null;
  },
  evidence: () => null,
  standard: profileStandardDialect,
};

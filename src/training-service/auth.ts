import { createHash, timingSafeEqual } from 'node:crypto';
import { RESULT_MESSAGES, signRequest } from '../provider/pos-profile';
import type { TrainingServiceConfig } from './config';
import type { TrainingStore } from './store';

/**
 * The checks made before anything is issued (provider profile §1): the `apiKey` header, the body
 * wrapper, the signature, the timestamp's freshness and its single use per company.
 */

/** Compares secrets in constant time (hashing first evens out the lengths). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface PosWrapper {
  CompanyID: string;
  Timestamp: string;
  Signature: string;
  Data: Record<string, unknown>;
}

/** The wrapper's shape; null with the reason when the body is not the wrapper (HTTP 400). */
export function readWrapper(
  body: unknown,
): { ok: true; wrapper: PosWrapper } | { ok: false; message: string } {
  const shape = 'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}';
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: shape };
  const { CompanyID, Timestamp, Signature, Data } = body as Record<string, unknown>;
  if (typeof CompanyID !== 'string' || typeof Timestamp !== 'string' || typeof Signature !== 'string') {
    return { ok: false, message: `${shape}: CompanyID, Timestamp and Signature are strings` };
  }
  if (typeof Data !== 'object' || Data === null || Array.isArray(Data)) {
    return { ok: false, message: `${shape}: Data is the order object` };
  }
  if (!/^\d{8}$/.test(CompanyID)) return { ok: false, message: `${shape}: CompanyID is 8 digits` };
  if (!/^\d{1,12}$/.test(Timestamp)) {
    return { ok: false, message: `${shape}: Timestamp is epoch seconds as a decimal string` };
  }
  return { ok: true, wrapper: { CompanyID, Timestamp, Signature, Data: Data as Record<string, unknown> } };
}

/**
 * Signature, freshness, single use: the timestamp (seconds) when the request may go on, else the
 * `ResultMessage` of the rejection. Nothing is recorded here: the caller records the timestamp
 * (with the issue, in one transaction), and only for a correctly signed, fresh request, so that
 * a forger cannot burn a till's timestamps.
 */
export function checkCredentials(
  wrapper: PosWrapper,
  config: TrainingServiceConfig,
  store: TrainingStore,
  now: Date,
): { ok: true; timestamp: number } | { ok: false; message: string } {
  if (wrapper.CompanyID !== config.companyId)
    return { ok: false, message: 'CompanyID does not match the apiKey' };
  const expected = signRequest(wrapper.CompanyID, config.signingSecret, wrapper.Timestamp);
  if (!sameSecret(wrapper.Signature, expected))
    return { ok: false, message: RESULT_MESSAGES.signatureMismatch };
  const seconds = Number(wrapper.Timestamp);
  if (Math.abs(seconds - now.getTime() / 1000) > config.timestampWindowSeconds) {
    return { ok: false, message: RESULT_MESSAGES.timestampExpired };
  }
  if (store.isTimestampUsed(wrapper.CompanyID, seconds))
    return { ok: false, message: RESULT_MESSAGES.timestampUsed };
  return { ok: true, timestamp: seconds };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { RESULT_MESSAGES } from '../provider/pos-profile';
import { variantFor } from '../provider/variants';
import type { TrainingServiceConfig } from './config';
import type { TrainingStore } from './store';

/**
 * The checks made before anything is issued (provider profile §1, §5): the `apiKey` header (which
 * picks the key pair), the body wrapper, the signature, the timestamp's freshness and its single
 * use per key pair.
 */

/** Compares secrets in constant time (hashing first evens out the lengths). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface PosWrapper<D = Record<string, unknown>> {
  CompanyID: string;
  Timestamp: string;
  Signature: string;
  Data: D;
}

/** The wrapper's shape; null with the reason when the body is not the wrapper (HTTP 400). */
export function readWrapper(
  body: unknown,
): { ok: true; wrapper: PosWrapper } | { ok: false; message: string } {
  const read = readAnyWrapper(body, 'order');
  if (!read.ok) return read;
  return { ok: true, wrapper: { ...read.wrapper, Data: read.wrapper.Data as Record<string, unknown> } };
}

/**
 * The wrapper with `Data` an object or an array (the standard API takes either, per operation;
 * the operation's handler checks which).
 */
export function readAnyWrapper(
  body: unknown,
  data: 'order' | 'object-or-array' = 'object-or-array',
): { ok: true; wrapper: PosWrapper<unknown> } | { ok: false; message: string } {
  const shape = 'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}';
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: shape };
  const { CompanyID, Timestamp, Signature, Data } = body as Record<string, unknown>;
  if (typeof CompanyID !== 'string' || typeof Timestamp !== 'string' || typeof Signature !== 'string') {
    return { ok: false, message: `${shape}: CompanyID, Timestamp and Signature are strings` };
  }
  if (data === 'order' && (typeof Data !== 'object' || Data === null || Array.isArray(Data))) {
    return { ok: false, message: `${shape}: Data is the order object` };
  }
  if (typeof Data !== 'object' || Data === null) {
    return { ok: false, message: `${shape}: Data is an object or an array` };
  }
  if (!/^\d{8}$/.test(CompanyID)) return { ok: false, message: `${shape}: CompanyID is 8 digits` };
  if (!/^\d{1,12}$/.test(Timestamp)) {
    return { ok: false, message: `${shape}: Timestamp is epoch seconds as a decimal string` };
  }
  return { ok: true, wrapper: { CompanyID, Timestamp, Signature, Data } };
}

/**
 * The key pair a request is checked against: its signing secret and its timestamp space. Each
 * pair has its own space (profile §5), so the POS pair and the seller's standard pair never
 * compete for timestamps.
 */
export interface KeyPair {
  signingSecret: string;
  /** The key under which the pair's used timestamps are kept in the store. */
  timestampSpace: string;
  /**
   * The registered device this pair belongs to: its orders must carry this `DeviceID`. Undefined
   * for the top-level POS pair, which any DeviceID may use.
   */
  deviceId?: string;
}

/** The top-level POS pair: its timestamps are kept under the company id, as before devices. */
export function posKeyPair(config: TrainingServiceConfig): KeyPair {
  return { signingSecret: config.signingSecret, timestampSpace: config.companyId };
}

/**
 * A registered device's timestamp space. Apart from the company's (`<companyId>`) and the
 * standard pair's (`<companyId>/standard`) by its `/device/` part, whatever the device id is.
 */
export function deviceTimestampSpace(companyId: string, deviceId: string): string {
  return `${companyId}/device/${deviceId}`;
}

/**
 * The POS pair the `apiKey` header names: a registered device's, the top-level one, or null (HTTP
 * 401; the standard key too). Every key is compared, in constant time each, so the answer's
 * timing does not tell which one (or how many) exist.
 */
export function posKeyPairFor(config: TrainingServiceConfig, apiKey: string | undefined): KeyPair | null {
  let found: KeyPair | null = sameSecret(apiKey, config.apiKey) ? posKeyPair(config) : null;
  for (const device of config.devices) {
    if (sameSecret(apiKey, device.apiKey)) {
      found = {
        signingSecret: device.signingSecret,
        timestampSpace: deviceTimestampSpace(config.companyId, device.deviceId),
        deviceId: device.deviceId,
      };
    }
  }
  return found;
}

/** The seller's standard pair, in a timestamp space of its own. */
export function standardKeyPair(config: TrainingServiceConfig): KeyPair {
  return { signingSecret: config.standardSigningSecret, timestampSpace: `${config.companyId}/standard` };
}

/**
 * Signature, freshness, single use: the timestamp (seconds) when the request may go on, else the
 * `ResultMessage` of the rejection. Nothing is recorded here: the caller records the timestamp
 * (with the issue, in one transaction), and only for a correctly signed, fresh request, so that
 * a forger cannot burn a till's timestamps.
 */
export function checkCredentials(
  wrapper: PosWrapper<unknown>,
  config: TrainingServiceConfig,
  store: TrainingStore,
  now: Date,
  keys: KeyPair = posKeyPair(config),
): { ok: true; timestamp: number } | { ok: false; message: string } {
  if (wrapper.CompanyID !== config.companyId)
    return { ok: false, message: 'CompanyID does not match the apiKey' };
  // The variant's recipe, for both key pairs: one provider signs one way.
  const expected = variantFor(config.variant).sign(wrapper.CompanyID, keys.signingSecret, wrapper.Timestamp);
  if (!sameSecret(wrapper.Signature, expected))
    return { ok: false, message: RESULT_MESSAGES.signatureMismatch };
  const seconds = Number(wrapper.Timestamp);
  if (Math.abs(seconds - now.getTime() / 1000) > config.timestampWindowSeconds) {
    return { ok: false, message: RESULT_MESSAGES.timestampExpired };
  }
  if (store.isTimestampUsed(keys.timestampSpace, seconds))
    return { ok: false, message: RESULT_MESSAGES.timestampUsed };
  return { ok: true, timestamp: seconds };
}

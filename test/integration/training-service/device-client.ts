import {
  operationForPath,
  type PosOperation,
  type PosOrderData,
  type PosResponse,
} from '../../../src/provider/pos-profile';
import {
  GetInvoiceIdListResponse,
  issuedFromSegment,
  type InvoiceIdTrack,
} from '../../../src/provider/standard-profile';
import { buildWireBody, variantFor } from '../../../src/provider/variants';
import { postOrder, sampleOrder, type PosCall } from '../../support/pos-client';
import type { RunningService } from './harness';
import type { StandardRig } from './standard-client';

/** A POS key pair as a till holds it: a registered device's, or the top-level one. */
export interface PairKeys {
  apiKey: string;
  signingSecret: string;
}

/** Three registered tills, each with its own key pair (profile §5). */
export const DEVICES = [
  { deviceId: 'T01', apiKey: 'till-01-api-key', signingSecret: 'till-01-signing-secret' },
  { deviceId: 'T02', apiKey: 'till-02-api-key', signingSecret: 'till-02-signing-secret' },
  { deviceId: 'T03', apiKey: 'till-03-api-key', signingSecret: 'till-03-signing-secret' },
] as const;

/** The top-level POS pair of a running service. */
export const topLevelPair = (svc: RunningService): PairKeys => ({
  apiKey: svc.config.apiKey,
  signingSecret: svc.config.signingSecret,
});

export interface DeviceCall {
  call: PosCall;
  /** The answer read back to the profile's shape by the service's variant (null: not an answer). */
  answer: PosResponse | null;
}

/**
 * One order sent with a key pair, in the service's variant (its signature recipe and field names),
 * as a till of that provider would send it.
 */
export async function postWithPair(
  svc: RunningService,
  pair: PairKeys,
  data: PosOrderData,
  timestamp: string | number,
  operation: PosOperation = 'orderWithoutPrint',
): Promise<DeviceCall> {
  const variant = variantFor(svc.config.variant);
  const body = buildWireBody(variant, svc.config.companyId, pair.signingSecret, String(timestamp), data);
  // The variant's path for it (SystemLead: carrier sales go to /Append/Order).
  const call = await postOrder(
    svc.target,
    operationForPath(variant.paths[operation] ?? '') ?? operation,
    undefined,
    {
      rawBody: JSON.stringify(body),
      apiKey: pair.apiKey,
    },
  );
  let answer: PosResponse | null = null;
  if (call.status === 200) answer = variant.readAnswer(JSON.parse(call.text), data);
  return { call, answer };
}

/** A sample order from `deviceId` at `at`. */
export const deviceOrder = (billingNo: string, deviceId: string, at: Date): PosOrderData =>
  sampleOrder(billingNo, { at, overrides: { DeviceID: deviceId } });

/** The number list of one period (`StageMonth`) or a whole year, checked against its schema. */
export async function idList(
  rig: StandardRig,
  stageYear: number,
  stageMonth?: number,
): Promise<InvoiceIdTrack[]> {
  const answer = await rig.ok('getInvoiceIdList', {
    CompanyID: rig.svc.config.companyId,
    StageYear: stageYear,
    ...(stageMonth !== undefined && { StageMonth: stageMonth }),
  });
  return GetInvoiceIdListResponse.parse(answer).IDList;
}

/** Every number the list says was issued, per `UseFor` (device id). */
export function issuedPerDevice(tracks: readonly InvoiceIdTrack[]): Map<string, string[]> {
  const perDevice = new Map<string, string[]>();
  for (const track of tracks) {
    for (const segment of track.Details) {
      const numbers = perDevice.get(segment.UseFor) ?? [];
      numbers.push(...issuedFromSegment(track.Word, segment));
      perDevice.set(segment.UseFor, numbers);
    }
  }
  return perDevice;
}

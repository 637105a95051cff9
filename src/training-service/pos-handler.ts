import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_KEY_HEADER,
  POS_OPERATIONS,
  RESULT_MESSAGES,
  type PosOperation,
  type PosResponse,
} from '../provider/pos-profile';
import { variantFor } from '../provider/variants';
import { INVOICE_MODE_MESSAGES } from '../provider/invoice-mode';
import { checkCredentials, posKeyPair, posKeyPairFor, readWrapper } from './auth';
import type { TrainingServiceConfig } from './config';
import type { FaultQueue } from './faults';
import { readJsonBody, sendJson } from './http-body';
import { issueOrder } from './issue';
import { checkOrderData } from './order-validation';
import { answerBefore, answerWithFault, faultWait, type FaultWaits } from './respond';
import type { TrainingStore } from './store';

export interface PosContext {
  config: TrainingServiceConfig;
  store: TrainingStore;
  faults: FaultQueue;
  /** The service clock (the configured offset applied). */
  now: () => Date;
  sleep: FaultWaits['sleep'];
  hold: FaultWaits['hold'];
}

/**
 * One POS operation, in the provider's order: the fault for this request, the `apiKey` header
 * (401; it picks the key pair, a device's own or the top-level one), the body (413/400), the
 * wrapper (400), signature and timestamp in that pair's space (StatusCode 0), the device of a
 * device's pair (StatusCode 0 `Device mismatch`), the order's business rules (StatusCode 0), then
 * the atomic issue, from a number segment of the order's DeviceID.
 */
export async function handlePos(
  req: IncomingMessage,
  res: ServerResponse,
  operation: PosOperation,
  context: PosContext,
): Promise<void> {
  const { config } = context;
  const variant = variantFor(config.variant);
  const fault = context.faults.take(POS_OPERATIONS[operation]);
  if (fault?.kind === 'delay-before') await faultWait(fault, context);
  if (answerBefore(res, fault, variant.toWireAnswer)) return;

  const header = req.headers[API_KEY_HEADER.toLowerCase()];
  const apiKey = typeof header === 'string' ? header : undefined;
  // Only the POS pairs: the seller's standard key gets the same 401 as any wrong key. A variant
  // without the header (SystemLead: the company's Salt is the whole authentication) checks the
  // signature against the company's pair, or a device's when a till still sends its key.
  const keys =
    posKeyPairFor(config, apiKey) ??
    (!variant.sendsApiKey && apiKey === undefined ? posKeyPair(config) : null);
  if (!keys) return sendJson(res, 401, { StatusCode: 0, ResultMessage: 'Invalid apiKey' });
  const body = await readJsonBody(req, config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { StatusCode: 0, ResultMessage: body.message });
  const wrapper = readWrapper(body.json);
  if (!wrapper.ok) return sendJson(res, 400, { StatusCode: 0, ResultMessage: wrapper.message });

  const now = context.now();
  const credentials = checkCredentials(wrapper.wrapper, config, context.store, now, keys);
  // Every answer after the wrapper in the variant's shape; `Data` read back to the profile's names.
  const answer = (body: PosResponse) =>
    answerWithFault(req, res, 200, variant.toWireAnswer(body), fault, context);
  const refuse = (message: string) => answer({ StatusCode: 0, ResultMessage: message });
  if (!credentials.ok) return refuse(credentials.message);

  const wire = variant.fromWireOrder(wrapper.wrapper.Data, { now, companyId: wrapper.wrapper.CompanyID });
  // A device's pair issues for that device only (profile §5): its settings are wrong otherwise,
  // whatever else the order says, so this comes before the order's own rules. The DeviceID is
  // read under the profile's name (the variant's `UseFor` mapped back).
  const mismatch =
    wire.ok && keys.deviceId !== undefined && wire.data.DeviceID !== keys.deviceId
      ? { ok: false as const, message: RESULT_MESSAGES.deviceMismatch }
      : null;
  const checked =
    mismatch ??
    (!wire.ok
      ? wire
      : checkOrderData(wire.data, {
          now,
          futureToleranceSeconds: config.timestampWindowSeconds,
          maxOrderAgeHours: config.maxOrderAgeHours,
        }));
  // Profile §7: an invoice-mode group's numbers are the till's own; no order issues from them.
  const order =
    checked.ok && context.store.invoiceMode.isInvoiceModeGroup(config.companyId, checked.order.DeviceID)
      ? { ok: false as const, message: INVOICE_MODE_MESSAGES.orderModeDevice }
      : checked;
  if (!order.ok) {
    // A refused order used its timestamp too (unless another request just took it).
    const fresh = context.store.useTimestamp(keys.timestampSpace, credentials.timestamp, now);
    return refuse(fresh ? order.message : RESULT_MESSAGES.timestampUsed);
  }

  // An upload fault marks the invoice this request issues (none when it is refused).
  const upload = context.faults.uploadModeFor(POS_OPERATIONS[operation]);
  const result = issueOrder(
    config,
    context.store,
    operation,
    order.order,
    { timestamp: credentials.timestamp, keys },
    now,
    upload.mode,
  );
  if (result.StatusCode === 1) upload.taken();
  return answer(result);
}

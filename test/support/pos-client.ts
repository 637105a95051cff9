import {
  buildRequestBody,
  POS_OPERATIONS,
  requestHeaders,
  toPosOrderData,
  type PosOperation,
  type PosOrderData,
} from '../../src/provider/pos-profile';
import { splitTax, taipeiDateTime, type PricedLine } from '../../src/shared/domain';

/**
 * A tiny POS client for tests: wraps and signs an order with the provider adapter's own functions
 * and POSTs it. The real client lives in src/main/invoice-service; this one also sends what a real
 * client never would (a chosen timestamp or signature, any `Data`, a raw body) to test the
 * service's refusals.
 */
export interface PosTarget {
  url: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
}

export interface PosCall {
  status: number;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  json: Record<string, unknown> | undefined;
}

export interface PosPostOptions {
  /** Epoch seconds; default: a fresh one from `freshTimestamp`. */
  timestamp?: string | number;
  signature?: string;
  companyId?: string;
  apiKey?: string | null;
  /** Sent as it is instead of the signed wrapper. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Abort after this long (default 30 s): a fetch whose connection is cut can hang without one. */
  timeoutMs?: number;
}

let lastTimestamp = 0;
/**
 * A timestamp no earlier call of this process used: a company may use each second once, so a
 * burst of calls walks forward from 250 s in the past (up to ~500 calls in any one burst).
 */
export function freshTimestamp(now: Date = new Date()): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  lastTimestamp = Math.max(lastTimestamp + 1, nowSeconds - 250);
  if (lastTimestamp > nowSeconds + 250) throw new Error('freshTimestamp: more than ~500 calls in one burst');
  return String(lastTimestamp);
}

export async function postOrder(
  target: PosTarget,
  operation: PosOperation,
  data: unknown,
  options: PosPostOptions = {},
): Promise<PosCall> {
  const companyId = options.companyId ?? target.companyId;
  const timestamp = String(options.timestamp ?? freshTimestamp());
  // The till's own wrapper and headers; `Data` may be anything, and a chosen signature replaces
  // the computed one, so the service's refusals can be tested.
  const signed = buildRequestBody(companyId, target.signingSecret, timestamp, data as PosOrderData);
  const body =
    options.rawBody ??
    JSON.stringify(options.signature === undefined ? signed : { ...signed, Signature: options.signature });
  const apiKey = options.apiKey === undefined ? target.apiKey : options.apiKey;
  const response = await fetch(`${target.url}${POS_OPERATIONS[operation]}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiKey !== null && requestHeaders(apiKey)),
      ...options.headers,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** POSTs to the service's verification channel. */
export async function postAdmin(
  url: string,
  adminToken: string,
  route: 'lookup' | 'faults' | 'faults/clear' | 'blanks' | 'clock',
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/_admin/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * POSTs to the admin channel of a core's embedded training service, with the random token of its
 * start (the core holds it; the well-known training token is refused there).
 */
export async function postCoreAdmin(
  core: { trainingAdmin(): Promise<{ url: string; adminToken: string } | null> },
  route: 'lookup' | 'faults' | 'faults/clear',
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const channel = await core.trainingAdmin();
  if (!channel) throw new Error('the core runs no training service (production mode)');
  return postAdmin(channel.url, channel.adminToken, route, body);
}

export interface SampleOrderOptions {
  /** Default: now. */
  at?: Date;
  lines?: PricedLine[];
  /** A buyer tax ID makes it a B invoice. */
  buyerTaxId?: string;
  overrides?: Partial<PosOrderData>;
}

/** A valid order built with the shared tax rules: consumer (C) unless a buyer tax ID is given. */
export function sampleOrder(billingNo: string, options: SampleOrderOptions = {}): PosOrderData {
  const lines = options.lines ?? [
    { name: '拿鐵咖啡', quantity: 2, unitPrice: 65, taxType: 'taxable' },
    { name: '司康', quantity: 1, unitPrice: 55, taxType: 'taxable' },
  ];
  const business = options.buyerTaxId !== undefined;
  const split = splitTax(lines, business ? 'B' : 'C');
  if (!split.ok) throw new Error(`sampleOrder: ${split.reason.en}`);
  return {
    ...toPosOrderData({
      orderNo: billingNo,
      invoiceDateTime: taipeiDateTime(options.at ?? new Date()),
      deviceId: 'T01',
      operation: 'order', // PrintMark Y, whichever operation a test sends the sample to
      ...split.amounts,
      ...(business && { buyerTaxId: options.buyerTaxId, buyerTitle: '測試股份有限公司' }),
    }),
    ...options.overrides,
  };
}

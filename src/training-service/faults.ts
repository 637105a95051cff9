import { POS_OPERATIONS } from '../provider/pos-profile';
import { STANDARD_OPERATIONS } from '../provider/standard-profile';

/**
 * Faults the verification channel can inject into the next POS requests, so that the till's
 * handling of every way a provider can misbehave is tested against a real socket.
 *   before anything is read or issued: delay-before, http-503-before, status-0
 *   after the issue is committed:      delay-after-commit, drop-after-commit, http-500-after-commit,
 *                                      not-json, no-print-data, no-qkey, no-qr-url, trickle
 * They apply to both APIs (POS and standard). A fault may name the operation it is for by its path
 * relative to its API (`/Append/Order`, `/Update/AllowanceInvoice`, without `/standard`); without
 * a path it takes the next request of either API.
 */
export const FAULT_KINDS = [
  'delay-before',
  'delay-after-commit',
  'drop-after-commit',
  'http-500-after-commit',
  'http-503-before',
  'not-json',
  'status-0',
  'no-print-data',
  'no-qkey',
  'no-qr-url',
  'trickle',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** Wait (delay-*) or total sending time (trickle). */
  ms: number;
  /** The `ResultMessage` of status-0. */
  message: string;
}

export interface FaultRequest extends Fault {
  count: number;
  /** Only requests to this operation take the fault; undefined: any request of either API. */
  path?: string;
}

/** The operation paths a fault may name: each API's paths, relative to that API's base URL. */
export const FAULT_PATHS: readonly string[] = [
  ...Object.values(POS_OPERATIONS),
  ...Object.values(STANDARD_OPERATIONS),
];

export const DEFAULT_FAULT_MS = 1000;
export const DEFAULT_FAULT_MESSAGE = 'Service temporarily unavailable (training fault)';
const MAX_FAULT_MS = 120_000;
const MAX_FAULT_COUNT = 10_000;

/** Reads `{kind, count, ms?, message?}`; a bad one gets a reason for HTTP 400. */
export function parseFaultRequest(
  body: unknown,
): { ok: true; fault: FaultRequest } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Body must be {"kind","count","ms"?,"message"?,"path"?}' };
  }
  const { kind, count, ms, message, path } = body as Record<string, unknown>;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    return {
      ok: false,
      message: `Unknown fault kind ${JSON.stringify(kind)}; known: ${FAULT_KINDS.join(', ')}`,
    };
  }
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > MAX_FAULT_COUNT) {
    return { ok: false, message: `count must be an integer from 1 to ${MAX_FAULT_COUNT}` };
  }
  if (
    ms !== undefined &&
    (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_FAULT_MS)
  ) {
    return { ok: false, message: `ms must be an integer from 0 to ${MAX_FAULT_MS}` };
  }
  if (
    message !== undefined &&
    (typeof message !== 'string' || message.length === 0 || message.length > 200)
  ) {
    return { ok: false, message: 'message must be a text of 1 to 200 characters' };
  }
  if (path !== undefined && (typeof path !== 'string' || !FAULT_PATHS.includes(path))) {
    return {
      ok: false,
      message: `Unknown operation path ${JSON.stringify(path)}; known: ${FAULT_PATHS.join(', ')}`,
    };
  }
  return {
    ok: true,
    fault: {
      kind: kind as FaultKind,
      count,
      ms: ms ?? DEFAULT_FAULT_MS,
      message: message ?? DEFAULT_FAULT_MESSAGE,
      ...(path !== undefined && { path }),
    },
  };
}

/**
 * Faults in the order they were asked for; each request takes the first one that is for it (one
 * naming its operation's path, or one naming none). A fault for another operation waits for its
 * own request, so that a test can aim at one step of a longer exchange.
 */
export class FaultQueue {
  private readonly queue: FaultRequest[] = [];

  add(fault: FaultRequest): void {
    this.queue.push({ ...fault });
  }

  /** The fault for the request to `path` (relative to its API) that just arrived, or null. */
  take(path?: string): Fault | null {
    const index = this.queue.findIndex((fault) => fault.path === undefined || fault.path === path);
    const fault = this.queue[index];
    if (!fault) return null;
    if (--fault.count === 0) this.queue.splice(index, 1);
    return { kind: fault.kind, ms: fault.ms, message: fault.message };
  }

  /** How many requests are still going to misbehave. */
  pending(): number {
    return this.queue.reduce((total, fault) => total + fault.count, 0);
  }

  clear(): void {
    this.queue.length = 0;
  }
}

/**
 * Faults the verification channel can inject into the next POS requests, so that the till's
 * handling of every way a provider can misbehave is tested against a real socket.
 *   before anything is read or issued: delay-before, http-503-before, status-0
 *   after the issue is committed:      delay-after-commit, drop-after-commit, http-500-after-commit,
 *                                      not-json, no-print-data, no-qkey, no-qr-url, trickle
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
}

export const DEFAULT_FAULT_MS = 1000;
export const DEFAULT_FAULT_MESSAGE = 'Service temporarily unavailable (training fault)';
const MAX_FAULT_MS = 120_000;
const MAX_FAULT_COUNT = 10_000;

/** Reads `{kind, count, ms?, message?}`; a bad one gets a reason for HTTP 400. */
export function parseFaultRequest(
  body: unknown,
): { ok: true; fault: FaultRequest } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Body must be {"kind","count","ms"?,"message"?}' };
  }
  const { kind, count, ms, message } = body as Record<string, unknown>;
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
  return {
    ok: true,
    fault: {
      kind: kind as FaultKind,
      count,
      ms: ms ?? DEFAULT_FAULT_MS,
      message: message ?? DEFAULT_FAULT_MESSAGE,
    },
  };
}

/** Faults in the order they were asked for; each POS request takes the next one. */
export class FaultQueue {
  private readonly queue: FaultRequest[] = [];

  add(fault: FaultRequest): void {
    this.queue.push({ ...fault });
  }

  /** The fault for the request that just arrived, or null. */
  take(): Fault | null {
    const head = this.queue[0];
    if (!head) return null;
    if (--head.count === 0) this.queue.shift();
    return { kind: head.kind, ms: head.ms, message: head.message };
  }

  /** How many requests are still going to misbehave. */
  pending(): number {
    return this.queue.reduce((total, fault) => total + fault.count, 0);
  }

  clear(): void {
    this.queue.length = 0;
  }
}

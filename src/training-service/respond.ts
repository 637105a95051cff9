import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PosResponse } from '../provider/pos-profile';
import type { Fault } from './faults';
import { sendJson } from './http-body';

/** A wait that the service's close() cuts short, so no timer outlives the service. */
export type Sleep = (ms: number) => Promise<void>;

/**
 * The waits a fault can make: `sleep` for its `ms`, `hold` until the test releases it (a held
 * fault, `Fault.hold`). close() ends both.
 */
export interface FaultWaits {
  sleep: Sleep;
  hold: () => Promise<void>;
}

/** The wait of a delay fault: held until released, or its `ms`. */
export function faultWait(fault: Fault, waits: FaultWaits): Promise<void> {
  return fault.hold ? waits.hold() : waits.sleep(fault.ms);
}

/** The success field each "missing field" fault leaves out. */
const DROPPED_FIELD = {
  'no-print-data': 'PrintDataString',
  'no-qkey': 'QKey',
  'no-qr-url': 'QrCodeUrl',
} as const satisfies Partial<Record<Fault['kind'], keyof PosResponse>>;

function sendText(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The body sent one byte at a time, spread over `ms`: a slow or stalling provider. Held: the first
 * half at once, then nothing until released, then the rest.
 */
async function trickle(res: ServerResponse, body: unknown, fault: Fault, waits: FaultWaits): Promise<void> {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  res.flushHeaders();
  if (fault.hold) {
    const half = Math.floor(bytes.length / 2);
    res.write(bytes.subarray(0, half));
    await waits.hold();
    if (!res.destroyed) res.end(bytes.subarray(half));
    return;
  }
  const { ms } = fault;
  const { sleep } = waits;
  const gap = ms / bytes.length;
  let owed = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (res.destroyed) return;
    res.write(bytes.subarray(i, i + 1));
    // Timers are not finer than a millisecond: sleep whenever a whole one has accrued.
    owed += gap;
    if (owed >= 1) {
      const wait = Math.floor(owed);
      owed -= wait;
      await sleep(wait);
    }
  }
  res.end();
}

/**
 * Answers a request with the outcome, as the fault taken for it (after the commit) says: late,
 * cut, HTTP 500, not JSON, a missing field, or trickled. Any answer: the POS API's in every
 * variant's shape, and the standard API's objects and arrays. The "missing field" faults
 * drop their POS field from an object answer; the standard API's answers have none of those
 * fields, so there they change nothing.
 */
export async function answerWithFault(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  fault: Fault | null,
  waits: FaultWaits,
): Promise<void> {
  switch (fault?.kind) {
    case 'delay-after-commit':
      await faultWait(fault, waits);
      return sendJson(res, status, body);
    case 'drop-after-commit':
      req.socket.destroy();
      return;
    case 'http-500-after-commit':
      return sendText(res, 500, 'text/plain; charset=utf-8', 'Internal Server Error');
    case 'not-json':
      // Claims JSON, as a broken gateway does; the client must not take it for an answer.
      return sendText(
        res,
        200,
        'application/json; charset=utf-8',
        '<html><body>502 Bad Gateway</body></html>',
      );
    case 'no-print-data':
    case 'no-qkey':
    case 'no-qr-url': {
      const field = DROPPED_FIELD[fault.kind];
      const drop = (value: unknown) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
        const { [field]: _dropped, ...rest } = value as Record<string, unknown>;
        return rest;
      };
      // A variant that answers with an array of one result (provider profile §6): from its element.
      if (Array.isArray(body) && body.length === 1) return sendJson(res, status, [drop(body[0])]);
      return sendJson(res, status, drop(body));
    }
    case 'trickle':
      return trickle(res, body, fault, waits);
    default:
      return sendJson(res, status, body);
  }
}

/** The before-anything faults: an answer in place of processing, or null to go on. */
export function answerBefore(
  res: ServerResponse,
  fault: Fault | null,
  shape: (response: PosResponse) => unknown = (response) => response,
): boolean {
  if (fault?.kind === 'http-503-before') {
    sendText(res, 503, 'text/plain; charset=utf-8', 'Service Unavailable');
    return true;
  }
  if (fault?.kind === 'status-0') {
    sendJson(res, 200, shape({ StatusCode: 0, ResultMessage: fault.message }));
    return true;
  }
  return false;
}

import { CLOUD_PRINT_OPERATIONS } from '../provider/cloud-print';
import { POS_OPERATIONS } from '../provider/pos-profile';
import { STANDARD_OPERATIONS } from '../provider/standard-profile';
import { INVOICE_MODE_OPERATIONS } from '../provider/invoice-mode';

/**
 * Faults the verification channel can inject into the next POS requests, so that the till's
 * handling of every way a provider can misbehave is tested against a real socket.
 *   before anything is read or issued: delay-before, http-503-before, status-0
 *   after the issue is committed:      delay-after-commit, drop-after-commit, http-500-after-commit,
 *                                      not-json, no-print-data, no-qkey, no-qr-url, trickle
 * They apply to both APIs (POS and standard). A fault may name the operation it is for by its path
 * relative to its API (`/Append/Order`, `/Update/AllowanceInvoice`, without `/standard`); without
 * a path it takes the next request of either API.
 *
 * The upload faults are different: they are not taken by a request but by the next `count`
 * INVOICES ISSUED (any POS operation, or only the one `path` names), which keep the fault for good
 * (the store records it as the invoice's upload mode). The request that issues such an invoice is
 * answered normally; a refused order takes none. Only a POS path may be named.
 *   upload-stuck:     AppendStatus stays `P`, ProcessStatus `I1` (waiting for upload) forever
 *   upload-suspended: AppendStatus stays `P`, ProcessStatus `IP` (upload suspended)
 */

/**
 * The faults that change a request's answer. `FaultKind` is theirs alone: a test that aims every
 * one of them at a request (a Record keyed by it) stays exact when upload faults are added.
 */
export const REQUEST_FAULT_KINDS = [
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
export type FaultKind = (typeof REQUEST_FAULT_KINDS)[number];

/** The faults that mark issued invoices instead of changing a request's answer. */
export const UPLOAD_FAULT_KINDS = ['upload-stuck', 'upload-suspended'] as const;
export type UploadFaultKind = (typeof UPLOAD_FAULT_KINDS)[number];

/** Every kind the admin channel takes. */
export const FAULT_KINDS = [...REQUEST_FAULT_KINDS, ...UPLOAD_FAULT_KINDS] as const;
export type AnyFaultKind = (typeof FAULT_KINDS)[number];

const isUploadFault = (kind: AnyFaultKind): kind is UploadFaultKind =>
  (UPLOAD_FAULT_KINDS as readonly string[]).includes(kind);

/**
 * How an invoice's simulated upload goes (stored per invoice): `normal` moves P → U → C with the
 * service clock; `stuck` and `suspended` stay `P` (see the upload faults above).
 */
export type UploadMode = 'normal' | 'stuck' | 'suspended';
const UPLOAD_MODE: Readonly<Record<UploadFaultKind, UploadMode>> = {
  'upload-stuck': 'stuck',
  'upload-suspended': 'suspended',
};

export interface Fault {
  kind: FaultKind;
  /** Wait (delay-*) or total sending time (trickle). */
  ms: number;
  /**
   * Instead of `ms`, wait until the test releases it (`TrainingService.release`): delay-* waits
   * there, trickle sends half its body and waits. A test then forces the order of events (the
   * answer after the till gave up, or before) instead of racing a timer against the till's.
   */
  hold: boolean;
  /** The `ResultMessage` of status-0. */
  message: string;
}

export interface FaultRequest extends Omit<Fault, 'kind' | 'hold'> {
  kind: AnyFaultKind;
  hold?: boolean;
  count: number;
  /** Only requests to this operation take the fault; undefined: any request of either API. */
  path?: string;
}

/** The operation paths a fault may name: each API's paths, relative to that API's base URL. */
export const FAULT_PATHS: readonly string[] = [
  ...Object.values(POS_OPERATIONS),
  ...Object.values(STANDARD_OPERATIONS),
  ...Object.values(INVOICE_MODE_OPERATIONS),
  ...Object.values(CLOUD_PRINT_OPERATIONS),
];

/**
 * The fault `unreachable`: not a request's answer but the whole service refusing connections
 * (its listener closed, ECONNREFUSED) for `ms`, then listening again on the same port. Asked as
 * `{"kind":"unreachable","ms"}` on the faults route; in-process tests switch it with
 * `TrainingService.unreachable()` / `reachable()` instead of a timer.
 */
export const UNREACHABLE_FAULT = 'unreachable';
/** The longest outage the admin channel takes: a day (an outage drill of N minutes fits). */
export const MAX_UNREACHABLE_MS = 86_400_000;

/** Reads `{"kind":"unreachable","ms"}`; null when the body is another fault. */
export function parseUnreachable(
  body: unknown,
): { ok: true; ms: number } | { ok: false; message: string } | null {
  if (typeof body !== 'object' || body === null || (body as { kind?: unknown }).kind !== UNREACHABLE_FAULT) {
    return null;
  }
  const { ms } = body as { ms?: unknown };
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 1 || ms > MAX_UNREACHABLE_MS) {
    return { ok: false, message: `unreachable takes ms, an integer from 1 to ${MAX_UNREACHABLE_MS}` };
  }
  return { ok: true, ms };
}

export const DEFAULT_FAULT_MS = 1000;
/** The faults that wait, and so can be held until released instead of timed. */
export const HOLDABLE_KINDS = ['delay-before', 'delay-after-commit', 'trickle'] as const;
export const DEFAULT_FAULT_MESSAGE = 'Service temporarily unavailable (training fault)';
const MAX_FAULT_MS = 120_000;
const MAX_FAULT_COUNT = 10_000;

/** Reads `{kind, count, ms?, message?}`; a bad one gets a reason for HTTP 400. */
export function parseFaultRequest(
  body: unknown,
): { ok: true; fault: FaultRequest } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Body must be {"kind","count","ms"?,"hold"?,"message"?,"path"?}' };
  }
  const { kind, count, ms, message, path, hold } = body as Record<string, unknown>;
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
  if (hold !== undefined && typeof hold !== 'boolean')
    return { ok: false, message: 'hold must be true or false' };
  if (hold === true && !(HOLDABLE_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: `hold applies to ${HOLDABLE_KINDS.join(', ')} only` };
  }
  // Only the POS operations issue invoices: an upload fault aimed elsewhere would never be taken.
  const posPaths: readonly string[] = Object.values(POS_OPERATIONS);
  if (isUploadFault(kind as AnyFaultKind) && path !== undefined && !posPaths.includes(path as string)) {
    return {
      ok: false,
      message: `${kind} applies to issued invoices: path must be one of ${posPaths.join(', ')}`,
    };
  }
  return {
    ok: true,
    fault: {
      kind: kind as AnyFaultKind,
      count,
      ms: ms ?? DEFAULT_FAULT_MS,
      ...(hold === true && { hold: true }),
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

  /**
   * The fault for the request to `path` (relative to its API) that just arrived, or null. Upload
   * faults wait for an issue (`uploadModeFor`), whatever their place in the queue.
   */
  take(path?: string): Fault | null {
    const index = this.queue.findIndex(
      (fault) => !isUploadFault(fault.kind) && (fault.path === undefined || fault.path === path),
    );
    const fault = this.queue[index];
    if (!fault || isUploadFault(fault.kind)) return null;
    if (--fault.count === 0) this.queue.splice(index, 1);
    return { kind: fault.kind, ms: fault.ms, hold: fault.hold === true, message: fault.message };
  }

  /**
   * The upload mode of an invoice about to be issued at POS `path`, with `taken()` to call once it
   * is issued (so that a refused order does not use up the fault). The issue is synchronous, so
   * nothing else takes the same fault between the two.
   */
  uploadModeFor(path: string): { mode: UploadMode; taken(): void } {
    const index = this.queue.findIndex(
      (fault) => isUploadFault(fault.kind) && (fault.path === undefined || fault.path === path),
    );
    const fault = this.queue[index];
    if (!fault || !isUploadFault(fault.kind)) return { mode: 'normal', taken: () => {} };
    return {
      mode: UPLOAD_MODE[fault.kind],
      taken: () => {
        if (--fault.count === 0) this.queue.splice(this.queue.indexOf(fault), 1);
      },
    };
  }

  /** How many requests are still going to misbehave. */
  pending(): number {
    return this.queue.reduce((total, fault) => total + fault.count, 0);
  }

  clear(): void {
    this.queue.length = 0;
  }
}

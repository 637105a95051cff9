import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One HTTP POST with a hard deadline, telling apart the two failures that matter for an invoice:
 * the connection never opened (nothing can have reached the service: safe to try again) and the
 * request went out, then something failed (the service may have issued: verify, never resend).
 * A fresh connection per request (no keep-alive pool), so a reused socket that the server had
 * already closed can never turn a harmless "not sent" into an "unknown".
 */
export type TransportResult =
  | {
      kind: 'response';
      status: number;
      body: string;
      elapsedMs: number;
      /** The answer's HTTP `Date` header (the service's clock), when it sent a valid one. */
      serverDate?: string;
    }
  | { kind: 'not-sent'; reason: string; elapsedMs: number }
  | { kind: 'failed-after-send'; reason: string; elapsedMs: number };

export interface PostOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole exchange, connect to last byte of the answer. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** An answer larger than this is not an e-invoice result; it is read as unreadable. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export function postJson(options: PostOptions): Promise<TransportResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      resolve({ kind: 'not-sent', reason: `invalid URL`, elapsedMs: 0 });
      return;
    }
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      resolve({ kind: 'not-sent', reason: `unsupported protocol ${url.protocol}`, elapsedMs: 0 });
      return;
    }
    const payload = Buffer.from(options.body, 'utf8');
    let connected = false;
    let settled = false;
    let req: ClientRequest | null = null;

    const finish = (result: TransportResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const fail = (reason: string) => {
      finish(
        connected
          ? { kind: 'failed-after-send', reason, elapsedMs: elapsed() }
          : { kind: 'not-sent', reason, elapsedMs: elapsed() },
      );
      req?.destroy();
    };
    const timer = setTimeout(
      () =>
        fail(
          connected
            ? `no complete answer within ${options.timeoutMs} ms`
            : `connect timeout ${options.timeoutMs} ms`,
        ),
      options.timeoutMs,
    );
    const onAbort = () => fail('aborted');
    if (options.signal?.aborted) {
      fail('aborted');
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const make = secure ? httpsRequest : httpRequest;
    req = make(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...options.headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(payload.length),
        connection: 'close',
      },
    });
    req.on('socket', (socket) => {
      // For TLS, bytes of the request go out only after the handshake.
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        connected = true;
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    req.on('response', (res: IncomingMessage) => {
      connected = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          // Too big to be ours: keep what makes it unreadable, not the bytes.
          finish({ kind: 'response', status: res.statusCode ?? 0, body: '', elapsedMs: elapsed() });
          req?.destroy();
          return;
        }
        chunks.push(chunk);
      });
      const serverDate = res.headers.date;
      res.on('end', () =>
        finish({
          kind: 'response',
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          elapsedMs: elapsed(),
          ...(typeof serverDate === 'string' && serverDate.length <= 64 ? { serverDate } : {}),
        }),
      );
      res.on('aborted', () => fail('answer cut off'));
      res.on('close', () => {
        if (!res.complete) fail('answer cut off');
      });
      res.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    });
    req.end(payload);
  });
}

/**
 * The service's clock minus ours, in whole seconds, from an answer's `Date` header; null when
 * there was no answer or no readable header. Every client reads a wrong clock this one way.
 */
export function clockOffsetSeconds(result: TransportResult, nowSeconds: number): number | null {
  if (result.kind !== 'response' || !result.serverDate) return null;
  const serverMs = Date.parse(result.serverDate);
  return Number.isFinite(serverMs) ? Math.round(serverMs / 1000) - nowSeconds : null;
}

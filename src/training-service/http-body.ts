import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reading a request body defensively: a size cap, UTF-8 only, JSON only, bounded nesting. Every
 * refusal is an HTTP status with a reason; nothing here throws on bad input.
 */
export type BodyRead = { ok: true; json: unknown } | { ok: false; status: 400 | 413; message: string };

/** Deeper than any order needs; keeps recursive code downstream far from the stack limit. */
export const MAX_JSON_DEPTH = 32;

/** Past this much, the rest of an oversized body is not even drained: the connection is cut. */
const DRAIN_FACTOR = 8;

export class RequestAborted extends Error {}

/** Reads at most `maxBytes`; an oversized body is drained (so the client sees the 413) and dropped. */
function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    // The client hung up while the request waited (a delay fault): 'close' has already fired and
    // would never reach the listeners below, leaving the request pending for good.
    if (req.destroyed) {
      reject(new RequestAborted('request aborted before its body was read'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > maxBytes * DRAIN_FACTOR) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', () => reject(new RequestAborted('request failed while reading')));
    req.on('close', () => {
      if (!req.complete) reject(new RequestAborted('request aborted'));
    });
  });
}

/** Nesting depth of a JSON text, counted without parsing (brackets inside strings do not count). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  // A declared size over the cap is refused before a byte of the body is read: the client need
  // not send megabytes to learn the answer. The connection closes after it (the body is unread).
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    req.resume();
    return { ok: false, status: 413, message: `Body is larger than ${maxBytes} bytes` };
  }
  const encoding = req.headers['content-encoding'];
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
  const bytes = await readBytes(req, maxBytes);
  if (bytes === 'too-large')
    return { ok: false, status: 413, message: `Body is larger than ${maxBytes} bytes` };
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return { ok: false, status: 400, message: `Content-Encoding ${encoding} is not supported` };
  }
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    return { ok: false, status: 400, message: `Body must be UTF-8 JSON (charset ${charset} given)` };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: 'Body is not valid UTF-8' };
  }
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    return { ok: false, status: 400, message: `Body is nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'Body is not JSON' };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    // A refused upload may still be arriving: do not read it, close after the answer.
    ...(status === 413 ? { connection: 'close' } : {}),
  });
  res.end(text);
}

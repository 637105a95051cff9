import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import ts from 'typescript';
import type { TillCore } from '../main/app/create-core';

/**
 * The development and test host: the same main-process core in plain Node, the built renderer,
 * and the IPC contract over HTTP + SSE. Loopback only, every call needs the random token.
 * Never packaged (electron-builder ships out/ only, and this folder is not built into it).
 */
export interface WebHostOptions {
  core: TillCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
}

export interface WebHost {
  url: string;
  /** The address to open: carries the token once; the page moves it to sessionStorage. */
  openUrl: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const bridgeScript = ts.transpileModule(
  readFileSync(join(import.meta.dirname, 'browser-bridge.ts'), 'utf8'),
  {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  },
).outputText;

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(24).toString('hex');
  const sseClients = new Set<ServerResponse>();
  let port = 0;

  const unsubscribe = options.core.events.subscribe((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const client of sseClients) client.write(frame);
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('web host: request failed', error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A page on another site must not reach the till through a rebound DNS name.
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      return send(res, 421, 'text/plain; charset=utf-8', 'wrong host');
    }
    const url = new URL(req.url ?? '/', `http://${host}`);

    if (url.pathname.startsWith('/__till/call/') && req.method === 'POST') {
      if (!hasToken(bearerToken(req.headers.authorization), token)) {
        return sendJson(res, 401, forbidden);
      }
      const body = await readBody(req);
      if (body === null) {
        res.setHeader('connection', 'close');
        return sendJson(res, 413, tooLarge);
      }
      let payload: unknown;
      try {
        payload = body.length === 0 ? {} : JSON.parse(body);
      } catch {
        return sendJson(res, 400, notJson);
      }
      // A name that does not decode is no contract method either: dispatch says so.
      const name = url.pathname.slice('/__till/call/'.length);
      const method = decodedPath(name) ?? name;
      return sendJson(res, 200, await options.core.dispatch(method, payload, { host: 'web' }));
    }

    if (url.pathname === '/__till/events' && req.method === 'GET') {
      if (!hasToken(url.searchParams.get('token') ?? undefined, token)) return sendJson(res, 401, forbidden);
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      sseClients.add(res);
      req.on('close', () => sseClients.delete(res));
      return;
    }

    if (url.pathname === '/__till/bridge.js') {
      return send(res, 200, MIME['.js']!, bridgeScript);
    }

    if (req.method !== 'GET') return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed');
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const decoded = decodedPath(pathname);
    if (decoded === null) return send(res, 400, 'text/plain; charset=utf-8', 'bad path');
    // `/customer` is the customer display: the same page (and token), which renders only that.
    const relative =
      pathname === '/' || pathname === '/customer' ? 'index.html' : decoded.replace(/^\/+/, '');
    const file = normalize(join(options.rendererDir, relative));
    if (!file.startsWith(normalize(options.rendererDir) + sep)) {
      return send(res, 403, 'text/plain; charset=utf-8', 'forbidden');
    }
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'not found');
    }
    if (relative === 'index.html') {
      // The bridge must define window.till before the renderer's module runs.
      const html = content
        .toString('utf8')
        .replace('<head>', '<head>\n    <script src="/__till/bridge.js"></script>');
      return send(res, 200, MIME['.html']!, html);
    }
    return send(res, 200, MIME[extname(file)] ?? 'application/octet-stream', content);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;

  return {
    url,
    openUrl: `${url}?token=${token}`,
    token,
    async close() {
      unsubscribe();
      for (const client of sseClients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const forbidden = {
  ok: false,
  error: { code: 'forbidden', message: { zh: '連線未授權', en: 'Not authorized: wrong or missing token' } },
};
const tooLarge = {
  ok: false,
  error: { code: 'invalid-input', message: { zh: '資料過大', en: 'Request body too large' } },
};
const notJson = {
  ok: false,
  error: { code: 'invalid-input', message: { zh: '資料不是 JSON 格式', en: 'Request body is not JSON' } },
};

/** The token of `Authorization: Bearer <token>`, the documented form only (a bare token is none). */
function bearerToken(header: string | undefined): string | undefined {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

function hasToken(given: string | undefined, expected: string): boolean {
  // Compared as bytes: a token of the right length in characters but not in bytes (non-ASCII)
  // would make timingSafeEqual throw.
  const givenBytes = Buffer.from(given ?? '');
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

/** A URL path's text, or null when its percent escapes are malformed. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The body as text, or null when it is over the limit: then the caller answers 413 and the
 * connection closes after the answer. (Destroying the request here cut the socket before the 413
 * could be read: the caller saw an empty reply.)
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        resolve(null); // the rest is read and dropped until the answer goes out
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin';
import { CONTENT_SECURITY_POLICY } from './csp';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/**
 * The `app://till/` protocol: the built renderer's files, each with the CSP header. Nothing
 * outside `rootDir` is served, whatever the path says.
 */
export function createAppProtocolHandler(
  rootDir: string,
  /** Pages the shell makes itself (the recovery page), by path: they answer before any file. */
  pages: Readonly<Record<string, () => string>> = {},
): (request: Request) => Promise<Response> {
  const root = normalize(rootDir);
  const made = new Map(Object.entries(pages));
  return async (request) => {
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    } catch {
      return plain(400, 'bad path');
    }
    const page = made.get(url.pathname);
    if (page)
      return new Response(request.method === 'HEAD' ? null : page(), {
        status: 200,
        headers: securityHeaders(MIME['.html']!),
      });
    if (relative === '') relative = 'index.html';
    const file = normalize(join(root, relative));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || relative.includes('\0'))
      return plain(403, 'forbidden');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return plain(404, 'not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: securityHeaders(MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'),
    });
  };
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: securityHeaders('text/plain; charset=utf-8') });
}

import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, postJson } from '../../../src/main/invoice-service/transport';

/**
 * The transport over real sockets on 127.0.0.1: what it answers decides between "safe to try
 * again" (the connection never opened) and "verify first" (the request may have arrived).
 */
const servers: Array<Server | HttpServer> = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function listen<T extends Server | HttpServer>(server: T): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw TCP server: reads the request, then does what `act` says with the socket. */
function raw(act: (socket: Socket, request: string) => void): Promise<string> {
  return listen(
    createServer((socket) => {
      let request = '';
      socket.on('data', (chunk) => {
        request += chunk.toString();
        if (request.includes('\r\n\r\n') && request.endsWith('}')) act(socket, request);
      });
      socket.on('error', () => {});
    }),
  );
}

const post = (url: string, timeoutMs = 1000, signal?: AbortSignal) =>
  postJson({
    url: `${url}/Append/Order`,
    headers: { apiKey: 'k' },
    body: '{"a":1}',
    timeoutMs,
    ...(signal ? { signal } : {}),
  });

describe('transport', () => {
  it('returns status and body of an answer, with the request as sent', async () => {
    let seen: { headers: Record<string, unknown>; body: string } | null = null;
    const url = await listen(
      createHttpServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen = { headers: req.headers, body };
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end('{"ok":true}');
        });
      }),
    );
    const result = await post(url);
    expect(result).toMatchObject({ kind: 'response', status: 201, body: '{"ok":true}' });
    expect(seen!.body).toBe('{"a":1}');
    expect(seen!.headers).toMatchObject({ apikey: 'k', 'content-type': 'application/json; charset=utf-8' });
  });

  it('connection refused: not sent', async () => {
    const server = createServer();
    const url = await listen(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    servers.pop();
    expect(await post(url)).toMatchObject({ kind: 'not-sent', reason: 'ECONNREFUSED' });
  });

  it('an address that is not http(s) or not a URL: not sent', async () => {
    expect(await post('ftp://127.0.0.1:1')).toMatchObject({ kind: 'not-sent' });
    expect(await post('not a url')).toMatchObject({ kind: 'not-sent' });
  });

  it('reset after the request arrived: failed after send', async () => {
    const url = await raw((socket) => socket.resetAndDestroy());
    expect(await post(url)).toMatchObject({ kind: 'failed-after-send' });
  });

  it('closed without an answer: failed after send', async () => {
    const url = await raw((socket) => socket.end());
    expect(await post(url)).toMatchObject({ kind: 'failed-after-send' });
  });

  it('no answer within the deadline: failed after send', async () => {
    const url = await raw(() => {});
    const result = await post(url, 300);
    expect(result).toMatchObject({ kind: 'failed-after-send', reason: 'no complete answer within 300 ms' });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(290);
  });

  it('an answer cut off in the middle of its body: failed after send', async () => {
    const url = await raw((socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"StatusCode":1',
      );
      setTimeout(() => socket.destroy(), 20);
    });
    expect(await post(url)).toMatchObject({ kind: 'failed-after-send' });
  });

  it('an answer larger than any result is read as an empty (unreadable) answer', async () => {
    const url = await listen(
      createHttpServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200);
          res.end(Buffer.alloc(MAX_RESPONSE_BYTES + 10, 'a'));
        });
      }),
    );
    expect(await post(url)).toMatchObject({ kind: 'response', status: 200, body: '' });
  });

  it('an abort after sending: failed after send; before: not sent', async () => {
    const url = await raw(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await post(url, 5000, controller.signal)).toMatchObject({
      kind: 'failed-after-send',
      reason: 'aborted',
    });
    const aborted = new AbortController();
    aborted.abort();
    expect(await post(url, 5000, aborted.signal)).toMatchObject({ kind: 'not-sent', reason: 'aborted' });
  });
});

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTillWebHost } from '../../../src/web-host/start';
import { makeTempDir } from '../../support/temp-dir';

describe('web host: the IPC contract over loopback HTTP', () => {
  const temp = makeTempDir('web-host');
  let till: Awaited<ReturnType<typeof startTillWebHost>>;

  beforeAll(async () => {
    till = await startTillWebHost({ dataDir: temp.dir, logger: { info() {}, warn() {}, error() {} } });
  });
  afterAll(async () => {
    await till.close();
    temp.remove();
  });

  const call = (method: string, body: unknown, token = till.host.token) =>
    fetch(`${till.host.url}__till/call/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('listens on 127.0.0.1 only', () => {
    expect(till.host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers a contract method with the core status', async () => {
    const response = await call('app.status', {});
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ ok: true, value: { mode: 'training', tillId: 'T01', host: 'web' } });
  });

  it('refuses a call without the right token', async () => {
    const response = await call('app.status', {}, 'x'.repeat(48));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('forbidden');
  });

  it('accepts the token only as documented, `Authorization: Bearer <token>`', async () => {
    const token = till.host.token;
    for (const authorization of [token, `bearer ${token}`, `Basic ${token}`, `Bearer  ${token}`]) {
      const response = await fetch(`${till.host.url}__till/call/app.status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: '{}',
      });
      expect(response.status, authorization.replace(token, '<token>')).toBe(401);
      expect((await response.json()).error.code).toBe('forbidden');
    }
    expect((await call('app.status', {})).status).toBe(200);
  });

  it('refuses a token of the right length whose bytes are not (non-ASCII), as any wrong token', async () => {
    const wrong = 'é'.repeat(till.host.token.length);
    expect((await call('app.status', {}, wrong)).status).toBe(401);
    const events = await fetch(`${till.host.url}__till/events?token=${encodeURIComponent(wrong)}`);
    expect(events.status).toBe(401);
    expect((await events.json()).error.code).toBe('forbidden');
  });

  it('refuses a rebound host name', async () => {
    // fetch() always sends the URL's host, so a raw request plays the rebinding page.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${till.host.url}__till/call/app.status`,
        { method: 'POST', headers: { host: 'evil.example', authorization: `Bearer ${till.host.token}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('rejects a malformed payload with a clear bilingual validation error', async () => {
    const result = await (await call('settings.verifyPin', { pin: 42 })).json();
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('invalid-input');
    expect(result.error.issues[0]).toMatch(/^pin: /);
    expect(result.error.message.zh).toContain('資料格式不正確');
  });

  it('answers a body over 1 MB with 413 (declared, or streamed without a length), not an empty reply', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await call('app.status', big);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBeDefined();
    // Chunked: no Content-Length, the limit is found while reading.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${till.host.url}__till/call/app.status`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${till.host.token}` },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 9; i++) req.write('x'.repeat(128 * 1024));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).ok).toBe(false);
    // The host is still there.
    expect((await call('app.status', {})).status).toBe(200);
  });

  it('rejects a body that is not JSON and an unknown method', async () => {
    expect((await call('settings.verifyPin', '{not json')).status).toBe(400);
    const result = await (await call('app.nope', {})).json();
    expect(result.error.code).toBe('unknown-method');
    const undecodable = await call('app.%E0%A4%A', {});
    expect(undecodable.status).toBe(200);
    expect((await undecodable.json()).error.code).toBe('unknown-method');
  });

  it('serves the renderer with the bridge script injected first', async () => {
    const html = await (await fetch(till.host.url)).text();
    expect(html.indexOf('/__till/bridge.js')).toBeGreaterThan(-1);
    expect(html.indexOf('/__till/bridge.js')).toBeLessThan(html.indexOf('type="module"'));
    expect((await fetch(`${till.host.url}..%2f..%2fpackage.json`)).status).not.toBe(200);
    expect((await fetch(`${till.host.url}%E0%A4%A`)).status).toBe(400);
  });

  it('pushes events to an SSE client', async () => {
    const controller = new AbortController();
    const response = await fetch(`${till.host.url}__till/events?token=${till.host.token}`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    await reader.read(); // the ': connected' comment
    const status = (await (await call('app.status', {})).json()).value;
    till.core.events.publish('app.status-changed', status);
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"event":"app.status-changed"');
    controller.abort();
  });
});

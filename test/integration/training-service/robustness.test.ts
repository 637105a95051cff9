import Database from 'better-sqlite3';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, signRequest } from '../../../src/provider/pos-profile';
import { STORE_FILE } from '../../../src/training-service';
import { freshTimestamp, sampleOrder } from '../../support/pos-client';
import { startService, type RunningService } from './harness';

// Bad input never crashes the service nor corrupts its state.
describe('training service: bad input', () => {
  let svc: RunningService;
  let n = 0;
  let lastNumber = -1;

  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc.dispose();
  });

  /** A normal order still works and takes the very next number. */
  async function stillServes(): Promise<void> {
    const result = await svc.post('order', sampleOrder(`ROB-${++n}`));
    expect(result.json).toMatchObject({ StatusCode: 1 });
    const number = Number(String(result.json!.InvoiceNumber).slice(2));
    if (lastNumber >= 0) expect(number).toBe(lastNumber + 1);
    lastNumber = number;
  }

  const wrapperText = (data: string) => {
    const timestamp = freshTimestamp();
    const signature = signRequest(svc.config.companyId, svc.config.signingSecret, timestamp);
    return `{"CompanyID":"${svc.config.companyId}","Timestamp":"${timestamp}","Signature":"${signature}","Data":${data}}`;
  };
  const postRaw = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(`${svc.service.url}/Append/Order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: svc.config.apiKey, ...headers },
      body,
      signal: AbortSignal.timeout(30_000),
    });

  it('serves a normal order first', async () => {
    await stillServes();
  });

  it('refuses a body over 1 MiB with 413, with or without a Content-Length', async () => {
    const huge = wrapperText(JSON.stringify({ ...sampleOrder(`ROB-BIG`), Note: 'x'.repeat(1024 * 1024) }));
    const sized = await postRaw(huge);
    expect(sized.status).toBe(413);
    expect(await sized.json()).toEqual({ StatusCode: 0, ResultMessage: 'Body is larger than 1048576 bytes' });

    const bytes = new TextEncoder().encode(huge);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024)
          controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(`${svc.service.url}/Append/Order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: svc.config.apiKey },
      body: stream,
      duplex: 'half',
      signal: AbortSignal.timeout(30_000),
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await svc.lookup('ROB-BIG')).toEqual({ found: false });
    await stillServes();
  });

  it('cuts a body far over the cap instead of reading it all', async () => {
    const outcome = await postRaw(new Uint8Array(12 * 1024 * 1024).fill(0x20)).then(
      (response) => response.status,
      () => 'cut',
    );
    expect([413, 'cut']).toContain(outcome);
    await stillServes();
  });

  it('refuses deeply nested JSON with 400, anywhere in the body', async () => {
    const deep = await postRaw('['.repeat(200_000) + ']'.repeat(200_000));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      StatusCode: 0,
      ResultMessage: 'Body is nested deeper than 32 levels',
    });
    const inNote = await postRaw(wrapperText(`{"Note":${'['.repeat(40)}${']'.repeat(40)}}`));
    expect(inNote.status).toBe(400);
    // Brackets inside strings are text, not nesting.
    const inText = await postRaw(
      wrapperText(JSON.stringify({ ...sampleOrder(`ROB-${++n}`), Note: '[[[[['.repeat(20) })),
    );
    expect(await inText.json()).toMatchObject({ StatusCode: 1 });
    lastNumber++;
    await stillServes();
  });

  it('refuses bytes that are not UTF-8, other charsets and compressed bodies with 400', async () => {
    const text = wrapperText(JSON.stringify(sampleOrder(`ROB-UTF-${++n}`)));
    const at = text.indexOf('消費者');
    const prefix = new TextEncoder().encode(text.slice(0, at));
    const suffix = new TextEncoder().encode(text.slice(at));
    for (const bad of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe6, 0xb6]]) {
      const body = new Uint8Array([...prefix, ...bad, ...suffix]);
      const response = await postRaw(body);
      expect(response.status, `bytes ${bad}`).toBe(400);
      expect(await response.json()).toEqual({ StatusCode: 0, ResultMessage: 'Body is not valid UTF-8' });
    }
    const big5 = await postRaw(text, { 'content-type': 'application/json; charset=big5' });
    expect(big5.status).toBe(400);
    expect(await big5.json()).toEqual({
      StatusCode: 0,
      ResultMessage: 'Body must be UTF-8 JSON (charset big5 given)',
    });
    const gzip = await postRaw(text, { 'content-encoding': 'gzip' });
    expect(gzip.status).toBe(400);
    expect(await svc.lookup(`ROB-UTF-${n}`)).toEqual({ found: false });
    await stillServes();
  });

  it('refuses JSON that is not the wrapper, and odd values inside it, without a crash', async () => {
    for (const body of ['null', '42', '"text"', 'true', '']) {
      expect((await postRaw(body)).status, body).toBe(400);
    }
    const odd: Array<[string, string]> = [
      ['{"__proto__":{"BillingNo":"X"}}', 'BillingNo is required'],
      ['{"constructor":{"prototype":{}},"BillingNo":{"toString":1}}', 'BillingNo must be a string'],
      [
        JSON.stringify({ ...sampleOrder('ROB-INF'), TotalAmount: 0 }).replace(
          '"TotalAmount":0',
          '"TotalAmount":1e400',
        ),
        'TotalAmount must be a whole number of NT$',
      ],
      [
        JSON.stringify({ ...sampleOrder('ROB-LEN'), Details: { length: 2 } }),
        'Details must have at least one line',
      ],
      [
        JSON.stringify({ ...sampleOrder('ROB-NAME'), BuyerName: '名'.repeat(5000) }),
        'BuyerName is longer than 60 characters',
      ],
      [
        JSON.stringify({ ...sampleOrder('ROB-NUL'), BillingNo: 'A\u0000B' }),
        'BillingNo must be printable ASCII without spaces',
      ],
    ];
    for (const [data, message] of odd) {
      const response = await postRaw(wrapperText(data));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ StatusCode: 0, ResultMessage: message });
    }
    await stillServes();
  });

  it('survives malformed HTTP and a client that hangs up in the middle of a body', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(svc.service.port, '127.0.0.1', () => socket.write(text));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
        setTimeout(() => socket.destroy(), 2000);
      });
    expect(await raw('GARBAGE / NOTHTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    const half = wrapperText(JSON.stringify(sampleOrder(`ROB-HALF-${++n}`)));
    await new Promise<void>((resolve) => {
      const socket = connect(svc.service.port, '127.0.0.1', () => {
        socket.write(
          `POST /Append/Order HTTP/1.1\r\nhost: 127.0.0.1:${svc.service.port}\r\ncontent-type: application/json\r\napikey: ${svc.config.apiKey}\r\ncontent-length: ${Buffer.byteLength(half)}\r\n\r\n${half.slice(0, 100)}`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    expect(await svc.lookup(`ROB-HALF-${n}`)).toEqual({ found: false });
    await stillServes();
  });

  /** Writes `head` on a raw socket and resolves with the answer's first line (the body is never sent). */
  const firstLine = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(svc.service.port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n')) {
          resolve(answer.slice(0, answer.indexOf('\r\n')));
          socket.destroy();
        }
      });
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`closed without an answer: ${JSON.stringify(answer)}`)));
    });

  it('answers a declared Content-Length over the cap with 413 before any of the body is sent', async () => {
    // 50 MB announced, not a byte of it written: the answer must not wait for the body.
    const line = await firstLine(
      `POST /Append/Order HTTP/1.1\r\nhost: 127.0.0.1:${svc.service.port}\r\ncontent-type: application/json\r\n` +
        `apikey: ${svc.config.apiKey}\r\ncontent-length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    expect(line).toBe('HTTP/1.1 413 Payload Too Large');
    await stillServes();
  });

  it("refuses a Host header that is not this machine's name for the service, the admin channel too", async () => {
    const body = wrapperText(JSON.stringify(sampleOrder(`ROB-HOST-${++n}`)));
    const request = (host: string, path = '/Append/Order') =>
      firstLine(
        `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\napikey: ${svc.config.apiKey}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    expect(await request(`rebind.example:${svc.service.port}`)).toMatch(/^HTTP\/1\.1 421/);
    expect(await request('127.0.0.1.rebind.example')).toMatch(/^HTTP\/1\.1 421/);
    expect(await request(`rebind.example:${svc.service.port}`, '/_admin/lookup')).toMatch(/^HTTP\/1\.1 421/);
    expect(await svc.lookup(`ROB-HOST-${n}`)).toEqual({ found: false });
    // The machine's own names are fine.
    expect(await request(`localhost:${svc.service.port}`)).toBe('HTTP/1.1 200 OK');
    expect(await svc.lookup(`ROB-HOST-${n}`)).toMatchObject({ found: true });
    lastNumber++;
  });

  it('keeps its database intact through all of that', async () => {
    const db = new Database(join(svc.dataDir, STORE_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const count = db.prepare('SELECT count(*) AS n FROM invoices').get() as { n: number };
      expect(count.n).toBe(lastNumber + 1);
    } finally {
      db.close();
    }
  });

  it('listens on 127.0.0.1 only', () => {
    // Checked from the URL it reports; tests never send traffic to a non-loopback address.
    expect(svc.service.url).toBe(`http://127.0.0.1:${svc.service.port}`);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PosIssued, signRequest } from '../../../src/provider/pos-profile';
import { FAULT_KINDS } from '../../../src/training-service';
import { freshTimestamp, sampleOrder } from '../../support/pos-client';
import { issuedLookup, startService, type RunningService } from './harness';

// The verification channel under /_admin/: its authentication, the look-up by BillingNo, and
// every fault kind, each shown on a real socket.
describe('training service: admin channel and faults', () => {
  let svc: RunningService;
  let n = 0;
  const order = () => sampleOrder(`FLT-${++n}`);
  const fault = (body: Record<string, unknown>) => svc.admin('faults', body);

  beforeAll(async () => {
    svc = await startService();
  });
  afterEach(async () => {
    await svc.admin('faults/clear', {});
  });
  afterAll(async () => {
    await svc.dispose();
  });

  describe('authentication', () => {
    const adminCall = (headers: Record<string, string>, route = 'lookup') =>
      fetch(`${svc.service.url}/_admin/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ BillingNo: 'X' }),
      });

    it('refuses anything but Authorization: Bearer <adminToken> with 401', async () => {
      const token = svc.config.adminToken;
      const headerSets: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer wrong-token-wrong-token' },
        { authorization: `Basic ${token}` },
        { authorization: `bearer ${token}` },
        { authorization: token },
        { apiKey: svc.config.apiKey },
        { authorization: `Bearer ${svc.config.apiKey}` },
      ];
      for (const headers of headerSets) {
        for (const route of ['lookup', 'faults', 'faults/clear', 'nothing-here']) {
          const response = await adminCall(headers, route);
          expect(response.status, `${JSON.stringify(headers)} ${route}`).toBe(401);
          expect(await response.json()).toEqual({ error: 'Authorization: Bearer <adminToken> required' });
        }
      }
      expect((await adminCall({ authorization: `Bearer ${token}` })).status).toBe(200);
    });

    it('answers 404 to an unknown admin route, 405 to GET and 400 to a bad body', async () => {
      const auth = { authorization: `Bearer ${svc.config.adminToken}` };
      expect((await adminCall(auth, 'reset')).status).toBe(404);
      expect((await fetch(`${svc.service.url}/_admin/lookup`, { headers: auth })).status).toBe(405);
      const bad = await fetch(`${svc.service.url}/_admin/lookup`, {
        method: 'POST',
        headers: auth,
        body: '{"BillingNo":',
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'Body is not JSON' });
      expect(await svc.admin('lookup', { BillingNo: 12 })).toEqual({
        status: 400,
        json: { error: 'Body must be {"BillingNo": "<order number>"}' },
      });
    });

    it('keeps the POS API closed to the admin token', async () => {
      const result = await svc.post('order', order(), { apiKey: svc.config.adminToken });
      expect(result.status).toBe(401);
    });
  });

  it('looks up what was issued for an order number, and says so when nothing was', async () => {
    const data = order();
    const issued = PosIssued.parse((await svc.post('order', data)).json);
    expect(await svc.lookup(data.BillingNo)).toEqual(issuedLookup(data, issued, '/Append/Order'));
    expect(await svc.lookup('NEVER-SENT')).toEqual({ found: false });
  });

  it('refuses an unknown fault kind, a bad count, ms or message with 400 and a clear reason', async () => {
    expect(await fault({ kind: 'explode', count: 1 })).toEqual({
      status: 400,
      json: { error: `Unknown fault kind "explode"; known: ${FAULT_KINDS.join(', ')}` },
    });
    expect((await fault({ count: 1 })).json).toEqual({
      error: `Unknown fault kind undefined; known: ${FAULT_KINDS.join(', ')}`,
    });
    for (const count of [0, -1, 1.5, '2', undefined]) {
      expect(await fault({ kind: 'status-0', count })).toEqual({
        status: 400,
        json: { error: 'count must be an integer from 1 to 10000' },
      });
    }
    expect((await fault({ kind: 'delay-before', count: 1, ms: -5 })).json).toEqual({
      error: 'ms must be an integer from 0 to 120000',
    });
    expect((await fault({ kind: 'status-0', count: 1, message: '' })).json).toEqual({
      error: 'message must be a text of 1 to 200 characters',
    });
    // None of them was queued: the next request is served normally.
    expect((await svc.post('order', order())).json).toMatchObject({ StatusCode: 1 });
  });

  it('delay-before: waits, then processes (nothing is issued during the wait)', async () => {
    expect(await fault({ kind: 'delay-before', count: 1, hold: true })).toEqual({
      status: 200,
      json: { ok: true, pending: 1 },
    });
    const data = order();
    const answer = svc.post('order', data);
    // The request waits at the fault: nothing is issued until it is released.
    await svc.service.held();
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
    expect(svc.service.release()).toBe(1);
    expect((await answer).json).toMatchObject({ StatusCode: 1 });
    expect(await svc.lookup(data.BillingNo)).toMatchObject({ found: true });
  });

  it('delay-before with ms: the answer takes at least that long', async () => {
    await fault({ kind: 'delay-before', count: 1, ms: 300 });
    const started = performance.now();
    expect((await svc.post('order', order())).json).toMatchObject({ StatusCode: 1 });
    // A lower bound only (a timer never fires early by more than its clock's millisecond).
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
  });

  it('delay-after-commit: the invoice is on record before the late answer arrives', async () => {
    await fault({ kind: 'delay-after-commit', count: 1, hold: true });
    const data = order();
    const answer = svc.post('orderWithoutPrint', data);
    await svc.service.held();
    const lookup = await svc.lookup(data.BillingNo);
    expect(lookup).toMatchObject({ found: true });
    svc.service.release();
    const result = await answer;
    expect(result.json).toMatchObject({ StatusCode: 1, InvoiceNumber: lookup.InvoiceNumber });
  });

  it('drop-after-commit: the connection is cut, yet the invoice was issued', async () => {
    await fault({ kind: 'drop-after-commit', count: 1 });
    const data = order();
    await expect(svc.post('order', data)).rejects.toThrow();
    expect(await svc.lookup(data.BillingNo)).toMatchObject({ found: true, Operation: '/Append/Order' });
    // Sending it again is refused: the till must verify, not reissue.
    expect((await svc.post('order', data)).json).toEqual({
      StatusCode: 0,
      ResultMessage: 'Duplicate BillingNo',
    });
  });

  it('http-500-after-commit: HTTP 500, yet the invoice was issued', async () => {
    await fault({ kind: 'http-500-after-commit', count: 1 });
    const data = order();
    const result = await svc.post('order', data);
    expect(result.status).toBe(500);
    expect(result.json).toBeUndefined();
    expect(await svc.lookup(data.BillingNo)).toMatchObject({ found: true });
  });

  it('http-503-before: HTTP 503 and nothing issued; the next request is served', async () => {
    await fault({ kind: 'http-503-before', count: 1 });
    const data = order();
    const result = await svc.post('order', data);
    expect(result.status).toBe(503);
    expect(await svc.lookup(data.BillingNo)).toEqual({ found: false });
    expect((await svc.post('order', data)).json).toMatchObject({ StatusCode: 1, BillingNo: data.BillingNo });
  });

  it('not-json: HTTP 200 with a body that is not JSON, yet the invoice was issued', async () => {
    await fault({ kind: 'not-json', count: 1 });
    const data = order();
    const result = await svc.post('order', data);
    expect(result.status).toBe(200);
    expect(result.json).toBeUndefined();
    expect(result.text).toContain('<html>');
    expect(await svc.lookup(data.BillingNo)).toMatchObject({ found: true });
  });

  it('status-0: a rejection with the given message (or a default one), nothing issued', async () => {
    await fault({ kind: 'status-0', count: 1, message: 'System maintenance 系統維護中' });
    await fault({ kind: 'status-0', count: 1 });
    const first = order();
    expect((await svc.post('order', first)).json).toEqual({
      StatusCode: 0,
      ResultMessage: 'System maintenance 系統維護中',
    });
    const second = order();
    expect((await svc.post('order', second)).json).toEqual({
      StatusCode: 0,
      ResultMessage: 'Service temporarily unavailable (training fault)',
    });
    expect(await svc.lookup(first.BillingNo)).toEqual({ found: false });
    expect(await svc.lookup(second.BillingNo)).toEqual({ found: false });
  });

  it('no-print-data: issued without PrintDataString', async () => {
    await fault({ kind: 'no-print-data', count: 1 });
    const data = order();
    const result = await svc.post('order', data);
    const issued = PosIssued.parse(result.json);
    expect(result.json).not.toHaveProperty('PrintDataString');
    expect(await svc.lookup(data.BillingNo)).toMatchObject({
      found: true,
      InvoiceNumber: issued.InvoiceNumber,
    });
  });

  it('no-qkey and no-qr-url: issued without that field', async () => {
    await fault({ kind: 'no-qkey', count: 1 });
    await fault({ kind: 'no-qr-url', count: 1 });
    const withoutKey = await svc.post('orderReturnQKey', order());
    PosIssued.parse(withoutKey.json);
    expect(withoutKey.json).not.toHaveProperty('QKey');
    expect(withoutKey.json!.QrCodeUrl).toMatch(/^https:\/\/einvoice-training\.invalid\/q\/[0-9a-f]{32}$/);
    const withoutUrl = await svc.post('orderReturnQKey', order());
    PosIssued.parse(withoutUrl.json);
    expect(withoutUrl.json).not.toHaveProperty('QrCodeUrl');
    expect(withoutUrl.json!.QKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('trickle: the answer arrives whole but a byte at a time over ms', async () => {
    await fault({ kind: 'trickle', count: 1, ms: 500 });
    const data = order();
    const started = Date.now();
    const response = await fetch(`${svc.service.url}/Append/OrderWithoutPrint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apiKey: svc.config.apiKey },
      body: JSON.stringify(signed(data)),
    });
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(JSON.parse(text)).toMatchObject({ StatusCode: 1, BillingNo: data.BillingNo });
    expect(chunks.length).toBeGreaterThan(10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('trickle held: half the answer arrives, the rest only after the release', async () => {
    await fault({ kind: 'trickle', count: 1, hold: true });
    const data = order();
    const response = await fetch(`${svc.service.url}/Append/OrderWithoutPrint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apiKey: svc.config.apiKey },
      body: JSON.stringify(signed(data)),
    });
    const length = Number(response.headers.get('content-length'));
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    await svc.service.held();
    // Everything sent before the hold, and not a byte more, until the release.
    while (received < Math.floor(length / 2)) {
      const read = await reader.read();
      chunks.push(read.value!);
      received += read.value!.length;
    }
    expect(received).toBe(Math.floor(length / 2));
    svc.service.release();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({
      StatusCode: 1,
      BillingNo: data.BillingNo,
    });
  });

  it('applies a fault to the next `count` POS requests only, in the order faults were asked for', async () => {
    expect((await fault({ kind: 'http-503-before', count: 2 })).json).toEqual({ ok: true, pending: 2 });
    expect((await fault({ kind: 'status-0', count: 1, message: 'third' })).json).toEqual({
      ok: true,
      pending: 3,
    });
    // Admin calls do not take faults.
    await svc.lookup('ANY');
    expect((await svc.post('order', order())).status).toBe(503);
    expect((await svc.post('orderWithoutPrint', order())).status).toBe(503);
    expect((await svc.post('order', order())).json).toEqual({ StatusCode: 0, ResultMessage: 'third' });
    expect((await svc.post('order', order())).json).toMatchObject({ StatusCode: 1 });
  });

  it('clears pending faults', async () => {
    await fault({ kind: 'http-503-before', count: 5 });
    expect((await svc.admin('faults/clear', {})).json).toEqual({ ok: true, pending: 0 });
    expect((await svc.post('order', order())).json).toMatchObject({ StatusCode: 1 });
  });

  /** The signed wrapper, for the raw fetch above. */
  function signed(data: unknown) {
    const timestamp = freshTimestamp();
    return {
      CompanyID: svc.config.companyId,
      Timestamp: timestamp,
      Signature: signRequest(svc.config.companyId, svc.config.signingSecret, timestamp),
      Data: data,
    };
  }
});

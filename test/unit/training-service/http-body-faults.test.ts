import { describe, expect, it } from 'vitest';
import { FaultQueue, parseFaultRequest } from '../../../src/training-service/faults';
import { jsonDepthExceeds } from '../../../src/training-service/http-body';

describe('training service: JSON depth guard', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[[[","b":1}', 1)).toBe(false);
    expect(jsonDepthExceeds('[[],[],[],[]]', 2)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1_000_000), 32)).toBe(true);
  });
});

describe('training service: fault queue', () => {
  it('reads a fault request with its defaults', () => {
    expect(parseFaultRequest({ kind: 'trickle', count: 2 })).toEqual({
      ok: true,
      fault: {
        kind: 'trickle',
        count: 2,
        ms: 1000,
        message: 'Service temporarily unavailable (training fault)',
      },
    });
    expect(parseFaultRequest({ kind: 'status-0', count: 1, ms: 0, message: '維護中' })).toEqual({
      ok: true,
      fault: { kind: 'status-0', count: 1, ms: 0, message: '維護中' },
    });
    expect(parseFaultRequest([])).toEqual({
      ok: false,
      message: 'Body must be {"kind","count","ms"?,"hold"?,"message"?,"path"?}',
    });
    // A held fault waits for the test's release instead of its ms: only the faults that wait.
    expect(parseFaultRequest({ kind: 'delay-after-commit', count: 1, hold: true })).toMatchObject({
      ok: true,
      fault: { kind: 'delay-after-commit', hold: true },
    });
    expect(parseFaultRequest({ kind: 'not-json', count: 1, hold: true })).toEqual({
      ok: false,
      message: 'hold applies to delay-before, delay-after-commit, trickle only',
    });
    expect(parseFaultRequest({ kind: 'trickle', count: 1, hold: 'yes' })).toEqual({
      ok: false,
      message: 'hold must be true or false',
    });
    expect(parseFaultRequest({ kind: 'delay-before', count: 1, ms: 120_001 })).toEqual({
      ok: false,
      message: 'ms must be an integer from 0 to 120000',
    });
  });

  it('hands each fault to the next `count` requests, in order, then none', () => {
    const queue = new FaultQueue();
    queue.add({ kind: 'no-qkey', count: 2, ms: 0, message: 'm' });
    queue.add({ kind: 'not-json', count: 1, ms: 0, message: 'm' });
    expect(queue.pending()).toBe(3);
    expect([queue.take()?.kind, queue.take()?.kind, queue.take()?.kind, queue.take()]).toEqual([
      'no-qkey',
      'no-qkey',
      'not-json',
      null,
    ]);
    expect(queue.pending()).toBe(0);
    queue.add({ kind: 'no-qkey', count: 4, ms: 0, message: 'm' });
    queue.clear();
    expect(queue.take()).toBeNull();
  });

  it('gives a fault that names a path only to that operation; one without a path to any', () => {
    const queue = new FaultQueue();
    queue.add({ kind: 'http-503-before', count: 1, ms: 0, message: 'm', path: '/Update/AllowanceInvoice' });
    queue.add({ kind: 'not-json', count: 1, ms: 0, message: 'm' });
    // The POS request skips the aimed fault and takes the general one behind it.
    expect(queue.take('/Append/Order')?.kind).toBe('not-json');
    expect(queue.take('/Update/CancelInvoices')).toBeNull();
    expect(queue.take('/Update/AllowanceInvoice')?.kind).toBe('http-503-before');
    expect(queue.pending()).toBe(0);
    expect(
      parseFaultRequest({ kind: 'trickle', count: 1, path: '/Inquire/GetInvoicesStatus' }),
    ).toMatchObject({
      ok: true,
      fault: { path: '/Inquire/GetInvoicesStatus' },
    });
    expect(
      parseFaultRequest({ kind: 'trickle', count: 1, path: '/standard/Update/CancelInvoices' }),
    ).toMatchObject({
      ok: false,
    });
  });
});

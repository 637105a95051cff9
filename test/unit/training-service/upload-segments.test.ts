import { describe, expect, it } from 'vitest';
import { FaultQueue, parseFaultRequest, type FaultRequest } from '../../../src/training-service/faults';
import { alignUp } from '../../../src/training-service/store';
import { appendStatusOf, issueProcessStatus, processStatusOf } from '../../../src/training-service/upload';

const times = { uploadAfterSeconds: 60, confirmAfterSeconds: 120 };
const issuedAt = '2026-11-20T02:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(issuedAt) + seconds * 1000);

describe('training service: simulated upload', () => {
  it('is P, then U from uploadAfterSeconds, then C from confirmAfterSeconds', () => {
    const invoice = { issuedAt, uploadMode: 'normal' as const };
    expect([-5, 0, 59.999, 60, 119, 120, 1e9].map((s) => appendStatusOf(invoice, times, at(s)))).toEqual([
      'P',
      'P',
      'P',
      'U',
      'U',
      'C',
      'C',
    ]);
    expect([0, 60, 120].map((s) => issueProcessStatus(invoice, times, at(s)))).toEqual(['I0', 'I2', 'I9']);
    const instant = { uploadAfterSeconds: 0, confirmAfterSeconds: 0 };
    expect(appendStatusOf(invoice, instant, at(0))).toBe('C');
  });

  it('stays P when stuck (I1) or suspended (IP), however long', () => {
    expect(appendStatusOf({ issuedAt, uploadMode: 'stuck' }, times, at(1e9))).toBe('P');
    expect(issueProcessStatus({ issuedAt, uploadMode: 'stuck' }, times, at(1e9))).toBe('I1');
    expect(issueProcessStatus({ issuedAt, uploadMode: 'suspended' }, times, at(1e9))).toBe('IP');
  });

  it('keeps a later operation’s status, and reads an unreadable instant as just issued', () => {
    for (const status of ['C0', 'A0', 'D0']) {
      expect(processStatusOf({ issuedAt, uploadMode: 'normal', processStatus: status }, times, at(500))).toBe(
        status,
      );
    }
    expect(appendStatusOf({ issuedAt: 'yesterday', uploadMode: 'normal' }, times, at(500))).toBe('P');
  });
});

describe('training service: segment boundaries', () => {
  it('are cut from the first serial every segmentSize numbers', () => {
    expect(alignUp(0, 0, 1000)).toBe(0);
    expect(alignUp(1, 0, 1000)).toBe(1000);
    expect(alignUp(1000, 0, 1000)).toBe(1000);
    expect(alignUp(1001, 0, 1000)).toBe(2000);
    expect(alignUp(52, 50, 3)).toBe(53);
    expect(alignUp(53, 50, 3)).toBe(53);
    expect(alignUp(10, 50, 3)).toBe(50);
  });
});

describe('training service: upload faults in the queue', () => {
  const read = (body: Record<string, unknown>): FaultRequest => {
    const parsed = parseFaultRequest(body);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.fault;
  };

  it('are taken by issues, not by requests, and only once an invoice is issued', () => {
    const queue = new FaultQueue();
    queue.add(read({ kind: 'upload-stuck', count: 2 }));
    queue.add(read({ kind: 'status-0', count: 1 }));
    expect(queue.take('/Append/Order')).toMatchObject({ kind: 'status-0' });
    expect(queue.take('/Append/Order')).toBeNull();
    const refused = queue.uploadModeFor('/Append/Order');
    expect(refused.mode).toBe('stuck');
    // Not issued: not taken.
    expect(queue.pending()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const upload = queue.uploadModeFor('/Append/OrderWithoutPrint');
      expect(upload.mode).toBe('stuck');
      upload.taken();
    }
    expect(queue.pending()).toBe(0);
    expect(queue.uploadModeFor('/Append/Order').mode).toBe('normal');
  });

  it('waits for the operation it names', () => {
    const queue = new FaultQueue();
    queue.add(read({ kind: 'upload-suspended', count: 1, path: '/Append/OrderReturnQKey' }));
    expect(queue.uploadModeFor('/Append/Order').mode).toBe('normal');
    const upload = queue.uploadModeFor('/Append/OrderReturnQKey');
    expect(upload.mode).toBe('suspended');
    upload.taken();
    expect(queue.pending()).toBe(0);
  });

  it('refuses a path no invoice is issued at', () => {
    expect(
      parseFaultRequest({ kind: 'upload-suspended', count: 1, path: '/Inquire/GetInvoicesStatus' }),
    ).toEqual({
      ok: false,
      message:
        'upload-suspended applies to issued invoices: path must be one of /Append/Order, /Append/OrderReturnQKey, /Append/OrderWithoutPrint',
    });
  });
});

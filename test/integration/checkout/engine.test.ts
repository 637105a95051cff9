import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCheckoutEngine } from '../../../src/main/checkout/engine';
import type { PostOptions, TransportResult } from '../../../src/main/invoice-service/transport';
import { Journal } from '../../../src/main/journal/journal';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder } from './harness';

/**
 * The engine against a real journal file and a scripted transport: the write-before-send order,
 * the engine's own failures, and the issued hook.
 */
describe('checkout engine', () => {
  const temp = makeTempDir('checkout-engine');
  afterAll(() => temp.remove());
  let n = 0;

  function engineWith(
    post: (options: PostOptions, journal: Journal) => Promise<TransportResult>,
    onIssued?: () => void,
  ) {
    const journal = Journal.open(join(temp.dir, `journal-${++n}.sqlite`));
    const logger = memoryLogger();
    const engine = createCheckoutEngine({
      journal,
      connect: () => ({
        config: {
          serviceUrl: 'http://127.0.0.1:9',
          companyId: '24549210',
          apiKey: 'k',
          signingSecret: 's',
          timeoutMs: 500,
        },
        training: true,
      }),
      post: (options) => post(options, journal),
      tillId: 'E1',
      logger,
      ...(onIssued ? { onIssued } : {}),
    });
    return { engine, journal, logger };
  }

  const issued = (options: PostOptions): TransportResult => {
    const billingNo = JSON.parse(options.body).Data.BillingNo;
    return {
      kind: 'response',
      status: 200,
      elapsedMs: 1,
      body: JSON.stringify({
        StatusCode: 1,
        ResultMessage: 'ok',
        BillingNo: billingNo,
        InvoiceNumber: 'EE00000001',
        InvoiceDateTime: '2026-11-22T10:00:00',
        RandomNumber: '1234',
      }),
    };
  };

  it('the sale and its timestamp are on disk, in flight, before the request leaves', async () => {
    let seenState: string | null = null;
    let seenStamp: string | null = null;
    const { engine, journal } = engineWith(async (options) => {
      const body = JSON.parse(options.body);
      // Read back from a second connection to the file: committed, not just in memory.
      const other = Journal.open(join(temp.dir, `journal-${n}.sqlite`));
      try {
        seenState = other.get(body.Data.BillingNo)?.state ?? null;
        // At the request's own second: a stored one makes the next one later than it.
        seenStamp = other.reserveTimestamp('24549210', Number(body.Timestamp));
      } finally {
        other.close();
      }
      expect(Number(seenStamp)).toBeGreaterThan(Number(body.Timestamp));
      return issued(options);
    });
    const result = await engine.submit(paperOrder());
    expect(seenState).toBe('in-flight');
    expect(result.state).toBe('issued');
    expect(journal.get(result.orderNo)!.state).toBe('issued');
    journal.close();
  });

  it('a failure of the till itself after sending is unknown, never "not delivered"', async () => {
    const { engine, journal, logger } = engineWith(async () => {
      throw new Error('boom inside the till');
    });
    const result = await engine.submit(paperOrder());
    expect(result.state).toBe('needs-verification');
    expect(journal.get(result.orderNo)!.lastMessage).toMatch(/till error: boom/);
    expect(logger.lines.some((l) => l.level === 'error')).toBe(true);
    journal.close();
  });

  it('a failing issued hook never changes the sale', async () => {
    const { engine, journal, logger } = engineWith(
      async (options) => issued(options),
      () => {
        throw new Error('printer on fire');
      },
    );
    const result = await engine.submit(paperOrder());
    expect(result).toMatchObject({ state: 'issued', invoiceNumber: 'EE00000001' });
    expect(journal.get(result.orderNo)!.state).toBe('issued');
    expect(logger.lines.find((l) => l.level === 'error')?.message).toMatch(/issued hook failed/);
    journal.close();
  });

  it('the last exchange and the outcome are written together', async () => {
    const { engine, journal } = engineWith(async (options) => issued(options));
    const result = await engine.submit(paperOrder());
    const detail = journal.detail(result.orderNo)!;
    const kinds = detail.entries.map((e) => e.kind);
    expect(kinds).toEqual(['tx.begun', 'tx.exchange', 'tx.issued']);
    expect(detail.exchanges[0]).toMatchObject({ outcome: 'issued', httpStatus: 200, statusCode: 1 });
    journal.close();
  });
});

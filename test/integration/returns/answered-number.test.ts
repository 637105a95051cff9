import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import type { TrainingService } from '../../../src/training-service';
import { startService } from '../../support/training-rig';
import { makeTempDir } from '../../support/temp-dir';
import {
  BY,
  openReturnsTill,
  returnsAdmin,
  twoLineOrder,
  type ReturnsAdmin,
  type ReturnsTill,
} from './harness';

/**
 * Issue 22, item 3: a void or an allowance void is done only when the answer names what was
 * asked about. A stand-in HTTP server in front of the real training service passes every request
 * on and, while told to, rewrites the standard API's answer to name another invoice
 * (`ZZ99999999`) or another allowance: the service really voided, the till cannot know from that
 * answer, so the return is 待確認 until the status query settles it.
 */
interface Rewriter {
  url: string;
  /** Rewrites the next answer of `path`: `field` becomes `value`. */
  rewriteNext(path: string, field: string, value: string): void;
  close(): Promise<void>;
}

async function startRewriter(target: TrainingService): Promise<Rewriter> {
  const rules = new Map<string, { field: string; value: string }>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: `127.0.0.1:${target.port}` },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(parts);
            const path = (req.url ?? '').replace(/^\/standard/, '');
            const rule = rules.get(path);
            if (rule && answer.statusCode === 200) {
              rules.delete(path);
              const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
              json[rule.field] = rule.value;
              body = Buffer.from(JSON.stringify(json));
            }
            const headers = { ...answer.headers, 'content-length': String(body.length) };
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rewriteNext: (path, field, value) => rules.set(path, { field, value }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a void or an allowance void answered for another number is not done', () => {
  const temp = makeTempDir('returns-answered-number');
  let service: TrainingService;
  let rewriter: Rewriter;
  let svc: ReturnsAdmin;
  let till: ReturnsTill;

  beforeAll(async () => {
    service = await startService(temp.dir);
    rewriter = await startRewriter(service);
    svc = returnsAdmin(service);
    till = openReturnsTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, url: rewriter.url });
  });
  afterAll(async () => {
    till.close();
    await rewriter.close();
    await service.close();
    temp.remove();
  });

  it('StatusCode 1 naming ZZ99999999 for a void: 待確認, then the status query finds the void done', async () => {
    const sale = await till.engine.submit(twoLineOrder());
    expect(sale.state).toBe('issued');
    rewriter.rewriteNext(STANDARD_OPERATIONS.cancelInvoices, 'InvoiceNumber', 'ZZ99999999');
    const result = await till.returns.submit({ kind: 'void', orderNo: sale.orderNo, reason: '號碼測試' }, BY);
    expect(result.state).toBe('needs-verification');
    expect(till.journal.voidState(sale.orderNo)).toBe('pending');
    // The service did void it: the status query (which names the invoice asked about) settles it.
    expect((await svc.lookup(sale.orderNo)).Voided).toBe(true);
    const settled = await till.returns.status(result.returnId, { by: '店長', resend: false });
    expect(settled.state).toBe('done');
    expect(till.journal.voidState(sale.orderNo)).toBe('voided');
  });

  it('an allowance void answered for another AllowanceNumber: 待確認, then settled done', async () => {
    const sale = await till.engine.submit(twoLineOrder());
    const allowance = await till.returns.submit(
      { kind: 'allowance', orderNo: sale.orderNo, items: [{ sequence: '002', quantity: 1 }], reason: '瑕疵' },
      BY,
    );
    expect(allowance.state).toBe('done');
    rewriter.rewriteNext(STANDARD_OPERATIONS.cancelAllowance, 'AllowanceNumber', 'ZZ0000001001');
    const cancelled = await till.returns.submit(
      { kind: 'cancel-allowance', allowanceNumber: allowance.allowanceNumber!, reason: '誤開' },
      BY,
    );
    expect(cancelled.state).toBe('needs-verification');
    expect(till.journal.getReturn(allowance.returnId)!.voidedBy).toBeNull();
    const settled = await till.returns.status(cancelled.returnId, { by: '店長', resend: false });
    expect(settled.state).toBe('done');
    expect(till.journal.getReturn(allowance.returnId)!.voidedBy).toBe(cancelled.returnId);
  });
});

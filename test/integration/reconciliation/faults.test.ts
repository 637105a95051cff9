import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postJson,
  type PostOptions,
  type TransportResult,
} from '../../../src/main/invoice-service/transport';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { fault, openReconTill, paper, settableClock, startClockedService, type ReconTill } from './harness';

/**
 * A provider that cannot be reached, or answers what cannot be read: reported as not checked,
 * `complete: false`, and never a finding or a suggestion made up from it.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const DAY = '2026-11-05';

/** A port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real transport, but the answers of these standard paths replaced by `answer`. */
function spoil(paths: string[], answer: (options: PostOptions) => TransportResult) {
  let spoilt = 0;
  return {
    post: async (options: PostOptions): Promise<TransportResult> => {
      if (paths.some((path) => options.url.endsWith(path))) {
        spoilt++;
        return answer(options);
      }
      return postJson(options);
    },
    count: () => spoilt,
  };
}
const garbage = (body: string) => (): TransportResult => ({
  kind: 'response',
  status: 200,
  body,
  elapsedMs: 1,
});

describe('reconciliation when the provider cannot be read', () => {
  const temp = makeTempDir('reconciliation-faults');
  const clock = settableClock(START);
  let service: TrainingService;
  let seller: ReconTill;
  const orders: string[] = [];
  let pendingOrder = '';

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock);
    seller = openReconTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, clock });
    for (let i = 0; i < 3; i++) orders.push((await seller.checkout.engine.submit(paper(100 + i))).orderNo);
    await fault(service, 'http-503-before');
    pendingOrder = (await seller.checkout.engine.submit(paper(90))).orderNo;
    await fault(service, 'upload-stuck');
    orders.push((await seller.checkout.engine.submit(paper(80))).orderNo);
    seller.close();
    clock.advance(2 * 3600);
  });
  afterAll(async () => {
    await service?.close();
    temp.remove();
  });

  const open = (options: Partial<Parameters<typeof openReconTill>[0]>) =>
    openReconTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, clock, ...options });

  it('unreachable: one request, every invoice and the number list not checked, nothing else said', async () => {
    const till = open({ standard: { serviceUrl: `http://127.0.0.1:${await closedPort()}/standard` } });
    try {
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'closing' });
      expect(report.complete).toBe(false);
      // The first request found nobody there: the rest was not asked.
      expect(report.requests).toBe(1);
      expect(report.checked).toBe(0);
      expect(report.mismatches).toEqual([]);
      expect(report.uploadsLate).toEqual([]);
      expect(report.unknownToJournal).toEqual([]);
      expect(report.suggestions).toEqual([]);
      const invoices = report.notChecked.filter((f) => f.invoiceNumber !== null).map((f) => f.orderNo);
      expect(new Set(invoices)).toEqual(new Set(orders));
      expect(
        report.notChecked.some((f) => f.invoiceNumber === null && f.detail.zh.includes('字軌號碼')),
      ).toBe(true);
      for (const f of report.notChecked) {
        expect(f.detail.zh).toContain('無法連線到發票服務');
        expect(f.detail.en).toMatch(/not-delivered/);
        expect(f.action.zh).toContain('稍後再核對');
      }
      expect(till.journal.reconciliationRuns({ limit: 1 })[0]).toMatchObject({
        complete: false,
        requests: 1,
      });
    } finally {
      till.close();
    }
  });

  it('answers that do not parse: not checked, never guessed', async () => {
    for (const body of [
      'not json',
      '{"StatusCode":1,"ResultMessage":"ok","Data":"nope"}',
      '{"StatusCode":1}',
    ]) {
      const spoilt = spoil(Object.values(STANDARD_OPERATIONS), garbage(body));
      const till = open({ post: spoilt.post });
      try {
        const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
        expect(report.complete, body).toBe(false);
        expect(report.checked).toBe(0);
        expect([...report.mismatches, ...report.uploadsLate, ...report.unknownToJournal]).toEqual([]);
        expect(report.suggestions).toEqual([]);
        expect(report.notChecked.length).toBeGreaterThanOrEqual(orders.length + 1);
        expect(report.notChecked[0]!.detail.zh).toContain('回應無法辨識');
        // Unreadable is not unreachable: every batch was still asked.
        expect(report.requests).toBe(spoilt.count());
        expect(report.requests).toBeGreaterThanOrEqual(3);
      } finally {
        till.close();
      }
    }
  });

  it('an upload answer about other invoices: the status is judged, the upload not checked', async () => {
    const other =
      '{"StatusCode":1,"ResultMessage":"ok","Data":[{"InvoiceID":"ZZ99999999","AppendStatus":"C"}]}';
    const till = open({ post: spoil([STANDARD_OPERATIONS.getInvoicesAppendStatus], garbage(other)).post });
    try {
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
      expect(report.checked).toBe(orders.length);
      expect(report.uploadsLate).toEqual([]); // the stuck one is not judged from a wrong answer
      expect(report.notChecked.map((f) => f.orderNo).sort()).toEqual([...orders].sort());
      expect(report.notChecked[0]!.detail.zh).toContain('上傳狀態');
      // The number list and the unknown numbers were read: the 待確認 sale is still settled.
      expect(report.suggestions.map((s) => [s.orderNo, s.outcome])).toEqual([[pendingOrder, 'not-issued']]);
    } finally {
      till.close();
    }
  });

  it('an impossible number list: no not-issued suggestion from incomplete evidence', async () => {
    const impossible = JSON.stringify({
      StatusCode: 1,
      ResultMessage: 'ok',
      IDList: [
        {
          Word: 'TR',
          StageYear: 2026,
          StageMonth: 12,
          BeginNumber: '00000000',
          EndNumber: '00000999',
          Details: [
            {
              Code: 'S1',
              UseFor: 'T01',
              StartNumber: '00000000',
              EndNumber: '00000099',
              CurrentNumber: '00000500',
              InvoiceCount: 100,
              RowStatus: 'A',
            },
          ],
        },
      ],
    });
    const till = open({ post: spoil([STANDARD_OPERATIONS.getInvoiceIdList], garbage(impossible)).post });
    try {
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
      expect(report.complete).toBe(false);
      expect(report.suggestions).toEqual([]);
      expect(report.unknownToJournal).toEqual([]);
      expect(report.notChecked).toHaveLength(1);
      expect(report.notChecked[0]!.detail.en).toMatch(/impossible segment/);
      // The invoices themselves were checked as usual.
      expect(report.checked).toBe(orders.length);
      expect(report.uploadsLate.map((f) => f.kind)).toEqual(['upload-at-risk']);
    } finally {
      till.close();
    }
  });

  it('a refused request (wrong standard key): not checked, nothing more asked', async () => {
    const till = open({ standard: { signingSecret: 'not-the-standard-secret' } });
    try {
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
      expect(report.requests).toBe(1);
      expect(report.complete).toBe(false);
      expect(report.notChecked[0]!.detail.en).toMatch(/rejected: Signature mismatch/);
      expect(report.notChecked[0]!.detail.zh).toContain('拒絕');
    } finally {
      till.close();
    }
  });
});

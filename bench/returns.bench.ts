// The returns pipeline's overhead over a bare HTTP round trip to the same service, for a void and
// for an allowance. Both sides make a real void / allowance at the training service on 127.0.0.1
// (same server work); the pipeline adds the plan (what is left per line, the tax split, refunds by
// method), the journal writes (allowance prefix, the return before the request, timestamp,
// exchange, outcome: each committed to disk) and the answer's checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleCheckout } from '../src/main/checkout/assemble';
import { postJson } from '../src/main/invoice-service/transport';
import { Journal } from '../src/main/journal/journal';
import { assembleReturns } from '../src/main/returns/assemble';
import { requestHeaders } from '../src/provider/pos-profile';
import {
  STANDARD_OPERATIONS,
  buildStandardRequestBody,
  consumerRefundSplit,
} from '../src/provider/standard-profile';
import { taipeiDateTime } from '../src/shared/domain';
import type { CheckoutOrder } from '../src/shared/ipc/contract/checkout';
import { startTrainingService, trainingDefaults } from '../src/training-service';

const TARGET_MEDIAN_MS = 15;
const WARMUP = 5;
const RUNS = 60;
/** Setup sells 4 × (RUNS + WARMUP) invoices back to back: a window that holds their timestamps. */
const WINDOW_SECONDS = 3600;

const order: CheckoutOrder = {
  lines: [
    { name: '便當', quantity: 2, unitPrice: 95, taxType: 'taxable' },
    { name: '鮮奶', quantity: 1, unitPrice: 45, taxType: 'exempt' },
  ],
  payments: [{ method: 'cash', amount: 235 }],
  invoice: { kind: 'paper' },
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortNumbers = (values: number[]) => [...values].sort((a, b) => a - b);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-returns-'));
  const config = { ...trainingDefaults(), timestampWindowSeconds: WINDOW_SECONDS };
  const service = await startTrainingService({ dataDir: join(dir, 'service'), config });
  const journal = Journal.open(join(dir, 'journal.sqlite'));
  const quiet = { info() {}, warn() {}, error() {} };
  const { engine: checkout } = assembleCheckout({
    journal,
    service: {
      serviceUrl: service.url,
      companyId: config.companyId,
      apiKey: config.apiKey,
      signingSecret: config.signingSecret,
      timeoutMs: 5000,
      timestampWindowSeconds: WINDOW_SECONDS,
    },
    tillId: 'B1',
    trainingMode: true,
    logger: quiet,
  });
  const returns = assembleReturns({
    journal,
    service: {
      serviceUrl: service.standardUrl,
      companyId: config.companyId,
      apiKey: config.standardApiKey,
      signingSecret: config.standardSigningSecret,
      timeoutMs: 5000,
      timestampWindowSeconds: WINDOW_SECONDS,
    },
    tillId: 'B1',
    trainingMode: true,
    logger: quiet,
  });

  const sales: Array<{ orderNo: string; invoiceNumber: string }> = [];
  for (let i = 0; i < 4 * (RUNS + WARMUP); i++) {
    const sale = await checkout.submit(order);
    if (sale.state !== 'issued') throw new Error(`setup sale ${sale.state}`);
    sales.push({ orderNo: sale.orderNo, invoiceNumber: sale.invoiceNumber! });
  }
  const next = () => sales.shift()!;

  // Bare requests: signed by hand, timestamps from the past end of the window (the journal's run
  // forward from now), prefixes of their own.
  const start = Math.floor(Date.now() / 1000);
  let bareSeq = 0;
  const post = async (path: string, data: unknown) => {
    bareSeq++;
    const timestamp = String(start - WINDOW_SECONDS + 10 + bareSeq);
    const t0 = performance.now();
    const result = await postJson({
      url: service.standardUrl + path,
      headers: requestHeaders(config.standardApiKey),
      body: JSON.stringify(
        buildStandardRequestBody(config.companyId, config.standardSigningSecret, timestamp, data),
      ),
      timeoutMs: 5000,
    });
    const ms = performance.now() - t0;
    if (result.kind !== 'response' || !result.body.includes('"StatusCode":1')) {
      throw new Error(`bare request failed: ${JSON.stringify(result).slice(0, 300)}`);
    }
    return ms;
  };
  const bareVoid = () =>
    post(STANDARD_OPERATIONS.cancelInvoices, {
      SellerID: config.companyId,
      InvoiceNumber: next().invoiceNumber,
      CancelDate: taipeiDateTime(new Date()),
      CancelReason: 'bench',
    });
  const split = consumerRefundSplit(95, '1');
  const bareAllowance = () =>
    post(STANDARD_OPERATIONS.allowanceInvoice, {
      AllowanceNumberPrefix: `BARE${String(bareSeq).padStart(4, '0')}`,
      AllowanceDate: taipeiDateTime(new Date()),
      SellerID: config.companyId,
      BuyerID: '0000000000',
      AllowanceType: '2',
      TaxAmount: split.tax,
      TotalAmount: split.amount,
      Details: [
        {
          InvoiceNumber: next().invoiceNumber,
          SequenceNumber: '001',
          Description: '便當',
          Quantity: 1,
          UnitPrice: split.amount,
          Amount: split.amount,
          ItemTaxType: '1',
          Tax: split.tax,
        },
      ],
    });
  const pipelineVoid = async () => {
    const orderNo = next().orderNo;
    const t0 = performance.now();
    const result = await returns.submit({ kind: 'return', orderNo, reason: 'bench' }, { by: 'bench' });
    const ms = performance.now() - t0;
    if (result.state !== 'done' || result.kind !== 'void') throw new Error(`void ended ${result.state}`);
    return ms;
  };
  const pipelineAllowance = async () => {
    const orderNo = next().orderNo;
    const t0 = performance.now();
    const result = await returns.submit(
      { kind: 'return', orderNo, items: [{ sequence: '001', quantity: 1 }], reason: 'bench' },
      { by: 'bench' },
    );
    const ms = performance.now() - t0;
    if (result.state !== 'done' || result.kind !== 'allowance')
      throw new Error(`allowance ended ${result.state}`);
    return ms;
  };

  try {
    for (const [name, bare, pipeline] of [
      ['void', bareVoid, pipelineVoid],
      ['allowance', bareAllowance, pipelineAllowance],
    ] as const) {
      for (let i = 0; i < WARMUP; i++) {
        await bare();
        await pipeline();
      }
      const bareTimes: number[] = [];
      const pipelineTimes: number[] = [];
      const overheads: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Interleaved, so that both see the same machine load.
        const b = await bare();
        const p = await pipeline();
        bareTimes.push(b);
        pipelineTimes.push(p);
        overheads.push(p - b);
      }
      const b = sortNumbers(bareTimes);
      const p = sortNumbers(pipelineTimes);
      const o = sortNumbers(overheads);
      const median = quantile(o, 0.5);
      console.log(`${name}: ${RUNS} pairs (after ${WARMUP} warm-up pairs), training service on 127.0.0.1`);
      console.log(`  bare HTTP round trip:  median ${fmt(quantile(b, 0.5))}, p99 ${fmt(quantile(b, 0.99))}`);
      console.log(`  returns pipeline:      median ${fmt(quantile(p, 0.5))}, p99 ${fmt(quantile(p, 0.99))}`);
      console.log(`  overhead (pairwise):   median ${fmt(median)}, p99 ${fmt(quantile(o, 0.99))}`);
      console.log(
        `  median overhead / target (${TARGET_MEDIAN_MS} ms): ${(median / TARGET_MEDIAN_MS).toFixed(2)} ` +
          `(${median <= TARGET_MEDIAN_MS ? 'within' : 'OVER'} target)`,
      );
    }
  } finally {
    journal.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

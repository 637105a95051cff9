// The returns pipeline's overhead over a bare HTTP round trip to the same service, for a void and
// for an allowance. Both sides make a real void / allowance at the training service on 127.0.0.1
// (same server work); the pipeline adds the plan (what is left per line, the tax split, refunds by
// method), the journal writes (allowance prefix, the return before the request, timestamp,
// exchange, outcome: each committed to disk) and the answer's checks.
import { postJson } from '../src/main/invoice-service/transport';
import { requestHeaders } from '../src/provider/pos-profile';
import {
  STANDARD_OPERATIONS,
  buildStandardRequestBody,
  consumerRefundSplit,
} from '../src/provider/standard-profile';
import { taipeiDateTime } from '../src/shared/domain';
import { measurePairs } from './support/pairs';
import { benchOrder, openRig } from './support/rig';

const TARGET_MEDIAN_MS = 15;
const WARMUP = 5;
const RUNS = 60;
/** Setup sells 4 × (RUNS + WARMUP) invoices back to back: a window that holds their timestamps. */
const WINDOW_SECONDS = 3600;

const order = benchOrder(235);

export default async function bench(): Promise<void> {
  const rig = await openRig({ name: 'returns', config: { timestampWindowSeconds: WINDOW_SECONDS } });
  const { config, service } = rig;
  const journal = rig.openJournal();
  const checkout = rig.checkout(journal, { timestampWindowSeconds: WINDOW_SECONDS });
  const returns = rig.returns(journal, { timestampWindowSeconds: WINDOW_SECONDS });

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
    const settings = { warmup: WARMUP, runs: RUNS, targetMedianMs: TARGET_MEDIAN_MS };
    for (const [name, bare, pipeline] of [
      ['void', bareVoid, pipelineVoid],
      ['allowance', bareAllowance, pipelineAllowance],
    ] as const) {
      await measurePairs(bare, pipeline, {
        ...settings,
        heading: name,
        indent: '  ',
        pipeline: 'returns pipeline',
      });
    }
  } finally {
    await rig.close();
  }
}

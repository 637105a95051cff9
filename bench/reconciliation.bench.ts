// Reconciliation of one day of 2,000 sales against the training service on 127.0.0.1: how long it
// takes and how many requests it makes (batches of 100 for the status and the upload state, one
// number list per period, the status of the numbers the journal does not know). A few planted
// findings (stuck uploads, sales the journal lost) keep every path busy. Then the background run
// of the same day, which leaves out the invoices an earlier run found settled. Figures only.
import {
  buildRequestBody,
  POS_OPERATIONS,
  requestHeaders,
  toPosOrderData,
} from '../src/provider/pos-profile';
import { splitTax, taipeiDateTime } from '../src/shared/domain';
import { benchOrder, openRig } from './support/rig';

const SALES = 2000;
const STUCK = 5;
const LOST = 3;
/** The sales go out back to back on a stopped clock: a POS window that holds their timestamps. */
const WINDOW_SECONDS = 3600;
const START = new Date('2026-11-05T10:00:00+08:00');

const order = benchOrder(235);

export default async function bench(): Promise<void> {
  let current = START;
  const now = () => current;
  const rig = await openRig({
    name: 'reconciliation',
    config: { timestampWindowSeconds: WINDOW_SECONDS },
    now,
  });
  const { config, service } = rig;
  try {
    const journal = rig.openJournal();
    const checkout = rig.checkout(journal, { timestampWindowSeconds: WINDOW_SECONDS });
    const admin = (body: unknown) =>
      fetch(`${service.url}/_admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.adminToken}` },
        body: JSON.stringify(body),
      });

    const selling = performance.now();
    for (let i = 0; i < SALES; i++) {
      if (i === SALES / 2) await admin({ kind: 'upload-stuck', count: STUCK });
      const sale = await checkout.submit(order);
      if (sale.state !== 'issued') throw new Error(`sale ${i}: ${sale.state}`);
    }
    // Sales the journal lost: issued at the provider for B1's numbers, under orders it never had.
    for (let i = 0; i < LOST; i++) {
      const split = splitTax([{ name: '遺失', quantity: 1, unitPrice: 100, taxType: 'taxable' }], 'C');
      if (!split.ok) throw new Error(split.reason.en);
      const data = toPosOrderData({
        orderNo: `B1-20261105-9${String(i).padStart(5, '0')}`,
        invoiceDateTime: taipeiDateTime(now()),
        deviceId: 'B1',
        operation: 'order',
        ...split.amounts,
      });
      const timestamp = String(Math.floor(now().getTime() / 1000) - 200 - i);
      const response = await fetch(`${service.url}${POS_OPERATIONS.order}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...requestHeaders(config.apiKey) },
        body: JSON.stringify(buildRequestBody(config.companyId, config.signingSecret, timestamp, data)),
      });
      if (response.status !== 200) throw new Error(`lost sale: HTTP ${response.status}`);
    }
    const sellingMs = performance.now() - selling;

    // Three hours later: every normal upload confirmed, the stuck ones at risk.
    current = new Date(START.getTime() + 3 * 3600_000);
    const reconciliation = rig.reconciliation(journal, { timeoutMs: 10_000 });
    const started = performance.now();
    const first = await reconciliation.run({ businessDays: ['2026-11-05'], trigger: 'closing' });
    const fullMs = performance.now() - started;
    const { report } = first;
    if (
      report.checked !== SALES ||
      report.uploadsLate.length !== STUCK ||
      report.unknownToJournal.length !== LOST
    ) {
      throw new Error(
        `unexpected report: checked ${report.checked}, uploads ${report.uploadsLate.length}, unknown ${report.unknownToJournal.length}`,
      );
    }
    const again = performance.now();
    const background = await reconciliation.run({
      businessDays: ['2026-11-05'],
      trigger: 'background',
      skip: new Set(first.settled),
    });
    const backgroundMs = performance.now() - again;

    console.log(
      `sold ${SALES} sales (+${LOST} lost at the provider) in ${(sellingMs / 1000).toFixed(1)} s (setup)`,
    );
    console.log(
      `closing reconciliation of ${report.checked} invoices: ${fullMs.toFixed(0)} ms, ${report.requests} requests ` +
        `(${(fullMs / report.checked).toFixed(2)} ms per invoice); ` +
        `findings: ${report.uploadsLate.length} uploads at risk, ${report.unknownToJournal.length} unknown to the journal, ` +
        `${report.mismatches.length} mismatches; complete: ${report.complete}`,
    );
    console.log(
      `background run of the same day (settled invoices left out): ${backgroundMs.toFixed(0)} ms, ` +
        `${background.report.requests} requests, ${background.report.checked} invoices checked`,
    );
  } finally {
    await rig.close();
  }
}

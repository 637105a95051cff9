// The till as a process the crash test kills with SIGKILL at random moments: opens the journal,
// recovers what a previous kill left in flight, says `ready`, then checks out back to back (at
// most `maxSales`, then it waits) until it is killed. Argument: a JSON object {dbPath, serviceUrl,
// companyId, apiKey, signingSecret, tillId, maxSales, timestampWindowSeconds}.
import { assembleCheckout } from '../../../src/main/checkout/assemble';
import { Journal } from '../../../src/main/journal/journal';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  dbPath: string;
  serviceUrl: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
  tillId: string;
  /** Bounds how far the forward-only request clock can run ahead of real time, whatever the speed. */
  maxSales: number;
  timestampWindowSeconds: number;
};

const orders: CheckoutOrder[] = [
  {
    lines: [{ name: '便當', quantity: 1, unitPrice: 120, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: 200 }],
    invoice: { kind: 'paper' },
  },
  {
    lines: [{ name: '咖啡', quantity: 2, unitPrice: 55, taxType: 'taxable' }],
    payments: [{ method: 'card', amount: 110 }],
    invoice: { kind: 'phone' },
  },
  {
    lines: [
      { name: '鮮奶', quantity: 1, unitPrice: 45, taxType: 'exempt' },
      { name: '麵包', quantity: 3, unitPrice: 30, taxType: 'taxable' },
    ],
    payments: [{ method: 'cash', amount: 135 }],
    invoice: { kind: 'carrier', carrierId: '/ABC+123' },
  },
  {
    lines: [{ name: '茶葉蛋', quantity: 4, unitPrice: 13, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: 52 }],
    invoice: { kind: 'donate', loveCode: '8585' },
  },
  {
    lines: [{ name: '影印紙', quantity: 5, unitPrice: 210, taxType: 'taxable' }],
    payments: [{ method: 'card', amount: 1050 }],
    invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
  },
];

const journal = Journal.open(args.dbPath);
journal.recoverInFlight();
const quiet = { info() {}, warn() {}, error() {} };
const { engine } = assembleCheckout({
  journal,
  service: {
    serviceUrl: args.serviceUrl,
    companyId: args.companyId,
    apiKey: args.apiKey,
    signingSecret: args.signingSecret,
    timeoutMs: 3000,
    timestampWindowSeconds: args.timestampWindowSeconds,
  },
  tillId: args.tillId,
  trainingMode: true,
  logger: quiet,
});
process.stdout.write('ready\n');

async function run(): Promise<void> {
  for (let i = 0; i < args.maxSales; i++) {
    const result = await engine.submit(orders[i % orders.length]!);
    process.stdout.write(`${result.orderNo} ${result.state}\n`);
  }
  process.stdout.write('idle\n');
  setInterval(() => {}, 60_000); // waits for its SIGKILL like a till left open
}
void run();

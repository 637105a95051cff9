// The till as a process the returns crash test kills with SIGKILL at random moments: opens the
// journal, recovers what a previous kill left in flight, says `ready`, settles what earlier lives
// left unsettled (the status query first, a resend under the same prefix only when nothing
// stands), then makes returns back to back (at most `maxOps`, then it waits) until it is killed.
// Argument: a JSON object {dbPath, salesFile, serviceUrl, companyId, apiKey, signingSecret,
// tillId, maxOps, seed, timestampWindowSeconds}.
import { readFileSync } from 'node:fs';
import { Journal } from '../../../src/main/journal/journal';
import { assembleReturns } from '../../../src/main/returns/assemble';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  dbPath: string;
  salesFile: string;
  serviceUrl: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
  tillId: string;
  maxOps: number;
  seed: number;
  timestampWindowSeconds: number;
};
const sales = JSON.parse(readFileSync(args.salesFile, 'utf8')) as string[];

// A small deterministic generator per life, so a failing life can be replayed from its seed.
let state = args.seed >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};

const journal = Journal.open(args.dbPath);
journal.recoverInFlight();
const quiet = { info() {}, warn() {}, error() {} };
const engine = assembleReturns({
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

async function oneReturn(): Promise<string | null> {
  for (let tries = 0; tries < 20; tries++) {
    // Allowance voids need a done allowance: a third of the picks look for one.
    const withAllowance =
      random() < 0.33
        ? sales.filter((o) =>
            journal
              .returnsOf(o)
              .some((r) => r.kind === 'allowance' && r.state === 'done' && r.voidedBy === null),
          )
        : [];
    const pool = withAllowance.length > 0 ? withAllowance : sales;
    const orderNo = pool[Math.floor(random() * pool.length)]!;
    if (journal.voidState(orderNo) !== 'none') continue;
    const returns = journal.returnsOf(orderNo);
    const cancellable = returns.filter(
      (r) => r.kind === 'allowance' && r.state === 'done' && r.voidedBy === null,
    );
    const pick = random();
    try {
      if (((withAllowance.length > 0 && pick < 0.5) || pick < 0.15) && cancellable.length > 0) {
        const target = cancellable[Math.floor(random() * cancellable.length)]!;
        const busy = returns.some(
          (r) =>
            r.kind === 'allowance-void' &&
            r.targetReturnId === target.id &&
            ['in-flight', 'needs-verification', 'done'].includes(r.state),
        );
        if (busy) continue;
        const result = await engine.submit(
          { kind: 'cancel-allowance', allowanceNumber: target.allowanceNumber!, reason: '作廢折讓' },
          { by: 'crash' },
        );
        return `${orderNo} ${result.kind} ${result.state}`;
      }
      if (pick < 0.4) {
        const result = await engine.submit({ kind: 'return', orderNo, reason: '全退' }, { by: 'crash' });
        return `${orderNo} ${result.kind} ${result.state}`;
      }
      const left = journal.returnedLines(orderNo).filter((l) => l.remainingQuantity >= 1);
      if (left.length === 0) continue;
      const line = left[Math.floor(random() * left.length)]!;
      const result = await engine.submit(
        { kind: 'allowance', orderNo, items: [{ sequence: line.sequence, quantity: 1 }], reason: '退一件' },
        { by: 'crash' },
      );
      return `${orderNo} ${result.kind} ${result.state}`;
    } catch {
      // Refused by the plan or the journal (nothing written): pick another sale.
      continue;
    }
  }
  return null;
}

async function run(): Promise<void> {
  // What earlier lives left unsettled: at most a few per life, oldest first.
  const open = [...journal.pendingReturns()].slice(0, 3);
  for (const r of open) {
    const result = await engine.status(r.id, { by: 'crash', resend: true });
    process.stdout.write(`settled ${r.id} ${result.state}\n`);
  }
  for (let i = 0; i < args.maxOps; i++) {
    const line = await oneReturn();
    process.stdout.write(`op ${line ?? 'none'}\n`);
  }
  process.stdout.write('idle\n');
  setInterval(() => {}, 60_000); // waits for its SIGKILL like a till left open
}
void run();

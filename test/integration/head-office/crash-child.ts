// One life of a replicator for the crash test: syncs one journal to head office as the till's
// service does, and, when told to, stops at a named moment (after connecting, after reading a
// batch, after head office took a batch but before COMMIT, after COMMIT) and says so on stdout,
// then waits there to be killed. Without a stop point it runs to the end and prints `done`.
import { syncOnce, type SyncPoint } from '../../../src/main/head-office/replicator';

interface Plan {
  journalPath: string;
  identity: { companyId: string; storeId: string; tillId: string; installId: string };
  keyHex: string | null;
  url: string;
  batchSize: number;
  stopAt: { point: SyncPoint; batch: number } | null;
}

const plan = JSON.parse(process.argv[2]!) as Plan;

async function main(): Promise<void> {
  const result = await syncOnce({
    journalPath: plan.journalPath,
    identity: plan.identity,
    chainKey: plan.keyHex ? Buffer.from(plan.keyHex, 'hex') : null,
    connection: { url: plan.url, connectTimeoutMs: 5000 },
    batchSize: plan.batchSize,
    at: async (point, batch) => {
      if (point === 'connected') process.stdout.write('connected\n');
      if (plan.stopAt && plan.stopAt.point === point && plan.stopAt.batch === batch) {
        process.stdout.write(`at ${point} ${batch}\n`);
        // Here until the test kills this process.
        await new Promise<never>(() => {
          setInterval(() => {}, 1 << 30);
        });
      }
    },
  });
  process.stdout.write(`done ${result.kind} ${result.kind === 'failed' ? result.error.bilingual.en : ''}\n`);
}

void main();

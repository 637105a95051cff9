// The checkout path's own cost, without the network (issue 26): the engine on a journal in
// /dev/shm, its HTTP post answered with the training service's own answer (captured once, given
// each sale's order and invoice number). Prints the process's CPU per sale and the steps' medians.
// Not a *.bench.ts (`npm run bench` leaves it out): run it alone, under `node --cpu-prof` too:
//   node --import tsx bench/profile-sales.ts 2000
import { createCheckoutEngine } from '../src/main/checkout/engine';
import { postJson, type PostOptions, type TransportResult } from '../src/main/invoice-service/transport';
import { benchOrder, openRig, QUIET } from './support/rig';

const steps: Record<string, number[]> = {};

async function main() {
  const n = Number(process.argv[2] ?? 2000);
  const rig = await openRig({
    name: 'profile',
    journalBase: '/dev/shm',
    config: { timestampWindowSeconds: 86_400 },
  });
  const journal = rig.openJournal();
  let template: { body: string; billingNo: string; invoice: string } | null = null;
  let serial = 10_000_000;
  const post = async (options: PostOptions): Promise<TransportResult> => {
    const billingNo = options.body.match(/BillingNo\\*":\\*"([A-Z0-9-]+)/)![1]!;
    if (!template) {
      const real = await postJson(options);
      if (real.kind !== 'response') throw new Error('no answer');
      const invoice = real.body.match(/"InvoiceNumber":"([A-Z]{2}\d{8})"/)![1]!;
      template = { body: real.body, billingNo, invoice };
      return real;
    }
    const invoice = `ZZ${serial++}`;
    const body = template.body
      .split(template.billingNo)
      .join(billingNo)
      .split(template.invoice)
      .join(invoice);
    return { kind: 'response', status: 200, body, elapsedMs: 1 };
  };
  const engine = createCheckoutEngine({
    journal,
    connect: () => ({
      config: {
        serviceUrl: rig.service.url,
        companyId: rig.config.companyId,
        apiKey: rig.config.apiKey,
        signingSecret: rig.config.signingSecret,
        timeoutMs: 5000,
        timestampWindowSeconds: 86_400,
      },
      training: true,
    }),
    tillId: 'B1',
    logger: QUIET,
    post,
    trace: { step: (name: string, ms: number) => (steps[name] ??= []).push(ms) },
  });
  const order = benchOrder(300);
  const totals: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await engine.submit(order);
    if (r.state !== 'issued' || r.printDataStatus !== 'ok')
      throw new Error(`${r.state} ${r.printDataStatus} ${r.message.en}`);
  }
  const commits = journal.durableCommits();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const key of Object.keys(steps)) steps[key] = [];
  for (let i = 0; i < n; i++) {
    const s0 = performance.now();
    await engine.submit(order);
    totals.push(performance.now() - s0);
  }
  const wall = (performance.now() - t0) / n;
  const cpu = process.cpuUsage(cpu0);
  const per = (cpu.user + cpu.system) / 1000 / n;
  console.log(
    `${n} sales: cpu ${per.toFixed(3)} ms/sale (user ${(cpu.user / 1000 / n).toFixed(3)}, sys ${(cpu.system / 1000 / n).toFixed(3)}), wall ${wall.toFixed(3)} ms; commits/sale ${((journal.durableCommits() - commits) / n).toFixed(2)}`,
  );
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  console.log(
    `  medians: total ${med(totals).toFixed(3)}; ` +
      Object.entries(steps)
        .map(([k, v]) => `${k} ${med(v).toFixed(3)}`)
        .join('; '),
  );
  await rig.close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});

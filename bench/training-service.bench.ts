// Orders per second the training service issues over real HTTP on 127.0.0.1, with durable
// writes (SQLite WAL, synchronous=FULL): one client in sequence, then 8 concurrent clients.
// Each company may use each timestamp second once, so the service runs on a virtual clock that
// moves one second per request (what a real till could sustain is about 1 request/s per company).
import { startTrainingService, trainingDefaults } from '../src/training-service';
import { taipeiDateTime } from '../src/shared/domain';
import { postOrder, sampleOrder, type PosTarget } from '../test/support/pos-client';
import { makeTempDir } from '../test/support/temp-dir';

const SEQUENTIAL = 400;
const CONCURRENT_CLIENTS = 8;
const PER_CLIENT = 100;

export default async function bench(): Promise<void> {
  const temp = makeTempDir('training-bench');
  let virtualSeconds = Math.floor(Date.now() / 1000);
  const config = trainingDefaults();
  const service = await startTrainingService({
    dataDir: temp.dir,
    config,
    now: () => new Date(virtualSeconds * 1000),
  });
  const target: PosTarget = {
    url: service.url,
    companyId: config.companyId,
    apiKey: config.apiKey,
    signingSecret: config.signingSecret,
  };
  let n = 0;
  const issueOne = async () => {
    virtualSeconds++;
    const timestamp = virtualSeconds;
    const data = sampleOrder(`BENCH-${++n}`, {
      overrides: { InvoiceDateTime: taipeiDateTime(new Date(timestamp * 1000)) },
    });
    const result = await postOrder(target, 'order', data, { timestamp });
    if (result.json?.StatusCode !== 1) throw new Error(`not issued: ${result.text}`);
  };

  try {
    for (let i = 0; i < 20; i++) await issueOne(); // warm-up

    let started = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) await issueOne();
    const sequentialRate = SEQUENTIAL / ((performance.now() - started) / 1000);

    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS }, async () => {
        for (let i = 0; i < PER_CLIENT; i++) await issueOne();
      }),
    );
    const concurrentRate = (CONCURRENT_CLIENTS * PER_CLIENT) / ((performance.now() - started) / 1000);

    console.log('/Append/Order with PrintDataString, durable writes (WAL, synchronous=FULL)');
    console.log(
      `  sequential, 1 client:  ${sequentialRate.toFixed(0)} orders/s (${(1000 / sequentialRate).toFixed(2)} ms each, ${SEQUENTIAL} orders)`,
    );
    console.log(
      `  8 concurrent clients:  ${concurrentRate.toFixed(0)} orders/s (${CONCURRENT_CLIENTS * PER_CLIENT} orders)`,
    );
    console.log(`  ratio concurrent/sequential: ${(concurrentRate / sequentialRate).toFixed(2)}`);
  } finally {
    await service.close();
    temp.remove();
  }
}

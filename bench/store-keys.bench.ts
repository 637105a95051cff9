// A store of 16 tills, each selling one sale every 2 s, through the till's real checkout engine
// (a journal file per till, every write durable) against the training service on 127.0.0.1:
// once with a POS key pair per till (provider profile §5: the service's `devices`), once with the
// 16 tills sharing ONE key pair. A key pair may use each timestamp second once, so on one shared
// pair the tills compete for seconds: `Timestamp already used`, a retry with the next second, and
// a store that cannot sell faster than one sale a second for long. Printed side by side: issued
// per second, those retries (read from the engine's log of each answer), sales that ended
// without an invoice, and the checkout time a cashier waits (p50, p99). Figures, never asserts.
//
// Wall-clock time, as tills sell: 60 s per side by default; BENCH_STORE_KEYS_SECONDS=10 for a
// quick run.
import type { Logger } from '../src/main/core/logger';
import { RESULT_MESSAGES } from '../src/provider/pos-profile';
import type { DeviceKeyPair } from '../src/training-service';
import { benchOrder, openRig } from './support/rig';

const TILLS = 16;
const SALE_EVERY_MS = 2000;
const DEFAULT_SECONDS = 60;
const TIMEOUT_MS = 5000;

const order = benchOrder(300);

/** The run length from the environment: whole seconds, 2 to 600; anything else is the default. */
function durationSeconds(): number {
  const text = process.env.BENCH_STORE_KEYS_SECONDS;
  if (text === undefined || !/^\d{1,3}$/.test(text)) return DEFAULT_SECONDS;
  return Math.min(600, Math.max(2, Number(text)));
}

interface SideResult {
  label: string;
  sales: number;
  issued: number;
  /** Sales that ended without an invoice (the engine gave up on fresh timestamps, or other). */
  notIssued: Record<string, number>;
  timestampRetries: number;
  elapsedSeconds: number;
  times: number[];
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runSide(label: string, ownPairs: boolean, seconds: number): Promise<SideResult> {
  const tillIds = Array.from({ length: TILLS }, (_, i) => `S${String(i + 1).padStart(2, '0')}`);
  const devices: DeviceKeyPair[] = tillIds.map((tillId) => ({
    deviceId: tillId,
    apiKey: `bench-${tillId}-api-key`,
    signingSecret: `bench-${tillId}-signing-secret`,
  }));
  const rig = await openRig({ name: 'store-keys', config: { devices: ownPairs ? devices : [] } });

  let timestampRetries = 0;
  // The client logs every answer with its ResultMessage: the retries are the answers that say
  // the second was taken (the journal records the same exchanges; the log is the cheaper count).
  const logger: Logger = {
    info(_message, fields) {
      if (fields?.ResultMessage === RESULT_MESSAGES.timestampUsed) timestampRetries++;
    },
    warn() {},
    error() {},
  };
  // Each till its own journal; on its own key pair, or on the config's one that all share.
  const tills = devices.map((device) =>
    rig.checkout(rig.openJournal(`journal-${device.deviceId}.sqlite`), {
      tillId: device.deviceId,
      logger,
      timeoutMs: TIMEOUT_MS,
      ...(ownPairs ? { apiKey: device.apiKey, signingSecret: device.signingSecret } : {}),
    }),
  );

  const result: SideResult = {
    label,
    sales: 0,
    issued: 0,
    notIssued: {},
    timestampRetries: 0,
    elapsedSeconds: 0,
    times: [],
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  try {
    await Promise.all(
      tills.map(async (engine, index) => {
        // Spread over the 2 s like tills that rang up at different moments, the same for both sides.
        let next = started + (index * SALE_EVERY_MS) / TILLS;
        while (next < end) {
          await sleep(Math.max(0, next - performance.now()));
          const t0 = performance.now();
          let state: string;
          try {
            state = (await engine.submit(order)).state;
          } catch (error) {
            // A till told to wait (no timestamp within the window) before anything was sent.
            state = `refused: ${(error as Error).message.slice(0, 60)}`;
          }
          result.times.push(performance.now() - t0);
          result.sales++;
          if (state === 'issued') result.issued++;
          else result.notIssued[state] = (result.notIssued[state] ?? 0) + 1;
          // The next sale at its time, or at once when this one ran late.
          next += SALE_EVERY_MS;
        }
      }),
    );
    result.elapsedSeconds = (performance.now() - started) / 1000;
    result.timestampRetries = timestampRetries;
    result.times.sort((a, b) => a - b);
    return result;
  } finally {
    await rig.close();
  }
}

export default async function bench(): Promise<void> {
  const seconds = durationSeconds();
  console.log(
    `${TILLS} tills, one sale every ${SALE_EVERY_MS / 1000} s each, ${seconds} s per side (BENCH_STORE_KEYS_SECONDS), ` +
      'real checkout engine + journal per till, training service on 127.0.0.1',
  );
  const own = await runSide('own key pair per till', true, seconds);
  const shared = await runSide('one shared key pair', false, seconds);

  const row = (name: string, value: (side: SideResult) => string) =>
    console.log(`  ${name.padEnd(30)}${value(own).padStart(16)}${value(shared).padStart(22)}`);
  console.log(`  ${''.padEnd(30)}${own.label.padStart(16)}${shared.label.padStart(22)}`);
  row('sales rung up', (side) => String(side.sales));
  row('issued', (side) => String(side.issued));
  row('issued per second', (side) => (side.issued / side.elapsedSeconds).toFixed(2));
  row('`Timestamp already used`', (side) => String(side.timestampRetries));
  row('retries per sale', (side) => (side.timestampRetries / Math.max(1, side.sales)).toFixed(2));
  row('not issued', (side) => String(side.sales - side.issued));
  row('checkout p50', (side) => `${quantile(side.times, 0.5).toFixed(1)} ms`);
  row('checkout p99', (side) => `${quantile(side.times, 0.99).toFixed(1)} ms`);
  row('checkout max', (side) => `${(side.times.at(-1) ?? NaN).toFixed(1)} ms`);
  for (const side of [own, shared]) {
    const reasons = Object.entries(side.notIssued);
    if (reasons.length > 0) {
      console.log(
        `  ${side.label}, not issued: ${reasons.map(([state, count]) => `${state} ×${count}`).join(', ')}`,
      );
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  console.log(
    `  ratios shared/own: issued per second ${ratio(shared.issued / shared.elapsedSeconds, own.issued / own.elapsedSeconds)}, ` +
      `p99 ${ratio(quantile(shared.times, 0.99), quantile(own.times, 0.99))}`,
  );
}

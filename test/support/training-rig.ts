import { join } from 'node:path';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { ProviderVariantId } from '../../src/provider/variants';
import {
  startTrainingService,
  trainingDefaults,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../src/training-service';
import { postAdmin } from './pos-client';
import { makeTempDir } from './temp-dir';

/**
 * The rig the checkout and the returns integration tests (and their crash tests) stand on: the
 * training service on 127.0.0.1 with its data in a temp folder, its admin channel, and a TCP relay
 * in front of it that counts the connections a till opens. One copy, so that both harnesses start,
 * count and take down the same parts the same way; each brings its own admin view and till.
 */
export async function startService(
  dir: string,
  overrides: Partial<TrainingServiceConfig> = {},
  /** The service's clock (the reconciliation tests set it); the real one by default. */
  now?: () => Date,
): Promise<TrainingService> {
  return startTrainingService({
    dataDir: join(dir, 'training-service'),
    config: { ...trainingDefaults(), ...overrides },
    ...(now ? { now } : {}),
  });
}

/** The service's admin channel (`/_admin/…`): any answer but 200 throws, with its body. */
export function adminChannel(service: TrainingService): {
  call(route: 'lookup' | 'faults' | 'faults/clear', body: unknown): Promise<Record<string, unknown>>;
  clearFaults(): Promise<void>;
} {
  const call = async (route: 'lookup' | 'faults' | 'faults/clear', body: unknown) => {
    const { status, json } = await postAdmin(service.url, service.config.adminToken, route, body);
    if (status !== 200) throw new Error(`admin ${route}: HTTP ${status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    clearFaults: async () => {
      await call('faults/clear', {});
    },
  };
}

/** A TCP relay in front of the service that counts connections (= requests, one per connection). */
export interface CountingRelay {
  url: string;
  connections(): number;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<CountingRelay> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    count++;
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A service, a counting relay in front of it, its admin channel (as `Admin`), a till (`T`). */
export interface TrainingRig<Admin, T> {
  /** The temp folder of the file: the service's data and every journal of the file live here. */
  dir: string;
  service: TrainingService;
  relay: CountingRelay;
  svc: Admin;
  /** Talks to the service through the relay, so every request it sends is counted. */
  till: T;
}

/**
 * Starts a rig before the tests of the calling describe block and takes it down after them; the
 * fields are there from the first test on. One till, one journal file for the whole block: order
 * numbers and timestamps stay unique as in a real till. The service and the till speak one
 * provider variant (the profile's when none is given); `till` gets the service, the journal file
 * and the relay's URL.
 */
export function useTrainingRig<Admin, T extends { close(): void }>(
  name: string,
  variant: ProviderVariantId | undefined,
  parts: {
    admin: (service: TrainingService) => Admin;
    till: (service: TrainingService, dbPath: string, url: string) => T;
  },
): TrainingRig<Admin, T> {
  const temp = makeTempDir(name);
  const rig = { dir: temp.dir } as TrainingRig<Admin, T>;
  beforeAll(async () => {
    rig.service = await startService(temp.dir, variant ? { variant } : {});
    rig.relay = await startRelay(rig.service.port);
    rig.svc = parts.admin(rig.service);
    rig.till = parts.till(rig.service, join(temp.dir, 'journal.sqlite'), rig.relay.url);
  });
  afterAll(async () => {
    rig.till.close();
    await rig.relay.close();
    await rig.service.close();
    temp.remove();
  });
  return rig;
}

import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import type { IssuedEvent } from '../../../src/main/checkout/engine';
import type { Logger } from '../../../src/main/core/logger';
import type { PosServiceConfig } from '../../../src/main/invoice-service/client';
import { Journal } from '../../../src/main/journal/journal';
import type { ProviderVariantId } from '../../../src/provider/variants';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import {
  startTrainingService,
  trainingDefaults,
  type FaultKind,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../../src/training-service';
import { postAdmin } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';

/**
 * Real parts for the checkout's integration tests: the training service on 127.0.0.1 (with its
 * admin channel), real journal files, and a TCP relay that counts the connections the till opens
 * (each request is one connection: the client never reuses one), so "sent exactly once" is seen
 * from outside the till.
 */
export interface MemoryLogger extends Logger {
  lines: Array<{ level: string; message: string; fields?: unknown }>;
}

export function memoryLogger(): MemoryLogger {
  const lines: MemoryLogger['lines'] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, detail) =>
      lines.push({ level: 'error', message, fields: detail instanceof Error ? detail.message : detail }),
  };
}

export async function startService(
  dir: string,
  overrides: Partial<TrainingServiceConfig> = {},
): Promise<TrainingService> {
  return startTrainingService({
    dataDir: join(dir, 'training-service'),
    config: { ...trainingDefaults(), ...overrides },
  });
}

export interface Admin {
  lookup(
    billingNo: string,
  ): Promise<{ found: boolean; InvoiceNumber?: string; BillingNo?: string; TotalAmount?: number }>;
  fault(kind: FaultKind, count?: number, ms?: number, message?: string): Promise<void>;
  clearFaults(): Promise<void>;
}

export function admin(service: TrainingService): Admin {
  const call = async (route: 'lookup' | 'faults' | 'faults/clear', body: unknown) => {
    const { status, json } = await postAdmin(service.url, service.config.adminToken, route, body);
    if (status !== 200) throw new Error(`admin ${route}: HTTP ${status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    lookup: async (billingNo) =>
      (await call('lookup', { BillingNo: billingNo })) as Awaited<ReturnType<Admin['lookup']>>,
    fault: async (kind, count = 1, ms, message) => {
      await call('faults', {
        kind,
        count,
        ...(ms === undefined ? {} : { ms }),
        ...(message ? { message } : {}),
      });
    },
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

export function serviceConfig(
  service: TrainingService,
  url = service.url,
  timeoutMs = 2000,
): PosServiceConfig {
  return {
    serviceUrl: url,
    companyId: service.config.companyId,
    apiKey: service.config.apiKey,
    signingSecret: service.config.signingSecret,
    timeoutMs,
  };
}

export interface Till extends CheckoutAssembly {
  journal: Journal;
  logger: MemoryLogger;
  issued: IssuedEvent[];
  close(): void;
}

export function openTill(options: {
  dbPath: string;
  service: TrainingService;
  url?: string;
  tillId?: string;
  timeoutMs?: number;
  now?: () => Date;
  config?: Partial<PosServiceConfig>;
  onClockSeen?: (offsetSeconds: number) => void;
}): Till {
  const journal = Journal.open(options.dbPath);
  journal.recoverInFlight();
  const logger = memoryLogger();
  const issued: IssuedEvent[] = [];
  const assembly = assembleCheckout({
    journal,
    service: { ...serviceConfig(options.service, options.url, options.timeoutMs), ...options.config },
    tillId: options.tillId ?? 'T01',
    trainingMode: true,
    training: { url: options.service.url, adminToken: options.service.config.adminToken },
    logger,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onClockSeen ? { onClockSeen: options.onClockSeen } : {}),
    onIssued: (event) => {
      issued.push(event);
    },
  });
  return { ...assembly, journal, logger, issued, close: () => journal.close() };
}

/** The parts most checkout tests share: a service, a counting relay in front of it, its admin channel, a till. */
export interface CheckoutRig {
  /** The temp folder of the file: the service's data and every journal of the file live here. */
  dir: string;
  service: TrainingService;
  relay: CountingRelay;
  svc: Admin;
  /** Talks to the service through the relay, so every request it sends is counted. */
  till: Till;
}

/**
 * Starts a rig before the tests of the calling describe block and takes it down after them; the
 * fields are there from the first test on. One till, one journal file for the whole block: order
 * numbers and timestamps stay unique as in a real till.
 */
export function useCheckoutRig(
  name: string,
  tillOptions: { timeoutMs?: number; tillId?: string; variant?: ProviderVariantId } = {},
): CheckoutRig {
  const temp = makeTempDir(name);
  const rig = { dir: temp.dir } as CheckoutRig;
  const { variant, ...options } = tillOptions;
  beforeAll(async () => {
    // The service and the till speak one provider variant (the profile's when none is given).
    rig.service = await startService(temp.dir, variant ? { variant } : {});
    rig.relay = await startRelay(rig.service.port);
    rig.svc = admin(rig.service);
    rig.till = openTill({
      dbPath: join(temp.dir, 'journal.sqlite'),
      service: rig.service,
      url: rig.relay.url,
      ...options,
      ...(variant ? { config: { variant } } : {}),
    });
  });
  afterAll(async () => {
    rig.till.close();
    await rig.relay.close();
    await rig.service.close();
    temp.remove();
  });
  return rig;
}

export const paperOrder = (amount = 150): CheckoutOrder => ({
  lines: [{ name: '便當', quantity: 1, unitPrice: amount, taxType: 'taxable' }],
  payments: [{ method: 'cash', amount }],
  invoice: { kind: 'paper' },
});

export const phoneOrder = (): CheckoutOrder => ({ ...paperOrder(80), invoice: { kind: 'phone' } });
export const carrierOrder = (): CheckoutOrder => ({
  ...paperOrder(60),
  invoice: { kind: 'carrier', carrierId: '/ABC+123' },
});
export const donateOrder = (): CheckoutOrder => ({
  ...paperOrder(45),
  invoice: { kind: 'donate', loveCode: '8585' },
});
export const businessOrder = (): CheckoutOrder => ({
  lines: [
    { name: '辦公椅', quantity: 2, unitPrice: 1050, taxType: 'taxable' },
    { name: '運費', quantity: 1, unitPrice: 100, taxType: 'taxable' },
  ],
  payments: [{ method: 'card', amount: 2200 }],
  invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
});

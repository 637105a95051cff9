import { join } from 'node:path';
import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import type { Logger } from '../../../src/main/core/logger';
import {
  createStandardClient,
  type StandardServiceConfig,
} from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import { assembleReconciliation } from '../../../src/main/reconciliation/assemble';
import type { ReconciliationEngine } from '../../../src/main/reconciliation/engine';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../../src/main/returns/engine';
import type { PosResponse } from '../../../src/provider/pos-profile';
import { buildWireBody, variantFor } from '../../../src/provider/variants';
import { sampleOrder, postOrder } from '../../support/pos-client';
import { taipeiDateTime } from '../../../src/shared/domain';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import {
  type AnyFaultKind,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../../src/training-service';
import { postAdmin } from '../../support/pos-client';
import { startService } from '../../support/training-rig';
import { signExports } from '../../support/export-keys';
import { memoryLogger, type MemoryLogger } from '../checkout/harness';

/**
 * Real parts for the reconciliation tests, all on ONE settable clock (the service's, the journal's
 * and the engines'), so that "two hours later" and "three days later" are a `clock.set`, never a
 * wait: the training service (POS + standard API, simulated upload), real journal files, the
 * checkout engine to sell, the returns engine to void and make allowances, and the reconciliation
 * engine under test.
 */
export interface Clock {
  now(): Date;
  set(instant: Date): void;
  advance(seconds: number): Date;
}

export function settableClock(start: Date): Clock {
  let current = start;
  return {
    now: () => current,
    set: (instant) => void (current = instant),
    advance: (seconds) => (current = new Date(current.getTime() + seconds * 1000)),
  };
}

export async function startClockedService(
  dir: string,
  clock: Clock,
  overrides: Partial<TrainingServiceConfig> = {},
): Promise<TrainingService> {
  return startService(dir, overrides, clock.now);
}

export function standardConfigOf(service: TrainingService, timeoutMs = 2000): StandardServiceConfig {
  return {
    serviceUrl: service.standardUrl,
    companyId: service.config.companyId,
    apiKey: service.config.standardApiKey,
    signingSecret: service.config.standardSigningSecret,
    timeoutMs,
    // The service's dialect (profile §6): SystemLead's batch bodies and answers, say.
    variant: service.config.variant,
  };
}

export interface ReconTill {
  tillId: string;
  journal: Journal;
  checkout: CheckoutAssembly;
  returns: ReturnsEngine;
  reconciliation: ReconciliationEngine;
  logger: MemoryLogger;
  close(): void;
}

export function openReconTill(options: {
  dbPath: string;
  service: TrainingService;
  clock: Clock;
  tillId?: string;
  timeoutMs?: number;
  /** The reconciliation's standard API (default: the service's). */
  standard?: Partial<StandardServiceConfig>;
  post?: Parameters<typeof assembleReconciliation>[0]['post'];
}): ReconTill {
  const tillId = options.tillId ?? 'T01';
  // Signed like a till's (the core gives its journal the till's key).
  const journal = signExports(Journal.open(options.dbPath, { now: options.clock.now }));
  const logger = memoryLogger();
  const quiet: Logger = { info() {}, warn() {}, error() {} };
  const checkout = assembleCheckout({
    journal,
    service: {
      serviceUrl: options.service.url,
      companyId: options.service.config.companyId,
      apiKey: options.service.config.apiKey,
      signingSecret: options.service.config.signingSecret,
      timeoutMs: options.timeoutMs ?? 1000,
      variant: options.service.config.variant,
    },
    tillId,
    trainingMode: true,
    logger: quiet,
    now: options.clock.now,
  });
  const returns = assembleReturns({
    journal,
    service: standardConfigOf(options.service),
    tillId,
    trainingMode: true,
    logger: quiet,
    now: options.clock.now,
  });
  const reconciliation = assembleReconciliation({
    journal,
    service: { ...standardConfigOf(options.service), ...options.standard },
    tillId,
    trainingMode: true,
    logger,
    now: options.clock.now,
    // Nothing may wait on the wall clock in these tests.
    sleep: async () => {
      throw new Error('a test run tried to wait for the timestamp window');
    },
    ...(options.post ? { post: options.post } : {}),
  });
  return { tillId, journal, checkout, returns, reconciliation, logger, close: () => journal.close() };
}

export async function fault(
  service: TrainingService,
  kind: AnyFaultKind,
  options: { count?: number; path?: string } = {},
): Promise<void> {
  const { status, json } = await postAdmin(service.url, service.config.adminToken, 'faults', {
    kind,
    count: options.count ?? 1,
    ...(options.path ? { path: options.path } : {}),
  });
  if (status !== 200) throw new Error(`fault ${kind}: HTTP ${status} ${JSON.stringify(json)}`);
}

export async function lookup(service: TrainingService, billingNo: string): Promise<Record<string, unknown>> {
  return (await postAdmin(service.url, service.config.adminToken, 'lookup', { BillingNo: billingNo })).json;
}

let stamp = 0;
/**
 * An order sent straight to the POS API (not through any till), for `deviceId`'s numbers: what a
 * till whose journal lost the sale leaves behind at the provider. Timestamps walk from 250 s before
 * the clock, apart from the tills' (which start at the clock).
 */
export async function sellDirectly(
  service: TrainingService,
  clock: Clock,
  billingNo: string,
  options: { deviceId?: string; amount?: number } = {},
): Promise<{ invoiceNumber: string; invoiceDateTime: string; totalAmount: number }> {
  stamp = Math.max(stamp + 1, Math.floor(clock.now().getTime() / 1000) - 250);
  const data = sampleOrder(billingNo, {
    at: clock.now(),
    ...(options.amount
      ? {
          lines: [
            { name: '遺失的交易', quantity: 1, unitPrice: options.amount, taxType: 'taxable' as const },
          ],
        }
      : {}),
    overrides: { DeviceID: options.deviceId ?? 'T01' },
  });
  // In the service's dialect: its recipe and wire names, its answer read back.
  const variant = variantFor(service.config.variant);
  const { companyId, apiKey, signingSecret } = service.config;
  const call = await postOrder({ url: service.url, companyId, apiKey, signingSecret }, 'order', data, {
    rawBody: JSON.stringify(buildWireBody(variant, companyId, signingSecret, String(stamp), data)),
  });
  const json: PosResponse | null =
    call.json === undefined ? null : variant.readAnswer(JSON.parse(call.text), data);
  if (json?.StatusCode !== 1 || !json.InvoiceNumber) throw new Error(`sellDirectly: ${call.text}`);
  return {
    invoiceNumber: json.InvoiceNumber,
    invoiceDateTime: json.InvoiceDateTime!,
    totalAmount: data.TotalAmount,
  };
}

/**
 * The standard API straight from the seller's office (not through a till's journal): a void the
 * till never hears of. Its timestamps come from a journal of its own; one the till used already is
 * answered `Timestamp already used` and the client goes again with a fresh one.
 */
export async function voidAtProvider(
  service: TrainingService,
  clock: Clock,
  dir: string,
  invoiceNumber: string,
): Promise<void> {
  const office = Journal.open(join(dir, 'office-clock.sqlite'), { now: clock.now });
  try {
    const client = createStandardClient({
      config: standardConfigOf(service),
      reserveTimestamp: (key, nowSeconds, window) => office.reserveTimestamp(key, nowSeconds - 200, window),
      logger: { info() {}, warn() {}, error() {} },
      nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    });
    const { outcome } = await client.send(
      'cancelInvoices',
      {
        SellerID: service.config.companyId,
        InvoiceNumber: invoiceNumber,
        CancelDate: taipeiDateTime(clock.now()),
        CancelReason: '後台作廢',
      },
      { afterAnswer: () => {} },
    );
    if (outcome.kind !== 'done') throw new Error(`voidAtProvider: ${JSON.stringify(outcome)}`);
  } finally {
    office.close();
  }
}

export const paper = (amount = 150): CheckoutOrder => ({
  lines: [{ name: '便當', quantity: 1, unitPrice: amount, taxType: 'taxable' }],
  payments: [{ method: 'cash', amount }],
  invoice: { kind: 'paper' },
});

export const twoLines = (): CheckoutOrder => ({
  lines: [
    { name: '便當', quantity: 2, unitPrice: 120, taxType: 'taxable' },
    { name: '飲料', quantity: 3, unitPrice: 35, taxType: 'taxable' },
  ],
  payments: [
    { method: 'cash', amount: 200 },
    { method: 'card', amount: 145 },
  ],
  invoice: { kind: 'paper' },
});

export const business = (): CheckoutOrder => ({
  lines: [{ name: '辦公椅', quantity: 1, unitPrice: 1050, taxType: 'taxable' }],
  payments: [{ method: 'card', amount: 1050 }],
  invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
});

export const BY = '林店長';

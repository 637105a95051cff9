import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Logger } from '../../../src/main/core/logger';
import type { StandardServiceConfig } from '../../../src/main/invoice-service/standard-client';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../../src/main/returns/engine';
import type { ProviderVariantId } from '../../../src/provider/variants';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import type { FaultKind, TrainingService } from '../../../src/training-service';
import { postAdmin } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import {
  memoryLogger,
  openTill,
  startRelay,
  startService,
  type CountingRelay,
  type Till,
} from '../checkout/harness';

/**
 * Real parts for the returns tests: the training service (POS and standard API on one server),
 * a counting relay in front of it, real journal files, the checkout engine to make the sales and
 * the returns engine to take them back, both on one journal as in the till.
 */
export interface ReturnsAdmin {
  lookup(billingNo: string): Promise<{
    found: boolean;
    InvoiceNumber?: string;
    Voided?: boolean;
    ProcessStatus?: string;
    Allowances?: Array<{ AllowanceNumber: string; TotalAmount: number; TaxAmount: number; Voided: boolean }>;
  }>;
  fault(
    kind: FaultKind,
    options?: { count?: number; ms?: number; path?: string; message?: string },
  ): Promise<void>;
  clearFaults(): Promise<void>;
}

export function returnsAdmin(service: TrainingService): ReturnsAdmin {
  const call = async (route: 'lookup' | 'faults' | 'faults/clear', body: unknown) => {
    const { status, json } = await postAdmin(service.url, service.config.adminToken, route, body);
    if (status !== 200) throw new Error(`admin ${route}: HTTP ${status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    lookup: async (billingNo) => (await call('lookup', { BillingNo: billingNo })) as never,
    fault: async (kind, options = {}) => {
      await call('faults', { kind, count: options.count ?? 1, ...options });
    },
    clearFaults: async () => {
      await call('faults/clear', {});
    },
  };
}

export function standardConfig(
  service: TrainingService,
  base = service.url,
  timeoutMs = 2000,
): StandardServiceConfig {
  return {
    serviceUrl: `${base}/standard`,
    companyId: service.config.companyId,
    apiKey: service.config.standardApiKey,
    signingSecret: service.config.standardSigningSecret,
    timeoutMs,
    // The till speaks the service's dialect (profile §6): its batch bodies and answer shapes.
    variant: service.config.variant,
  };
}

/** A till id every variant takes: SystemLead's segment group (UseFor) has 2 characters. */
export const tillIdFor = (variant: ProviderVariantId) => (variant === 'systemlead' ? 'T1' : 'T01');

export interface ReturnsTill extends Till {
  returns: ReturnsEngine;
  returnsLogger: Logger;
}

export function openReturnsTill(options: {
  dbPath: string;
  service: TrainingService;
  url?: string;
  timeoutMs?: number;
  now?: () => Date;
}): ReturnsTill {
  const variant = options.service.config.variant;
  const till = openTill({
    dbPath: options.dbPath,
    service: options.service,
    tillId: tillIdFor(variant),
    config: { variant },
    ...(options.url ? { url: options.url } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const returnsLogger = memoryLogger();
  const returns = assembleReturns({
    journal: till.journal,
    service: standardConfig(options.service, options.url ?? options.service.url, options.timeoutMs ?? 2000),
    tillId: tillIdFor(variant),
    trainingMode: true,
    logger: returnsLogger,
    ...(options.now ? { now: options.now } : {}),
    reissue: (order, reissueOf) => till.engine.submit(order, { reissueOf }),
  });
  return { ...till, returns, returnsLogger };
}

export interface ReturnsRig {
  dir: string;
  service: TrainingService;
  relay: CountingRelay;
  svc: ReturnsAdmin;
  till: ReturnsTill;
}

export function useReturnsRig(
  name: string,
  tillOptions: { timeoutMs?: number; variant?: ProviderVariantId } = {},
): ReturnsRig {
  const temp = makeTempDir(name);
  const rig = { dir: temp.dir } as ReturnsRig;
  const { variant, ...options } = tillOptions;
  beforeAll(async () => {
    // The service and the till speak one variant (the profile's when none is given).
    rig.service = await startService(temp.dir, variant ? { variant } : {});
    rig.relay = await startRelay(rig.service.port);
    rig.svc = returnsAdmin(rig.service);
    rig.till = openReturnsTill({
      dbPath: join(temp.dir, 'journal.sqlite'),
      service: rig.service,
      url: rig.relay.url,
      ...options,
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

/** Two lines (便當 ×2 at 120, 飲料 ×3 at 35), paid cash 200 + card 145. */
export const twoLineOrder = (): CheckoutOrder => ({
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

export const businessTwoLineOrder = (): CheckoutOrder => ({
  lines: [
    { name: '辦公椅', quantity: 2, unitPrice: 1050, taxType: 'taxable' },
    { name: '運費', quantity: 1, unitPrice: 100, taxType: 'taxable' },
  ],
  payments: [{ method: 'card', amount: 2200 }],
  invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
});

export const BY = { by: '店長' };

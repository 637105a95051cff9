import type { Logger } from '../../../src/main/core/logger';
import type { StandardServiceConfig } from '../../../src/main/invoice-service/standard-client';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../../src/main/returns/engine';
import type { ProviderVariantId } from '../../../src/provider/variants';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import type { FaultKind, TrainingService } from '../../../src/training-service';
import { adminChannel, useTrainingRig, type TrainingRig } from '../../support/training-rig';
import { businessOrder, memoryLogger, openTill, serviceConfig, type Till } from '../checkout/harness';

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
  const { call, clearFaults } = adminChannel(service);
  return {
    lookup: async (billingNo) => (await call('lookup', { BillingNo: billingNo })) as never,
    fault: async (kind, options = {}) => {
      await call('faults', { kind, count: options.count ?? 1, ...options });
    },
    clearFaults,
  };
}

export function standardConfig(
  service: TrainingService,
  base = service.url,
  timeoutMs = 2000,
): StandardServiceConfig {
  return {
    // The POS API's config with the standard API's path and keys.
    ...serviceConfig(service, `${base}/standard`, timeoutMs),
    apiKey: service.config.standardApiKey,
    signingSecret: service.config.standardSigningSecret,
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

export type ReturnsRig = TrainingRig<ReturnsAdmin, ReturnsTill>;

/** A returns rig for the calling describe block (see `useTrainingRig`). */
export function useReturnsRig(
  name: string,
  tillOptions: { timeoutMs?: number; variant?: ProviderVariantId } = {},
): ReturnsRig {
  const { variant, ...options } = tillOptions;
  return useTrainingRig(name, variant, {
    admin: returnsAdmin,
    till: (service, dbPath, url) => openReturnsTill({ dbPath, service, url, ...options }),
  });
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

/** The checkout tests' B2B order (辦公椅 ×2 at 1050, 運費 100, card 2200, tax ID 04595252). */
export const businessTwoLineOrder = businessOrder;

export const BY = { by: '店長' };

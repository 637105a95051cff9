import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import type { IssuedEvent } from '../../../src/main/checkout/engine';
import type { PosServiceConfig } from '../../../src/main/invoice-service/client';
import { Journal } from '../../../src/main/journal/journal';
import type { ProviderVariantId } from '../../../src/provider/variants';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import type { FaultKind, TrainingService } from '../../../src/training-service';
import { memoryLogger, type MemoryLogger } from '../../support/memory-logger';
import { adminChannel, useTrainingRig, type TrainingRig } from '../../support/training-rig';

// The service, its admin channel and the counting relay are shared with the returns tests.
export { startRelay, startService, type CountingRelay } from '../../support/training-rig';
// Kept here too for the many tests that import it from the checkout's harness.
export { memoryLogger, type MemoryLogger };

/**
 * Real parts for the checkout's integration tests: the training service on 127.0.0.1 (with its
 * admin channel), real journal files, and a TCP relay that counts the connections the till opens
 * (each request is one connection: the client never reuses one), so "sent exactly once" is seen
 * from outside the till.
 */
export interface Admin {
  lookup(
    billingNo: string,
  ): Promise<{ found: boolean; InvoiceNumber?: string; BillingNo?: string; TotalAmount?: number }>;
  /** `hold`: the fault waits for `TrainingService.release()` instead of `ms`. */
  fault(kind: FaultKind, count?: number, ms?: number, message?: string, hold?: boolean): Promise<void>;
  clearFaults(): Promise<void>;
}

export function admin(service: TrainingService): Admin {
  const { call, clearFaults } = adminChannel(service);
  return {
    lookup: async (billingNo) =>
      (await call('lookup', { BillingNo: billingNo })) as Awaited<ReturnType<Admin['lookup']>>,
    fault: async (kind, count = 1, ms, message, hold) => {
      await call('faults', {
        kind,
        count,
        ...(ms === undefined ? {} : { ms }),
        ...(message ? { message } : {}),
        ...(hold ? { hold } : {}),
      });
    },
    clearFaults,
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
export type CheckoutRig = TrainingRig<Admin, Till>;

/** A checkout rig for the calling describe block (see `useTrainingRig`). */
export function useCheckoutRig(
  name: string,
  tillOptions: { timeoutMs?: number; tillId?: string; variant?: ProviderVariantId } = {},
): CheckoutRig {
  const { variant, ...options } = tillOptions;
  return useTrainingRig(name, variant, {
    admin,
    till: (service, dbPath, url) =>
      openTill({ dbPath, service, url, ...options, ...(variant ? { config: { variant } } : {}) }),
  });
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

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import { TillError } from '../../../src/main/core/errors';
import type { Logger } from '../../../src/main/core/logger';
import type { StandardServiceConfig } from '../../../src/main/invoice-service/standard-client';
import { Journal } from '../../../src/main/journal/journal';
import { assembleReconciliation } from '../../../src/main/reconciliation/assemble';
import type { ReconciliationEngine } from '../../../src/main/reconciliation/engine';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../../src/main/returns/engine';
import type { PosServiceConfig } from '../../../src/main/invoice-service/client';
import { STANDARD_OPERATIONS } from '../../../src/provider/standard-profile';
import type { TrainingService } from '../../../src/training-service';
import { signExports } from '../../support/export-keys';
import {
  documentedSignature,
  startSystemLeadStandin,
  type SystemLeadStandin,
} from '../../support/systemlead-standin';
import { makeTempDir } from '../../support/temp-dir';
import { businessOrder, carrierOrder, donateOrder, paperOrder, phoneOrder } from '../checkout/harness';
import {
  lookup,
  sellDirectly,
  settableClock,
  startClockedService,
  type Clock,
} from '../reconciliation/harness';

/**
 * The SystemLead variant's checkout, returns and reconciliation, ONE suite run against both sides
 * of the wire (issue 25): the training service in `systemlead` mode, and the stand-in written from
 * SystemLead's published documents (test/support/systemlead-standin.ts). Where the documents
 * publish no answer the till needs (an allowance's number, and so its void), the stand-in makes
 * none up: the till must say so and never guess, and this suite asserts what it says.
 */
const START = new Date('2026-11-05T10:00:00+08:00');
const DAY = '2026-11-05';
const TILL = 'T1'; // SystemLead's UseFor has 2 characters
const BY = '林店長';
const quiet: Logger = { info() {}, warn() {}, error() {} };

interface Backend {
  pos: Omit<PosServiceConfig, 'timeoutMs'>;
  standard: Omit<StandardServiceConfig, 'timeoutMs'>;
  /** What the provider says about an invoice: its last step (GetInvoicesStatus.md's code). */
  processStatus(invoiceNumber: string, orderNo: string): Promise<string>;
  /** Allowances the provider made for the invoice. */
  allowancesMade(invoiceNumber: string, orderNo: string): Promise<number>;
  /** A sale on this till's segment (UseFor T1) that no till's journal heard of; its invoice number. */
  sellElsewhere(): Promise<string>;
  /** Whether the provider publishes the allowance's number (the stand-in: the documents do not). */
  answersAllowanceNumbers: boolean;
  close(): Promise<void>;
}

async function trainingBackend(dir: string, clock: Clock): Promise<Backend> {
  const service: TrainingService = await startClockedService(dir, clock, { variant: 'systemlead' });
  const { companyId, apiKey, signingSecret, standardApiKey, standardSigningSecret } = service.config;
  const look = async (orderNo: string) =>
    (await lookup(service, orderNo)) as { ProcessStatus?: string; Allowances?: unknown[] };
  return {
    pos: { serviceUrl: service.url, companyId, apiKey, signingSecret, variant: 'systemlead' },
    standard: {
      serviceUrl: service.standardUrl,
      companyId,
      apiKey: standardApiKey,
      signingSecret: standardSigningSecret,
      variant: 'systemlead',
    },
    processStatus: async (_number, orderNo) => (await look(orderNo)).ProcessStatus ?? 'NF',
    allowancesMade: async (_number, orderNo) => (await look(orderNo)).Allowances?.length ?? 0,
    sellElsewhere: async () =>
      (await sellDirectly(service, clock, 'T1-20261105-900001', { deviceId: TILL, amount: 480 }))
        .invoiceNumber,
    answersAllowanceNumbers: true,
    close: () => service.close(),
  };
}

async function standinBackend(clock: Clock): Promise<Backend & { standin: SystemLeadStandin }> {
  const companyId = '89430377'; // ApiHeader.md's sample seller
  const salt = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // Signature.md's sample Salt
  const standin = await startSystemLeadStandin({ companyId, salt, now: clock.now });
  // One company Salt for both APIs, and no apiKey at all (ApiHeader.md): the key is never sent.
  const keys = { companyId, apiKey: '', signingSecret: salt, variant: 'systemlead' as const };
  return {
    standin,
    pos: { serviceUrl: standin.url, ...keys },
    standard: { serviceUrl: standin.url, ...keys },
    processStatus: async (number) =>
      standin.invoices.find((invoice) => invoice.invoiceId === number)?.processStatus ?? 'NF',
    allowancesMade: async (number) =>
      standin.allowances.filter((allowance) => allowance.invoiceNumbers.includes(number)).length,
    // Receipt.md's minimal order in ApiHeader.md's wrapper, signed as Signature.md says.
    sellElsewhere: async () => {
      const timestamp = String(Math.floor(clock.now().getTime() / 1000) - 250);
      const response = await fetch(`${standin.url}/Append/Order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          CompanyID: companyId,
          Timestamp: timestamp,
          Signature: documentedSignature(timestamp, salt),
          Data: {
            CompanyID: companyId,
            InvoiceFor: 'C',
            BuyerID: '0000000000',
            PrintMark: 'Y',
            RandomNumber: '1234',
            DonateMark: 'N',
            TaxType: '1',
            TaxAmount: 0,
            TotalAmount: 480,
            RelateNumber: 'T1-20261105-900001',
            UseFor: TILL,
            Details: [
              { DetailID: '001', ProductName: '遺失的交易', Quantity: 1, UnitPrice: 480, SubTotal: 480 },
            ],
          },
        }),
      });
      const [answer] = (await response.json()) as Array<{ InvoiceID: string }>;
      return answer!.InvoiceID;
    },
    answersAllowanceNumbers: false,
    close: () => standin.close(),
  };
}

interface Till {
  journal: Journal;
  checkout: CheckoutAssembly;
  returns: ReturnsEngine;
  reconciliation: ReconciliationEngine;
}

function openTill(dbPath: string, backend: Backend, clock: Clock): Till {
  const journal = signExports(Journal.open(dbPath, { now: clock.now }));
  const common = { journal, tillId: TILL, trainingMode: true, logger: quiet, now: clock.now };
  return {
    journal,
    checkout: assembleCheckout({ ...common, service: { ...backend.pos, timeoutMs: 2000 } }),
    returns: assembleReturns({ ...common, service: { ...backend.standard, timeoutMs: 2000 } }),
    reconciliation: assembleReconciliation({
      ...common,
      service: { ...backend.standard, timeoutMs: 2000 },
      sleep: async () => {
        throw new Error('a test run tried to wait for the timestamp window');
      },
    }),
  };
}

const BACKENDS = ['training service (systemlead mode)', 'stand-in from the documents'] as const;

describe.each(BACKENDS)('the SystemLead variant against the %s', (side) => {
  const temp = makeTempDir(`systemlead-both-${side === BACKENDS[0] ? 'training' : 'standin'}`);
  const clock = settableClock(START);
  let backend: Backend;
  let till: Till;
  const sales: Record<string, { orderNo: string; invoiceNumber: string }> = {};

  beforeAll(async () => {
    backend = side === BACKENDS[0] ? await trainingBackend(temp.dir, clock) : await standinBackend(clock);
    till = openTill(join(temp.dir, 'journal.sqlite'), backend, clock);
  });
  afterAll(async () => {
    till?.journal.close();
    await backend?.close();
    temp.remove();
  });

  describe('checkout', () => {
    for (const [name, order] of [
      ['paper', paperOrder],
      ['carrier', carrierOrder],
      ['love code', donateOrder],
      ['business', businessOrder],
      ['paper for the allowance', () => paperOrder(300)],
    ] as const) {
      it(`a ${name} sale is issued, its number the provider's`, async () => {
        clock.advance(5);
        const result = await till.checkout.engine.submit(order());
        expect(result).toMatchObject({ state: 'issued', orderNo: expect.stringMatching(/^T1-/) });
        expect(await backend.processStatus(result.invoiceNumber!, result.orderNo)).toBe('I0');
        expect(till.journal.detail(result.orderNo)!.transaction.state).toBe('issued');
        sales[name] = { orderNo: result.orderNo, invoiceNumber: result.invoiceNumber! };
      });
    }

    it('"the customer decides on the phone" is refused before anything is written or sent, saying why', async () => {
      const inFlight = till.journal.counts().inFlight;
      const refused = await till.checkout.engine.submit(phoneOrder()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TillError);
      expect((refused as TillError).code).toBe('provider-variant-refused');
      expect((refused as TillError).bilingual.zh).toMatch(/SystemLead 沒有「客人用手機決定」/);
      expect((refused as TillError).bilingual.en).toMatch(
        /SystemLead has no "customer decides on the phone"/,
      );
      expect(till.journal.counts().inFlight).toBe(inFlight);
    });
  });

  describe('returns', () => {
    it('a void is done (CancelInvoice.md), and the provider says 作廢 (C0)', async () => {
      clock.advance(5);
      const { orderNo, invoiceNumber } = sales.carrier!;
      const result = await till.returns.submit({ kind: 'void', orderNo, reason: '客人退貨' }, { by: BY });
      expect(result.state).toBe('done');
      expect(await backend.processStatus(invoiceNumber, orderNo)).toBe('C0');
      const exchanges = till.journal.returnDetail(result.returnId)!.exchanges;
      expect(exchanges.map((exchange) => exchange.operation)).toEqual([STANDARD_OPERATIONS.cancelInvoices]);
    });

    it('an allowance: done with its number where the provider answers one; else 待確認, saying so, and never sent twice', async () => {
      clock.advance(5);
      const { orderNo, invoiceNumber } = sales['paper for the allowance']!;
      const first = await till.returns.submit(
        { kind: 'allowance', orderNo, items: [{ sequence: '001', quantity: 1 }], reason: '折讓' },
        { by: BY },
      );
      expect(await backend.processStatus(invoiceNumber, orderNo)).toBe('A0');
      if (backend.answersAllowanceNumbers) {
        expect(first).toMatchObject({ state: 'done', allowanceNumber: expect.stringMatching(/\d{3}$/) });
        expect(await backend.allowancesMade(invoiceNumber, orderNo)).toBe(1);
        return;
      }
      // InsertAllowance.md publishes no answer: no number, so the outcome is not known.
      expect(first).toMatchObject({ state: 'needs-verification', allowanceNumber: null });
      expect(first.detail).toMatch(/without an AllowanceNumber/);
      // GetInvoicesStatus.md lists no allowances: A0, but whose? Still 待確認, and not sent again.
      clock.advance(5);
      const checked = await till.returns.status(first.returnId, { by: BY, resend: true });
      expect(await backend.allowancesMade(invoiceNumber, orderNo), 'one allowance, never a second').toBe(1);
      expect(checked.state).toBe('needs-verification');
      expect(checked.message.zh).toMatch(/沒有列出折讓單號.*請勿再送/);
      expect(checked.message.en).toMatch(/lists no allowance numbers.*Do not send it again/);
      expect(till.journal.returnDetail(first.returnId)!.exchanges.map((e) => e.operation)).toEqual([
        STANDARD_OPERATIONS.allowanceInvoice,
        STANDARD_OPERATIONS.getInvoicesStatus,
      ]);
    });

    it('an allowance void goes to /Update/CancelAllowances (InvoiceApiList.md), where there is a number to void', async () => {
      clock.advance(5);
      const { orderNo } = sales['paper for the allowance']!;
      const allowance = till.journal.returnsOf(orderNo).find((record) => record.kind === 'allowance')!;
      if (!backend.answersAllowanceNumbers) {
        // Nothing to name: the documents give the till no allowance number to void.
        expect(allowance.allowanceNumber).toBeNull();
        return;
      }
      const result = await till.returns.submit(
        { kind: 'cancel-allowance', allowanceNumber: allowance.allowanceNumber!, reason: '折讓誤開' },
        { by: BY },
      );
      expect(result.state).toBe('done');
      expect(till.journal.returnDetail(result.returnId)!.exchanges.map((e) => e.operation)).toEqual([
        STANDARD_OPERATIONS.cancelAllowances,
      ]);
    });
  });

  describe('reconciliation', () => {
    it("the day's invoices checked with GetInvoicesStatus, GetInvoicesAppendStatus and GetInvoiceIDList: nothing missing", async () => {
      clock.advance(60);
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
      expect(report.notChecked).toEqual([]);
      expect(report.complete).toBe(true);
      expect(report.checked).toBe(5);
      expect(report.mismatches).toEqual([]);
      expect(report.uploadsLate).toEqual([]);
      // Every number the till's segment (UseFor T1) gave is in the journal.
      expect(report.unknownToJournal).toEqual([]);
    });

    it('a number of this till’s segment that its journal never heard of is named, read from GetInvoiceIDList', async () => {
      const lost = await backend.sellElsewhere();
      clock.advance(60);
      const { report } = await till.reconciliation.run({ businessDays: [DAY], trigger: 'on-demand' });
      expect(report.complete).toBe(true);
      expect(report.unknownToJournal.map((finding) => finding.invoiceNumber)).toEqual([lost]);
    });
  });
});

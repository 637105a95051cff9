import { bilingual, sumNtd, taipeiDateTime, type Bilingual } from '../../shared/domain';
import type { CheckoutOrder, CheckoutResult } from '../../shared/ipc/contract/checkout';
import { TillError } from '../core/errors';
import type { Logger } from '../core/logger';
import {
  createPosClient,
  type PosClient,
  type PosClientDeps,
  type PosServiceConfig,
} from '../invoice-service/client';
import { createCloudPrintClient, type CloudPrintClient } from '../invoice-service/cloud-print-client';
import type { IssuedOutcome, Outcome } from '../invoice-service/outcome';
import { toPosOrderData, type PosOperation } from '../../provider/pos-profile';
import type { Journal, TransactionRecord } from '../journal/journal';
import { saleKind } from '../provider-ops/kinds/sale';
import {
  later,
  perform,
  timedAsync,
  writeAhead,
  type OperationTrace,
  type PathDeps,
} from '../provider-ops/operation';
import { outcomeDetail, outcomeMessage } from './messages';
import { joinReasons, prepareOrder, type PreparedOrder } from './prepare-order';

/**
 * The checkout pipeline: validate → order number → journal (BEFORE the request) → send once →
 * record the exchange and the outcome → answer. It never resends on its own: only
 * `Timestamp already used` (decided before anything is issued) gets a fresh timestamp at once;
 * every other resend is `resubmit`, a person's action, under the same order number.
 * It does not print: whoever prints subscribes to `onIssued`.
 */
export interface IssuedEvent {
  orderNo: string;
  transaction: TransactionRecord;
  outcome: IssuedOutcome;
  /** The raw PrintDataString as received (null when missing); the journal keeps it too. */
  printDataString: string | null;
  /** The cloud printer's job for this proof (provider profile §8): nothing to print here. */
  cloudPrintJobId?: string | null;
}

/** Where sales go right now: the provider's address and keys for the current mode, and whether it is training. */
export interface ServiceConnection {
  config: PosServiceConfig;
  training: boolean;
  /** A `cloud:` printer from Settings: paper-proof sales are issued on it (provider profile §8). */
  cloudPrinter?: { printerNo: string; salesId?: string } | null;
}

/**
 * Invoice mode (src/main/invoice-mode, handed in by app/): the till's own numbers when the POS
 * API cannot be reached. Only a sale that surely never reached the service (not delivered), or
 * one never sent in offline mode, is issued this way; an unknown outcome never is.
 */
export interface OfflineIssuing {
  /** Offline mode: sales are not sent, they are issued with the till's numbers. */
  offlineMode(): boolean;
  /** What each POS exchange ended as (N not delivered in a row switch to offline mode). */
  seen(outcome: Outcome['kind']): void;
  /** The service's clock minus the till's at its last answer: offline, the invoice's date is checked against it. */
  clockSeen?(offsetSeconds: number): void;
  /**
   * Issues the sale offline, in ONE journal commit with `begin` when it is new (offline mode).
   * Null when it cannot (no numbers in hand, no QR key): the sale goes on as without invoice mode.
   * Throws a TillError, with nothing written, when the invoice's date cannot be right (a clock set
   * into another period while offline): the cashier is told why.
   */
  issue(
    sale: { orderNo: string } | { begin: () => TransactionRecord },
    change: number,
  ): Promise<CheckoutResult | null>;
}

type CloudPrint = { client: CloudPrintClient; printerNo: string; salesId?: string } | null;

export interface CheckoutEngineDeps {
  journal: Journal;
  /**
   * Resolved for every checkout (settings and secrets may change while the till runs). Throws a
   * TillError when the service is not set up: then nothing has been written.
   */
  connect(): ServiceConnection | Promise<ServiceConnection>;
  /** The till's id (settings may change it between sales). */
  tillId: string | (() => string);
  logger: Logger;
  now?: () => Date;
  /** An invoice exists: print the proof / show the QR. A failing hook never changes the sale. */
  onIssued?: (event: IssuedEvent) => void | Promise<void>;
  /**
   * An invoice exists, inside the outcome's commit (before `onIssued`): journal writes that belong
   * with it (the print job), so the sale's path stays at two durable commits. Synchronous; a throw
   * rolls back only what the hook wrote, never the sale.
   */
  enqueueOnIssued?: (event: IssuedEvent) => void;
  /** A sale changed state (the status bar's pending count may have moved). */
  onStateChanged?: (transaction: TransactionRecord) => void;
  /** After each attempt: whether a connection to the service opened (for the status bar). */
  onServiceSeen?: (reachable: boolean) => void;
  /** After each answer with a `Date` header: the service's clock minus the till's, in seconds. */
  onClockSeen?: (offsetSeconds: number) => void;
  /** The HTTP transport (tests script it); node:http by default. */
  post?: PosClientDeps['post'];
  /** Where each sale's time goes (the bench). */
  trace?: OperationTrace;
  /** Invoice mode, when the till has it (app/ hands it in). */
  offline?: OfflineIssuing;
}

export interface CheckoutEngine {
  /** `reissueOf`: 改開, the voided sale this new sale replaces (the journal checks its void is done). */
  submit(order: CheckoutOrder, options?: { reissueOf?: string }): Promise<CheckoutResult>;
  resubmit(orderNo: string, options?: { by?: string }): Promise<CheckoutResult>;
}

export function createCheckoutEngine(deps: CheckoutEngineDeps): CheckoutEngine {
  const now = deps.now ?? (() => new Date());
  const { journal, logger } = deps;
  const path: PathDeps = { journal, logger, trace: deps.trace };

  /**
   * The client always takes its timestamps from this journal: the first one is reserved in the
   * same commit as the sale, and every one is on disk before it is sent.
   */
  async function connect(): Promise<{ client: PosClient; training: boolean; cloud: CloudPrint }> {
    const { config, training, cloudPrinter } = await deps.connect();
    const clientDeps = journaledClientDeps({ ...deps, now }, config);
    const client = createPosClient(clientDeps);
    // The same journal's timestamps and transport: the cloud issue is the same path's other kind.
    const cloud = cloudPrinter ? { ...cloudPrinter, client: createCloudPrintClient(clientDeps) } : null;
    return { client, training, cloud };
  }

  async function submit(order: CheckoutOrder, options: { reissueOf?: string } = {}): Promise<CheckoutResult> {
    const prepared = prepareOrder(order);
    if (!prepared.ok) throw new TillError('invalid-order', withNothingDone(joinReasons(prepared.reasons)));
    const { client, training, cloud } = await connect();
    const tillId = typeof deps.tillId === 'function' ? deps.tillId() : deps.tillId;
    const instant = now();
    const beginSale = () => {
      const orderNo = journal.nextOrderNo(tillId, instant);
      const requestData = buildRequestData(prepared.order, orderNo, tillId, instant);
      // The provider's variant may not take this order (a till id longer than its field): thrown
      // here, the commit is rolled back with the order number, and nothing is written or sent.
      refuseFor(client, requestData, prepared.order.operation);
      // The order passed prepareOrder: the journal checks the record's links, not its shape again.
      const transaction = journal.beginPrepared({
        orderNo,
        tillId,
        companyId: client.config.companyId,
        training,
        operation: prepared.order.operation,
        invoice: prepared.order.invoice,
        lines: prepared.order.lines,
        payments: prepared.order.payments,
        totals: {
          totalAmount: prepared.order.amounts.totalAmount,
          salesAmount: prepared.order.amounts.salesAmount,
          taxAmount: prepared.order.amounts.taxAmount,
          zeroTaxSalesAmount: prepared.order.amounts.zeroTaxSalesAmount,
          freeTaxSalesAmount: prepared.order.amounts.freeTaxSalesAmount,
        },
        requestData,
        ...(prepared.order.cashier ? { cashier: prepared.order.cashier } : {}),
        ...(options.reissueOf ? { reissueOf: options.reissueOf } : {}),
        at: instant,
      });
      return transaction;
    };
    // Offline mode: nothing is sent; the sale and its number are one commit (never in flight).
    if (deps.offline?.offlineMode()) {
      const offline = await deps.offline.issue({ begin: beginSale }, prepared.order.change);
      if (offline) return offline;
    }
    // One commit before the request: the order number, the sale (state in-flight) and the
    // first timestamp. Nothing leaves the till before it is on disk.
    const { record: transaction, timestamp } = writeAhead(path, beginSale, client.reserveTimestamp);
    return send(client, cloud, transaction, timestamp, prepared.order.change);
  }

  async function resubmit(orderNo: string, options: { by?: string } = {}): Promise<CheckoutResult> {
    const existing = journal.get(orderNo);
    const { client, training, cloud } = await connect();
    if (existing && existing.training !== training) {
      throw new TillError(
        'mode-mismatch',
        existing.training
          ? bilingual(
              `訂單 ${orderNo} 是練習模式的交易，不能在正式模式送出`,
              `Order ${orderNo} is a training sale: it cannot be sent in production mode`,
            )
          : bilingual(
              `訂單 ${orderNo} 是正式交易，不能在練習模式送出`,
              `Order ${orderNo} is a real sale: it cannot be sent in training mode`,
            ),
      );
    }
    if (existing && existing.companyId !== client.config.companyId) {
      throw new TillError(
        'company-mismatch',
        bilingual(
          `訂單 ${orderNo} 屬於統一編號 ${existing.companyId}，與目前設定不同`,
          `Order ${orderNo} belongs to seller ${existing.companyId}, not the one set up now`,
        ),
      );
    }
    // The variant may have changed since (Settings): it must take the order as journaled.
    if (existing) refuseFor(client, existing.requestData, existing.operation);
    // The journal refuses (bilingual, nothing changed) unless rejected, not-delivered or not-issued.
    const { record: transaction, timestamp } = writeAhead(
      path,
      () => journal.resubmit(orderNo, options.by ? { by: options.by } : {}),
      client.reserveTimestamp,
    );
    const change = sumNtd(transaction.payments.map((payment) => payment.change ?? 0));
    return send(client, cloud, transaction, timestamp, change);
  }

  async function send(
    client: PosClient,
    cloudPrint: CloudPrint,
    transaction: TransactionRecord,
    firstTimestamp: string,
    change: number,
  ): Promise<CheckoutResult> {
    const enqueue = deps.enqueueOnIssued;
    const kind = saleKind({
      journal,
      client,
      logger,
      onServiceSeen: deps.onServiceSeen,
      cloudPrint,
      onIssuedInCommit: enqueue
        ? (issued, outcome) => {
            try {
              // A savepoint: the hook's writes go, the sale's outcome stays.
              journal.batch(() => enqueue(issuedEvent(issued, outcome)));
            } catch (error) {
              logger.error(
                `checkout ${issued.orderNo}: the in-commit issued hook failed (the invoice stands)`,
                error,
              );
            }
          }
        : undefined,
    });
    const { record: after, outcome } = await perform(path, kind, transaction, firstTimestamp);
    deps.offline?.seen(outcome.kind);
    // Surely never reached the service: issued with the till's own number, if it has one.
    let notOffline: Bilingual | null = null;
    if (outcome.kind === 'not-delivered' && deps.offline) {
      let offline: CheckoutResult | null = null;
      try {
        offline = await deps.offline.issue({ orderNo: after.orderNo }, change);
      } catch (error) {
        // Refused with a reason the cashier reads (the till's clock): the sale stays not delivered.
        if (!(error instanceof TillError)) throw error;
        notOffline = error.bilingual;
      }
      if (offline) {
        deps.onStateChanged?.(journal.get(after.orderNo) ?? after);
        return offline;
      }
    }
    // The status bar's pending count can wait for the answer; the proof cannot (the result
    // screen says whether it printed).
    if (deps.onStateChanged) {
      const onStateChanged = deps.onStateChanged;
      later(logger, `checkout ${after.orderNo}: the state-changed hook`, () => onStateChanged(after));
    }
    if (outcome.kind === 'issued') {
      await timedAsync(deps.trace, 'print', () => notifyIssued(after, outcome));
    }
    const result = toResult(after, outcome, change);
    return notOffline
      ? {
          ...result,
          message: bilingual(
            `${result.message.zh} ${notOffline.zh}`,
            `${result.message.en} ${notOffline.en}`,
          ),
        }
      : result;
  }

  async function notifyIssued(transaction: TransactionRecord, outcome: IssuedOutcome): Promise<void> {
    if (!deps.onIssued) return;
    try {
      await deps.onIssued(issuedEvent(transaction, outcome));
    } catch (error) {
      logger.error(`checkout ${transaction.orderNo}: the issued hook failed (the invoice stands)`, error);
    }
  }

  function buildRequestData(order: PreparedOrder, orderNo: string, tillId: string, instant: Date) {
    const { invoice } = order;
    return toPosOrderData({
      orderNo,
      invoiceDateTime: taipeiDateTime(instant),
      deviceId: tillId,
      operation: order.operation,
      ...order.amounts,
      ...(invoice.buyerTaxId ? { buyerTaxId: invoice.buyerTaxId } : {}),
      ...(invoice.buyerTitle ? { buyerTitle: invoice.buyerTitle } : {}),
      ...(invoice.carrierType && invoice.carrierId
        ? { carrier: { type: invoice.carrierType, id: invoice.carrierId } }
        : {}),
      ...(invoice.loveCode ? { loveCode: invoice.loveCode } : {}),
    });
  }

  return { submit, resubmit };
}

/**
 * A POS-API client's dependencies on this journal: every timestamp reserved (and on disk) here
 * before it is sent. The sale's clients and the cloud print jobs' client (printing) share it.
 */
export function journaledClientDeps(
  deps: Pick<CheckoutEngineDeps, 'journal' | 'logger' | 'onClockSeen' | 'offline' | 'post'> & {
    now: () => Date;
  },
  config: PosServiceConfig,
): PosClientDeps {
  const { journal, now } = deps;
  return {
    config,
    reserveTimestamp: (companyId, nowSeconds, windowSeconds) =>
      journal.reserveTimestamp(companyId, nowSeconds, windowSeconds),
    logger: deps.logger,
    nowSeconds: () => Math.floor(now().getTime() / 1000),
    // The service's clock, seen in each answer: the status bar's offset, and invoice mode's check
    // that a till offline keeps its invoices in the period the service's time says.
    ...(deps.onClockSeen || deps.offline?.clockSeen
      ? {
          onClock: (offsetSeconds: number) => {
            deps.onClockSeen?.(offsetSeconds);
            deps.offline?.clockSeen?.(offsetSeconds);
          },
        }
      : {}),
    ...(deps.post ? { post: deps.post } : {}),
  };
}

function issuedEvent(transaction: TransactionRecord, outcome: IssuedOutcome): IssuedEvent {
  return {
    orderNo: transaction.orderNo,
    transaction,
    outcome,
    printDataString: outcome.response.PrintDataString ?? null,
    cloudPrintJobId: cloudPrintJobOf(outcome),
  };
}

function refuseFor(
  client: PosClient,
  data: Parameters<PosClient['refusal']>[0],
  operation: Parameters<PosClient['refusal']>[1],
): void {
  const refusal = client.refusal(data, operation);
  if (refusal) throw new TillError('provider-variant-refused', withNothingDone(refusal));
}

function withNothingDone(message: { zh: string; en: string }) {
  return { zh: `未結帳：${message.zh}`, en: `Not checked out: ${message.en}` };
}

export function toResult(transaction: TransactionRecord, outcome: Outcome, change: number): CheckoutResult {
  const state = transaction.state;
  if (
    state !== 'issued' &&
    state !== 'rejected' &&
    state !== 'not-delivered' &&
    state !== 'needs-verification'
  ) {
    throw new Error(`checkout ended in state ${state}`);
  }
  const issued = outcome.kind === 'issued' ? outcome : null;
  const printJobId = issued ? cloudPrintJobOf(issued) : null;
  return {
    orderNo: transaction.orderNo,
    state,
    invoiceNumber: transaction.invoiceNumber,
    message: outcomeMessage(transaction.orderNo, outcome),
    detail: outcomeDetail(outcome),
    operation: transaction.operation,
    totalAmount: transaction.totals.totalAmount,
    change: Math.max(0, change),
    attempt: transaction.attempt,
    invoiceDateTime: transaction.invoiceDateTime,
    randomNumber: transaction.randomNumber,
    printData: issued?.printData ? { ...issued.printData } : null,
    // The cloud printer prints the proof: no print data is expected here, none is missing.
    printDataStatus: printJobId ? 'not-expected' : printDataStatus(transaction.operation, issued),
    qrCodeUrl: issued?.qrCodeUrl ?? null,
    missing: issued?.missing ?? [],
    ...(printJobId ? { printJob: { id: printJobId, state: 'queued' as const } } : {}),
  };
}

/** The cloud printer's job of an issue made by `/Append/PrintInvoices`, else null. */
function cloudPrintJobOf(outcome: IssuedOutcome): string | null {
  const id = (outcome as IssuedOutcome & { printJobId?: unknown }).printJobId;
  return typeof id === 'string' ? id : null;
}

function printDataStatus(
  operation: PosOperation,
  issued: IssuedOutcome | null,
): CheckoutResult['printDataStatus'] {
  // A provider that never sends print data (its variant says so): the till builds the proof.
  if (operation !== 'order' || !issued || issued.tillBuildsProof) return 'not-expected';
  if (issued.printDataError) return 'unparseable';
  return issued.printData ? 'ok' : 'missing';
}

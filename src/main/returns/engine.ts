import { bilingual, taipeiDateTime } from '../../shared/domain';
import type { CheckoutOrder, CheckoutResult, InvoiceChoiceInput } from '../../shared/ipc/contract/checkout';
import type {
  ReturnItem,
  ReturnPlan,
  ReturnResult,
  ReturnsSubmitInput,
} from '../../shared/ipc/contract/returns';
import {
  lastOperationOf,
  type AllowanceData,
  type CancelInvoiceData,
  type CancelModelInput,
  type InvoiceStatusItem,
} from '../../provider/standard-profile';
import { TillError } from '../core/errors';
import type { Logger } from '../core/logger';
import {
  createStandardClient,
  type StandardClient,
  type StandardClientDeps,
} from '../invoice-service/standard-client';
import type { StandardConnection } from '../invoice-service/standard-connection';
import type { StandardUpdateOperation } from '../invoice-service/standard-outcome';
import type {
  Journal,
  MethodAmounts,
  ReturnExchangeInput,
  ReturnRecord,
  TransactionRecord,
} from '../journal/journal';
import { joinReasons, prepareOrder } from '../checkout';
import { returnExchange, returnKind } from '../provider-ops/kinds/returns';
import { later, perform, resolveOperation, writeAhead, type PathDeps } from '../provider-ops/operation';
import {
  allowancesNotListedMessage,
  returnDetail,
  returnMessage,
  returnRefused,
  settledMessage,
} from './messages';
import { planReturn, requireIssuedSale } from './plan';

/**
 * The returns pipeline, with a sale's discipline: plan from the journal → the return written
 * in-flight (with its first timestamp) BEFORE the request → sent once → the exchange and outcome
 * recorded → answer. Nothing is resent by itself: an unknown outcome is needs-verification, and
 * `status` asks `GetInvoicesStatus` (spec rule 6) before a person's resend, which goes out under
 * the same allowance prefix, so the service can never make a second allowance of it.
 */
export type { StandardConnection };

export interface ReissueHook {
  /** 改開: the new sale through the checkout engine (new order number), linked to the voided one. */
  (order: CheckoutOrder, reissueOf: string): Promise<CheckoutResult>;
}

export interface ReturnsEngineDeps {
  journal: Journal;
  /** Resolved for every return; throws a TillError when the standard API is not set up (nothing written). */
  connect(): StandardConnection | Promise<StandardConnection>;
  tillId: string | (() => string);
  logger: Logger;
  now?: () => Date;
  reissue?: ReissueHook;
  onStateChanged?: (record: ReturnRecord) => void;
  /**
   * A return now stands (sent, or settled by the status query): the core prints its slip or
   * notice before the answer goes back, so the screen shows what printed. Never changes it.
   */
  onDone?: (record: ReturnRecord) => Promise<void>;
  post?: StandardClientDeps['post'];
}

/** Who settles a return from the status query (the journal's `by`). */
export const STATUS_QUERY_BY = 'GetInvoicesStatus';

const kindName = (kind: ReturnRecord['kind']): ReturnResult['kind'] =>
  kind === 'allowance-void' ? 'cancel-allowance' : kind;

export interface SubmitOptions {
  /** Who did it (the supervisor as named). */
  by: string;
}

export function createReturnsEngine(deps: ReturnsEngineDeps) {
  const now = deps.now ?? (() => new Date());
  const { journal, logger } = deps;
  const tillId = () => (typeof deps.tillId === 'function' ? deps.tillId() : deps.tillId);
  const path: PathDeps = { journal, logger };

  async function connect(companyId: string, training: boolean): Promise<StandardClient> {
    const connection = await deps.connect();
    if (connection.training !== training) {
      throw new TillError(
        'mode-mismatch',
        training
          ? bilingual(
              '這是練習模式的交易，不能在正式模式退貨',
              'A training sale cannot be returned in production mode',
            )
          : bilingual('這是正式交易，不能在練習模式退貨', 'A real sale cannot be returned in training mode'),
      );
    }
    if (connection.config.companyId !== companyId) {
      throw new TillError(
        'company-mismatch',
        bilingual(
          `此交易屬於統一編號 ${companyId}，與目前設定不同`,
          `The sale belongs to seller ${companyId}, not the one set up now`,
        ),
      );
    }
    return createStandardClient({
      config: connection.config,
      reserveTimestamp: (key, nowSeconds, windowSeconds) =>
        journal.reserveTimestamp(key, nowSeconds, windowSeconds),
      logger,
      nowSeconds: () => Math.floor(now().getTime() / 1000),
      ...(deps.post ? { post: deps.post } : {}),
    });
  }

  function plan(orderNo: string, items?: readonly ReturnItem[]): ReturnPlan {
    const planned = planReturn(journal, orderNo, items, now());
    return {
      orderNo,
      invoiceNumber: planned.invoiceNumber,
      kind: planned.kind,
      why: planned.why,
      ...planned.totals,
      lines: planned.lines.map((l) => ({ ...l })),
      refunds: planned.refunds.map(([method, amount]) => ({ method, amount })),
    };
  }

  /** The printing of a return that stands: a failure there never changes the return. */
  async function notifyDone(record: ReturnRecord): Promise<void> {
    if (record.state !== 'done' || !deps.onDone) return;
    try {
      await deps.onDone(record);
    } catch (error) {
      logger.error(`return ${record.id}: printing its slip failed (the return stands)`, error);
    }
  }

  async function submit(
    input: DistributiveOmit<ReturnsSubmitInput, 'pin' | 'by'>,
    options: SubmitOptions,
  ): Promise<ReturnResult> {
    switch (input.kind) {
      case 'return':
      case 'void':
      case 'allowance': {
        const force = input.kind === 'return' ? undefined : input.kind;
        const items = 'items' in input ? input.items : undefined;
        return makeReturn(input.orderNo, items, input.reason, options.by, force);
      }
      case 'cancel-allowance':
        return cancelAllowance(input.allowanceNumber, input.reason, options.by);
      case 'void-and-reissue':
        return voidAndReissue(input.orderNo, input.invoice, input.reason, options.by);
    }
  }

  async function makeReturn(
    orderNo: string,
    items: readonly ReturnItem[] | undefined,
    reason: string,
    by: string,
    force?: 'void' | 'allowance',
    reissue?: { invoice: InvoiceChoiceInput },
  ): Promise<ReturnResult> {
    const planned = planReturn(journal, orderNo, items, now(), force);
    const client = await connect(planned.sale.companyId, planned.sale.training);
    const at = now();
    const refunds = planned.refunds;
    // One commit before the request: the return (in-flight, its prefix) and its first timestamp;
    // a 改開's owed reissue is in the same entry.
    const { record, timestamp } = writeAhead(
      path,
      () =>
        planned.kind === 'void'
          ? journal.beginReturn({
              kind: 'void',
              orderNo,
              tillId: tillId(),
              reason,
              by,
              refunds,
              at,
              ...(reissue ? { reissue } : {}),
            })
          : journal.beginReturn({
              kind: 'allowance',
              orderNo,
              tillId: tillId(),
              reason,
              by,
              refunds,
              lines: planned.lines.map(({ sequence, quantity, refundAmount, amount, tax }) => ({
                sequence,
                quantity,
                refundAmount,
                amount,
                tax,
              })),
              at,
            }),
      client.reserveTimestamp,
    );
    return send(client, record, timestamp, false);
  }

  async function cancelAllowance(allowanceNumber: string, reason: string, by: string): Promise<ReturnResult> {
    const number = allowanceNumber.trim().toUpperCase();
    const allowance = journal.returnByAllowanceNumber(number);
    if (!allowance || allowance.kind !== 'allowance') {
      throw returnRefused(`找不到折讓 ${number}`, `no allowance ${number} in the journal`);
    }
    if (allowance.state !== 'done') {
      throw returnRefused(`折讓 ${number} 尚未完成`, `allowance ${number} is not done`);
    }
    if (allowance.voidedBy !== null) {
      throw returnRefused(`折讓 ${number} 已作廢`, `allowance ${number} is already voided`);
    }
    const sale = requireIssuedSale(journal, allowance.orderNo);
    const client = await connect(sale.companyId, sale.training);
    const at = now();
    const { record, timestamp } = writeAhead(
      path,
      () =>
        journal.beginReturn({
          kind: 'allowance-void',
          orderNo: allowance.orderNo,
          tillId: tillId(),
          reason,
          by,
          allowanceReturnId: allowance.id,
          // The customer gives back what the allowance refunded, by the same methods.
          takenBack: allowance.refunds,
          at,
        }),
      client.reserveTimestamp,
    );
    return send(client, record, timestamp, false);
  }

  /**
   * 改開: the new sale's order (the voided sale's lines, paid as it was, with the new invoice
   * choice), checked as the checkout checks a sale BEFORE anything is sent: a tax ID, carrier or
   * love code the checkout would refuse never gets as far as the void.
   */
  function reissueOrder(
    sale: TransactionRecord,
    invoice: InvoiceChoiceInput,
    paid: MethodAmounts,
  ): CheckoutOrder {
    const order: CheckoutOrder = {
      lines: sale.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxType: line.taxType,
      })),
      payments: paid.map(([method, amount]) => ({
        method: method as CheckoutOrder['payments'][number]['method'],
        amount,
      })),
      invoice,
      ...(sale.cashier ? { cashier: sale.cashier } : {}),
    };
    const prepared = prepareOrder(order);
    if (!prepared.ok) {
      const reasons = joinReasons(prepared.reasons);
      throw new TillError(
        'invalid-order',
        bilingual(
          `改開的新發票無法開立，未作廢：${reasons.zh}`,
          `The reissue cannot be issued, so nothing was voided: ${reasons.en}`,
        ),
      );
    }
    return order;
  }

  async function voidAndReissue(
    orderNo: string,
    invoice: InvoiceChoiceInput,
    reason: string,
    by: string,
  ): Promise<ReturnResult> {
    if (!deps.reissue) throw new Error('returns engine without a reissue hook');
    const sale = requireIssuedSale(journal, orderNo);
    // Everything the reissue needs is checked first; the void then journals the reissue as owed.
    reissueOrder(sale, invoice, planReturn(journal, orderNo, undefined, now(), 'void').refunds);
    const result = await makeReturn(orderNo, undefined, reason, by, 'void', { invoice });
    return withReissue(journal.getReturn(result.returnId)!, result);
  }

  /**
   * The new sale of a 改開 whose void stands and whose reissue is still owed (new order number,
   * linked in the journal to the voided sale); otherwise the answer as it is, saying what is owed.
   */
  async function withReissue(record: ReturnRecord, result: ReturnResult): Promise<ReturnResult> {
    const owed = record.reissue?.owed === true;
    if (!owed) return result;
    if (record.state !== 'done' || !deps.reissue) {
      return {
        ...result,
        reissueOwed: true,
        message: {
          zh: `${result.message.zh}。改開的新發票待作廢確認後開立`,
          en: `${result.message.en}. The reissue is owed: it is issued once the void stands`,
        },
      };
    }
    const sale = requireIssuedSale(journal, record.orderNo);
    let reissue: CheckoutResult;
    try {
      reissue = await deps.reissue(
        reissueOrder(sale, record.reissue!.invoice, record.refunds),
        record.orderNo,
      );
    } catch (error) {
      // The void stands; the reissue stays owed (listed) until it is made.
      logger.error(`return ${record.id}: the reissue could not be made (still owed)`, error);
      const why =
        error instanceof TillError ? error.bilingual : bilingual('系統錯誤', 'an error inside the till');
      return {
        ...result,
        reissueOwed: true,
        message: {
          zh: `${result.message.zh}。改開的新發票尚未開立（仍列入待處理）：${why.zh}`,
          en: `${result.message.en}. The reissue is not made yet (still listed as owed): ${why.en}`,
        },
      };
    }
    const after = journal.getReturn(record.id)!;
    return {
      ...result,
      reissue,
      reissueOwed: after.reissue?.owed === true,
      message: {
        zh: `${result.message.zh}。改開：${reissue.message.zh}`,
        en: `${result.message.en}. Reissue: ${reissue.message.en}`,
      },
    };
  }

  function requestData(
    record: ReturnRecord,
    companyId: string,
  ): { operation: StandardUpdateOperation; data: CancelInvoiceData | AllowanceData | CancelModelInput } {
    const date = taipeiDateTime(now());
    if (record.kind === 'void') {
      return {
        operation: 'cancelInvoices',
        data: {
          SellerID: companyId,
          InvoiceNumber: record.invoiceNumber,
          CancelDate: date,
          CancelReason: record.reason,
        },
      };
    }
    if (record.kind === 'allowance-void') {
      return {
        operation: 'cancelAllowance',
        data: {
          SellerID: companyId,
          AllowanceNumber: record.allowanceNumber!,
          CancelDate: date,
          CancelReason: record.reason,
          Remark: '',
        },
      };
    }
    const sale = journal.get(record.orderNo)!;
    const details = record.lines.map((line) => {
      const original = sale.requestData.Details[Number(line.sequence) - 1]!;
      return {
        InvoiceNumber: record.invoiceNumber,
        SequenceNumber: line.sequence,
        Description: line.name.slice(0, 256),
        Quantity: line.quantity,
        // Tax excluded, like Amount; an amount-only line has Quantity 0 and UnitPrice = Amount.
        UnitPrice: line.quantity > 0 ? Math.round((line.amount / line.quantity) * 100) / 100 : line.amount,
        Amount: line.amount,
        ItemTaxType: original.ItemTaxType as '1' | '2' | '3',
        Tax: line.tax,
      };
    });
    return {
      operation: 'allowanceInvoice',
      data: {
        AllowanceNumberPrefix: record.allowancePrefix!,
        AllowanceDate: date,
        SellerID: companyId,
        BuyerID: sale.requestData.BuyerID,
        AllowanceType: '2',
        TaxAmount: record.totals.taxAmount,
        TotalAmount: record.totals.salesAmount,
        Details: details,
      },
    };
  }

  async function send(
    client: StandardClient,
    record: ReturnRecord,
    firstTimestamp: string,
    afterUnknown: boolean,
  ): Promise<ReturnResult> {
    const kind = returnKind({
      journal,
      client,
      afterUnknown,
      request: (sending) => requestData(sending, client.config.companyId),
    });
    const { record: after, outcome } = await perform(path, kind, record, firstTimestamp);
    stateChanged(after);
    await notifyDone(after);
    return toResult(
      after,
      returnMessage(after.kind, after.invoiceNumber, after.allowanceNumber, outcome),
      returnDetail(outcome),
    );
  }

  /** The status bar's counts can wait for the answer. */
  function stateChanged(record: ReturnRecord): void {
    const onStateChanged = deps.onStateChanged;
    if (onStateChanged)
      later(logger, `return ${record.id}: the state-changed hook`, () => onStateChanged(record));
  }

  /**
   * Settles a return that needs verification from `GetInvoicesStatus` (spec rule 6): the void or
   * allowance void found → done, our prefix's allowance found → done with its number, absent →
   * not-done. With `resend`, a return that does not stand (not-done, not-delivered) goes again,
   * the same record under the same prefix, attempt + 1.
   */
  async function status(returnId: number, options: { by: string; resend: boolean }): Promise<ReturnResult> {
    let record = journal.getReturn(returnId);
    if (!record) throw returnRefused(`找不到退貨紀錄 ${returnId}`, `no return ${returnId} in the journal`);
    const sale = requireIssuedSale(journal, record.orderNo);
    const client = await connect(sale.companyId, sale.training);
    let message = returnStateMessage(record);
    if (record.state === 'needs-verification') {
      const settled = await settle(client, record, options.by);
      record = settled.record;
      message = settled.message;
    }
    if (options.resend && (record.state === 'not-done' || record.state === 'not-delivered')) {
      const afterUnknown = (journal.returnDetail(record.id)?.exchanges ?? []).some(
        (e) => e.outcome === 'uncertain',
      );
      const resent = writeAhead(
        path,
        () => journal.resendReturn(record!.id, { by: options.by }),
        client.reserveTimestamp,
      );
      const sent = await send(client, resent.record, resent.timestamp, afterUnknown);
      return withReissue(journal.getReturn(sent.returnId)!, sent);
    }
    // A 改開 whose void stands now (or stood, and its reissue was not made): the reissue, once.
    return withReissue(record, toResult(record, message));
  }

  async function settle(
    client: StandardClient,
    record: ReturnRecord,
    by: string,
  ): Promise<{ record: ReturnRecord; message: { zh: string; en: string } }> {
    let last: ReturnExchangeInput | null = null;
    const { outcome } = await client.status([record.invoiceNumber], {
      afterAnswer: (start, summary, answer) => {
        const exchange = returnExchange(start, summary, answer);
        if (exchange.outcome === 'timestamp-retry') journal.recordReturnExchange(record.id, exchange);
        else last = exchange;
      },
    });
    const exchange = last as ReturnExchangeInput | null;
    if (outcome.kind !== 'answered') {
      if (exchange) journal.recordReturnExchange(record.id, exchange);
      return {
        record: journal.getReturn(record.id)!,
        message: bilingual(
          '無法取得服務的發票狀態，仍待確認；請稍後再查詢。',
          `The e-invoice service's status could not be read (${outcome.reason}); it still needs verification. Try again later.`,
        ),
      };
    }
    const found = judge(record, outcome.items[0]!);
    if (found.done === null) {
      // The answer says an allowance was the last step but names none (SystemLead's
      // GetInvoicesStatus.md has no allowance list): neither done nor safe to send again.
      if (exchange) journal.recordReturnExchange(record.id, exchange);
      return { record: journal.getReturn(record.id)!, message: allowancesNotListedMessage() };
    }
    const settled = resolveOperation(path, () => {
      if (exchange) journal.recordReturnExchange(record.id, exchange);
      return journal.resolveReturn(
        record.id,
        found.done
          ? {
              outcome: 'done',
              by: STATUS_QUERY_BY,
              note: `asked by ${by}`,
              ...(found.allowanceNumber ? { allowanceNumber: found.allowanceNumber } : {}),
            }
          : { outcome: 'not-done', by: STATUS_QUERY_BY, note: `asked by ${by}` },
      );
    });
    stateChanged(settled);
    await notifyDone(settled);
    return {
      record: settled,
      message: settledMessage(
        settled.kind,
        settled.invoiceNumber,
        found.done ? 'done' : 'not-done',
        settled.allowanceNumber,
      ),
    };
  }

  /** Returns to verify, and 改開 voids whose reissue is still owed (each once), oldest first. */
  function pending(): ReturnRecord[] {
    const listed = journal.pendingReturns();
    for (const owed of journal.owedReissues()) {
      if (!listed.some((r) => r.id === owed.id)) listed.push(owed);
    }
    return listed.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  }

  return { plan, submit, status, pending };
}

export type ReturnsEngine = ReturnType<typeof createReturnsEngine>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the status query says about one return. */
export function judge(
  record: ReturnRecord,
  item: InvoiceStatusItem,
): { done: boolean | null; allowanceNumber: string | null } {
  const last = lastOperationOf(item.ProcessStatus);
  if (last === 'notFound' || last === null) return { done: false, allowanceNumber: null };
  if (record.kind === 'void') return { done: last === 'voided', allowanceNumber: null };
  // An allowance (or its void) was the last step, yet none is listed: this provider's status
  // does not list them (SystemLead), so which one stands is not known (null), never "not done".
  const unlisted = (last === 'allowance' || last === 'allowanceVoided') && item.Allowances.length === 0;
  if (unlisted) return { done: null, allowanceNumber: null };
  if (record.kind === 'allowance') {
    const prefix = record.allowancePrefix!;
    const mine = item.Allowances.find(
      (a) =>
        a.AllowanceNumber.length === prefix.length + 3 &&
        a.AllowanceNumber.startsWith(prefix) &&
        /\d{3}$/.test(a.AllowanceNumber),
    );
    return { done: mine !== undefined, allowanceNumber: mine?.AllowanceNumber ?? null };
  }
  const target = item.Allowances.find((a) => a.AllowanceNumber === record.allowanceNumber);
  return { done: target?.Voided === true, allowanceNumber: record.allowanceNumber };
}

function returnStateMessage(record: ReturnRecord): { zh: string; en: string } {
  switch (record.state) {
    case 'done':
      return bilingual('已完成', 'Done');
    case 'rejected':
      return bilingual(
        `服務已拒絕：${record.lastMessage ?? ''}`,
        `Refused by the service: ${record.lastMessage ?? ''}`,
      );
    case 'not-delivered':
      return bilingual('未送達服務，可以安全地再送一次', 'It never reached the service: safe to send again');
    case 'not-done':
      return bilingual('經查詢未完成，可以安全地再送一次', 'Checked: it does not stand; safe to send again');
    case 'in-flight':
      return bilingual('傳送中', 'Being sent');
    case 'needs-verification':
      return bilingual('待確認', 'Needs verification');
  }
}

export function toResult(
  record: ReturnRecord,
  message: { zh: string; en: string },
  detail: string | null = null,
): ReturnResult {
  if (record.state === 'in-flight') throw new Error(`return ${record.id} ended in flight`);
  return {
    returnId: record.id,
    kind: kindName(record.kind),
    state: record.state,
    orderNo: record.orderNo,
    invoiceNumber: record.invoiceNumber,
    allowanceNumber: record.allowanceNumber,
    totalAmount: record.totals.totalAmount,
    // A 改開 moves no money: nothing goes back to the customer (the void and the new sale are one sale's).
    refunds: record.reissue ? [] : record.refunds.map(([method, amount]) => ({ method, amount })),
    attempt: record.attempt,
    message,
    detail,
    reissue: null,
    ...(record.reissue ? { reissueOwed: record.reissue.owed } : {}),
  };
}

import { z } from 'zod';
import { bilingual, formatInvoiceNumber } from '../../shared/domain';
import type {
  PendingVerification,
  ResolveVerificationInput,
  TrainingLookupResult,
} from '../../shared/ipc/contract/checkout';
import { TillError } from '../core/errors';
import type { Logger } from '../core/logger';
import { INVOICE_NUMBER_PATTERN } from '../../provider/pos-profile';
import { postJson } from '../invoice-service/transport';
import type { Journal, TransactionRecord } from '../journal/journal';
import { resolveOperation, type PathDeps } from '../provider-ops/operation';

/**
 * Sales whose outcome is unknown (spec POS rule 5): the list, and the resolution a person records
 * after checking the provider's own channel — issued (with the invoice number the channel shows)
 * or not issued (which then allows a resubmission under the same order number, by a person).
 * In training mode the built-in service's admin look-up stands in for the provider's channel.
 */
export interface TrainingChannel {
  /** The training service's base URL. */
  url: string;
  adminToken: string;
  timeoutMs?: number;
}

export interface VerificationDeps {
  journal: Journal;
  logger: Logger;
  /** Training mode only: the channel, or a function giving it while training mode is on (else null). */
  trainingChannel?: TrainingChannel | (() => TrainingChannel | null);
  onStateChanged?: (transaction: TransactionRecord) => void;
}

/** `ab-1234 5678` as typed from a phone call → `AB12345678`; null when it is not an invoice number. */
export function normalizeInvoiceNumber(input: string): string | null {
  const value = input.replace(/[\s-]/g, '').toUpperCase();
  return INVOICE_NUMBER_PATTERN.test(value) ? value : null;
}

/** What the training service's `/_admin/lookup` answers; unknown fields are ignored. */
const LookupAnswer = z.object({
  found: z.boolean(),
  InvoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN).optional(),
  InvoiceDateTime: z.string().optional(),
  RandomNumber: z.string().optional(),
});

export function createVerification(deps: VerificationDeps) {
  const { journal } = deps;
  // A person's resolution of a 待確認 sale: the provider operations' one resolution flow.
  const path: PathDeps = { journal, logger: deps.logger };

  function pending(): PendingVerification[] {
    return journal.pending().map((tx) => ({
      orderNo: tx.orderNo,
      tillId: tx.tillId,
      // journal.pending() lists needs-verification sales only (a crash's in-flight ones are recovered into it).
      state: 'needs-verification',
      createdAt: tx.createdAt,
      operation: tx.operation,
      invoiceKind: tx.invoice.kind,
      totalAmount: tx.totals.totalAmount,
      lastMessage: tx.lastMessage,
      training: tx.training,
    }));
  }

  /** `atTill`: the cashier signed in at the till, recorded beside the confirmer (`by`). */
  function resolve(input: Omit<ResolveVerificationInput, 'pin'> & { atTill?: string }) {
    const by = input.by.trim();
    const atTill = input.atTill ? { atTill: input.atTill } : {};
    let record: TransactionRecord;
    if (input.outcome === 'issued') {
      const invoiceNumber = normalizeInvoiceNumber(input.invoiceNumber ?? '');
      if (!invoiceNumber) {
        throw new TillError(
          'invalid-input',
          bilingual(
            '請輸入發票服務顯示的發票號碼（2 個英文字母加 8 位數字），未記錄任何結果',
            "Enter the invoice number the e-invoice service's channel shows (2 letters + 8 digits); nothing was recorded",
          ),
        );
      }
      record = resolveOperation(path, () =>
        journal.resolve(input.orderNo, {
          outcome: 'issued',
          invoiceNumber,
          ...(input.randomNumber ? { randomNumber: input.randomNumber } : {}),
          by,
          ...atTill,
          ...(input.note ? { note: input.note } : {}),
        }),
      );
    } else {
      if (input.invoiceNumber || input.randomNumber) {
        throw new TillError(
          'invalid-input',
          bilingual(
            '「未開立」不可填發票號碼或隨機碼，未記錄任何結果',
            'A "not issued" resolution takes no invoice number or random code; nothing was recorded',
          ),
        );
      }
      record = resolveOperation(path, () =>
        journal.resolve(input.orderNo, {
          outcome: 'not-issued',
          by,
          ...atTill,
          ...(input.note ? { note: input.note } : {}),
        }),
      );
    }
    deps.logger.info('verification resolved', {
      orderNo: record.orderNo,
      state: record.state,
      invoiceNumber: record.invoiceNumber,
      by,
      ...atTill,
    });
    deps.onStateChanged?.(record);
    const resolution = record.resolution;
    return {
      orderNo: record.orderNo,
      state: record.state === 'issued' ? ('issued' as const) : ('not-issued' as const),
      invoiceNumber: record.invoiceNumber,
      by: resolution?.by ?? by,
      ...(resolution?.atTill ? { atTill: resolution.atTill } : {}),
      at: resolution?.at ?? record.updatedAt,
      message:
        record.state === 'issued'
          ? bilingual(
              `已記錄：訂單 ${record.orderNo} 已開立發票 ${formatInvoiceNumber(record.invoiceNumber ?? '')}`,
              `Recorded: order ${record.orderNo} was issued as ${formatInvoiceNumber(record.invoiceNumber ?? '')}`,
            )
          : bilingual(
              `已記錄：訂單 ${record.orderNo} 未開立。需要時請以同一訂單編號重新送出`,
              `Recorded: order ${record.orderNo} was not issued. Resubmit it under the same order number when ready`,
            ),
    };
  }

  async function lookupTraining(orderNo: string): Promise<TrainingLookupResult> {
    const channel =
      typeof deps.trainingChannel === 'function' ? deps.trainingChannel() : deps.trainingChannel;
    if (!channel) {
      throw new TillError(
        'not-training',
        bilingual(
          '正式模式沒有自動查詢：請向發票服務查詢後輸入結果',
          "Production mode has no look-up: ask the e-invoice service's channel and enter what it says",
        ),
      );
    }
    if (!journal.get(orderNo)) {
      throw new TillError(
        'journal-not-found',
        bilingual(`找不到訂單 ${orderNo}`, `No order ${orderNo} in the journal`),
      );
    }
    const result = await postJson({
      url: `${channel.url.replace(/\/+$/, '')}/_admin/lookup`,
      headers: { authorization: `Bearer ${channel.adminToken}` },
      body: JSON.stringify({ BillingNo: orderNo }),
      timeoutMs: channel.timeoutMs ?? 5000,
    });
    const unreachable = () =>
      new TillError(
        'training-lookup-failed',
        bilingual('無法查詢練習服務，請稍後再試', 'The training service could not be asked; try again later'),
      );
    if (result.kind !== 'response' || result.status !== 200) throw unreachable();
    let answer: z.infer<typeof LookupAnswer>;
    try {
      answer = LookupAnswer.parse(JSON.parse(result.body));
    } catch {
      throw unreachable();
    }
    const number = answer.found ? (answer.InvoiceNumber ?? null) : null;
    return {
      orderNo,
      found: answer.found && number !== null,
      invoiceNumber: number,
      invoiceDateTime: answer.found ? (answer.InvoiceDateTime ?? null) : null,
      randomNumber: answer.found ? (answer.RandomNumber ?? null) : null,
      message: number
        ? bilingual(
            `練習服務：訂單 ${orderNo} 已開立發票 ${formatInvoiceNumber(number)}`,
            `Training service: order ${orderNo} was issued as ${formatInvoiceNumber(number)}`,
          )
        : bilingual(
            `練習服務：訂單 ${orderNo} 沒有開立發票`,
            `Training service: order ${orderNo} was not issued`,
          ),
    };
  }

  return { pending, resolve, lookupTraining };
}

export type Verification = ReturnType<typeof createVerification>;

import type { Bilingual } from '../../shared/domain';
import { TillError } from '../core/errors';
import type { TxState } from './types';

/** Codes the screens and the CLI can tell apart; the message is always bilingual. */
export type JournalErrorCode = 'journal-invalid' | 'journal-not-found' | 'journal-refused' | 'journal-schema';

/** A refusal the cashier or the manager reads. Nothing was changed when it is thrown. */
export class JournalError extends TillError {
  constructor(code: JournalErrorCode, message: Bilingual) {
    super(code, message);
    this.name = 'JournalError';
  }
}

export const STATE_LABELS: Record<TxState, Bilingual> = {
  'in-flight': { zh: '傳送中', en: 'in flight' },
  issued: { zh: '已開立', en: 'issued' },
  rejected: { zh: '被退回', en: 'rejected' },
  'not-delivered': { zh: '未送達', en: 'not delivered' },
  'needs-verification': { zh: '待確認', en: 'needs verification' },
  'not-issued': { zh: '確認未開立', en: 'not issued' },
};

export function notFound(orderNo: string): JournalError {
  return new JournalError('journal-not-found', {
    zh: `找不到訂單 ${orderNo} 的交易紀錄`,
    en: `No transaction with order number ${orderNo} in the journal`,
  });
}

export function invalid(zh: string, en: string): JournalError {
  return new JournalError('journal-invalid', {
    zh: `資料不正確，未寫入：${zh}`,
    en: `Invalid, nothing was written: ${en}`,
  });
}

/** Refuses a move the state machine does not allow, saying what the state is and what is possible. */
export function refusedTransition(
  orderNo: string,
  state: TxState,
  action: Bilingual,
  allowed: readonly TxState[],
): JournalError {
  const zhAllowed = allowed.map((s) => `「${STATE_LABELS[s].zh}」`).join('、');
  const enAllowed = allowed.map((s) => STATE_LABELS[s].en).join(', ');
  return new JournalError('journal-refused', {
    zh: `訂單 ${orderNo} 目前為「${STATE_LABELS[state].zh}」，不能${action.zh}（只有${zhAllowed}的交易可以）`,
    en: `Order ${orderNo} is ${STATE_LABELS[state].en}: it cannot be ${action.en} (only when ${enAllowed})`,
  });
}

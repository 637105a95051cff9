import { RETURN_KIND_LABEL, RETURN_STATE_LABEL, type Bilingual } from '../../shared/domain';
import { TillError } from '../core/errors';
import { TX_STATE_LABEL } from '../../shared/ipc/contract/journal';
import type { ReturnKind, ReturnState, TxState } from './types';

/** Codes the screens and the CLI can tell apart; the message is always bilingual. */
export type JournalErrorCode = 'journal-invalid' | 'journal-not-found' | 'journal-refused' | 'journal-schema';

/** A refusal the cashier or the manager reads. Nothing was changed when it is thrown. */
export class JournalError extends TillError {
  constructor(code: JournalErrorCode, message: Bilingual) {
    super(code, message);
    this.name = 'JournalError';
  }
}

/** The states' names; refusals put the English one in a sentence, lower-cased. */
export const STATE_LABELS: Readonly<Record<TxState, Bilingual>> = TX_STATE_LABEL;

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
  const enAllowed = allowed.map((s) => STATE_LABELS[s].en.toLowerCase()).join(', ');
  return new JournalError('journal-refused', {
    zh: `訂單 ${orderNo} 目前為「${STATE_LABELS[state].zh}」，不能${action.zh}（只有${zhAllowed}的交易可以）`,
    en: `Order ${orderNo} is ${STATE_LABELS[state].en.toLowerCase()}: it cannot be ${action.en} (only when ${enAllowed})`,
  });
}

/** A return's states and kinds, as the screens, slips, exports and refusals name them (the glossary). */
export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, Bilingual>> = RETURN_STATE_LABEL;

export const RETURN_KIND_LABELS: Readonly<Record<ReturnKind, Bilingual>> = RETURN_KIND_LABEL;

/** Refuses a return move the state machine does not allow (as `refusedTransition` for sales). */
export function refusedReturnTransition(
  id: number,
  kind: ReturnKind,
  state: ReturnState,
  action: Bilingual,
  allowed: readonly ReturnState[],
): JournalError {
  const zhAllowed = allowed.map((s) => `「${RETURN_STATE_LABELS[s].zh}」`).join('、');
  const enAllowed = allowed.map((s) => RETURN_STATE_LABELS[s].en.toLowerCase()).join(', ');
  const name = RETURN_KIND_LABELS[kind];
  return new JournalError('journal-refused', {
    zh: `${name.zh} ${id} 目前為「${RETURN_STATE_LABELS[state].zh}」，不能${action.zh}（只有${zhAllowed}的可以）`,
    en: `${name.en} ${id} is ${RETURN_STATE_LABELS[state].en.toLowerCase()}: it cannot be ${action.en} (only when ${enAllowed})`,
  });
}

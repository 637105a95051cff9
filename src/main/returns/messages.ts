import { bilingual, formatInvoiceNumber, transportCause, type Bilingual } from '../../shared/domain';
import type { StandardOutcome } from '../invoice-service/standard-outcome';
import type { ReturnKind } from '../journal/journal';
import { TillError } from '../core/errors';

/**
 * What the cashier reads after each return, zh-TW first. Each message says whether the void or
 * allowance stands and what to do next. Neither language carries the provider's or the transport's
 * own text (`ECONNRESET`, `HTTP 503`): that is {@link returnDetail}'s, for the detail view.
 */
const WHAT: Record<ReturnKind, Bilingual> = {
  void: { zh: '作廢', en: 'void' },
  allowance: { zh: '折讓', en: 'allowance' },
  'allowance-void': { zh: '作廢折讓', en: 'allowance void' },
};

export function returnMessage(
  kind: ReturnKind,
  invoiceNumber: string,
  allowanceNumber: string | null,
  outcome: StandardOutcome,
): Bilingual {
  const what = WHAT[kind];
  const invoice = formatInvoiceNumber(invoiceNumber);
  const subject =
    kind === 'void'
      ? bilingual(`發票 ${invoice}`, `invoice ${invoice}`)
      : kind === 'allowance'
        ? bilingual(`發票 ${invoice} 的折讓`, `the allowance on invoice ${invoice}`)
        : bilingual(`折讓 ${allowanceNumber ?? ''}`, `allowance ${allowanceNumber ?? ''}`);
  switch (outcome.kind) {
    case 'done':
      if (kind === 'void') return bilingual(`發票 ${invoice} 已作廢`, `Invoice ${invoice} is voided`);
      if (kind === 'allowance') {
        return bilingual(
          `折讓已開立：${outcome.allowanceNumber ?? ''}（發票 ${invoice}）`,
          `Allowance issued: ${outcome.allowanceNumber ?? ''} (invoice ${invoice})`,
        );
      }
      return bilingual(
        `折讓 ${allowanceNumber ?? ''} 已作廢`,
        `Allowance ${allowanceNumber ?? ''} is voided`,
      );
    case 'rejected':
      return bilingual(
        `發票服務拒絕${what.zh}，${subject.zh}未變更（${rejectionHint(outcome.reason).zh}）。`,
        `The e-invoice service refused the ${what.en}; nothing changed for ${subject.en} (${rejectionHint(outcome.reason).en}).`,
      );
    case 'not-delivered':
      return bilingual(
        `無法連線到發票服務，${what.zh}未送出。請檢查網路後以「查詢狀態」再送一次，不會重複。`,
        `Could not reach the e-invoice service, so the ${what.en} was not sent. Send it again from the status screen; it cannot happen twice.`,
      );
    case 'unknown':
      return bilingual(
        `無法確定${what.zh}是否完成（${unknownCause(outcome.reason).zh}）。請勿重做；已列入待確認，請按「查詢狀態」向發票服務確認。`,
        `It is not known whether the ${what.en} went through (${unknownCause(outcome.reason).en}). Do not do it again; it needs a status check with the e-invoice service.`,
      );
  }
}

/** The technical text behind an outcome, for the detail view and support; null when there is none. */
export function returnDetail(outcome: StandardOutcome): string | null {
  return outcome.kind === 'done' ? null : outcome.reason || null;
}

function unknownCause(reason: string): Bilingual {
  return transportCause(reason) ?? bilingual('發票服務的回應無法辨識', 'the answer could not be read');
}

/** The provider's rejection texts in the cashier's words; the text itself stays in English. */
function rejectionHint(reason: string): Bilingual {
  const known: Record<string, string> = {
    'Invoice not found': '服務查無此發票',
    'Invoice already voided': '發票已作廢',
    'Void window closed': '已過作廢期限，請改用折讓',
    'Invoice has allowances': '發票已有折讓，請先作廢折讓',
    'Invoice voided': '發票已作廢，不能折讓',
    'Line not found': '查無此品項',
    'Allowance exceeds the line': '折讓超過品項可退數量或金額',
    'Totals do not match lines': '折讓合計與明細不符',
    'Allowance not found': '查無此折讓',
    'Allowance already voided': '折讓已作廢',
    'Signature mismatch': '簽章密鑰設定錯誤，請通知店長',
    'Timestamp expired': '收銀機或服務時鐘不正確',
  };
  const english: Record<string, string> = {
    'Invoice not found': 'the service has no such invoice',
    'Invoice already voided': 'the invoice is voided already',
    'Void window closed': 'too late to void; use an allowance',
    'Invoice has allowances': 'the invoice has allowances; void them first',
    'Invoice voided': 'the invoice is voided; no allowance on it',
    'Line not found': 'no such line',
    'Allowance exceeds the line': "more than the line's quantity or amount",
    'Totals do not match lines': 'the totals do not match the lines',
    'Allowance not found': 'no such allowance',
    'Allowance already voided': 'the allowance is voided already',
    'Signature mismatch': 'the signing secret is set up wrong, tell the manager',
    'Timestamp expired': "the till's or the service's clock is wrong",
  };
  if (Object.hasOwn(known, reason)) return { zh: known[reason]!, en: english[reason]! };
  if (reason.startsWith('HTTP 401'))
    return { zh: 'API 金鑰錯誤，請通知店長', en: 'wrong API key, tell the manager' };
  if (/[\u4e00-\u9fff]/.test(reason) && !/[A-Za-z]{3}/.test(reason)) {
    return { zh: reason, en: 'the data was not accepted; the reason is in the details' };
  }
  return { zh: '資料不被接受，原因見明細', en: 'the data was not accepted; the reason is in the details' };
}

/** A status query that found what the return's first send did. */
export function settledMessage(
  kind: ReturnKind,
  invoiceNumber: string,
  outcome: 'done' | 'not-done',
  allowanceNumber: string | null,
): Bilingual {
  const what = WHAT[kind];
  const invoice = formatInvoiceNumber(invoiceNumber);
  if (outcome === 'done') {
    return bilingual(
      `已向服務查詢：${what.zh}已完成（發票 ${invoice}${allowanceNumber ? `，折讓 ${allowanceNumber}` : ''}）。`,
      `Checked with the e-invoice service: the ${what.en} stands (invoice ${invoice}${allowanceNumber ? `, allowance ${allowanceNumber}` : ''}).`,
    );
  }
  return bilingual(
    `已向服務查詢：${what.zh}未完成，可以安全地再送一次（同一折讓字首，不會重複）。`,
    `Checked with the e-invoice service: the ${what.en} does not stand; it is safe to send it again (same allowance prefix, it cannot happen twice).`,
  );
}

/**
 * A status answer whose last step is an allowance but which lists no allowance numbers (SystemLead
 * publishes none in GetInvoicesStatus.md, nor in InsertAllowance.md's answer): whether this
 * allowance stands cannot be read, and sending it again could make a second one.
 */
export const allowancesNotListedMessage = (): Bilingual =>
  bilingual(
    '發票服務的狀態沒有列出折讓單號（此服務未公布），無法確認這張折讓是否成立；仍待確認，請勿再送，請向發票服務查詢折讓單號。',
    "The e-invoice service's status lists no allowance numbers (this provider publishes none), so whether this allowance stands is not known; it still needs verification. Do not send it again: ask the e-invoice service for the allowance number.",
  );

/** Bad input at the counter: a bilingual reason, and nothing changed. */
export const returnRefused = (zh: string, en: string) =>
  new TillError('return-refused', { zh: `未退貨：${zh}`, en: `Nothing returned: ${en}` });

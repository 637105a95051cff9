import { bilingual, formatInvoiceNumber, timestampExpiredCause, type Bilingual } from '../../shared/domain';
import type { Outcome } from '../invoice-service/outcome';
import { RESULT_MESSAGES } from '../../provider/pos-profile';

/**
 * What the cashier reads after each outcome, zh-TW first. Every message says whether an invoice
 * exists and what to do next, because that is the one thing the cashier must not guess. Neither
 * language carries the provider's or the transport's own text (`ECONNRESET`, `HTTP 503`,
 * `BuyerIdentifier invalid`): that is {@link outcomeDetail}'s, for the detail view and support.
 */
export function outcomeMessage(orderNo: string, outcome: Outcome): Bilingual {
  switch (outcome.kind) {
    case 'issued': {
      const number = formatInvoiceNumber(outcome.response.InvoiceNumber);
      const base = bilingual(`發票已開立：${number}`, `Invoice issued: ${number}`);
      const notes: Bilingual[] = [];
      if (outcome.printDataError) {
        notes.push(
          bilingual(
            '服務回傳的列印資料無法解讀，已保存並回報；請勿重新開立',
            'The print data from the service could not be read; it is kept and reported. Do not issue again',
          ),
        );
      } else if (outcome.missing.includes('PrintDataString')) {
        notes.push(
          bilingual(
            '服務未回傳列印資料，請勿重新開立',
            'The service returned no print data. Do not issue again',
          ),
        );
      }
      // Only the link decides whether a QR code is shown: a missing QKey alone changes nothing for the customer.
      if (outcome.missing.some((field) => field.startsWith('QrCodeUrl'))) {
        notes.push(
          bilingual(
            '服務未回傳可用的捐贈/歸戶連結，不顯示 QR 碼；請勿重新開立',
            'The service returned no usable donate/bind link, so no QR code is shown. Do not issue again',
          ),
        );
      }
      return notes.length === 0 ? base : join(base, notes);
    }
    case 'rejected': {
      const hint =
        outcome.reason === RESULT_MESSAGES.timestampExpired
          ? timestampExpiredCause(outcome.clockOffsetSeconds)
          : rejectionHint(outcome.reason);
      return bilingual(
        `發票未開立：發票服務拒絕（${hint.zh}）。請修正後以同一訂單編號 ${orderNo} 重新送出。`,
        `No invoice was issued: the e-invoice service refused (${hint.en}). Fix it and resubmit under the same order number ${orderNo}.`,
      );
    }
    case 'not-delivered':
      return bilingual(
        // The technical reason (ECONNREFUSED, …) is for support: outcomeDetail and the journal only.
        `無法連線到發票服務，發票未開立。請檢查網路後，可以安全地以同一訂單編號 ${orderNo} 再送一次。`,
        `Could not reach the e-invoice service, so no invoice was issued. It is safe to send order number ${orderNo} again.`,
      );
    case 'unknown': {
      if (outcome.duplicateBillingNo) {
        return bilingual(
          `發票服務表示訂單編號 ${orderNo} 已開過發票。請勿重新結帳；此單已列入待確認，請向發票服務查詢發票號碼。`,
          `The e-invoice service says order number ${orderNo} already has an invoice. Do not check out again; it needs verification with the e-invoice service.`,
        );
      }
      const cause = unknownCause(outcome.reason);
      return bilingual(
        `無法確定發票是否已開立（${cause.zh}）。請勿重新結帳；訂單編號 ${orderNo} 已列入待確認，請向發票服務確認。`,
        `It is not known whether the invoice was issued (${cause.en}). Do not check out again; order number ${orderNo} needs verification with the e-invoice service.`,
      );
    }
  }
}

/**
 * The technical text behind an outcome (the transport's error, the HTTP status, the provider's
 * ResultMessage), for the detail view and support; null when there is none.
 */
export function outcomeDetail(outcome: Outcome): string | null {
  switch (outcome.kind) {
    case 'issued':
      return outcome.printDataError;
    case 'rejected':
    case 'not-delivered':
    case 'unknown':
      return outcome.reason || null;
  }
}

/**
 * Why the outcome is unknown, in the cashier's words; the technical reason stays in
 * {@link outcomeDetail} and in the journal's exchange record.
 */
function unknownCause(reason: string): Bilingual {
  if (/^sent, then no complete answer/.test(reason)) return bilingual('等候回應逾時', 'no answer in time');
  if (reason.startsWith('sent, then')) {
    return bilingual('送出後連線中斷', 'the connection broke after the order was sent');
  }
  const status = /^HTTP (\d{3})$/.exec(reason)?.[1];
  if (status) {
    return /^5/.test(status)
      ? bilingual('發票服務暫時故障', 'the e-invoice service had a fault')
      : bilingual('發票服務的回應有誤', 'the e-invoice service answered with an error');
  }
  return bilingual('發票服務的回應無法辨識', 'the answer could not be read');
}

/**
 * The fixed rejections have a cause the cashier can act on; the others get plain words, and the
 * service's own text is in the detail ({@link outcomeDetail}).
 */
function rejectionHint(reason: string): Bilingual {
  if (reason === RESULT_MESSAGES.signatureMismatch) {
    return bilingual('簽章密鑰設定錯誤，請通知店長', 'the signing secret is set up wrong, tell the manager');
  }
  if (reason === RESULT_MESSAGES.timestampUsed) {
    return bilingual('時間戳記重複，請再送一次', 'the time stamp was used already, send it again');
  }
  if (reason.startsWith('HTTP 401')) {
    return bilingual('API 金鑰錯誤，請通知店長', 'wrong API key, tell the manager');
  }
  if (/^HTTP \d{3}/.test(reason)) {
    return bilingual(
      '發票服務回應錯誤，詳情見明細',
      'the e-invoice service answered with an error; see the details',
    );
  }
  // A provider that answers in Chinese words (not codes) is read as it wrote them, in Chinese only.
  if (/[\u4e00-\u9fff]/.test(reason) && !/[A-Za-z]{3}/.test(reason)) {
    return bilingual(reason, 'the data was not accepted; the reason is in the details');
  }
  return bilingual('資料不被接受，原因見明細', 'the data was not accepted; the reason is in the details');
}

function join(base: Bilingual, notes: readonly Bilingual[]): Bilingual {
  return {
    zh: [base.zh, ...notes.map((n) => n.zh)].join('。'),
    en: [base.en, ...notes.map((n) => n.en)].join('. '),
  };
}

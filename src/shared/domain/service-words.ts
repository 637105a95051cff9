import { bilingual, type Bilingual } from './i18n';
import { TX_STATE_LABEL, type TxStateCode } from './glossary';

/**
 * The journal's technical texts in a person's words (issue 24, item 8): a sale's last message is
 * the e-invoice service's own answer (`Invoice issued`) or the transport's (`sent, then
 * ECONNRESET`), and each exchange is an operation and an outcome code (`order · uncertain`). The
 * screens say what they mean in the UI language first; the text itself stays available, folded
 * under 技術細節 / Technical detail.
 */

/** How one request to the e-invoice service ended (the journal's `ExchangeOutcome`). */
export const EXCHANGE_OUTCOME_LABEL = {
  issued: TX_STATE_LABEL.issued,
  rejected: TX_STATE_LABEL.rejected,
  'timestamp-retry': { zh: '時間戳記重複，立即重送', en: 'Time stamp already used, sent again' },
  'not-delivered': TX_STATE_LABEL['not-delivered'],
  uncertain: { zh: '結果不明', en: 'No clear answer' },
} as const satisfies Readonly<Record<string, Bilingual>>;
export type ExchangeOutcomeCode = keyof typeof EXCHANGE_OUTCOME_LABEL;

/** The heading of folded technical text, the same on every screen. */
export const TECHNICAL_DETAIL: Bilingual = { zh: '技術細節', en: 'Technical detail' };

/**
 * Why a request did not end clearly, from the transport's or the service's text: the causes the
 * cashier's messages name (checkout/messages.ts, returns/messages.ts), or null when the text
 * names none of them (the service's own answer: its words are in the technical detail).
 */
export function transportCause(reason: string): Bilingual | null {
  if (/^sent, then no complete answer/.test(reason)) return bilingual('等候回應逾時', 'no answer in time');
  if (reason.startsWith('sent, then'))
    return bilingual('送出後連線中斷', 'the connection broke after it was sent');
  if (/^HTTP 5\d\d/.test(reason)) return bilingual('發票服務暫時故障', 'the e-invoice service had a fault');
  if (/^HTTP \d{3}/.test(reason))
    return bilingual('發票服務的回應有誤', 'the e-invoice service answered with an error');
  if (
    /E(CONNREFUSED|NOTFOUND|HOSTUNREACH|NETUNREACH|AI_AGAIN|TIMEDOUT)|invalid URL|unsupported protocol/.test(
      reason,
    )
  )
    return bilingual('連不上發票服務', 'the e-invoice service could not be reached');
  if (/unreadable answer|without a usable issue result|for another order number/.test(reason))
    return bilingual('發票服務的回應無法辨識', 'the answer could not be read');
  return null;
}

/**
 * A sale's last message in words, by the state it left the sale in: what happened, never the
 * service's or the transport's own text (that is the technical detail). Null: nothing to say.
 */
export function lastMessageWords(state: TxStateCode, message: string | null): Bilingual | null {
  if (message === null || message.trim() === '') return null;
  const cause = transportCause(message);
  // A provider answering in Chinese words is read as it wrote them.
  const chinese = /[\u4e00-\u9fff]/.test(message) && !/[A-Za-z]{3}/.test(message) ? message : null;
  switch (state) {
    case 'issued':
      return bilingual('發票服務已開立這張發票', 'The e-invoice service issued the invoice');
    case 'rejected':
      return bilingual(
        `發票服務拒絕了這筆資料${chinese ? `：${chinese}` : ''}`,
        'The e-invoice service refused the data',
      );
    case 'not-delivered': {
      const why = cause ?? bilingual('未連線', 'not connected');
      return bilingual(`沒有送達發票服務（${why.zh}）`, `It never reached the e-invoice service (${why.en})`);
    }
    default:
      return cause
        ? bilingual(`不確定是否已開立（${cause.zh}）`, `Not known whether it was issued (${cause.en})`)
        : bilingual(
            chinese ? `發票服務回覆：${chinese}` : '發票服務的回覆，原文見技術細節',
            "The e-invoice service's answer: see the technical detail",
          );
  }
}

/**
 * The journal's check code of a chain head (`#id:hash`): the entry and the hash's first 16 hex
 * digits, as the Z report and the summary slip print it and `journal verify --expect-head` takes.
 */
export function chainCheckCode(head: string): string {
  const match = /^#(\d+):([0-9a-f]{16})[0-9a-f]*$/.exec(head);
  return match ? `#${match[1]}:${match[2]}` : head;
}

/**
 * Why one exchange ended as it did, in words: its error is the transport's bare code
 * (`ECONNRESET`), after the request went out when the outcome is uncertain, before it when the
 * request was not delivered. Null: nothing to add to the outcome's own words.
 */
export function exchangeCause(exchange: {
  outcome: ExchangeOutcomeCode;
  error: string | null;
  httpStatus: number | null;
}): Bilingual | null {
  if (exchange.outcome === 'uncertain') {
    if (exchange.error) return transportCause(`sent, then ${exchange.error}`);
    if (exchange.httpStatus !== null && exchange.httpStatus !== 200)
      return transportCause(`HTTP ${exchange.httpStatus}`);
    return bilingual('發票服務的回應無法辨識', 'the answer could not be read');
  }
  if (exchange.outcome === 'not-delivered')
    return (
      transportCause(exchange.error ?? '') ??
      bilingual('連不上發票服務', 'the e-invoice service could not be reached')
    );
  return null;
}

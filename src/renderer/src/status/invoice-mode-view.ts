import { TERMS, UPLOAD_STATE_LABEL, type Bilingual } from '../../../shared/domain';
import type { InvoiceModeStatus } from '../../../shared/ipc/contract/app';

/*
 * What the status bar and the sale screen make of invoice mode's status (issue 27): pure, so the
 * wording, the tones and the switch back online are tested without a page
 * (test/unit/renderer/invoice-mode-view.test.ts). Main says how many numbers are left and why
 * offline issuing is off; this only words it for the cashier in the glossary's terms.
 */

export type Tone = 'ok' | 'caution' | 'warning';

export interface InvoiceModeBar {
  /** 離線開立中 while the till issues with its own numbers; null online. */
  mode: Bilingual | null;
  /**
   * 離線號碼 剩 N, or why offline issuing is off. The English is short for the bar at 1024 px
   * ("Offline: 37 left"); the title says it whole.
   */
  numbers: { text: Bilingual; tone: Tone; title: Bilingual | null };
  /** 待上傳 N, warned at 24 hours and when late (C 48 h, B 7 days). */
  uploads: { text: Bilingual; tone: Tone; title: Bilingual | null };
}

export function invoiceModeBar(status: InvoiceModeStatus): InvoiceModeBar {
  const mode = status.mode === 'offline' ? { zh: TERMS.offlineMode.zh, en: TERMS.offlineMode.en } : null;
  const numbers: InvoiceModeBar['numbers'] = status.offlineIssuing
    ? {
        text: {
          zh: `${TERMS.offlineNumbers.zh} 剩 ${status.numbersLeft}`,
          en: `Offline: ${status.numbersLeft} left`,
        },
        tone: status.numbersLeft <= 0 ? 'warning' : status.lowNotice ? 'caution' : 'ok',
        title: status.lowNotice ?? {
          zh: `${TERMS.offlineNumbers.zh} 剩 ${status.numbersLeft}`,
          en: `Offline numbers: ${status.numbersLeft} left`,
        },
      }
    : {
        text: { zh: '離線開立：關閉', en: 'Offline issuing: off' },
        tone: 'caution',
        title: status.reason,
      };
  const waiting = `${UPLOAD_STATE_LABEL.waiting.zh} ${status.waitingUpload}`;
  // Short in the bar ("To upload: 2"); the title keeps the glossary's "Waiting to upload".
  const waitingEn = `To upload: ${status.waitingUpload}`;
  const waitingFull = { zh: waiting, en: `${UPLOAD_STATE_LABEL.waiting.en}: ${status.waitingUpload}` };
  let uploads: InvoiceModeBar['uploads'];
  if (status.lateUpload > 0) {
    uploads = {
      text: {
        zh: `${waiting}（${status.lateUpload} 張逾期）`,
        en: `${waitingEn} (${status.lateUpload} late)`,
      },
      tone: 'warning',
      title: {
        zh: `${status.lateUpload} 張離線開立的發票已超過上傳期限（C 48 小時、B 7 天）：請看日結的清單。`,
        en: `${status.lateUpload} invoice${status.lateUpload === 1 ? '' : 's'} issued offline passed the upload deadline (C 48 hours, B 7 days): see the closing screen's list.`,
      },
    };
  } else if (status.warnUpload > 0) {
    uploads = {
      text: {
        zh: `${waiting}（${status.warnUpload} 張超過 24 小時）`,
        en: `${waitingEn} (${status.warnUpload} over 24 h)`,
      },
      tone: 'warning',
      title: {
        zh: `${status.warnUpload} 張離線開立的發票待上傳超過 24 小時：請恢復連線或通知主管。`,
        en: `${status.warnUpload} invoice${status.warnUpload === 1 ? '' : 's'} issued offline waited over 24 hours to upload: restore the connection or tell a supervisor.`,
      },
    };
  } else {
    uploads = {
      text: { zh: waiting, en: waitingEn },
      tone: status.waitingUpload > 0 ? 'caution' : 'ok',
      title: waitingFull,
    };
  }
  return { mode, numbers, uploads };
}

/**
 * Whether the sale screen says "back online": set when a status shows online after one showing
 * offline, kept while online until the cashier closes it, cleared when the till goes offline again.
 */
export function nextBackOnline(
  before: InvoiceModeStatus | undefined,
  after: InvoiceModeStatus | undefined,
  shown: boolean,
): boolean {
  if (!after) return shown;
  if (after.mode === 'offline') return false;
  return shown || before?.mode === 'offline';
}

export interface SaleNotice {
  tone: 'info' | 'warning' | 'ok';
  text: Bilingual;
  /** The running-low part (what to do before the last number is used), apart for its own line. */
  low: Bilingual | null;
}

/**
 * The sale screen's calm notice: offline mode (main's words) with the running-low advice, or the
 * return online with the uploads still waiting; null when there is nothing to say.
 */
export function saleNotice(status: InvoiceModeStatus | undefined, backOnline: boolean): SaleNotice | null {
  if (!status) return null;
  if (status.mode === 'offline') {
    const text = status.offlineIssuing
      ? (status.notice ?? {
          zh: `${TERMS.offlineMode.zh}：發票服務連不上，使用離線號碼開立。`,
          en: `${TERMS.offlineMode.en}: the e-invoice service cannot be reached; invoices use the offline numbers.`,
        })
      : {
          zh: `發票服務連不上，且無法離線開立：${status.reason?.zh ?? ''}`,
          en: `The e-invoice service cannot be reached and the till cannot issue offline: ${status.reason?.en ?? ''}`,
        };
    const low = status.offlineIssuing ? status.lowNotice : null;
    return { tone: status.offlineIssuing && !low ? 'info' : 'warning', text, low };
  }
  if (!backOnline) return null;
  return {
    tone: 'ok',
    text:
      status.waitingUpload > 0
        ? {
            zh: `發票服務已恢復連線：離線開立的發票上傳中（${UPLOAD_STATE_LABEL.waiting.zh} ${status.waitingUpload}）。`,
            en: `The e-invoice service answers again: invoices issued offline are uploading (${status.waitingUpload} waiting).`,
          }
        : {
            zh: '發票服務已恢復連線：離線開立的發票已全部上傳。',
            en: 'The e-invoice service answers again: every invoice issued offline is uploaded.',
          },
    low: null,
  };
}

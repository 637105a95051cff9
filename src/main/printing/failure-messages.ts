import type { Bilingual } from '../../shared/domain/i18n';
import type { PrintFailureCode } from './transports/transport';

/** What the cashier reads when a print did not come out. The invoice is issued either way. */
export const FAILURE_MESSAGES: Record<PrintFailureCode, Bilingual> = {
  offline: {
    zh: '印表機未連線，請確認電源與網路線後重印',
    en: 'The printer is offline: check its power and cable, then print again',
  },
  'paper-out': {
    zh: '印表機缺紙，請更換紙捲後重印',
    en: 'The printer is out of paper: load a roll and print again',
  },
  'cover-open': {
    zh: '印表機上蓋未關，請關好後重印',
    en: 'The printer cover is open: close it and print again',
  },
  'connection-lost': {
    zh: '列印中斷（連線中斷），請重印',
    en: 'Printing was cut off (connection lost): print again',
  },
  timeout: { zh: '印表機沒有回應，請確認後重印', en: 'The printer did not answer: check it and print again' },
  'device-error': {
    zh: '無法寫入印表機，請確認連接後重印',
    en: 'Could not write to the printer: check the connection and print again',
  },
  'queue-error': {
    zh: '系統列印佇列不接受工作，請確認印表機設定',
    en: 'The system print queue refused the job: check the printer setup',
  },
  'bad-content': {
    zh: '列印資料無法解讀；發票已開立，請聯絡管理人員',
    en: 'The print data cannot be read; the invoice is issued: call a supervisor',
  },
  'not-configured': { zh: '尚未設定印表機', en: 'No printer is set up' },
};

export const failureMessage = (code: PrintFailureCode | null): Bilingual | null =>
  code ? FAILURE_MESSAGES[code] : null;

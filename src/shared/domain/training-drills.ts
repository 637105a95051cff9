import type { Bilingual } from './i18n';

/**
 * Fault drills (issue 15): a store rehearses a bad day in training mode before opening. Each
 * drill arms the embedded training service's fault queue for the NEXT sale (or, for `clear`,
 * empties it); its text says what the cashier should then see and do, in the cashier's words,
 * so the screen (Settings) and the core's answer say the same. The fault each one maps to is the
 * core's (src/main/checkout/drills.ts); this file is shared so the screen lists them.
 */
export const TRAINING_DRILLS = [
  'slow',
  'timeout',
  'server-error',
  'lost-answer',
  'upload-stuck',
  'outage',
  'clear',
] as const;

/** The outage drill's length when none is asked, and the longest it takes (minutes). */
export const DEFAULT_OUTAGE_MINUTES = 5;
export const MAX_OUTAGE_MINUTES = 120;
export type TrainingDrill = (typeof TRAINING_DRILLS)[number];

export interface TrainingDrillText {
  /** The drill's name on its button. */
  label: Bilingual;
  /** What happens at the next sale and what the cashier should see and do. */
  expect: Bilingual;
}

export const TRAINING_DRILL_TEXT: Readonly<Record<TrainingDrill, TrainingDrillText>> = {
  slow: {
    label: { zh: '服務緩慢', en: 'Slow service' },
    expect: {
      zh: '下一筆結帳的發票會晚幾秒才開立：畫面顯示開立中與已等候的秒數，數秒後說明服務回應緩慢；最後仍正常開立，不必重新結帳。',
      en: 'The next sale’s invoice takes a few seconds: the screen shows it being issued and the seconds waited, then says the service is slow; it is still issued normally. Do not check out again.',
    },
  },
  timeout: {
    label: { zh: '逾時無回應', en: 'Timeout' },
    expect: {
      zh: '下一筆結帳等不到回應（等候回應逾時）：畫面說「無法確定發票是否已開立」，訂單列入待確認。請勿重新結帳；由主管在待確認清單向發票服務查詢後處理。',
      en: 'The next sale gets no answer in time: the screen says "It is not known whether the invoice was issued" and the order needs verification. Do not check out again; a supervisor checks it with the e-invoice service in the verification list.',
    },
  },
  'server-error': {
    label: { zh: '服務故障（5xx）', en: 'Service fault (5xx)' },
    expect: {
      zh: '下一筆結帳時發票服務暫時故障：畫面說「無法確定發票是否已開立（發票服務暫時故障）」，訂單列入待確認。請勿重新結帳；查詢結果會是未開立，主管確認後可以同一訂單編號再送一次。',
      en: 'At the next sale the e-invoice service has a fault: the screen says "It is not known whether the invoice was issued (the e-invoice service had a fault)" and the order needs verification. Do not check out again; the look-up shows nothing was issued, and a supervisor can send the same order number again.',
    },
  },
  'lost-answer': {
    label: { zh: '回應遺失', en: 'Lost answer' },
    expect: {
      zh: '下一筆結帳的發票已開立，但回應在途中遺失（送出後連線中斷）：畫面說「無法確定發票是否已開立」，訂單列入待確認。請勿重新結帳；查詢結果會找到這張發票，主管確認為已開立。',
      en: 'The next sale’s invoice is issued but the answer is lost on the way (the connection broke after the order was sent): the screen says "It is not known whether the invoice was issued" and the order needs verification. Do not check out again; the look-up finds the invoice and a supervisor confirms it as issued.',
    },
  },
  'upload-stuck': {
    label: { zh: '上傳卡住', en: 'Stuck upload' },
    expect: {
      zh: '下一筆結帳正常開立並列印，但這張發票一直停在「待上傳」：結帳畫面沒有異常；對帳時會列出未上傳的發票，請通知店長聯絡發票服務。',
      en: 'The next sale is issued and printed normally, but its invoice stays waiting for upload: nothing shows at checkout; the reconciliation lists the invoice as not uploaded, tell the manager to contact the e-invoice service.',
    },
  },
  outage: {
    label: { zh: '發票服務斷線', en: 'Service outage' },
    expect: {
      zh: '接下來數分鐘發票服務完全連不上：前兩筆結帳未送達後，收銀機改為離線開立（使用收銀機自有號碼），狀態列顯示離線；時間到服務恢復後自動上傳離線發票。斷線期間無法以「恢復正常」取消。',
      en: 'For the next few minutes the e-invoice service cannot be reached at all: after two sales not delivered the till issues offline with its own numbers and the status bar says offline; when the time is up the service answers again and the offline invoices are uploaded. "Back to normal" cannot cancel it during the outage.',
    },
  },
  clear: {
    label: { zh: '恢復正常', en: 'Back to normal' },
    expect: {
      zh: '尚未發生的演練全部取消：下一筆結帳正常開立。',
      en: 'Every drill not yet run is cancelled: the next sale is issued normally.',
    },
  },
};

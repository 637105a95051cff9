/** A printer's state in a word, as the status bar and the printer check both say it. */
export const PRINTER_STATE_TEXT = {
  unknown: { zh: '未知', en: 'unknown' },
  online: { zh: '就緒', en: 'ready' },
  offline: { zh: '離線', en: 'offline' },
  'paper-out': { zh: '缺紙', en: 'out of paper' },
  'cover-open': { zh: '上蓋開啟', en: 'cover open' },
  none: { zh: '未設定', en: 'none' },
} as const;

/** Between a label and its value: a fullwidth colon in Chinese, ": " in English. */
export const LABEL_COLON = { zh: '：', en: ': ' } as const;

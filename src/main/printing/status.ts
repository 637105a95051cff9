import { EPSON } from './escpos/epson-writer';
import { STAR } from './escpos/star-writer';
import type { PrinterModel } from './escpos/writer';

/**
 * What a printer says about itself, where it answers (over TCP: EPSON's real-time DLE EOT,
 * Star's automatic status on request). Each protocol has a status query (answered at once)
 * and a job confirmation sent after a job's bytes (EPSON's GS r 1 is answered only after
 * everything before it was processed), so a job counts as printed only when the printer
 * answered after it on the same connection.
 */
export type PrinterState = 'online' | 'offline' | 'paper-out' | 'cover-open' | 'unknown';

export interface PrinterStatus {
  state: PrinterState;
  paperNearEnd: boolean;
  /** Why, in the printer's or the transport's words. */
  detail: string | null;
}

export interface StatusProtocol {
  query: Buffer;
  confirm: Buffer;
  /** Total answer length once known from the bytes so far, or null when more bytes are needed. */
  queryAnswerLength(received: Buffer): number | null;
  confirmAnswerLength(received: Buffer): number | null;
  parseQuery(answer: Buffer): PrinterStatus;
  parseConfirm(answer: Buffer): PrinterStatus;
}

const status = (state: PrinterState, paperNearEnd = false, detail: string | null = null): PrinterStatus => ({
  state,
  paperNearEnd,
  detail,
});

/** EPSON ESC/POS: DLE EOT 1 (bit 3 offline), 2 (bit 2 cover open, bit 5 paper end), 4 (bits 5-6 paper end, 2-3 near end). */
export const EPSON_BITS = {
  offline: 0x08,
  coverOpen: 0x04,
  stoppedByPaperEnd: 0x20,
  rollEnd: 0x60,
  rollNearEnd: 0x0c,
  /** GS r 1: bits 2-3 paper end, bits 0-1 near end. */
  sensorEnd: 0x0c,
  sensorNearEnd: 0x03,
  fixed: 0x12,
} as const;

export const epsonStatusProtocol: StatusProtocol = {
  query: EPSON.STATUS_QUERY,
  confirm: EPSON.JOB_CONFIRM,
  queryAnswerLength: () => 3,
  confirmAnswerLength: () => 1,
  parseQuery(answer) {
    const [printer = 0, cause = 0, paper = 0] = answer;
    const nearEnd = (paper & EPSON_BITS.rollNearEnd) !== 0;
    if ((paper & EPSON_BITS.rollEnd) !== 0 || (cause & EPSON_BITS.stoppedByPaperEnd) !== 0) {
      return status('paper-out', nearEnd, 'paper roll end');
    }
    if ((cause & EPSON_BITS.coverOpen) !== 0) return status('cover-open', nearEnd, 'cover open');
    if ((printer & EPSON_BITS.offline) !== 0) return status('offline', nearEnd, 'printer reports offline');
    return status('online', nearEnd);
  },
  parseConfirm(answer) {
    const sensor = answer[0] ?? 0;
    if ((sensor & EPSON_BITS.sensorEnd) !== 0) return status('paper-out', true, 'paper end after the job');
    return status('online', (sensor & EPSON_BITS.sensorNearEnd) !== 0);
  },
};

/**
 * Star automatic status (ASB): the first byte gives the length (bits 1-3 and 5); byte 3 has
 * cover open (bit 5) and offline (bit 3); byte 6 the receipt paper end (bit 3) and near end
 * (bit 2). Checked against Star's line-mode manual, not yet against a real Star printer.
 */
export const STAR_BITS = { coverOpen: 0x20, offline: 0x08, paperEnd: 0x08, nearEnd: 0x04 } as const;

export function starAnswerLength(received: Buffer): number | null {
  if (received.length === 0) return null;
  const header = received[0]!;
  return ((header >> 2) & 0x08) | ((header >> 1) & 0x07);
}

function parseStar(answer: Buffer): PrinterStatus {
  const printer = answer[2] ?? 0;
  const paper = answer[5] ?? 0;
  const nearEnd = (paper & STAR_BITS.nearEnd) !== 0;
  if ((paper & STAR_BITS.paperEnd) !== 0) return status('paper-out', nearEnd, 'receipt paper end');
  if ((printer & STAR_BITS.coverOpen) !== 0) return status('cover-open', nearEnd, 'cover open');
  if ((printer & STAR_BITS.offline) !== 0) return status('offline', nearEnd, 'printer reports offline');
  return status('online', nearEnd);
}

export const starStatusProtocol: StatusProtocol = {
  query: STAR.STATUS_QUERY,
  confirm: STAR.JOB_CONFIRM,
  queryAnswerLength: starAnswerLength,
  confirmAnswerLength: starAnswerLength,
  parseQuery: parseStar,
  parseConfirm: parseStar,
};

export function statusProtocol(model: PrinterModel): StatusProtocol {
  return model === 'star' ? starStatusProtocol : epsonStatusProtocol;
}

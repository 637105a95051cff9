/**
 * Paper and print-head geometry at 203 dpi (8 dots per mm). A 58 mm roll prints 48 mm
 * (384 dots), an 80 mm roll 72 mm (576 dots). Font A is 12×24 dots for half-width characters
 * and 24×24 for CJK, so a column is 12 dots: 32 columns on 58 mm, 48 on 80 mm.
 */
export type PaperWidth = 58 | 80;

export const DOTS_PER_MM = 8;
export const COLUMN_DOTS = 12;
export const CHAR_HEIGHT_DOTS = 24;
/** Line pitch the till sets (ESC 3 30): 24-dot characters plus 6 dots of space. */
export const LINE_DOTS = 30;

export interface Paper {
  width: PaperWidth;
  /** Printable width in dots. */
  dots: number;
  columns: number;
}

export function paperOf(width: PaperWidth): Paper {
  const dots = width === 58 ? 384 : 576;
  return { width, dots, columns: dots / COLUMN_DOTS };
}

/** The e-invoice proof is 5.7 cm wide (profile §3): on 80 mm paper it keeps the 58 mm layout, centered. */
export const PROOF_DOTS = paperOf(58).dots;
export const PROOF_COLUMNS = PROOF_DOTS / COLUMN_DOTS;
/** A consumer proof is 9 cm long. */
export const CONSUMER_PROOF_MIN_DOTS = 90 * DOTS_PER_MM;

import {
  charWidth,
  displayWidth,
  padEndToWidth,
  padStartToWidth,
  spreadRow,
  truncateToWidth,
} from '../../../shared/domain';
import type { TextStyle } from '../raster-text';

/**
 * The layout model every slip is built as, and every output (ESC/POS text, ESC/POS raster,
 * the screen preview) renders: lines of text already laid out in columns (a CJK character is
 * two), the Code 39 barcode, the QR pair, and blank space. A text line is padded to the slip's
 * full width, so the renderers only center the slip's area on the paper.
 */
export type SlipKind = 'proof' | 'details' | 'summary' | 'test' | 'allowance' | 'void-notice';

export type SlipBlock =
  | { kind: 'text'; text: string; style: TextStyle }
  | { kind: 'code39'; data: string }
  | { kind: 'qr-pair'; left: string; right: string }
  | { kind: 'feed'; dots: number };

export interface Slip {
  kind: SlipKind;
  /** Width of the slip's area in dots (the proof keeps 5.7 cm also on 80 mm paper). */
  widthDots: number;
  columns: number;
  blocks: SlipBlock[];
  /** Paper to use at least before the cut (a consumer proof is 9 cm long). */
  minHeightDots?: number;
}

export type Align = 'left' | 'center' | 'right';

/** Builds a slip's blocks line by line, laying text out in the slip's columns. */
export class SlipBuilder {
  readonly blocks: SlipBlock[] = [];
  constructor(readonly columns: number) {}

  private columnsFor(style: TextStyle): number {
    return style.wide ? Math.floor(this.columns / 2) : this.columns;
  }

  /** One line, cut to the width; use `wrapped` for text that may be longer. */
  line(text: string, align: Align = 'left', style: TextStyle = {}): this {
    const width = this.columnsFor(style);
    this.blocks.push({ kind: 'text', text: alignTo(text, width, align), style });
    return this;
  }

  wrapped(text: string, align: Align = 'left', style: TextStyle = {}, indent = 0): this {
    for (const part of wrapToWidth(text, this.columnsFor(style) - indent)) {
      this.line(' '.repeat(indent) + part, align, style);
    }
    return this;
  }

  /** Left and right text pushed apart; a left text too long for both goes on its own line first. */
  row(left: string, right: string, style: TextStyle = {}): this {
    const width = this.columnsFor(style);
    if (right === '') return this.line(left, 'left', style);
    if (displayWidth(left) + 1 + displayWidth(right) > width) {
      this.wrapped(left, 'left', style);
      return this.line(right, 'right', style);
    }
    this.blocks.push({ kind: 'text', text: spreadRow(left, right, width), style });
    return this;
  }

  rule(char = '-'): this {
    return this.line(char.repeat(this.columns));
  }

  blank(): this {
    return this.line('');
  }

  feed(dots: number): this {
    this.blocks.push({ kind: 'feed', dots });
    return this;
  }

  code39(data: string): this {
    this.blocks.push({ kind: 'code39', data });
    return this;
  }

  qrPair(left: string, right: string): this {
    this.blocks.push({ kind: 'qr-pair', left, right });
    return this;
  }
}

export function alignTo(text: string, width: number, align: Align): string {
  const cut = truncateToWidth(text, width);
  if (align === 'left') return padEndToWidth(cut, width);
  if (align === 'right') return padStartToWidth(cut, width);
  const left = Math.floor((width - displayWidth(cut)) / 2);
  return padEndToWidth(' '.repeat(left) + cut, width);
}

/** Splits text into lines of at most `width` columns, at spaces when it can, never inside a wide character. */
export function wrapToWidth(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  let used = 0;
  let lastSpace = -1;
  for (const char of text) {
    const w = charWidth(char.codePointAt(0)!);
    if (used + w > width) {
      if (lastSpace > 0 && char !== ' ') {
        lines.push(current.slice(0, lastSpace));
        current = current.slice(lastSpace + 1);
      } else {
        lines.push(current);
        current = '';
      }
      used = displayWidth(current);
      lastSpace = -1;
      if (char === ' ' && current === '') continue;
    }
    if (char === ' ') lastSpace = current.length;
    current += char;
    used += w;
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines.map((line) => line.trimEnd());
}

/** 2 → `2`, 52.3809 → `52.38`: quantities and unit prices as a cashier reads them. */
export function formatQuantity(value: number): string {
  return String(Number(value.toFixed(2)));
}

export function fitsWide(text: string, columns: number): boolean {
  return displayWidth(text) * 2 <= columns;
}

import { charWidth } from '../../shared/domain';
import { createBitmap, type Bitmap } from './bitmap';
import { CHAR_HEIGHT_DOTS, COLUMN_DOTS, LINE_DOTS } from './paper';
import type { RasterFont } from './raster-font';

/**
 * Text drawn into dots on the printer's own grid: a column is 12 dots, a character 24 dots
 * high (Unifont's 16-dot glyphs scaled by 1.5), doubled for wide/tall text. A line drawn here
 * is as wide as the same line printed in the printer's font, so both modes share one layout.
 */
export interface TextStyle {
  wide?: boolean;
  tall?: boolean;
  bold?: boolean;
}

export function lineHeightDots(style: TextStyle): number {
  return LINE_DOTS + (style.tall ? CHAR_HEIGHT_DOTS : 0);
}

export function drawTextLine(
  font: RasterFont,
  text: string,
  widthDots: number,
  style: TextStyle = {},
): Bitmap {
  const sx = style.wide ? 2 : 1;
  const sy = style.tall ? 2 : 1;
  const height = lineHeightDots(style);
  const bitmap = createBitmap(widthDots, height);
  const top = Math.floor((height - CHAR_HEIGHT_DOTS * sy) / 2);
  let x = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const cellWidth = charWidth(codePoint) * COLUMN_DOTS * sx;
    if (x + cellWidth > widthDots) break;
    if (char !== ' ')
      drawGlyph(bitmap, font, codePoint, x, top, cellWidth, CHAR_HEIGHT_DOTS * sy, style.bold === true);
    x += cellWidth;
  }
  return bitmap;
}

/** Scales the 16-dot glyph to the cell (nearest dot), or draws a box for a character the font lacks. */
function drawGlyph(
  bitmap: Bitmap,
  font: RasterFont,
  codePoint: number,
  x0: number,
  y0: number,
  cellWidth: number,
  cellHeight: number,
  bold: boolean,
): void {
  const glyph = font.glyph(codePoint);
  const set = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < bitmap.width && y < bitmap.height) bitmap.pixels[y * bitmap.width + x] = 1;
  };
  if (!glyph) {
    for (let x = 2; x < cellWidth - 2; x++) {
      set(x0 + x, y0 + 2);
      set(x0 + x, y0 + cellHeight - 3);
    }
    for (let y = 2; y < cellHeight - 2; y++) {
      set(x0 + 2, y0 + y);
      set(x0 + cellWidth - 3, y0 + y);
    }
    return;
  }
  const topBit = 1 << (glyph.width - 1);
  for (let dy = 0; dy < cellHeight; dy++) {
    const row = glyph.rows[Math.floor((dy * glyph.height) / cellHeight)]!;
    if (row === 0) continue;
    for (let dx = 0; dx < cellWidth; dx++) {
      if (row & (topBit >> Math.floor((dx * glyph.width) / cellWidth))) {
        set(x0 + dx, y0 + dy);
        if (bold) set(x0 + dx + 1, y0 + dy);
      }
    }
  }
}

import { toPng } from './bitmap';
import type { Slip } from './layout/slip';
import type { Paper } from './paper';
import type { RasterFont } from './raster-font';
import { slipBitmap } from './slip-bitmap';

/**
 * The slip as the printer lays it out, as a PNG for the screen (the result screen, training
 * mode's printer): the same layout model, drawn with the raster font, one screen pixel per dot
 * times `scale`, on a white margin like the paper's edge.
 */
export interface SlipPreview {
  png: Buffer;
  widthDots: number;
  heightDots: number;
}

export function renderPreview(slip: Slip, paper: Paper, font: RasterFont, scale = 1): SlipPreview {
  const bitmap = slipBitmap(slip, paper.dots, font);
  return { png: toPng(bitmap, { scale, margin: 12 }), widthDots: bitmap.width, heightDots: bitmap.height };
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

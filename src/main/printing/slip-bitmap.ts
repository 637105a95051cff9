import { createBitmap, stack, type Bitmap } from './bitmap';
import { code39Bitmap } from './code39';
import type { Slip, SlipBlock } from './layout/slip';
import { qrPairImage } from './qr-images';
import type { RasterFont } from './raster-font';
import { drawTextLine } from './raster-text';

/**
 * One block drawn in dots: what raster-mode printing sends for text, and what the preview
 * stacks into a picture of the whole slip. The Code 39 uses 1-dot narrow and 3-dot wide bars,
 * as the printers' own command does at its narrowest.
 */
export const CODE39_HEIGHT_DOTS = 48;

export function blockBitmap(block: SlipBlock, slip: Slip, font: () => RasterFont): Bitmap {
  switch (block.kind) {
    case 'text':
      return drawTextLine(font(), block.text, slip.widthDots, block.style);
    case 'code39':
      return code39Bitmap(block.data, { height: CODE39_HEIGHT_DOTS });
    case 'qr-pair':
      return qrPairImage(block.left, block.right, slip.widthDots).bitmap;
    case 'feed':
      return createBitmap(slip.widthDots, block.dots);
  }
}

/** The whole slip on paper of `paperDots`, as the printer would lay it out: the screen preview. */
export function slipBitmap(slip: Slip, paperDots: number, font: RasterFont): Bitmap {
  const parts = slip.blocks.map((block) => blockBitmap(block, slip, () => font));
  const height = parts.reduce((sum, part) => sum + part.height, 0);
  if (slip.minHeightDots && height < slip.minHeightDots)
    parts.push(createBitmap(1, slip.minHeightDots - height));
  return stack(parts, paperDots);
}

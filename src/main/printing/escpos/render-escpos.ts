import iconv from 'iconv-lite';
import { replaceHiddenCharacters } from '../../../shared/domain/plain-text';
import { stack, type Bitmap } from '../bitmap';
import type { Slip, SlipBlock } from '../layout/slip';
import type { RasterFont } from '../raster-font';
import { lineHeightDots } from '../raster-text';
import { CODE39_HEIGHT_DOTS, blockBitmap } from '../slip-bitmap';
import { EpsonWriter } from './epson-writer';
import { StarWriter } from './star-writer';
import type { CommandWriter, PrinterModel } from './writer';

/**
 * A slip as ESC/POS bytes. Chinese is sent either as Big5 (CP950) text in the printer's
 * multi-byte mode, or drawn into raster images for printers without a Chinese font; a line
 * with a character CP950 lacks is drawn even in text mode. Everything is centered: the
 * layout pads every line to the slip's width, so the slip's area is centered on the paper.
 */
export type ChineseMode = 'big5' | 'raster';

export interface EscPosOptions {
  model: PrinterModel;
  chinese: ChineseMode;
  /** Needed for raster text (and for lines CP950 cannot carry). */
  font: () => RasterFont;
  openDrawer?: boolean;
}

export const TEXT_ENCODING = 'cp950';

export function createWriter(model: PrinterModel): CommandWriter {
  return model === 'star' ? new StarWriter() : new EpsonWriter();
}

/** The CP950 bytes of a line, or null when a character is not in CP950. */
export function encodeBig5(text: string): Buffer | null {
  const bytes = iconv.encode(text, TEXT_ENCODING);
  return iconv.decode(bytes, TEXT_ENCODING) === text ? bytes : null;
}

export function renderEscPos(slip: Slip, options: EscPosOptions): Buffer {
  const writer = createWriter(options.model);
  writer.init();
  if (options.openDrawer) writer.drawerKick();
  writer.center();
  if (options.chinese === 'big5') writer.chineseMode(true);

  let heightDots = 0;
  let pending: Bitmap[] = [];
  const flushImages = () => {
    if (pending.length === 0) return;
    const image = stack(pending, slip.widthDots);
    writer.image(image);
    heightDots += image.height;
    pending = [];
  };

  /** A block sent as its own image. */
  const drawAlone = (block: SlipBlock) => {
    pending.push(blockBitmap(block, slip, options.font));
    flushImages();
  };

  const textBlock = (given: Extract<SlipBlock, { kind: 'text' }>) => {
    // Defense in depth: inputs are checked where they enter, and still no text prints a control
    // character (a command byte, a line break, a bidi override) as anything but `?`.
    const block = { ...given, text: replaceHiddenCharacters(given.text) };
    const bytes = options.chinese === 'big5' ? encodeBig5(block.text) : null;
    if (!bytes) {
      pending.push(blockBitmap(block, slip, options.font));
      return;
    }
    flushImages();
    writer.style(block.style);
    writer.textLine(bytes);
    heightDots += Math.max(writer.linePitch, lineHeightDots(block.style));
  };

  for (const block of slip.blocks) {
    if (block.kind === 'text') {
      textBlock(block);
      continue;
    }
    flushImages();
    switch (block.kind) {
      case 'feed':
        writer.feed(block.dots);
        heightDots += block.dots;
        break;
      case 'code39':
        writer.style({});
        // A model whose own command cannot print it narrow enough gets it drawn.
        if (writer.code39(block.data)) heightDots += CODE39_HEIGHT_DOTS + writer.linePitch;
        else drawAlone(block);
        break;
      case 'qr-pair':
        drawAlone(block);
        break;
    }
  }
  flushImages();
  writer.style({});
  if (slip.minHeightDots && heightDots < slip.minHeightDots) writer.feed(slip.minHeightDots - heightDots);
  if (options.chinese === 'big5') writer.chineseMode(false);
  writer.cut();
  return writer.bytes();
}

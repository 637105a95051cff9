import type { Bitmap } from '../bitmap';
import type { TextStyle } from '../raster-text';

export type PrinterModel = 'epson' | 'star';

/**
 * The commands a slip needs, per printer model. Each model's writer builds its bytes with
 * node-thermal-printer's command set for that model, adding what the library lacks
 * (Chinese mode, dot feeds, line pitch).
 */
export interface CommandWriter {
  readonly model: PrinterModel;
  /** Dots one text line advances in the printer's own font. */
  readonly linePitch: number;
  init(): void;
  center(): void;
  style(style: TextStyle): void;
  /** Multi-byte (Big5) character mode for printers with a Chinese font. */
  chineseMode(on: boolean): void;
  /** Already-encoded text bytes of one line, then a line feed. */
  textLine(bytes: Buffer): void;
  feed(dots: number): void;
  /** Code 39 with the printer's own command; false when this model draws it as an image instead. */
  code39(data: string): boolean;
  image(bitmap: Bitmap): void;
  drawerKick(): void;
  cut(): void;
  bytes(): Buffer;
}

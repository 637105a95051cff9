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

/**
 * Text bytes as a printer may receive them: every C0 control byte and DEL (ESC, GS, FS, DLE,
 * LF, …) becomes `?`. Only the writer's own commands are commands; a name that slipped past the
 * input checks can never kick the drawer (ESC p) or cut (GS V). CP950 is safe to filter byte by
 * byte: its lead bytes are 0x81-0xFE and its trail bytes 0x40-0x7E and 0xA1-0xFE.
 */
export function textBytesOnly(bytes: Buffer): Buffer {
  if (!bytes.some(isControlByte)) return bytes;
  return Buffer.from(bytes.map((byte) => (isControlByte(byte) ? 0x3f : byte)));
}

const isControlByte = (byte: number) => byte < 0x20 || byte === 0x7f;

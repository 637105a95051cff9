import { ThermalPrinter, PrinterTypes } from 'node-thermal-printer';
import { packRows, type Bitmap } from '../bitmap';
import type { TextStyle } from '../raster-text';
import { textBytesOnly, type CommandWriter } from './writer';

/** Star line mode commands the till sends, beyond node-thermal-printer's own. */
export const STAR = {
  LINE_PITCH_4MM: Buffer.from([0x1b, 0x7a, 0x01]), // ESC z 1: 4 mm = 32 dots
  KANJI_ON: Buffer.from([0x1b, 0x70]), // ESC p: multi-byte mode (Big5 on Traditional Chinese models)
  KANJI_OFF: Buffer.from([0x1b, 0x71]), // ESC q
  SIZE: (tall: boolean, wide: boolean) => Buffer.from([0x1b, 0x69, tall ? 1 : 0, wide ? 1 : 0]), // ESC i n1 n2
  /** Automatic status (ASB) on request: ESC ACK SOH. */
  STATUS_QUERY: Buffer.from([0x1b, 0x06, 0x01]),
  JOB_CONFIRM: Buffer.from([0x1b, 0x06, 0x01]),
} as const;

export const STAR_LINE_DOTS = 32;

export class StarWriter implements CommandWriter {
  readonly model = 'star' as const;
  readonly linePitch = STAR_LINE_DOTS;
  private readonly printer = new ThermalPrinter({ type: PrinterTypes.STAR, interface: '' });

  init(): void {
    this.printer.add(Buffer.from([0x1b, 0x40])); // ESC @ (the library's initHardware, missing from its types)
    this.printer.add(STAR.LINE_PITCH_4MM);
  }

  center(): void {
    this.printer.alignCenter();
  }

  style(style: TextStyle): void {
    this.printer.add(STAR.SIZE(style.tall === true, style.wide === true));
    this.printer.bold(style.bold === true);
  }

  chineseMode(on: boolean): void {
    this.printer.add(on ? STAR.KANJI_ON : STAR.KANJI_OFF);
  }

  textLine(bytes: Buffer): void {
    this.printer.add(textBytesOnly(bytes));
    this.printer.newLine();
  }

  /** Star line mode feeds by lines; round up to whole 4 mm lines. */
  feed(dots: number): void {
    for (let i = 0; i < Math.ceil(dots / STAR_LINE_DOTS); i++) this.printer.newLine();
  }

  /** Star's narrowest Code 39 bar is 2 dots: 19 characters would not fit 58 mm, so it is drawn. */
  code39(): boolean {
    return false;
  }

  /**
   * node-thermal-printer's Star raster layout (ESC 0, then bands of 24 rows `ESC k n1 n2 data LF`,
   * then ESC z 1), built from packed rows: the library's own encoder concatenates a buffer per
   * byte, about 20 ms per proof.
   */
  image(bitmap: Bitmap): void {
    this.printer.add(starRaster(bitmap));
  }

  drawerKick(): void {
    this.printer.openCashDrawer();
  }

  cut(): void {
    this.printer.partialCut({ verticalTabAmount: 1 });
  }

  bytes(): Buffer {
    return this.printer.getBuffer() ?? Buffer.alloc(0);
  }
}

export function starRaster(bitmap: Bitmap): Buffer {
  const { bytesPerRow, data } = packRows(bitmap);
  const bandBytes = 24 * bytesPerRow;
  const bands = Math.ceil(bitmap.height / 24);
  const parts: Buffer[] = [Buffer.from([0x1b, 0x30])];
  for (let band = 0; band < bands; band++) {
    const rows = Buffer.alloc(bandBytes);
    data.copy(rows, 0, band * bandBytes, Math.min(data.length, (band + 1) * bandBytes));
    parts.push(Buffer.from([0x1b, 0x6b, bytesPerRow & 0xff, bytesPerRow >> 8]), rows, Buffer.from([0x0a]));
  }
  parts.push(STAR.LINE_PITCH_4MM);
  return Buffer.concat(parts);
}

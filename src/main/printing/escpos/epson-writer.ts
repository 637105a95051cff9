import { ThermalPrinter, PrinterTypes } from 'node-thermal-printer';
import { packRows, type Bitmap } from '../bitmap';
import { isCode39Text } from '../code39';
import { LINE_DOTS } from '../paper';
import type { TextStyle } from '../raster-text';
import { textBytesOnly, type CommandWriter } from './writer';

/** ESC/POS commands the till sends an EPSON (and compatible) printer, beyond node-thermal-printer's own. */
export const EPSON = {
  LINE_PITCH: (dots: number) => Buffer.from([0x1b, 0x33, dots]), // ESC 3 n
  FEED_DOTS: (dots: number) => Buffer.from([0x1b, 0x4a, dots]), // ESC J n
  KANJI_ON: Buffer.from([0x1c, 0x26]), // FS &: multi-byte (Big5 on Traditional Chinese models)
  KANJI_OFF: Buffer.from([0x1c, 0x2e]), // FS .
  DRAWER_KICK: Buffer.from([0x1b, 0x70, 0x00, 25, 250]), // ESC p: pin 2, 50 ms on, 500 ms off
  CODE39: 69, // GS k m=69 (function B: length-prefixed)
  /** Real-time status, answered at once: printer (1), offline cause (2), paper sensor (4). */
  STATUS_QUERY: Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]),
  /** Paper sensor status (GS r 1): answered only after every byte before it was processed. */
  JOB_CONFIRM: Buffer.from([0x1d, 0x72, 0x01]),
} as const;

export class EpsonWriter implements CommandWriter {
  readonly model = 'epson' as const;
  readonly linePitch = LINE_DOTS;
  private readonly printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: '' });

  init(): void {
    this.printer.add(Buffer.from([0x1b, 0x40])); // ESC @ (the library's initHardware, missing from its types)
    this.printer.add(EPSON.LINE_PITCH(LINE_DOTS));
  }

  center(): void {
    this.printer.alignCenter();
  }

  style(style: TextStyle): void {
    this.printer.setTextSize(style.tall ? 1 : 0, style.wide ? 1 : 0);
    this.printer.bold(style.bold === true);
  }

  chineseMode(on: boolean): void {
    this.printer.add(on ? EPSON.KANJI_ON : EPSON.KANJI_OFF);
  }

  textLine(bytes: Buffer): void {
    this.printer.add(textBytesOnly(bytes));
    this.printer.newLine();
  }

  feed(dots: number): void {
    for (let left = dots; left > 0; left -= 255) this.printer.add(EPSON.FEED_DOTS(Math.min(255, left)));
  }

  code39(data: string): boolean {
    // The data goes inside GS k: anything but Code 39's own characters is not printed at all.
    if (!isCode39Text(data)) throw new Error(`Not Code 39 text: ${JSON.stringify(data)}`);
    // Narrowest module (GS w 1): the proof's 21 symbols (with start/stop) fit 58 mm paper.
    this.printer.printBarcode(data, EPSON.CODE39, { hriPos: 0, hriFont: 0, width: 1, height: 48 });
    this.printer.newLine();
    return true;
  }

  /** GS v 0, packed straight from the dots (node-thermal-printer's own path goes through RGBA). */
  image(bitmap: Bitmap): void {
    const { bytesPerRow, data } = packRows(bitmap);
    const h = bitmap.height;
    this.printer.add(
      Buffer.from([0x1d, 0x76, 0x30, 0x00, bytesPerRow & 0xff, bytesPerRow >> 8, h & 0xff, h >> 8]),
    );
    this.printer.add(data);
  }

  /** ESC p 0 t1 t2 in full: node-thermal-printer 4.6 sends EPSON's kick without its pulse times. */
  drawerKick(): void {
    this.printer.add(EPSON.DRAWER_KICK);
  }

  cut(): void {
    this.printer.partialCut({ verticalTabAmount: 1 });
  }

  bytes(): Buffer {
    return this.printer.getBuffer() ?? Buffer.alloc(0);
  }
}

import iconv from 'iconv-lite';
import jsQR from 'jsqr';
import { crop, toRgba, unpackRows, type Bitmap } from '../../src/main/printing/bitmap';
import { multiByteSwitch, tokenize, type Token } from '../../src/main/printing/escpos/tokens';
import type { PrinterModel } from '../../src/main/printing/escpos/writer';

/**
 * Reads back what the till sent a printer, the way the printer would take it: text lines in
 * their code page (CP950 in multi-byte mode) as Unicode, the barcodes of the printer's own
 * command, and every raster image (EPSON GS v 0; Star ESC k bands joined) as dots.
 */
export interface DecodedPrint {
  /** Every printed text line, as sent (padding kept). */
  lines: string[];
  /** Bytes of every text token: for checking what went out as text at all. */
  textBytes: Buffer[];
  barcodes: Array<{ system: number; data: string }>;
  images: Bitmap[];
  multiByteMode: boolean;
  drawerKicks: number;
  cuts: number;
  statusQueries: number;
  commands: string[];
}

export function decodeEscPos(bytes: Buffer, model: PrinterModel): DecodedPrint {
  const { tokens } = tokenize(bytes, model);
  const out: DecodedPrint = {
    lines: [],
    textBytes: [],
    barcodes: [],
    images: [],
    multiByteMode: false,
    drawerKicks: 0,
    cuts: 0,
    statusQueries: 0,
    commands: [],
  };
  let multiByte = false;
  let line = '';
  let lineHasText = false;
  let bands: Buffer[] = [];
  let bandBytesPerRow = 0;
  const flushBands = () => {
    if (bands.length === 0) return;
    const data = Buffer.concat(bands);
    out.images.push(unpackRows(data, bandBytesPerRow, data.length / bandBytesPerRow));
    bands = [];
  };
  const handle = (token: Token) => {
    if (token.type !== 'star-band' && token.type !== 'lf') flushBands();
    switch (token.type) {
      case 'text': {
        out.textBytes.push(token.bytes);
        line += multiByte ? iconv.decode(token.bytes, 'cp950') : token.bytes.toString('latin1');
        lineHasText = true;
        break;
      }
      case 'lf':
        if (bands.length > 0) break; // Star ends each band with LF
        out.lines.push(lineHasText ? line : '');
        line = '';
        lineHasText = false;
        break;
      case 'raster':
        out.images.push(unpackRows(token.data, token.bytesPerRow, token.height));
        break;
      case 'star-band':
        bandBytesPerRow = token.bytesPerRow;
        bands.push(token.data);
        break;
      case 'barcode':
        out.barcodes.push({ system: token.system, data: token.data });
        break;
      case 'status-query':
        out.statusQueries++;
        break;
      case 'command': {
        out.commands.push(token.name);
        multiByte = multiByteSwitch(token.name, model) ?? multiByte;
        if (multiByte) out.multiByteMode = true;
        if (model === 'epson' && token.name === 'ESC p') out.drawerKicks++;
        if (model === 'star' && token.name === 'BEL') out.drawerKicks++;
        if (token.name === 'GS V' || (model === 'star' && token.name === 'ESC d')) out.cuts++;
        break;
      }
      case 'unknown':
        break;
    }
  };
  tokens.forEach(handle);
  flushBands();
  if (lineHasText) out.lines.push(line);
  return out;
}

/** Lines without their padding, blank ones dropped: what a person reads off the slip. */
export const readableLines = (decoded: DecodedPrint) =>
  decoded.lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter((line) => line !== '');

/** The QR codes of a side-by-side pair image: each half decoded on its own. */
export function readQrPair(image: Bitmap): [string | null, string | null] {
  const half = Math.floor(image.width / 2);
  const read = (part: Bitmap) => jsQR(toRgba(part), part.width, part.height)?.data ?? null;
  return [
    read(crop(image, 0, 0, half, image.height)),
    read(crop(image, half, 0, image.width - half, image.height)),
  ];
}

/** Finds `needle` inside `haystack` dot for dot (black dots of the needle must be black there and vice versa). */
export function containsBitmap(haystack: Bitmap, needle: Bitmap): boolean {
  for (let y = 0; y + needle.height <= haystack.height; y++) {
    for (let x = 0; x + needle.width <= haystack.width; x++) {
      let match = true;
      for (let ny = 0; ny < needle.height && match; ny++) {
        const h = (y + ny) * haystack.width + x;
        const n = ny * needle.width;
        for (let nx = 0; nx < needle.width; nx++) {
          if (haystack.pixels[h + nx] !== needle.pixels[n + nx]) {
            match = false;
            break;
          }
        }
      }
      if (match) return true;
    }
  }
  return false;
}

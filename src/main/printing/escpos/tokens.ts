import type { PrinterModel } from './writer';

/**
 * Splits the byte stream the till sends into commands, knowing each command's length, so that
 * image data is never mistaken for a command. The virtual printer answers status requests
 * with it; the tests' decoder turns the tokens back into lines, barcodes and images. It knows
 * the commands this till sends (and a few common ones); anything else is an `unknown` byte.
 */
export type Token =
  | { type: 'text'; bytes: Buffer }
  | { type: 'lf' }
  | { type: 'raster'; bytesPerRow: number; height: number; data: Buffer } // EPSON GS v 0
  | { type: 'star-band'; bytesPerRow: number; data: Buffer } // Star ESC k: 24 rows
  | { type: 'barcode'; system: number; data: string } // EPSON GS k
  | { type: 'status-query'; query: 'dle-eot' | 'gs-r' | 'star-asb'; n: number }
  | { type: 'command'; name: string; args: number[] }
  | { type: 'unknown'; byte: number };

export interface Tokenized {
  tokens: Token[];
  /** Bytes used; a command cut off at the end of the data is left for the next call. */
  consumed: number;
  /** Multi-byte mode at the end (FS & / ESC p seen and not cancelled). */
  multiByte: boolean;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

type Step = { token: Token | null; length: number } | 'incomplete';

const cmd = (name: string, length: number, args: number[] = []): Step => ({
  token: { type: 'command', name, args },
  length,
});

/** Commands by their byte after ESC or GS: with one argument byte (EPSON), with none (Star). */
const EPSON_ESC_ONE_ARG: Readonly<Record<number, string>> = {
  0x21: 'ESC !', 0x2d: 'ESC -', 0x33: 'ESC 3', 0x45: 'ESC E', 0x47: 'ESC G', 0x4a: 'ESC J', 0x4d: 'ESC M',
  0x52: 'ESC R', 0x61: 'ESC a', 0x64: 'ESC d', 0x74: 'ESC t', 0x7b: 'ESC {',
}; // prettier-ignore
const EPSON_GS_ONE_ARG: Readonly<Record<number, string>> = {
  0x21: 'GS !', 0x42: 'GS B', 0x48: 'GS H', 0x66: 'GS f', 0x68: 'GS h', 0x77: 'GS w',
}; // prettier-ignore
const STAR_ESC_NO_ARG: Readonly<Record<number, string>> = {
  0x30: 'ESC 0', 0x34: 'ESC 4', 0x35: 'ESC 5', 0x40: 'ESC @', 0x45: 'ESC E', 0x46: 'ESC F', 0x70: 'ESC p',
  0x71: 'ESC q',
}; // prettier-ignore

function epsonStep(b: Buffer, i: number): Step {
  const need = (n: number) => i + n <= b.length;
  const c = b[i]!;
  if (c === DLE) {
    if (!need(3)) return 'incomplete';
    if (b[i + 1] === 0x04)
      return { token: { type: 'status-query', query: 'dle-eot', n: b[i + 2]! }, length: 3 };
    return { token: { type: 'unknown', byte: c }, length: 1 };
  }
  if (c === ESC) {
    if (!need(2)) return 'incomplete';
    const f = b[i + 1]!;
    if (f === 0x40) return cmd('ESC @', 2);
    if (f === 0x32) return cmd('ESC 2', 2);
    const three = EPSON_ESC_ONE_ARG[f];
    if (three) return need(3) ? cmd(three, 3, [b[i + 2]!]) : 'incomplete';
    if (f === 0x70) return need(5) ? cmd('ESC p', 5, [b[i + 2]!, b[i + 3]!, b[i + 4]!]) : 'incomplete';
    return { token: { type: 'unknown', byte: c }, length: 1 };
  }
  if (c === FS) {
    if (!need(2)) return 'incomplete';
    const f = b[i + 1]!;
    if (f === 0x26) return cmd('FS &', 2);
    if (f === 0x2e) return cmd('FS .', 2);
    if (f === 0x21 || f === 0x43 || f === 0x2d)
      return need(3) ? cmd(`FS ${String.fromCharCode(f)}`, 3, [b[i + 2]!]) : 'incomplete';
    return { token: { type: 'unknown', byte: c }, length: 1 };
  }
  if (c === GS) {
    if (!need(2)) return 'incomplete';
    const f = b[i + 1]!;
    const three = EPSON_GS_ONE_ARG[f];
    if (three) return need(3) ? cmd(three, 3, [b[i + 2]!]) : 'incomplete';
    if (f === 0x72)
      return need(3)
        ? { token: { type: 'status-query', query: 'gs-r', n: b[i + 2]! }, length: 3 }
        : 'incomplete';
    if (f === 0x56) {
      if (!need(3)) return 'incomplete';
      const m = b[i + 2]!;
      if (m === 65 || m === 66) return need(4) ? cmd('GS V', 4, [m, b[i + 3]!]) : 'incomplete';
      return cmd('GS V', 3, [m]);
    }
    if (f === 0x76) {
      if (!need(8)) return 'incomplete';
      const bytesPerRow = b[i + 4]! + 256 * b[i + 5]!;
      const height = b[i + 6]! + 256 * b[i + 7]!;
      const length = 8 + bytesPerRow * height;
      if (!need(length)) return 'incomplete';
      return { token: { type: 'raster', bytesPerRow, height, data: b.subarray(i + 8, i + length) }, length };
    }
    if (f === 0x6b) {
      if (!need(3)) return 'incomplete';
      const m = b[i + 2]!;
      if (m <= 6) {
        const end = b.indexOf(0, i + 3);
        if (end < 0) return 'incomplete';
        return {
          token: { type: 'barcode', system: m, data: b.toString('latin1', i + 3, end) },
          length: end + 1 - i,
        };
      }
      if (!need(4)) return 'incomplete';
      const n = b[i + 3]!;
      if (!need(4 + n)) return 'incomplete';
      return {
        token: { type: 'barcode', system: m, data: b.toString('latin1', i + 4, i + 4 + n) },
        length: 4 + n,
      };
    }
    return { token: { type: 'unknown', byte: c }, length: 1 };
  }
  return { token: { type: 'unknown', byte: c }, length: 1 };
}

function starStep(b: Buffer, i: number): Step {
  const need = (n: number) => i + n <= b.length;
  const c = b[i]!;
  if (c === 0x0b) return cmd('VT', 1);
  if (c === 0x07) return cmd('BEL', 1);
  if (c !== ESC) return { token: { type: 'unknown', byte: c }, length: 1 };
  if (!need(2)) return 'incomplete';
  const f = b[i + 1]!;
  const two = STAR_ESC_NO_ARG[f];
  if (two) return cmd(two, 2);
  if (f === 0x7a || f === 0x64 || f === 0x4a || f === 0x61 || f === 0x2d) {
    return need(3) ? cmd(`ESC ${String.fromCharCode(f)}`, 3, [b[i + 2]!]) : 'incomplete';
  }
  if (f === 0x69 || f === 0x07)
    return need(4) ? cmd(f === 0x69 ? 'ESC i' : 'ESC BEL', 4, [b[i + 2]!, b[i + 3]!]) : 'incomplete';
  if (f === 0x06) {
    if (!need(3)) return 'incomplete';
    return { token: { type: 'status-query', query: 'star-asb', n: b[i + 2]! }, length: 3 };
  }
  if (f === 0x1d) {
    if (!need(4)) return 'incomplete';
    const g = b[i + 2]!;
    if (g === 0x61) return cmd('ESC GS a', 4, [b[i + 3]!]);
    if (g === 0x74) return cmd('ESC GS t', 4, [b[i + 3]!]);
    return { token: { type: 'unknown', byte: c }, length: 1 };
  }
  if (f === 0x6b) {
    if (!need(4)) return 'incomplete';
    const bytesPerRow = b[i + 2]! + 256 * b[i + 3]!;
    const length = 4 + 24 * bytesPerRow;
    if (!need(length)) return 'incomplete';
    return { token: { type: 'star-band', bytesPerRow, data: b.subarray(i + 4, i + length) }, length };
  }
  if (f === 0x1e) {
    // ESC RS F n (font) and similar 4-byte ESC RS commands
    return need(4) ? cmd('ESC RS', 4, [b[i + 2]!, b[i + 3]!]) : 'incomplete';
  }
  return { token: { type: 'unknown', byte: c }, length: 1 };
}

/** Whether a command turns multi-byte (Big5) mode on or off; null when it leaves it alone. */
export function multiByteSwitch(command: string, model: PrinterModel): boolean | null {
  // EPSON's ESC p is the drawer kick; on a Star it is the Kanji mode.
  if (command === 'FS &' || (model === 'star' && command === 'ESC p')) return true;
  if (command === 'FS .' || command === 'ESC @' || (model === 'star' && command === 'ESC q')) return false;
  return null;
}

export function tokenize(data: Buffer, model: PrinterModel, multiByte = false): Tokenized {
  const tokens: Token[] = [];
  let text: number[] = [];
  const flushText = () => {
    if (text.length > 0) tokens.push({ type: 'text', bytes: Buffer.from(text) });
    text = [];
  };
  let i = 0;
  while (i < data.length) {
    const c = data[i]!;
    if (c === 0x0a) {
      flushText();
      tokens.push({ type: 'lf' });
      i++;
      continue;
    }
    if (c >= 0x20 && c !== 0x7f) {
      // A lead byte in multi-byte mode takes its trail byte with it (Big5 trail bytes are ≥ 0x40).
      if (multiByte && c >= 0x81 && c <= 0xfe) {
        if (i + 1 >= data.length) break;
        text.push(c, data[i + 1]!);
        i += 2;
      } else {
        text.push(c);
        i++;
      }
      continue;
    }
    if (c === 0x0d) {
      i++;
      continue;
    }
    const step = model === 'star' ? starStep(data, i) : epsonStep(data, i);
    if (step === 'incomplete') break;
    flushText();
    if (step.token) {
      tokens.push(step.token);
      if (step.token.type === 'command') multiByte = multiByteSwitch(step.token.name, model) ?? multiByte;
    }
    i += step.length;
  }
  flushText();
  return { tokens, consumed: i, multiByte };
}

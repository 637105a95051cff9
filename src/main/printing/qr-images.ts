import QRCode from 'qrcode';
import { createBitmap, fillRect, type Bitmap } from './bitmap';
import { DOTS_PER_MM } from './paper';

/**
 * The proof's two QR codes as ONE picture (profile §3): same version and module size, tops
 * aligned, side by side, each with its own quiet zone. At 203 dpi: each code's coding area
 * itself at least 1.5 cm (120 dots), its quiet zone of 0.2 cm (16 dots) on top of that on
 * every side; the left one version 6 or higher, error correction L. Every module is a whole
 * number of dots, so that a module never prints one dot wider than its neighbour.
 */
export const MIN_QR_VERSION = 6;
/** The coding area (the symbol without its quiet zone), at least 1.5 cm. */
export const MIN_QR_SIDE_DOTS = 15 * DOTS_PER_MM;
/** 0.2 cm, and never less than the 4 modules the QR standard asks for. */
export const QR_QUIET_DOTS = 2 * DOTS_PER_MM;
/** Modules of one dot do not survive thermal printing; 3 is the proof's size for short texts. */
export const MIN_MODULE_DOTS = 2;

export interface QrPairImage {
  bitmap: Bitmap;
  version: number;
  moduleDots: number;
  quietDots: number;
  /** Left edges of the two symbols (without their quiet zones), in dots. */
  symbolX: [number, number];
  symbolY: number;
  symbolDots: number;
}

function symbol(text: string, version: number) {
  return QRCode.create(text, { version, errorCorrectionLevel: 'L' });
}

/** Byte-mode capacity at error correction L, versions 1-10 (ISO/IEC 18004 table 7). */
const BYTE_CAPACITY_L = [17, 32, 53, 78, 106, 134, 154, 192, 230, 271];

/**
 * The smallest version (≥ 6) that carries both texts, so that both codes are the same size.
 * Byte mode is an upper bound (the encoder may pick denser modes), which spares a trial encoding
 * with its eight mask evaluations per code; longer texts ask the encoder.
 */
export function qrPairVersion(left: string, right: string): number {
  const needed = (text: string) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    const version = BYTE_CAPACITY_L.findIndex((capacity) => capacity >= bytes) + 1;
    return version > 0 ? version : QRCode.create(text, { errorCorrectionLevel: 'L' }).version;
  };
  return Math.max(MIN_QR_VERSION, needed(left), needed(right));
}

const modulesOf = (version: number) => 17 + 4 * version;
const quietFor = (moduleDots: number) => Math.max(QR_QUIET_DOTS, 4 * moduleDots);

/**
 * The version and module size of the pair: the largest module (easiest to scan) at which some
 * version that carries both texts is at least MIN_QR_SIDE_DOTS across and, with its quiet zones,
 * fits half of the area; for that module size the smallest such version. A version above what the
 * texts need is fine (the encoder pads): e.g. a text needing version 10 (57 modules: 114 dots at
 * 2 dots, 171 at 3, too wide) is drawn as version 11 at 2 dots (122 dots).
 */
export function qrPairGeometry(
  left: string,
  right: string,
  areaDots: number,
  maxModuleDots = 4,
): { version: number; moduleDots: number; quietDots: number; symbolDots: number } {
  const needed = qrPairVersion(left, right);
  const half = Math.floor(areaDots / 2);
  for (let moduleDots = maxModuleDots; moduleDots >= MIN_MODULE_DOTS; moduleDots--) {
    const quietDots = quietFor(moduleDots);
    for (let version = needed; version <= 40; version++) {
      const symbolDots = modulesOf(version) * moduleDots;
      if (symbolDots + 2 * quietDots > half) break;
      if (symbolDots >= MIN_QR_SIDE_DOTS) return { version, moduleDots, quietDots, symbolDots };
    }
  }
  throw new Error(`QR codes of version ${needed} or above do not fit side by side in ${areaDots} dots`);
}

export function qrPairImage(left: string, right: string, areaDots: number, maxModuleDots = 4): QrPairImage {
  const { version, moduleDots, quietDots, symbolDots } = qrPairGeometry(left, right, areaDots, maxModuleDots);
  const codes = [symbol(left, version), symbol(right, version)];
  const modules = codes[0]!.modules.size;
  const cell = symbolDots + 2 * quietDots;
  const margin = Math.floor((areaDots - 2 * cell) / 2);
  const bitmap = createBitmap(areaDots, cell);
  const symbolX: [number, number] = [margin + quietDots, margin + cell + quietDots];
  codes.forEach((code, index) => {
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) {
        if (code.modules.get(row, col)) {
          fillRect(
            bitmap,
            symbolX[index]! + col * moduleDots,
            quietDots + row * moduleDots,
            moduleDots,
            moduleDots,
          );
        }
      }
    }
  });
  return { bitmap, version, moduleDots, quietDots, symbolX, symbolY: quietDots, symbolDots };
}

import QRCode from 'qrcode';
import { createBitmap, fillRect, type Bitmap } from './bitmap';
import { DOTS_PER_MM } from './paper';

/**
 * The proof's two QR codes as ONE picture (profile §3): same version and module size, tops
 * aligned, side by side, each with its own quiet zone. At 203 dpi: each code with its quiet
 * zone at least 1.5 cm (120 dots), the left one version 6 or higher, error correction L.
 */
export const MIN_QR_VERSION = 6;
export const MIN_QR_SIDE_DOTS = 15 * DOTS_PER_MM;
/** About 0.2 cm, and never less than the 4 modules the QR standard asks for. */
export const QR_QUIET_DOTS = 2 * DOTS_PER_MM;
/** Modules of one dot do not survive thermal printing; 3 is the proof's size on 58 mm. */
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

export function qrPairImage(left: string, right: string, areaDots: number, maxModuleDots = 4): QrPairImage {
  const version = qrPairVersion(left, right);
  const codes = [symbol(left, version), symbol(right, version)];
  const modules = codes[0]!.modules.size;
  const half = Math.floor(areaDots / 2);
  let moduleDots = maxModuleDots;
  while (
    moduleDots > MIN_MODULE_DOTS &&
    modules * moduleDots + 2 * Math.max(QR_QUIET_DOTS, 4 * moduleDots) > half
  )
    moduleDots--;
  const quietDots = Math.max(QR_QUIET_DOTS, 4 * moduleDots);
  const symbolDots = modules * moduleDots;
  if (symbolDots + 2 * quietDots < MIN_QR_SIDE_DOTS || symbolDots + 2 * quietDots > half) {
    throw new Error(`QR codes of version ${version} do not fit side by side in ${areaDots} dots`);
  }
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

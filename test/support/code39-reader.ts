import type { Bitmap } from '../../src/main/printing/bitmap';
import { CODE39_PATTERNS } from '../../src/main/printing/code39';

const BY_PATTERN = new Map(Object.entries(CODE39_PATTERNS).map(([char, pattern]) => [pattern, char]));

/**
 * Reads a Code 39 barcode from dots, as a scanner would along one row: bar and space widths,
 * narrow or wide by the midpoint of the widths seen, nine elements per character between the
 * `*` start and stop. Returns null when the row holds no valid Code 39.
 */
export function readCode39Row(bitmap: Bitmap, y: number): string | null {
  const runs: number[] = [];
  let x = 0;
  while (x < bitmap.width && !bitmap.pixels[y * bitmap.width + x]) x++;
  let last = bitmap.width - 1;
  while (last > x && !bitmap.pixels[y * bitmap.width + last]) last--;
  if (x >= last) return null;
  let color = 1;
  let run = 0;
  for (; x <= last; x++) {
    const dot = bitmap.pixels[y * bitmap.width + x]!;
    if (dot === color) run++;
    else {
      runs.push(run);
      color = dot;
      run = 1;
    }
  }
  runs.push(run);
  if ((runs.length + 1) % 10 !== 0) return null;
  const threshold = (Math.min(...runs) + Math.max(...runs)) / 2;
  let text = '';
  for (let i = 0; i < runs.length; i += 10) {
    const pattern = runs
      .slice(i, i + 9)
      .map((w) => (w > threshold ? '1' : '0'))
      .join('');
    const char = BY_PATTERN.get(pattern);
    if (char === undefined) return null;
    text += char;
  }
  return text.startsWith('*') && text.endsWith('*') && text.length >= 3 ? text.slice(1, -1) : null;
}

/** The first row of the picture that reads as Code 39. */
export function readCode39(bitmap: Bitmap): string | null {
  for (let y = 0; y < bitmap.height; y++) {
    const text = readCode39Row(bitmap, y);
    if (text !== null) return text;
  }
  return null;
}

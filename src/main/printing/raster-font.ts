import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * GNU Unifont glyphs (8×16 half-width, 16×16 full-width) for raster text: printers without a
 * Chinese font and the screen preview. The app ships a subset under assets/fonts (see its
 * README); Debian's `unifont` package is the fallback and the source of that subset.
 */
export const FONT_FILE = 'unifont-print.hex.gz';
const SYSTEM_UNIFONT = '/usr/share/unifont/unifont.hex';

export interface Glyph {
  /** 8 or 16 dots. */
  width: number;
  height: 16;
  /** One row per entry, bit 15 (or 7) = leftmost dot. */
  rows: Uint16Array;
}

export interface RasterFont {
  glyph(codePoint: number): Glyph | null;
  readonly size: number;
}

export function parseUnifontHex(text: string): RasterFont {
  const raw = new Map<number, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0 || line.startsWith('#')) continue;
    raw.set(parseInt(line.slice(0, colon), 16), line.slice(colon + 1).trim());
  }
  const cache = new Map<number, Glyph>();
  return {
    size: raw.size,
    glyph(codePoint) {
      const cached = cache.get(codePoint);
      if (cached) return cached;
      const hex = raw.get(codePoint);
      if (!hex) return null;
      const wide = hex.length === 64;
      const digits = wide ? 4 : 2;
      const rows = new Uint16Array(16);
      for (let y = 0; y < 16; y++) rows[y] = parseInt(hex.slice(y * digits, (y + 1) * digits), 16);
      const glyph: Glyph = { width: wide ? 16 : 8, height: 16, rows };
      cache.set(codePoint, glyph);
      return glyph;
    },
  };
}

/** assets/fonts from the app's root: TILL_ASSETS_DIR, or the nearest `assets` folder above this module. */
export function findFontFile(): string | null {
  const candidates: string[] = [];
  if (process.env.TILL_ASSETS_DIR) candidates.push(join(process.env.TILL_ASSETS_DIR, 'fonts', FONT_FILE));
  let dir = import.meta.dirname;
  for (let i = 0; i < 8 && dir; i++) {
    candidates.push(join(dir, 'assets', 'fonts', FONT_FILE));
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  candidates.push(SYSTEM_UNIFONT);
  return candidates.find((path) => existsSync(path)) ?? null;
}

const loaded = new Map<string, RasterFont>();
/** The file found, looked for once: the font is asked for once per raster line. */
let foundPath: string | null = null;

/** The shipped font, read once per file (about 30 000 glyphs; each decoded when first drawn). */
export function loadRasterFont(path: string | null = (foundPath ??= findFontFile())): RasterFont {
  if (!path) {
    throw new Error(`Raster font ${FONT_FILE} not found: ship assets/fonts or apt-get install unifont`);
  }
  let font = loaded.get(path);
  if (!font) {
    const bytes = readFileSync(path);
    font = parseUnifontHex((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
    loaded.set(path, font);
  }
  return font;
}

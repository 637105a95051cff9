// Builds assets/fonts/unifont-print.hex.gz: the GNU Unifont glyphs a receipt can need (ASCII,
// Latin-1, punctuation, box drawing, CJK symbols, Bopomofo, CJK ideographs incl. Ext. A,
// fullwidth forms), so raster-mode printing works without a printer font or a native canvas.
// Source: Debian's `unifont` package (/usr/share/unifont/unifont.hex). Run:
//   npx tsx src/main/printing/font/build-unifont-subset.ts [source.hex] [out.hex.gz]
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export const SUBSET_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x2000, 0x206f], // general punctuation
  [0x2100, 0x22ff], // letterlike, number forms, arrows, math
  [0x2460, 0x24ff], // enclosed numbers
  [0x2500, 0x25ff], // box drawing, blocks, shapes
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3100, 0x312f], // Bopomofo
  [0x3400, 0x4dbf], // CJK Ext. A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xffef], // halfwidth and fullwidth forms
];

const inSubset = (cp: number) => SUBSET_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);

export function buildSubset(hexText: string): string {
  const lines = hexText.split('\n').filter((line) => {
    const colon = line.indexOf(':');
    return colon > 0 && inSubset(parseInt(line.slice(0, colon), 16));
  });
  return (
    '# GNU Unifont 15 subset for receipt raster text. Unifont: GPL-2+ with the GNU font embedding\n' +
    '# exception, and SIL OFL 1.1 (dual licensed upstream). See assets/fonts/README.md.\n' +
    lines.join('\n') +
    '\n'
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const source = process.argv[2] ?? '/usr/share/unifont/unifont.hex';
  const out =
    process.argv[3] ?? resolve(import.meta.dirname, '../../../../assets/fonts/unifont-print.hex.gz');
  const raw = readFileSync(source);
  const text = source.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const subset = buildSubset(text);
  writeFileSync(out, gzipSync(subset, { level: 9 }));
  console.log(`${out}: ${subset.split('\n').length - 3} glyphs`);
}

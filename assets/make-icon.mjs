// Draws the app icon (assets/icon.png, 512×512) with pngjs: a receipt with text lines and a
// QR-like mark on a rounded teal tile. Run `node assets/make-icon.mjs` after changing it and
// commit the PNG; electron-builder turns it into .ico / the Linux icon set.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const SIZE = 512;
const SAMPLES = 4; // 4×4 samples per pixel: smooth edges without a drawing library

const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

// The receipt: straight top, torn (zigzag) bottom edge.
const receiptBody = (x, y) => {
  if (x < 136 || x > 376 || y < 88) return false;
  const tooth = 30;
  const phase = ((x - 136) % tooth) / tooth; // 0..1 across one tooth
  const edge = 424 - 16 * (1 - Math.abs(phase * 2 - 1));
  return y <= edge;
};
const lines = [
  rect(172, 136, 340, 152),
  rect(172, 176, 300, 188),
  rect(172, 208, 320, 220),
  rect(172, 240, 280, 252),
];
// A small 5×5 QR-like grid: finder squares in three corners, a few dots.
const qrCells = ['11101', '10101', '11100', '00011', '11011'];
const qr = (x, y) => {
  const cell = 18;
  const left = 172;
  const top = 282;
  const col = Math.floor((x - left) / cell);
  const row = Math.floor((y - top) / cell);
  if (col < 0 || col > 4 || row < 0 || row > 4) return false;
  return qrCells[row][col] === '1';
};
const stamp = (x, y) =>
  (x - 318) ** 2 + (y - 330) ** 2 <= 34 ** 2 && (x - 318) ** 2 + (y - 330) ** 2 >= 24 ** 2;

const tile = roundedRect(16, 16, 496, 496, 96);
const shadow = (x, y) => receiptBody(x - 8, y - 10);

function colorAt(x, y) {
  if (!tile(x, y)) return null;
  // A soft vertical gradient on the tile.
  const t = y / SIZE;
  let color = [Math.round(0 + 20 * t), Math.round(128 - 40 * t), Math.round(128 - 20 * t)];
  if (shadow(x, y)) color = color.map((c) => Math.round(c * 0.7));
  if (receiptBody(x, y)) {
    color = [252, 252, 248];
    if (lines.some((line) => line(x, y))) color = [120, 128, 136];
    if (qr(x, y)) color = [34, 40, 49];
    if (stamp(x, y)) color = [214, 48, 49];
  }
  return color;
}

const png = new PNG({ width: SIZE, height: SIZE });
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    const sum = [0, 0, 0];
    let covered = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const color = colorAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!color) continue;
        covered++;
        for (let c = 0; c < 3; c++) sum[c] += color[c];
      }
    }
    const index = (py * SIZE + px) * 4;
    png.data[index] = covered ? Math.round(sum[0] / covered) : 0;
    png.data[index + 1] = covered ? Math.round(sum[1] / covered) : 0;
    png.data[index + 2] = covered ? Math.round(sum[2] / covered) : 0;
    png.data[index + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
  }
}

const out = join(import.meta.dirname, 'icon.png');
writeFileSync(out, PNG.sync.write(png));
console.log(`wrote ${out}`);

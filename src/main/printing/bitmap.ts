import { PNG } from 'pngjs';

/** A 1-bit picture in dots: `pixels[y * width + x]` is 1 for a black dot. */
export interface Bitmap {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function createBitmap(width: number, height: number): Bitmap {
  return { width, height, pixels: new Uint8Array(width * height) };
}

export function fillRect(bitmap: Bitmap, x: number, y: number, w: number, h: number): void {
  const x0 = Math.max(0, x);
  const x1 = Math.min(bitmap.width, x + w);
  for (let row = Math.max(0, y); row < Math.min(bitmap.height, y + h); row++) {
    bitmap.pixels.fill(1, row * bitmap.width + x0, row * bitmap.width + x1);
  }
}

/** Copies `source` onto `target` at (x, y), OR-ing black dots. */
export function blit(target: Bitmap, source: Bitmap, x: number, y: number): void {
  for (let row = 0; row < source.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= target.height) continue;
    for (let col = 0; col < source.width; col++) {
      const tx = x + col;
      if (tx < 0 || tx >= target.width) continue;
      if (source.pixels[row * source.width + col]) target.pixels[ty * target.width + tx] = 1;
    }
  }
}

/** Stacks bitmaps top to bottom, each centered in `width`. */
export function stack(parts: readonly Bitmap[], width: number): Bitmap {
  const out = createBitmap(
    width,
    parts.reduce((sum, part) => sum + part.height, 0),
  );
  let y = 0;
  for (const part of parts) {
    blit(out, part, Math.floor((width - part.width) / 2), y);
    y += part.height;
  }
  return out;
}

/** Rows packed 8 dots per byte, most significant bit first: the layout of ESC/POS raster images. */
export function packRows(bitmap: Bitmap): { bytesPerRow: number; data: Buffer } {
  const bytesPerRow = Math.ceil(bitmap.width / 8);
  const data = Buffer.alloc(bytesPerRow * bitmap.height);
  for (let y = 0; y < bitmap.height; y++) {
    const rowStart = y * bitmap.width;
    for (let x = 0; x < bitmap.width; x++) {
      if (bitmap.pixels[rowStart + x]) data[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { bytesPerRow, data };
}

export function unpackRows(data: Uint8Array, bytesPerRow: number, height: number): Bitmap {
  const bitmap = createBitmap(bytesPerRow * 8, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (data[y * bytesPerRow + (x >> 3)]! & (0x80 >> (x & 7))) bitmap.pixels[y * bitmap.width + x] = 1;
    }
  }
  return bitmap;
}

/** A grayscale PNG, `scale` screen pixels per dot, with a white margin. */
export function toPng(bitmap: Bitmap, { scale = 1, margin = 0 } = {}): Buffer {
  const width = (bitmap.width + 2 * margin) * scale;
  const height = (bitmap.height + 2 * margin) * scale;
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  const gray = Buffer.alloc(width * height, 0xff);
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (!bitmap.pixels[y * bitmap.width + x]) continue;
      for (let sy = 0; sy < scale; sy++) {
        const row = ((y + margin) * scale + sy) * width;
        gray.fill(0, row + (x + margin) * scale, row + (x + margin + 1) * scale);
      }
    }
  }
  png.data = gray;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

/** Reads a PNG back into dots (dark = black), for tests and tools. */
export function fromPng(buffer: Buffer): Bitmap {
  const png = PNG.sync.read(buffer);
  const bitmap = createBitmap(png.width, png.height);
  for (let i = 0; i < png.width * png.height; i++) {
    const r = png.data[i * 4]!;
    const g = png.data[i * 4 + 1]!;
    const b = png.data[i * 4 + 2]!;
    const a = png.data[i * 4 + 3]!;
    bitmap.pixels[i] = a > 127 && 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 1 : 0;
  }
  return bitmap;
}

/** RGBA bytes (black on white), what jsQR reads (the tests' QR decoding). */
export function toRgba(bitmap: Bitmap): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(bitmap.width * bitmap.height * 4);
  for (let i = 0; i < bitmap.pixels.length; i++) {
    const v = bitmap.pixels[i] ? 0 : 255;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

export function crop(bitmap: Bitmap, x: number, y: number, width: number, height: number): Bitmap {
  const out = createBitmap(width, height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const sx = x + col;
      const sy = y + row;
      if (sx >= 0 && sy >= 0 && sx < bitmap.width && sy < bitmap.height) {
        out.pixels[row * width + col] = bitmap.pixels[sy * bitmap.width + sx]!;
      }
    }
  }
  return out;
}

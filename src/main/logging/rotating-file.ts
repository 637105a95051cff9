import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RotatingFileOptions {
  /** e.g. `<userData>/logs/till.log`; older files are `till.log.1` … `till.log.<keep>`. */
  file: string;
  /** Rotate before a line would take the file past this size. */
  maxBytes: number;
  /** How many rotated files to keep besides the current one. */
  keep: number;
}

/**
 * A log file that rotates by size. Appends synchronously (a till writes a few lines a minute,
 * and a line written before a crash is the one support needs).
 */
export function createRotatingFile(options: RotatingFileOptions): {
  append(text: string): void;
  readonly file: string;
} {
  const { file, maxBytes, keep } = options;
  if (!(maxBytes > 0) || !Number.isInteger(keep) || keep < 0)
    throw new Error('rotating file: maxBytes > 0 and keep >= 0 required');
  mkdirSync(dirname(file), { recursive: true });
  let size = existsSync(file) ? statSync(file).size : 0;

  const rotate = () => {
    rmSync(`${file}.${keep}`, { force: true });
    for (let index = keep - 1; index >= 1; index--) {
      if (existsSync(`${file}.${index}`)) renameSync(`${file}.${index}`, `${file}.${index + 1}`);
    }
    if (keep > 0) renameSync(file, `${file}.1`);
    else rmSync(file, { force: true });
    size = 0;
  };

  return {
    file,
    append(text) {
      const bytes = Buffer.byteLength(text, 'utf8');
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(file, text, { encoding: 'utf8', mode: 0o600 });
      size += bytes;
    },
  };
}

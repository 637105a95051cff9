import { createWriteStream, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Writes `file` through `<file>.partial`, renamed to the final name only once `write` has finished
 * and the stream is closed, so a half-written export never carries the final name; on any failure
 * the partial file is removed and the error passed on.
 */
export async function writeThroughPartial<T>(file: string, write: (out: Writable) => Promise<T>): Promise<T> {
  const partial = `${file}.partial`;
  const stream = createWriteStream(partial);
  try {
    await once(stream, 'open');
    const result = await write(stream);
    stream.end();
    await once(stream, 'close');
    renameSync(partial, file);
    return result;
  } catch (error) {
    if (!stream.closed) {
      stream.destroy();
      await once(stream, 'close');
    }
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The same for a small text written at once (the export's summary companion). */
export function writeTextThroughPartial(file: string, text: string): void {
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

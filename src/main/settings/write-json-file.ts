import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `value` as pretty JSON through `<file>.tmp` and a rename, so a crash mid-write never
 * leaves half a file under the real name. `mode` applies to a newly written file (0600 for secrets).
 */
export function writeJsonFile(file: string, value: unknown, mode?: number): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2), mode === undefined ? {} : { mode });
  renameSync(`${file}.tmp`, file);
}

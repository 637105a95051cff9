import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below a folder, at any depth: where a test looks for a secret that must not be there. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

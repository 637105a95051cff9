import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { TillSettings } from './settings-schema';
import type { SettingsStore } from './settings-store';

/**
 * Settings in one JSON file, written atomically (temp file + rename) so a crash mid-write never
 * leaves half a file. Used by the web host and by tests; Electron uses electron-store.
 */
export function createJsonFileSettingsStore(file: string): SettingsStore {
  let current = load(file);
  return {
    get: () => current,
    update(patch) {
      current = TillSettings.parse({ ...current, ...patch });
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(current, null, 2));
      renameSync(`${file}.tmp`, file);
      return current;
    },
  };
}

function load(file: string): TillSettings {
  if (!existsSync(file)) return TillSettings.parse({});
  const parsed = TillSettings.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  // A damaged settings file must not keep the till from starting: fall back to defaults (training).
  return parsed.success ? parsed.data : TillSettings.parse({});
}

import { existsSync, readFileSync } from 'node:fs';
import { defaultSettings, TillSettings } from './settings-schema';
import type { SettingsStore } from './settings-store';
import { writeJsonFile } from './write-json-file';

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
      writeJsonFile(file, current);
      return current;
    },
  };
}

function load(file: string): TillSettings {
  if (!existsSync(file)) return defaultSettings();
  const parsed = TillSettings.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  // A damaged settings file must not keep the till from starting: fall back to defaults (training).
  return parsed.success ? parsed.data : defaultSettings();
}

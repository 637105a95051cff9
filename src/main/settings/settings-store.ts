import type { TillSettings } from './settings-schema';

/**
 * Where settings live. The Electron shell backs it with electron-store; the web host and the
 * tests with a JSON file. The core only sees this interface.
 */
export interface SettingsStore {
  get(): TillSettings;
  update(patch: Partial<TillSettings>): TillSettings;
}

import { TillSettings } from './settings-schema';

/**
 * The settings file's format history, for electron-store's `migrations` option. The version is
 * the settings format's own (SETTINGS_FORMAT_VERSION), not the app's: an app release that does
 * not touch settings runs no migration.
 *
 * 1.0.0  the 0.1.0 layout, written by the JSON-file store to the same `settings.json`.
 * 2.0.0  adds `kiosk` and `firstRunDone`; a till that already had a settings file was set up
 *        before, so it does not go through first-run setup again (and its PIN rules apply).
 *        Keys the till no longer knows are dropped so the file matches the schema.
 */
export const SETTINGS_FORMAT_VERSION = '2.0.0';

/** The part of electron-store (conf) a migration uses. */
export interface MigratableStore {
  readonly store: Record<string, unknown>;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  has(key: string): boolean;
  delete(key: string): void;
}

export interface MigrationContext {
  /** Whether a settings file existed before this start (false on a fresh install). */
  existingInstall: boolean;
  /** Told about each key dropped, for the log. */
  onDroppedKey?(key: string): void;
}

const INTERNAL_KEY = '__internal__';

export function settingsMigrations(
  context: MigrationContext,
): Record<string, (store: MigratableStore) => void> {
  return {
    '1.0.0': () => {
      // The baseline: nothing to change, electron-store records the version.
    },
    '2.0.0': (store) => {
      if (!store.has('kiosk')) store.set('kiosk', false);
      // Defaults are merged in before migrations run, so the key exists on a fresh install too:
      // only the presence of an older file says the till was set up.
      if (context.existingInstall) store.set('firstRunDone', true);
      const known = new Set(Object.keys(TillSettings.shape));
      for (const key of Object.keys(store.store)) {
        if (key === INTERNAL_KEY || known.has(key)) continue;
        store.delete(key);
        context.onDroppedKey?.(key);
      }
    },
  };
}

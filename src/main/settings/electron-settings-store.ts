import type ElectronStore from 'electron-store';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../core/logger';
import { ElectronStoreClass } from './electron-store-class';
import { SETTINGS_FORMAT_VERSION, settingsMigrations } from './settings-migrations';
import { defaultSettings, TillSettings } from './settings-schema';
import type { SettingsStore } from './settings-store';

export interface ElectronSettingsStoreOptions {
  /** The folder of `settings.json`: Electron's userData folder. */
  cwd: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The file name without `.json`. */
  name?: string;
}

type StoreOptions = ConstructorParameters<typeof ElectronStore<Record<string, unknown>>>[0] & {
  /** electron-store's types hide it, conf honours it: the migrations' version line. */
  projectVersion: string;
};

/**
 * The Electron shell's settings: electron-store (conf) with a JSON schema made from the zod
 * schema, defaults and format migrations. The zod schema stays the one source of truth: every
 * value read or written goes through it as well.
 */
export function createElectronSettingsStore(options: ElectronSettingsStoreOptions): SettingsStore {
  const name = options.name ?? 'settings';
  const file = join(options.cwd, `${name}.json`);
  const store = openStore(file, options, name);
  let current = readSettings(store, options.logger);
  return {
    get: () => current,
    update(patch) {
      const next = TillSettings.parse({ ...current, ...patch });
      // set(object) writes the keys one by one and keeps electron-store's migration record.
      store.set(next);
      current = next;
      return current;
    },
  };
}

/** The JSON schema electron-store validates with (its `schema` option is the properties). */
export function settingsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(TillSettings, { io: 'input', target: 'draft-2020-12' }) as {
    properties: Record<string, unknown>;
  };
  return schema.properties;
}

function openStore(
  file: string,
  options: ElectronSettingsStoreOptions,
  name: string,
): ElectronStore<Record<string, unknown>> {
  const make = () => {
    const storeOptions: StoreOptions = {
      name,
      cwd: options.cwd,
      projectVersion: SETTINGS_FORMAT_VERSION,
      schema: settingsJsonSchema() as never,
      defaults: defaultSettings(),
      migrations: settingsMigrations({
        existingInstall: existsSync(file),
        onDroppedKey: (key) =>
          options.logger.info('settings: dropped an unknown key while migrating', { key }),
      }) as never,
      configFileMode: 0o600,
      clearInvalidConfig: false,
      watch: false,
    };
    return new ElectronStoreClass<Record<string, unknown>>(storeOptions);
  };
  // Read first: electron-store merges the defaults into the file before it validates it.
  const original = existsSync(file) ? readFileSync(file) : null;
  try {
    return make();
  } catch (error) {
    // A damaged file must not keep the till from starting: keep it aside for support, start from
    // defaults (training mode), and say so in the log.
    const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (original) writeFileSync(aside, original, { mode: 0o600 });
    rmSync(file, { force: true });
    options.logger.warn('settings: the settings file could not be read; started from defaults', {
      keptAs: aside,
      reason: error instanceof Error ? error.message : String(error),
    });
    return make();
  }
}

function readSettings(
  store: ElectronStore<Record<string, unknown>>,
  logger: Pick<Logger, 'warn'>,
): TillSettings {
  const { __internal__: _internal, ...values } = store.store;
  const parsed = TillSettings.safeParse(values);
  if (parsed.success) return parsed.data;
  logger.warn('settings: stored values do not match the schema; using defaults', {
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return defaultSettings();
}

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

// electron-store imports the real `electron` package through Node (not vitest); without the
// binary its index.js would try to download it. The override makes it return a path instead.
vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
});

const { createElectronSettingsStore, settingsJsonSchema } =
  await import('../../../src/main/settings/electron-settings-store');
const { defaultSettings } = await import('../../../src/main/settings/settings-schema');

describe('settings in electron-store', () => {
  const tempDir = tempDirsPerTest('electron-settings');
  const open = (dir: string) => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    return {
      store: createElectronSettingsStore({ cwd: dir, logger }),
      logger,
      file: join(dir, 'settings.json'),
    };
  };

  it('starts a fresh install from the defaults, in first-run setup, with the format version recorded', () => {
    const dir = tempDir();
    const { store, file } = open(dir);
    expect(store.get()).toEqual(defaultSettings());
    expect(store.get().firstRunDone).toBe(false);
    const onDisk = JSON.parse(readFileSync(file, 'utf8'));
    expect(onDisk.__internal__.migrations.version).toBe('2.0.0');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0); // owner-only
  });

  it('keeps changes across restarts', () => {
    const dir = tempDir();
    open(dir).store.update({
      tillId: 'B2',
      kiosk: true,
      printer: { ...defaultSettings().printer, uri: 'tcp://192.168.1.50:9100' },
    });
    const again = open(dir).store.get();
    expect(again).toMatchObject({
      tillId: 'B2',
      kiosk: true,
      printer: { uri: 'tcp://192.168.1.50:9100', paperWidth: 58 },
    });
    expect(again.firstRunDone).toBe(false); // the file was written by this format: no migration ran
  });

  it('upgrades a 0.1.0 settings file: new fields added, setup marked done, unknown keys dropped, values kept', () => {
    const dir = tempDir();
    const file = join(dir, 'settings.json');
    // What the JSON-file store of 0.1.0 wrote to the same path: no kiosk, no firstRunDone, no migration record.
    const kept = {
      mode: 'training',
      tillId: 'C3',
      language: 'en',
      companyId: '04595252',
      sellerName: '老店',
      serviceUrl: '',
      timeoutMs: 15000,
      printer: { uri: 'queue:receipt', model: 'star', paperWidth: 80, chinese: 'raster' },
    };
    writeFileSync(file, JSON.stringify({ ...kept, legacyTheme: 'dark' }));
    const { store, logger } = open(dir);
    expect(store.get()).toEqual({
      ...kept,
      standardServiceUrl: '',
      providerVariant: 'profile',
      reconcileIntervalMinutes: 5,
      // Invoice mode's settings (issue 27) arrive with their defaults too.
      offlineAfterFailures: 2,
      offlineLowNumbers: 5,
      invoiceModeSegmentSize: 50,
      invoiceModeGroup: '',
      idleLockMinutes: 10,
      kiosk: false,
      firstRunDone: true,
      runWithoutPin: false,
      acceptInsecureSecretStorage: false,
      // Head office (issue 17): none, as before.
      headOfficeUrl: '',
      headOfficeStoreId: '',
      headOfficeTls: 'verify',
      headOfficeCaCert: '',
      // Cloud print (issue 29): the paper proof on this till's printer, as before.
      cloudPrinter: '',
      cloudSalesId: '',
      // Scale labels (issue 15): off, as before.
      scaleBarcode: {
        enabled: false,
        prefixFrom: 20,
        prefixTo: 29,
        codeLength: 5,
        value: 'price',
        decimals: 0,
      },
    });
    const onDisk = JSON.parse(readFileSync(file, 'utf8'));
    expect(onDisk.legacyTheme).toBeUndefined();
    expect(onDisk.__internal__.migrations.version).toBe('2.0.0');
    expect(logger.info).toHaveBeenCalledWith(expect.stringContaining('dropped'), { key: 'legacyTheme' });
    // Migrated once: a restart finds nothing left to do.
    expect(open(dir).store.get()).toEqual(store.get());
  });

  it('keeps a damaged file aside and starts from defaults instead of refusing to start', () => {
    for (const content of ['{ not json', JSON.stringify({ tillId: 'not a till id', timeoutMs: 'soon' })]) {
      const dir = tempDir();
      writeFileSync(join(dir, 'settings.json'), content);
      const { store, logger } = open(dir);
      expect(store.get()).toEqual(defaultSettings());
      const aside = readdirSync(dir).find((name) => name.startsWith('settings.json.damaged-'));
      expect(aside).toBeDefined();
      expect(readFileSync(join(dir, aside!), 'utf8')).toBe(content);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringContaining('could not be read'),
        expect.objectContaining({ keptAs: join(dir, aside!) }),
      );
    }
  });

  it('validates with a JSON schema made from the zod schema', () => {
    const schema = settingsJsonSchema();
    expect(Object.keys(schema).sort()).toEqual(Object.keys(defaultSettings()).sort());
    expect(schema.tillId).toMatchObject({ type: 'string', pattern: '^[A-Z0-9]{2,6}$', default: 'T01' });
    expect(schema.kiosk).toMatchObject({ type: 'boolean', default: false });
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
};

describe('npm install needs no Electron binary', () => {
  it('keeps install scripts off in .npmrc', () => {
    const lines = readFileSync(join(root, '.npmrc'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toContain('ignore-scripts=true');
  });

  it('has no lifecycle script that npm install would run', () => {
    for (const name of ['preinstall', 'install', 'postinstall', 'prepare', 'prepublish']) {
      expect(pkg.scripts[name], name).toBeUndefined();
    }
  });
});

describe('start and package scripts', () => {
  it('npm start runs scripts/start.mjs: native for Electron, build, then Electron on the project', async () => {
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    const { startSteps } = (await import(join(root, 'scripts/start.mjs'))) as {
      startSteps(node?: string): Array<{ name: string; command: string; args: string[] }>;
    };
    const steps = startSteps('/usr/bin/node');
    expect(steps.map((step) => step.name)).toEqual(['native', 'build', 'electron']);
    expect(steps[0]).toMatchObject({
      command: '/usr/bin/node',
      args: ['scripts/ensure-native.mjs', 'electron'],
    });
    expect(steps[1]).toMatchObject({ command: 'npx', args: ['electron-vite', 'build'] });
    expect(steps[2]!.args[0]).toBe('.');
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('npm start without the Electron binary says what is missing and points to npm run web', () => {
    // The override names a folder with no binary in it: the same as a machine that never downloaded it.
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(root, 'no-electron-here') },
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('沒有 Electron 執行檔');
    expect(result.stderr).toContain('the Electron binary is missing');
    expect(result.stderr).toContain('npm run web');
    expect(result.stderr).not.toMatch(/fetch failed|TypeError|at async/);
    expect(result.stdout).toBe('');
  });

  it('engines names the Node versions every tool the tests and the web host run on accepts', () => {
    const semver = require('semver') as {
      subset(a: string, b: string): boolean;
      satisfies(version: string, range: string): boolean;
    };
    const full = pkg as unknown as {
      engines: { node: string };
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const range = full.engines.node;
    expect(semver.satisfies(process.versions.node, range), `this Node (${process.versions.node})`).toBe(true);
    // Packaging tools that only `npm start` / `npm run package` use, on a machine with Electron.
    const packagingOnly = new Set(['electron', 'electron-builder']);
    const tooNarrow: string[] = [];
    for (const name of [...Object.keys(full.dependencies), ...Object.keys(full.devDependencies)]) {
      if (packagingOnly.has(name)) continue;
      // Read from the folder: some packages' `exports` hide their package.json from require().
      const manifest = readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8');
      const engines = (JSON.parse(manifest) as { engines?: { node?: string } }).engines;
      if (engines?.node && !semver.subset(range, engines.node))
        tooNarrow.push(`${name} needs ${engines.node}`);
    }
    expect(tooNarrow).toEqual([]);
  });

  it('npm run package rebuilds for Electron, builds, then runs electron-builder with the config', () => {
    const parts = pkg.scripts.package!.split('&&').map((part) => part.trim());
    expect(parts).toEqual([
      'npm run native:electron',
      'electron-vite build',
      'electron-builder --config electron-builder.yml',
    ]);
    expect(pkg.scripts['native:electron']).toBe('node scripts/ensure-native.mjs electron');
  });
});

interface Platform {
  icon: string;
  target: Array<{ target: string }>;
}
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  npmRebuild: boolean;
  win: Platform;
  linux: Platform;
}

describe('electron-builder.yml', () => {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

  it("passes electron-builder's own schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const logger = { isEnabled: false, add() {} };
    await expect(validateConfiguration(config, logger)).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, asarUnpak: [] }, logger)).rejects.toThrow(
      /configuration/i,
    );
  }, 30_000); // app-builder-lib is slow to load on a busy machine

  it('names the app and ships the build, not the sources, tests or the web host', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.productName).toBe('Till');
    expect(config.files).toEqual(
      expect.arrayContaining(['out/**/*', 'package.json', '!src{,/**/*}', '!test{,/**/*}']),
    );
    expect(config.files.some((pattern: string) => /web-host/.test(pattern) && !pattern.startsWith('!'))).toBe(
      false,
    );
  });

  it('packs into asar, unpacks better-sqlite3 native code, and leaves rebuilding to the package script', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**/*.node');
    expect(config.npmRebuild).toBe(false);
  });

  it('builds the Windows NSIS installer and portable, the Linux AppImage and deb, with the icon', () => {
    const targets = (platform: Platform) => platform.target.map((t) => t.target);
    expect(targets(config.win)).toEqual(['nsis', 'portable']);
    expect(targets(config.linux)).toEqual(['AppImage', 'deb']);
    expect(config.win.icon).toBe('assets/icon.png');
    expect(config.linux.icon).toBe('assets/icon.png');
  });
});

describe("electron-builder's target checks that need no Electron binary", () => {
  const metadata = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const yaml = require('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<
    string,
    unknown
  >;

  /** electron-builder's own AppInfo over this package.json and config, as the packager builds it. */
  function appInfo(meta: Record<string, unknown>) {
    const { AppInfo } = require('app-builder-lib/out/appInfo.js') as {
      AppInfo: new (
        info: unknown,
        buildVersion: null,
      ) => {
        companyName: string | null;
        copyright: string;
        computePackageUrl(): Promise<string | null>;
      };
    };
    return new AppInfo(
      { metadata: meta, devMetadata: meta, config, framework: { defaultAppIdPrefix: 'com.electron.' } },
      null,
    );
  }

  /** The deb target's metadata check (FpmTarget.computeFpmMetaInfoOptions), run as the deb target runs it. */
  async function debMetaInfo(meta: Record<string, unknown>) {
    const { default: FpmTarget } = require('app-builder-lib/out/targets/FpmTarget.js') as {
      default: { prototype: { computeFpmMetaInfoOptions(this: unknown): Promise<Record<string, string>> } };
    };
    const linux = config.linux as Record<string, unknown>;
    const deb = config.deb as Record<string, unknown>;
    const packager = { appInfo: appInfo(meta), info: { metadata: meta } };
    return FpmTarget.prototype.computeFpmMetaInfoOptions.call({ packager, options: { ...linux, ...deb } });
  }

  it("package.json passes the packager's metadata check (name, version, author)", () => {
    const { checkMetadata } = require('app-builder-lib/out/util/packageMetadata.js') as {
      checkMetadata(meta: unknown, dev: unknown, file: string, devFile: string): void;
    };
    const file = join(root, 'package.json');
    expect(() => checkMetadata(metadata, metadata, file, file)).not.toThrow();
  });

  it('the deb target finds the homepage and a maintainer (it failed after packing without them)', async () => {
    const info = await debMetaInfo(metadata);
    expect(info.url).toMatch(/^https:\/\//);
    expect(info.maintainer).toMatch(/^.+ <.+@.+>$/);
    // The same check refuses a package.json without a homepage: it is the check that failed.
    const { homepage: _homepage, repository: _repository, ...bare } = metadata;
    await expect(debMetaInfo(bare)).rejects.toThrow(/homepage/);
  });

  it("Windows' company name and the installer's publisher come from the author", () => {
    const info = appInfo(metadata);
    expect(info.companyName).toBe('Till contributors');
    const { author: _author, ...anonymous } = metadata;
    expect(appInfo(anonymous).companyName).toBeNull();
  });
});

describe('which Node each command needs', () => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const olderThanElectronTooling = major < 22 || (major === 22 && minor < 12);

  it("Electron's tooling (npm start, npm run package) needs Node 22.12+; the tests run on engines", async () => {
    const { runsElectronTooling, electronToolingMessage } = (await import(
      join(root, 'scripts/node-needs.mjs')
    )) as {
      runsElectronTooling(version: string): boolean;
      electronToolingMessage(command: string, version: string): string;
    };
    expect(runsElectronTooling('v20.19.0')).toBe(false);
    expect(runsElectronTooling('v22.11.9')).toBe(false);
    expect(runsElectronTooling('v22.12.0')).toBe(true);
    expect(runsElectronTooling('v24.1.0')).toBe(true);
    const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      engines: { node: string };
    };
    // The figure the check uses is the one Electron's package declares.
    expect(electron.engines.node.replace(/\s/g, '')).toBe('>=22.12.0');
    const message = electronToolingMessage('npm start', 'v20.19.0');
    expect(message).toContain('需要 Node 22.12 以上');
    expect(message).toContain('needs Node 22.12 or newer');
  });

  it.runIf(olderThanElectronTooling)(
    'on an older Node, the Electron step stops with that message before any download',
    () => {
      const result = spawnSync(process.execPath, ['scripts/ensure-native.mjs', 'electron'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('needs Node 22.12 or newer');
      expect(result.stdout).toBe('');
    },
  );
});

describe('the app icon', () => {
  it('is a 512×512 PNG with transparent corners and an opaque middle', () => {
    const png = PNG.sync.read(readFileSync(join(root, 'assets/icon.png')));
    expect([png.width, png.height]).toEqual([512, 512]);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(256, 256)).toBe(255);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineClaimFile } from '../../../src/main/shell/machine-claim';

/*
 * The shipped app's shell: Electron fuses that keep the binary from running as plain Node, taking
 * an inspector or NODE_OPTIONS, or loading code from outside its checked asar archive; and an NSIS
 * installer that always installs for the whole machine, so a cashier's account cannot patch it.
 * (test/unit/shell/packaging.test.ts checks the file against electron-builder's own schema.)
 */
const root = join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  asar: boolean;
  electronFuses?: Record<string, boolean>;
  nsis: { oneClick: boolean; perMachine: boolean };
};

describe('electron-builder.yml hardens the shipped app', () => {
  it('flips the Electron fuses', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      enableNodeOptionsEnvironmentVariable: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('uses only fuse names electron-builder 26 knows', () => {
    const scheme = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const name of Object.keys(config.electronFuses ?? {})) expect(known, name).toContain(name);
  });

  it('installs per machine, with no per-user choice in the installer', () => {
    expect(config.nsis.perMachine).toBe(true);
    // With oneClick false, perMachine true means no install-mode page at all (the schema's words).
    expect(config.nsis.oneClick).toBe(false);
  });
});

describe('the installer prepares one till per PC', () => {
  it('creates %ProgramData%\\Till for every account (the one-till record lives there)', () => {
    const include = readFileSync(join(root, 'build/installer.nsh'), 'utf8');
    expect(include).toMatch(
      /!macro customInstall[\s\S]*SetShellVarContext all[\s\S]*CreateDirectory "\$APPDATA\\Till"[\s\S]*!macroend/,
    );
    // Users may read the record and create it once; the app reads it from the same place.
    expect(include).toContain('*S-1-5-32-545:(OI)(CI)(RX,WD,AD)');
    expect(machineClaimFile('win32', { ProgramData: 'C:\\ProgramData' })).toMatch(
      /ProgramData[\\/]Till[\\/]till-owner\.json$/,
    );
  });
});

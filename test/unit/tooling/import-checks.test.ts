import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The two import checks of `npm run lint`, run as lint runs them (a node process, its exit code and
// what it prints) on small trees made here: one as the rooms should be, then each rule broken once.
const repo = join(import.meta.dirname, '../../..');
const roots: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'till-layers-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function run(script: 'check-layers.mjs' | 'check-import-cycles.mjs', root: string) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts', script), '--root', root], {
    encoding: 'utf8',
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A till in miniature, every arrow downward: the shape the real src/ keeps. */
const CLEAN: Record<string, string> = {
  'src/shared/domain/money.ts': 'export const cents = (n: number) => n * 100;\n',
  'src/shared/ipc/contract.ts': "import { cents } from '../domain/money';\nexport const c = cents;\n",
  'src/provider/pos-profile.ts': "import { cents } from '../shared/domain/money';\nexport const p = cents;\n",
  'src/training-service/index.ts': "import { p } from '../provider/pos-profile';\nexport const t = p;\n",
  'src/main/core/errors.ts': 'export class TillError extends Error {}\n',
  'src/main/settings/pin.ts': "import { TillError } from '../core/errors';\nexport const pin = TillError;\n",
  'src/main/journal/journal.ts':
    "import type { TillError } from '../core/errors';\nimport { pin } from '../settings/pin';\nexport type J = TillError;\nexport const j = pin;\n",
  'src/main/invoice-service/client.ts':
    "import { t } from '../../training-service';\nimport { p } from '../../provider/pos-profile';\nexport const client = [t, p];\n",
  'src/main/printing/index.ts': "export { layout } from './layout/proof';\n",
  'src/main/printing/layout/proof.ts': 'export const layout = 1;\n',
  'src/main/checkout/engine.ts':
    "import { j } from '../journal/journal';\nimport { client } from '../invoice-service/client';\nimport { layout } from '../printing';\nexport const engine = [j, client, layout];\n",
  'src/main/app/create-core.ts':
    "import { engine } from '../checkout/engine';\nimport {\n  layout,\n} from '../printing/layout/proof';\nexport const core = [engine, layout];\n",
  'src/main/shell/register-ipc.ts': "import { core } from '../app/create-core';\nexport const ipc = core;\n",
  'src/main/index.ts': "import { ipc } from './shell/register-ipc';\nexport default ipc;\n",
  'src/web-host/start.ts': "import { core } from '../main/app/create-core';\nexport const start = core;\n",
  'src/renderer/src/App.tsx':
    "import { c } from '../../shared/ipc/contract';\nimport './styles.css';\nexport const App = () => c;\n",
  'src/renderer/src/styles.css': 'body {}\n',
  'src/preload/index.ts': "import { c } from '../shared/ipc/contract';\nexport const till = c;\n",
};

describe('the layer check (scripts/check-layers.mjs)', () => {
  it('passes a tree whose rooms import only downward (and beside, through a door)', () => {
    const result = run('check-layers.mjs', tree(CLEAN));
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/layers: \d+ imports between rooms in 17 modules, none upwards or sideways/);
  });

  it('fails when the ground imports a capability, naming the file, the import and the rule', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/main/core/dispatch.ts':
          "import { TillError } from './errors';\nimport { engine } from '../checkout/engine';\nexport const d = [TillError, engine];\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain(
      "src/main/core/dispatch.ts:2 imports '../checkout/engine' (src/main/checkout/engine.ts)",
    );
    expect(result.err).toContain(
      'rule: core (ground: core) is below checkout (capabilities): a lower room never imports a higher one',
    );
    expect(result.err).toMatch(/Layer rules broken \(1\)/);
  });

  it('counts a type-only import upward as one too (settings naming the journal’s types: the old circle)', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/main/settings/supervisor.ts':
          "import type { J } from '../journal/journal';\nexport type Recorder = (j: J) => void;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain(
      "src/main/settings/supervisor.ts:1 imports '../journal/journal' (src/main/journal/journal.ts, type only)",
    );
    expect(result.err).toContain('settings (ground: settings) is below journal');
  });

  it('fails when a capability reaches into another capability’s internals, and names the door', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/main/returns/slips.ts':
          "import { layout } from '../printing/layout/proof';\nexport const slip = layout;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain("src/main/returns/slips.ts:1 imports '../printing/layout/proof'");
    expect(result.err).toContain(
      'rule: printing is a room beside returns (capabilities): import its door src/main/printing/index.ts, or take what it offers as a dependency from src/main/app',
    );
  });

  it('fails when rooms of the ground import each other sideways', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/main/journal/sale.ts':
          "import { client } from '../invoice-service/client';\nexport const sale = client;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain(
      'rule: invoice-service is a room beside journal (ground: journal, provider client, logging): rooms on this step do not import each other',
    );
  });

  it('fails when the renderer imports anything but shared, or the training service imports the till', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/renderer/src/Cheat.tsx':
          "import { j } from '../../main/journal/journal';\nexport const x = j;\n",
        'src/training-service/peek.ts': "import { j } from '../main/journal/journal';\nexport const y = j;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain("src/renderer/src/Cheat.tsx:1 imports '../../main/journal/journal'");
    expect(result.err).toContain(
      'rule: renderer imports only shared/domain and shared/ipc (it reaches the main process through the IPC contract)',
    );
    expect(result.err).toContain("src/training-service/peek.ts:1 imports '../main/journal/journal'");
    expect(result.err).toContain(
      'rule: training-service (training service) is below journal (ground: journal, provider client, logging)',
    );
  });

  it('fails when a capability imports the composition room, and for a folder that is in no room', () => {
    const result = run(
      'check-layers.mjs',
      tree({
        ...CLEAN,
        'src/main/printing/wiring.ts': "import { core } from '../app/create-core';\nexport const w = core;\n",
        'src/main/gadgets/thing.ts': 'export const thing = 1;\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain('printing (capabilities) is below app (composition)');
    expect(result.err).toContain(
      'src/main/gadgets/thing.ts\n    rule: this file is in no room: put its folder on a step in scripts/check-layers.mjs',
    );
  });
});

describe('the cycle check (scripts/check-import-cycles.mjs)', () => {
  it('passes the clean tree', () => {
    const result = run('check-import-cycles.mjs', tree(CLEAN));
    expect(result.status).toBe(0);
    expect(result.out).toContain('import cycles: none in 17 modules');
  });

  it('fails on a circle held by a type-only import (plain-text.ts ↔ validators.ts, as it was)', () => {
    const result = run(
      'check-import-cycles.mjs',
      tree({
        ...CLEAN,
        'src/shared/domain/plain-text.ts':
          "import type { Validation } from './validators';\nexport const check = (t: string): Validation => ({ ok: t !== '' });\n",
        'src/shared/domain/validators.ts':
          "import { check } from './plain-text';\nexport interface Validation { ok: boolean }\nexport const v = check;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.err).toContain(
      'src/shared/domain/plain-text.ts -> src/shared/domain/validators.ts -> src/shared/domain/plain-text.ts',
    );
  });
});

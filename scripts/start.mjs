// `npm start`: the till in Electron on this machine.
//   1. better-sqlite3 rebuilt for Electron (scripts/ensure-native.mjs electron; needs the network
//      the first time for Electron's binary and headers),
//   2. main, preload and renderer built into out/ (electron-vite build),
//   3. Electron started on the project (package.json "main" = out/main/index.js).
// Afterwards `npm run native:node` (run by the test and web scripts) rebuilds it for Node again.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const projectRoot = resolve(import.meta.dirname, '..');

/** The steps, in order, as [command, args]; `electron` is resolved last (it exists only after step 1). */
export function startSteps(nodePath = process.execPath) {
  return [
    { name: 'native', command: nodePath, args: ['scripts/ensure-native.mjs', 'electron'] },
    { name: 'build', command: 'npx', args: ['electron-vite', 'build'] },
    { name: 'electron', command: 'electron', args: ['.', ...process.argv.slice(2)] },
  ];
}

/**
 * The Electron binary's path when it is on this machine, else null. Read from the `electron`
 * package's own files rather than `require('electron')`, which starts a download when the binary
 * is missing (and, offline, dies with a `fetch failed` stack).
 */
export function electronBinary(env = process.env) {
  const require = createRequire(import.meta.url);
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron')
    : executable && join(packageDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : null;
}

/** What to say when there is no Electron binary: what is missing, and the way that works offline. */
export const NO_ELECTRON_MESSAGE = [
  'npm start: 這台電腦沒有 Electron 執行檔（node_modules/electron 未下載到，通常是因為沒有網路），無法開啟收銀視窗。',
  '          請改用 `npm run web`：同一個收銀程式在瀏覽器中執行（127.0.0.1，附存取碼）。',
  'npm start: the Electron binary is missing (node_modules/electron has not downloaded it, usually for lack of internet),',
  '          so the till window cannot open. Run `npm run web` instead: the same till in a browser (127.0.0.1, with a token).',
].join('\n');

function run(step) {
  const command = step.command === 'electron' ? (electronBinary() ?? 'electron') : step.command;
  // ELECTRON_RUN_AS_NODE in the environment would start Electron as plain Node, without a window.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const result = spawnSync(command, step.args, {
    cwd: projectRoot,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32' && step.command === 'npx',
  });
  if (result.error) {
    console.error(`npm start: ${step.name} could not run: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`npm start: ${step.name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // Before anything else: the first step would otherwise try to download Electron's headers.
  if (electronBinary() === null) {
    console.error(NO_ELECTRON_MESSAGE);
    process.exit(1);
  }
  for (const step of startSteps()) run(step);
}

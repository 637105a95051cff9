// `npm start`: the till in Electron on this machine.
//   1. better-sqlite3 rebuilt for Electron (scripts/ensure-native.mjs electron; needs the network
//      the first time for Electron's binary and headers),
//   2. main, preload and renderer built into out/ (electron-vite build),
//   3. Electron started on the project (package.json "main" = out/main/index.js).
// Afterwards `npm run native:node` (run by the test and web scripts) rebuilds it for Node again.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
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

/** The Electron binary's path: what the `electron` package exports from Node. */
function electronBinary() {
  const require = createRequire(import.meta.url);
  return require('electron');
}

function run(step) {
  const command = step.command === 'electron' ? electronBinary() : step.command;
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
  for (const step of startSteps()) run(step);
}

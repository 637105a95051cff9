// Builds better-sqlite3 for the runtime that is about to load it.
//   node      tests, benchmarks, the web host and the CLIs run on this machine's Node.
//   electron  the app itself: rebuilt against Electron's headers (start/package only).
// Install scripts are off (.npmrc), so this is the one place native code gets compiled.
import { spawnSync } from 'node:child_process';
import { electronToolingMessage, runsElectronTooling } from './node-needs.mjs';

const target = process.argv[2] ?? 'node';

function tryRun(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  return result.status ?? 1;
}

function run(command, args) {
  const status = tryRun(command, args);
  if (status !== 0) process.exit(status);
}

function loadsInNode() {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    stdio: 'ignore',
  });
  return probe.status === 0;
}

if (target === 'node') {
  if (!loadsInNode()) {
    console.log('better-sqlite3: building for Node ' + process.version + ' (about 90 s the first time)…');
    // Once more if the first build fails: on a fresh CI clone node-gyp 12 once stopped after
    // compiling with `ENOENT … build/node_gyp_bins` (its clean-up of a folder already gone); a
    // second rebuild starts from a clean build folder.
    if (tryRun('npm', ['rebuild', 'better-sqlite3', '--ignore-scripts=false']) !== 0 || !loadsInNode()) {
      console.log('better-sqlite3: the build did not finish; building once more…');
      run('npm', ['rebuild', 'better-sqlite3', '--ignore-scripts=false']);
    }
    if (!loadsInNode()) {
      console.error('better-sqlite3 still does not load in Node: see the build output above.');
      process.exit(1);
    }
  }
} else if (target === 'electron') {
  // `npm start` and `npm run package` come through here first: say which Node they need before
  // Electron's tooling fails with an engine error of its own.
  if (!runsElectronTooling()) {
    console.error(electronToolingMessage('npm start / npm run package'));
    process.exit(1);
  }
  // Electron's binary and headers come from the network; install.js is electron's own postinstall.
  run(process.execPath, ['node_modules/electron/install.js']);
  run('npx', ['electron-builder', 'install-app-deps']);
} else {
  console.error('usage: ensure-native.mjs node|electron');
  process.exit(2);
}

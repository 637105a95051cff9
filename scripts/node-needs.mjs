// Which Node each command needs. The tests, the web host, the benchmarks and the CLIs run on
// `engines` (Node 20.19+); `npm start` and `npm run package` also run Electron's own tooling
// (@electron/get, @electron/rebuild, electron's install.js), which declares Node 22.12 or newer.
// Electron itself brings its own Node: this is only about the Node that runs the commands.

export const ELECTRON_TOOLING_NODE = { major: 22, minor: 12 };

/** True when `version` (e.g. `v20.20.2`) can run Electron's tooling. */
export function runsElectronTooling(version = process.version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const need = ELECTRON_TOOLING_NODE;
  return major > need.major || (major === need.major && minor >= need.minor);
}

/** What to say when it cannot, in both languages. */
export function electronToolingMessage(command, version = process.version) {
  const need = `${ELECTRON_TOOLING_NODE.major}.${ELECTRON_TOOLING_NODE.minor}`;
  return [
    `${command}: 需要 Node ${need} 以上（Electron 的建置工具要求），這台電腦是 Node ${version}。測試與 \`npm run web\` 在 Node 20.19 以上即可執行。`,
    `${command}: needs Node ${need} or newer (Electron's build tooling requires it); this machine has Node ${version}. The tests and \`npm run web\` run on Node 20.19 or newer.`,
  ].join('\n');
}

// The Electron entry: thin glue. Everything it calls is plain Node code tested without Electron.
import { app, BrowserWindow, ipcMain } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTillCore } from './core/create-core';
import { createConsoleLogger } from './core/logger';
import { createJsonFileSettingsStore } from './settings/json-file-settings-store';
import { ownFrameCheck, registerIpc } from './shell/register-ipc';
import { mainWindowOptions } from './shell/window-options';
import { ipcEventChannel } from '../shared/ipc/bridge';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  await app.whenReady();
  const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
  const rendererUrl = pathToFileURL(rendererIndex).href;
  const logger = createConsoleLogger('main');
  const core = await createTillCore({
    host: 'electron',
    appName: app.getName(),
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    settings: createJsonFileSettingsStore(join(app.getPath('userData'), 'settings.json')),
    logger,
  });

  let window: BrowserWindow | null = null;
  registerIpc(
    ipcMain,
    core.dispatch,
    ownFrameCheck(
      () => window?.webContents ?? null,
      (url) => url === rendererUrl,
    ),
  );
  core.events.subscribe((event, payload) => window?.webContents.send(ipcEventChannel(event), payload));

  window = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.js'), false));
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.once('ready-to-show', () => window?.show());
  await window.loadFile(rendererIndex);

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    void core.close().then(() => app.quit());
  });
}

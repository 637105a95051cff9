// The Electron entry: thin glue. Everything it calls is plain Node code tested without Electron.
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, screen, session } from 'electron';
import { join } from 'node:path';
import { ipcEventChannel } from '../shared/ipc/bridge';
import { createTillCore, type TillCore } from './core/create-core';
import type { Logger } from './core/logger';
import { createFileLogger } from './logging/file-logger';
import { createRedactor, type Redactor } from './logging/redact';
import { redactingSecretStore } from './logging/redacting-secret-store';
import { createElectronSecretBlobs } from './settings/electron-secret-blobs';
import { createElectronSettingsStore } from './settings/electron-settings-store';
import { createSafeStorageSecretStore } from './settings/safe-storage-secret-store';
import { APP_INDEX_URL, APP_SCHEME, appSchemePrivileges } from './shell/app-origin';
import { createAppProtocolHandler } from './shell/app-protocol';
import {
  CUSTOMER_DISPLAY_EVENTS,
  CUSTOMER_DISPLAY_URL,
  customerDisplayFor,
  customerWindowOptions,
} from './shell/customer-window';
import { hardenWebContents } from './shell/navigation-guard';
import { ownFrameCheck, registerIpc } from './shell/register-ipc';
import { secureSession } from './shell/session-security';
import { mainWindowOptions } from './shell/window-options';

// Both must happen before the app is ready.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  const redactor = createRedactor();
  const logger = createFileLogger({ dir: join(userData, 'logs'), redactor, echo: !app.isPackaged });
  try {
    await open(userData, logger, redactor);
  } catch (error) {
    logger.error('shell: the till could not start', error);
    dialog.showErrorBox(
      '收銀台無法啟動 / Till cannot start',
      `請通知店長；詳細記錄在 ${logger.file}\nTell the manager; details are in ${logger.file}`,
    );
    app.exit(1);
  }
}

async function open(userData: string, logger: Logger, redactor: Redactor): Promise<void> {
  // Every WebContents, the main window's included, gets the guards before it loads anything.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, logger));
  secureSession(session.defaultSession, logger);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(import.meta.dirname, '../renderer')));

  // safeStorage answers only once the app is ready; the secret store asks at creation.
  const secrets = redactingSecretStore(
    createSafeStorageSecretStore({
      safeStorage,
      platform: process.platform,
      blobs: createElectronSecretBlobs(userData),
    }),
    redactor,
  );
  const settings = createElectronSettingsStore({ cwd: userData, logger });
  logger.info('shell: starting', {
    version: app.getVersion(),
    secureStorage: secrets.backend,
    mode: settings.get().mode,
  });

  const core: TillCore = await createTillCore({
    host: 'electron',
    appName: app.getName(),
    version: app.getVersion(),
    dataDir: userData,
    settings,
    secrets,
    logger,
  });

  let window: BrowserWindow | null = null;
  let customer: BrowserWindow | null = null;
  registerIpc(
    ipcMain,
    core.dispatch,
    ownFrameCheck(() => window?.webContents ?? null),
    (method, url) => logger.warn('shell: IPC call from a foreign frame refused', { method, url }),
  );
  core.events.subscribe((event, payload) => {
    // The customer display gets only what it shows; it never calls the core (ownFrameCheck).
    if (customer && !customer.isDestroyed() && CUSTOMER_DISPLAY_EVENTS.includes(event)) {
      customer.webContents.send(ipcEventChannel(event), payload);
    }
    if (!window || window.isDestroyed()) return;
    window.webContents.send(ipcEventChannel(event), payload);
    // A settings change publishes app.status-changed: apply the kiosk setting at once.
    if (event !== 'app.status-changed') return;
    const { kiosk } = settings.get();
    if (window.isKiosk() !== kiosk) window.setKiosk(kiosk);
  });

  window = new BrowserWindow(
    mainWindowOptions({
      preloadPath: join(import.meta.dirname, '../preload/index.js'),
      kiosk: settings.get().kiosk,
      devTools: !app.isPackaged,
    }),
  );
  window.once('ready-to-show', () => window?.show());
  window.webContents.on('render-process-gone', (_event, details) =>
    logger.error('shell: renderer gone', details),
  );

  // A second screen facing the customer: the read-only customer display, full screen there.
  const second = customerDisplayFor(screen.getAllDisplays(), screen.getPrimaryDisplay().id);
  if (second) {
    customer = new BrowserWindow(
      customerWindowOptions({
        preloadPath: join(import.meta.dirname, '../preload/index.js'),
        display: second,
      }),
    );
    customer.once('ready-to-show', () => customer?.showInactive());
    window.on('closed', () => {
      if (customer && !customer.isDestroyed()) customer.destroy();
    });
    customer.loadURL(CUSTOMER_DISPLAY_URL).catch((error: unknown) => {
      logger.error('shell: the customer display did not load', error);
    });
  }

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    void core.close().then(() => app.quit());
  });

  await window.loadURL(APP_INDEX_URL);
}

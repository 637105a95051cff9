// The Electron entry: thin glue. Everything it calls is plain Node code tested without Electron.
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, screen, session } from 'electron';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ipcEventChannel } from '../shared/ipc/bridge';
import { createTillCore, type TillCore } from './app/create-core';
import type { Logger } from './core/logger';
import { createFileLogger } from './logging/file-logger';
import { createRedactor, type Redactor } from './logging/redact';
import { redactingSecretStore } from './logging/redacting-secret-store';
import { createElectronSecretBlobs } from './settings/electron-secret-blobs';
import { createElectronSettingsStore } from './settings/electron-settings-store';
import { openSafeStorageSecretStore } from './settings/safe-storage-secret-store';
import { tillMenuTemplate } from './shell/app-menu';
import { APP_INDEX_URL, APP_SCHEME, appSchemePrivileges } from './shell/app-origin';
import { createAppProtocolHandler } from './shell/app-protocol';
import { createCrashPolicy, RECOVERED_URL, RECOVERY_PATH, recoveryPageHtml } from './shell/crash-recovery';
import {
  CUSTOMER_DISPLAY_EVENTS,
  CUSTOMER_DISPLAY_URL,
  createCustomerDisplayManager,
  customerWindowOptions,
  linuxWindowingSwitches,
  placeCustomerWindow,
} from './shell/customer-window';
import { claimMachine, claimRefusal, machineClaimFile } from './shell/machine-claim';
import { hardenWebContents } from './shell/navigation-guard';
import { ownFrameCheck, registerIpc } from './shell/register-ipc';
import { secureSession } from './shell/session-security';
import { fallbackLogDir, startupFailureMessage } from './shell/startup';
import { mainWindowOptions } from './shell/window-options';

// Both must happen before the app is ready.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
app.enableSandbox();
// On a Wayland session the customer display could not be placed on its screen (shell/customer-window.ts).
for (const [name, value] of linuxWindowingSwitches(process.platform, process.env))
  app.commandLine.appendSwitch(name, value);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  let logger: (Logger & { file: string }) | null = null;
  let dataDir: string | null = null;
  try {
    await app.whenReady();
    // Electron's default menu binds Ctrl+W, Ctrl+R, Ctrl+Q, F11 and the zoom keys even when hidden.
    Menu.setApplicationMenu(
      ((template) => (template ? Menu.buildFromTemplate(template) : null))(
        tillMenuTemplate({ devTools: !app.isPackaged }),
      ),
    );
    dataDir = app.getPath('userData');
    const redactor = createRedactor();
    logger = createFileLogger({ dir: join(dataDir, 'logs'), redactor, echo: !app.isPackaged });
    await open(dataDir, logger, redactor);
  } catch (error) {
    // Even the log may be what failed (an unwritable data folder): then it goes to the temp folder.
    logger ??= createFileLogger({ dir: fallbackLogDir(), redactor: createRedactor(), echo: !app.isPackaged });
    logger.error('shell: the till could not start', error);
    const { title, body } = startupFailureMessage(error, logger.file, dataDir);
    dialog.showErrorBox(title, body);
    stop(1);
  }
}

/** Ends this run and lets the next launch start: the single-instance lock goes first. */
function stop(code: number): void {
  app.releaseSingleInstanceLock();
  app.exit(code);
}

async function open(dataDir: string, logger: Logger & { file: string }, redactor: Redactor): Promise<void> {
  // One till per PC: another OS account's till would be a second journal (shell/machine-claim.ts).
  const claim = claimMachine({
    file: machineClaimFile(process.platform, process.env),
    dataDir,
    account: userInfo().username,
  });
  if (claim.kind === 'unavailable')
    logger.warn('shell: the one-till-per-PC record cannot be kept here', {
      file: claim.file,
      reason: claim.reason,
    });
  if (claim.kind === 'other-account' || claim.kind === 'damaged') {
    logger.warn('shell: this PC’s till runs under another account; not starting', { file: claim.file });
    const { title, body } = claimRefusal(claim);
    dialog.showErrorBox(title, body);
    stop(1);
    return;
  }

  // Every WebContents, the main window's included, gets the guards before it loads anything; the
  // one navigation allowed is the recovery page's way back to the till.
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, logger, (url) => url === RECOVERED_URL),
  );
  secureSession(session.defaultSession, logger);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler(join(import.meta.dirname, '../renderer'), {
      [RECOVERY_PATH]: () => recoveryPageHtml(logger.file),
    }),
  );

  // safeStorage answers only once the app is ready; the store decrypts what it has at opening.
  const secrets = redactingSecretStore(
    await openSafeStorageSecretStore({
      safeStorage,
      platform: process.platform,
      blobs: createElectronSecretBlobs(dataDir),
    }),
    redactor,
  );
  const settings = createElectronSettingsStore({ cwd: dataDir, logger });
  logger.info('shell: starting', {
    version: app.getVersion(),
    secureStorage: secrets.backend,
    mode: settings.get().mode,
  });

  let window: BrowserWindow | null = null;
  let customer: BrowserWindow | null = null;
  const preloadPath = join(import.meta.dirname, '../preload/index.js');
  // The customer display follows the screens: opens on a second one, closes when it leaves.
  const customerDisplay = createCustomerDisplayManager({
    screen,
    open(display) {
      const opened = new BrowserWindow(customerWindowOptions({ preloadPath, display }));
      opened.loadURL(CUSTOMER_DISPLAY_URL).catch((error: unknown) => {
        logger.error('shell: the customer display did not load', error);
      });
      if (
        !placeCustomerWindow(opened, display, process.platform, (bounds) => screen.getDisplayMatching(bounds))
      ) {
        logger.warn('shell: the customer display did not land on its screen; closed', {
          display: display.id,
        });
        opened.destroy();
        return null;
      }
      customer = opened;
      return {
        displayId: display.id,
        close: () => opened.destroy(),
        isDestroyed: () => opened.isDestroyed(),
      };
    },
    onChanged(state) {
      core?.events.publish('display.window-changed', { state });
    },
  });
  let core: TillCore | null = null;
  core = await createTillCore({
    host: 'electron',
    appName: app.getName(),
    version: app.getVersion(),
    dataDir,
    settings,
    secrets,
    logger,
    customerWindow: customerDisplay,
  });
  const till = core;

  registerIpc(
    ipcMain,
    till.dispatch,
    ownFrameCheck(() => window?.webContents ?? null),
    (method, url) => logger.warn('shell: IPC call from a foreign frame refused', { method, url }),
  );
  till.events.subscribe((event, payload) => {
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
    mainWindowOptions({ preloadPath, kiosk: settings.get().kiosk, devTools: !app.isPackaged }),
  );
  window.once('ready-to-show', () => window?.show());
  // A renderer that dies is reloaded with the cart kept; one that keeps dying gets the recovery page.
  const crashes = createCrashPolicy();
  window.webContents.on('render-process-gone', (_event, details) => {
    const action = crashes.onGone(details.reason);
    logger.error('shell: renderer gone', { ...details, action: action.kind });
    if (action.kind === 'ignore' || !window || window.isDestroyed()) return;
    window
      .loadURL(action.url)
      .catch((error: unknown) => logger.error('shell: reload after a crash failed', error));
  });
  window.webContents.on('will-navigate', (_event, url) => {
    if (url === RECOVERED_URL) crashes.reset();
  });
  window.on('closed', () => customerDisplay.closeAll());

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    void till.close().then(() => app.quit());
  });

  await window.loadURL(APP_INDEX_URL);
  customerDisplay.start();
}

import type { BrowserWindowConstructorOptions } from 'electron';

export interface MainWindowSettings {
  preloadPath: string;
  /** Full screen without window controls (counter PCs): the `kiosk` setting. */
  kiosk: boolean;
  /** Developer tools only in unpackaged builds. */
  devTools: boolean;
}

/** The window per Electron's security checklist: isolated, sandboxed, no Node in the page. */
export function mainWindowOptions(settings: MainWindowSettings): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    kiosk: settings.kiosk,
    fullscreen: settings.kiosk,
    autoHideMenuBar: true,
    backgroundColor: '#f4f5f7',
    title: '收銀台 Till',
    webPreferences: {
      preload: settings.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: settings.devTools,
    },
  };
}

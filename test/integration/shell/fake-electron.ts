import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { vi } from 'vitest';

/*
 * A stand-in for the `electron` module: enough of app, BrowserWindow, ipcMain, safeStorage,
 * session, protocol and dialog for the entry's glue to run in plain Node. The Electron binary
 * never runs here; what the glue asks of Electron is recorded for the tests to check.
 */

export interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
  parent: FakeFrame | null;
}

type BeforeRequest = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;
type HeadersReceived = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders: Record<string, string[]> }) => void,
) => void;
type PermissionRequest = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
type PermissionCheck = (...args: unknown[]) => boolean;

interface FakeWebRequest {
  beforeRequest: BeforeRequest | null;
  headersReceived: HeadersReceived | null;
  onBeforeRequest(listener: BeforeRequest): void;
  onHeadersReceived(listener: HeadersReceived): void;
}

interface FakeSession {
  webRequest: FakeWebRequest;
  permissionRequest: PermissionRequest | null;
  permissionCheck: PermissionCheck | null;
  devicePermission: PermissionCheck | null;
  setPermissionRequestHandler(handler: PermissionRequest): void;
  setPermissionCheckHandler(handler: PermissionCheck): void;
  setDevicePermissionHandler(handler: PermissionCheck): void;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly mainFrame: FakeFrame = { url: '', processId: 7, routingId: this.id, parent: null };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly send = vi.fn();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** What Electron does when the page tries to navigate: emits, then goes only if not prevented. */
  attemptNavigation(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true), url }, url);
    return !prevented;
  }
}

export interface FakeElectronOptions {
  singleInstance?: boolean;
  encryption?: 'os' | 'basic_text' | 'none';
  /** The renderer fails to load (e.g. a broken build). */
  failLoad?: boolean;
  /** How many screens (default 1); the first is the primary (the cashier's). */
  displays?: number;
  /** The user-data folder Electron answers (default: a new temp folder). */
  userData?: string;
  /** The machine-wide one-till record this PC keeps (default: one of its own in the temp folder). */
  claimFile?: string;
  /**
   * Where the window manager really puts a window, given the bounds asked for: the default keeps
   * them; Wayland, for instance, ignores x/y and puts every new window on the primary screen.
   */
  compositor?: (asked: Rectangle) => Rectangle;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function createFakeElectron(options: FakeElectronOptions = {}) {
  const userData = options.userData ?? mkdtempSync(join(tmpdir(), 'till-fake-electron-'));
  const compositor = options.compositor ?? ((asked: Rectangle) => asked);
  // The one-till-per-PC record (shell/machine-claim.ts) of this stand-in's "PC", never the real
  // machine's folder: each test file is a PC of its own unless it names a shared record.
  process.env.TILL_MACHINE_CLAIM =
    options.claimFile ?? join(userData, '..', `${basename(userData)}-machine`, 'till-owner.json');
  const appEvents = new EventEmitter();
  const windows: FakeBrowserWindow[] = [];
  const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
  const calls: string[] = [];

  const app = Object.assign(appEvents, {
    isPackaged: true,
    requestSingleInstanceLock: vi.fn(() => options.singleInstance ?? true),
    releaseSingleInstanceLock: vi.fn(),
    commandLine: { appendSwitch: vi.fn() },
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(() => calls.push('enableSandbox')),
    whenReady: vi.fn(async () => {
      calls.push('ready');
    }),
    getPath: vi.fn((name: string) => {
      if (name !== 'userData') throw new Error(`unexpected path ${name}`);
      return userData;
    }),
    getName: () => 'Till',
    getVersion: () => '0.1.0',
  });

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    kiosk: boolean;
    readonly loadURL = vi.fn(async (url: string) => {
      if (options.failLoad) throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`);
      this.webContents.mainFrame.url = url;
    });
    readonly loadFile = vi.fn();
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    readonly showInactive = vi.fn();
    destroyed = false;
    readonly destroy = vi.fn(() => {
      if (this.destroyed) return;
      this.destroyed = true;
      this.emit('closed');
      if (windows.every((window) => window.destroyed)) appEvents.emit('window-all-closed');
    });
    bounds: Rectangle;
    readonly setBounds = vi.fn((asked: Rectangle) => {
      this.bounds = compositor(asked);
    });
    getBounds = () => this.bounds;
    readonly setFullScreen = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      this.kiosk = Boolean(options.kiosk);
      const { x = 0, y = 0, width = 800, height = 600 } = options as Partial<Rectangle>;
      this.bounds = compositor({ x, y, width, height });
      windows.push(this);
      // Electron announces every new WebContents on the app.
      appEvents.emit('web-contents-created', {}, this.webContents);
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => false;
    isKiosk = () => this.kiosk;
    setKiosk = vi.fn((value: boolean) => {
      this.kiosk = value;
    });
  }

  // The OS key store of the stand-in: AES-256-GCM under a key that never touches the disk.
  const osKey = createHash('sha256').update(randomBytes(32)).digest();
  // Only Electron 45's asynchronous calls: the deprecated synchronous ones throw if the glue uses them.
  const deprecated = (name: string) =>
    vi.fn(() => {
      throw new Error(`deprecated safeStorage.${name} called`);
    });
  const safeStorage = {
    isEncryptionAvailable: deprecated('isEncryptionAvailable'),
    encryptString: deprecated('encryptString'),
    decryptString: deprecated('decryptString'),
    isAsyncEncryptionAvailable: vi.fn(async () => options.encryption !== 'none'),
    getSelectedStorageBackend: vi.fn(() =>
      options.encryption === 'basic_text' ? 'basic_text' : 'gnome_libsecret',
    ),
    encryptStringAsync: vi.fn(async (text: string) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', osKey, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    }),
    decryptStringAsync: vi.fn(async (data: Buffer) => {
      const decipher = createDecipheriv('aes-256-gcm', osKey, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      const result = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
      return { result, shouldReEncrypt: false };
    }),
  };

  const webRequest: FakeWebRequest = {
    beforeRequest: null,
    headersReceived: null,
    onBeforeRequest(listener) {
      webRequest.beforeRequest = listener;
    },
    onHeadersReceived(listener) {
      webRequest.headersReceived = listener;
    },
  };
  const defaultSession: FakeSession = {
    webRequest,
    permissionRequest: null,
    permissionCheck: null,
    devicePermission: null,
    setPermissionRequestHandler(handler) {
      defaultSession.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler) {
      defaultSession.permissionCheck = handler;
    },
    setDevicePermissionHandler(handler) {
      defaultSession.devicePermission = handler;
    },
  };

  // The screens: the first is the primary (the cashier's); tests plug and unplug the others.
  const displayAt = (i: number) => ({
    id: 100 + i,
    bounds: { x: i * 1920, y: 0, width: i === 0 ? 1920 : 1024, height: i === 0 ? 1080 : 600 },
  });
  let displays = Array.from({ length: options.displays ?? 1 }, (_, i) => displayAt(i));
  const screenEvents = new EventEmitter();
  const screen = Object.assign(screenEvents, {
    getAllDisplays: vi.fn(() => displays),
    getPrimaryDisplay: vi.fn(() => displays[0]!),
    /** The display a rectangle lies on most (Electron's rule), the primary when on none. */
    getDisplayMatching: vi.fn((rect: Rectangle) => {
      const overlap = (d: (typeof displays)[number]) =>
        Math.max(
          0,
          Math.min(rect.x + rect.width, d.bounds.x + d.bounds.width) - Math.max(rect.x, d.bounds.x),
        ) *
        Math.max(
          0,
          Math.min(rect.y + rect.height, d.bounds.y + d.bounds.height) - Math.max(rect.y, d.bounds.y),
        );
      return [...displays].sort((a, b) => overlap(b) - overlap(a))[0]!;
    }),
    /** A test plugs in a screen (index i) or pulls one out, as the OS would report it. */
    plug(i: number) {
      const display = displayAt(i);
      displays = [...displays, display];
      screenEvents.emit('display-added', {}, display);
    },
    unplug(id: number) {
      const display = displays.find((d) => d.id === id)!;
      displays = displays.filter((d) => d.id !== id);
      screenEvents.emit('display-removed', {}, display);
    },
  });

  // The application menu: what the glue sets is kept for the tests to read.
  const Menu = {
    current: undefined as unknown,
    buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
    setApplicationMenu: vi.fn((menu: unknown) => {
      Menu.current = menu;
    }),
  };

  const protocol = {
    registerSchemesAsPrivileged: vi.fn(() => calls.push('registerSchemesAsPrivileged')),
    handle: vi.fn(),
  };

  const ipcMain = {
    handle: vi.fn((channel: string, handler: (event: unknown, payload: unknown) => unknown) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    }),
  };

  return {
    userData,
    windows,
    handlers,
    calls,
    module: {
      app,
      BrowserWindow: FakeBrowserWindow,
      ipcMain,
      safeStorage,
      session: { defaultSession },
      protocol,
      dialog: { showErrorBox: vi.fn() },
      screen,
      Menu,
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

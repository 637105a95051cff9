import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { methodNames } from '../../../src/shared/ipc/contract';
import { filesUnder } from '../../support/files-under';
import { invokeTill, quitEntry, startEntry } from './entry';
import type { FakeElectron, FakeFrame } from './fake-electron';
import { FakeWebContents } from './fake-electron';

// The entry runs against the stand-in. electron-store (loaded by Node itself, not through vitest)
// imports the real `electron` package, whose index.js would try to download the binary: the
// override makes it return a path instead. Electron never runs.
const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  state.fake = createFakeElectron();
  return { ...state.fake.module, default: state.fake.module };
});

const API_KEY = 'AK-live-7f3c9e21b04d4a6f';
const SIGNING_SECRET = 'SS-live-0b9a8c7d6e5f4a3b2c1d';
const QR_KEY = '0123456789ABCDEF0123456789ABCDEF';

describe('the Electron entry with a stand-in for electron', () => {
  let fake: FakeElectron;
  const window = () => fake.windows[0]!;
  const invoke = (method: string, payload: unknown, event?: unknown) =>
    invokeTill(fake, method, payload, event);

  beforeAll(async () => {
    fake = await startEntry(state);
  });
  afterAll(() => quitEntry(fake));

  it('registers the app scheme and enables the sandbox before the app is ready, under a single-instance lock', () => {
    expect(fake.module.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(fake.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(fake.calls.indexOf('ready'));
    expect(fake.calls.indexOf('enableSandbox')).toBeLessThan(fake.calls.indexOf('ready'));
    expect(fake.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(fake.module.app.quit).not.toHaveBeenCalled();
  });

  it('opens one window: isolated, sandboxed, no Node, no devtools when packaged, not kiosk by default, loading app://till/', () => {
    expect(fake.windows).toHaveLength(1);
    const { webPreferences, kiosk } = window().options as {
      webPreferences: Record<string, unknown>;
      kiosk: boolean;
    };
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      devTools: false, // a packaged build has no developer tools
    });
    expect(String(webPreferences.preload)).toMatch(/preload[/\\]index\.js$/);
    expect(kiosk).toBe(false);
    expect(window().loadURL).toHaveBeenCalledWith('app://till/index.html');
  });

  it("has no application menu: Electron's default keys (Ctrl+W, Ctrl+R, Ctrl+Q, F11, zoom) are gone", () => {
    expect(fake.module.Menu.setApplicationMenu).toHaveBeenCalledWith(null);
    expect(fake.module.Menu.current).toBeNull();
    // Set once the app is ready, before the till's window exists.
    const menuAt = fake.module.Menu.setApplicationMenu.mock.invocationCallOrder[0]!;
    const windowLoadAt = window().loadURL.mock.invocationCallOrder[0]!;
    expect(menuAt).toBeLessThan(windowLoadAt);
  });

  it('reloads a crashed renderer with the cart kept and says so; repeated crashes get the recovery page', async () => {
    const contents = window().webContents;
    window().loadURL.mockClear();
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(window().loadURL).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(window().loadURL.mock.calls.map((call) => call[0])).toEqual([
      'app://till/index.html?recovered=1',
      'app://till/index.html?recovered=1',
      'app://till/index.html?recovered=1',
    ]);
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(window().loadURL).toHaveBeenLastCalledWith('app://till/recovery.html');
    // The recovery page is the shell's own, bilingual, with the log's path and a way back.
    const handler = fake.module.protocol.handle.mock.calls[0]![1] as (request: Request) => Promise<Response>;
    const page = await handler(new Request('app://till/recovery.html'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('收銀畫面連續停止回應');
    expect(html).toContain('stopped responding');
    expect(html).toContain(join(fake.userData, 'logs', 'till.log'));
    expect(html).toContain('href="app://till/index.html?recovered=1"');
    // Its link back is the one navigation allowed; any other stays denied.
    expect(contents.attemptNavigation('will-navigate', 'app://till/index.html?recovered=1')).toBe(true);
    expect(contents.attemptNavigation('will-navigate', 'app://till/elsewhere.html')).toBe(false);
    // …and going back starts the count over: the next crash reloads again.
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(window().loadURL).toHaveBeenLastCalledWith('app://till/index.html?recovered=1');
    const log = readFileSync(join(fake.userData, 'logs', 'till.log'), 'utf8');
    expect(log).toMatch(/renderer gone .*recovery-page/);
  });

  it('serves the renderer on app://till/ with the CSP header', async () => {
    expect(fake.module.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const handler = fake.module.protocol.handle.mock.calls[0]![1] as (request: Request) => Promise<Response>;
    const response = await handler(new Request('app://till/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<div id="root">');
    expect((await handler(new Request('app://till/..%2f..%2fpackage.json'))).status).not.toBe(200);
  });

  it('sets the CSP on every response the session sees, replacing a looser one', () => {
    let headers: Record<string, string[]> = {};
    fake.module.session.defaultSession.webRequest.headersReceived!(
      {
        url: 'app://till/index.html',
        responseHeaders: { 'content-security-policy': ['default-src *'], 'content-type': ['text/html'] },
      },
      (response) => (headers = response.responseHeaders),
    );
    expect(headers['Content-Security-Policy']![0]).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['content-type']).toEqual(['text/html']);
  });

  it('blocks every request that is not for the app itself', () => {
    const cancelled = (url: string) => {
      let cancel: boolean | undefined;
      fake.module.session.defaultSession.webRequest.beforeRequest!(
        { url },
        (response) => (cancel = response.cancel),
      );
      return cancel;
    };
    expect(cancelled('app://till/assets/index.js')).toBe(false);
    expect(cancelled('https://cdn.example.com/lib.js')).toBe(true);
    expect(cancelled('http://127.0.0.1:8080/')).toBe(true);
    expect(cancelled('file:///etc/passwd')).toBe(true);
    expect(cancelled('ws://localhost:5173/')).toBe(true);
  });

  it('denies every permission request and check', () => {
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid', 'serial']) {
      fake.module.session.defaultSession.permissionRequest!(window().webContents, permission, (ok) =>
        granted.push(ok),
      );
    }
    expect(granted).toEqual([false, false, false, false, false, false]);
    expect(fake.module.session.defaultSession.permissionCheck!(null, 'media')).toBe(false);
    expect(fake.module.session.defaultSession.devicePermission!({ deviceType: 'usb' })).toBe(false);
  });

  it('denies navigation, redirects, webviews and window.open in the window and in any later WebContents', () => {
    const later = new FakeWebContents();
    fake.module.app.emit('web-contents-created', {}, later);
    for (const contents of [window().webContents, later]) {
      expect(contents.attemptNavigation('will-navigate', 'https://evil.example/')).toBe(false);
      expect(contents.attemptNavigation('will-frame-navigate', 'file:///etc/passwd')).toBe(false);
      expect(contents.attemptNavigation('will-redirect', 'https://evil.example/')).toBe(false);
      expect(contents.attemptNavigation('will-attach-webview', 'https://evil.example/')).toBe(false);
      expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    }
  });

  it('registers every contract method with ipcMain.handle', () => {
    expect(methodNames.length).toBeGreaterThan(0);
    for (const method of methodNames) expect(fake.handlers.has(`till:${method}`), method).toBe(true);
    expect(fake.handlers.size).toBe(methodNames.length);
  });

  it("answers the app's own top frame and refuses a foreign WebContents, a subframe and a page not of the app", async () => {
    expect(await invoke('app.status', {})).toMatchObject({ ok: true, value: { host: 'electron' } });
    const main = window().webContents.mainFrame;
    const other = new FakeWebContents();
    other.mainFrame.url = 'app://till/index.html';
    const subframe: FakeFrame = {
      url: 'app://till/index.html',
      processId: main.processId,
      routingId: 999,
      parent: main,
    };
    const foreign = [
      { sender: other, senderFrame: other.mainFrame },
      { sender: window().webContents, senderFrame: subframe },
      { sender: window().webContents, senderFrame: { ...main, url: 'file:///home/user/index.html' } },
      { sender: window().webContents, senderFrame: { ...main, url: 'https://evil.example/' } },
      { sender: window().webContents, senderFrame: null },
    ];
    for (const event of foreign) {
      for (const method of ['app.status', 'settings.get', 'settings.update']) {
        const result = await invoke(method, {}, event);
        expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
  });

  it('answers a malformed payload for every method with invalid-input, changing nothing', async () => {
    const settingsFile = join(fake.userData, 'settings.json');
    const before = readFileSync(settingsFile);
    for (const method of methodNames) {
      const result = await invoke(method, 42);
      expect(result.ok, method).toBe(false);
      expect(result.error.code, method).toBe('invalid-input');
      expect(result.error.message.zh, method).toContain('資料格式不正確');
    }
    const bad = await invoke('settings.update', { patch: { tillId: 'not a till id' } });
    expect(bad.error.code).toBe('invalid-input');
    expect(readFileSync(settingsFile)).toEqual(before);
  });

  it('keeps settings in electron-store (settings.json) with its migration record', () => {
    const file = JSON.parse(readFileSync(join(fake.userData, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ mode: 'training', tillId: 'T01', kiosk: false, firstRunDone: false });
    expect(file.__internal__.migrations.version).toBe('2.0.0');
  });

  it('stores secrets through safeStorage only: never in a file, a log line or the settings view', async () => {
    const get = await invoke('settings.get', {});
    expect(get.value).toMatchObject({ secureStorage: 'os', secureStorageNotice: null });

    const updated = await invoke('settings.update', {
      secrets: { apiKey: API_KEY, signingSecret: SIGNING_SECRET, qrAesKey: QR_KEY },
    });
    expect(updated.ok).toBe(true);
    expect(updated.value.secrets).toEqual({
      apiKey: { set: true },
      signingSecret: { set: true },
      qrAesKey: { set: true },
      supervisorPin: { set: false },
    });
    expect(fake.module.safeStorage.encryptStringAsync).toHaveBeenCalledWith(API_KEY);
    // Electron 45 deprecates the synchronous calls: the till makes none (the stand-in's throw).
    for (const name of ['encryptString', 'decryptString', 'isEncryptionAvailable'] as const)
      expect(fake.module.safeStorage[name]).not.toHaveBeenCalled();

    // A page trying to send the key somewhere gets blocked, and the log line names the URL redacted.
    fake.module.session.defaultSession.webRequest.beforeRequest!(
      { url: `https://evil.example/?k=${API_KEY}` },
      () => {},
    );

    const view = JSON.stringify((await invoke('settings.get', {})).value);
    const stored = JSON.parse(readFileSync(join(fake.userData, 'secrets.json'), 'utf8'));
    // The journal's chain key (made at the first start) is a secret of the same kind.
    expect(Object.keys(stored).sort()).toEqual(['apiKey', 'journalChainKey', 'qrAesKey', 'signingSecret']);
    expect(stored.apiKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(stored.journalChainKey).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const log = readFileSync(join(fake.userData, 'logs', 'till.log'), 'utf8');
    expect(log).toContain('request blocked');
    expect(log).toContain('[redacted]');
    for (const secret of [API_KEY, SIGNING_SECRET, QR_KEY]) {
      expect(view).not.toContain(secret);
      for (const file of filesUnder(fake.userData)) {
        expect(readFileSync(file).includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
      }
    }
  });

  it('applies the kiosk setting at once and pushes the new status to the window', async () => {
    window().webContents.send.mockClear();
    const result = await invoke('settings.update', { patch: { kiosk: true } });
    expect(result.ok).toBe(true);
    expect(window().setKiosk).toHaveBeenCalledWith(true);
    expect(window().webContents.send).toHaveBeenCalledWith(
      'till:event:app.status-changed',
      expect.objectContaining({ host: 'electron', tillId: 'T01' }),
    );
  });

  it('writes its log to logs/till.log in the user-data folder', () => {
    const log = readFileSync(join(fake.userData, 'logs', 'till.log'), 'utf8');
    expect(log).toMatch(/^\S+Z INFO shell: starting \{.*"secureStorage":"os"/m);
  });
});

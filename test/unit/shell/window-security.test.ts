import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_INDEX_URL, isAppUrl } from '../../../src/main/shell/app-origin';
import {
  CONTENT_SECURITY_POLICY,
  META_POLICY_DIRECTIVES,
  withSecurityHeaders,
} from '../../../src/main/shell/csp';
import { hardenWebContents, type GuardableContents } from '../../../src/main/shell/navigation-guard';
import { denyAllPermissions } from '../../../src/main/shell/permissions';
import { isAllowedRequest } from '../../../src/main/shell/request-filter';
import { secureSession } from '../../../src/main/shell/session-security';
import { mainWindowOptions } from '../../../src/main/shell/window-options';

const projectRoot = join(import.meta.dirname, '../../..');

describe('window options', () => {
  it('follow the security checklist whatever the kiosk setting', () => {
    for (const kiosk of [false, true]) {
      const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.js', kiosk, devTools: false });
      expect(options.webPreferences).toMatchObject({
        preload: '/app/out/preload/index.js',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        experimentalFeatures: false,
        navigateOnDragDrop: false,
        devTools: false,
      });
      expect(options.kiosk).toBe(kiosk);
      expect(options.fullscreen).toBe(kiosk);
      expect(options.show).toBe(false); // shown on ready-to-show: no white flash
    }
  });
});

describe('Content-Security-Policy', () => {
  it('repeats the meta tag of the renderer exactly, plus frame-src none', () => {
    const html = readFileSync(join(projectRoot, 'src/renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean);
    expect(directives(meta!)).toEqual([...META_POLICY_DIRECTIVES]);
    expect(directives(CONTENT_SECURITY_POLICY)).toEqual([...META_POLICY_DIRECTIVES, "frame-src 'none'"]);
  });

  it('allows no remote source, no eval, no inline script, no plugin, no framing', () => {
    const policy = CONTENT_SECURITY_POLICY;
    expect(policy).not.toMatch(/https?:|\*|'unsafe-eval'/);
    expect(/script-src ([^;]*)/.exec(policy)![1]).toBe("'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
  });

  it('replaces whatever policy a response carried, in any letter case', () => {
    const headers = withSecurityHeaders({
      'Content-Security-Policy': "default-src *; script-src 'unsafe-eval'",
      'content-security-policy-report-only': ['default-src *'],
      'X-Content-Type-Options': 'sniff',
      'Content-Type': 'text/html',
    });
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      'X-Content-Type-Options': ['nosniff'],
    });
    expect(withSecurityHeaders(undefined)['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
});

describe('the app origin and the request filter', () => {
  it('knows only app://till/ as the app', () => {
    expect(isAppUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl('app://till/assets/index-abc.js')).toBe(true);
    for (const url of [
      'app://till.evil.example/',
      'app://evil/',
      'app://user:pw@till/',
      'app://till:8080/',
      'file:///opt/till/out/renderer/index.html',
      'https://till/',
      'not a url',
      '',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('lets the page load its own files and data it made, and nothing remote', () => {
    for (const url of [
      'app://till/index.html',
      'app://till/assets/a.css',
      'data:image/png;base64,AAAA',
      'blob:app://till/0f1e',
    ]) {
      expect(isAllowedRequest(url), url).toBe(true);
    }
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:3000/',
      'ws://localhost/',
      'file:///etc/passwd',
      'blob:https://evil.example/1',
      'ftp://x/',
      'app://other/',
    ]) {
      expect(isAllowedRequest(url), url).toBe(false);
    }
  });
});

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  tryEvent(name: string, url: string): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, url);
    return !prevented;
  }
}

describe('navigation guard', () => {
  it('denies navigation, frame navigation, redirects, webviews and window.open, and logs each', () => {
    const contents = new FakeContents();
    const log = { warn: vi.fn() };
    hardenWebContents(contents as unknown as GuardableContents, log);
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(contents.tryEvent(event, 'https://evil.example/'), event).toBe(false);
    }
    // Even a URL of the app itself: the renderer is a single page and never navigates.
    expect(contents.tryEvent('will-navigate', 'app://till/index.html')).toBe(false);
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'app://till/index.html' })).toEqual({ action: 'deny' });
    expect(log.warn).toHaveBeenCalledWith('shell: navigation denied', { url: 'https://evil.example/' });
    expect(log.warn).toHaveBeenCalledTimes(7);
  });
});

describe('session rules', () => {
  type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
  type CheckHandler = (...args: unknown[]) => boolean;
  type BeforeRequest = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;
  type HeadersReceived = (
    details: { responseHeaders?: Record<string, string[]> },
    callback: (response: { responseHeaders: Record<string, string[]> }) => void,
  ) => void;

  function fakeSession() {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      webRequest: { onBeforeRequest: vi.fn(), onHeadersReceived: vi.fn() },
    };
    const first = <F>(mock: ReturnType<typeof vi.fn>) => mock.mock.calls[0]![0] as F;
    return {
      session,
      request: () => first<RequestHandler>(session.setPermissionRequestHandler),
      check: () => first<CheckHandler>(session.setPermissionCheckHandler),
      device: () => first<CheckHandler>(session.setDevicePermissionHandler),
      before: () => first<BeforeRequest>(session.webRequest.onBeforeRequest),
      headers: () => first<HeadersReceived>(session.webRequest.onHeadersReceived),
    };
  }

  it('denies every permission', () => {
    const fake = fakeSession();
    denyAllPermissions(fake.session as never);
    const answers: boolean[] = [];
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'pointerLock',
      'openExternal',
    ]) {
      fake.request()({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual(Array(6).fill(false));
    expect(fake.check()({}, 'media', 'app://till')).toBe(false);
    expect(fake.device()({ deviceType: 'hid' })).toBe(false);
  });

  it('cancels foreign requests and puts the CSP on responses', () => {
    const fake = fakeSession();
    const log = { warn: vi.fn() };
    secureSession(fake.session as never, log);
    const decisions: boolean[] = [];
    fake.before()({ url: 'https://evil.example/x.js' }, (r) => decisions.push(r.cancel));
    fake.before()({ url: 'app://till/x.js' }, (r) => decisions.push(r.cancel));
    expect(decisions).toEqual([true, false]);
    expect(log.warn).toHaveBeenCalledWith('shell: request blocked', { url: 'https://evil.example/x.js' });
    let headers: Record<string, string[]> = {};
    fake.headers()({ responseHeaders: {} }, (r) => (headers = r.responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
});

import type { CustomScheme } from 'electron';

/**
 * The renderer's own origin: `app://till/`, served from the app's files by the app protocol.
 * A real origin (unlike file://) lets 'self' in the CSP mean "the app and nothing else".
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'till';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registered before the app is ready: standard (relative URLs, 'self') and secure (like https).
 * corsEnabled stays off: the page loads only same-origin files, and with it on, other origins
 * could read the app's responses without any Access-Control-Allow-Origin check.
 */
export const appSchemePrivileges: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** Whether a URL is one of the app's own pages or files (`app://till/...`), exactly. */
export function isAppUrl(url: string): boolean {
  if (typeof url !== 'string' || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password
  );
}

import { isAppUrl } from './app-origin';

/**
 * No remote content: the page may load the app's own files and inline data it made itself, and
 * nothing else. The till talks to the e-invoice service from the main process, never the page.
 */
export function isAllowedRequest(url: string): boolean {
  if (isAppUrl(url)) return true;
  if (url.startsWith('data:')) return true;
  if (url.startsWith('blob:')) return isAppUrl(url.slice('blob:'.length));
  // The developer tools of an unpackaged build load their own UI.
  if (url.startsWith('devtools://')) return true;
  return false;
}

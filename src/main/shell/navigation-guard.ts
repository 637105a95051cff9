import type { WebContents } from 'electron';
import type { Logger } from '../core/logger';

/** The part of WebContents the guard uses (an EventEmitter in tests). */
export type GuardableContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

/**
 * The page may not go anywhere: no navigation away (links, redirects, form posts, a script
 * setting location), no new windows, no <webview>. Attached to every WebContents the app creates.
 */
export function hardenWebContents(
  contents: GuardableContents,
  log?: Pick<Logger, 'warn'>,
  /** The one navigation the shell itself offers: the recovery page's way back to the till. */
  allowNavigation: (url: string) => boolean = () => false,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    log?.warn('shell: window.open denied', { url });
    return { action: 'deny' };
  });
  const deny =
    (what: string) =>
    (event: { preventDefault(): void; url?: string }, url?: unknown): void => {
      event.preventDefault();
      log?.warn(`shell: ${what} denied`, { url: typeof url === 'string' ? url : event.url });
    };
  const denyNavigation = deny('navigation');
  contents.on('will-navigate', (event: { preventDefault(): void; url?: string }, url?: unknown) => {
    const target = typeof url === 'string' ? url : event.url;
    if (typeof target === 'string' && allowNavigation(target)) return;
    denyNavigation(event, url);
  });
  contents.on('will-frame-navigate', deny('frame navigation'));
  contents.on('will-redirect', deny('redirect'));
  contents.on('will-attach-webview', deny('webview'));
}

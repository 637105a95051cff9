import type { Session } from 'electron';
import type { Logger } from '../core/logger';
import { withSecurityHeaders } from './csp';
import { denyAllPermissions, type PermissionSession } from './permissions';
import { isAllowedRequest } from './request-filter';

export type SecurableSession = PermissionSession & {
  webRequest: Pick<Session['webRequest'], 'onBeforeRequest' | 'onHeadersReceived'>;
};

/** The session's rules: only the app's own requests, the CSP on every response, no permissions. */
export function secureSession(session: SecurableSession, log?: Pick<Logger, 'warn'>): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details.url);
    if (!allowed) log?.warn('shell: request blocked', { url: details.url });
    callback({ cancel: !allowed });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) });
  });
  denyAllPermissions(session, log);
}

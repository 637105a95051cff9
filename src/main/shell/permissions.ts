import type { Session } from 'electron';
import type { Logger } from '../core/logger';

export type PermissionSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/**
 * A till page needs no camera, microphone, notifications, geolocation, clipboard reading, HID,
 * serial or USB: the printer and the scanner are reached by the main process or as a keyboard.
 */
export function denyAllPermissions(session: PermissionSession, log?: Pick<Logger, 'warn'>): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log?.warn('shell: permission request denied', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

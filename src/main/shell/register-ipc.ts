import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { ipcMethodChannel } from '../../shared/ipc/bridge';
import { methodNames, type MethodName } from '../../shared/ipc/contract';
import type { Dispatch } from '../core/dispatch';
import { isAppUrl } from './app-origin';

/** The parts of an invoke event the sender check reads (a plain object in tests). */
export type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

/**
 * Registers every contract method with ipcMain.handle. A call is answered only when it comes
 * from the app's own window and its top frame; anything else gets `forbidden` and no handler runs.
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  dispatch: Dispatch,
  isOwnFrame: (event: SenderEvent) => boolean,
  onRefused?: (method: MethodName, url: string | null) => void,
): void {
  for (const method of methodNames) {
    ipcMain.handle(ipcMethodChannel(method), (event, payload: unknown) => {
      if (!isOwnFrame(event)) {
        onRefused?.(method, frameUrl(event));
        return {
          ok: false,
          error: {
            code: 'forbidden',
            message: { zh: '來源不明的要求已拒絕', en: 'Request from an unknown frame refused' },
          },
        };
      }
      return dispatch(method, payload, { host: 'electron' });
    });
  }
}

/**
 * The sender check: the main window's own WebContents, its top frame (not an iframe), showing a
 * page of the app's own origin (not a file:// page or anything a navigation might have loaded).
 */
export function ownFrameCheck(
  getWindowContents: () => WebContents | null,
  isAppPage: (url: string) => boolean = isAppUrl,
) {
  return (event: SenderEvent): boolean => {
    const contents = getWindowContents();
    if (!contents || event.sender !== contents) return false;
    const frame = event.senderFrame;
    const main = contents.mainFrame;
    if (!frame || !main || frame.parent !== null) return false;
    const sameFrame =
      frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
    return sameFrame && isAppPage(frame.url);
  };
}

function frameUrl(event: SenderEvent): string | null {
  try {
    return event.senderFrame?.url ?? null;
  } catch {
    return null; // a destroyed frame throws on access
  }
}

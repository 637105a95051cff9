import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { ipcMethodChannel } from '../../shared/ipc/bridge';
import { methodNames } from '../../shared/ipc/contract';
import type { Dispatch } from '../core/dispatch';

/**
 * Registers every contract method with ipcMain.handle. A call is answered only when it comes
 * from the app's own window and its top frame; anything else gets `forbidden` and no handler runs.
 */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, dispatch: Dispatch, isOwnFrame: (event: IpcMainInvokeEvent) => boolean): void {
  for (const method of methodNames) {
    ipcMain.handle(ipcMethodChannel(method), (event, payload: unknown) => {
      if (!isOwnFrame(event)) {
        return {
          ok: false,
          error: { code: 'forbidden', message: { zh: '來源不明的要求已拒絕', en: 'Request from an unknown frame refused' } },
        };
      }
      return dispatch(method, payload, { host: 'electron' });
    });
  }
}

/** The sender check: the main window's own top frame, loaded from the app's own files. */
export function ownFrameCheck(getWindowContents: () => WebContents | null, appOrigin: (url: string) => boolean) {
  return (event: IpcMainInvokeEvent): boolean => {
    const contents = getWindowContents();
    if (!contents || event.sender !== contents) return false;
    const frame = event.senderFrame;
    if (!frame || frame !== contents.mainFrame) return false;
    return appOrigin(frame.url);
  };
}

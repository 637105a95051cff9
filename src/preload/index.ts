import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ipcEventChannel, ipcMethodChannel, type TillBridge } from '../shared/ipc/bridge';
import { isEventName, isMethodName } from '../shared/ipc/contract';
import { unknownMethod } from '../shared/ipc/result';

/**
 * The renderer's only door to the main process: `window.till`, generated from the contract.
 * Unknown methods and events are refused here already; the main process checks again.
 */
const bridge: TillBridge = {
  call(method, input) {
    if (!isMethodName(method)) return Promise.resolve(unknownMethod(method));
    return ipcRenderer.invoke(ipcMethodChannel(method), input);
  },
  on(event, listener) {
    if (!isEventName(event)) return () => {};
    const channel = ipcEventChannel(event);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('till', bridge);
